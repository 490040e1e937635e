import { AUTORIZACOES_INTERCAMBIO_LIST, type AutorizacaoIntercambioRow } from '../../shared/intercambio';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import '../util/util.css';

type Row = AutorizacaoIntercambioRow & Record<string, unknown> & { situacaoCartao: string | null };

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    parceira: (r) => (
      <>
        {r.parceira}
        <small>Autorização {r.numero}</small>
      </>
    ),
    nome: (r) => (
      <>
        {r.nome}
        <small>{r.cartao ?? 'Sem cartão'}</small>
        {r.situacaoCartao === 'EXCLUIDO' && <small className="util-erro">Cartão excluído</small>}
      </>
    ),
    competencia: (r) => r.competencia ?? '—',
  },
};

/**
 * Autorizações de Intercâmbio: every partner's authorizations in both directions (the search view: direction, partner,
 * period, what is still to be billed, name, card, number), with the totals to charge and to pay of what is listed.
 */
export default function AutorizacoesIntercambioScreen({ command, search }: ScreenProps) {
  const header = (
    <p className="page-sub">
      Recebidas: beneficiários das operadoras parceiras atendidos na rede própria (valor da tabela do prestador, a cobrar da parceira). Enviadas: beneficiários próprios atendidos na rede
      da parceira (valor informado por ela, a pagar).
    </p>
  );
  return <ListScreen<Row> command={command} search={search} def={AUTORIZACOES_INTERCAMBIO_LIST} extras={{ ...extras, header }} />;
}

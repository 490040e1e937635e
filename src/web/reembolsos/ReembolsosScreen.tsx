import { useMemo } from 'react';
import { formatMoney } from '../../shared/money';
import { TELAS, type ReembolsoLinha, type Tela } from '../../shared/reembolsos';
import { FATURAMENTOS_REEMBOLSO_LIST, PROTOCOLOS_REEMBOLSO_LIST, REEMBOLSOS_LIST } from '../../shared/reembolsos/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { NovoReembolso } from './NovoReembolso';
import { Reembolso } from './Reembolso';
import './reembolsos.css';

type Linha = ReembolsoLinha & Record<string, unknown>;

const LISTA = { solicitacao: REEMBOLSOS_LIST, protocolo: PROTOCOLOS_REEMBOLSO_LIST, analise: FATURAMENTOS_REEMBOLSO_LIST } as const;
export const telaDe = (path: string): Tela => (Object.keys(TELAS) as Tela[]).find((k) => TELAS[k] === path) ?? 'solicitacao';

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Reembolso ${r.protocolo.slice(-6)}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: {
    protocolo: (r) => <span className="reb-protocolo">{r.protocolo}</span>,
    beneficiarioNome: (r) => (
      <>
        {r.beneficiarioNome}
        {r.carteirinha && <small>{r.carteirinha}</small>}
      </>
    ),
    procedimentoCodigo: (r) => (
      <span title={r.procedimentoDescricao}>
        {r.procedimentoCodigo}
        <small className="reb-proc">{r.procedimentoDescricao}</small>
      </span>
    ),
    // not analysed yet: nothing released to show
    valorLiberado: (r) => (r.valorLiberado == null ? <span className="reb-vazio">—</span> : formatMoney(r.valorLiberado)),
  },
};

/**
 * The three reimbursement screens on one component: the list of the command's own (the family's requests with "Novo
 * pedido"; the desk's queue; the analysis with totals), the request form (`?novo=1`, the requests' screen only) and
 * one request (`?id=`) with the steps of that screen.
 */
export default function ReembolsosScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const tela = telaDe(command.path);
  const id = Number(params.get('id')) || null;
  if (id) return <Reembolso key={`${tela}-${id}`} command={command} search={search} id={id} tela={tela} list={LISTA[tela]} />;
  if (params.has('novo') && tela === 'solicitacao') return <NovoReembolso command={command} />;
  return <ListScreen<Linha> command={command} search={search} def={LISTA[tela]} extras={extras} />;
}

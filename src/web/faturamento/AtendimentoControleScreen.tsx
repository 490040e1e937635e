import { isoToBr } from '../../shared/dates';
import { ATENDIMENTO_CONTROLE_LIST } from '../../shared/faturamento/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';

interface Linha extends Record<string, unknown> {
  id: number;
  numero: string;
  senha: string;
  prestadorNome: string;
  beneficiarioNome: string;
  numeroCarteira: string;
  dataAtendimento: string | null;
  protocolo: string | null;
}

const extras: ListScreenExtras<Linha> = {
  opens: false,
  cells: {
    numero: (r) => (
      <>
        {r.numero}
        <small>senha {r.senha}</small>
      </>
    ),
    beneficiarioNome: (r) => (
      <>
        {r.beneficiarioNome}
        <small>carteira {r.numeroCarteira}</small>
      </>
    ),
    dataAtendimento: (r) => (r.dataAtendimento ? isoToBr(r.dataAtendimento) : '—'),
    protocolo: (r) => r.protocolo ?? '—',
  },
};

/**
 * Controle de Atendimento: the authorized guides per provider and period of authorization, and what became of each —
 * not attended yet, attended and typed but not in a protocol, or billed (with the protocol and the value billed).
 */
export default function AtendimentoControleScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={ATENDIMENTO_CONTROLE_LIST} extras={extras} />;
}

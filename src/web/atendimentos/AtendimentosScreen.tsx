import { useMemo } from 'react';
import { formatDuracao, pessoaLabel, resultadoLabel, type AtendimentoLinha } from '../../shared/atendimentos';
import { ATENDIMENTOS_LIST } from '../../shared/atendimentos/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Atendimento } from './Atendimento';
import { NovoAtendimento } from './NovoAtendimento';
import './atendimentos.css';

type Linha = AtendimentoLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Atendimento ${r.protocolo}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: {
    protocolo: (r) => <span className="atd-protocolo">{r.protocolo}</span>,
    pessoaNome: (r) => (
      <>
        {r.pessoaNome}
        <small>
          {pessoaLabel(r.pessoaTipo)}
          {r.pessoaCodigo && ` · ${r.pessoaCodigo}`}
        </small>
      </>
    ),
    duracao: (r) => (r.duracao == null ? <span className="atd-mudo">em andamento</span> : formatDuracao(r.duracao)),
    atendenteNome: (r) => (
      <>
        {r.atendenteNome}
        {r.resultado && <small>{resultadoLabel(r.resultado)}</small>}
      </>
    ),
  },
};

/**
 * Atendimentos: the list (the definition ATENDIMENTOS_LIST on the generic list screen), the register form (`?novo=1`,
 * the list's "Novo atendimento") and one contact (`?id=`, a row opened with Enter or Ctrl+Enter).
 */
export default function AtendimentosScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <Atendimento key={id} command={command} search={search} id={id} />;
  if (params.has('novo')) return <NovoAtendimento command={command} />;
  return <ListScreen<Linha> command={command} search={search} def={ATENDIMENTOS_LIST} extras={extras} />;
}

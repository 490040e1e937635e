import { useMemo } from 'react';
import type { AdesaoLinha } from '../../shared/adesoes';
import { ADESOES_LIST } from '../../shared/adesoes/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Adesao } from './Adesao';
import { NovaAdesao } from './NovaAdesao';
import './adesoes.css';

type Linha = AdesaoLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Adesão ${r.nome}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: {
    protocolo: (r) => <span className="ade-protocolo">{r.protocolo}</span>,
    titularNome: (r) => (
      <>
        {r.titularNome}
        {r.titularCarteirinha && <small>{r.titularCarteirinha}</small>}
      </>
    ),
  },
};

/**
 * Adesão Dependente Familiar: the list (ADESOES_LIST: the operator's every request, the titular's own), the request
 * form (`?novo=1`, the list's "Nova solicitação") and one request (`?id=`, a row opened with Enter or Ctrl+Enter).
 */
export default function AdesoesScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <Adesao key={id} command={command} search={search} id={id} />;
  if (params.has('novo')) return <NovaAdesao command={command} />;
  return <ListScreen<Linha> command={command} search={search} def={ADESOES_LIST} extras={extras} />;
}

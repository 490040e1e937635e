import { useMemo } from 'react';
import { assuntoLabel, prazoTexto, type ManifestacaoLinha } from '../../shared/ouvidoria';
import { MANIFESTACOES_LIST } from '../../shared/ouvidoria/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Manifestacao } from './Manifestacao';
import './ouvidoria.css';

type Linha = ManifestacaoLinha & Record<string, unknown>;

/** The days left as words, late ones marked (the list is sorted by urgency: the deadline of those still due). */
export function Prazo({ dias }: { dias: number | null }) {
  return (
    <span className={`ouv-prazo${dias != null && dias < 0 ? ' atrasada' : ''}`} data-testid="dias-restantes">
      {dias == null ? 'Respondida' : prazoTexto(dias)}
    </span>
  );
}

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Manifestação ${r.protocolo}`,
  rowAttrs: (r) => ({ 'data-status': r.status, 'data-atrasada': r.atrasada ? 'sim' : undefined }),
  cells: {
    protocolo: (r) => <span className="ouv-protocolo">{r.protocolo}</span>,
    beneficiarioNome: (r) => (
      <>
        {r.beneficiarioNome}
        {r.carteirinha && <small>{r.carteirinha}</small>}
      </>
    ),
    assunto: (r) => assuntoLabel(r.assunto),
    diasRestantes: (r) => <Prazo dias={r.diasRestantes} />,
  },
};

/**
 * Acompanhar Manifestações: the list (MANIFESTACOES_LIST: the desk's every one, the family's own), most urgent first;
 * a row opens the manifestação in its tab (`?id=`, Enter or Ctrl+Enter for a new tab).
 */
export default function ManifestacoesScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <Manifestacao key={id} command={command} search={search} id={id} />;
  return <ListScreen<Linha> command={command} search={search} def={MANIFESTACOES_LIST} extras={extras} />;
}

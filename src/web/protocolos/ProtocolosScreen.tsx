import { useMemo } from 'react';
import { documentoLegivel, remetenteLabel, type ProtocoloLinha } from '../../shared/protocolos';
import { PROTOCOLOS_LIST } from '../../shared/protocolos/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { NovoProtocolo } from './NovoProtocolo';
import { Protocolo } from './Protocolo';
import './protocolos.css';

type Linha = ProtocoloLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Protocolo ${r.numero}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: {
    remetenteNome: (r) => (
      <>
        {r.remetenteNome}
        <small>
          {remetenteLabel(r.remetenteTipo)}
          {r.remetenteDocumento && (
            <>
              {' · '}
              <span className="prot-cpfcnpj">{documentoLegivel(r.remetenteDocumento)}</span>
            </>
          )}
        </small>
      </>
    ),
  },
};

/**
 * Protocolos de Documentos: the list (the definition PROTOCOLOS_LIST on the generic list screen), the register form
 * (`?novo=1`, the list's "Novo protocolo") and one protocol (`?id=`, a row opened with Enter or Ctrl+Enter).
 */
export default function ProtocolosScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <Protocolo key={id} command={command} search={search} id={id} />;
  if (params.has('novo')) return <NovoProtocolo command={command} />;
  return <ListScreen<Linha> command={command} search={search} def={PROTOCOLOS_LIST} extras={extras} />;
}

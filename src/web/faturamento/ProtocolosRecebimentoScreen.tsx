import type { ProtocoloRecebimentoLinha } from '../../shared/faturamento';
import { FATURAMENTOS_PRESTADORES_LIST, PROTOCOLOS_RECEBIMENTO_LIST } from '../../shared/faturamento/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { ProtocoloConta } from './ProtocoloConta';

type Linha = ProtocoloRecebimentoLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Protocolo ${r.numero}`,
  cells: {
    prestadorNome: (r) => (
      <>
        {r.prestadorNome}
        {r.prestadorCodigo && <small>Código {r.prestadorCodigo}</small>}
      </>
    ),
  },
};

/**
 * Protocolos de Recebimento de Prestadores and Faturamentos de Prestadores: the TISS lots received, each provider seeing only its own; a row opens
 * the protocol's bill (`?id=`): the operator reviews it, the provider reads it and downloads the demonstrativo.
 */
export default function ProtocolosRecebimentoScreen({ command, search }: ScreenProps) {
  const id = Number(new URLSearchParams(search).get('id')) || null;
  if (id) return <ProtocoloConta key={id} command={command} search={search} id={id} />;
  const def = command.path === FATURAMENTOS_PRESTADORES_LIST.command ? FATURAMENTOS_PRESTADORES_LIST : PROTOCOLOS_RECEBIMENTO_LIST;
  return <ListScreen<Linha> command={command} search={search} def={def} extras={extras} />;
}

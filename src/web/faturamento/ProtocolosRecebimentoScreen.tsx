import type { ProtocoloRecebimentoLinha } from '../../shared/faturamento';
import { PROTOCOLOS_RECEBIMENTO_LIST } from '../../shared/faturamento/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';

type Linha = ProtocoloRecebimentoLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  // the protocol's own screen (its guides under review) comes with the bill review
  opens: false,
  cells: {
    prestadorNome: (r) => (
      <>
        {r.prestadorNome}
        {r.prestadorCodigo && <small>Código {r.prestadorCodigo}</small>}
      </>
    ),
  },
};

/** Protocolos de Recebimento de Prestadores: the TISS lots received, each provider seeing only its own. */
export default function ProtocolosRecebimentoScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={PROTOCOLOS_RECEBIMENTO_LIST} extras={extras} />;
}

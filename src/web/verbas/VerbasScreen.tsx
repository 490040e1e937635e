import { useMemo } from 'react';
import { competenciaBr, type VerbaLinha } from '../../shared/verbas';
import { VERBAS_LIST } from '../../shared/verbas/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { NovaVerba } from './NovaVerba';
import { Verba } from './Verba';

type Linha = VerbaLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Verba ${r.numero}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: { competencia: (r) => competenciaBr(r.competencia) },
};

/**
 * Solicitações de Verbas: the list (VERBAS_LIST on the generic list screen), the register form (`?novo=1`) and one
 * request (`?id=`).
 */
export default function VerbasScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <Verba key={id} command={command} search={search} id={id} />;
  if (params.has('novo')) return <NovaVerba command={command} />;
  return <ListScreen<Linha> command={command} search={search} def={VERBAS_LIST} extras={extras} />;
}

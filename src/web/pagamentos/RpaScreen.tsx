import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { competenciaBr, type RpaLinha } from '../../shared/pagamentos';
import { RPAS_LIST } from '../../shared/pagamentos/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { userAtom } from '../session/store';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { NovoRpa } from './NovoRpa';
import { RpaRegistro } from './RpaRegistro';
import './pagamentos.css';

type Linha = RpaLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `RPA ${r.numero}`,
  cells: { prestadorNome: (r) => (
    <>
      {r.prestadorNome}
      <small>competência {competenciaBr(r.competencia)}</small>
    </>
  ) },
};

/**
 * Fatura RPA: the RPAs issued (a provider sees its own), issuing one for a natural-person provider's closed protocols
 * (`?novo=1`, the staff) and one RPA with its withholdings, conference and PDF (`?id=`).
 */
export default function RpaScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const user = useAtomValue(userAtom);
  const tabId = useTabId();
  const equipe = !!user && !user.prestador && !user.prestadorAdministrativo;
  const id = Number(params.get('id')) || null;
  if (id) return <RpaRegistro key={id} command={command} id={id} />;
  if (params.has('novo') && equipe) return <NovoRpa command={command} />;
  const header = equipe ? (
    <div className="pag-linha">
      <button type="button" className="btn btn-primary" onClick={() => go(`${command.path}?novo=1`, { tabId: tabId ?? undefined })}>
        Emitir RPA
      </button>
      <span className="fluxo-dica">Recibo de pagamento a autônomo dos protocolos encerrados de um prestador pessoa física, com INSS, IRRF e ISS retidos.</span>
    </div>
  ) : undefined;
  return <ListScreen<Linha> command={command} search={search} def={RPAS_LIST} extras={{ ...extras, header }} />;
}

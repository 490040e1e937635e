import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FaturaDigitadaLinha } from '../../shared/faturamento/digitacao';
import { FATURAS_DIGITADAS_LIST } from '../../shared/faturamento/listas';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { digitacaoKeys } from './digitacao-api';
import { FaturaDigitadaView } from './FaturaDigitadaView';
import { FaturaForm } from './FaturaForm';

type Linha = FaturaDigitadaLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Fatura ${r.numeroGuiaPrestador}`,
  rowAttrs: (r) => ({ 'data-status': r.status }),
  cells: {
    numeroGuiaPrestador: (r) => (
      <>
        {r.numeroGuiaPrestador}
        <small>{r.senha ? `senha ${r.senha}` : 'sem senha'}</small>
      </>
    ),
    beneficiarioNome: (r) => (
      <>
        {r.beneficiarioNome}
        <small>carteira {r.numeroCarteira}</small>
      </>
    ),
    protocolo: (r) => r.protocolo ?? '—',
  },
};

/**
 * Digitar Faturas: the bills typed in the portal (a provider's own), the form to type one (`?novo=1`, by senha or a
 * consultation by the card) and one bill (`?id=`).
 */
export default function FaturasDigitadasScreen({ command, search }: ScreenProps) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id) return <FaturaDigitadaView key={id} command={command} search={search} id={id} />;
  if (params.has('novo'))
    return (
      <FaturaForm
        origem="digitadas"
        senhaInicial={params.get('senha') ?? undefined}
        onSaved={async (f) => {
          showAlerts([{ type: 'success', value: `Fatura da guia ${f.numeroGuiaPrestador} registrada: aberta até o encerramento num protocolo.` }]);
          qc.setQueryData(digitacaoKeys.fatura(f.id), f);
          await qc.invalidateQueries({ queryKey: listKeys.all });
          go(`${command.path}?id=${f.id}`, { tabId: tabId ?? undefined, label: `Fatura ${f.numeroGuiaPrestador}` });
        }}
      />
    );
  return <ListScreen<Linha> command={command} search={search} def={FATURAS_DIGITADAS_LIST} extras={extras} />;
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FaturaDigitada } from '../../shared/faturamento/digitacao';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { showAlerts } from '../ui/toasts';
import { FaturaForm } from './FaturaForm';
import { FaturaRegistrada } from './FaturaRegistrada';

/**
 * Atender Autorização: the provider (or the operator's staff) types the senha of an authorized guide, confirms its
 * execution — dates, executing professional, items and values, pre-filled from the authorization — and registers it
 * as an open bill; then closes it into a protocol or attends the next senha. `?senha=` starts from a senha.
 */
export default function AtenderAutorizacaoScreen({ search }: ScreenProps) {
  const qc = useQueryClient();
  const [feita, setFeita] = useState<FaturaDigitada | null>(null);
  const [vez, setVez] = useState(0);
  const senha = new URLSearchParams(search).get('senha') ?? undefined;
  if (feita) return <FaturaRegistrada f={feita} outra={() => (setFeita(null), setVez((v) => v + 1))} outraLabel="Atender outra senha" />;
  return (
    <FaturaForm
      key={vez}
      origem="atendimento"
      senhaInicial={vez === 0 ? senha : undefined}
      onSaved={async (f) => {
        showAlerts([{ type: 'success', value: `Atendimento da guia ${f.numeroGuiaPrestador} registrado: fatura aberta.` }]);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        setFeita(f);
      }}
    />
  );
}

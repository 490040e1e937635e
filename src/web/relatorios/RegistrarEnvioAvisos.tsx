import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { isoToBr, todayIso } from '../../shared/dates';
import { ENDPOINT_ENVIO_AVISOS, envioAvisosSchema, envioTexto, MEIOS_AVISO, type EnvioAvisos, type EnvioAvisosInput, type MeioAviso } from '../../shared/financeiro/avisos-debito';
import { applyMask } from '../../shared/resources/masks';
import { api } from '../api/client';
import { novaChave } from '../api/chave';
import '../forms/forms.css';
import '../workflow/workflow.css';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { Field } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import type { ReportActionProps } from './acoes';

const ORDEM = ['meio', 'data'];

/**
 * The Aviso de Débitos screen's action: registers that the letters of the current filters were sent (by post or
 * e-mail, on a day), so the Conferência de Aviso de Débito can follow who paid afterwards. Only the filters go to the
 * server, which reads the payers and their overdue titles again; one Idempotency-Key per dialog.
 */
export function RegistrarEnvioAvisos({ stateQuery, total }: ReportActionProps) {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <button type="button" className="btn" disabled={!total} onClick={() => setAberto(true)}>
        Registrar envio dos avisos
      </button>
      {aberto && <Dialogo stateQuery={stateQuery} total={total} onClose={() => setAberto(false)} />}
    </>
  );
}

function Dialogo({ stateQuery, total, onClose }: ReportActionProps & { onClose: () => void }) {
  const qc = useQueryClient();
  const chave = useMemo(() => novaChave(), []);
  const [meio, setMeio] = useState<MeioAviso | ''>('');
  const [data, setData] = useState(() => isoToBr(todayIso()));
  const { formRef, erros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  function registrar(e: FormEvent) {
    const corpo: EnvioAvisosInput = { meio: meio as MeioAviso, data, consulta: stateQuery };
    return enviar(
      e,
      corpo,
      envioAvisosSchema,
      () => api.post<EnvioAvisos>(ENDPOINT_ENVIO_AVISOS, corpo, { quiet: true, headers: { 'idempotency-key': chave } }),
      async (r) => {
        // the server's sentence, from the same shared text
        showAlerts([{ type: r.avisos ? 'success' : 'warning', value: envioTexto(r) }]);
        await qc.invalidateQueries({ queryKey: ['relatorio', 'rep214-conferencia'] });
        onClose();
      },
    );
  }

  return (
    <Dialog title="Registrar envio dos avisos" onClose={onClose}>
      <form ref={formRef} onSubmit={registrar} noValidate aria-label="Registrar envio dos avisos" data-testid="form-envio-avisos">
        <p className="page-sub">
          {total === 1 ? 'A carta do pagador listado' : `As cartas dos ${total.toLocaleString('pt-BR')} pagadores listados`} com estes filtros: o servidor lê de novo os
          títulos vencidos de cada um e registra um aviso por pagador. Quem já foi avisado destes mesmos títulos no dia não é avisado de novo.
        </p>
        <Field k="meio" label="Meio *" erros={erros} prefix="envio">
          <div role="radiogroup" aria-label="Meio" aria-invalid={inv('meio')} className="envio-meios">
            {MEIOS_AVISO.map(([v, label]) => (
              <label key={v}>
                <input type="radio" name="envio-meio" value={v} checked={meio === v} onChange={() => (setMeio(v), limpar('meio'))} /> {label}
              </label>
            ))}
          </div>
        </Field>
        <Field k="data" label="Data do envio *" erros={erros} prefix="envio">
          <input id="envio-data" inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={data} aria-invalid={inv('data')} onChange={(e) => (setData(applyMask('##/##/####', e.target.value)), limpar('data'))} />
        </Field>
        {geral && (
          <p role="alert" className="fluxo-erro">
            {geral}
          </p>
        )}
        <div className="conta-botoes">
          <button type="submit" className="btn btn-primary" disabled={enviando}>
            {enviando ? 'Registrando…' : 'Registrar envio'}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}

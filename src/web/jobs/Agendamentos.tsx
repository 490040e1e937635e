import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DIAS_SEMANA, FREQUENCIAS, type AgendamentoInfo, type Frequencia } from '../../shared/agendamentos';
import { instantToBr } from '../../shared/dates';
import { applyMask } from '../../shared/resources/masks';
import { api, ApiError } from '../api/client';
import { ConfirmDialog } from '../ui/Dialog';

const keys = { command: (comando: string) => ['agendamentos', comando] as const };

/**
 * An administrator's schedules of this process: each with its next runs (as the queue reads the cron), a form to
 * schedule it with the parameters typed above (`parametros()` validates them first), and removal with confirmation.
 */
export function Agendamentos({
  comando,
  tipo,
  parametros,
  onParamErrors,
}: {
  comando: string;
  tipo: string;
  parametros: () => Promise<Record<string, unknown> | null>;
  /** The server's errors about the process's own fields go to the form above. */
  onParamErrors: (fields: Record<string, string>) => void;
}) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: keys.command(comando), queryFn: () => api.get<AgendamentoInfo[]>(`/agendamentos?comando=${encodeURIComponent(comando)}`, { quiet: true }) });
  const [frequencia, setFrequencia] = useState<Frequencia>('MENSAL');
  const [dia, setDia] = useState('1');
  const [hora, setHora] = useState('06:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [remove, setRemove] = useState<AgendamentoInfo | null>(null);

  async function schedule() {
    setErrors({});
    const values = await parametros();
    if (!values) return;
    try {
      await api.post('/agendamentos', { tipo, comando, parametros: values, frequencia, dia: frequencia === 'DIARIA' ? 0 : Number(dia), hora });
      await qc.invalidateQueries({ queryKey: keys.command(comando) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fieldErrors();
      onParamErrors(fields);
      setErrors({ ...fields, geral: err.alerts.filter((a) => !a.field).map((a) => a.value).join(' ') });
    }
  }

  return (
    <section className="card job-agenda" aria-label="Agendamentos deste processo">
      <h2>Agendamentos</h2>
      {list.data && !list.data.length && <p className="muted">Nenhum agendamento. Agende para rodar sozinho, com os parâmetros acima.</p>}
      {!!list.data?.length && (
        <ul className="job-agenda-list">
          {list.data.map((a) => (
            <li key={a.id}>
              <div>
                <strong>{a.descricao}</strong>
                <div className="jobs-meta">
                  Agendado por {a.usuarioNome} · próximas: {a.proximas.map((p) => instantToBr(p)).join(', ') || '—'}
                </div>
              </div>
              <button type="button" className="btn btn-ghost" onClick={() => setRemove(a)}>
                Excluir
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="job-agenda-form">
        <div className="field">
          <label htmlFor="agenda-frequencia">Frequência</label>
          <select id="agenda-frequencia" value={frequencia} onChange={(e) => setFrequencia(e.target.value as Frequencia)}>
            {FREQUENCIAS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        {frequencia !== 'DIARIA' && (
          <div className="field">
            <label htmlFor="agenda-dia">{frequencia === 'MENSAL' ? 'Dia do mês' : 'Dia da semana'}</label>
            <select id="agenda-dia" value={dia} onChange={(e) => setDia(e.target.value)} aria-invalid={!!errors.dia}>
              {frequencia === 'MENSAL'
                ? Array.from({ length: 28 }, (_, i) => (
                    <option key={i + 1} value={i + 1}>
                      {i + 1}
                    </option>
                  ))
                : DIAS_SEMANA.map((d, i) => (
                    <option key={d} value={i}>
                      {d}
                    </option>
                  ))}
            </select>
            {errors.dia && <p className="field-error">{errors.dia}</p>}
          </div>
        )}
        <div className="field">
          <label htmlFor="agenda-hora">Hora (horário de Brasília)</label>
          <input id="agenda-hora" inputMode="numeric" placeholder="HH:MM" maxLength={5} size={6} value={hora} onChange={(e) => setHora(applyMask('##:##', e.target.value))} aria-invalid={!!errors.hora} />
          {errors.hora && <p className="field-error">{errors.hora}</p>}
        </div>
        <button type="button" className="btn" onClick={() => void schedule()}>
          Agendar com estes parâmetros
        </button>
      </div>
      {errors.geral && (
        <p className="field-error" role="alert">
          {errors.geral}
        </p>
      )}
      {remove && (
        <ConfirmDialog
          title="Confirmação"
          message={`Excluir o agendamento "${remove.descricao}"?`}
          onNo={() => setRemove(null)}
          onYes={() => {
            const id = remove.id;
            setRemove(null);
            void api.del(`/agendamentos/${id}`).then(() => qc.invalidateQueries({ queryKey: keys.command(comando) }));
          }}
        />
      )}
    </section>
  );
}

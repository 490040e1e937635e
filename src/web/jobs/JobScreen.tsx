import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { jobEnded } from '../../shared/jobs';
import type { Previa } from '../../shared/processos/define';
import { processoDe } from '../../shared/processos';
import { paramsSchema } from '../../shared/processos/schema';
import { fieldState, type ClientFlags } from '../../shared/resources/define';
import { ApiError } from '../api/client';
import { FieldRow } from '../forms/FieldInput';
import { parentOf } from '../forms/parent';
import type { ScreenProps } from '../screens/types';
import { abilityAtom, clientAtom } from '../session/store';
import { ConfirmDialog } from '../ui/Dialog';
import { Agendamentos } from './Agendamentos';
import { jobKeys, jobsApi, watchJob } from './api';
import { JobItem } from './JobItem';
import { EntradaArquivo, useEntrada } from './EntradaArquivo';
import { LayoutArquivo } from './LayoutArquivo';
import './jobs.css';

type FormValues = Record<string, string | boolean>;

/**
 * The screen of every process and export with a run (bound by kind in src/web/screens): what it does, its
 * parameters (the declaration's fields, checked by the same zod schema as the server), "Pré-visualizar" where the
 * run changes records, Executar, and the user's runs of this command with live progress, log and files.
 */
export default function JobScreen({ command, search }: ScreenProps) {
  const processo = processoDe(command.path)!;
  const qc = useQueryClient();
  const flags = useAtomValue(clientAtom)?.flags as ClientFlags | undefined;
  // schedules are an administrator's (the API says the same)
  const admin = useAtomValue(abilityAtom).can('manage', 'all');
  // the import's file is checked and sent apart from the typed fields (EntradaArquivo)
  const schema = useMemo(() => paramsSchema(processo, { semEntrada: true }), [processo]);
  const entrada = useEntrada(processo.entrada);
  // a link may fill fields (a beneficiary's "Emitir cartão": the family and the reason); the schema checks them on send
  const defaults = useMemo(() => initialValues(processo, search), [processo, search]);
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    defaultValues: defaults,
    resolver: zodResolver(schema as never) as unknown as Resolver<FormValues, unknown, Record<string, unknown>>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const watched = useWatch({ control: form.control }) as FormValues;
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<FormValues | null>(null);
  const [busy, setBusy] = useState(false);
  // the run started here shows its log even when it ends before its first render (a fast job)
  const [iniciada, setIniciada] = useState<number | null>(null);

  const runs = useQuery({
    queryKey: jobKeys.command(command.path),
    queryFn: () => jobsApi.ofCommand(command.path),
    refetchInterval: (q) => (q.state.data?.some((j) => !jobEnded(j.status)) ? 1000 : false),
  });

  const failed = (err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    const fields = err.fieldErrors();
    if (fields.arquivo) entrada.setErro(fields.arquivo);
    for (const [k, message] of Object.entries(fields)) if (processo.campos[k]) form.setError(k, { type: 'server', message }, { shouldFocus: true });
    const general = err.alerts.filter((a) => !a.field || (!processo.campos[a.field] && a.field !== 'arquivo')).map((a) => a.value);
    setBanner(general.length ? general.join(' ') : null);
  };

  const preview = form.handleSubmit(async () => {
    setBusy(true);
    setBanner(null);
    try {
      const values = await entrada.comArquivo(form.getValues());
      if (values) setPrevia(await jobsApi.preview(processo.tipo, command.path, values));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  });

  async function run(typed: FormValues) {
    setBusy(true);
    setBanner(null);
    try {
      const values = await entrada.comArquivo(typed);
      if (!values) return;
      const job = await jobsApi.queue(processo.tipo, command.path, values);
      watchJob(job.id);
      setIniciada(job.id);
      setPrevia(null);
      await qc.invalidateQueries({ queryKey: jobKeys.all });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }
  // a run that changes records asks first, quoting the preview when there is one
  const submit = form.handleSubmit(() => {
    if (!entrada.escolhido()) return;
    const values = form.getValues();
    if (processo.altera) setConfirm(values);
    else void run(values);
  });

  return (
    <div className="job-screen">
      <header>
        <h1 className="page-title">{command.title}</h1>
        <p className="page-sub">{processo.descricao}</p>
      </header>
      <form className="card job-form" noValidate onSubmit={submit} aria-label={`Parâmetros de ${command.title}`} onChange={() => setPrevia(null)}>
        {banner && (
          <div className="rf-banner" role="alert">
            {banner}
          </div>
        )}
        <div className="rf-grid">
          {Object.entries(processo.campos).map(([k, f]) => {
            const st = fieldState(f, flags, watched);
            return st.hidden ? null : <FieldRow key={k} name={k} field={f} state={st} form={form} disabled={busy} parent={parentOf(f, processo.campos, watched)} />;
          })}
          {processo.entrada && <EntradaArquivo entrada={processo.entrada} estado={entrada} disabled={busy} onChange={() => setPrevia(null)} />}
        </div>
        {previa && (
          <section className="job-previa" aria-label="Pré-visualização" role="status">
            <p>
              <strong>{previa.resumo}</strong>
            </p>
            {previa.amostra.length > 0 && (
              <ul>
                {previa.amostra.map((a) => (
                  <li key={a}>{a}</li>
                ))}
                {previa.total > previa.amostra.length && <li className="muted">e mais {(previa.total - previa.amostra.length).toLocaleString('pt-BR')}…</li>}
              </ul>
            )}
          </section>
        )}
        <div className="job-buttons">
          {processo.previa && (
            <button type="button" className="btn" disabled={busy} onClick={() => void preview()}>
              Pré-visualizar
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Executar
          </button>
        </div>
      </form>
      {/* a scheduled run has no one to choose its file */}
      {admin && !processo.entrada && (
        <Agendamentos
          comando={command.path}
          tipo={processo.tipo}
          parametros={async () => ((await form.trigger()) ? form.getValues() : null)}
          onParamErrors={(fields) => {
            for (const [k, message] of Object.entries(fields)) if (processo.campos[k]) form.setError(k, { type: 'server', message }, { shouldFocus: true });
          }}
        />
      )}
      {processo.entrada?.layout && <LayoutArquivo layout={processo.entrada.layout} />}
      {processo.layouts?.map((l) => <LayoutArquivo key={l.titulo} layout={l} />)}
      <section className="job-history" aria-label="Execuções deste processo">
        <h2>Suas execuções</h2>
        {runs.data && !runs.data.length && <p className="muted">Nenhuma execução ainda.</p>}
        <ul className="jobs-list">
          {runs.data?.map((j, i) => <JobItem key={j.id} job={j} logOpen={j.id === iniciada || (i === 0 && !jobEnded(j.status))} />)}
        </ul>
      </section>
      {confirm && (
        <ConfirmDialog
          title="Confirmação"
          message={`Executar ${command.title}? ${previa?.resumo ?? 'Os registros escolhidos serão alterados.'}`}
          onNo={() => setConfirm(null)}
          onYes={() => {
            const v = confirm;
            setConfirm(null);
            void run(v);
          }}
        />
      )}
    </div>
  );
}

/** The form's first values: each field's default as typed text, then the declaration's computed ones. */
function initialValues(p: NonNullable<ReturnType<typeof processoDe>>, search = ''): FormValues {
  const out: FormValues = {};
  for (const [k, f] of Object.entries(p.campos)) out[k] = f.kind === 'boolean' ? f.default === true : f.default == null ? '' : String(f.default);
  const given: FormValues = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const f = Object.hasOwn(p.campos, k) ? p.campos[k] : undefined;
    if (f && v.length <= 200) given[k] = f.kind === 'boolean' ? v === 'true' : v;
  }
  return { ...out, ...(p.padroes?.() ?? {}), ...given };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import type { Command } from '../../../commands';
import type { ListDef } from '../../shared/lists/types';
import type { TransitionDef, Workflow } from '../../shared/workflow';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { listKeys } from '../lists/api';
import { useListNeighbors } from '../lists/ListNav';
import { useTabId } from '../workspace/hooks';
import { tabActions } from '../workspace/store';

/**
 * A record screen's shortcuts, written once by the domain: bound, shown on the buttons and listed in the "?" panel
 * (Alt keeps them clear of typing; Alt+D, Alt+E and Alt+F are the browser's own).
 */
export interface WorkflowShortcut<A extends string> {
  acao: A | 'anterior' | 'proximo';
  keys: string;
  label: string;
  descricao: string;
}

/** What a record needs from its wire type. */
interface RecordBase<S extends string> {
  status: S;
  version: number;
}

export interface WorkflowRecordOptions<S extends string, A extends string, D extends RecordBase<S>, F extends string> {
  workflow: Workflow<S, A, TransitionDef<S>>;
  command: Command;
  search: string;
  id: number;
  /** The list it was opened from: previous and next in the whole list. */
  list: ListDef;
  queryKey: readonly unknown[];
  get: () => Promise<D>;
  /** The action's body, the shared schema of the step, and where it is sent. */
  extra: (acao: A, d: D) => Record<string, unknown>;
  schema: ZodType;
  send: (body: Record<string, unknown>) => Promise<D>;
  /** The domain's own fields of the step besides the note (the sector, the outcome): their refusals show beside them. */
  fields: readonly F[];
  /** After a step: clears the domain's fields, and the confirmation shown. */
  reset: () => void;
  done: (acao: A, novo: D) => string;
  /** The control to focus after a refusal found on the client (a CSS selector inside the form), or null. */
  focus: (erros: WorkflowErrors<F>) => string | null;
  tabLabel: (d: D) => string;
  shortcutsTitle: string;
  shortcuts: readonly WorkflowShortcut<A>[];
  /** The steps this session may take, when the server says (a family takes only some): the status's otherwise. */
  allowed?: (d: D) => A[];
}

export type WorkflowErrors<F extends string> = Partial<Record<'nota' | 'geral' | F, string>>;

/**
 * The state of a workflow record's screen: the record (TanStack Query), the version the user works on (a 409 keeps
 * what was typed and offers to reload), the note, the refusals beside each field, the confirmation, the actions the
 * status allows with their shortcuts, and previous/next in the list. The screen draws the record; the action bar and
 * the history are WorkflowActions and WorkflowHistory.
 */
export function useWorkflowRecord<S extends string, A extends string, D extends RecordBase<S>, F extends string = never>(o: WorkflowRecordOptions<S, A, D, F>) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const req = useQuery({ queryKey: o.queryKey, queryFn: o.get });
  const d = req.data;
  const [nota, setNota] = useState('');
  const [erros, setErros] = useState<WorkflowErrors<F>>({});
  const [conflito, setConflito] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [versao, setVersao] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { workflow: wf } = o;

  // the tab is named after the record it shows (opened from the list with Enter, or just registered)
  const label = d ? o.tabLabel(d) : undefined;
  useEffect(() => {
    if (tabId && label) tabActions.setLabel(tabId, label);
  }, [tabId, label]);
  // the version the user works on is the first one read (a reload after a 409 takes the new one)
  useEffect(() => {
    if (d) setVersao((v) => v ?? d.version);
  }, [d]);

  // previous and next in the whole list it was opened from (the tab's address keeps its filters and order)
  const nav = useListNeighbors(o.list, o.command, o.search, o.id);
  const permitidasDe = (r: D) => (o.allowed ? o.allowed(r) : wf.actionsFrom(r.status));
  const campoDe = (k: string): 'nota' | 'geral' | F => (k === 'nota' || (o.fields as readonly string[]).includes(k) ? (k as 'nota' | F) : 'geral');

  async function aplicar(acao: A) {
    if (!d || enviando) return;
    setAviso(null);
    if (!permitidasDe(d).includes(acao)) return setErros({ geral: `${wf.transitions[acao].label}: não disponível para o status "${wf.labels[d.status]}".` } as WorkflowErrors<F>);
    const body = { acao, version: versao ?? d.version, nota: nota.trim() || null, ...o.extra(acao, d) };
    const r = o.schema.safeParse(body);
    if (!r.success) {
      const e: WorkflowErrors<F> = {};
      for (const i of r.error.issues) e[campoDe(String(i.path[0]))] ??= i.message;
      setErros(e);
      const alvo = o.focus(e);
      if (alvo) formRef.current?.querySelector<HTMLElement>(alvo)?.focus();
      return;
    }
    setErros({});
    setEnviando(true);
    try {
      const novo = await o.send(body);
      qc.setQueryData(o.queryKey, novo);
      setVersao(novo.version);
      setConflito(false);
      setNota('');
      o.reset();
      setAviso(o.done(acao, novo));
      // done: what was typed is saved, so the tab no longer holds unsaved input (the workspace listens to submit)
      formRef.current?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflito(true);
      const campos = e instanceof ApiError ? e.fieldErrors() : {};
      const proprios = (['nota', ...o.fields] as const).filter((k) => campos[k]);
      setErros({ ...Object.fromEntries(proprios.map((k) => [k, campos[k]])), ...(proprios.length ? {} : { geral: (e as Error).message }) } as WorkflowErrors<F>);
    } finally {
      setEnviando(false);
    }
  }
  async function recarregar() {
    const r = await qc.fetchQuery({ queryKey: o.queryKey, queryFn: o.get });
    setVersao(r.version);
    setConflito(false);
    setErros({});
  }

  const permitidas = d ? permitidasDe(d) : [];
  useScreenShortcuts(
    o.shortcutsTitle,
    o.shortcuts
      .filter((a) => a.acao === 'anterior' || a.acao === 'proximo' || permitidas.includes(a.acao))
      .map((a) => ({
        keys: a.keys,
        label: a.label,
        description: a.descricao,
        run: () => (a.acao === 'anterior' ? nav.move(-1) : a.acao === 'proximo' ? nav.move(1) : void aplicar(a.acao)),
      })),
  );

  return { req, d, nav, tabId, formRef, permitidas, nota, setNota, erros, setErros, conflito, aviso, enviando, aplicar, recarregar };
}

export type WorkflowRecord<A extends string, F extends string> = Omit<ReturnType<typeof useWorkflowRecord<string, A, RecordBase<string>, F>>, 'd' | 'req'>;

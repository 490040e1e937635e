import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ACOES_AUDITORIA, ENTIDADES_AUDITADAS, acaoLabel, alteracoes, auditoriaQuerySchema, campoLabel, entidadeLabel, type EventoAuditoria } from '../../shared/auditoria';
import { formatDate, formatDateTime } from '../../shared/format';
import { api } from '../api/client';
import type { ScreenProps } from '../screens/types';
import { useTabId } from '../workspace/hooks';
import { Pager } from '../ui/Pager';
import { go } from '../workspace/store';
import '../grid/grid.css';
import './auditoria.css';

const FILTROS = ['entidade', 'registroId', 'usuario', 'acao', 'de', 'ate'] as const;
type Filtros = Record<(typeof FILTROS)[number], string>;
const PAGE = 50;
const int = new Intl.NumberFormat('pt-BR');

/** A value of the trail as a person reads it: dates and booleans in pt-BR, objects as short JSON, empty as a dash. */
function valor(v: unknown): string {
  if (v == null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The audit trail of writes (LGPD: who, when, what changed) for the administrator: the side search (entity,
 * record, user, action, period) mirrored in the tab's address, newest first, each change as field: before → after.
 */
export default function TrilhaAuditoria({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const tabId = useTabId();
  const offset = Number(params.get('offset') ?? 0) || 0;
  const lerFiltros = (): Filtros => Object.fromEntries(FILTROS.map((k) => [k, params.get(k) ?? ''])) as Filtros;
  const [form, setForm] = useState<Filtros>(lerFiltros);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setForm(lerFiltros()), [params]);
  const [erros, setErros] = useState<Record<string, string>>({});

  const q = useMemo(() => {
    const out = new URLSearchParams();
    for (const k of FILTROS) if (params.get(k)) out.set(k, params.get(k)!);
    out.set('offset', String(offset));
    out.set('limit', String(PAGE));
    return out.toString();
  }, [params, offset]);
  const lista = useQuery({
    queryKey: ['auditoria', 'eventos', q],
    queryFn: () => api.get<{ rows: EventoAuditoria[]; total: number }>(`/auditoria/eventos?${q}`, { quiet: true }),
  });

  const navegar = (next: URLSearchParams) => go(`${command.path}${next.size ? `?${next}` : ''}`, { tabId: tabId ?? undefined, replace: true });
  function buscar(e: FormEvent) {
    e.preventDefault();
    // the filled-in filters only, checked by the server's own schema
    const preenchidos = Object.fromEntries(FILTROS.map((k) => [k, form[k].trim()]).filter(([, v]) => v));
    const r = auditoriaQuerySchema.safeParse(preenchidos);
    if (!r.success) {
      setErros(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErros({});
    const next = new URLSearchParams(preenchidos);
    navegar(next);
  }
  const pagina = (delta: number) => {
    const next = new URLSearchParams(params);
    next.set('offset', String(Math.max(0, offset + delta * PAGE)));
    navegar(next);
  };

  const rows = lista.data?.rows ?? [];
  const total = lista.data?.total ?? 0;
  const campo = (k: keyof Filtros, label: string, control: React.ReactNode) => (
    <div className="sp-row">
      <label htmlFor={`trilha-${k}`}>{label}</label>
      {control}
      {erros[k] && <p className="field-error trilha-erro">{erros[k]}</p>}
    </div>
  );
  const texto = (k: keyof Filtros, placeholder = '') => (
    <input id={`trilha-${k}`} name={k} placeholder={placeholder} value={form[k]} aria-invalid={erros[k] ? true : undefined} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
  );

  return (
    <div className="rs trilha">
      <div className="rs-head">
        <h1 className="page-title">{command.title}</h1>
        <span className="rs-count" data-testid="total" aria-live="polite">
          {lista.isLoading ? 'Carregando…' : `${int.format(total)} ${total === 1 ? 'gravação' : 'gravações'}`}
        </span>
      </div>
      <div className="rs-body">
        <form className="sp" role="search" aria-label="Buscar na trilha de auditoria" onSubmit={buscar}>
          <h2>Busca</h2>
          {campo(
            'entidade',
            'Entidade',
            <select id="trilha-entidade" name="entidade" value={form.entidade} onChange={(e) => setForm({ ...form, entidade: e.target.value })}>
              <option value="">Todas</option>
              {ENTIDADES_AUDITADAS.map(([k, l]) => (
                <option key={k} value={k}>
                  {l}
                </option>
              ))}
            </select>,
          )}
          {campo('registroId', 'Registro', texto('registroId', 'Código (id)'))}
          {campo('usuario', 'Usuário', texto('usuario', 'Login'))}
          {campo(
            'acao',
            'Ação',
            <select id="trilha-acao" name="acao" value={form.acao} onChange={(e) => setForm({ ...form, acao: e.target.value })}>
              <option value="">Todas</option>
              {ACOES_AUDITORIA.map(([k, l]) => (
                <option key={k} value={k}>
                  {l}
                </option>
              ))}
            </select>,
          )}
          {campo('de', 'De', texto('de', 'DD/MM/AAAA'))}
          {campo('ate', 'Até', texto('ate', 'DD/MM/AAAA'))}
          <div className="sp-actions">
            <button type="button" className="btn" onClick={() => navegar(new URLSearchParams())}>
              Limpar
            </button>
            <button type="submit" className="btn btn-primary">
              Buscar
            </button>
          </div>
        </form>
        <section className="rs-main">
          {lista.isError && <p role="alert">{(lista.error as Error).message}</p>}
          <table className="trilha-tabela" aria-label={command.title}>
            <thead>
              <tr>
                <th>Data e hora</th>
                <th>Usuário</th>
                <th>Ação</th>
                <th>Entidade</th>
                <th>Registro</th>
                <th>O que mudou</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} data-id={e.id}>
                  <td>{formatDateTime(e.em)}</td>
                  <td>
                    {e.usuarioLogin ?? '—'}
                    {e.ip && <small>{e.ip}</small>}
                  </td>
                  <td>{acaoLabel(e.acao)}</td>
                  <td>{entidadeLabel(e.entidade)}</td>
                  <td>{e.registroId}</td>
                  <td>
                    <ul className="trilha-mudancas">
                      {alteracoes(e).map(([k, antes, depois]) => (
                        <li key={k}>
                          <strong>{campoLabel(e.entidade, k)}:</strong>{' '}
                          {e.acao === 'update' ? (
                            <>
                              {valor(antes)} → {valor(depois)}
                            </>
                          ) : (
                            valor(e.acao === 'delete' ? antes : depois)
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!lista.isLoading && !rows.length && <p className="page-sub">Nenhuma gravação encontrada com estes filtros.</p>}
          <Pager offset={offset} shown={rows.length} of={int.format(total)} hasNext={offset + rows.length < total} onPage={pagina} />
        </section>
      </div>
    </div>
  );
}

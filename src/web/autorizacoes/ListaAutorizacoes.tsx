import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { registry, type Command } from '../../../commands';
import { CARATER, STATUS, STATUS_LABEL, TIPOS, isoToBr, type AutorizacaoLinha, type Status } from '../../shared/autorizacoes';
import { FILTROS_LISTA, TOTAIS_LIMITE, tiposDoFiltro, type ListaDef } from '../../shared/autorizacoes/listas';
import { formatMoney } from '../../shared/money';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { userAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { go, openRecord } from '../workspace/store';
import { useTabId } from '../workspace/hooks';
import { autApi, autKeys, respostaPath, saveQueue } from './api';
import { Pager } from '../ui/Pager';
import { StatusChip } from './StatusChip';

const FILTROS = FILTROS_LISTA;
const PAGE = 50;
const fmt = (n: number) => n.toLocaleString('pt-BR');

/**
 * Every list of requests, driven by its definition (src/shared/autorizacoes/listas.ts): the audit queues, the
 * authorizations done, the utilization history, the beneficiary's follow-up, the pre-authorizations and the
 * attachments done. Filters in the side search view (period, status, beneficiary, provider, procedure, urgency,
 * type — those the definition offers) mirrored in the tab's address; ↑/↓ move, Enter opens here, Ctrl+Enter opens
 * the request in a new tab. The page comes first (its total exact when small, else estimated); the summary — the
 * exact count and, for the lists with totals, what was authorized — follows it.
 */
export function ListaAutorizacoes({ command, search, def }: { command: Command; search: string; def: ListaDef }) {
  const endpoint = def.endpoint;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const offset = Number(params.get('offset') ?? 0) || 0;
  const q = useMemo(() => {
    const out = new URLSearchParams();
    for (const k of FILTROS) if (params.get(k)) out.set(k, params.get(k)!);
    if (params.get('beneficiarioId')) out.set('beneficiarioId', params.get('beneficiarioId')!);
    if (params.get('sort')) out.set('sort', params.get('sort')!);
    out.set('offset', String(offset));
    out.set('limit', String(PAGE));
    return out.toString();
  }, [params, offset]);
  const precisaBeneficiario = !!def.exigeBeneficiario && !params.get('beneficiario') && !params.get('beneficiarioId');
  const lista = useQuery({ queryKey: autKeys.list(endpoint, q), queryFn: () => autApi.list(endpoint, q), enabled: !precisaBeneficiario });
  // the summary (exact count, totals) is asked once the page is there, and only when the page did not bring it
  const filtrosQ = useMemo(() => {
    const out = new URLSearchParams(q);
    out.delete('offset');
    out.delete('limit');
    out.delete('sort');
    return out.toString();
  }, [q]);
  const precisaResumo = !!lista.data && (!lista.data.exact || (def.totais && !lista.data.totais));
  const resumo = useQuery({ queryKey: autKeys.list(`${endpoint}/resumo`, filtrosQ), queryFn: () => autApi.resumo(endpoint, filtrosQ), enabled: precisaResumo });
  const rows = useMemo(() => lista.data?.rows ?? [], [lista.data]);
  const [sel, setSel] = useState(0);
  const tabId = useTabId();
  const tableRef = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    if (rows.length) saveQueue(command.path, rows.map((r) => r.id));
  }, [rows, command.path]);

  const [form, setForm] = useState<Record<string, string>>(() => Object.fromEntries(FILTROS.map((k) => [k, params.get(k) ?? ''])));
  useEffect(() => setForm(Object.fromEntries(FILTROS.map((k) => [k, params.get(k) ?? '']))), [params]);

  function buscar(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of FILTROS) if (form[k]?.trim()) next.set(k, form[k].trim());
    // the default-query redirect only applies when there is no inicio: an emptied period keeps the lists usable
    go(`${command.path}?${next.toString()}`, { tabId: tabId ?? undefined, replace: true });
  }
  const pagina = (delta: number) => {
    const next = new URLSearchParams(params);
    next.set('offset', String(Math.max(0, offset + delta * PAGE)));
    go(`${command.path}?${next.toString()}`, { tabId: tabId ?? undefined, replace: true });
  };
  const hrefOf = (r: AutorizacaoLinha) => {
    const next = new URLSearchParams(params);
    next.delete('offset');
    next.set('id', String(r.id));
    return `${command.path}?${next.toString()}`;
  };
  function abrir(r: AutorizacaoLinha, novaAba: boolean) {
    if (novaAba) openRecord(hrefOf(r), `Guia ${r.numero}`);
    else go(hrefOf(r), { tabId: tabId ?? undefined });
  }
  const total = lista.data?.total ?? 0;
  // the list's keyboard, declared once: bound on the table (↑/↓/Enter while a row has the focus) and listed in "?"
  const tabelaRef = useScreenShortcuts<HTMLTableElement>(
    'Lista de solicitações',
    [
      { keys: ['arrowdown', 'arrowup'], label: '↑ ↓', description: 'Escolher a solicitação (com uma linha da tabela em foco)', run: (e) => rows.length && setSel((s) => (e.key === 'ArrowDown' ? Math.min(rows.length - 1, s + 1) : Math.max(0, s - 1))) },
      { keys: 'enter', label: 'Enter', description: 'Abrir a solicitação nesta aba', run: () => rows[sel] && abrir(rows[sel], false) },
      { keys: ['ctrl+enter', 'meta+enter'], label: 'Ctrl+Enter', description: 'Abrir a solicitação em nova aba', run: () => rows[sel] && abrir(rows[sel], true) },
    ],
    { scoped: true },
  );
  useScreenShortcuts('Lista de solicitações — páginas', [
    { keys: 'alt+period', label: 'Alt+.', description: 'Próxima página', run: () => lista.data?.hasMore && pagina(1) },
    { keys: 'alt+comma', label: 'Alt+,', description: 'Página anterior', run: () => offset > 0 && pagina(-1) },
  ]);
  const user = useAtomValue(userAtom);
  const { visible } = useVisibility();
  const prestadorUsuario = !!(user?.prestador || user?.prestadorAdministrativo);
  /** Where the answer to a request waiting for the provider is written, when this user may write it. */
  function respostaHref(r: AutorizacaoLinha): string | null {
    if (r.status !== STATUS.AGUARDANDO_JUSTIFICATIVA && r.status !== STATUS.AGUARDANDO_DOCUMENTACAO) return null;
    if (prestadorUsuario) return hrefOf(r);
    const c = registry.match(TIPOS[r.tipo]?.command ?? '');
    return !user?.auditor && c && visible(c) ? respostaPath(r.tipo, r.id) : null;
  }
  useEffect(() => {
    const el = tableRef.current?.querySelectorAll('tr')[sel] as HTMLElement | undefined;
    if (el && tableRef.current?.contains(document.activeElement)) el.focus();
  }, [sel]);

  // the list's own new request, for whoever may make that type (the type's command visible)
  const novoCmd = def.novo ? registry.match(TIPOS[def.novo.tipo].command) : undefined;
  const novoHref = novoCmd && visible(novoCmd) ? (novoCmd.path === command.path ? `${command.path}?novo=1` : novoCmd.path) : null;
  const exato = !!lista.data?.exact || !!resumo.data?.exact;
  const contagem = resumo.data?.exact ? resumo.data.total : total;
  const totais = lista.data?.totais ?? resumo.data?.totais;
  const textoTotal = `${exato ? '' : 'cerca de '}${fmt(contagem)} solicitaç${contagem === 1 ? 'ão' : 'ões'}`;
  const tem = (f: (typeof FILTROS)[number]) => def.filtros.includes(f);
  return (
    <div className="aut-lista">
      <div className="aut-lista-cab">
        <h1 className="page-title">{command.title}</h1>
        {novoHref && (
          <a
            className="btn btn-primary"
            href={novoHref}
            onClick={(e) => {
              if (e.ctrlKey || e.metaKey || e.button !== 0) return;
              e.preventDefault();
              go(novoHref, { tabId: tabId ?? undefined });
            }}
          >
            {def.novo!.label}
          </a>
        )}
      </div>
      <div className="aut-lista-corpo">
        <form role="search" className="aut-filtros card" onSubmit={buscar} aria-label="Filtros">
          {tem('inicio') && (
            <label>
              Início
              <input name="inicio" placeholder="DD/MM/AAAA" value={form.inicio} onChange={(e) => setForm({ ...form, inicio: e.target.value })} />
            </label>
          )}
          {tem('termino') && (
            <label>
              Término
              <input name="termino" placeholder="DD/MM/AAAA" value={form.termino} onChange={(e) => setForm({ ...form, termino: e.target.value })} />
            </label>
          )}
          {tem('statusAutorizacao') && (
            <label>
              Status
              <select name="statusAutorizacao" value={form.statusAutorizacao} onChange={(e) => setForm({ ...form, statusAutorizacao: e.target.value })}>
                <option value="">Todos</option>
                {(Object.entries(STATUS_LABEL) as [string, string][]).map(([k, l]) => (
                  <option key={k} value={k === '2' ? 'Em Análise' : k}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tem('beneficiario') && (
            <label>
              Beneficiário
              <input name="beneficiario" placeholder="Nome ou carteirinha" value={form.beneficiario} onChange={(e) => setForm({ ...form, beneficiario: e.target.value })} />
            </label>
          )}
          {tem('prestador') && (
            <label>
              Prestador
              <input name="prestador" placeholder="Nome, CPF ou CNPJ" value={form.prestador} onChange={(e) => setForm({ ...form, prestador: e.target.value })} />
            </label>
          )}
          {tem('procedimento') && (
            <label>
              Procedimento
              <input name="procedimento" placeholder="Código TUSS ou descrição" value={form.procedimento} onChange={(e) => setForm({ ...form, procedimento: e.target.value })} />
            </label>
          )}
          {tem('carater') && (
            <label>
              Caráter
              <select name="carater" value={form.carater} onChange={(e) => setForm({ ...form, carater: e.target.value })}>
                <option value="">Todos</option>
                {CARATER.map(([k, l]) => (
                  <option key={k} value={k}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tem('tipo') && (
            <label>
              Tipo de guia
              <select name="tipo" value={form.tipo} onChange={(e) => setForm({ ...form, tipo: e.target.value })}>
                <option value="">Todos</option>
                {tiposDoFiltro(def).map((k) => (
                  <option key={k} value={k}>
                    {TIPOS[k].label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </form>
        <section className="aut-resultado">
          {precisaBeneficiario ? (
            <p className="page-sub">Informe o beneficiário (nome, carteirinha ou matrícula) e clique em Buscar.</p>
          ) : (
            <>
              <div className="aut-barra">
                <span data-testid="total" aria-live="polite">
                  {lista.isLoading ? 'Carregando…' : textoTotal}
                </span>
                {totais && (
                  <span className="aut-totais" data-testid="totais">
                    Autorizadas: {fmt(totais.autorizados)} · Valor autorizado: {formatMoney(totais.valorAutorizado)}
                  </span>
                )}
                {def.totais && !totais && resumo.data && (
                  <span data-testid="totais-aviso" style={{ color: 'var(--c-muted, #667)', fontSize: 13 }}>
                    Totais para até {fmt(TOTAIS_LIMITE)} solicitações: informe o período, o beneficiário ou o prestador.
                  </span>
                )}
                <span className="aut-dica">↑ ↓ escolhem · Enter abre · Ctrl+Enter abre em nova aba</span>
              </div>
              {lista.isError && <p role="alert">{(lista.error as Error).message}</p>}
              <table ref={tabelaRef} className="aut-tabela" aria-label={command.title}>
                <thead>
                  <tr>
                    <th>Nº da guia</th>
                    <th>Data</th>
                    <th>Tipo</th>
                    <th>Beneficiário</th>
                    <th>Prestador</th>
                    <th>Procedimento</th>
                    <th>Caráter</th>
                    <th>Status</th>
                    <th className="num">Valor</th>
                  </tr>
                </thead>
                <tbody ref={tableRef}>
                  {rows.map((r, i) => (
                    <tr
                      key={r.id}
                      tabIndex={i === sel ? 0 : -1}
                      aria-selected={i === sel}
                      data-id={r.id}
                      data-status={r.status}
                      className={r.carater === '2' ? 'urgente' : undefined}
                      onClick={(e) => {
                        setSel(i);
                        if (e.ctrlKey || e.metaKey) abrir(r, true);
                      }}
                      onDoubleClick={() => abrir(r, false)}
                      onFocus={() => setSel(i)}
                    >
                      <td>
                        <a
                          href={hrefOf(r)}
                          onClick={(e) => {
                            if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                            e.preventDefault();
                            abrir(r, false);
                          }}
                        >
                          {r.numero}
                        </a>
                      </td>
                      <td>{isoToBr(r.dataSolicitacao)}</td>
                      <td>{TIPOS[r.tipo]?.label ?? r.tipo}</td>
                      <td>
                        {r.beneficiarioNome}
                        <small>{r.carteirinha}</small>
                      </td>
                      <td>{r.prestadorNome}</td>
                      <td className="proc">{r.procedimento}</td>
                      <td>{r.carater === '2' ? 'Urgência' : 'Eletiva'}</td>
                      <td>
                        <StatusChip status={r.status as Status} />
                        {respostaHref(r) && (
                          <a
                            className="aut-responder"
                            href={respostaHref(r)!}
                            onClick={(e) => {
                              if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                              e.preventDefault();
                              e.stopPropagation();
                              go(respostaHref(r)!, { tabId: tabId ?? undefined, label: `Guia ${r.numero}` });
                            }}
                          >
                            Responder
                          </a>
                        )}
                      </td>
                      <td className="num">{formatMoney(r.valor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {!lista.isLoading && !rows.length && <p className="page-sub">Nenhuma solicitação encontrada com estes filtros.</p>}
              <Pager offset={offset} shown={rows.length} of={`${exato ? '' : 'cerca de '}${fmt(contagem)}`} hasNext={!!lista.data?.hasMore} onPage={pagina} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { registry, type Command } from '../../../commands';
import type { ClientInfo } from '../../shared/api';
import type { AppAbility } from '../../shared/permissions';
import { BUSCA } from '../../shared/busca';
import { hotkeyOf, keyLabel } from '../hotkeys/shortcuts';
import { abilityAtom, clientAtom, store, userAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { KIND_LABEL, hrefOf } from '../shell/Tiles';
import { go, openRecord } from '../workspace/store';
import { paletteActions, type PaletteAction } from './actions';
import { Palette, type PaletteRow } from './Palette';
import { boosts, loadRecents, recordUse } from './recents';
import { useRecordSearch } from './records';
import { buildSearchIndex, type SearchIndex } from './search';
import { closePalette, focusOrigin } from './state';
import { recordContextOf } from '../records/context';
import { workspaceAtom } from '../workspace/store';
import { useSavedViews, viewHref } from '../lists/views';

interface Model {
  commands: Command[];
  rows: PaletteRow[];
  index: SearchIndex;
  isReport: (i: number) => boolean;
}
const EMPTY: Model = { commands: [], rows: [], index: buildSearchIndex([]), isReport: () => false };

type Visibility = ReturnType<typeof useVisibility>;

/**
 * The commands a session may open — by the one visibility predicate, through useVisibility, folders only when
 * they hold something to open (as the tiles) — with their rows and search index. Built once per permission
 * set: the session is revalidated on every navigation, which hands out new objects with the same rules.
 */
let last: { key: string; model: Model; ability: AppAbility; client: ClientInfo } | null = null;
export function modelFor(vis: Visibility, ability: AppAbility, client: ClientInfo): Model {
  // the same objects (every keystroke re-renders): no need to serialize the rules again
  if (last && last.ability === ability && last.client === client) return last.model;
  const key = `${client.id}|${JSON.stringify(client.flags)}|${JSON.stringify(ability.rules)}`;
  if (last?.key === key) {
    last = { ...last, ability, client };
    return last.model;
  }
  const commands = registry.all.filter((c) => vis.visible(c) && (c.kind !== 'folder' || c === registry.root || vis.children(c).length > 0));
  const trails = commands.map((c) =>
    registry
      .trailOf(c)
      .slice(1, -1)
      .map((t) => t.title)
      .join(' › '),
  );
  const rows = commands.map(
    (c, i): PaletteRow => ({
      key: c.id,
      title: c.title,
      icon: c.icon,
      trail: trails[i] || undefined,
      kind: KIND_LABEL[c.kind],
      detail: c.rep,
      hotkey: hotkeyOf(c) ? keyLabel(hotkeyOf(c)!) : undefined,
    }),
  );
  const index = buildSearchIndex(commands.map((c, i) => ({ title: c.title, trail: trails[i], path: c.path, code: c.rep, keywords: c.keywords })));
  const reports = commands.map((c) => c.kind === 'report');
  const model = { commands, rows, index, isReport: (i: number) => reports[i] };
  last = { key, model, ability, client };
  return model;
}

/**
 * Builds the current session's index ahead of the first Ctrl+K (called when the browser is idle), and answers
 * every one-letter query once: the widest searches, so the first keystroke finds its answer ready.
 */
export function warmIndex(vis: Visibility) {
  const client = store.get(clientAtom);
  if (!client) return;
  const { index } = modelFor(vis, store.get(abilityAtom), client);
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') index.search(letter);
  index.search('');
}

type Scope = 'comandos' | 'acoes' | 'relatorios' | 'registros';
const RECORD_ICON = { beneficiario: 'user', prestador: 'stethoscope', autorizacao: 'badge-check' } as const;
const RECORD_KIND = { beneficiario: 'Beneficiário', prestador: 'Prestador', autorizacao: 'Autorização' } as const;
const SCOPES: Record<string, Scope> = { '>': 'acoes', '#': 'relatorios', '@': 'registros' };

/** The palette of the product: commands by visibility, `>` actions, `#` reports, `@` records. Loaded lazily. */
export default function ProductPalette({ initialQuery, newTab }: { initialQuery: string; newTab: boolean }) {
  const vis = useVisibility();
  const ability = useAtomValue(abilityAtom);
  const client = useAtomValue(clientAtom);
  const model = client ? modelFor(vis, ability, client) : EMPTY;
  const user = useAtomValue(userAtom);
  const owner = user?.principal;
  const [query, setQuery] = useState(initialQuery);
  const recents = useMemo(() => loadRecents(owner), [owner]);
  const boost = useMemo(() => boosts(model.commands.map((c) => c.id), recents), [model, recents]);

  const scope: Scope = SCOPES[query[0]] ?? 'comandos';
  const text = scope === 'comandos' ? query : query.slice(1);
  const records = useRecordSearch(scope === 'registros' ? text : '');
  // `>`: first what the tab in front offers on its record (a request: Autorizar esta guia…), then the general actions
  const [record] = useState(() => recordContextOf(store.get(workspaceAtom).activeId));
  const actions = useMemo(
    (): (PaletteAction & { trail?: string })[] => [
      ...(record?.actions ?? []).filter((a) => a.enabled).map((a) => ({ id: `registro:${a.id}`, title: a.title, icon: a.icon, hotkey: a.hotkey, keywords: [...a.keywords], trail: record!.label, run: a.run })),
      ...paletteActions({ owner, client }),
    ],
    [owner, client, record],
  );
  const actionIndex = useMemo(() => buildSearchIndex(actions.map((a) => ({ title: a.title, keywords: a.keywords, trail: a.trail }))), [actions]);
  // the user's saved views: found by name (and list) beside the commands, listed first
  const views = useSavedViews().data;
  const viewIndex = useMemo(() => (views?.length ? buildSearchIndex(views.map((v) => ({ title: v.nome, trail: v.titulo, keywords: ['visão salva'] }))) : null), [views]);

  const result = useMemo((): { count: number; rowAt: (i: number) => PaletteRow; pick: (i: number, newTab: boolean) => void; status?: string } => {
    if (scope === 'acoes') {
      const hits = actionIndex.search(text);
      return {
        count: hits.length,
        rowAt: (i) => {
          const a = actions[hits[i]];
          return { key: `acao:${a.id}`, title: a.title, icon: a.icon, kind: 'Ação', hotkey: a.hotkey, trail: a.trail };
        },
        pick: (i) => {
          closePalette();
          actions[hits[i]].run();
        },
        status: 'Nenhuma ação encontrada.',
      };
    }
    if (scope === 'registros') {
      const itens = records.status === 'pronto' ? records.itens : [];
      const status =
        records.status === 'curto'
          ? `Digite ao menos ${BUSCA.minimo} caracteres: nome, CPF ou matrícula do beneficiário; nome, CPF ou CNPJ do prestador (${BUSCA.minimoPrestador} ou mais); número da guia ou senha da autorização.`
          : records.status === 'buscando'
            ? 'Buscando…'
            : records.status === 'erro'
              ? records.mensagem
              : `Nenhum registro encontrado${records.prestadores ? '' : ` (prestadores a partir de ${BUSCA.minimoPrestador} caracteres)`}.`;
      return {
        count: itens.length,
        rowAt: (i) => {
          const r = itens[i];
          const row = { key: `${r.tipo}:${r.id}`, title: r.nome, icon: RECORD_ICON[r.tipo], kind: RECORD_KIND[r.tipo] };
          // a request's detail (type, status, beneficiary, date) is long: it goes under the title, which stays whole
          return r.tipo === 'autorizacao' ? { ...row, trail: r.detalhe } : { ...row, detail: r.detalhe };
        },
        // a record is a piece of work of its own: Enter, its tab named after it (an open one comes to the front);
        // Ctrl+Enter, a new tab even when it is open
        pick: (i, inNewTab) => {
          const r = itens[i];
          closePalette();
          if (inNewTab) go(r.path, { newTab: true, label: r.nome });
          else openRecord(r.path, r.nome);
        },
        status,
      };
    }
    const only = scope === 'relatorios' ? model.isReport : undefined;
    const empty = !text.trim();
    const hits = model.index.search(text, { boost: empty ? boost.recent : boost.match, only, scopeKey: scope });
    const viewHits = scope === 'comandos' && viewIndex && views ? viewIndex.search(text) : [];
    const nv = viewHits.length;
    return {
      count: nv + hits.length,
      rowAt: (i) => {
        if (i < nv) {
          const v = views![viewHits[i]];
          return { key: `visao:${v.id}`, title: v.nome, icon: 'sliders', trail: v.titulo, kind: 'Visão salva' };
        }
        const k = hits[i - nv];
        const row = model.rows[k];
        return empty && boost.recent[k] ? { ...row, recent: true } : row;
      },
      pick: (i, inNewTab) => {
        closePalette();
        if (i < nv) {
          const v = views![viewHits[i]];
          return go(viewHref(v), { newTab: inNewTab, label: v.nome });
        }
        const c = model.commands[hits[i - nv]];
        recordUse(owner, c.id);
        go(hrefOf(c), { newTab: inNewTab });
      },
      status: scope === 'relatorios' ? 'Nenhum relatório encontrado.' : 'Nenhum comando encontrado. Use > para ações, # para relatórios e @ para registros.',
    };
  }, [scope, text, model, boost, actions, actionIndex, records, owner, views, viewIndex]);

  const onPick = useCallback((i: number, inNewTab: boolean) => result.pick(i, inNewTab || newTab), [result, newTab]);

  return (
    <Palette
      query={query}
      onQueryChange={setQuery}
      count={result.count}
      rowAt={result.rowAt}
      highlight={scope === 'registros' ? '' : text}
      status={result.status}
      onPick={onPick}
      onClose={closePalette}
      newTab={newTab}
      returnFocusTo={() => focusOrigin}
      footer={
        <>
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> navegar
          </span>
          <span>
            <kbd>Enter</kbd> abrir
          </span>
          <span>
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd> nova aba
          </span>
          <span>
            <kbd>&gt;</kbd> ações <kbd>#</kbd> relatórios <kbd>@</kbd> registros
          </span>
          <span>
            <kbd>Esc</kbd> fechar
          </span>
        </>
      }
    />
  );
}

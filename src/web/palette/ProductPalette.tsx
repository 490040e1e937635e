import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { isVisible, registry, type Command } from '../../../commands';
import type { ClientInfo } from '../../shared/api';
import type { ClientCode } from '../../shared/clients';
import type { AppAbility } from '../../shared/permissions';
import { BUSCA } from '../../shared/busca';
import { hotkeyOf, keyLabel } from '../hotkeys/shortcuts';
import { abilityAtom, clientAtom, store, userAtom } from '../session/store';
import { KIND_LABEL, hrefOf } from '../shell/Tiles';
import { go } from '../workspace/store';
import { paletteActions } from './actions';
import { Palette, type PaletteRow } from './Palette';
import { boosts, loadRecents, recordUse } from './recents';
import { useRecordSearch } from './records';
import { buildSearchIndex, type SearchIndex } from './search';
import { closePalette } from './state';

interface Model {
  commands: Command[];
  rows: PaletteRow[];
  index: SearchIndex;
  isReport: (i: number) => boolean;
}
const EMPTY: Model = { commands: [], rows: [], index: buildSearchIndex([]), isReport: () => false };

/**
 * The commands a session may open, with their rows and search index; built once per permission set (the
 * session is revalidated on every navigation, which hands out a new ability object with the same rules).
 */
let last: { key: string; model: Model } | null = null;
export function modelFor(ability: AppAbility, client: ClientInfo): Model {
  const key = `${client.id}|${JSON.stringify(client.flags)}|${JSON.stringify(ability.rules)}`;
  if (last?.key === key) return last.model;
  const ctx = { ability, client: client.id as ClientCode, flags: client.flags };
  const visible = (c: Command) => isVisible(c, ctx);
  // a folder only when something inside it can be opened (as the tiles do)
  const openable = new Map<Command, boolean>();
  const hasOpenable = (c: Command): boolean => {
    let v = openable.get(c);
    if (v === undefined) {
      v = registry.childrenOf(c).some((x) => !x.hidden && ((x.kind !== 'folder' && visible(x)) || hasOpenable(x)));
      openable.set(c, v);
    }
    return v;
  };
  const commands = registry.all.filter((c) => visible(c) && (c.kind !== 'folder' || c === registry.root || hasOpenable(c)));
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
  last = { key, model };
  return model;
}

/**
 * Builds the current session's index ahead of the first Ctrl+K (called when the browser is idle), and answers
 * every one-letter query once: the widest searches, so the first keystroke finds its answer ready.
 */
export function warmIndex() {
  const client = store.get(clientAtom);
  if (!client) return;
  const { index } = modelFor(store.get(abilityAtom), client);
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') index.search(letter);
  index.search('');
}

type Scope = 'comandos' | 'acoes' | 'relatorios' | 'registros';
const SCOPES: Record<string, Scope> = { '>': 'acoes', '#': 'relatorios', '@': 'registros' };

/** The palette of the product: commands by visibility, `>` actions, `#` reports, `@` records. Loaded lazily. */
export default function ProductPalette({ initialQuery, newTab }: { initialQuery: string; newTab: boolean }) {
  const ability = useAtomValue(abilityAtom);
  const client = useAtomValue(clientAtom);
  const model = client ? modelFor(ability, client) : EMPTY;
  const user = useAtomValue(userAtom);
  const owner = user?.principal;
  const [query, setQuery] = useState(initialQuery);
  const recents = useMemo(() => loadRecents(owner), [owner]);
  const boost = useMemo(() => boosts(model.commands.map((c) => c.id), recents), [model, recents]);

  const scope: Scope = SCOPES[query[0]] ?? 'comandos';
  const text = scope === 'comandos' ? query : query.slice(1);
  const records = useRecordSearch(scope === 'registros' ? text : '');
  const actions = useMemo(() => paletteActions({ owner, client }), [owner, client]);
  const actionIndex = useMemo(() => buildSearchIndex(actions.map((a) => ({ title: a.title, keywords: a.keywords }))), [actions]);

  const result = useMemo((): { count: number; rowAt: (i: number) => PaletteRow; pick: (i: number, newTab: boolean) => void; status?: string } => {
    if (scope === 'acoes') {
      const hits = actionIndex.search(text);
      return {
        count: hits.length,
        rowAt: (i) => {
          const a = actions[hits[i]];
          return { key: `acao:${a.id}`, title: a.title, icon: a.icon, kind: 'Ação', hotkey: a.hotkey };
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
          ? `Digite ao menos ${BUSCA.minimo} caracteres: nome, CPF ou matrícula do beneficiário; nome, CPF ou CNPJ do prestador (${BUSCA.minimoPrestador} ou mais).`
          : records.status === 'buscando'
            ? 'Buscando…'
            : records.status === 'erro'
              ? records.mensagem
              : `Nenhum registro encontrado${records.prestadores ? '' : ` (prestadores a partir de ${BUSCA.minimoPrestador} caracteres)`}.`;
      return {
        count: itens.length,
        rowAt: (i) => {
          const r = itens[i];
          return { key: `${r.tipo}:${r.id}`, title: r.nome, icon: r.tipo === 'beneficiario' ? 'user' : 'stethoscope', kind: r.tipo === 'beneficiario' ? 'Beneficiário' : 'Prestador', detail: r.detalhe };
        },
        pick: (i, inNewTab) => {
          const r = itens[i];
          closePalette();
          go(r.path, { newTab: inNewTab, label: r.nome });
        },
        status,
      };
    }
    const only = scope === 'relatorios' ? model.isReport : undefined;
    const empty = !text.trim();
    const hits = model.index.search(text, { boost: empty ? boost.recent : boost.match, only, scopeKey: scope });
    return {
      count: hits.length,
      rowAt: (i) => {
        const k = hits[i];
        const row = model.rows[k];
        return empty && boost.recent[k] ? { ...row, recent: true } : row;
      },
      pick: (i, inNewTab) => {
        const c = model.commands[hits[i]];
        recordUse(owner, c.id);
        closePalette();
        go(hrefOf(c), { newTab: inNewTab });
      },
      status: scope === 'relatorios' ? 'Nenhum relatório encontrado.' : 'Nenhum comando encontrado. Use > para ações, # para relatórios e @ para registros.',
    };
  }, [scope, text, model, boost, actions, actionIndex, records, owner]);

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

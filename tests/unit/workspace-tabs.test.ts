import { describe, expect, it } from 'vitest';
import {
  activateNumber,
  activeTab,
  arrive,
  closeTab,
  cycleTab,
  deserializeWorkspace,
  emptyWorkspace,
  HOME,
  MAX_TABS,
  navigateTab,
  openTab,
  parseLocation,
  serializeWorkspace,
  setTabState,
  type Workspace,
} from '../../src/web/workspace/tabs';

const loc = (to: string) => parseLocation(to);
const paths = (ws: Workspace) => ws.tabs.map((t) => t.path + (t.search ? `?${t.search}` : ''));
function three(): Workspace {
  let ws = openTab(emptyWorkspace('ana'), HOME);
  ws = openTab(ws, loc('/financeiro/pagamento/contas-pagar'));
  ws = openTab(ws, loc('/cadastro/pessoa/beneficiarios?id=1'));
  return ws;
}

describe('workspace tabs', () => {
  it('parses locations (query apart, trailing slash dropped)', () => {
    expect(parseLocation('/a/b/?x=1#frag')).toEqual({ path: '/a/b', search: 'x=1' });
    expect(parseLocation('/')).toEqual({ path: '/', search: '' });
  });

  it('opens tabs after the active one and activates them (or not, in the background)', () => {
    let ws = three();
    expect(paths(ws)).toEqual(['/', '/financeiro/pagamento/contas-pagar', '/cadastro/pessoa/beneficiarios?id=1']);
    expect(activeTab(ws)?.path).toBe('/cadastro/pessoa/beneficiarios');
    ws = activateNumber(ws, 1);
    ws = openTab(ws, loc('/relatorio'), { activate: false });
    expect(paths(ws)[1]).toBe('/relatorio');
    expect(activeTab(ws)?.path).toBe('/');
    expect(new Set(ws.tabs.map((t) => t.id)).size).toBe(4);
  });

  it('Alt+1…8 go to that tab, Alt+9 to the last; next/previous wrap around', () => {
    let ws = three();
    expect(activeTab(activateNumber(ws, 2))?.path).toBe('/financeiro/pagamento/contas-pagar');
    expect(activeTab(activateNumber(ws, 9))?.path).toBe('/cadastro/pessoa/beneficiarios');
    expect(activateNumber(ws, 7)).toBe(ws);
    ws = cycleTab(ws, 1);
    expect(activeTab(ws)?.path).toBe('/');
    ws = cycleTab(ws, -1);
    expect(activeTab(ws)?.path).toBe('/cadastro/pessoa/beneficiarios');
  });

  it('closing the active tab activates its right neighbour (or the left one); the last tab leaves a home tab', () => {
    let ws = activateNumber(three(), 2);
    ws = closeTab(ws, activeTab(ws)!.id);
    expect(activeTab(ws)?.path).toBe('/cadastro/pessoa/beneficiarios');
    ws = closeTab(ws, activeTab(ws)!.id);
    expect(activeTab(ws)?.path).toBe('/');
    ws = closeTab(ws, activeTab(ws)!.id);
    expect(paths(ws)).toEqual(['/']);
    expect(ws.activeId).toBe(ws.tabs[0].id);
  });

  it('closing an inactive tab keeps the active one', () => {
    const ws = three();
    const next = closeTab(ws, ws.tabs[0].id);
    expect(next.activeId).toBe(ws.activeId);
  });

  it('navigating a tab moves only that tab; a new screen drops its label and kept state, a new query keeps them', () => {
    let ws = three();
    const id = ws.tabs[2].id;
    ws = { ...ws, tabs: ws.tabs.map((t) => (t.id === id ? { ...t, label: 'Beatriz' } : t)) };
    ws = setTabState(ws, id, 'filtro', 'abc');
    const sameScreen = navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios?id=1&nome.startsWith=bea'));
    expect(sameScreen.tabs[2]).toMatchObject({ search: 'id=1&nome.startsWith=bea', label: 'Beatriz', state: { filtro: 'abc' } });
    // the label names the record: another record, or the list again, and the tab is no longer 'Beatriz'
    for (const q of ['id=2', 'nome.startsWith=bea']) {
      const t = navigateTab(ws, id, loc(`/cadastro/pessoa/beneficiarios?${q}`)).tabs[2];
      expect(t.label).toBeUndefined();
      expect(t.state).toEqual({ filtro: 'abc' });
    }
    const other = navigateTab(ws, id, loc('/relatorio'));
    expect(other.tabs[2].label).toBeUndefined();
    expect(other.tabs[2].state).toBeUndefined();
    expect(paths(other).slice(0, 2)).toEqual(paths(ws).slice(0, 2));
    expect(navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios?id=1'))).toBe(ws);
  });

  it('a record read-only (ver) keeps its name while its form opens over it and closes (id), and loses it for another', () => {
    let ws = three();
    const id = ws.tabs[2].id;
    ws = navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios?ver=1'));
    ws = { ...ws, tabs: ws.tabs.map((t) => (t.id === id ? { ...t, label: 'Beatriz' } : t)) };
    const editing = navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios?ver=1&id=1'));
    expect(editing.tabs[2].label).toBe('Beatriz');
    expect(navigateTab(editing, id, loc('/cadastro/pessoa/beneficiarios?ver=1')).tabs[2].label).toBe('Beatriz');
    expect(navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios?ver=2')).tabs[2].label).toBeUndefined();
    expect(navigateTab(ws, id, loc('/cadastro/pessoa/beneficiarios')).tabs[2].label).toBeUndefined();
  });

  it('arriving at an address activates the tab already there, else moves the active tab; with no tab, opens one', () => {
    let ws = three();
    ws = arrive(ws, loc('/financeiro/pagamento/contas-pagar'));
    expect(activeTab(ws)?.path).toBe('/financeiro/pagamento/contas-pagar');
    expect(ws.tabs).toHaveLength(3);
    ws = arrive(ws, loc('/nao/existe'));
    expect(paths(ws)).toEqual(['/', '/nao/existe', '/cadastro/pessoa/beneficiarios?id=1']);
    const fresh = arrive(emptyWorkspace('ana'), loc('/relatorio'));
    expect(paths(fresh)).toEqual(['/relatorio']);
  });

  it(`keeps at most ${MAX_TABS} tabs, dropping the oldest inactive one`, () => {
    let ws = emptyWorkspace('ana');
    for (let i = 0; i < MAX_TABS + 5; i++) ws = openTab(ws, loc(`/t/${i}`));
    expect(ws.tabs).toHaveLength(MAX_TABS);
    expect(activeTab(ws)?.path).toBe(`/t/${MAX_TABS + 4}`);
    expect(paths(ws)[0]).toBe('/t/5');
  });

  it('survives a round trip through storage, and drops anything malformed', () => {
    let ws = three();
    ws = setTabState(ws, ws.tabs[1].id, 'filtro', 'pagar');
    ws = { ...ws, tabs: ws.tabs.map((t, i) => (i === 0 ? { ...t, scrollY: 420 } : t)) };
    const back = deserializeWorkspace('ana', serializeWorkspace(ws));
    expect(back).toEqual({ ...ws, owner: 'ana' });
    // ids keep counting after a reload
    expect(openTab(back, HOME).tabs.at(-1)?.id).not.toBe(ws.tabs[0].id);
    const bad = JSON.stringify({ tabs: [{ id: 't1', path: '//evil.example' }, { id: 't2', path: '/ok', search: 5 }, { id: 't2', path: '/dup' }, null, { path: '/no-id' }], activeId: 'zz' });
    expect(deserializeWorkspace('ana', bad)).toMatchObject({ tabs: [{ id: 't2', path: '/ok', search: '' }], activeId: 't2' });
    expect(deserializeWorkspace('ana', '{not json')).toEqual(emptyWorkspace('ana'));
    expect(deserializeWorkspace('ana', null)).toEqual(emptyWorkspace('ana'));
  });
});

import { useAtomValue } from 'jotai';
import { memo, useEffect, useRef } from 'react';
import { Redirect, Router, useLocation, useSearch } from 'wouter';
import { registry } from '../../../commands';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/StatusPages';
import { decide } from '../router/decide';
import { SHELL_PAGES } from '../router/shellPages';
import { abilityAtom, clientAtom, userAtom } from '../session/store';
import { CommandView } from '../shell/CommandView';
import { forgetTab, TabIdContext, useTabLocation, useTabSearch } from './hooks';
import { markFormsDirty } from './store';
import { panelDomId, tabDomId } from './ids';

/**
 * One workspace tab: its own router (location), kept mounted while hidden so everything typed in it
 * (filters, scroll, unsaved forms) survives switching tabs.
 */
export const TabPanel = memo(function TabPanel({ id, active }: { id: string; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => () => forgetTab(id), [id]);
  // Typing into a form (not a search form) marks the tab as holding unsaved input; submitting or resetting it,
  // or the form leaving the page (its dialog closed), clears it. Screens may also say so: useUnsavedChanges.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const forms = new Set<HTMLFormElement>();
    const update = () => {
      for (const f of forms) if (!f.isConnected) forms.delete(f);
      markFormsDirty(id, forms.size > 0);
    };
    const onInput = (e: Event) => {
      const form = (e.target as HTMLElement).closest?.('form');
      if (!form || form.getAttribute('role') === 'search' || form.hasAttribute('data-sem-alteracoes')) return;
      forms.add(form);
      update();
    };
    const onDone = (e: Event) => {
      forms.delete(e.target as HTMLFormElement);
      update();
    };
    const observer = new MutationObserver(() => forms.size && update());
    observer.observe(el, { childList: true, subtree: true });
    el.addEventListener('input', onInput);
    el.addEventListener('submit', onDone);
    el.addEventListener('reset', onDone);
    return () => {
      observer.disconnect();
      el.removeEventListener('input', onInput);
      el.removeEventListener('submit', onDone);
      el.removeEventListener('reset', onDone);
      markFormsDirty(id, false);
    };
  }, [id]);
  return (
    <div ref={ref} className="ws-panel" id={panelDomId(id)} role="tabpanel" aria-labelledby={tabDomId(id)} data-tab={id} hidden={!active}>
      <TabIdContext.Provider value={id}>
        <Router hook={useTabLocation} searchHook={useTabSearch}>
          <TabView />
        </Router>
      </TabIdContext.Provider>
    </div>
  );
});

/** The guard's decision for this tab's location, then its page. */
function TabView() {
  const [path] = useLocation();
  const search = useSearch();
  const user = useAtomValue(userAtom);
  const client = useAtomValue(clientAtom);
  const ability = useAtomValue(abilityAtom);
  const d = decide({ path, search, hasToken: true, user, client, ability, validationFailed: false });
  if (d.type === 'redirect') return <Redirect to={d.to} replace />;
  if (d.type === 'validate') return <div className="splash">Carregando…</div>;
  if (d.type === 'notfound') return <NotFoundPage />;
  const page = SHELL_PAGES[path];
  if (page) return page.render();
  const command = d.command ?? registry.root;
  return command === registry.root ? <HomePage /> : <CommandView command={command} search={search} />;
}

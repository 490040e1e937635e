import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect } from 'react';
import { MSG } from '../../shared/messages';
import { ShortcutsDialog } from '../hotkeys/ShortcutsDialog';
import { useWorkspaceHotkeys } from '../hotkeys/useWorkspaceHotkeys';
import { PaletteHost } from '../palette/PaletteHost';
import { useWarmResourceScreen } from '../resources/useWarmResourceScreen';
import { Breadcrumb } from '../shell/Breadcrumb';
import { JobsHost } from '../jobs/JobsHost';
import { Header } from '../shell/Header';
import { ConfirmDialog } from '../ui/Dialog';
import { describeLocation } from './describe';
import { TabPanel } from './TabPanel';
import { TabStrip } from './TabStrip';
import { closeConfirmAtom, go, isOutsidePath, tabActions, tabsViewAtom, workspaceAtom } from './store';
import { store } from '../session/store';
import './workspace.css';

/**
 * The logged-in frame: header, tab strip, the active tab's breadcrumb, and every tab's panel
 * (inactive ones hidden, still mounted). Also the palette, the shortcuts panel and the workspace keys.
 */
export function Workspace() {
  const ws = useAtomValue(tabsViewAtom);
  const active = ws.tabs.find((t) => t.id === ws.activeId);
  useWorkspaceHotkeys();
  useNewTabClicks();
  useWarmResourceScreen();

  // Coming back to a tab brings back where it was scrolled to.
  useLayoutEffect(() => {
    if (!ws.activeId) return;
    const t = store.get(workspaceAtom).tabs.find((x) => x.id === ws.activeId);
    window.scrollTo(0, t?.scrollY ?? 0);
  }, [ws.activeId]);

  if (!active) return <div className="splash">Carregando…</div>;
  const info = describeLocation(active);
  return (
    <div className="shell">
      <a className="sr-only" href="#conteudo">
        Ir para o conteúdo
      </a>
      <Header />
      <TabStrip />
      <Breadcrumb command={info.command} title={info.command ? (active.label ?? undefined) : info.title} />
      <main className="main" id="conteudo">
        {ws.tabs.map((t) => (
          <TabPanel key={t.id} id={t.id} active={t.id === ws.activeId} />
        ))}
      </main>
      <PaletteHost />
      <JobsHost />
      <ShortcutsDialog />
      <CloseTabConfirm />
    </div>
  );
}

function CloseTabConfirm() {
  const id = useAtomValue(closeConfirmAtom);
  if (!id) return null;
  const tab = store.get(workspaceAtom).tabs.find((t) => t.id === id);
  const done = () => store.set(closeConfirmAtom, null);
  return (
    <ConfirmDialog
      title={MSG.confirmacao}
      message={`A aba "${tab ? describeLocation(tab).title : ''}" tem dados não salvos. Fechar mesmo assim?`}
      onNo={done}
      onYes={() => {
        done();
        tabActions.closeNow(id);
      }}
    />
  );
}

/** Ctrl/Cmd+click and middle click on an internal link (tiles, breadcrumb…) open it in a new tab, behind. */
function useNewTabClicks() {
  useEffect(() => {
    function onClick(e: MouseEvent) {
      if (e.defaultPrevented) return;
      const wanted = e.type === 'auxclick' ? e.button === 1 : e.button === 0 && (e.ctrlKey || e.metaKey);
      if (!wanted) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || url.pathname.startsWith('/api') || isOutsidePath(url.pathname)) return;
      e.preventDefault();
      go(url.pathname + url.search, { newTab: true, background: !e.shiftKey });
    }
    // the middle button's autoscroll would start on mousedown
    const onDown = (e: MouseEvent) => e.button === 1 && (e.target as Element | null)?.closest?.('a[href]') && e.preventDefault();
    document.addEventListener('click', onClick);
    document.addEventListener('auxclick', onClick);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('auxclick', onClick);
      document.removeEventListener('mousedown', onDown);
    };
  }, []);
}

import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { Command } from '../../../commands';
import { NotBuiltPage } from '../pages/NotBuiltPage';
import { screenFor } from '../screens';
import type { ScreenProps } from '../screens/types';
import { Icon } from './icons';
import { useVisibility } from '../session/useVisibility';
import { FilteredTiles } from './FilteredTiles';
import { Tiles } from './Tiles';

const screens = new Map<string, LazyExoticComponent<ComponentType<ScreenProps>>>();
function screenOf(c: Command) {
  let s = screens.get(c.id);
  const load = s ? undefined : screenFor(c);
  if (!s && load) {
    s = lazy(load);
    screens.set(c.id, s);
  }
  return s;
}

/** Renders what a command opens: a folder of tiles, its screen (lazy), a link, or the honest not-built page. */
export function CommandView({ command, search }: ScreenProps) {
  if (command.kind === 'link' && command.href) return <ExternalLink command={command} />;
  const Screen = screenOf(command);
  if (Screen) {
    return (
      <>
        <Suspense fallback={<div className="splash">Carregando…</div>}>
          {/* screenOf hands out one lazy component per command, created once and kept: stable across renders */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          <Screen command={command} search={search} />
        </Suspense>
        {/* what the screen holds shows at once, without waiting for the screen's code */}
        <ChildTiles command={command} />
      </>
    );
  }
  if (command.kind === 'folder') {
    return (
      <>
        <h1 className="page-title">
          <Icon name={command.icon} size={22} /> {command.title}
        </h1>
        <p className="page-sub">Escolha uma opção.</p>
        <FilteredTiles folder={command} />
      </>
    );
  }
  return (
    <>
      <NotBuiltPage command={command} />
      <ChildTiles command={command} />
    </>
  );
}

/** A screen that also holds commands (the own record holds the card and the update request) lists them below. */
function ChildTiles({ command }: { command: Command }) {
  const { children } = useVisibility();
  if (!children(command).length) return null;
  return (
    <section style={{ marginTop: 24 }}>
      <h2 style={{ fontSize: 16 }}>Também aqui</h2>
      <Tiles folder={command} />
    </section>
  );
}

function ExternalLink({ command }: { command: Command }) {
  useEffect(() => {
    window.open(command.href, '_blank', 'noopener,noreferrer');
  }, [command.href]);
  return (
    <div className="card">
      <h1 className="page-title">{command.title}</h1>
      <p>
        Abrimos o site externo em uma nova janela. Se ela não abriu, use o link:{' '}
        <a href={command.href} target="_blank" rel="noopener noreferrer">
          {command.href}
        </a>
      </p>
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { registry, type Command, type CommandPath } from '../../../commands';
import { AJUDA_VIEWS, type AjudaView } from '../../../commands/modules/ajuda';
import { PAGINAS, textoDaPagina, type Bloco } from '../../shared/ajuda/paginas';
import { fold } from '../../shared/text';
import { FIXED_SHORTCUTS, hotkeyOf, keyLabel } from '../hotkeys/shortcuts';
import { useVisibility } from '../session/useVisibility';
import { Icon } from '../shell/icons';
import { hrefOf } from '../shell/Tiles';
import type { ScreenProps } from '../screens/types';
import './ajuda.css';

const isView = (v: string | undefined): v is AjudaView => !!v && (AJUDA_VIEWS as readonly string[]).includes(v);
/** The help command of each page (its title, icon and address). */
const COMANDO = new Map(registry.all.filter((c) => c.path === '/cadastro/ajuda' && isView(c.query?.view)).map((c) => [c.query!.view as AjudaView, c]));
const tituloDe = (v: AjudaView) => COMANDO.get(v)!.title.replace(/^Ajuda: /, '');

/**
 * /cadastro/ajuda: the index of the help pages (with a filter over their whole text) or, with `?view=`, one page;
 * the pages are data (src/shared/ajuda/paginas.ts), each also a palette entry through its command.
 */
export default function AjudaScreen({ command }: ScreenProps) {
  const view = isView(command.query?.view) ? command.query.view : null;
  return (
    <div className="ajuda" data-testid="ajuda">
      <nav className="ajuda-nav" aria-label="Páginas da ajuda">
        <Link href="/cadastro/ajuda" className="ajuda-nav-item" aria-current={view === null ? 'page' : undefined}>
          <Icon name="help" size={16} /> Todas as páginas
        </Link>
        {AJUDA_VIEWS.map((v) => (
          <Link key={v} href={hrefOf(COMANDO.get(v)!)} className="ajuda-nav-item" aria-current={view === v ? 'page' : undefined}>
            <Icon name={COMANDO.get(v)!.icon} size={16} /> {tituloDe(v)}
          </Link>
        ))}
      </nav>
      <div className="ajuda-corpo">{view ? <Pagina view={view} /> : <Indice />}</div>
    </div>
  );
}

function Indice() {
  const [filtro, setFiltro] = useState('');
  const textos = useMemo(() => new Map(AJUDA_VIEWS.map((v) => [v, fold(`${tituloDe(v)} ${COMANDO.get(v)!.keywords?.join(' ') ?? ''} ${textoDaPagina(PAGINAS[v])}`)])), []);
  const palavras = fold(filtro).split(/\s+/).filter(Boolean);
  const achadas = AJUDA_VIEWS.filter((v) => palavras.every((p) => textos.get(v)!.includes(p)));
  return (
    <>
      <h1 className="page-title">Ajuda</h1>
      <p className="page-sub">
        Como usar o portal no dia a dia. Cada página também é achada pela paleta de comandos: pressione <kbd>Ctrl</kbd>+<kbd>K</kbd> e digite "ajuda" ou o assunto.
      </p>
      <label className="ajuda-filtro">
        <span>Procurar na ajuda</span>
        <input type="search" value={filtro} onChange={(e) => setFiltro(e.target.value)} placeholder="Por exemplo: senha, prazo, lote" />
      </label>
      {achadas.length === 0 && <p className="page-sub">Nenhuma página fala de "{filtro.trim()}".</p>}
      <div className="ajuda-cards">
        {achadas.map((v) => (
          <Link key={v} href={hrefOf(COMANDO.get(v)!)} className="tile ajuda-card">
            <span className="tile-icon">
              <Icon name={COMANDO.get(v)!.icon} size={20} />
            </span>
            <span className="tile-title">{tituloDe(v)}</span>
            <span className="ajuda-resumo">{PAGINAS[v].resumo}</span>
          </Link>
        ))}
      </div>
    </>
  );
}

function Pagina({ view }: { view: AjudaView }) {
  const p = PAGINAS[view];
  return (
    <article className="ajuda-pagina">
      <h1 className="page-title">{tituloDe(view)}</h1>
      <p className="page-sub">{p.resumo}</p>
      {p.secoes.map((s) => (
        <section key={s.titulo} className="card ajuda-secao">
          <h2>{s.titulo}</h2>
          {s.blocos.map((b, i) => (
            <BlocoAjuda key={i} bloco={b} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Teclas({ itens }: { itens: readonly (readonly [string, string])[] }) {
  return (
    <dl className="ajuda-teclas">
      {itens.map(([k, d]) => (
        <div key={k + d}>
          <dt>
            <kbd>{k}</kbd>
          </dt>
          <dd>{d}</dd>
        </div>
      ))}
    </dl>
  );
}

function BlocoAjuda({ bloco }: { bloco: Bloco }) {
  const { visible } = useVisibility();
  if ('p' in bloco) return <p>{bloco.p}</p>;
  if ('lista' in bloco)
    return (
      <ul>
        {bloco.lista.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    );
  if ('passos' in bloco)
    return (
      <ol>
        {bloco.passos.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ol>
    );
  if ('teclas' in bloco) return <Teclas itens={bloco.teclas} />;
  if ('atalhosDoSistema' in bloco) {
    // the same list the "?" panel shows: the fixed keys, then the go-to sequences of what this user may open
    const gotos = registry.all.filter((c) => hotkeyOf(c) && visible(c)).map((c) => [keyLabel(hotkeyOf(c)!), `Ir para ${c.title}`] as const);
    return <Teclas itens={[...FIXED_SHORTCUTS.map((s) => [s.keys, s.label] as const), ...gotos]} />;
  }
  // screens the reader may open; a block none of whose screens the reader sees says so (the text still explains them)
  const telas = bloco.telas.map((p) => registry.match(p as CommandPath)).filter((c): c is Command => !!c && visible(c));
  if (!telas.length) return <p className="ajuda-sem-acesso">As telas deste assunto não fazem parte do seu perfil.</p>;
  return (
    <ul className="ajuda-telas" aria-label="Telas">
      {telas.map((c) => (
        <li key={c.id}>
          <Link href={hrefOf(c)}>
            <Icon name={c.icon} size={16} /> {c.title}
          </Link>
          <span className="ajuda-trilha">
            {registry
              .trailOf(c)
              .slice(1, -1)
              .map((t) => t.title)
              .join(' › ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

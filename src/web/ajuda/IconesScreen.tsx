import { useMemo, useState } from 'react';
import { registry, type Command } from '../../../commands';
import { ICON_LABELS, ICON_NAMES, type IconName } from '../../../commands/icons';
import { fold } from '../../shared/text';
import { Icon } from '../shell/icons';
import './ajuda.css';

/**
 * /cadastro/configuracoes/icons (spec §2.1: the icon dictionary; analisecomsc on autorizacao): every icon the commands
 * use, read from the registry, with its name, what it shows and where it is used; then the declared ones no command
 * uses yet. Filtered by any of those words.
 */
export default function IconesScreen() {
  const [filtro, setFiltro] = useState('');
  const uso = useMemo(() => {
    const m = new Map<IconName, Command[]>();
    for (const c of registry.all) m.set(c.icon, [...(m.get(c.icon) ?? []), c]);
    return m;
  }, []);
  const palavras = fold(filtro).split(/\s+/).filter(Boolean);
  const passa = (n: IconName) => {
    const texto = fold(`${n} ${ICON_LABELS[n]} ${(uso.get(n) ?? []).map((c) => c.title).join(' ')}`);
    return palavras.every((p) => texto.includes(p));
  };
  const usados = ICON_NAMES.filter((n) => uso.has(n)).sort((a, b) => uso.get(b)!.length - uso.get(a)!.length || a.localeCompare(b));
  const livres = ICON_NAMES.filter((n) => !uso.has(n));
  const item = (n: IconName) => {
    const cs = uso.get(n) ?? [];
    return (
      <li key={n} className="icone-item" data-icone={n} data-sem-uso={cs.length ? undefined : true}>
        <span className="tile-icon">
          <Icon name={n} size={20} />
        </span>
        <strong>{ICON_LABELS[n]}</strong>
        <code>{n}</code>
        <small title={cs.map((c) => c.title).join(', ')}>
          {cs.length ? `${cs.length} ${cs.length === 1 ? 'comando' : 'comandos'}: ${cs.slice(0, 2).map((c) => c.title).join(', ')}${cs.length > 2 ? '…' : ''}` : 'Nenhum comando usa ainda'}
        </small>
      </li>
    );
  };
  const usadosVistos = usados.filter(passa);
  const livresVistos = livres.filter(passa);
  return (
    <div className="sobre" data-testid="icones">
      <header>
        <h1 className="page-title">Dicionário de Ícones</h1>
        <p className="page-sub" style={{ margin: 0 }}>
          {usados.length} ícones identificam as {registry.all.length} telas, pastas, relatórios e processos do portal. Cada um traz o que mostra, o nome usado na declaração dos comandos e onde aparece.
        </p>
      </header>
      <label className="ajuda-filtro">
        <span>Procurar ícone</span>
        <input type="search" value={filtro} onChange={(e) => setFiltro(e.target.value)} placeholder="Nome, o que mostra ou uma tela que o usa" />
      </label>
      {usadosVistos.length + livresVistos.length === 0 && <p className="page-sub">Nenhum ícone com "{filtro.trim()}".</p>}
      {usadosVistos.length > 0 && (
        <ul className="icones-grade" aria-label="Ícones em uso" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {usadosVistos.map(item)}
        </ul>
      )}
      {livresVistos.length > 0 && (
        <>
          <h2 style={{ fontSize: 17, margin: '8px 0 0' }}>Declarados, ainda sem uso</h2>
          <ul className="icones-grade" aria-label="Ícones sem uso" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {livresVistos.map(item)}
          </ul>
        </>
      )}
    </div>
  );
}

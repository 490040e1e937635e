import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { fold } from '../../shared/text';
import type { Perfil, PermissaoNo } from '../../shared/usuarios/perfis';
import { api, ApiError } from '../api/client';
import type { ScreenProps } from '../screens/types';
import './usuarios.css';

/** How each action reads beside a screen (the report codes read as themselves). */
const ACAO: Record<string, string> = {
  list: 'Abrir',
  insert: 'Incluir',
  update: 'Alterar',
  delete: 'Excluir',
  view: 'Visualizar',
  exportacao: 'Exportar',
  estornoremessa: 'Estornar remessa',
  analisecomsc: 'Análise',
  removecartoes: 'Remover cartões',
  ura: 'URA',
};
const acaoDe = (p: string) => {
  const a = p.slice(p.lastIndexOf(':') + 1);
  return ACAO[a] ?? (/^rep\d+$/.test(a) ? `Relatório ${a}` : a);
};

const perfisKeys = { lista: ['perfis'] as const, catalogo: ['perfis', 'catalogo'] as const };

/** Every permission of a node and of all below it. */
function todas(n: PermissaoNo): string[] {
  return [...(n.abre ? [n.abre] : []), ...n.acoes, ...n.filhos.flatMap(todas)];
}

/** The nodes matching the search (by title, without accents), with the folders on the way. */
function filtra(nodes: PermissaoNo[], q: string): PermissaoNo[] {
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    if (fold(n.title).includes(q)) return [n];
    const filhos = filtra(n.filhos, q);
    return filhos.length ? [{ ...n, filhos }] : [];
  });
}

/**
 * Configuração de Permissões: the permission profiles and, for the one chosen, its permissions as the command tree
 * — tick a folder (everything below it) or a screen, and the actions that exist for it (a table's writes, report
 * codes, special actions) — with a search by name. Only administrators save; a change holds from the next request of
 * every user holding the profile.
 */
export default function PerfisScreen(_: ScreenProps) {
  const lista = useQuery({ queryKey: perfisKeys.lista, queryFn: () => api.get<Perfil[]>('/perfis') });
  const catalogo = useQuery({ queryKey: perfisKeys.catalogo, queryFn: () => api.get<PermissaoNo[]>('/perfis/catalogo'), staleTime: Infinity });
  const [escolhido, setEscolhido] = useState<number | 'novo' | null>(null);
  if (!lista.data || !catalogo.data) return <p className="page-sub">{lista.error || catalogo.error ? 'Não foi possível carregar os perfis.' : 'Carregando…'}</p>;
  const atual = escolhido === 'novo' ? null : (lista.data.find((p) => p.id === escolhido) ?? null);
  return (
    <div className="perfis" data-testid="perfis">
      <h1 className="page-title">Configuração de Permissões</h1>
      <div className="perfis-corpo">
        <nav className="perfis-lista card" aria-label="Perfis">
          <button type="button" className="btn btn-primary" onClick={() => setEscolhido('novo')}>
            Novo perfil
          </button>
          <ul>
            {lista.data.map((p) => (
              <li key={p.id}>
                <button type="button" className={p.id === escolhido ? 'ativo' : undefined} aria-current={p.id === escolhido || undefined} onClick={() => setEscolhido(p.id)}>
                  {p.nome}
                  <small>{p.usuarios === 1 ? '1 usuário' : `${p.usuarios} usuários`}</small>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {escolhido == null ? (
          <p className="page-sub">Escolha um perfil para ver e alterar as suas permissões.</p>
        ) : (
          <Editor key={`${escolhido}:${atual?.version ?? 0}`} perfil={atual} arvore={catalogo.data} onSalvo={(id) => setEscolhido(id)} />
        )}
      </div>
    </div>
  );
}

function Editor({ perfil, arvore, onSalvo }: { perfil: Perfil | null; arvore: PermissaoNo[]; onSalvo: (id: number) => void }) {
  const qc = useQueryClient();
  const [nome, setNome] = useState(perfil?.nome ?? '');
  const [descricao, setDescricao] = useState(perfil?.descricao ?? '');
  const [marcadas, setMarcadas] = useState(() => new Set(perfil?.permissoes ?? []));
  const [busca, setBusca] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const visiveis = useMemo(() => filtra(arvore, fold(busca.trim())), [arvore, busca]);

  const troca = (ps: string[], on: boolean) =>
    setMarcadas((m) => {
      const n = new Set(m);
      for (const p of ps) if (on) n.add(p);
      else n.delete(p);
      return n;
    });

  async function salvar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    setEnviando(true);
    setErro(null);
    const body = { nome, descricao, permissoes: [...marcadas] };
    try {
      const r = perfil ? await api.put<Perfil>(`/perfis/${perfil.id}`, { ...body, version: perfil.version }) : await api.post<Perfil>('/perfis', body);
      await qc.invalidateQueries({ queryKey: perfisKeys.lista });
      onSalvo(r.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErro(err.message);
    } finally {
      setEnviando(false);
    }
  }

  async function excluir() {
    if (!perfil) return;
    try {
      await api.del(`/perfis/${perfil.id}`);
      await qc.invalidateQueries({ queryKey: perfisKeys.lista });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }

  // `acima`: the permissions of the folders above. Ticking something ticks them too: without a folder's own
  // permission no tile and no palette folder leads to the screen inside it.
  const no = (n: PermissaoNo, nivel: number, acima: string[]) => {
    const abaixo = todas(n);
    const caminho = n.abre ? [...acima, n.abre] : acima;
    const marcado = abaixo.length > 0 && abaixo.every((p) => marcadas.has(p));
    const parcial = !marcado && abaixo.some((p) => marcadas.has(p));
    return (
      <li key={n.path} data-path={n.path}>
        <div className={`perfis-no nivel-${Math.min(nivel, 4)}`}>
          <label>
            <input
              type="checkbox"
              checked={marcado}
              disabled={!abaixo.length}
              ref={(el) => {
                if (el) el.indeterminate = parcial;
              }}
              onChange={(e) => troca(e.target.checked ? [...acima, ...abaixo] : abaixo, e.target.checked)}
            />
            {n.title}
            {!abaixo.length && <small> (só administradores)</small>}
          </label>
          {n.acoes.length > 0 && (
            <span className="perfis-acoes">
              {n.acoes.map((a) => (
                <label key={a}>
                  <input type="checkbox" checked={marcadas.has(a)} onChange={(e) => troca(e.target.checked ? [...caminho, a] : [a], e.target.checked)} />
                  {acaoDe(a)}
                </label>
              ))}
            </span>
          )}
        </div>
        {n.filhos.length > 0 && <ul>{n.filhos.map((f) => no(f, nivel + 1, caminho))}</ul>}
      </li>
    );
  };

  return (
    <form className="perfis-editor card" onSubmit={salvar} aria-label={perfil ? `Perfil ${perfil.nome}` : 'Novo perfil'} noValidate>
      <div className="fluxo-grid">
        <div className="field">
          <label htmlFor="perfil-nome">Nome *</label>
          <input id="perfil-nome" maxLength={80} value={nome} onChange={(e) => setNome(e.target.value)} />
        </div>
        <div className="field largo">
          <label htmlFor="perfil-descricao">Descrição</label>
          <input id="perfil-descricao" maxLength={200} value={descricao} onChange={(e) => setDescricao(e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="perfil-busca">Procurar tela ou pasta</label>
        <input id="perfil-busca" type="search" value={busca} placeholder="Parte do nome" onChange={(e) => setBusca(e.target.value)} />
      </div>
      <p className="page-sub" data-testid="perfil-contagem">
        {marcadas.size === 1 ? '1 permissão marcada' : `${marcadas.size} permissões marcadas`}
        {perfil && ` · ${perfil.usuarios === 1 ? '1 usuário' : `${perfil.usuarios} usuários`} com este perfil`}
      </p>
      <ul className="perfis-arvore">{visiveis.length ? visiveis.map((n) => no(n, 0, [])) : <li>Nenhuma tela com esse nome.</li>}</ul>
      {erro && (
        <p role="alert" className="fluxo-erro">
          {erro}
        </p>
      )}
      <div className="fluxo-rodape">
        {perfil && (
          <button type="button" className="btn" onClick={() => void excluir()} disabled={perfil.usuarios > 0} title={perfil.usuarios ? 'Retire o perfil dos usuários antes de excluí-lo.' : undefined}>
            Excluir perfil
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Salvando…' : 'Salvar perfil'}
        </button>
      </div>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { registry, type Command } from '../../../commands';
import { VISAO_TIPOS, type VisaoDoBeneficiario, type VisaoDoComando, type VisaoDoUsuario, type VisaoUsuarioResumo } from '../../shared/acessos/visao';
import { instantToBr } from '../../shared/dates';
import { ROLE_LABELS } from '../../shared/roles';
import { api } from '../api/client';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import { downloadExport } from '../resources/download';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { usuarioApi } from '../usuarios/api';
import { useTabId, useTabState } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../lists/lists.css';
import './acessos.css';

type Vista = 'usuario' | 'comando' | 'beneficiario';
const VISTAS: [Vista, string][] = [
  ['usuario', 'Por usuário'],
  ['comando', 'Por comando'],
  ['beneficiario', 'Por beneficiário'],
];

const keys = {
  usuarios: ['acessos', 'visao', 'usuarios'] as const,
  usuario: (id: number) => ['acessos', 'visao', 'usuario', id] as const,
  comando: (id: string) => ['acessos', 'visao', 'comando', id] as const,
  beneficiario: (id: number) => ['acessos', 'visao', 'beneficiario', id] as const,
};

/** The commands to ask about, grouped by their module (the first level of the menu), in menu order. */
function commandGroups(): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const c of registry.all) {
    if (c === registry.root) continue;
    const modulo = registry.trailOf(c)[1]?.title ?? c.title;
    groups.set(modulo, [...(groups.get(modulo) ?? []), c]);
  }
  return [...groups];
}
const GRUPOS = commandGroups();
const rotuloComando = (c: Command) =>
  registry
    .trailOf(c)
    .slice(2)
    .map((x) => x.title)
    .join(' › ') || c.title;

function Exportar({ path }: { path: string }) {
  const [ocupado, setOcupado] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      disabled={ocupado}
      onClick={() => {
        setOcupado(true);
        downloadExport(path, () => undefined)
          .catch(() => undefined)
          .finally(() => setOcupado(false));
      }}
    >
      {ocupado ? 'Exportando…' : 'Exportar CSV'}
    </button>
  );
}

/** A table that turns into cards on a phone (the list engine's classes): each cell with its column's name. */
function Tabela({ colunas, linhas, vazio }: { colunas: string[]; linhas: { key: string | number; cells: ReactNode[] }[]; vazio: string }) {
  if (!linhas.length) return <p className="page-sub">{vazio}</p>;
  return (
    <table className="lista-tabela">
      <thead>
        <tr>
          {colunas.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.key}>
            {l.cells.map((c, i) => (
              <td key={colunas[i]} data-label={colunas[i]}>
                <div className="lista-cel">{c}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const papeis = (u: VisaoUsuarioResumo) => (
  <span className="lista-chips">
    {u.papeis.map((p) => (
      <Chip key={p} tone={p === 'admin' ? 'info' : 'muted'}>
        {ROLE_LABELS[p]}
      </Chip>
    ))}
  </span>
);
const situacao = (u: VisaoUsuarioResumo) => <Chip tone={u.ativo ? 'ok' : 'bad'}>{u.ativo ? 'Ativo' : 'Bloqueado'}</Chip>;

function PorUsuario() {
  const [id, setId] = useTabState<number | null>('qv-usuario', null);
  const usuarios = useQuery({ queryKey: keys.usuarios, queryFn: () => api.get<VisaoUsuarioResumo[]>('/acessos/visao/usuarios') });
  const r = useQuery({ queryKey: keys.usuario(id ?? 0), queryFn: () => api.get<VisaoDoUsuario>(`/acessos/visao/usuario/${id}`), enabled: id != null });
  return (
    <>
      <div className="qv-escolha">
        <label htmlFor="qv-usuario">Usuário</label>
        <select id="qv-usuario" value={id ?? ''} onChange={(e) => setId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Escolha o usuário</option>
          {usuarios.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.login} — {u.nome}
            </option>
          ))}
        </select>
      </div>
      {r.data && (
        <section className="qv-resultado" aria-live="polite">
          <div className="acessos-acoes">
            <p className="page-sub" data-testid="qv-resumo">
              <strong>{r.data.usuario.nome}</strong> abre {r.data.comandos.length} {r.data.comandos.length === 1 ? 'comando' : 'comandos'}
              {!r.data.usuario.ativo && ' (bloqueado: hoje não entra)'}.
            </p>
            <Exportar path={`/acessos/visao/usuario/${id}/exportar.csv`} />
          </div>
          <Tabela
            colunas={['Comando', 'Onde', 'Tipo']}
            vazio="Nenhum comando."
            linhas={r.data.comandos.map((c) => ({ key: c.id, cells: [c.title, c.onde || '—', VISAO_TIPOS[c.tipo]] }))}
          />
        </section>
      )}
    </>
  );
}

function PorComando() {
  const [id, setId] = useTabState<string>('qv-comando', '');
  const r = useQuery({ queryKey: keys.comando(id), queryFn: () => api.get<VisaoDoComando>(`/acessos/visao/comando?comando=${encodeURIComponent(id)}`), enabled: !!id });
  return (
    <>
      <div className="qv-escolha">
        <label htmlFor="qv-comando">Comando</label>
        <select id="qv-comando" value={id} onChange={(e) => setId(e.target.value)}>
          <option value="">Escolha o comando</option>
          {GRUPOS.map(([modulo, cs]) => (
            <optgroup key={modulo} label={modulo}>
              {cs.map((c) => (
                <option key={c.id} value={c.id}>
                  {rotuloComando(c)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {r.data && (
        <section className="qv-resultado" aria-live="polite">
          <div className="acessos-acoes">
            <p className="page-sub" data-testid="qv-resumo">
              <strong>{r.data.comando.title}</strong> ({[r.data.comando.onde, r.data.comando.title].filter(Boolean).join(' › ')}): {r.data.usuarios.length}{' '}
              {r.data.usuarios.length === 1 ? 'usuário abre' : 'usuários abrem'}.
            </p>
            <Exportar path={`/acessos/visao/comando/exportar.csv?comando=${encodeURIComponent(id)}`} />
          </div>
          <Tabela
            colunas={['Usuário', 'Papéis', 'Situação']}
            vazio="Nenhum usuário abre este comando."
            linhas={r.data.usuarios.map((u) => ({
              key: u.id,
              cells: [
                <>
                  {u.login}
                  <small>{u.nome}</small>
                </>,
                papeis(u),
                situacao(u),
              ],
            }))}
          />
        </section>
      )}
    </>
  );
}

function PorBeneficiario() {
  const [escolhido, setEscolhido] = useTabState<Option | null>('qv-beneficiario', null);
  const r = useQuery({
    queryKey: keys.beneficiario(escolhido?.id ?? 0),
    queryFn: () => api.get<VisaoDoBeneficiario>(`/acessos/visao/beneficiario/${escolhido!.id}`),
    enabled: !!escolhido,
    staleTime: 0,
  });
  const tabId = useTabId();
  const logHref = `/cadastro/acesso/log-acessos?entidade=beneficiario&pessoa=${escolhido?.id ?? ''}`;
  return (
    <>
      <div className="qv-escolha">
        <label htmlFor="qv-beneficiario">Beneficiário</label>
        <Autocomplete
          id="qv-beneficiario"
          queryKey={['acessos', 'visao', 'beneficiarios']}
          search={async (termo) => (await usuarioApi.beneficiarios(termo)).map((b) => ({ id: b.id, label: b.nome, detail: `Carteirinha ${b.carteirinha}` }))}
          value={escolhido}
          onChange={setEscolhido}
          placeholder="Nome, CPF ou carteirinha"
        />
      </div>
      {r.data && (
        <section className="qv-resultado" aria-live="polite">
          <div className="acessos-acoes">
            <p className="page-sub" data-testid="qv-resumo">
              <strong>{r.data.beneficiario.nome}</strong>
              {r.data.beneficiario.matricula && ` (matrícula ${r.data.beneficiario.matricula})`}:{' '}
              {r.data.leitores.length ? `lido por ${r.data.leitores.length} ${r.data.leitores.length === 1 ? 'usuário' : 'usuários'}.` : 'ninguém leu o cadastro.'}{' '}
              <a
                href={logHref}
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                  e.preventDefault();
                  go(logHref, { tabId: tabId ?? undefined });
                }}
              >
                Ver cada leitura
              </a>
            </p>
            <Exportar path={`/acessos/visao/beneficiario/${r.data.beneficiario.id}/exportar.csv`} />
          </div>
          <Tabela
            colunas={['Usuário', 'Leituras', 'Primeira', 'Última']}
            vazio="Nenhuma leitura registrada."
            linhas={r.data.leitores.map((l) => ({
              key: l.login,
              cells: [
                <>
                  {l.login}
                  {l.nome && <small>{l.nome}</small>}
                </>,
                l.vezes,
                <span className="lista-instante">{instantToBr(l.primeiro)}</span>,
                <span className="lista-instante">{instantToBr(l.ultimo)}</span>,
              ],
            }))}
          />
        </section>
      )}
    </>
  );
}

/** Who can see what, for the administrator: a user's commands, a command's users, a beneficiary's readers. */
export default function QuemVeScreen({ command }: ScreenProps) {
  const [vista, setVista] = useTabState<Vista>('qv-vista', 'usuario');
  return (
    <div className="lista qv">
      <div className="lista-cab">
        <h1 className="page-title">{command.title}</h1>
      </div>
      <div className="qv-vistas" role="tablist" aria-label="Pergunta">
        {VISTAS.map(([v, rotulo]) => (
          <button key={v} type="button" role="tab" aria-selected={vista === v} className={`btn${vista === v ? ' btn-primary' : ''}`} onClick={() => setVista(v)}>
            {rotulo}
          </button>
        ))}
      </div>
      {vista === 'usuario' ? <PorUsuario /> : vista === 'comando' ? <PorComando /> : <PorBeneficiario />}
    </div>
  );
}

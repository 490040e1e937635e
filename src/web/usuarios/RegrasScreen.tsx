import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { isoToBr } from '../../shared/dates';
import { applyMask } from '../../shared/resources/masks';
import { DIAS_SEMANA_LONGO, descreverGrupo, descreverRegra, grupoRegrasEdicaoSchema, grupoRegrasFormSchema, PROCESSOS_DATAS, REGRA_MSG, regraSchema, type GrupoRegras, type RegrasOpcoes } from '../../shared/usuarios/regras';
import { ApiError } from '../api/client';
import '../forms/forms.css';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { ConfirmDialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import '../workflow/workflow.css';
import { acessoApi, acessoKeys } from './api';
import { UsuarioPicker, usuarioOpcao, type UsuarioOpcao } from './UsuarioPicker';
import './usuarios.css';

/** A rule as typed: text for the hours, dates (DD/MM/AAAA) and networks (one per line). */
interface RegraTexto {
  dias: number[];
  horaInicio: string;
  horaFim: string;
  dataInicio: string;
  dataFim: string;
  processoDatas: string;
  enderecos: string;
}

const NOVA: RegraTexto = { dias: [1, 2, 3, 4, 5], horaInicio: '08:00', horaFim: '18:00', dataInicio: '', dataFim: '', processoDatas: '', enderecos: '' };
/** Monday first, as a working week reads. */
const ORDEM_DIAS = [1, 2, 3, 4, 5, 6, 0];

const paraRegra = (r: RegraTexto) => ({ ...r, enderecos: r.enderecos.split(/[\s,;]+/).filter(Boolean) });
const deRegra = (r: GrupoRegras['regras'][number]): RegraTexto => ({
  dias: r.dias,
  horaInicio: r.horaInicio ?? '',
  horaFim: r.horaFim ?? '',
  dataInicio: isoToBr(r.dataInicio ?? ''),
  dataFim: isoToBr(r.dataFim ?? ''),
  processoDatas: r.processoDatas ?? '',
  enderecos: r.enderecos.join('\n'),
});

/** What the rule says in words while it is typed (nothing while it does not parse yet). */
function resumo(r: RegraTexto): string | null {
  const p = regraSchema.safeParse(paraRegra(r));
  return p.success ? descreverRegra(p.data, true) : null;
}

/**
 * Regras (Acesso › Regras): the groups of access rules, and the chosen one's windows (days, hours in Brasília time,
 * a period of dates, the dates a process is open in Permissões de Datas, client networks) and whom it restricts
 * (profiles and users). Any rule of a group lets a user in; a user under several groups passes each. Only
 * administrators save; administrators are never restricted. A change holds from the affected users' next request.
 */
export default function RegrasScreen(_: ScreenProps) {
  const lista = useQuery({ queryKey: acessoKeys.regras, queryFn: acessoApi.regras });
  const opcoes = useQuery({ queryKey: acessoKeys.regrasOpcoes, queryFn: acessoApi.regrasOpcoes, staleTime: 60_000 });
  const [escolhido, setEscolhido] = useState<number | 'novo' | null>(null);
  if (!lista.data || !opcoes.data) return <p className="page-sub">{lista.error || opcoes.error ? 'Não foi possível carregar as regras.' : 'Carregando…'}</p>;
  const atual = escolhido === 'novo' ? null : (lista.data.find((g) => g.id === escolhido) ?? null);
  return (
    <div className="perfis regras" data-testid="regras">
      <h1 className="page-title">Regras de acesso</h1>
      <p className="page-sub">Quando e de onde os usuários podem trabalhar, por grupo de regras ligado a perfis e a usuários. Horários de Brasília. Administradores não são restringidos.</p>
      <div className="perfis-corpo">
        <nav className="perfis-lista card" aria-label="Grupos de regras">
          <button type="button" className="btn btn-primary" onClick={() => setEscolhido('novo')}>
            Novo grupo
          </button>
          {lista.data.length === 0 && <p className="page-sub">Nenhum grupo de regras: ninguém é restringido.</p>}
          <ul data-testid="regras-lista">
            {lista.data.map((g) => (
              <li key={g.id}>
                <button type="button" className={g.id === escolhido ? 'ativo' : undefined} aria-current={g.id === escolhido || undefined} onClick={() => setEscolhido(g.id)}>
                  {g.nome} {!g.ativo && <Chip tone="muted">Inativo</Chip>}
                  <small>{descreverGrupo(g.regras)}</small>
                  <small>{g.restringe === 1 ? 'Restringe 1 usuário' : `Restringe ${g.restringe} usuários`}</small>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {escolhido == null ? (
          <p className="page-sub">Escolha um grupo para ver e alterar as suas regras, ou crie um novo.</p>
        ) : (
          <Editor key={`${escolhido}:${atual?.version ?? 0}`} grupo={atual} opcoes={opcoes.data} onSalvo={setEscolhido} />
        )}
      </div>
    </div>
  );
}

type Erros = Partial<Record<string, string>>;

function Editor({ grupo, opcoes, onSalvo }: { grupo: GrupoRegras | null; opcoes: RegrasOpcoes; onSalvo: (id: number | null) => void }) {
  const qc = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [nome, setNome] = useState(grupo?.nome ?? '');
  const [descricao, setDescricao] = useState(grupo?.descricao ?? '');
  const [ativo, setAtivo] = useState(grupo?.ativo ?? true);
  const [regras, setRegras] = useState<RegraTexto[]>(() => (grupo ? grupo.regras.map(deRegra) : [NOVA]));
  const [perfis, setPerfis] = useState<number[]>(grupo?.perfis ?? []);
  const [usuarios, setUsuarios] = useState<UsuarioOpcao[]>(() => (grupo?.usuarios ?? []).map(usuarioOpcao));
  const [erros, setErros] = useState<Erros>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [excluir, setExcluir] = useState(false);

  const muda = (i: number, patch: Partial<RegraTexto>) => {
    setRegras((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`regras.${i}.`))));
  };

  function mostrar(e: Erros) {
    setErros(e);
    // the first refused field gets the focus
    const primeiro = Object.keys(e)[0];
    if (primeiro) formRef.current?.querySelector<HTMLElement>(`[data-campo="${primeiro}"] :is(input, select, textarea)`)?.focus();
  }

  async function salvar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    const body = { nome, descricao, ativo, regras: regras.map(paraRegra), perfis, usuarios: usuarios.map((u) => u.id), ...(grupo ? { version: grupo.version } : {}) };
    // the server's schema, here first: each refusal beside its field ('regras.0.horaFim')
    const r = (grupo ? grupoRegrasEdicaoSchema : grupoRegrasFormSchema).safeParse(body);
    if (!r.success) {
      const out: Erros = {};
      for (const i of r.error.issues) out[i.path.slice(0, 3).map(String).join('.') || 'geral'] ??= i.message;
      setGeral(null);
      return mostrar(out);
    }
    setEnviando(true);
    setGeral(null);
    try {
      const g = grupo ? await acessoApi.alterarGrupo(grupo.id, body) : await acessoApi.criarGrupo(body);
      showAlerts([{ type: 'success', value: REGRA_MSG.salvo(g.nome, g.ativo ? g.restringe : 0) }]);
      await qc.invalidateQueries({ queryKey: acessoKeys.regras });
      onSalvo(g.id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const campos: Erros = {};
      for (const a of err.alerts) if (a.field) campos[a.field.split('.').slice(0, 3).join('.')] ??= a.value;
      if (Object.keys(campos).length) mostrar(campos);
      else setGeral(err.message);
    } finally {
      setEnviando(false);
    }
  }

  const erro = (k: string) =>
    erros[k] ? (
      <p className="field-error" role="alert" data-erro={k}>
        {erros[k]}
      </p>
    ) : null;

  return (
    <form ref={formRef} className="perfis-editor card regras-editor" onSubmit={salvar} noValidate aria-label={grupo ? `Grupo de regras ${grupo.nome}` : 'Novo grupo de regras'}>
      <div className="fluxo-grid">
        <div className="field" data-campo="nome">
          <label htmlFor="regra-nome">Nome *</label>
          <input id="regra-nome" maxLength={80} value={nome} aria-invalid={erros.nome ? true : undefined} onChange={(e) => (setNome(e.target.value), setErros(({ nome: _, ...r }) => r))} />
          {erro('nome')}
        </div>
        <div className="field largo" data-campo="descricao">
          <label htmlFor="regra-descricao">Descrição</label>
          <input id="regra-descricao" maxLength={200} value={descricao} onChange={(e) => setDescricao(e.target.value)} />
          {erro('descricao')}
        </div>
        <label className="regras-ativo">
          <input type="checkbox" checked={ativo} onChange={(e) => setAtivo(e.target.checked)} /> Ativo
        </label>
      </div>

      <fieldset className="fluxo-secao">
        <legend>Regras — qualquer uma deixa entrar</legend>
        {erro('regras')}
        {regras.map((r, i) => {
          const k = (c: string) => `regras.${i}.${c}`;
          const texto = resumo(r);
          return (
            <div key={i} className="regra-card" data-testid="regra" role="group" aria-label={`Regra ${i + 1}`}>
              <div className="regra-dias" data-campo={k('dias')} role="group" aria-label="Dias da semana">
                {ORDEM_DIAS.map((d) => (
                  <label key={d}>
                    <input type="checkbox" checked={r.dias.includes(d)} onChange={(e) => muda(i, { dias: e.target.checked ? [...r.dias, d] : r.dias.filter((x) => x !== d) })} />
                    {DIAS_SEMANA_LONGO[d].slice(0, 3)}
                  </label>
                ))}
                {erro(k('dias'))}
              </div>
              <div className="regra-campos">
                <div className="field" data-campo={k('horaInicio')}>
                  <label htmlFor={`regra-${i}-horaInicio`}>Das</label>
                  <input id={`regra-${i}-horaInicio`} inputMode="numeric" placeholder="HH:MM" maxLength={5} value={r.horaInicio} aria-invalid={erros[k('horaInicio')] ? true : undefined} onChange={(e) => muda(i, { horaInicio: applyMask('##:##', e.target.value) })} />
                  {erro(k('horaInicio'))}
                </div>
                <div className="field" data-campo={k('horaFim')}>
                  <label htmlFor={`regra-${i}-horaFim`}>Às</label>
                  <input id={`regra-${i}-horaFim`} inputMode="numeric" placeholder="HH:MM" maxLength={5} value={r.horaFim} aria-invalid={erros[k('horaFim')] ? true : undefined} onChange={(e) => muda(i, { horaFim: applyMask('##:##', e.target.value) })} />
                  {erro(k('horaFim'))}
                </div>
                <div className="field" data-campo={k('dataInicio')}>
                  <label htmlFor={`regra-${i}-dataInicio`}>De (data)</label>
                  <input id={`regra-${i}-dataInicio`} inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={r.dataInicio} aria-invalid={erros[k('dataInicio')] ? true : undefined} onChange={(e) => muda(i, { dataInicio: applyMask('##/##/####', e.target.value) })} />
                  {erro(k('dataInicio'))}
                </div>
                <div className="field" data-campo={k('dataFim')}>
                  <label htmlFor={`regra-${i}-dataFim`}>Até (data)</label>
                  <input id={`regra-${i}-dataFim`} inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={r.dataFim} aria-invalid={erros[k('dataFim')] ? true : undefined} onChange={(e) => muda(i, { dataFim: applyMask('##/##/####', e.target.value) })} />
                  {erro(k('dataFim'))}
                </div>
                <div className="field regra-meio" data-campo={k('processoDatas')}>
                  <label htmlFor={`regra-${i}-processoDatas`}>Só nas datas liberadas de</label>
                  <select id={`regra-${i}-processoDatas`} value={r.processoDatas} onChange={(e) => muda(i, { processoDatas: e.target.value })}>
                    <option value="">Qualquer data</option>
                    {PROCESSOS_DATAS.map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                  <small className="fluxo-dica">Janelas de Operadora › Permissões de Datas.</small>
                  {erro(k('processoDatas'))}
                </div>
                <div className="field regra-meio" data-campo={k('enderecos')}>
                  <label htmlFor={`regra-${i}-enderecos`}>Só destes endereços (IP ou rede CIDR, um por linha)</label>
                  <textarea id={`regra-${i}-enderecos`} rows={2} placeholder="Qualquer endereço" value={r.enderecos} aria-invalid={erros[k('enderecos')] ? true : undefined} onChange={(e) => muda(i, { enderecos: e.target.value })} />
                  {erro(k('enderecos'))}
                </div>
              </div>
              <div className="regra-rodape">
                <small data-testid="regra-resumo">{texto ?? 'Complete a regra.'}</small>
                {regras.length > 1 && (
                  <button type="button" className="btn" onClick={() => (setRegras((rs) => rs.filter((_, j) => j !== i)), setErros({}))}>
                    Remover regra
                  </button>
                )}
              </div>
            </div>
          );
        })}
        <button type="button" className="btn regras-incluir" onClick={() => setRegras((rs) => [...rs, { ...NOVA }])}>
          Incluir regra
        </button>
      </fieldset>

      <fieldset className="fluxo-secao">
        <legend>Vale para</legend>
        <div className="usr-marcas usr-perfis" data-campo="perfis" role="group" aria-label="Perfis">
          {opcoes.perfis.map((p) => (
            <label key={p.id}>
              <input type="checkbox" checked={perfis.includes(p.id)} onChange={(e) => setPerfis(e.target.checked ? [...perfis, p.id] : perfis.filter((x) => x !== p.id))} />
              <span>
                {p.nome}
                <small>{p.usuarios === 1 ? '1 usuário' : `${p.usuarios} usuários`}</small>
              </span>
            </label>
          ))}
          {erro('perfis')}
        </div>
        <div className="field largo" data-campo="usuarios">
          <label htmlFor="regra-usuario">Usuários (além dos perfis)</label>
          <UsuarioPicker
            id="regra-usuario"
            value={null}
            invalid={!!erros.usuarios}
            onChange={(o) => {
              if (o && !usuarios.some((u) => u.id === o.id)) setUsuarios([...usuarios, o]);
              setErros(({ usuarios: _, ...r }) => r);
            }}
          />
          <ul className="regras-usuarios">
            {usuarios.map((u) => (
              <li key={u.id}>
                {u.label}
                {u.usuario.admin && <Chip tone="warn">Administrador: não é restringido</Chip>}
                <button type="button" className="btn btn-ghost" aria-label={`Tirar ${u.usuario.login}`} onClick={() => setUsuarios(usuarios.filter((x) => x.id !== u.id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          {erro('usuarios')}
        </div>
        {grupo && <p className="page-sub">{grupo.restringe === 1 ? 'Hoje restringe 1 usuário.' : `Hoje restringe ${grupo.restringe} usuários.`}</p>}
      </fieldset>

      {geral && (
        <p role="alert" className="fluxo-erro">
          {geral}
        </p>
      )}
      <div className="fluxo-rodape">
        {grupo && (
          <button type="button" className="btn" onClick={() => setExcluir(true)}>
            Excluir grupo
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Salvando…' : 'Salvar grupo'}
        </button>
      </div>
      {excluir && grupo && (
        <ConfirmDialog
          title="Excluir grupo de regras"
          message={`Excluir o grupo ${grupo.nome}? Os usuários que ele restringe passam a entrar a qualquer hora na próxima requisição.`}
          onNo={() => setExcluir(false)}
          onYes={() => {
            setExcluir(false);
            void acessoApi
              .excluirGrupo(grupo.id)
              .then(() => qc.invalidateQueries({ queryKey: acessoKeys.regras }))
              .then(() => onSalvo(null))
              .catch(() => undefined);
          }}
        />
      )}
    </form>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { instantToBr } from '../../shared/dates';
import { ROLE_FLAGS, ROLE_LABELS, type RoleFlag } from '../../shared/roles';
import { BENEFICIARIO_ROLES, PRESTADOR_ROLES, usuarioEdicaoSchema, usuarioNovoSchema, type SenhaTemporaria, type UsuarioDetalhe, type UsuarioOpcoes } from '../../shared/usuarios/contas';
import type { Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { showAlerts } from '../ui/toasts';
import { ConfirmDialog } from '../ui/Dialog';
import { BeneficiarioPrestadorFields } from '../workflow/BeneficiarioPrestadorFields';
import { Field, FormFooter, FormSection } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { usuarioApi, usuarioKeys } from './api';
import './usuarios.css';

const ORDEM = ['login', 'nome', 'email', 'admin', 'beneficiarioId', 'prestadorId', 'perfis', 'grupoId'];

/** The temporary password, shown once after a creation or a reset (it is never shown again nor stored in clear). */
function SenhaEntregue({ s }: { s: SenhaTemporaria }) {
  return (
    <div className="usr-senha card" role="status" data-testid="senha-temporaria">
      <strong>Senha temporária de {s.login}:</strong> <code>{s.senhaTemporaria}</code>
      <small>Ela não será mostrada de novo. No primeiro acesso o usuário escolhe a nova senha.</small>
    </div>
  );
}

/**
 * An account (Acesso › Usuários): `?novo=1` creates, `?id=` edits — name, e-mail, roles, the linked beneficiary or
 * provider of a self-service role, profiles and password group — and acts on it: block or unblock, reset the
 * password, end the sessions. The shared schemas check the form here and again on the server; only administrators
 * may save (the server refuses anyone else).
 */
export function UsuarioForm({ command, id }: { command: Command; id: number | null }) {
  const opcoes = useQuery({ queryKey: usuarioKeys.opcoes, queryFn: usuarioApi.opcoes, staleTime: 60_000 });
  const detalhe = useQuery({ queryKey: usuarioKeys.detail(id ?? 0), queryFn: () => usuarioApi.get(id!), enabled: id != null, staleTime: 0 });
  if (!opcoes.data || (id != null && !detalhe.data)) return <p className="page-sub">{opcoes.error || detalhe.error ? 'Não foi possível carregar o usuário.' : 'Carregando…'}</p>;
  return <Formulario key={`${id}:${detalhe.data?.version ?? 0}`} command={command} opcoes={opcoes.data} d={detalhe.data ?? null} />;
}

function Formulario({ command, opcoes, d }: { command: Command; opcoes: UsuarioOpcoes; d: UsuarioDetalhe | null }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const [login, setLogin] = useState('');
  const [nome, setNome] = useState(d?.nome ?? '');
  const [email, setEmail] = useState(d?.email ?? '');
  const [papeis, setPapeis] = useState<Record<RoleFlag, boolean>>(() => Object.fromEntries(ROLE_FLAGS.map((r) => [r, d?.[r] ?? false])) as Record<RoleFlag, boolean>);
  const [benef, setBenef] = useState<Option | null>(d?.beneficiarioId ? { id: d.beneficiarioId, label: d.beneficiarioNome ?? `#${d.beneficiarioId}` } : null);
  const [prestador, setPrestador] = useState(d?.prestadorId ? String(d.prestadorId) : '');
  const [perfis, setPerfis] = useState<number[]>(d?.perfis ?? []);
  const [grupoId, setGrupoId] = useState(String(d?.grupoId ?? opcoes.grupos.find((g) => !g.validaSenha)?.id ?? ''));
  const [senha, setSenha] = useState<SenhaTemporaria | null>(null);
  // the moment the account was read: whether its password has expired is told against it
  const [lidoEm] = useState(() => Date.now());
  const [confirma, setConfirma] = useState<null | { titulo: string; texto: string; fazer: () => Promise<void> }>(null);
  const { formRef, erros, limpar, geral, enviando, enviar } = useRecordForm(ORDEM);
  const vinculo = BENEFICIARIO_ROLES.some((r) => papeis[r]) ? 'BENEFICIARIO' : PRESTADOR_ROLES.some((r) => papeis[r]) ? 'PRESTADOR' : null;

  const recarregar = async () => {
    await qc.invalidateQueries({ queryKey: listKeys.all });
    if (d) await qc.invalidateQueries({ queryKey: usuarioKeys.detail(d.id) });
  };

  function salvar(e: FormEvent) {
    const corpo = {
      nome,
      email,
      ...papeis,
      beneficiarioId: vinculo === 'BENEFICIARIO' ? (benef?.id ?? null) : null,
      prestadorId: vinculo === 'PRESTADOR' && prestador ? Number(prestador) : null,
      perfis,
      grupoId: Number(grupoId) || undefined,
    };
    if (d) {
      const body = { ...corpo, version: d.version };
      return enviar(e, body, usuarioEdicaoSchema, () => usuarioApi.alterar(d.id, usuarioEdicaoSchema.parse(body)), async (r) => {
        showAlerts([{ type: 'success', value: `Usuário ${r.login} alterado.` }]);
        await recarregar();
      });
    }
    const body = { ...corpo, login };
    return enviar(e, body, usuarioNovoSchema, () => usuarioApi.criar(usuarioNovoSchema.parse(body)), async (r) => {
      showAlerts([{ type: 'success', value: `Usuário ${r.login} criado.` }]);
      setSenha(r);
      await qc.invalidateQueries({ queryKey: listKeys.all });
    });
  }

  const acao = (titulo: string, texto: string, fazer: () => Promise<void>) => setConfirma({ titulo, texto, fazer });

  if (senha && !d)
    return (
      <div className="fluxo-form card" data-testid="usuario-criado">
        <h1 className="page-title">Usuário {senha.login} criado</h1>
        <SenhaEntregue s={senha} />
        <div className="fluxo-rodape">
          <button type="button" className="btn" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
            Voltar à lista
          </button>
          <button type="button" className="btn btn-primary" onClick={() => go(`${command.path}?id=${senha.id}`, { tabId: tabId ?? undefined, label: senha.login })}>
            Abrir o usuário
          </button>
        </div>
      </div>
    );

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={salvar} noValidate aria-label={d ? `Usuário ${d.login}` : 'Novo usuário'} data-testid="form-usuario">
      <h1 className="page-title">{d ? `Usuário ${d.login}` : 'Novo usuário'}</h1>
      {d ? (
        <p className="page-sub">
          {d.ativo ? 'Ativo' : 'Bloqueado'} · último acesso {d.ultimoAcesso ? instantToBr(d.ultimoAcesso) : 'nunca'} ·{' '}
          {d.sessoesAbertas === 1 ? '1 sessão aberta' : `${d.sessoesAbertas} sessões abertas`}
          {d.senhaExpiraEm && ` · senha ${Date.parse(d.senhaExpiraEm) <= lidoEm ? 'expirada' : `expira em ${instantToBr(d.senhaExpiraEm)}`}`}
        </p>
      ) : (
        <p className="page-sub">Ao criar, o usuário recebe uma senha temporária, que ele troca no primeiro acesso. Campos com * são obrigatórios.</p>
      )}
      {senha && <SenhaEntregue s={senha} />}

      {d && (
        <div className="usr-acoes" role="group" aria-label="Ações do usuário">
          {d.ativo ? (
            <button type="button" className="btn" onClick={() => acao('Bloquear usuário', `Bloquear ${d.login}? As sessões abertas terminam na hora.`, async () => void (await usuarioApi.acao(d.id, 'bloquear')))}>
              Bloquear
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => acao('Desbloquear usuário', `Desbloquear ${d.login}?`, async () => void (await usuarioApi.acao(d.id, 'desbloquear')))}>
              Desbloquear
            </button>
          )}
          <button type="button" className="btn" onClick={() => acao('Redefinir senha', `Redefinir a senha de ${d.login}? As sessões abertas terminam e ele entra com uma senha temporária.`, async () => setSenha(await usuarioApi.redefinirSenha(d.id)))}>
            Redefinir senha
          </button>
          <button type="button" className="btn" disabled={!d.sessoesAbertas} onClick={() => acao('Encerrar sessões', `Encerrar as sessões abertas de ${d.login}?`, async () => void (await usuarioApi.acao(d.id, 'encerrar-sessoes')))}>
            Encerrar sessões
          </button>
        </div>
      )}

      <FormSection legend="Identificação">
        {!d && (
          <Field k="login" label="Login *" erros={erros} prefix="usr" dica="Letras minúsculas, números, ponto, hífen ou sublinhado.">
            <input id="usr-login" maxLength={60} autoComplete="off" value={login} aria-invalid={erros.login ? true : undefined} onChange={(e) => (setLogin(e.target.value.toLowerCase()), limpar('login'))} />
          </Field>
        )}
        <Field k="nome" label="Nome *" erros={erros} prefix="usr">
          <input id="usr-nome" maxLength={120} value={nome} aria-invalid={erros.nome ? true : undefined} onChange={(e) => (setNome(e.target.value), limpar('nome'))} />
        </Field>
        <Field k="email" label="E-mail" erros={erros} prefix="usr">
          <input id="usr-email" type="email" maxLength={120} value={email} aria-invalid={erros.email ? true : undefined} onChange={(e) => (setEmail(e.target.value), limpar('email'))} />
        </Field>
        <Field k="grupoId" label="Grupo de senha *" erros={erros} prefix="usr" dica={opcoes.grupos.find((g) => String(g.id) === grupoId)?.validaSenha ? 'Senha forte, que expira em 90 dias.' : 'Senha simples, sem expiração.'}>
          <select id="usr-grupoId" value={grupoId} onChange={(e) => (setGrupoId(e.target.value), limpar('grupoId'))}>
            {opcoes.grupos.map((g) => (
              <option key={g.id} value={g.id}>
                {g.nome}
              </option>
            ))}
          </select>
        </Field>
      </FormSection>

      <FormSection legend="Papéis">
        <div className="usr-marcas largo" data-campo="admin" role="group" aria-label="Papéis">
          {ROLE_FLAGS.map((r) => (
            <label key={r}>
              <input type="checkbox" name={`papel-${r}`} checked={papeis[r]} onChange={(e) => (setPapeis({ ...papeis, [r]: e.target.checked }), limpar('admin'), limpar('beneficiarioId'), limpar('prestadorId'))} />
              {ROLE_LABELS[r]}
            </label>
          ))}
          {erros.admin && (
            <p className="field-error" role="alert">
              {erros.admin}
            </p>
          )}
        </div>
        {vinculo && (
          <BeneficiarioPrestadorFields
            tipo={vinculo}
            prefix="usr"
            erros={erros}
            limpar={limpar}
            beneficiario={benef}
            setBeneficiario={setBenef}
            prestador={prestador}
            setPrestador={setPrestador}
            queryKey={usuarioKeys.beneficiarios}
            search={usuarioApi.beneficiarios}
            placeholder="Nome, CPF ou carteirinha"
          />
        )}
      </FormSection>

      <FormSection legend="Perfis de permissões">
        <div className="usr-marcas usr-perfis largo" data-campo="perfis" role="group" aria-label="Perfis">
          {opcoes.perfis.map((p) => (
            <label key={p.id} title={p.descricao ?? undefined}>
              <input type="checkbox" name={`perfil-${p.id}`} checked={perfis.includes(p.id)} onChange={(e) => (setPerfis(e.target.checked ? [...perfis, p.id] : perfis.filter((x) => x !== p.id)), limpar('perfis'))} />
              <span>
                {p.nome}
                {p.descricao && <small>{p.descricao}</small>}
              </span>
            </label>
          ))}
          {erros.perfis && (
            <p className="field-error" role="alert">
              {erros.perfis}
            </p>
          )}
        </div>
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label={d ? 'Salvar alterações' : 'Criar usuário'} sendingLabel="Salvando…" />
      {confirma && (
        <ConfirmDialog
          title={confirma.titulo}
          message={confirma.texto}
          onNo={() => setConfirma(null)}
          onYes={() => {
            const c = confirma;
            setConfirma(null);
            void c
              .fazer()
              .then(recarregar)
              .catch(() => undefined);
          }}
        />
      )}
    </form>
  );
}

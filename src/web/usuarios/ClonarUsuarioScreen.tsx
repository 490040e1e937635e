import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CLONAR_MSG, clonarSchema } from '../../shared/usuarios/clonar';
import type { SenhaTemporaria } from '../../shared/usuarios/contas';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { showAlerts } from '../ui/toasts';
import { Field, FormSection } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { acessoApi } from './api';
import { UsuarioPicker, type UsuarioOpcao } from './UsuarioPicker';
import './usuarios.css';

const ORDEM = ['origemId', 'login', 'nome', 'email'];

/**
 * Clonar Usuário (Acesso, manage on all): choose the account to copy, read what the clone gets (roles, profiles,
 * rule groups, the provider link, the password group), give the new login, name and e-mail; the clone gets a
 * temporary password, shown once, that expires at its first login.
 */
export default function ClonarUsuarioScreen(_: ScreenProps) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const [origem, setOrigem] = useState<UsuarioOpcao | null>(null);
  const [login, setLogin] = useState('');
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [feito, setFeito] = useState<(SenhaTemporaria & { origem: string }) | null>(null);
  const { formRef, erros, limpar, geral, enviando, enviar } = useRecordForm(ORDEM);
  const fonte = useQuery({ queryKey: ['usuarios', 'clonagem', origem?.id], queryFn: () => acessoApi.clonagem(origem!.id), enabled: !!origem });

  function clonar(e: FormEvent) {
    const body = { origemId: origem?.id, login, nome, email };
    return enviar(e, body, clonarSchema, () => acessoApi.clonar(clonarSchema.parse(body)), async (r) => {
      showAlerts([{ type: 'success', value: CLONAR_MSG.clonado(r.login, r.origem) }]);
      setFeito(r);
      await qc.invalidateQueries({ queryKey: listKeys.all });
    });
  }

  if (feito)
    return (
      <div className="fluxo-form card" data-testid="usuario-clonado">
        <h1 className="page-title">Usuário {feito.login} criado</h1>
        <p className="page-sub">Com os papéis, os perfis e as regras de {feito.origem}.</p>
        <div className="usr-senha card" role="status" data-testid="senha-temporaria">
          <strong>Senha temporária de {feito.login}:</strong> <code>{feito.senhaTemporaria}</code>
          <small>Ela não será mostrada de novo. No primeiro acesso o usuário escolhe a nova senha.</small>
        </div>
        <div className="fluxo-rodape">
          <button type="button" className="btn" onClick={() => (setFeito(null), setOrigem(null), setLogin(''), setNome(''), setEmail(''))}>
            Clonar outro
          </button>
          <button type="button" className="btn btn-primary" onClick={() => go(`/cadastro/acesso/usuarios?id=${feito.id}`, { label: feito.login })}>
            Abrir o usuário
          </button>
        </div>
      </div>
    );

  const f = fonte.data;
  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={clonar} noValidate aria-label="Clonar usuário" data-testid="form-clonar">
      <h1 className="page-title">Clonar Usuário</h1>
      <p className="page-sub">Um novo usuário com os mesmos papéis, perfis e regras de outro: as mesmas permissões, com login, nome e e-mail próprios. Campos com * são obrigatórios.</p>
      <FormSection legend="Usuário a clonar">
        <Field k="origemId" label="Usuário *" erros={erros} prefix="clone" largo>
          <UsuarioPicker id="clone-origemId" value={origem} invalid={!!erros.origemId} onChange={(o) => (setOrigem(o), limpar('origemId'))} />
        </Field>
        {f && (
          <dl className="clone-resumo largo" data-testid="clone-resumo">
            <dt>Papéis</dt>
            <dd>{f.papeis.join(', ') || 'Nenhum'}</dd>
            <dt>Perfis</dt>
            <dd>{f.perfis.join(', ') || 'Nenhum'}</dd>
            <dt>Regras</dt>
            <dd>{f.gruposRegras.join(', ') || 'Só as dos perfis'}</dd>
            {f.prestador && (
              <>
                <dt>Prestador</dt>
                <dd>{f.prestador}</dd>
              </>
            )}
            <dt>Grupo de senha</dt>
            <dd>{f.grupoSenha}</dd>
          </dl>
        )}
        {f?.recusa && (
          <p className="field-error largo" role="alert">
            {f.recusa}
          </p>
        )}
      </FormSection>
      <FormSection legend="Novo usuário">
        <Field k="login" label="Login *" erros={erros} prefix="clone" dica="Letras minúsculas, números, ponto, hífen ou sublinhado.">
          <input id="clone-login" maxLength={60} autoComplete="off" value={login} aria-invalid={erros.login ? true : undefined} onChange={(e) => (setLogin(e.target.value.toLowerCase()), limpar('login'))} />
        </Field>
        <Field k="nome" label="Nome *" erros={erros} prefix="clone">
          <input id="clone-nome" maxLength={120} value={nome} aria-invalid={erros.nome ? true : undefined} onChange={(e) => (setNome(e.target.value), limpar('nome'))} />
        </Field>
        <Field k="email" label="E-mail" erros={erros} prefix="clone">
          <input id="clone-email" type="email" maxLength={120} value={email} aria-invalid={erros.email ? true : undefined} onChange={(e) => (setEmail(e.target.value), limpar('email'))} />
        </Field>
      </FormSection>
      {geral && (
        <p role="alert" className="fluxo-erro">
          {geral}
        </p>
      )}
      <div className="fluxo-rodape">
        <button type="button" className="btn" onClick={() => go('/cadastro/acesso', { tabId: tabId ?? undefined })}>
          Voltar
        </button>
        <button type="submit" className="btn btn-primary" disabled={enviando || !!f?.recusa}>
          {enviando ? 'Clonando…' : 'Clonar usuário'}
        </button>
      </div>
    </form>
  );
}

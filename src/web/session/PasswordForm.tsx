import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { CONSTANTS } from '../../shared/clients';
import { passwordChangeSchema, type PasswordChangeForm } from '../../shared/password';
import { ApiError, api } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { reloadUser } from './actions';

/** Every message of a field at once (the strong rule lists each missing character class). */
function schemaResolver(grupoValidaSenha: boolean): Resolver<PasswordChangeForm> {
  const schema = passwordChangeSchema(grupoValidaSenha);
  return async (values) => {
    const r = schema.safeParse(values);
    if (r.success) return { values: r.data, errors: {} };
    const errors: Record<string, { type: string; message: string; types: Record<string, string> }> = {};
    for (const issue of r.error.issues) {
      const k = String(issue.path[0]);
      const e = (errors[k] ??= { type: 'validate', message: issue.message, types: {} });
      e.types[`m${Object.keys(e.types).length}`] = issue.message;
    }
    return { values: {}, errors: errors as FieldErrors<PasswordChangeForm> };
  };
}

/** The password-change form (spec §3, §5), loaded lazily by PasswordDialog. */
export default function PasswordForm({ login, forte, forced, onDone }: { login: string; forte: boolean; forced: boolean; onDone: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<PasswordChangeForm>({
    resolver: schemaResolver(forte),
    defaultValues: { login, senhaAtual: '', senha: '', senhaConf: '' },
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = formState;

  async function submit(v: PasswordChangeForm) {
    try {
      await api.put('/usuarios/validar-senha', { login, senha: v.senhaAtual }, { quiet: true });
      await api.put('/usuarios/alterar-senha', { login, senha: v.senha });
      await reloadUser();
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fieldErrors();
      for (const [field, message] of Object.entries(fields)) setError(field as keyof PasswordChangeForm, { type: 'server', message });
      if (!Object.keys(fields).length) setError('root', { type: 'server', message: err.message });
    }
  }

  const messages = (k: keyof PasswordChangeForm) => {
    const e = errors[k];
    if (!e) return null;
    const list = e.types ? Object.values(e.types).flat().map(String) : [String(e.message)];
    return (
      <ul className="field-errors" id={`${k}-erros`} role="alert">
        {list.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    );
  };
  const field = (k: 'senhaAtual' | 'senha' | 'senhaConf', label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`pwd-${k}`}>{label}</label>
      <input
        id={`pwd-${k}`}
        type="password"
        maxLength={CONSTANTS.senhaInputMax}
        autoComplete={autoComplete}
        aria-invalid={errors[k] ? 'true' : 'false'}
        aria-describedby={errors[k] ? `${k}-erros` : undefined}
        {...register(k)}
      />
      {messages(k)}
    </div>
  );

  return (
    <Dialog title={forced ? 'Sua senha expirou' : 'Alterar senha'} onClose={forced ? undefined : onDone}>
      <form onSubmit={handleSubmit(submit)} noValidate aria-label="Alterar senha">
        {forced && <p className="page-sub">Para continuar, defina uma nova senha.</p>}
        <div className="field">
          <label htmlFor="pwd-login">Login</label>
          <input id="pwd-login" readOnly {...register('login')} />
        </div>
        {field('senhaAtual', 'Senha Atual', 'current-password')}
        {field('senha', 'Nova Senha', 'new-password')}
        {field('senhaConf', 'Confirmação da Nova Senha', 'new-password')}
        {forte ? (
          <p className="page-sub" style={{ fontSize: 12.5 }}>
            A nova senha deve ter de 6 a 25 caracteres, com letra minúscula, letra maiúscula, número e caractere especial.
          </p>
        ) : (
          <p className="page-sub" style={{ fontSize: 12.5 }}>
            A nova senha deve ter de 5 a 26 caracteres: letras, números, sublinhado (_) ou hífen (-).
          </p>
        )}
        {errors.root && <p className="field-error">{errors.root.message}</p>}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          {!forced && (
            <button type="button" className="btn" onClick={onDone}>
              Cancelar
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Alterar senha
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../api/client';
import { safeRedirect } from '../router/paths';
import { login } from '../session/actions';
import { loginNoticeAtom } from '../session/store';
import { Logo } from '../shell/Logo';

/** Login (spec §2 /auth). After login the user goes back to the path that was wanted. */
export function LoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ userId?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // why the session was refused (an access rule), until the next attempt
  const [aviso, setAviso] = useAtom(loginNoticeAtom);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const errs = { userId: userId.trim() ? undefined : 'Informe o usuário.', password: password ? undefined : 'Informe a senha.' };
    setErrors(errs);
    setAviso(null);
    if (errs.userId || errs.password) return;
    setBusy(true);
    try {
      await login(userId.trim(), password);
      navigate(safeRedirect(new URLSearchParams(search).get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        // a message said beside its field is not said again under the form
        const fields = err.fieldErrors();
        setErrors({ ...fields, form: Object.values(fields).includes(err.message) ? undefined : err.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-wrap">
      <section className="login-hero">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, fontWeight: 700, fontSize: 18 }}>
          <Logo size={40} /> Portal da Operadora
        </div>
        <div>
          <h1>Saúde suplementar, sem papelada.</h1>
          <p>Autorizações, auditoria, faturamento, financeiro e cadastro em um só lugar — para a operadora, a rede credenciada e os beneficiários.</p>
        </div>
        <small style={{ opacity: 0.75 }}>Acesso restrito a usuários autorizados. Seus acessos são registrados.</small>
      </section>
      <section className="login-panel">
        <form className="login-card card" onSubmit={submit} noValidate aria-label="Entrar">
          <h2>Entrar</h2>
          <p className="page-sub">Informe seu usuário e senha.</p>
          {aviso && (
            <p className="field-error" role="alert" data-testid="login-aviso">
              {aviso}
            </p>
          )}
          <div className="field">
            <label htmlFor="login-usuario">Usuário</label>
            <input id="login-usuario" autoComplete="username" autoFocus value={userId} maxLength={60} aria-invalid={!!errors.userId} onChange={(e) => setUserId(e.target.value)} />
            {errors.userId && <p className="field-error">{errors.userId}</p>}
          </div>
          <div className="field">
            <label htmlFor="login-senha">Senha</label>
            <input id="login-senha" type="password" autoComplete="current-password" value={password} maxLength={200} aria-invalid={!!errors.password} onChange={(e) => setPassword(e.target.value)} />
            {errors.password && <p className="field-error">{errors.password}</p>}
          </div>
          {errors.form && (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Entrando…' : 'Entrar'}
          </button>
        </form>
      </section>
    </main>
  );
}

import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SessionUser } from '../../shared/api';
import { ApiError, api } from '../api/client';
import { applyUser } from '../session/store';
import type { ScreenProps } from '../screens/types';

/** Spec §2.7 /ura: choose the URA terminal; until one is chosen the guard keeps the user here. */
export default function UraScreen({ command }: ScreenProps) {
  const [terminal, setTerminal] = useState('');
  const [error, setError] = useState<string>();
  const [, navigate] = useLocation();
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!terminal.trim()) return setError('Informe o terminal da URA.');
    try {
      const r = await api.put<{ user: SessionUser }>('/usuarios/ura-terminal', { terminal: terminal.trim() }, { quiet: false });
      applyUser(r.user);
      navigate('/');
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldErrors().terminal ?? err.message);
    }
  }
  return (
    <form className="card" style={{ maxWidth: 480 }} onSubmit={submit} noValidate>
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Informe o terminal da URA usado neste posto de atendimento.</p>
      <div className="field">
        <label htmlFor="ura-terminal">Terminal da URA</label>
        <input id="ura-terminal" value={terminal} maxLength={20} onChange={(e) => setTerminal(e.target.value)} aria-invalid={!!error} />
        {error && <p className="field-error">{error}</p>}
      </div>
      <button className="btn btn-primary" type="submit">
        Salvar
      </button>
    </form>
  );
}

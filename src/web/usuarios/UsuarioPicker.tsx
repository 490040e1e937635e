import type { UsuarioResumo } from '../../shared/usuarios/regras';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import { acessoApi, acessoKeys } from './api';

/** An account chosen by login or name (the access screens' picker); the option keeps the account's summary. */
export type UsuarioOpcao = Option & { usuario: UsuarioResumo };

export const usuarioOpcao = (u: UsuarioResumo): UsuarioOpcao => ({
  id: u.id,
  label: `${u.login} — ${u.nome}`,
  detail: [u.admin ? 'Administrador' : '', u.ativo ? '' : 'Bloqueado'].filter(Boolean).join(' · ') || undefined,
  usuario: u,
});

export function UsuarioPicker(p: { id: string; value: UsuarioOpcao | null; onChange: (o: UsuarioOpcao | null) => void; invalid?: boolean; ariaLabel?: string; placeholder?: string }) {
  return (
    <Autocomplete
      id={p.id}
      queryKey={acessoKeys.usuarios}
      search={async (termo) => (await acessoApi.usuarios(termo)).map(usuarioOpcao)}
      value={p.value}
      onChange={(o) => p.onChange(o as UsuarioOpcao | null)}
      invalid={p.invalid}
      ariaLabel={p.ariaLabel}
      placeholder={p.placeholder ?? 'Login ou nome'}
    />
  );
}

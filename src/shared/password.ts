import { z } from 'zod';
import { CONSTANTS } from './clients';
import { MSG } from './messages';

/** Spec §5: the strong rule (group validates passwords) vs the simple rule. */
export function newPasswordIssues(senha: string, grupoValidaSenha: boolean): string[] {
  if (!senha) return [MSG.novaSenhaObrigatoria];
  if (!grupoValidaSenha) {
    const ok = senha.length >= CONSTANTS.senhaSimplesMin && senha.length <= CONSTANTS.senhaSimplesMax && /^[A-Za-z0-9_-]+$/.test(senha);
    return ok ? [] : [MSG.novaSenhaInvalida];
  }
  const issues: string[] = [];
  if (senha.length < CONSTANTS.senhaForteMin || senha.length > CONSTANTS.senhaForteMax) issues.push(MSG.senhaMinimo);
  if (!/[a-z]/.test(senha)) issues.push(MSG.senhaMinuscula);
  if (!/[A-Z]/.test(senha)) issues.push(MSG.senhaMaiuscula);
  if (!/[0-9]/.test(senha)) issues.push(MSG.senhaNumero);
  if (!/[^A-Za-z0-9]/.test(senha)) issues.push(MSG.senhaEspecial);
  return issues;
}

/** The password-change form (spec §3: login, senhaAtual, senha, senhaConf), shared by the dialog and the server. */
export function passwordChangeSchema(grupoValidaSenha: boolean) {
  return z
    .object({
      login: z.string().min(1).max(60),
      senhaAtual: z.string({ error: MSG.senhaAtualObrigatoria }).min(1, MSG.senhaAtualObrigatoria).max(CONSTANTS.senhaInputMax),
      senha: z.string({ error: MSG.novaSenhaObrigatoria }).max(CONSTANTS.senhaSimplesMax, grupoValidaSenha ? MSG.senhaMinimo : MSG.novaSenhaInvalida),
      senhaConf: z.string({ error: MSG.confirmacaoObrigatoria }).min(1, MSG.confirmacaoObrigatoria),
    })
    .superRefine((v, ctx) => {
      for (const message of newPasswordIssues(v.senha, grupoValidaSenha)) ctx.addIssue({ code: 'custom', path: ['senha'], message });
      if (v.senhaConf && v.senha !== v.senhaConf) ctx.addIssue({ code: 'custom', path: ['senhaConf'], message: MSG.senhasDiferentes });
    });
}
export type PasswordChangeForm = z.infer<ReturnType<typeof passwordChangeSchema>>;

import { describe, expect, it } from 'vitest';
import { newPasswordIssues, passwordChangeSchema } from '../../src/shared/password';

const messages = (forte: boolean, v: Record<string, string>) => {
  const r = passwordChangeSchema(forte).safeParse({ login: 'u', senhaAtual: '', senha: '', senhaConf: '', ...v });
  return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('password rules (spec §5)', () => {
  it('requires the current password, the new one and the confirmation', () => {
    expect(messages(false, {})).toEqual(['senhaAtual: Informe a Senha Atual', 'senhaConf: Informe a Confirmação da Nova Senha', 'senha: Informe a Nova Senha']);
  });

  it('simple rule: 5 to 26 letters, digits, underscore or hyphen', () => {
    expect(newPasswordIssues('abcde', false)).toEqual([]);
    expect(newPasswordIssues('a_b-c9', false)).toEqual([]);
    expect(newPasswordIssues('a'.repeat(26), false)).toEqual([]);
    for (const bad of ['abcd', 'a'.repeat(27), 'abc de', 'abcdé', 'abc!de']) expect(newPasswordIssues(bad, false)).toEqual(['Nova Senha inválida']);
  });

  it('strong rule: each missing class has its message', () => {
    expect(newPasswordIssues('Ab1!xy', true)).toEqual([]);
    expect(newPasswordIssues('Ab1!x', true)).toEqual(['Deve ter no mínimo 6 carateres']);
    expect(newPasswordIssues('AB1!XY', true)).toEqual(['Deve ter ao menos uma letra minúscula']);
    expect(newPasswordIssues('ab1!xy', true)).toEqual(['Deve ter ao menos uma letra maiúscula']);
    expect(newPasswordIssues('Abc!xy', true)).toEqual(['Deve ter ao menos um número']);
    expect(newPasswordIssues('Abc1xy', true)).toEqual(['Deve ter ao menos um caracter especial']);
    expect(newPasswordIssues('Ab1!' + 'x'.repeat(22), true)).toEqual(['Deve ter no mínimo 6 carateres']); // 26 > 25
  });

  it('confirmation must equal the new password', () => {
    expect(messages(false, { senhaAtual: 'x', senha: 'abcdef', senhaConf: 'abcdeg' })).toEqual(['senhaConf: As senhas informadas não são iguais']);
    expect(messages(false, { senhaAtual: 'x', senha: 'abcdef', senhaConf: 'abcdef' })).toEqual([]);
  });
});

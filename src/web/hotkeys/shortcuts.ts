import type { Command } from '../../../commands';

/**
 * Go-to sequences (`g` then a letter) for the most used destinations, keyed by command path: the commands'
 * own `hotkey` field wins; this map declares them without touching the command modules.
 */
export const GOTO_BY_PATH: Record<string, string> = {
  '/': 'g h',
  '/cadastro/pessoa/beneficiarios': 'g b',
  '/cadastro/pessoa/prestadores': 'g p',
  '/principal/autorizacao/autorizacoes': 'g a',
  '/principal/autorizacao/auditoria/auditoria-medica': 'g m',
  '/financeiro/pagamento/contas-pagar': 'g c',
  '/relatorio': 'g r',
};

export const hotkeyOf = (c: Pick<Command, 'hotkey' | 'path' | 'query'>): string | undefined =>
  c.hotkey ?? (c.query ? undefined : GOTO_BY_PATH[c.path]);

/** How a key sequence is written for people: 'g h' → 'G H', 'alt+w' → 'Alt+W'. */
export function keyLabel(keys: string): string {
  return keys
    .split(' ')
    .map((k) =>
      k
        .split('+')
        .map((p) => ({ mod: 'Ctrl', ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', left: '←', right: '→', enter: 'Enter', esc: 'Esc' })[p] ?? p.toUpperCase())
        .join('+'),
    )
    .join(' ');
}

/** Every fixed shortcut, for the "?" panel (the go-to sequences are listed from the visible commands). */
export const FIXED_SHORTCUTS: { keys: string; label: string; group: string }[] = [
  { keys: 'Ctrl+K', label: 'Abrir ou fechar a paleta de comandos (também dentro de campos; ⌘K no Mac)', group: 'Paleta' },
  { keys: 'Alt+T', label: 'Paleta para abrir em nova aba', group: 'Paleta' },
  { keys: 'Enter', label: 'Abrir na aba atual', group: 'Paleta' },
  { keys: 'Ctrl+Enter', label: 'Abrir em nova aba', group: 'Paleta' },
  { keys: '↑ ↓ PgUp PgDn', label: 'Percorrer os resultados', group: 'Paleta' },
  { keys: '>', label: 'Ações: fechar aba, próxima aba, alterar senha, sair, atalhos, limpar recentes', group: 'Paleta' },
  { keys: '#', label: 'Relatórios, por nome ou código (rep075)', group: 'Paleta' },
  { keys: '@', label: 'Registros: beneficiário por nome, CPF ou matrícula; prestador por nome, CPF ou CNPJ (5+ caracteres); autorização pelo número da guia ou senha', group: 'Paleta' },
  { keys: 'Esc', label: 'Fechar a paleta ou o diálogo', group: 'Paleta' },
  { keys: 'Alt+1 … Alt+8', label: 'Ir para a aba 1 a 8', group: 'Abas' },
  { keys: 'Alt+9', label: 'Ir para a última aba', group: 'Abas' },
  { keys: 'Alt+← Alt+→', label: 'Aba anterior / próxima aba', group: 'Abas' },
  { keys: 'Alt+W', label: 'Fechar a aba atual (pergunta antes de perder dados não salvos)', group: 'Abas' },
  { keys: 'Ctrl+clique, clique do meio', label: 'Abrir um bloco ou link em nova aba', group: 'Abas' },
  { keys: '?', label: 'Mostrar esta lista de atalhos', group: 'Geral' },
];

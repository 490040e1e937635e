import { z } from 'zod';
import { int4Id, int4IdNumber } from '../validation/ids';
import type { UsuarioResumo } from './regras';

/**
 * Migração de Usuário (Acesso › Migração de Usuário): a user's profiles and open work go to another user — the
 * contacts (atendimentos) still in progress in their name and the processes they scheduled — after a preview of what
 * moves and a confirmation, in one transaction recorded in the trail; optionally the source is blocked. What the
 * product does not assign to a person is said, not invented: the audit queues are by guide type (whoever holds the
 * profile sees them), manifestações are routed to areas, and the palette's recent commands live in each browser.
 */
export const MIGRACAO_MSG = {
  origemObrigatoria: 'Escolha o usuário de origem.',
  destinoObrigatorio: 'Escolha o usuário de destino.',
  origemInexistente: 'Usuário de origem inexistente.',
  destinoInexistente: 'Usuário de destino inexistente.',
  mesmoUsuario: 'Origem e destino devem ser usuários diferentes.',
  destinoBloqueado: 'O usuário de destino está bloqueado: desbloqueie-o antes de migrar.',
  contaPessoal: 'Contas de beneficiário e de dependente são pessoais: não entram em migração.',
  vinculoDiferente: 'Origem e destino devem ser do mesmo prestador (ou os dois da operadora).',
  nadaAMigrar: 'O usuário de origem não tem perfis nem trabalho em aberto para migrar.',
  migrado: (origem: string, destino: string, resumo: string, bloqueado: boolean) => `Migração de ${origem} para ${destino} concluída: ${resumo}.${bloqueado ? ` ${origem} foi bloqueado.` : ''}`,
} as const;

/** What the product keeps no assignment of, said on the screen beside the counts. */
export const MIGRACAO_NOTAS = [
  'Solicitações em auditoria: as filas não são atribuídas a um auditor, e sim por tipo de guia a quem tem o perfil; com os perfis migrados, o destino passa a vê-las.',
  'Manifestações da ouvidoria: são encaminhadas a áreas, não a pessoas; nenhuma fica atribuída ao usuário de origem.',
  'Favoritos: o portal não os guarda; os comandos recentes da paleta ficam no navegador de cada usuário.',
] as const;

export const migracaoSchema = z
  .object({
    origemId: int4IdNumber(MIGRACAO_MSG.origemObrigatoria),
    destinoId: int4IdNumber(MIGRACAO_MSG.destinoObrigatorio),
    bloquearOrigem: z.boolean().default(false),
  })
  .refine((v) => v.origemId !== v.destinoId, { path: ['destinoId'], message: MIGRACAO_MSG.mesmoUsuario });
export type MigracaoForm = z.output<typeof migracaoSchema>;
/** The preview's query (GET: the ids come as text). */
export const migracaoPreviaSchema = z
  .object({ origemId: int4Id(MIGRACAO_MSG.origemObrigatoria), destinoId: int4Id(MIGRACAO_MSG.destinoObrigatorio) })
  .refine((v) => v.origemId !== v.destinoId, { path: ['destinoId'], message: MIGRACAO_MSG.mesmoUsuario });

/** What moves, counted before anything moves (and what moved, after). */
export interface MigracaoPrevia {
  origem: UsuarioResumo;
  destino: UsuarioResumo;
  /** The source's profiles; `jaTem` when the target holds it already. */
  perfis: { nome: string; jaTem: boolean }[];
  /** Contacts in progress in the source's name. */
  atendimentos: number;
  /** Processes the source scheduled. */
  agendamentos: number;
  /** Rule groups attached to the source directly: they stay (they are the person's hours, not the work's). */
  gruposRegrasDiretos: number;
  /** Notes for this pair (the administrator role, the direct rule groups). */
  avisos: string[];
}

export const resumoMigracao = (p: Pick<MigracaoPrevia, 'perfis' | 'atendimentos' | 'agendamentos'>) =>
  [
    p.perfis.length === 1 ? '1 perfil' : `${p.perfis.length} perfis`,
    p.atendimentos === 1 ? '1 atendimento em andamento' : `${p.atendimentos} atendimentos em andamento`,
    p.agendamentos === 1 ? '1 processo agendado' : `${p.agendamentos} processos agendados`,
  ].join(', ');

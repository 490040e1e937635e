import type { CommandPath } from '../../../commands';
import type { DadoPendente } from '../relatorios/aguardando';

/**
 * Exports (and a process) whose file is made of data the portal does not record yet (payments, receivables, accounting
 * entries): each opens a screen that says which data it waits for, instead of a form whose run
 * could only write an empty file. When the data exists, the export is declared (index.ts) and leaves this table.
 * Light on purpose: the web's first bundle reads it.
 */
export const EXPORTACOES_AGUARDANDO: Readonly<Partial<Record<CommandPath, DadoPendente>>> = {};

import type { CommandPath } from '../../../commands';
import type { DadoPendente } from '../relatorios/aguardando';

/**
 * Exports (and a process) whose file is made of data the portal does not record yet (payments, receivables, tax notes, accounting
 * entries, additional services): each opens a screen that says which data it waits for, instead of a form whose run
 * could only write an empty file. When the data exists, the export is declared (index.ts) and leaves this table.
 * Light on purpose: the web's first bundle reads it.
 */
export const EXPORTACOES_AGUARDANDO: Readonly<Partial<Record<CommandPath, DadoPendente>>> = {
  // municipal taxes on the services the operator takes: the providers' tax notes and the ISS withheld on payments
  '/util/exportacao/dam': 'iss',
  '/util/exportacao/dam-betha': 'iss',
  '/util/exportacao/des': 'iss',
  '/util/exportacao/notas-fiscais-servicos-tomados': 'iss',
  // the cancellation of the municipal guides those exports would issue
  '/util/processo/cancelamento-dam-betha': 'iss',
  '/util/exportacao/aeromedico': 'servicos',
  '/util/exportacao/adesao-servico': 'servicos',
};

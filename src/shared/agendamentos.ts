import { z } from 'zod';

/**
 * Scheduled runs of a process (an administrator's monthly run): how often, on which day and at what time in the
 * operator's calendar (São Paulo), with the parameters typed on the process's screen.
 */
export const FREQUENCIAS = [
  ['DIARIA', 'Todo dia'],
  ['SEMANAL', 'Toda semana'],
  ['MENSAL', 'Todo mês'],
] as const;
export type Frequencia = (typeof FREQUENCIAS)[number][0];
export const DIAS_SEMANA = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const;

export const agendamentoBody = z
  .object({
    tipo: z.string().max(40),
    comando: z.string().max(200),
    parametros: z.unknown(),
    frequencia: z.enum(['DIARIA', 'SEMANAL', 'MENSAL'], { error: 'Escolha a frequência.' }),
    // a month's day up to 28: every month has it
    dia: z.coerce.number({ error: 'Dia inválido.' }).int('Dia inválido.').min(0, 'Dia inválido.').max(28, 'Escolha um dia de 1 a 28.').default(1),
    hora: z.string({ error: 'Informe a hora (HH:MM).' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Informe a hora no formato HH:MM, de 00:00 a 23:59.'),
  })
  .superRefine((v, ctx) => {
    if (v.frequencia === 'MENSAL' && v.dia < 1) ctx.addIssue({ code: 'custom', path: ['dia'], message: 'Escolha um dia de 1 a 28.' });
    if (v.frequencia === 'SEMANAL' && v.dia > 6) ctx.addIssue({ code: 'custom', path: ['dia'], message: 'Escolha o dia da semana.' });
  });
export type AgendamentoInput = z.output<typeof agendamentoBody>;

/** The schedule as cron (minute hour day-of-month month day-of-week), read in São Paulo time. */
export function cronDe(a: Pick<AgendamentoInput, 'frequencia' | 'dia' | 'hora'>): string {
  const [h, m] = a.hora.split(':').map(Number);
  if (a.frequencia === 'DIARIA') return `${m} ${h} * * *`;
  if (a.frequencia === 'SEMANAL') return `${m} ${h} * * ${a.dia}`;
  return `${m} ${h} ${a.dia} * *`;
}

/** "Todo mês, no dia 1, às 06:00" */
export function descricaoAgendamento(a: Pick<AgendamentoInput, 'frequencia' | 'dia' | 'hora'>): string {
  if (a.frequencia === 'DIARIA') return `Todo dia, às ${a.hora}`;
  // "todo domingo", "todo sábado", "toda segunda-feira"
  if (a.frequencia === 'SEMANAL') return `${a.dia === 0 || a.dia === 6 ? 'Todo' : 'Toda'} ${DIAS_SEMANA[a.dia]}, às ${a.hora}`;
  return `Todo mês, no dia ${a.dia}, às ${a.hora}`;
}

export interface AgendamentoInfo {
  id: number;
  comando: string;
  tipo: string;
  descricao: string;
  frequencia: Frequencia;
  dia: number;
  hora: string;
  usuarioNome: string;
  criadoEm: string;
  /** The next runs (ISO instants), from the queue's own reading of the schedule. */
  proximas: string[];
}

import { z } from 'zod';
import { competenciaIso } from '../processos/folha';

/**
 * Saldo Consignado (aeco; spec §2.7): what each titular has consigned in the payroll of a competência and the balance
 * still to consign — the coparticipation the plan's monthly ceiling left out of the discount — by the one billing
 * calculation (src/server/financeiro/cobranca.ts: age-band fee, the company's subsidy, the month's coparticipation),
 * the same figures as the Exportar Saldo Consignado file. Titulares are read a page at a time (computed per page).
 */

const int4 = z.coerce.number().int().positive().max(2_147_483_647);

export const saldoConsignadoQuery = z.object({
  competencia: z
    .string({ error: 'Informe a competência (MM/AAAA).' })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => !!competenciaIso(v), 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.'),
  empresa: int4.optional(),
  produto: int4.optional(),
  nome: z.string().trim().max(150).optional(),
  /** Only titulares whose family had coparticipation events in the month (where a balance can arise). */
  comEventos: z.enum(['1', '0']).optional(),
  /** Keyset: the last titular's id of the previous page. */
  depois: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type SaldoConsignadoQuery = z.input<typeof saldoConsignadoQuery>;

export interface SaldoConsignadoLinha {
  titularId: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  empresa: string | null;
  plano: string;
  vidas: number;
  mensalidade: number;
  subsidio: number;
  coparticipacao: number;
  /** mensalidade − subsídio + coparticipação: what is consigned. */
  consignado: number;
  /** Coparticipation above the monthly ceiling: the balance still to consign. */
  saldo: number;
}

export interface SaldoConsignadoPagina {
  competencia: string;
  linhas: SaldoConsignadoLinha[];
  /** The cursor of the next page (null: the last one). */
  proximo: number | null;
  /** Titulares matching the filters (the page is computed; the count is not). */
  titulares: number;
}

/** One titular's family, as the analysis opens it: each member's fee, events and ceiling. */
export interface SaldoConsignadoFamilia extends SaldoConsignadoLinha {
  competencia: string;
  membros: {
    id: number;
    nome: string;
    matricula: string;
    relacao: string;
    idade: number;
    mensalidade: number | null;
    coparticipacao: number;
    limiteCortou: number;
    eventos: { guia: string; data: string; codigo: string; descricao: string; quantidade: number; valorEvento: number; regra: string; cobrado: number }[];
  }[];
}

import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { isoToBr, todayIso, toIsoDate } from '../dates';

/**
 * The debt notices sent to payers (rep214's letters): the collection office registers the sending from the Aviso de
 * Débitos screen (POST /api/relatorios/rep214/envios, with the report's filters: the server recomputes the overdue
 * titles itself) and the Conferência de Aviso de Débito checks who paid afterwards.
 */

export const COMANDO_AVISO_DEBITOS = '/relatorio/cobranca/aviso-debitos' satisfies CommandPath;
export const ENDPOINT_ENVIO_AVISOS = '/relatorios/rep214/envios';

export const MEIOS_AVISO = [
  ['CARTA', 'Carta'],
  ['EMAIL', 'E-mail'],
] as const;
export type MeioAviso = (typeof MEIOS_AVISO)[number][0];
export const meioAvisoLabel = (m: string) => MEIOS_AVISO.find(([k]) => k === m)?.[1] ?? m;

/** A notice's situation in the conference: every title it named paid, none, or some. */
export const SITUACOES_AVISO = [
  ['PAGO', 'Pago'],
  ['ABERTO', 'Em aberto'],
  ['PARCIAL', 'Parcial'],
] as const;

/** Each title of a notice, as the conference reads it against the title's live payment. */
export const SITUACOES_TITULO_AVISO = [
  ['PAGO_APOS', 'Pago após o aviso'],
  ['PAGO_ANTES', 'Pago antes do aviso'],
  ['ABERTO', 'Em aberto'],
  ['ESTORNADO', 'Título estornado'],
] as const;

/** At most this many payers per registration (the letters of one print run); more asks for narrower filters. */
export const MAX_PAGADORES_ENVIO = 5_000;

export const AVISO_MSG = {
  meio: 'Escolha o meio do envio: carta ou e-mail.',
  data: 'Data do envio inválida. Use DD/MM/AAAA.',
  dataFutura: 'A data do envio não pode ser depois de hoje.',
  antesDaPosicao: (posicao: string) => `A data do envio não pode ser antes da posição dos títulos (${isoToBr(posicao)}).`,
  posicaoFutura: 'A posição dos títulos não pode ser depois de hoje: registre o envio de avisos já emitidos.',
  nenhum: 'Nenhum pagador com títulos vencidos nestes filtros: não há aviso a registrar.',
  muitos: (n: number) => `${n.toLocaleString('pt-BR')} pagadores nestes filtros: registre no máximo ${MAX_PAGADORES_ENVIO.toLocaleString('pt-BR')} por vez (filtre por plano ou atraso mínimo).`,
} as const;

export const envioAvisosSchema = z.object({
  meio: z.enum(['CARTA', 'EMAIL'], { error: AVISO_MSG.meio }),
  /** The day the notices were sent (posted or e-mailed); today when not given. */
  data: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const iso = toIsoDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: AVISO_MSG.data });
        return z.NEVER;
      }
      if (iso > todayIso()) {
        ctx.addIssue({ code: 'custom', message: AVISO_MSG.dataFutura });
        return z.NEVER;
      }
      return iso;
    }),
  /** The Aviso de Débitos screen's filters (its address): the server reads the payers and titles from them. */
  consulta: z.string().max(4000, 'Filtros longos demais.').default(''),
});
export type EnvioAvisosInput = z.input<typeof envioAvisosSchema>;

/** The answer of a registration: how many notices were written and how many payers were left out, and why. */
export interface EnvioAvisos {
  id: number;
  data: string;
  meio: MeioAviso;
  posicao: string;
  avisos: number;
  titulos: number;
  valor: number;
  repetidos: number;
  semEmail: number;
}

const pagadores = (n: number) => (n === 1 ? '1 pagador' : `${n.toLocaleString('pt-BR')} pagadores`);

/** The confirmation, in full sentences: what was registered and who was not notified again. */
export function envioTexto(e: EnvioAvisos, hoje = todayIso()): string {
  const dia = e.data === hoje ? 'hoje' : `em ${isoToBr(e.data)}`;
  const partes = [
    e.avisos === 0
      ? 'Nenhum aviso de débito registrado.'
      : `${e.avisos === 1 ? '1 aviso de débito registrado' : `${e.avisos.toLocaleString('pt-BR')} avisos de débito registrados`} (${meioAvisoLabel(e.meio).toLowerCase()}, ${isoToBr(e.data)}), com ${e.titulos === 1 ? '1 título' : `${e.titulos.toLocaleString('pt-BR')} títulos`} vencidos na posição de ${isoToBr(e.posicao)}.`,
  ];
  if (e.repetidos) partes.push(`${pagadores(e.repetidos)} já ${e.repetidos === 1 ? 'tinha' : 'tinham'} aviso destes mesmos títulos ${dia} e não ${e.repetidos === 1 ? 'foi avisado' : 'foram avisados'} de novo.`);
  if (e.semEmail) partes.push(`${pagadores(e.semEmail)} sem e-mail no cadastro ${e.semEmail === 1 ? 'ficou' : 'ficaram'} de fora: envie por carta.`);
  return partes.join(' ');
}

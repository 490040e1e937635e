import { z } from 'zod';
import { OPERATOR_TIME_ZONE, todayIso, toIsoDate } from '../dates';
import { labelOf, optionalId, requireReason, stepFields } from '../workflow/schemas';
import { ACOES, FLUXO, type Acao, type Status } from './fluxo';
import { digitosOpcionais } from '../validation/digitos';

/**
 * Atendimentos (/operadora/atendimentos): every contact of the service desk with a beneficiary or a provider. The
 * statuses, the allowed transitions (one table for the server and the screens), the fixed lists, the input schemas and
 * the wire types live here.
 *
 * Protocol number (ANS RN 623/2024, which replaced RN 395/2016): 20 digits — the operator's ANS registration (6), the
 * São Paulo day of the registration (AAAAMMDD) and a 6-digit sequence of that day, given by the server in the
 * registering transaction (one counter row per day, locked by the increment): no gaps, no repeats.
 */

// ---- fixed lists ----------------------------------------------------------------------------------------------

export { ACOES, FLUXO, STATUS, type Acao, type Status } from './fluxo';

export const PESSOAS = [
  ['BENEFICIARIO', 'Beneficiário'],
  ['PRESTADOR', 'Prestador'],
] as const;
export type PessoaTipo = (typeof PESSOAS)[number][0];

export const CANAIS = [
  ['TELEFONE', 'Telefone'],
  ['PRESENCIAL', 'Presencial'],
  ['EMAIL', 'E-mail'],
  ['CHAT', 'Chat'],
  ['APLICATIVO', 'Aplicativo'],
  ['CARTA', 'Carta'],
] as const;
export type Canal = (typeof CANAIS)[number][0];

export const MOTIVOS = [
  ['AUTORIZACAO', 'Autorização'],
  ['REEMBOLSO', 'Reembolso'],
  ['REDE', 'Rede credenciada'],
  ['CARTEIRINHA', 'Carteirinha'],
  ['FINANCEIRO', 'Boleto/financeiro'],
  ['CADASTRO', 'Cadastro'],
  ['CANCELAMENTO', 'Cancelamento'],
  ['RECLAMACAO', 'Reclamação'],
  ['INFORMACAO', 'Informação'],
] as const;
export type Motivo = (typeof MOTIVOS)[number][0];

/** How a concluded contact ended. */
export const RESULTADOS = [
  ['RESOLVIDO', 'Resolvido no contato'],
  ['ENCAMINHADO', 'Encaminhado a outra área'],
  ['AGUARDANDO_RETORNO', 'Aguardando retorno do beneficiário'],
] as const;
export type Resultado = (typeof RESULTADOS)[number][0];

export const pessoaLabel = (v: string | null | undefined) => labelOf(PESSOAS, v);
export const canalLabel = (v: string | null | undefined) => labelOf(CANAIS, v);
export const motivoLabel = (v: string | null | undefined) => labelOf(MOTIVOS, v);
export const resultadoLabel = (v: string | null | undefined) => labelOf(RESULTADOS, v);
const keysOf = <K extends string>(list: readonly (readonly [K, string])[]) => list.map(([k]) => k) as [K, ...K[]];

// ---- transitions (the table: ./fluxo.ts) ----------------------------------------------------------------------

/** The 422 of a step its status does not allow (the API tests read it from here). */
export const msgTransicaoRecusada = FLUXO.refusal;
export const MSG_RESULTADO = 'Informe o resultado do atendimento.';

// ---- dates, times and numbers ---------------------------------------------------------------------------------

const wall = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** Today in São Paulo (ISO): one definition for the whole product, in shared/dates. */
export { todayIso as hojeSaoPaulo } from '../dates';
/** HH:mm of an instant in São Paulo. */
export const horaSaoPaulo = (d = new Date()) => {
  const p = Object.fromEntries(wall.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}`;
};

/** A São Paulo wall time (ISO day + HH:mm) as an instant: the zone's offset read for that moment (old DST years too). */
export function instanteSaoPaulo(dia: string, hora: string): Date {
  const [y, mo, d] = dia.split('-').map(Number);
  const [h, mi] = hora.split(':').map(Number);
  const alvo = Date.UTC(y, mo - 1, d, h, mi);
  let t = alvo + 3 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const p = Object.fromEntries(wall.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    t += alvo - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return new Date(t);
}

export const PROTOCOLO_DIGITOS = 20;
/** RN 623/2024: registro ANS (6) + AAAAMMDD + sequence of the day (6). */
export const formatProtocolo = (registroAns: string, dia: string, seq: number) => `${registroAns}${dia.replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
/** The day (ISO) a protocol number was given. */
export const diaDoProtocolo = (p: string) => `${p.slice(6, 10)}-${p.slice(10, 12)}-${p.slice(12, 14)}`;

/** Minutes between start and end, or null while the contact goes on. */
export const duracaoMinutos = (inicio: string, fim: string | null) => (fim ? Math.max(0, Math.round((Date.parse(fim) - Date.parse(inicio)) / 60_000)) : null);
/** 7 min, 1 h 05 min; "—" while it goes on. */
export function formatDuracao(min: number | null | undefined): string {
  if (min == null) return '—';
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

/** The longest contact registered at once (a day's shift): a longer one is a typing mistake. */
export const DURACAO_MAX_MIN = 8 * 60;

// ---- schemas --------------------------------------------------------------------------------------------------

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const hora = (label: string) =>
  z
    .string({ error: `Informe a hora de ${label}.` })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v == null || HORA.test(v), `Hora de ${label} inválida. Use HH:MM.`);

/** The authorization's number as printed on the guide (digits only). */
export const NUMERO_AUTORIZACAO = /^\d{6,20}$/;
/** A document protocol as the desk prints it (AAAA/NNNNNN). */
export const NUMERO_PROTOCOLO_DOCUMENTO = /^\d{4}\/\d{6}$/;

/**
 * Registering a contact: who (a beneficiary or a provider, by id), how and why, what was said, the related
 * authorization or document protocol (optional, checked to exist on the server), the day and the start and end
 * times (São Paulo; the end may be left for the conclusion while the contact goes on). The attendant is the session.
 */
export const registroSchema = z
  .object({
    pessoaTipo: z.enum(keysOf(PESSOAS), { error: 'Informe se o contato é de beneficiário ou de prestador.' }),
    beneficiarioId: optionalId,
    prestadorId: optionalId,
    canal: z.enum(keysOf(CANAIS), { error: 'Informe o canal do atendimento.' }),
    motivo: z.enum(keysOf(MOTIVOS), { error: 'Informe o motivo do atendimento.' }),
    descricao: z.string({ error: 'Descreva o atendimento.' }).trim().min(1, 'Descreva o atendimento.').max(2000, 'Descrição: no máximo 2000 caracteres.'),
    autorizacao: digitosOpcionais(NUMERO_AUTORIZACAO, 'Número da autorização inválido.', 'Número da autorização inválido: use só os dígitos da guia.'),
    protocoloDocumento: z
      .string({ error: 'Protocolo de documento inválido.' })
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v == null || NUMERO_PROTOCOLO_DOCUMENTO.test(v), 'Protocolo de documento inválido. Use AAAA/NNNNNN.'),
    data: z
      .string({ error: 'Informe a data do atendimento.' })
      .trim()
      .min(1, 'Informe a data do atendimento.')
      .transform((v, ctx) => {
        const iso = toIsoDate(v);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: 'Data do atendimento inválida. Use DD/MM/AAAA.' });
          return z.NEVER;
        }
        if (iso > todayIso()) {
          ctx.addIssue({ code: 'custom', message: 'A data do atendimento não pode ser futura.' });
          return z.NEVER;
        }
        return iso;
      }),
    horaInicio: hora('início').refine((v) => v != null, 'Informe a hora de início.'),
    horaFim: hora('término'),
  })
  .superRefine(
    (v, ctx) => {
      const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.pessoaTipo === 'BENEFICIARIO' && !v.beneficiarioId) erro('beneficiarioId', 'Escolha o beneficiário atendido.');
      if (v.pessoaTipo === 'PRESTADOR' && !v.prestadorId) erro('prestadorId', 'Escolha o prestador atendido.');
      if (typeof v.data !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.data) || !v.horaInicio || !HORA.test(v.horaInicio)) return;
      // a minute of tolerance: the form fills "now" and the clocks of browser and server differ a little
      const agora = Date.now() + 60_000;
      const inicio = instanteSaoPaulo(v.data, v.horaInicio).getTime();
      if (inicio > agora) erro('horaInicio', 'O início não pode ser no futuro.');
      if (v.horaFim && HORA.test(v.horaFim)) {
        const fim = instanteSaoPaulo(v.data, v.horaFim).getTime();
        if (fim < inicio) erro('horaFim', 'O término deve ser depois do início.');
        else if (fim > agora) erro('horaFim', 'O término não pode ser no futuro.');
        else if (fim - inicio > DURACAO_MAX_MIN * 60_000) erro('horaFim', `Um atendimento dura no máximo ${DURACAO_MAX_MIN / 60} horas.`);
      }
    },
    // also while other fields are wrong: the form shows every refusal at once
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => ({
    pessoaTipo: v.pessoaTipo,
    // one person per contact: what does not belong to the chosen kind is dropped
    beneficiarioId: v.pessoaTipo === 'BENEFICIARIO' ? v.beneficiarioId! : null,
    prestadorId: v.pessoaTipo === 'PRESTADOR' ? v.prestadorId! : null,
    canal: v.canal,
    motivo: v.motivo,
    descricao: v.descricao,
    autorizacao: v.autorizacao,
    protocoloDocumento: v.protocoloDocumento,
    inicio: instanteSaoPaulo(v.data, v.horaInicio!).toISOString(),
    fim: v.horaFim ? instanteSaoPaulo(v.data, v.horaFim).toISOString() : null,
  }));
export type RegistroInput = z.input<typeof registroSchema>;
export type Registro = z.output<typeof registroSchema>;

// the fields one by one: the refusals keep the order of the form (the outcome before the note)
const PASSO = stepFields(ACOES);
/** A step on a contact: the version read (409 when stale), the outcome (concluir), the reason (cancelar, reabrir). */
export const transicaoSchema = z
  .object({
    acao: PASSO.acao,
    version: PASSO.version,
    resultado: z.preprocess((v) => (v === '' ? undefined : v), z.enum(keysOf(RESULTADOS), { error: MSG_RESULTADO }).nullish()),
    nota: PASSO.nota,
  })
  .superRefine(
    (v, ctx) => {
      requireReason(FLUXO, v, ctx);
      if (FLUXO.transitions[v.acao]?.resultado && !v.resultado) ctx.addIssue({ code: 'custom', path: ['resultado'], message: MSG_RESULTADO });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  // an outcome only where the step records one
  .transform((v) => ({ ...v, resultado: FLUXO.transitions[v.acao].resultado ? v.resultado! : null }));
export type TransicaoInput = z.input<typeof transicaoSchema>;
export type Transicao = z.output<typeof transicaoSchema>;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface AtendimentoLinha {
  id: number;
  protocolo: string;
  status: Status;
  pessoaTipo: PessoaTipo;
  pessoaNome: string;
  /** The beneficiary's card or the provider's code. */
  pessoaCodigo: string | null;
  canal: Canal;
  motivo: Motivo;
  /** ISO instants. */
  inicio: string;
  fim: string | null;
  duracao: number | null;
  resultado: Resultado | null;
  atendenteNome: string;
  version: number;
}

export interface AtendimentoHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: Acao | 'registrar';
  de: Status | null;
  para: Status;
  resultado: Resultado | null;
  nota: string | null;
}

export interface AtendimentoDetalhe extends AtendimentoLinha {
  beneficiarioId: number | null;
  prestadorId: number | null;
  descricao: string;
  autorizacao: { id: number; numero: string } | null;
  protocoloDocumento: { id: number; numero: string } | null;
  /** The last reason given (cancelamento, reabertura). */
  justificativa: string | null;
  criadoEm: string;
  historico: AtendimentoHistorico[];
}

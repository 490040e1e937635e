import { z } from 'zod';
import { todayIso, toIsoDate } from '../dates';
import { checkDocument, formatDocument } from '../validation/br';
import { labelOf, optionalId, optionalText, requireReason, stepFields } from '../workflow/schemas';
import { ACOES, FLUXO, type Acao, type Status } from './fluxo';

/**
 * Protocolos de Documentos (/principal/protocolos-documentos): every document the operator receives (a letter, a
 * medical report, a requirement, a form) gets a protocol number at once, goes to a sector and is closed. The statuses,
 * the allowed transitions (one table for the server and the screens), the fixed lists and the input schemas live here.
 *
 * Protocol number: `AAAA/NNNNNN` — the São Paulo year of the registration and a 6-digit sequence that restarts each
 * year, given by the server in the registering transaction (one counter row per year, locked by the increment), so two
 * desks registering at the same moment never share a number and a year has no gaps.
 */

// ---- fixed lists ----------------------------------------------------------------------------------------------

export { ACOES, FLUXO, STATUS, type Acao, type Status } from './fluxo';

export const REMETENTES = [
  ['BENEFICIARIO', 'Beneficiário'],
  ['PRESTADOR', 'Prestador'],
  ['EMPRESA', 'Empresa'],
  ['OUTRO', 'Outro'],
] as const;
export type RemetenteTipo = (typeof REMETENTES)[number][0];

export const TIPOS_DOCUMENTO = [
  ['REQUERIMENTO', 'Requerimento'],
  ['LAUDO', 'Laudo médico'],
  ['DECLARACAO', 'Declaração'],
  ['OFICIO', 'Ofício'],
  ['CONTRATO', 'Contrato/Aditivo'],
  ['RECURSO', 'Recurso'],
  // a provider's invoice for its services (the desk checks it and returns it when wrong: CNPJ, values, period)
  ['NOTA_FISCAL', 'Nota fiscal'],
  ['OUTROS', 'Outros'],
] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number][0];

export const CANAIS = [
  ['PRESENCIAL', 'Presencial'],
  ['CORREIOS', 'Correios'],
  ['EMAIL', 'E-mail'],
  ['PORTAL', 'Portal'],
] as const;
export type Canal = (typeof CANAIS)[number][0];

export const remetenteLabel = (v: string | null | undefined) => labelOf(REMETENTES, v);
export const tipoDocumentoLabel = (v: string | null | undefined) => labelOf(TIPOS_DOCUMENTO, v);
export const canalLabel = (v: string | null | undefined) => labelOf(CANAIS, v);

export const FOLHAS_MAX = 999;

// ---- transitions (the table: ./fluxo.ts) ----------------------------------------------------------------------

/** The 422 of a step its status does not allow (the API tests read it from here). */
export const msgTransicaoRecusada = FLUXO.refusal;

// ---- dates and numbers --------------------------------------------------------------------------------------------

/** Today in São Paulo (ISO): one definition for the whole product, in shared/dates. */
export { todayIso as hojeSaoPaulo } from '../dates';

export const formatNumero = (ano: number, seq: number) => `${ano}/${String(seq).padStart(6, '0')}`;
/**
 * A protocol number as typed in the search: `2026/000123`, `2026000123`, `123/2026` or just the sequence (`123`, any
 * year). Null when it cannot be one.
 */
export function lerNumero(typed: string): { ano: number | null; seq: number } | null {
  const t = typed.trim();
  let m = /^(\d{4})\s*[/.-]?\s*(\d{6})$/.exec(t) ?? /^(\d{4})\s*[/.-]\s*(\d{1,6})$/.exec(t);
  if (m) return { ano: Number(m[1]), seq: Number(m[2]) };
  m = /^(\d{1,6})\s*[/.-]\s*(\d{4})$/.exec(t);
  if (m) return { ano: Number(m[2]), seq: Number(m[1]) };
  if (/^\d{1,6}$/.test(t)) return { ano: null, seq: Number(t) };
  return null;
}

// ---- schemas --------------------------------------------------------------------------------------------------

/**
 * Registering a document. The sender is a beneficiary or a provider chosen from their registries (by id), or a company
 * or someone else written in (name and CPF/CNPJ with check digits). Dates: DD/MM/AAAA or ISO, never after today.
 */
export const registroSchema = z
  .object({
    remetenteTipo: z.enum(REMETENTES.map(([k]) => k) as [RemetenteTipo, ...RemetenteTipo[]], { error: 'Informe o tipo de remetente.' }),
    beneficiarioId: optionalId,
    prestadorId: optionalId,
    remetenteNome: optionalText(150, 'Nome do remetente'),
    remetenteDocumento: optionalText(20, 'CPF/CNPJ'),
    tipoDocumento: z.enum(TIPOS_DOCUMENTO.map(([k]) => k) as [TipoDocumento, ...TipoDocumento[]], { error: 'Informe o tipo de documento.' }),
    assunto: z.string({ error: 'Informe o assunto.' }).trim().min(1, 'Informe o assunto.').max(200, 'Assunto: no máximo 200 caracteres.'),
    setorId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'Informe o setor de destino.' }).int('Informe o setor de destino.').positive('Informe o setor de destino.').max(2_147_483_647, 'Setor inválido.')),
    folhas: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'Informe o número de folhas.' })
        .int('Número de folhas inválido.')
        .min(1, 'O documento tem ao menos 1 folha.')
        .max(FOLHAS_MAX, `No máximo ${FOLHAS_MAX} folhas por protocolo.`),
    ),
    recebidoEm: z
      .string({ error: 'Informe a data de recebimento.' })
      .trim()
      .min(1, 'Informe a data de recebimento.')
      .transform((v, ctx) => {
        const iso = toIsoDate(v);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: 'Data de recebimento inválida. Use DD/MM/AAAA.' });
          return z.NEVER;
        }
        if (iso > todayIso()) {
          ctx.addIssue({ code: 'custom', message: 'A data de recebimento não pode ser futura.' });
          return z.NEVER;
        }
        return iso;
      }),
    canal: z.enum(CANAIS.map(([k]) => k) as [Canal, ...Canal[]], { error: 'Informe o canal de recebimento.' }),
    observacao: optionalText(1000, 'Observação'),
  })
  .superRefine(
    (v, ctx) => {
      const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.remetenteTipo === 'BENEFICIARIO' && !v.beneficiarioId) erro('beneficiarioId', 'Escolha o beneficiário remetente.');
      if (v.remetenteTipo === 'PRESTADOR' && !v.prestadorId) erro('prestadorId', 'Escolha o prestador remetente.');
      if (v.remetenteTipo === 'EMPRESA' || v.remetenteTipo === 'OUTRO') {
        if (!v.remetenteNome) erro('remetenteNome', v.remetenteTipo === 'EMPRESA' ? 'Informe a razão social da empresa.' : 'Informe o nome do remetente.');
        const msg = documentoInvalido(v.remetenteTipo, typeof v.remetenteDocumento === 'string' ? v.remetenteDocumento : null);
        if (msg) erro('remetenteDocumento', msg);
      }
    },
    // also while other fields are wrong: the form shows every refusal at once, not the sender's after a second try
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => {
    // what does not belong to the chosen kind of sender is dropped: one sender per protocol
    const escrito = v.remetenteTipo === 'EMPRESA' || v.remetenteTipo === 'OUTRO';
    return {
      ...v,
      beneficiarioId: v.remetenteTipo === 'BENEFICIARIO' ? v.beneficiarioId! : null,
      prestadorId: v.remetenteTipo === 'PRESTADOR' ? v.prestadorId! : null,
      remetenteNome: escrito ? v.remetenteNome : null,
      remetenteDocumento: escrito ? documentoBruto(v.remetenteDocumento!) : null,
    };
  });
export type RegistroInput = z.input<typeof registroSchema>;
export type Registro = z.output<typeof registroSchema>;

/** A typed CPF or CNPJ without punctuation (the alphanumeric CNPJ upper-cased). */
export const documentoBruto = (typed: string) => typed.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A sender's CPF (11 digits) or CNPJ as people read it. */
export const documentoLegivel = (doc: string | null | undefined) => (doc ? formatDocument(doc.length === 11 ? 'cpf' : 'cnpj', doc) : '');

/** Why a written sender's document is refused: a company's CNPJ; anyone else's CPF or CNPJ (by its length). */
export function documentoInvalido(tipo: RemetenteTipo, typed: string | null | undefined): string | undefined {
  if (!typed) return tipo === 'EMPRESA' ? 'Informe o CNPJ da empresa.' : 'Informe o CPF ou o CNPJ do remetente.';
  const raw = documentoBruto(typed);
  if (tipo === 'EMPRESA') return checkDocument('cnpj', raw);
  if (raw.length === 11) return checkDocument('cpf', raw);
  if (raw.length === 14) return checkDocument('cnpj', raw);
  return 'Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).';
}

/** An action on a protocol: the version read (409 when stale), the note (the reason, when the action needs one), the sector. */
export const tramitacaoSchema = z
  .object({
    ...stepFields(ACOES),
    /** Encaminhar: the sector it goes to (the registered one when absent). */
    setorId: optionalId,
  })
  .superRefine((v, ctx) => requireReason(FLUXO, v, ctx), { when: (p) => p.value != null && typeof p.value === 'object' });
export type TramitacaoInput = z.input<typeof tramitacaoSchema>;
export type Tramitacao = z.output<typeof tramitacaoSchema>;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface ProtocoloLinha {
  id: number;
  numero: string;
  status: Status;
  remetenteTipo: RemetenteTipo;
  remetenteNome: string;
  /** CPF or CNPJ, raw (formatted on screen). */
  remetenteDocumento: string | null;
  tipoDocumento: TipoDocumento;
  assunto: string;
  setor: number;
  setorNome: string;
  folhas: number;
  /** ISO day. */
  recebidoEm: string;
  canal: Canal;
  version: number;
}

export interface ProtocoloHistorico {
  id: number;
  /** ISO instant. */
  em: string;
  usuario: string;
  /** 'alterar': a correction of the registered data (/util/processo/alteracao-protocolo and the provider change), the note says what. */
  acao: Acao | 'registrar' | 'alterar';
  de: Status | null;
  para: Status;
  nota: string | null;
  setorNome: string | null;
}

export interface ProtocoloDetalhe extends ProtocoloLinha {
  beneficiarioId: number | null;
  prestadorId: number | null;
  /** The beneficiary's card or the provider's code, when the sender is one of them. */
  remetenteCodigo: string | null;
  observacao: string | null;
  /** The last reason given (devolução, cancelamento). */
  motivo: string | null;
  criadoEm: string;
  criadoPor: string;
  historico: ProtocoloHistorico[];
}

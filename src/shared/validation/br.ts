import { isValidCbo, isValidCep, isValidCnpj, isValidCns, isValidCpf, isValidPhone, isValidPis, isValidServicePhone } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { applyMask, applyPhoneMask, DOC_MASKS, matchesMask, unmask } from '../resources/masks';

/**
 * Brazilian identifiers and contacts (DOMAIN §4, spec §5 and §9), one module for the browser and the server:
 * the check digits come from @brazilian-utils (maintained, tested), the masks and the pt-BR messages from here.
 * The resource engine calls `checkDocument` for text fields declared with `validate`; the hand-written
 * endpoints (eligibility by CPF, the data-update request) use the zod schemas below.
 */

export type DocKind = keyof typeof DOC_MASKS;
export const DOC_KINDS = Object.keys(DOC_MASKS) as DocKind[];
export { DOC_MASKS };

const LABELS: Record<DocKind, string> = { cpf: 'CPF', cnpj: 'CNPJ', pis: 'PIS/PASEP', cns: 'CNS', cep: 'CEP', cbo: 'CBO', cnes: 'CNES' };

const CHECKS: Record<DocKind, (raw: string) => boolean> = {
  cpf: (v) => isValidCpf(v),
  cnpj: (v) => isValidCnpj(v, { version: 2 }),
  pis: (v) => isValidPis(v),
  cns: (v) => isValidCns(v),
  cep: (v) => isValidCep(v) && !/^0{8}$/.test(v),
  cbo: (v) => isValidCbo(v),
  cnes: (v) => /^\d{7}$/.test(v),
};

/** Why a raw (unmasked) identifier is refused, in pt-BR; undefined when it is valid. */
export function checkDocument(kind: DocKind, raw: string, label = LABELS[kind]): string | undefined {
  if (!matchesMask(DOC_MASKS[kind], raw)) return `${label} inválido. Use o formato ${hint(DOC_MASKS[kind])}.`;
  if (CHECKS[kind](raw)) return undefined;
  switch (kind) {
    case 'cep':
      return `${label} inválido.`;
    case 'cbo':
      return `${label} não encontrado na Classificação Brasileira de Ocupações.`;
    default:
      return `${label} inválido: os dígitos verificadores não conferem.`;
  }
}

const hint = (mask: string) => [...mask].map((m) => (m === '#' || m === 'X' ? '0' : m)).join('');

/** True when the raw value is a valid identifier of the kind. */
export const isValidDocument = (kind: DocKind, raw: string) => checkDocument(kind, raw) === undefined;

/** Raw value of a typed identifier (mask characters removed, letters upper-cased for the alphanumeric CNPJ). */
export const rawDocument = (kind: DocKind, typed: string) => unmask(DOC_MASKS[kind], typed.trim().toUpperCase());

/** The identifier as people read it (000.000.000-00); the raw value when it does not fit the mask. */
export const formatDocument = (kind: DocKind, raw: string | null | undefined) => (raw ? (matchesMask(DOC_MASKS[kind], raw) ? applyMask(DOC_MASKS[kind], raw) : raw) : '');

// ---- phones (spec §9: 11 digits (xx) xxxxx-xxxx, 10 digits (xx) xxxx-xxxx, 0800 numbers spaced) ------------------

export const TELEFONE_MSG = 'Telefone inválido. Use (00) 00000-0000 para celular, (00) 0000-0000 para fixo ou 0800 000 0000.';

/** Why a phone (digits only) is refused; undefined when it is a valid mobile, landline or 0800 number. */
export function checkTelefone(digits: string, label = 'Telefone'): string | undefined {
  if (/^0800\d{7}$/.test(digits)) return isValidServicePhone(digits) ? undefined : TELEFONE_MSG.replace('Telefone', label);
  if ((digits.length === 10 || digits.length === 11) && isValidPhone(digits, { accept: ['mobile', 'landline'] })) return undefined;
  return TELEFONE_MSG.replace('Telefone', label);
}

export const formatTelefone = (digits: string | null | undefined) => (digits ? applyPhoneMask(digits) : '');

// ---- zod schemas (hand-written endpoints and forms) -----------------------------------------------------------------

const text = (label: string) => z.string({ error: `Informe o ${label}.` });

/** A required identifier: typed with or without the mask, answered raw. */
export function documentSchema(kind: DocKind, label = LABELS[kind]) {
  return text(label)
    .trim()
    .min(1, `Informe o ${label}.`)
    .transform((v, ctx) => {
      const raw = rawDocument(kind, v);
      const msg = checkDocument(kind, raw, label);
      if (msg) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return raw;
    });
}

export const cpfSchema = documentSchema('cpf');
export const cnpjSchema = documentSchema('cnpj');
export const pisSchema = documentSchema('pis');
export const cnsSchema = documentSchema('cns');
export const cepSchema = documentSchema('cep');

/** A phone typed in any of the spec's formats, answered as digits; empty → null. */
export function telefoneSchema(label = 'Telefone') {
  return z
    .string()
    .trim()
    .max(30, `${label} inválido.`)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const digits = v.replace(/\D/g, '');
      const msg = checkTelefone(digits, label);
      if (msg) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return digits;
    });
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const emailSchema = z
  .string()
  .trim()
  .max(120, 'E-mail deve ter no máximo 120 caracteres.')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!EMAIL_RE.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'E-mail inválido. Informe um e-mail como nome@exemplo.com.br.' });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

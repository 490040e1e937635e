import { z } from 'zod';
import { todayIso } from '../dates';
import { MAX_CENTAVOS, type Centavos } from '../money';
import { labelOf, optionalText, requireReason, stepFields } from '../workflow/schemas';
import { ACOES, FLUXO, type Acao, type Status } from './fluxo';
import { dataObrigatoria } from '../validation/data';

/**
 * Solicitações de Verbas (/financeiro/recebimento/processo-recebimento/solicitacoes-verbas): in an autogestão the
 * sponsor companies fund their employees' care, and the operator asks each one, per competência, for what it pays
 * for that company's beneficiaries: the provider bills of the month's payables (the released value of the guides of
 * the company's beneficiaries in the payables of the competência, reversed ones left out) and the reimbursements of
 * the company's beneficiaries released in the month. The server computes the amount at creation and keeps its
 * composition; number AAAA/NNNNNN per year.
 */

export { ACOES, FLUXO, STATUS, type Acao, type Status } from './fluxo';

export const TIPOS_ITEM = [
  ['CONTAS', 'Contas de prestadores'],
  ['REEMBOLSOS', 'Reembolsos'],
] as const;
export type TipoItem = (typeof TIPOS_ITEM)[number][0];
export const tipoItemLabel = (v: string | null | undefined) => labelOf(TIPOS_ITEM, v);

export const VERBA_MSG = {
  naoEncontrada: 'Solicitação de verba não encontrada.',
  equipe: 'Somente a equipe financeira da operadora registra solicitações de verba.',
  empresa: 'Empresa não encontrada.',
  duplicada: (numero: string) => `Já existe a solicitação de verba nº ${numero} desta empresa para esta competência: cancele-a antes de registrar outra.`,
  semValor: (competencia: string) => `Nada a solicitar: nenhuma conta paga nem reembolso liberado na competência ${competencia} para beneficiários desta empresa.`,
  futura: 'A competência não pode ser posterior ao mês atual.',
} as const;

export const msgTransicaoRecusada = FLUXO.refusal;

export const formatNumero = (ano: number, seq: number) => `${ano}/${String(seq).padStart(6, '0')}`;
/** 'YYYY-MM' → 'MM/AAAA'. */
export const competenciaBr = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;

const competencia = z
  .string({ error: 'Informe a competência.' })
  .trim()
  .min(1, 'Informe a competência.')
  .transform((v, ctx) => {
    const m = /^(\d{2})\/(\d{4})$/.exec(v) ?? /^(\d{4})-(\d{2})$/.exec(v);
    const [ano, mes] = m ? (v.includes('/') ? [m[2], m[1]] : [m[1], m[2]]) : [];
    if (!m || Number(mes) < 1 || Number(mes) > 12 || Number(ano) < 2000 || Number(ano) > 2100) {
      ctx.addIssue({ code: 'custom', message: 'Competência inválida. Use MM/AAAA.' });
      return z.NEVER;
    }
    const c = `${ano}-${mes}`;
    if (c > todayIso().slice(0, 7)) {
      ctx.addIssue({ code: 'custom', message: VERBA_MSG.futura });
      return z.NEVER;
    }
    return c;
  });

const dia = (label: string) => dataObrigatoria(`Informe ${label}.`, 'Data inválida. Use DD/MM/AAAA.');

const empresaId = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.coerce.number({ error: 'Escolha a empresa.' }).int('Escolha a empresa.').positive('Escolha a empresa.').max(2_147_483_647, 'Empresa inválida.'),
);

/** The composition a request would have (the form's preview). */
export const previaVerbaSchema = z.object({ empresaId, competencia });

/** Registering a request: the company, the competência (MM/AAAA, not after this month), the due date, a note. */
export const registroVerbaSchema = z
  .object({ empresaId, competencia, vencimento: dia('o vencimento'), observacao: optionalText(1000, 'Observação') })
  .superRefine(
    (v, ctx) => {
      if (typeof v.vencimento === 'string' && v.vencimento < todayIso()) ctx.addIssue({ code: 'custom', path: ['vencimento'], message: 'O vencimento não pode ser anterior a hoje.' });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  );
export type RegistroVerbaInput = z.input<typeof registroVerbaSchema>;
export type RegistroVerba = z.output<typeof registroVerbaSchema>;

/** Money as the form sends it: whole centavos, positive. */
const valorRecebido = z.unknown().transform((v, ctx): Centavos | undefined => {
  if (v == null || v === '') return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || Math.abs(v) > MAX_CENTAVOS) {
    ctx.addIssue({ code: 'custom', message: 'Valor recebido inválido.' });
    return z.NEVER;
  }
  if (v <= 0) {
    ctx.addIssue({ code: 'custom', message: 'O valor recebido deve ser maior que zero.' });
    return z.NEVER;
  }
  return v;
});

/** A step: the version read, the note (the reason to cancel), and on receiving the amount and the day received. */
export const passoVerbaSchema = z
  .object({
    ...stepFields(ACOES),
    valorRecebido: valorRecebido.optional(),
    dataRecebimento: z.preprocess((v) => (v === '' ? undefined : v), dia('a data do recebimento').optional()),
  })
  .superRefine(
    (v, ctx) => {
      requireReason(FLUXO, v, ctx);
      if (v.acao === 'receber') {
        if (v.valorRecebido == null) ctx.addIssue({ code: 'custom', path: ['valorRecebido'], message: 'Informe o valor recebido.' });
        if (v.dataRecebimento == null) ctx.addIssue({ code: 'custom', path: ['dataRecebimento'], message: 'Informe a data do recebimento.' });
        else if (v.dataRecebimento > todayIso()) ctx.addIssue({ code: 'custom', path: ['dataRecebimento'], message: 'A data do recebimento não pode ser futura.' });
      }
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  );
export type PassoVerbaInput = z.input<typeof passoVerbaSchema>;
export type PassoVerba = z.output<typeof passoVerbaSchema>;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface ItemVerba {
  tipo: TipoItem;
  quantidade: number;
  valor: Centavos;
}

export interface VerbaLinha {
  id: number;
  numero: string;
  empresaId: number;
  empresaNome: string;
  competencia: string;
  dataSolicitacao: string;
  vencimento: string;
  valorSolicitado: Centavos;
  valorRecebido: Centavos | null;
  dataRecebimento: string | null;
  status: Status;
  version: number;
}

export interface VerbaHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: Acao | 'registrar';
  de: Status | null;
  para: Status;
  nota: string | null;
}

export interface VerbaDetalhe extends VerbaLinha {
  empresaCnpj: string;
  observacao: string | null;
  motivo: string | null;
  criadoPor: string;
  criadoEm: string;
  itens: ItemVerba[];
  historico: VerbaHistorico[];
}

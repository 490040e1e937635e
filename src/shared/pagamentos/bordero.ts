import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { todayIso, toIsoDate } from '../dates';
import type { Centavos } from '../money';

/**
 * Paying the payables (the baixa): finance registers a borderô — the payments "a pagar" it paid on a day, from the
 * operator's account, each credited to the provider's account — and may reverse one payment's baixa with a reason.
 */
export const COMANDO_BORDERO = '/financeiro/pagamento/bordero-pagamento' satisfies CommandPath;

export const BORDERO_MSG = {
  pagamentos: 'Escolha ao menos um pagamento a pagar.',
  dataFutura: 'A data do crédito não pode ser futura.',
  naoEncontrado: 'Pagamento não encontrado.',
  naoAPagar: (numero: string) => `O pagamento nº ${numero} não está a pagar: já foi pago em outro borderô.`,
  estornado: (numero: string) => `O rendimento do pagamento nº ${numero} foi estornado: ele não é pago.`,
  semConta: (nome: string) => `${nome} não tem banco, agência e conta cadastrados: complete o cadastro do prestador antes de pagar.`,
  antesDaConsolidacao: (numero: string, dia: string) => `A data do crédito é anterior à consolidação do pagamento nº ${numero} (${dia}).`,
  naoPago: (numero: string) => `O pagamento nº ${numero} não está pago: não há baixa a estornar.`,
  motivo: 'Informe o motivo do estorno (ao menos 10 caracteres).',
} as const;

const dataCredito = z
  .string({ error: 'Informe a data do crédito.' })
  .trim()
  .min(1, 'Informe a data do crédito.')
  .transform((v, ctx) => {
    const iso = toIsoDate(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'Data do crédito inválida. Use DD/MM/AAAA.' });
      return z.NEVER;
    }
    if (iso > todayIso()) {
      ctx.addIssue({ code: 'custom', message: BORDERO_MSG.dataFutura });
      return z.NEVER;
    }
    return iso;
  });

/** The operator's account the borderô is paid from (bank code with 3 digits, branch and account with an optional check digit). */
export const bancoSchema = z.string({ error: 'Informe o banco.' }).trim().regex(/^\d{3}$/, 'Banco: o código de 3 dígitos (ex.: 001).');
export const agenciaSchema = z.string({ error: 'Informe a agência.' }).trim().regex(/^\d{1,5}(-[\dXx])?$/, 'Agência: até 5 dígitos e o dígito verificador (ex.: 3064-3).');
export const contaSchema = z.string({ error: 'Informe a conta.' }).trim().regex(/^\d{1,12}(-[\dXx])?$/, 'Conta: até 12 dígitos e o dígito verificador (ex.: 40122-7).');

export const baixaSchema = z.object({
  pagamentos: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { error: BORDERO_MSG.pagamentos })
    .min(1, BORDERO_MSG.pagamentos)
    .max(500, 'No máximo 500 pagamentos por borderô.')
    .transform((v) => [...new Set(v)]),
  dataCredito,
  bancoOrigem: bancoSchema,
  agenciaOrigem: agenciaSchema,
  contaOrigem: contaSchema,
});
export type BaixaInput = z.input<typeof baixaSchema>;

export const estornoBaixaSchema = z.object({
  motivo: z.string({ error: BORDERO_MSG.motivo }).trim().min(10, BORDERO_MSG.motivo).max(500, 'Motivo: no máximo 500 caracteres.'),
});
export type EstornoBaixaInput = z.input<typeof estornoBaixaSchema>;

export const borderosQuery = z.object({
  competencia: z
    .string()
    .trim()
    .regex(/^(\d{2}\/\d{4}|\d{4}-\d{2})?$/, 'Competência inválida. Use MM/AAAA.')
    .optional()
    .transform((v) => (!v ? undefined : v.includes('/') ? `${v.slice(3)}-${v.slice(0, 2)}` : v)),
});

// ---- wire types

/** A payable that may be paid, with the provider's account to credit (null when the registry lacks it). */
export interface PagavelBaixa {
  id: number;
  numero: string;
  competencia: string;
  vencimento: string | null;
  prestadorId: number;
  prestadorNome: string;
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  valorBruto: Centavos;
  valorRetencoes: Centavos;
  valorLiquido: Centavos;
  consolidadoEm: string;
}

export interface LinhaBordero {
  pagamentoId: number;
  numero: string;
  competencia: string;
  prestadorNome: string;
  banco: string;
  agencia: string;
  conta: string;
  valorLiquido: Centavos;
  estornadoEm: string | null;
  estornadoPor: string | null;
  estornoMotivo: string | null;
}

export interface Bordero {
  id: number;
  numero: string;
  dataCredito: string;
  bancoOrigem: string;
  agenciaOrigem: string;
  contaOrigem: string;
  registradoPor: string;
  criadoEm: string;
  /** Of the live lines (a reversed baixa leaves the borderô's total). */
  valorLiquido: Centavos;
  linhas: LinhaBordero[];
}

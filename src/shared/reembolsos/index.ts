import { z } from 'zod';
import { CONSTANTS } from '../constants';
import { todayIso, toIsoDate } from '../dates';
import { MAX_CENTAVOS, type Centavos } from '../money';
import type { Passo } from '../precos/calculo';
import { UF_OPTIONS } from '../resources/define';
import { CONSELHOS } from '../resources/pessoas';
import { somarDias } from '../dias-uteis';
import { checkDocument, rawDocument } from '../validation/br';
import { labelOf, optionalId, optionalText, requireReason, stepFields } from '../workflow/schemas';
import { ACOES_DA_TELA, FLUXO, type Acao, type Status, type Tela } from './fluxo';

/**
 * Reimbursement (issue 15, flow 7; spec §2.5 solicitacoes-reembolso, protocolos-recebimentos-reembolsos,
 * faturamentos-reembolsos): the request's input (the same schema in the form and on the server), the steps of each
 * screen, the messages and the wire types. The money is integer centavos; the form reads reais with parseMoney.
 */

export { ACOES, ACOES_DA_TELA, FAMILIA_ACOES, FLUXO, STATUS, TELAS, type Acao, type Status, type Tela } from './fluxo';

/** Spec §9: the reason label of a reimbursement released as priced. */
export const MOTIVO_LIBERADO = CONSTANTS.motivoReembolsoPadrao;
/** TUSS table 38: reimbursement in a plan without free choice; the professional belongs to the network. */
export const GLOSA_SEM_LIVRE_ESCOLHA = '3122';
export const GLOSA_PROFISSIONAL_DA_REDE = '3135';
/** How long after the care a reimbursement may be asked (the contract's usual year). */
export const PRAZO_SOLICITACAO_DIAS = 365;
/** Law 9.656/98 art. 12 VI: paid within 30 days of the complete documents (the protocol). */
export const PRAZO_PAGAMENTO_DIAS = 30;
export const ANEXOS_MAX = 10;
export const QUANTIDADE_MAX = 99;
/** R$ 1.000.000,00: a reimbursement beyond it is a typing mistake. */
export const VALOR_PAGO_MAX: Centavos = 100_000_000;

export const REEMBOLSO_MSG = {
  anexos: 'Anexe o recibo ou a nota fiscal do atendimento.',
  beneficiario: 'Escolha quem foi atendido.',
  procedimento: 'Escolha o procedimento realizado (código TUSS).',
  valorVazio: 'Informe o valor pago.',
  valorInvalido: 'Valor pago inválido: use reais com até duas casas decimais (ex.: 350,00).',
  valorZero: 'O valor pago deve ser maior que zero.',
  valorMaximo: 'Valor pago acima de R$ 1.000.000,00: confira o valor.',
  dataFutura: 'A data do atendimento não pode ser futura.',
  dataAntiga: `O reembolso deve ser pedido em até ${PRAZO_SOLICITACAO_DIAS} dias da data do atendimento.`,
  documento: 'Informe o CPF ou o CNPJ de quem emitiu o recibo.',
  segregacao: 'Quem registrou o pedido de reembolso não pode protocolá-lo, analisá-lo nem decidi-lo: a decisão cabe a outro usuário.',
  glosado: (codigo: string, descricao: string) => `O reembolso foi glosado (${codigo} – ${descricao}): negue-o com o motivo.`,
  semValor: 'A análise não apurou valor a reembolsar: negue-o com o motivo.',
  equipe: 'Só a equipe da operadora protocola, analisa e decide reembolsos.',
  soFamilia: 'Só o beneficiário desiste do próprio pedido; a operadora nega com o motivo.',
} as const;
export const msgSolicitado = (protocolo: string) => `Pedido de reembolso registrado sob o protocolo nº ${protocolo}.`;
export const msgTransicaoRecusada = FLUXO.refusal;

export const conselhoLabel = (v: unknown) => labelOf(CONSELHOS, v);
export const CONSELHO_KEYS = CONSELHOS.map(([k]) => k) as [string, ...string[]];
const UFS = UF_OPTIONS.map(([k]) => k) as [string, ...string[]];

const obrigatorio = (label: string, max: number, vazio: string) =>
  z.string({ error: vazio }).trim().min(1, vazio).max(max, `${label}: no máximo ${max} caracteres.`);

/** The receipt's issuer: a CPF (a professional) or a CNPJ (a clinic), by its digits; check digits verified. */
const cpfOuCnpj = z
  .string({ error: REEMBOLSO_MSG.documento })
  .trim()
  .min(1, REEMBOLSO_MSG.documento)
  .transform((v, ctx) => {
    const digitos = v.replace(/[.\-/\s]/g, '').toUpperCase();
    const kind = digitos.length === 14 ? 'cnpj' : 'cpf';
    const raw = rawDocument(kind, v);
    const msg = digitos.length === 11 || digitos.length === 14 ? checkDocument(kind, raw) : 'CPF ou CNPJ inválido: informe os 11 dígitos do CPF ou os 14 do CNPJ.';
    if (msg) {
      ctx.addIssue({ code: 'custom', message: msg });
      return z.NEVER;
    }
    return raw;
  });

/** Money as the form sends it: whole centavos (a text that was not an amount arrives as the text, and is refused). */
export const valorPagoSchema = z.unknown().transform((v, ctx): Centavos => {
  const issue = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
  if (v == null || v === '') return issue(REEMBOLSO_MSG.valorVazio);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || Math.abs(v) > MAX_CENTAVOS) return issue(REEMBOLSO_MSG.valorInvalido);
  if (v <= 0) return issue(REEMBOLSO_MSG.valorZero);
  if (v > VALOR_PAGO_MAX) return issue(REEMBOLSO_MSG.valorMaximo);
  return v;
});

const dataAtendimento = z
  .string({ error: 'Informe a data do atendimento.' })
  .trim()
  .min(1, 'Informe a data do atendimento.')
  .transform((v, ctx) => {
    const iso = toIsoDate(v);
    const issue = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
    if (!iso) return issue('Data do atendimento inválida. Use DD/MM/AAAA.');
    const hoje = todayIso();
    if (iso > hoje) return issue(REEMBOLSO_MSG.dataFutura);
    if (iso < somarDias(hoje, -PRAZO_SOLICITACAO_DIAS)) return issue(REEMBOLSO_MSG.dataAntiga);
    return iso;
  });

/**
 * A request: who was attended (the titular or a dependent of the family; the staff choose anyone), the professional
 * who issued the receipt (name, council, number and UF, CPF or CNPJ), the procedure (TUSS), how many times, the day,
 * the amount paid, and the receipts already sent (POST /api/arquivos).
 */
export const solicitacaoSchema = z
  .object({
    beneficiarioId: optionalId,
    profissionalNome: obrigatorio('Nome do profissional', 150, 'Informe o nome do profissional ou da clínica.'),
    profissionalConselho: z.enum(CONSELHO_KEYS, { error: 'Informe o conselho profissional.' }),
    profissionalNumero: z
      .string({ error: 'Informe o número no conselho.' })
      .trim()
      .min(1, 'Informe o número no conselho.')
      .max(15, 'Número no conselho: no máximo 15 caracteres.')
      .regex(/^[0-9A-Za-z-]+$/, 'Número no conselho inválido: só letras, números e hífen.'),
    profissionalUf: z.enum(UFS, { error: 'Informe a UF do conselho.' }),
    profissionalDocumento: cpfOuCnpj,
    procedimentoId: optionalId,
    quantidade: z.coerce
      .number({ error: 'Informe a quantidade.' })
      .int('A quantidade é um número inteiro.')
      .min(1, 'A quantidade é de pelo menos 1.')
      .max(QUANTIDADE_MAX, `A quantidade é de no máximo ${QUANTIDADE_MAX}.`)
      .default(1),
    dataAtendimento,
    valorPago: valorPagoSchema,
    observacao: optionalText(1000, 'Observação'),
    anexos: z.array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'Anexos inválidos.' }).max(ANEXOS_MAX, `No máximo ${ANEXOS_MAX} anexos.`).default([]),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.procedimentoId) ctx.addIssue({ code: 'custom', path: ['procedimentoId'], message: REEMBOLSO_MSG.procedimento });
      if (!v.anexos?.length) ctx.addIssue({ code: 'custom', path: ['anexos'], message: REEMBOLSO_MSG.anexos });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => ({ ...v, procedimentoId: v.procedimentoId!, anexos: [...new Set(v.anexos)] }));
export type SolicitacaoInput = z.input<typeof solicitacaoSchema>;
export type Solicitacao = z.output<typeof solicitacaoSchema>;

/** A step of one screen: only that screen's actions (the receiving desk protocols; the billing staff analyse and decide). */
export const passoSchema = (tela: Tela) =>
  z
    .object({ ...stepFields(ACOES_DA_TELA[tela]) })
    .superRefine((v, ctx) => requireReason(FLUXO, v, ctx), { when: (p) => p.value != null && typeof p.value === 'object' });
export const passoSchemas = { solicitacao: passoSchema('solicitacao'), protocolo: passoSchema('protocolo'), analise: passoSchema('analise') } as const;
export type PassoInput = { acao: Acao; version: number; nota?: string | null };

// ---- wire types -----------------------------------------------------------------------------------------------

export interface ReembolsoLinha {
  id: number;
  protocolo: string;
  status: Status;
  /** ISO instant. */
  solicitadoEm: string;
  beneficiarioNome: string;
  carteirinha: string | null;
  procedimentoCodigo: string;
  procedimentoDescricao: string;
  dataAtendimento: string;
  valorPago: Centavos;
  valorLiberado: Centavos | null;
  motivo: string | null;
  version: number;
}

export interface ReembolsoHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: Acao | 'solicitar';
  de: Status | null;
  para: Status;
  nota: string | null;
}

/** A check the analysis made (free choice, the network) and what it found. */
export interface Verificacao {
  regra: string;
  resultado: string;
  /** The table-38 code it glosed with, if any. */
  glosa: string | null;
}

export interface Calculo {
  verificacoes: Verificacao[];
  /** The pricing steps (base, multiple, quantity, the amount paid as the limit), when priced. */
  passos: Passo[];
  notas: string[];
}

export interface ReembolsoDetalhe extends ReembolsoLinha {
  beneficiarioId: number;
  profissional: { nome: string; conselho: string; numero: string; uf: string; documento: string };
  procedimentoId: number;
  quantidade: number;
  observacao: string | null;
  solicitadoPor: string;
  produtoNome: string | null;
  valorTabela: Centavos | null;
  glosa: { codigo: string; descricao: string } | null;
  calculo: Calculo | null;
  /** The day the payment is due (30 days after the protocol), once protocolled. */
  prazoPagamento: string | null;
  anexos: { id: number; nome: string; tamanho: number }[];
  historico: ReembolsoHistorico[];
  /** The steps this session may take on this screen now. */
  acoes: Acao[];
  /** This user registered the request: another one decides it. */
  segregado: boolean;
}

export interface ProcedimentoOpcao {
  id: number;
  codigo: string;
  descricao: string;
}

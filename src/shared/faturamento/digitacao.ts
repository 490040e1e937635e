import { z } from 'zod';
import { toIsoDate } from '../dates';
import type { Tone } from '../lists/types';
import { MAX_CENTAVOS, parseMoney, type Centavos } from '../money';
import { CONSELHO_TISS, conselhoTiss } from '../autorizacoes';
import { INT4_MAX } from '../validation/ids';

/**
 * Bills typed in the portal (issue 15, flow 1): "Atender Autorização" registers the execution of an authorized guide
 * by its senha (pre-filled from the authorization), "Digitar Faturas" types one (by senha, or a consultation by the
 * card), and "Encerrar Fatura / Gerar Protocolo" closes the provider's open bills into a protocol that the review
 * reads exactly like an imported lot. Money is integer centavos: typed as reais ('1.234,56', two decimals at most).
 */

export const TIPOS_GUIA_DIGITADA = [
  ['SP-SADT', 'SP/SADT'],
  ['CONSULTA', 'Consulta'],
] as const;
export type TipoGuiaDigitada = (typeof TIPOS_GUIA_DIGITADA)[number][0];

export const STATUS_FATURA = [
  ['ABERTA', 'Aberta'],
  ['PROTOCOLADA', 'Protocolada'],
  ['CANCELADA', 'Cancelada'],
] as const;
export type StatusFatura = (typeof STATUS_FATURA)[number][0];
export const STATUS_FATURA_TONS: Record<StatusFatura, Tone> = { ABERTA: 'warn', PROTOCOLADA: 'ok', CANCELADA: 'muted' };

/** How many items a typed guide holds, and how many guides one protocol (a TISS lot holds at most 100). */
export const MAX_ITENS_FATURA = 50;
export const MAX_GUIAS_PROTOCOLO = 100;

export const DIGITACAO_MSG = {
  senha: 'Informe a senha da autorização (até 20 caracteres).',
  senhaNaoEncontrada: (s: string) => `A senha ${s} não é de nenhuma autorização desta operadora.`,
  senhaOutroPrestador: (s: string) => `A senha ${s} é de uma autorização de outro prestador: fature só as guias do seu prestador.`,
  senhaOutroBeneficiario: (s: string, c: string) => `A senha ${s} não é do beneficiário da carteira ${c}: a guia é faturada para o beneficiário autorizado.`,
  naoAutorizada: (s: string, situacao: string) => `A senha ${s} não está autorizada (situação: ${situacao}).`,
  vencida: (s: string, validade: string) => `A senha ${s} venceu em ${validade}: o atendimento precisa ser até essa data.`,
  antesDaAutorizacao: (d: string) => `A data do atendimento é anterior à autorização (${d}).`,
  tipoNaoDigitado: (tipo: string) => `A senha é de uma guia de ${tipo}: aqui se digitam guias de consulta e de SP/SADT.`,
  tipoDiferente: (tipo: string) => `A senha é de uma guia de ${tipo}: escolha esse tipo de guia.`,
  sadtSemSenha: 'A guia SP/SADT é faturada pela senha da autorização: informe a senha.',
  carteira: 'Informe o número da carteira do beneficiário.',
  carteiraDesconhecida: (c: string) => `A carteira ${c} não é de um beneficiário desta operadora.`,
  guia: 'Informe o número da guia no prestador (até 20 letras, números, pontos, barras ou hífens).',
  guiaRepetida: (g: string) => `A guia ${g} já foi digitada pelo prestador: cada guia é faturada uma vez.`,
  data: 'Data do atendimento inválida. Use DD/MM/AAAA.',
  dataFutura: 'A data do atendimento não pode ser posterior a hoje.',
  dataItem: (n: number) => `Item ${n}: data de realização inválida. Use DD/MM/AAAA.`,
  dataItemFora: (n: number) => `Item ${n}: a data de realização vai do dia do atendimento até hoje.`,
  codigo: (n: number) => `Item ${n}: informe o código TUSS do procedimento (8 dígitos).`,
  procedimento: (n: number, c: string) => `Item ${n}: o procedimento ${c} não está na tabela TUSS de procedimentos.`,
  quantidade: (n: number) => `Item ${n}: a quantidade é um número inteiro de 1 a 999.`,
  valor: (n: number) => `Item ${n}: valor unitário inválido — informe em reais com no máximo duas casas decimais (ex.: 1.234,56).`,
  valorZero: (n: number) => `Item ${n}: o valor unitário deve ser maior que zero.`,
  itens: 'Informe ao menos um procedimento.',
  maxItens: `No máximo ${MAX_ITENS_FATURA} procedimentos por guia.`,
  consultaUmItem: 'A guia de consulta tem um só procedimento.',
  conselho: 'Escolha o conselho do profissional executante.',
  numeroConselho: 'Informe o número no conselho do profissional executante.',
  uf: 'UF do conselho inválida.',
  cbo: 'Informe o CBO-S do profissional executante (6 dígitos).',
  carater: 'Escolha o caráter do atendimento.',
  prestador: 'Informe o prestador da fatura.',
  semPrestador: 'Este usuário não está ligado a um prestador e não pode digitar faturas.',
  naoEncontrada: 'Fatura não encontrada.',
  naoAberta: 'A fatura já foi protocolada ou cancelada: só uma fatura aberta muda.',
  // closing into a protocol
  semFaturas: 'Escolha ao menos uma fatura aberta para gerar o protocolo.',
  maxFaturas: `Um protocolo leva no máximo ${MAX_GUIAS_PROTOCOLO} guias: gere mais de um.`,
  faturaIndisponivel: (id: number) => `A fatura ${id} não está aberta: já foi protocolada ou cancelada.`,
  faturaAlheia: (id: number) => `A fatura ${id} não foi encontrada entre as faturas digitadas do seu prestador.`,
  prestadoresDiferentes: 'Um protocolo é de um só prestador: escolha faturas do mesmo prestador.',
  tiposDiferentes: 'Um protocolo leva um só tipo de guia: gere um protocolo para as de consulta e outro para as de SP/SADT.',
} as const;

const vazioNull = (v: unknown) => (typeof v === 'string' && !v.trim() ? null : v);
const dataIso = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (toIsoDate(v.trim()) ?? v) : v),
    z.string({ error: msg }).regex(/^\d{4}-\d{2}-\d{2}$/, msg),
  );

/**
 * Money as typed or sent: a JSON number is whole centavos (the wire); text is reais ('1.234,56'). A value with more
 * than two decimals (10,555 or 1055.5 centavos) is refused, never rounded.
 */
const centavos = (msg: string, zero: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (parseMoney(v) ?? Number.NaN) : v),
    z.number({ error: msg }).int(msg).refine((c) => c > 0, zero).refine((c) => c <= MAX_CENTAVOS, msg),
  );

export const itemFaturaSchema = (n: number) =>
  z.object({
    codigo: z.string({ error: DIGITACAO_MSG.codigo(n) }).trim().regex(/^\d{8}$/, DIGITACAO_MSG.codigo(n)),
    data: dataIso(DIGITACAO_MSG.dataItem(n)),
    quantidade: z.coerce.number({ error: DIGITACAO_MSG.quantidade(n) }).int(DIGITACAO_MSG.quantidade(n)).min(1, DIGITACAO_MSG.quantidade(n)).max(999, DIGITACAO_MSG.quantidade(n)),
    valorUnitario: centavos(DIGITACAO_MSG.valor(n), DIGITACAO_MSG.valorZero(n)),
  });

/** One item's schema checks the item's own message number; the array checks each with its position. */
const itensSchema = z
  .array(z.unknown())
  .min(1, DIGITACAO_MSG.itens)
  .max(MAX_ITENS_FATURA, DIGITACAO_MSG.maxItens)
  .transform((itens, c) => {
    const out: z.infer<ReturnType<typeof itemFaturaSchema>>[] = [];
    itens.forEach((it, i) => {
      const r = itemFaturaSchema(i + 1).safeParse(it);
      if (r.success) out.push(r.data);
      else for (const issue of r.error.issues) c.addIssue({ code: 'custom', message: issue.message, path: [i, ...issue.path] });
    });
    return out;
  });

export const profissionalSchema = z.object({
  conselho: z
    .string({ error: DIGITACAO_MSG.conselho })
    .trim()
    .transform(conselhoTiss)
    .refine((v) => Object.values(CONSELHO_TISS).includes(v), DIGITACAO_MSG.conselho),
  numero: z.string({ error: DIGITACAO_MSG.numeroConselho }).trim().min(1, DIGITACAO_MSG.numeroConselho).max(15, DIGITACAO_MSG.numeroConselho),
  uf: z.string({ error: DIGITACAO_MSG.uf }).trim().toUpperCase().regex(/^[A-Z]{2}$/, DIGITACAO_MSG.uf),
  cbo: z.string({ error: DIGITACAO_MSG.cbo }).trim().regex(/^\d{6}$/, DIGITACAO_MSG.cbo),
  nome: z.preprocess(vazioNull, z.string().trim().max(70, 'Nome do profissional: no máximo 70 caracteres.').nullable().optional()),
});

/**
 * A typed bill (the guide as executed). With a senha the beneficiary, the operator's guide number and the
 * authorization date come from the authorization (the card, when sent, must be the authorized beneficiary's);
 * a consultation may be typed without one, by the card. `prestadorId` is the staff's choice (a provider's user
 * always bills its own provider).
 */
export const faturaDigitadaSchema = z
  .object({
    tipoGuia: z.enum(['SP-SADT', 'CONSULTA'], { error: 'Escolha o tipo de guia.' }),
    senha: z.preprocess(vazioNull, z.string().trim().max(20, DIGITACAO_MSG.senha).regex(/^[A-Za-z0-9-]+$/, DIGITACAO_MSG.senha).nullable().optional()),
    prestadorId: z.number({ error: DIGITACAO_MSG.prestador }).int(DIGITACAO_MSG.prestador).positive(DIGITACAO_MSG.prestador).max(INT4_MAX, DIGITACAO_MSG.prestador).nullable().optional(),
    numeroCarteira: z.preprocess(vazioNull, z.string().trim().max(20, DIGITACAO_MSG.carteira).regex(/^\d+$/, DIGITACAO_MSG.carteira).nullable().optional()),
    numeroGuiaPrestador: z.string({ error: DIGITACAO_MSG.guia }).trim().regex(/^[A-Za-z0-9./-]{1,20}$/, DIGITACAO_MSG.guia),
    dataAtendimento: dataIso(DIGITACAO_MSG.data),
    carater: z.enum(['1', '2'], { error: DIGITACAO_MSG.carater }).default('1'),
    profissional: profissionalSchema,
    observacao: z.preprocess(vazioNull, z.string().trim().max(500, 'Observação: no máximo 500 caracteres.').nullable().optional()),
    itens: itensSchema,
  })
  .superRefine((f, c) => {
    if (f.tipoGuia === 'SP-SADT' && !f.senha) c.addIssue({ code: 'custom', message: DIGITACAO_MSG.sadtSemSenha, path: ['senha'] });
    if (!f.senha && !f.numeroCarteira) c.addIssue({ code: 'custom', message: DIGITACAO_MSG.carteira, path: ['numeroCarteira'] });
    if (f.tipoGuia === 'CONSULTA' && f.itens.length > 1) c.addIssue({ code: 'custom', message: DIGITACAO_MSG.consultaUmItem, path: ['itens'] });
  });
export type FaturaDigitadaInput = z.input<typeof faturaDigitadaSchema>;
export type FaturaDigitadaDados = z.output<typeof faturaDigitadaSchema>;

export const senhaQuerySchema = z.object({
  senha: z.string({ error: DIGITACAO_MSG.senha }).trim().min(1, DIGITACAO_MSG.senha).max(20, DIGITACAO_MSG.senha).regex(/^[A-Za-z0-9-]+$/, DIGITACAO_MSG.senha),
});

export const cancelamentoFaturaSchema = z.object({ version: z.number().int().min(1).max(INT4_MAX) });

/** Closing open bills into a protocol: the bills chosen (one provider, one guide type). */
export const gerarProtocoloSchema = z.object({
  faturas: z
    .array(z.number().int().positive().max(INT4_MAX), { error: DIGITACAO_MSG.semFaturas })
    .min(1, DIGITACAO_MSG.semFaturas)
    .max(MAX_GUIAS_PROTOCOLO, DIGITACAO_MSG.maxFaturas)
    .refine((ids) => new Set(ids).size === ids.length, 'Uma fatura foi escolhida duas vezes.'),
});
export type GerarProtocolo = z.infer<typeof gerarProtocoloSchema>;

export const faturasAbertasQuerySchema = z.object({
  prestadorId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
});

/** An authorization as the execution form starts from it (its senha looked up). */
export interface AutorizacaoParaAtender {
  autorizacaoId: number;
  numero: string;
  senha: string;
  tipo: string;
  tipoLabel: string;
  tipoGuia: TipoGuiaDigitada;
  status: number;
  statusLabel: string;
  dataAutorizacao: string | null;
  validadeSenha: string | null;
  prestadorId: number;
  prestadorNome: string;
  beneficiarioId: number;
  beneficiarioNome: string;
  numeroCarteira: string;
  carater: '1' | '2';
  /** The requesting professional: the executing one starts as this. */
  profissional: { conselho: string; numero: string; uf: string; cbo: string | null; nome: string | null };
  itens: { codigo: string; descricao: string; quantidadeAutorizada: number; valorUnitario: Centavos }[];
  /** Typed bills already registered for this senha (not cancelled). */
  faturas: { id: number; numeroGuiaPrestador: string; status: StatusFatura; protocolo: string | null }[];
}

export interface ItemFaturaDigitada {
  sequencial: number;
  codigo: string;
  descricao: string;
  data: string;
  quantidade: number;
  valorUnitario: Centavos;
  valorTotal: Centavos;
  /** Not among the authorization's items: the review will be proposed a glosa (1402). */
  foraDaAutorizacao: boolean;
}

export interface FaturaDigitada {
  id: number;
  version: number;
  status: StatusFatura;
  tipoGuia: TipoGuiaDigitada;
  prestadorId: number;
  prestadorNome: string;
  prestadorCodigo: string | null;
  numeroGuiaPrestador: string;
  numeroGuiaOperadora: string | null;
  senha: string | null;
  dataAutorizacao: string | null;
  beneficiarioId: number;
  beneficiarioNome: string;
  numeroCarteira: string;
  dataAtendimento: string;
  carater: '1' | '2';
  profissional: { conselho: string; numero: string; uf: string; cbo: string; nome: string | null };
  observacao: string | null;
  valorInformado: Centavos;
  itens: ItemFaturaDigitada[];
  protocolo: { id: number; numero: string } | null;
  criadoEm: string;
  criadoPor: string | null;
}

/** One row of the typed bills' list. */
export interface FaturaDigitadaLinha {
  id: number;
  criadoEm: string;
  numeroGuiaPrestador: string;
  tipoGuia: TipoGuiaDigitada;
  senha: string | null;
  prestador: number;
  prestadorNome: string;
  beneficiarioNome: string;
  numeroCarteira: string;
  dataAtendimento: string;
  itens: number;
  valorInformado: Centavos;
  status: StatusFatura;
  protocolo: string | null;
}

/** The open bills the closing screen offers, by provider. */
export interface FaturasAbertas {
  /** The provider whose bills are listed (null: the staff has not chosen one yet). */
  prestador: { id: number; nome: string; codigo: string | null } | null;
  faturas: FaturaDigitadaLinha[];
  /** For the staff without a provider chosen: the providers with open bills. */
  prestadores: { id: number; nome: string; codigo: string | null; abertas: number; valor: Centavos }[];
}

export interface ProtocoloGerado {
  id: number;
  numero: string;
  recebidoEm: string;
  tipoGuia: TipoGuiaDigitada;
  guias: number;
  itens: number;
  valorInformado: Centavos;
}

import { toIsoDate } from '../dates';
import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import type { Centavos } from '../money';

/**
 * Authorization requests (spec §2.5, DOMAIN §1): guide types, TISS statuses 1–7 (dm_statusSolicitacao), caráter de
 * atendimento (dm_caraterAtendimento), negativa codes (TUSS table 38) and the decisions an auditor takes, with the
 * allowed status transitions written once for the server and the screens.
 */

export const STATUS = {
  AUTORIZADO: 1,
  EM_ANALISE: 2,
  NEGADO: 3,
  AGUARDANDO_JUSTIFICATIVA: 4,
  AGUARDANDO_DOCUMENTACAO: 5,
  CANCELADA: 6,
  AUTORIZADO_PARCIALMENTE: 7,
} as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

export const STATUS_LABEL: Record<Status, string> = {
  1: 'Autorizado',
  2: 'Em Análise',
  3: 'Negado',
  4: 'Aguardando justificativa técnica do solicitante',
  5: 'Aguardando documentação do prestador',
  6: 'Solicitação cancelada',
  7: 'Autorizado parcialmente',
};
/** The query value of the default audit list (spec §2.5) is the label 'Em Análise'; numbers are accepted too. */
export function statusFromQuery(v: string): Status | undefined {
  const n = Number(v);
  if (Number.isInteger(n) && n >= 1 && n <= 7) return n as Status;
  const f = fold(v);
  const hit = (Object.entries(STATUS_LABEL) as [string, string][]).find(([, l]) => fold(l) === f || fold(l).startsWith(f));
  return hit ? (Number(hit[0]) as Status) : undefined;
}
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** Guide types, with the command that creates them and whether the type carries a CID (DOMAIN §1.4). */
export const TIPOS = {
  CONSULTA: { label: 'Consulta', command: '/principal/autorizacao/consultas', cid: false, odonto: false },
  SP_SADT: { label: 'SP/SADT', command: '/principal/autorizacao/sp-sadt', cid: false, odonto: false },
  INTERNACAO: { label: 'Internação', command: '/principal/autorizacao/internacoes', cid: true, odonto: false },
  PRORROGACAO: { label: 'Prorrogação de internação', command: '/principal/autorizacao/prorrogacoes', cid: false, odonto: false },
  ODONTO: { label: 'Odontológico', command: '/principal/autorizacao/odontologicos', cid: false, odonto: true },
  ORCAMENTO: { label: 'Orçamento', command: '/principal/autorizacao/orcamento', cid: false, odonto: false },
  COMPROVANTE_PRESENCIAL: { label: 'Comprovante presencial', command: '/principal/autorizacao/guias-comprovantes-presenciais', cid: false, odonto: false },
  SEM_ONUS: { label: 'Guia sem ônus', command: '/principal/autorizacao/guiasemonus/guia-sem-onus', cid: false, odonto: false },
  // primary care (atenção primária à saúde) guides of the copass installation: issued and listed on the same screen
  APS: { label: 'Guia APS', command: '/principal/autorizacao/guiasemonus/guias-aps', cid: false, odonto: false },
  PRE_AUTORIZACAO: { label: 'Pré-autorização', command: '/principal/autorizacao/emitir-pre-autorizacao', cid: false, odonto: false },
  ANEXO_QUIMIO: { label: 'Anexo de quimioterapia', command: '/principal/autorizacao/anexo/quimioterapias-anexo', cid: true, odonto: false },
  ANEXO_RADIO: { label: 'Anexo de radioterapia', command: '/principal/autorizacao/anexo/radioterapias-anexo', cid: true, odonto: false },
  ANEXO_ODONTO: { label: 'Anexo de situação inicial odontológica', command: '/principal/autorizacao/anexo/situacoes-iniciais-odonto-anexo', cid: false, odonto: true },
  ANEXO_OPME: { label: 'Anexo de OPME', command: '/principal/autorizacao/anexo/solicitacaoes-opme-anexo', cid: false, odonto: false },
} as const satisfies Record<string, { label: string; command: CommandPath; cid: boolean; odonto: boolean }>;
export type Tipo = keyof typeof TIPOS;
export const TIPO_KEYS = Object.keys(TIPOS) as Tipo[];
export const ANEXOS: readonly Tipo[] = ['ANEXO_QUIMIO', 'ANEXO_RADIO', 'ANEXO_ODONTO', 'ANEXO_OPME'];
/** Types that continue another guide (a hospitalization's extension, an attachment to its request). */
export const exigeReferencia = (t: Tipo) => t === 'PRORROGACAO' || ANEXOS.includes(t);
/** Types that need the medical order attached: all but a consultation, a presence voucher and a primary-care visit. */
export const exigePedidoMedico = (t: Tipo) => t !== 'CONSULTA' && t !== 'COMPROVANTE_PRESENCIAL' && t !== 'APS';
export const MSG_PEDIDO_MEDICO = 'Anexe o pedido médico.';
/** URL slug of a type (the creation endpoint /api/autorizacoes/tipo/:slug). */
export const slugOf = (t: Tipo) => t.toLowerCase().replace(/_/g, '-');

/** The audit queues (spec §2.5 /auditoria children) and the types each holds. */
export const FILAS = {
  medica: { command: '/principal/autorizacao/auditoria/auditoria-medica', title: 'Auditoria Médica', tipos: ['CONSULTA', 'SP_SADT', 'INTERNACAO', 'PRORROGACAO', 'ORCAMENTO', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'APS'] },
  odontologica: { command: '/principal/autorizacao/auditoria/auditoria-odontologica', title: 'Auditoria Odontológica', tipos: ['ODONTO'] },
  parcial: { command: '/principal/autorizacao/auditoria/auditoria-parcial', title: 'Autorização Parcial', tipos: null },
  'pre-autorizacoes': { command: '/principal/autorizacao/auditoria/auditorias-pre-autorizacoes', title: 'Auditoria de Pré-Autorizações', tipos: ['PRE_AUTORIZACAO'] },
  anexos: { command: '/principal/autorizacao/auditoria/auditorias-anexos', title: 'Auditoria de Anexos', tipos: ANEXOS },
} as const satisfies Record<string, { command: CommandPath; title: string; tipos: readonly Tipo[] | null }>;
export type Fila = keyof typeof FILAS;
export const FILA_KEYS = Object.keys(FILAS) as Fila[];
export const filaOfPath = (path: string): Fila | undefined => FILA_KEYS.find((k) => FILAS[k].command === path);

export const CARATER = [['1', 'Eletiva'], ['2', 'Urgência/Emergência']] as const;
export type Carater = '1' | '2';

/** TUSS table 38 codes used as negativa reasons on authorizations (DOMAIN §1.7). */
export const MOTIVOS_NEGATIVA = [
  ['1006', 'Atendimento após o desligamento do beneficiário'],
  ['1007', 'Atendimento dentro da carência do beneficiário'],
  ['1213', 'CBO (especialidade) inválido'],
  ['1402', 'Procedimento não autorizado'],
  ['1408', 'Quantidade de serviço solicitada acima da autorizada'],
  ['1410', 'Serviço solicitado em carência'],
  ['1423', 'Quantidade de serviço solicitada acima da permitida'],
  ['1426', 'Solicitação não autorizada pela auditoria'],
  ['1438', 'Procedimento não atende a diretriz de utilização (DUT) do Rol'],
  ['1508', 'CID não informado'],
  ['1509', 'Código de CID inválido'],
  ['1801', 'Procedimento inválido'],
  ['1802', 'Procedimento incompatível com o sexo do beneficiário'],
  ['1803', 'Idade do beneficiário incompatível com o procedimento'],
  ['1808', 'Procedimento não conforme com o CID'],
  ['3109', 'Procedimento não consta do Rol de procedimentos'],
] as const;
export const MOTIVO_CODES = MOTIVOS_NEGATIVA.map(([c]) => c) as [string, ...string[]];
export const motivoLabel = (c: string | null | undefined) => (c ? `${c} – ${MOTIVOS_NEGATIVA.find(([k]) => k === c)?.[1] ?? ''}` : '');

/** TISS dm_tabela codes used on items. */
export const TABELAS = [['22', 'TUSS Procedimentos e eventos em saúde'], ['18', 'TUSS Taxas e diárias'], ['19', 'TUSS Materiais e OPME'], ['20', 'TUSS Medicamentos'], ['90', 'Pacote odontológico'], ['00', 'Tabela própria']] as const;

/** The tag every request's medical order attachment carries (client rule). */
export const TAG_PEDIDO_MEDICO = 'autorizacao_pedido_medico';
/** The tag of the documents a provider sends with the answer to the audit (justification, documents asked for). */
export const TAG_RESPOSTA = 'autorizacao_resposta_auditoria';
/** What a tag means to a person (the tag itself is a code and is never shown). */
export const tagLabel = (t: string) => (t === TAG_PEDIDO_MEDICO ? 'pedido médico' : t === TAG_RESPOSTA ? 'resposta à auditoria' : 'documento');

/** Validity of an authorization's senha, in days. */
export const VALIDADE_SENHA_DIAS = 30;

// ---- decisions and transitions -------------------------------------------------------------------------------

export const ACOES = ['autorizar', 'autorizarParcial', 'negar', 'pedirJustificativa', 'pedirDocumentos', 'cancelar', 'responder'] as const;
export type Acao = (typeof ACOES)[number];

export const ACAO_LABEL: Record<Acao, string> = {
  autorizar: 'Autorizar',
  autorizarParcial: 'Autorizar parcialmente',
  negar: 'Negar',
  pedirJustificativa: 'Pedir justificativa',
  pedirDocumentos: 'Pedir documentos',
  cancelar: 'Cancelar',
  responder: 'Responder',
};

/** From which statuses each decision may be taken, and the status it leads to. */
export const TRANSICOES: Record<Acao, { de: readonly Status[]; para: Status }> = {
  autorizar: { de: [2, 4, 5], para: 1 },
  autorizarParcial: { de: [2, 4, 5], para: 7 },
  negar: { de: [2, 4, 5], para: 3 },
  pedirJustificativa: { de: [2], para: 4 },
  pedirDocumentos: { de: [2], para: 5 },
  cancelar: { de: [1, 2, 4, 5, 7], para: 6 },
  responder: { de: [4, 5], para: 2 },
};
export const podeAplicar = (acao: Acao, status: Status) => TRANSICOES[acao].de.includes(status);
export const msgTransicaoRecusada = (acao: Acao, status: Status) =>
  `Não é possível ${ACAO_LABEL[acao].toLowerCase()} uma solicitação com status "${STATUS_LABEL[status]}".`;

/** TISS dm_conselhoProfissional codes and the council siglas of the people registry. */
export const CONSELHO_TISS: Record<string, string> = { CRESS: '01', COREN: '02', CRF: '03', CRFA: '04', CREFITO: '05', CRM: '06', CRN: '07', CRO: '08', CRP: '09', CRBM: '12' };
export const CONSELHO_SIGLA: Record<string, string> = Object.fromEntries(Object.entries(CONSELHO_TISS).map(([k, v]) => [v, k]));
/** Accepts a TISS code ('06') or a sigla ('CRM'); answers the TISS code. */
export const conselhoTiss = (v: string) => (/^\d{2}$/.test(v) ? v : (CONSELHO_TISS[v.toUpperCase()] ?? ''));

// ---- schemas ---------------------------------------------------------------------------------------------------

const txt = (max: number, label: string) => z.string({ error: `Informe ${label}.` }).trim().max(max, `${label[0].toUpperCase()}${label.slice(1)}: no máximo ${max} caracteres.`);
const isoDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && toIsoDate(v) != null, 'Data inválida.');

export const itemSchema = z.object({
  tabela: z.enum(TABELAS.map(([c]) => c) as [string, ...string[]], { error: 'Tabela inválida.' }).default('22'),
  codigo: z.string({ error: 'Informe o código do procedimento.' }).trim().regex(/^\d{1,10}$/, 'Código do procedimento inválido.'),
  descricao: txt(150, 'a descrição').min(1, 'Informe a descrição.'),
  quantidade: z.coerce.number({ error: 'Quantidade inválida.' }).int('Quantidade inválida.').min(1, 'A quantidade deve ser ao menos 1.').max(999, 'Quantidade acima do permitido (999).'),
  dente: z.string().trim().regex(/^\d{2}$/, 'Dente inválido (FDI).').optional().nullable(),
  face: z.string().trim().toUpperCase().regex(/^[OLMVDIP]{1,5}$/, 'Face inválida (O, L, M, V, D, I, P).').optional().nullable(),
});
export type ItemInput = z.infer<typeof itemSchema>;

/** A document of a request or answer: a file already sent (POST /api/arquivos) with its tag; name and size come from the file. */
export const anexoSchema = z.object({
  arquivoId: z.coerce.number({ error: 'Envie o arquivo do documento: só conta o documento com o arquivo.' }).int('Arquivo inválido.').positive('Arquivo inválido.').max(2_147_483_647, 'Arquivo inválido.'),
  tipoDocumento: z.string().regex(/^\d{2}$/).default('03'),
  tag: z.string().trim().max(60).default(TAG_PEDIDO_MEDICO),
});

export const solicitacaoSchema = z.object({
  beneficiarioId: z.coerce.number({ error: 'Informe o beneficiário.' }).int().positive('Informe o beneficiário.'),
  prestadorSolicitanteId: z.coerce.number().int().positive().optional(),
  prestadorExecutanteId: z.coerce.number().int().positive().optional().nullable(),
  profissional: z.object({
    conselho: z
      .string()
      .trim()
      .default('06')
      .transform(conselhoTiss)
      .refine((v) => /^\d{2}$/.test(v), 'Conselho inválido.'),
    numero: z.string({ error: 'Informe o número no conselho do solicitante.' }).trim().min(1, 'Informe o número no conselho do solicitante.').max(15),
    uf: z.string().trim().length(2, 'UF do conselho inválida.').toUpperCase(),
    nome: z.string().trim().max(150).optional().nullable(),
    cbo: z.string().trim().regex(/^\d{6}$/, 'CBO inválido (6 dígitos).').optional().nullable(),
  }),
  dataSolicitacao: isoDate.optional(),
  carater: z.enum(['1', '2'], { error: 'Informe o caráter de atendimento.' }),
  indicacaoClinica: z.string().trim().max(500, 'Indicação clínica: no máximo 500 caracteres.').optional().nullable(),
  cid: z.string().trim().toUpperCase().regex(/^[A-Z]\d{2,3}$/, 'CID inválido (ex.: J069, sem ponto).').optional().nullable(),
  referenciaId: z.coerce.number().int().positive().optional().nullable(),
  observacao: z.string().trim().max(500).optional().nullable(),
  itens: z.array(itemSchema).min(1, 'Informe ao menos um procedimento.').max(50, 'No máximo 50 procedimentos por solicitação.'),
  anexos: z.array(anexoSchema).max(20).default([]),
  /** The type's TISS clinical data (internação, anexos): validated by its schema in ./clinicos (CLINICOS_SCHEMAS). */
  clinicos: z.record(z.string(), z.unknown()).optional().nullable(),
});
export type SolicitacaoInput = z.input<typeof solicitacaoSchema>;

/**
 * A denial carries a written justification besides the table-38 code (issue 19: a decisive action is never one
 * keystroke): the screen's dialog and the server (decidir, also under the batch process) require it.
 */
export const JUSTIFICATIVA_NEGATIVA_MIN = 15;
export const MSG_JUSTIFICATIVA_NEGATIVA = `Escreva a justificativa da negativa (ao menos ${JUSTIFICATIVA_NEGATIVA_MIN} caracteres): ela fica no histórico da solicitação.`;

export const decisaoSchema = z.object({
  acao: z.enum(ACOES, { error: 'Decisão inválida.' }),
  version: z.coerce.number({ error: 'Informe a versão.' }).int().positive(),
  motivo: z.string().trim().max(1000, 'Motivo: no máximo 1000 caracteres.').optional().nullable(),
  responsavel: z.string().trim().max(150).optional().nullable(),
  /** Per item: authorized quantity and negativa reason (partial authorization, denial). */
  itens: z
    .array(z.object({ id: z.coerce.number().int().positive(), quantidadeAutorizada: z.coerce.number().int().min(0).max(999).optional(), motivoNegativa: z.enum(MOTIVO_CODES, { error: 'Motivo de negativa inválido.' }).optional().nullable() }))
    .default([]),
  /** Documents sent with the provider's answer (responder) to a request for justification or documents. */
  anexos: z.array(anexoSchema).max(20, 'No máximo 20 anexos por resposta.').default([]),
});
export type DecisaoInput = z.input<typeof decisaoSchema>;

// ---- wire types ----------------------------------------------------------------------------------------------

export interface AutorizacaoLinha {
  id: number;
  numero: string;
  tipo: Tipo;
  status: Status;
  carater: Carater;
  dataSolicitacao: string;
  beneficiarioId: number;
  beneficiarioNome: string;
  carteirinha: string;
  prestadorId: number;
  prestadorNome: string;
  procedimento: string;
  itens: number;
  senha: string | null;
  validadeSenha: string | null;
  /** The guide's total: the sum of its items (centavos). */
  valor: Centavos;
  version: number;
}

export interface AutorizacaoItem {
  id: number;
  seq: number;
  tabela: string;
  codigo: string;
  descricao: string;
  quantidadeSolicitada: number;
  quantidadeAutorizada: number | null;
  dente: string | null;
  face: string | null;
  motivoNegativa: string | null;
  /** Unit value (centavos). */
  valor: Centavos;
}

export interface AutorizacaoHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: string;
  de: Status | null;
  para: Status;
  motivo: string | null;
  responsavel: string | null;
  /** Names of the documents sent with this step (the provider's answer). */
  anexos?: string[];
  /** The operator answered for the provider. */
  emNomeDoPrestador?: boolean;
}

export interface AutorizacaoDetalhe extends AutorizacaoLinha {
  prestadorExecutanteId: number | null;
  prestadorExecutanteNome: string | null;
  profissional: { conselho: string; numero: string; uf: string; nome: string | null; cbo: string | null };
  indicacaoClinica: string | null;
  cid: string | null;
  referenciaId: number | null;
  observacao: string | null;
  dataAutorizacao: string | null;
  motivo: string | null;
  responsavel: string | null;
  itensDetalhe: AutorizacaoItem[];
  /** The TISS clinical data of an internação or an attachment (./clinicos), null for the other types. */
  dadosClinicos: Record<string, unknown> | null;
  /** `arquivoId` null: a document registered by the former system, without its file. */
  anexos: { id: number; nome: string; tipoDocumento: string; tag: string; tamanho: number; arquivoId: number | null }[];
  historico: AutorizacaoHistorico[];
}

/** The request form's beneficiary picker (GET /api/autorizacoes/beneficiarios?termo=). */
export type { BeneficiarioOpcao } from '../pessoas';

/** The request form's professional picker (GET /api/autorizacoes/profissionais?termo=). */
export interface ProfissionalOpcao {
  id: number;
  nome: string;
  /** TISS council code ('06') and its sigla ('CRM'). */
  conselho: string;
  conselhoSigla: string;
  numero: string;
  uf: string;
  /** The specialty's CBO (6 digits), when registered. */
  cbo: string | null;
  especialidade: string | null;
}




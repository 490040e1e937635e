import { z } from 'zod';
import { labelOf, optionalId, optionalText, requireReason, stepFields } from '../workflow/schemas';
import { ACOES, FLUXO, type Acao, type Status } from './fluxo';
import { digitosOpcionais } from '../validation/digitos';

/**
 * Ouvidoria (/ouvidoria/registro-manifestacao, /ouvidoria/manifestacoes): the manifestações of beneficiaries to the
 * operator's ombudsman. Fixed lists, deadlines (RN 623/2024: answer in 7 business days, up to 30 for a complex case
 * with a justification), input schemas and wire types. The protocol is the operator's RN 623 protocol (registro ANS +
 * AAAAMMDD + sequence of the day), numbered by the same daily counter as the service desk's contacts: one sequence
 * per day for the whole operator.
 */

export { ACOES, FAMILIA_ACOES, FLUXO, STATUS, STATUS_EM_PRAZO, type Acao, type Status } from './fluxo';

export const TIPOS = [
  ['RECLAMACAO', 'Reclamação'],
  ['DENUNCIA', 'Denúncia'],
  ['SOLICITACAO', 'Solicitação'],
  ['SUGESTAO', 'Sugestão'],
  ['ELOGIO', 'Elogio'],
  ['CONSULTA', 'Consulta'],
] as const;
export type Tipo = (typeof TIPOS)[number][0];

export const ASSUNTOS = [
  ['AUTORIZACAO', 'Autorização'],
  ['REDE', 'Rede credenciada'],
  ['REEMBOLSO', 'Reembolso'],
  ['FINANCEIRO', 'Boleto/financeiro'],
  ['CADASTRO', 'Cadastro'],
  ['CARTEIRINHA', 'Carteirinha'],
  ['ATENDIMENTO', 'Atendimento da operadora'],
  ['OUTRO', 'Outro assunto'],
] as const;
export type Assunto = (typeof ASSUNTOS)[number][0];

/** How the manifestação reached the ombudsman: the portal (the beneficiary) or the staff on someone's behalf. */
export const CANAIS = [
  ['PORTAL', 'Portal'],
  ['TELEFONE', 'Telefone'],
  ['PRESENCIAL', 'Presencial'],
  ['EMAIL', 'E-mail'],
  ['CARTA', 'Carta'],
] as const;
export type Canal = (typeof CANAIS)[number][0];

/** How the beneficiary wants to be answered (besides the portal, where the answer always shows). */
export const CONTATOS = [
  ['PORTAL', 'Pelo portal'],
  ['EMAIL', 'E-mail'],
  ['TELEFONE', 'Telefone'],
  ['CARTA', 'Carta'],
] as const;
export type Contato = (typeof CONTATOS)[number][0];

/** The operator's areas a manifestação is routed to. */
export const AREAS = [
  ['AUTORIZACAO', 'Autorizações e auditoria'],
  ['ATENDIMENTO', 'Central de atendimento'],
  ['CADASTRO', 'Cadastro'],
  ['FINANCEIRO', 'Financeiro'],
  ['REDE', 'Rede credenciada'],
  ['REEMBOLSO', 'Reembolso'],
  ['JURIDICO', 'Jurídico'],
] as const;
export type Area = (typeof AREAS)[number][0];

export const SATISFACAO = [
  ['5', 'Muito satisfeito'],
  ['4', 'Satisfeito'],
  ['3', 'Indiferente'],
  ['2', 'Insatisfeito'],
  ['1', 'Muito insatisfeito'],
] as const;

export const tipoLabel = (v: unknown) => labelOf(TIPOS, v);
export const assuntoLabel = (v: unknown) => labelOf(ASSUNTOS, v);
export const canalLabel = (v: unknown) => labelOf(CANAIS, v);
export const contatoLabel = (v: unknown) => labelOf(CONTATOS, v);
export const areaLabel = (v: unknown) => labelOf(AREAS, v);
export const satisfacaoLabel = (v: unknown) => labelOf(SATISFACAO, v == null ? v : String(v));
const keysOf = <K extends string>(list: readonly (readonly [K, string])[]) => list.map(([k]) => k) as [K, ...K[]];

// ---- deadlines ------------------------------------------------------------------------------------------------

/** RN 623/2024: the ombudsman answers in 7 business days; a complex case may be extended to 30 with a justification. */
export const PRAZO_DIAS_UTEIS = 7;
export const PRAZO_PRORROGADO_DIAS_UTEIS = 30;
/** The beneficiary may reopen an answered manifestação within 30 calendar days of the answer. */
export const PRAZO_REABERTURA_DIAS = 30;
/** Types whose appeal needs the first-instance contact (spec §8: the ombudsman is an appeal channel). */
export const TIPOS_SEGUNDA_INSTANCIA: readonly Tipo[] = ['RECLAMACAO', 'SOLICITACAO'];

/** "7 dias úteis", "Vence hoje", "Atrasada há 2 dias úteis". */
export function prazoTexto(dias: number | null): string {
  if (dias == null) return '—';
  if (dias === 0) return 'Vence hoje';
  if (dias < 0) return `Atrasada há ${-dias} ${-dias === 1 ? 'dia útil' : 'dias úteis'}`;
  return `${dias} ${dias === 1 ? 'dia útil' : 'dias úteis'}`;
}

// ---- messages -------------------------------------------------------------------------------------------------

export const MSG_PRIMEIRA_INSTANCIA = 'Informe o protocolo do atendimento em primeira instância: a Ouvidoria atua como canal de recurso.';
export const MSG_RESPOSTA = 'Escreva a resposta ao beneficiário.';
export const MSG_AREA = 'Escolha a área para onde encaminhar.';
export const MSG_SATISFACAO = 'Informe a sua satisfação com a resposta.';
export const MSG_JUSTIFICATIVA = 'Informe a justificativa da prorrogação (caso complexo).';
export const MSG_JA_PRORROGADA = 'O prazo desta manifestação já foi prorrogado.';
export const MSG_PRORROGACAO_FECHADA = 'Só é possível prorrogar o prazo de uma manifestação ainda sem resposta.';
export const msgReaberturaVencida = (ate: string) => `O prazo para reabrir esta manifestação terminou em ${ate}.`;
export const msgTransicaoRecusada = FLUXO.refusal;
/** A registered manifestação's confirmation (the API's alert and the receipt). */
export const msgRegistrada = (protocolo: string) => `Manifestação registrada sob o protocolo nº ${protocolo}.`;

// ---- schemas --------------------------------------------------------------------------------------------------

export const NUMERO_AUTORIZACAO = /^\d{6,20}$/;
/** RN 623/2024 protocol: 20 digits. */
export const PROTOCOLO_RN623 = /^\d{20}$/;
export const ANEXOS_MAX = 5;

const texto = (label: string, min: number, max: number, vazio: string) =>
  z
    .string({ error: vazio })
    .trim()
    .min(1, vazio)
    .min(min, `${label}: ao menos ${min} caracteres.`)
    .max(max, `${label}: no máximo ${max} caracteres.`);

/**
 * Registering a manifestação: whose (a beneficiary of the family for a beneficiary; anyone for the staff), what (type,
 * subject, description), the first-instance protocol (required for complaints and requests), the related
 * authorization (its guide number), how it came (the staff's channel; the portal for a beneficiary) and how to answer,
 * the attachments already sent (POST /api/arquivos).
 */
export const registroSchema = z
  .object({
    beneficiarioId: optionalId,
    tipo: z.enum(keysOf(TIPOS), { error: 'Informe o tipo da manifestação.' }),
    assunto: z.enum(keysOf(ASSUNTOS), { error: 'Informe o assunto.' }),
    descricao: texto('Descrição', 10, 4000, 'Descreva a manifestação.'),
    protocoloPrimeiraInstancia: digitosOpcionais(PROTOCOLO_RN623, 'Protocolo inválido.', 'Protocolo de primeira instância inválido: são 20 dígitos.'),
    autorizacao: digitosOpcionais(NUMERO_AUTORIZACAO, 'Número da autorização inválido.', 'Número da autorização inválido: use só os dígitos da guia.'),
    canal: z.enum(keysOf(CANAIS), { error: 'Informe o canal da manifestação.' }).default('PORTAL'),
    contato: z.enum(keysOf(CONTATOS), { error: 'Informe como prefere receber a resposta.' }),
    contatoValor: optionalText(150, 'E-mail ou telefone para a resposta'),
    anexos: z.array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'Anexos inválidos.' }).max(ANEXOS_MAX, `No máximo ${ANEXOS_MAX} anexos.`).default([]),
  })
  .superRefine(
    (v, ctx) => {
      const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.beneficiarioId) erro('beneficiarioId', 'Escolha o beneficiário da manifestação.');
      if (TIPOS_SEGUNDA_INSTANCIA.includes(v.tipo) && !v.protocoloPrimeiraInstancia) erro('protocoloPrimeiraInstancia', MSG_PRIMEIRA_INSTANCIA);
      if ((v.contato === 'EMAIL' || v.contato === 'TELEFONE') && !v.contatoValor) erro('contatoValor', v.contato === 'EMAIL' ? 'Informe o e-mail para a resposta.' : 'Informe o telefone para a resposta.');
      if (v.contato === 'EMAIL' && v.contatoValor && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.contatoValor)) erro('contatoValor', 'E-mail inválido.');
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => ({ ...v, beneficiarioId: v.beneficiarioId!, contatoValor: v.contato === 'EMAIL' || v.contato === 'TELEFONE' ? v.contatoValor : null, anexos: [...new Set(v.anexos)] }));
export type RegistroInput = z.input<typeof registroSchema>;
export type Registro = z.output<typeof registroSchema>;

const PASSO = stepFields(ACOES);
/** A step: the version read, the area (encaminhar), the answer (responder), the rating (avaliar), the note. */
export const transicaoSchema = z
  .object({
    acao: PASSO.acao,
    version: PASSO.version,
    area: z.preprocess((v) => (v === '' ? undefined : v), z.enum(keysOf(AREAS), { error: MSG_AREA }).nullish()),
    resposta: optionalText(4000, 'Resposta'),
    satisfacao: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number({ error: MSG_SATISFACAO }).int(MSG_SATISFACAO).min(1, MSG_SATISFACAO).max(5, MSG_SATISFACAO).optional()),
    nota: PASSO.nota,
  })
  .superRefine(
    (v, ctx) => {
      requireReason(FLUXO, v, ctx);
      const t = FLUXO.transitions[v.acao];
      if (!t) return;
      if (t.area && !v.area) ctx.addIssue({ code: 'custom', path: ['area'], message: MSG_AREA });
      if (t.resposta && !v.resposta) ctx.addIssue({ code: 'custom', path: ['resposta'], message: MSG_RESPOSTA });
      if (t.satisfacao && v.satisfacao == null) ctx.addIssue({ code: 'custom', path: ['satisfacao'], message: MSG_SATISFACAO });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  // each step keeps only its own field
  .transform((v) => {
    const t = FLUXO.transitions[v.acao];
    return { ...v, area: t.area ? v.area! : null, resposta: t.resposta ? v.resposta! : null, satisfacao: t.satisfacao ? v.satisfacao! : null };
  });
export type TransicaoInput = z.input<typeof transicaoSchema>;
export type Transicao = z.output<typeof transicaoSchema>;

/** Extending the deadline to 30 business days (once, before the answer), with the justification. */
export const prorrogacaoSchema = z.object({
  version: PASSO.version,
  justificativa: texto('Justificativa', 10, 1000, MSG_JUSTIFICATIVA),
});
export type ProrrogacaoInput = z.input<typeof prorrogacaoSchema>;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface ManifestacaoLinha {
  id: number;
  protocolo: string;
  status: Status;
  tipo: Tipo;
  assunto: Assunto;
  beneficiarioNome: string;
  carteirinha: string | null;
  /** ISO instant. */
  registradaEm: string;
  /** ISO day: the answer's deadline. */
  prazo: string;
  prorrogada: boolean;
  /** Business days left while the answer is due (negative: late); null once answered. */
  diasRestantes: number | null;
  atrasada: boolean;
  version: number;
}

export interface ManifestacaoHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: Acao | 'registrar' | 'prorrogar';
  de: Status | null;
  para: Status;
  /** Internal steps' notes and areas reach only the staff. */
  area: Area | null;
  nota: string | null;
}

export interface ManifestacaoDetalhe extends ManifestacaoLinha {
  beneficiarioId: number;
  descricao: string;
  canal: Canal;
  contato: Contato;
  contatoValor: string | null;
  protocoloPrimeiraInstancia: string | null;
  /** The first-instance contact, when the protocol is one of the service desk's. */
  atendimento: { id: number; protocolo: string } | null;
  autorizacao: { id: number; numero: string } | null;
  justificativaProrrogacao: string | null;
  /** The area it waits on (staff only). */
  area: Area | null;
  resposta: string | null;
  respondidaEm: string | null;
  satisfacao: number | null;
  /** Last ISO day the beneficiary may reopen it (answered ones). */
  reabrirAte: string | null;
  registradaPor: string;
  anexos: { id: number; nome: string; tamanho: number }[];
  historico: ManifestacaoHistorico[];
  /** The steps this session may take now (the family: rate and reopen). */
  acoes: Acao[];
  /** Whether this session may extend the deadline now. */
  podeProrrogar: boolean;
}

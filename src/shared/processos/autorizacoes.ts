import { JUSTIFICATIVA_NEGATIVA_MIN, MOTIVOS_NEGATIVA, MSG_JUSTIFICATIVA_NEGATIVA, STATUS, STATUS_LABEL, TIPO_KEYS, TIPOS } from '../autorizacoes';
import { f, type RuleIssue } from '../resources/define';
import { defineProcesso } from './define';
import { periodoValido, ultimosDias } from './protocolos';

/**
 * Processes over authorization requests (spec §2.7 /util/processo): deciding a batch of pending requests with one
 * decision (lote-autorizacao, manage on all) and resending to providers the audit's pending requests for a
 * technical justification or documents (reenvio-sc, copass).
 */

export const DECISOES_LOTE = [
  ['AUTORIZAR', 'Autorizar'],
  ['NEGAR', 'Negar'],
] as const;

/** The statuses a decision may be taken from (TRANSICOES.autorizar/negar): waiting for the audit or for the provider. */
export const STATUS_PENDENTES = [STATUS.EM_ANALISE, STATUS.AGUARDANDO_JUSTIFICATIVA, STATUS.AGUARDANDO_DOCUMENTACAO] as const;

/** One run decides at most this many requests: a larger queue is split by provider, type or period. */
export const MAX_LOTE_AUTORIZACOES = 5_000;

export const loteAutorizacao = defineProcesso({
  comando: '/util/processo/lote-autorizacao',
  tipo: 'lote-autorizacao',
  descricao:
    'Decide de uma vez as solicitações de autorização pendentes escolhidas pelo filtro (período da solicitação, status, tipo de guia, prestador): autoriza ou nega cada uma com a mesma justificativa, pelas mesmas regras da decisão na auditoria (transições, código de negativa da tabela 38, senha e validade, e quem registrou a solicitação não a decide). Cada decisão entra no histórico da solicitação e na trilha; o CSV da execução lista o resultado de cada uma.',
  campos: {
    decisao: f.enum('Decisão', DECISOES_LOTE, { required: true, default: 'AUTORIZAR' }),
    motivoNegativa: f.enum('Motivo da negativa (tabela 38)', MOTIVOS_NEGATIVA.map(([c, l]) => [c, `${c} – ${l}`] as const), { when: { field: 'decisao', in: ['NEGAR'] }, help: 'Vale para todos os itens de cada solicitação negada.' }),
    justificativa: f.text('Justificativa', { max: 1000, multiline: true, required: true, help: 'Fica no histórico de cada solicitação decidida.' }),
    inicio: f.date('Solicitadas a partir de', { required: true }),
    fim: f.date('Solicitadas até', { required: true }),
    status: f.enum('Status', STATUS_PENDENTES.map((s) => [String(s), STATUS_LABEL[s]] as const), { required: true, default: String(STATUS.EM_ANALISE) }),
    tipo: f.enum('Tipo de guia', TIPO_KEYS.map((k) => [k, TIPOS[k].label] as const), { help: 'Em branco: todos os tipos.' }),
    prestador: f.ref('Prestador solicitante', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores.' }),
  },
  regras: (v) => {
    const out: RuleIssue[] = periodoValido(v);
    if (v.decisao === 'NEGAR' && v.motivoNegativa == null) out.push({ field: 'motivoNegativa', message: 'Informe o motivo da negativa (tabela 38).' });
    if (v.decisao === 'NEGAR' && String(v.justificativa ?? '').trim().length < JUSTIFICATIVA_NEGATIVA_MIN) out.push({ field: 'justificativa', message: MSG_JUSTIFICATIVA_NEGATIVA });
    return out;
  },
  previa: true,
  altera: true,
  padroes: () => ultimosDias(30),
});

/**
 * "SC" (solicitação de complementação): what the audit asked the provider before deciding — a technical
 * justification (status 4) or documents (status 5). Resending reminds the provider of each request still waiting.
 */
export const PENDENCIAS_SC = [
  ['AMBAS', 'Justificativa técnica e documentação'],
  [String(STATUS.AGUARDANDO_JUSTIFICATIVA), 'Só justificativa técnica'],
  [String(STATUS.AGUARDANDO_DOCUMENTACAO), 'Só documentação'],
] as const;

export const reenvioSc = defineProcesso({
  comando: '/util/processo/reenvio-sc',
  tipo: 'reenvio-sc',
  descricao:
    'Reenvia aos prestadores as solicitações de complementação (SC) da auditoria ainda sem resposta — justificativa técnica ou documentação pedida numa autorização: uma mensagem por prestador, no e-mail do cadastro, com cada guia, o beneficiário, a data do pedido e o que foi pedido. As mensagens entram na caixa de saída e são enviadas pelo servidor de e-mail (SMTP), quando configurado.',
  campos: {
    pendencia: f.enum('Pendência', PENDENCIAS_SC, { required: true, default: 'AMBAS' }),
    dias: f.integer('Pedidas há pelo menos (dias)', { min: 0, max: 365, required: true, default: 3, help: '0: todas as pendentes, inclusive as de hoje.' }),
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores com pendência.' }),
    assunto: f.text('Assunto', { max: 150, required: true, default: 'Pendências da auditoria nas suas solicitações de autorização' }),
    corpo: f.text('Mensagem', {
      max: 3000,
      multiline: true,
      required: true,
      default: 'Prezado prestador,\n\nAs solicitações de autorização abaixo aguardam a sua resposta à auditoria. Responda pelo portal, na própria solicitação, para que a análise continue.',
      help: 'A lista das solicitações de cada prestador é acrescentada ao fim da mensagem.',
    }),
  },
  regras: (v) => (typeof v.assunto === 'string' && /[\r\n]/.test(v.assunto) ? [{ field: 'assunto', message: 'O assunto deve ter uma linha só.' }] : []),
  previa: true,
  altera: true,
});

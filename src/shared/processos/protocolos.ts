import { todayIso } from '../dates';
import { CANAIS, FLUXO, lerNumero, STATUS, TIPOS_DOCUMENTO } from '../protocolos';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';

/**
 * Processes over the document protocols (spec §2.7 /util/processo): correcting one protocol's data after it was
 * registered, moving a provider's protocols to another provider (a clinic that changed CNPJ), and asking providers
 * to resend the invoices (notas fiscais) the desk returned.
 */

/** A period of days: the end not before the start, at most a year (the runs read it by index, in chunks). */
export function periodoValido(v: Values, inicio = 'inicio', fim = 'fim'): RuleIssue[] {
  const a = v[inicio];
  const b = v[fim];
  if (typeof a !== 'string' || typeof b !== 'string') return [];
  if (b < a) return [{ field: fim, message: 'A data final não pode ser anterior à inicial.' }];
  if (Date.parse(b) - Date.parse(a) > 366 * 86_400_000) return [{ field: fim, message: 'O período pode ter no máximo um ano.' }];
  return [];
}

/** This month so far, as the forms show it (DD/MM/AAAA). */
export function mesCorrente(): Record<string, string> {
  const h = todayIso();
  return { inicio: `01/${h.slice(5, 7)}/${h.slice(0, 4)}`, fim: `${h.slice(8, 10)}/${h.slice(5, 7)}/${h.slice(0, 4)}` };
}

/** The last `dias` days up to today (DD/MM/AAAA). */
export function ultimosDias(dias: number): Record<string, string> {
  const h = todayIso();
  const d = new Date(`${h}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dias);
  const i = d.toISOString().slice(0, 10);
  const br = (s: string) => `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
  return { inicio: br(i), fim: br(h) };
}

const STATUS_OPCOES = STATUS.map((s) => [s, FLUXO.labels[s]] as const);

/** A protocol number typed with its year (AAAA/NNNNNN): the process changes one record, never "any year". */
const numeroComAno = (v: Values): RuleIssue[] => {
  if (typeof v.protocolo !== 'string') return [];
  const n = lerNumero(v.protocolo);
  return n && n.ano != null ? [] : [{ field: 'protocolo', message: 'Informe o número do protocolo com o ano (ex.: 2026/000123).' }];
};

/** What the correction may change: everything the desk typed, but the sender's kind and the sector (that is forwarding). */
export const CAMPOS_CORRIGIVEIS = ['prestador', 'tipoDocumento', 'assunto', 'folhas', 'recebidoEm', 'canal', 'observacao'] as const;

export const alteracaoProtocolo = defineProcesso({
  comando: '/util/processo/alteracao-protocolo',
  tipo: 'alteracao-protocolo',
  descricao:
    'Corrige os dados de um protocolo de documento registrado com erro: o prestador remetente, o tipo de documento, o assunto, o número de folhas, a data de recebimento, o canal ou a observação. Só protocolos ainda em aberto (protocolado ou em análise); a correção, com o motivo, entra no histórico do protocolo e na trilha.',
  campos: {
    protocolo: f.text('Número do protocolo', { max: 11, required: true, help: 'Como impresso no comprovante: AAAA/NNNNNN.' }),
    prestador: f.ref('Prestador remetente correto', 'prestador', { picker: 'prestador', help: 'Só para protocolos enviados por prestador. Em branco: mantém.' }),
    tipoDocumento: f.enum('Tipo de documento correto', TIPOS_DOCUMENTO, { help: 'Em branco: mantém.' }),
    assunto: f.text('Assunto correto', { max: 200, help: 'Em branco: mantém.' }),
    folhas: f.integer('Número de folhas correto', { min: 1, max: 999, help: 'Em branco: mantém.' }),
    recebidoEm: f.date('Data de recebimento correta', { help: 'Em branco: mantém.' }),
    canal: f.enum('Canal de recebimento correto', CANAIS, { help: 'Em branco: mantém.' }),
    observacao: f.text('Observação', { max: 1000, multiline: true, help: 'Em branco: mantém. Substitui a observação registrada.' }),
    motivo: f.text('Motivo da correção', { max: 500, required: true, help: 'Ex.: número de folhas digitado errado no balcão.' }),
  },
  regras: (v) => {
    const out = numeroComAno(v);
    if (CAMPOS_CORRIGIVEIS.every((k) => v[k] == null || v[k] === '')) out.push({ field: 'tipoDocumento', message: 'Informe ao menos um dado a corrigir.' });
    if (typeof v.recebidoEm === 'string' && v.recebidoEm > todayIso()) out.push({ field: 'recebidoEm', message: 'A data de recebimento não pode ser futura.' });
    return out;
  },
  previa: true,
  altera: true,
});

/** The provider's protocols a run moves: one per transaction chunk of this size. */
export const LOTE_PROTOCOLOS = 200;

export const alteracaoPrestadorProtocolo = defineProcesso({
  comando: '/util/processo/processa-alteracao-prestador-protocolo',
  tipo: 'alteracao-prestador-protocolo',
  descricao:
    'Transfere para outro prestador os protocolos de documentos enviados por um prestador, recebidos num período (por exemplo, uma clínica que passou a faturar com outro CNPJ). Cada protocolo passa a ter o nome e o documento do novo prestador, com uma linha no histórico e a trilha; o arquivo CSV da execução lista cada um.',
  campos: {
    origem: f.ref('Prestador atual', 'prestador', { picker: 'prestador', required: true }),
    destino: f.ref('Novo prestador', 'prestador', { picker: 'prestador', required: true }),
    inicio: f.date('Recebidos a partir de', { required: true }),
    fim: f.date('Recebidos até', { required: true }),
    status: f.enum('Status', STATUS_OPCOES, { help: 'Em branco: todos os status.' }),
    motivo: f.text('Motivo', { max: 500, required: true, help: 'Ex.: alteração de CNPJ do prestador.' }),
  },
  regras: (v) => {
    const out = periodoValido(v);
    if (v.origem != null && v.origem === v.destino) out.push({ field: 'destino', message: 'Escolha um prestador diferente do atual.' });
    return out;
  },
  previa: true,
  altera: true,
  padroes: () => ultimosDias(365),
});

export const solicitacaoReenvioNota = defineProcesso({
  comando: '/util/processo/solicitacao-reenvio-nota',
  tipo: 'solicitacao-reenvio-nota',
  descricao:
    'Pede aos prestadores que reenviem as notas fiscais protocoladas num período e devolvidas pelo balcão: uma mensagem por prestador, no e-mail do cadastro, com a lista dos protocolos (número, data e motivo da devolução). As mensagens entram na caixa de saída e são enviadas pelo servidor de e-mail (SMTP), quando configurado.',
  campos: {
    inicio: f.date('Recebidas a partir de', { required: true }),
    fim: f.date('Recebidas até', { required: true }),
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores com nota devolvida.' }),
    assunto: f.text('Assunto', { max: 150, required: true, default: 'Reenvio de nota fiscal' }),
    corpo: f.text('Mensagem', {
      max: 3000,
      multiline: true,
      required: true,
      help: 'A lista dos protocolos de cada prestador é acrescentada ao fim da mensagem.',
      default: 'Prezado prestador,\n\nAs notas fiscais abaixo foram devolvidas pelo nosso protocolo. Pedimos que as reenvie corrigidas, citando o número do protocolo.',
    }),
  },
  regras: (v) => {
    const out = periodoValido(v);
    if (typeof v.assunto === 'string' && /[\r\n]/.test(v.assunto)) out.push({ field: 'assunto', message: 'O assunto deve ter uma linha só.' });
    return out;
  },
  previa: true,
  altera: true,
  padroes: () => ultimosDias(90),
});

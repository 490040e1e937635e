import { defineList } from './lists/define';
import { isoToBr } from './dates';
import { f, resourceByName, resources } from './resources';
import type { Field } from './resources/define';
import { displayValue } from './resources/display';

/**
 * The change trail (LGPD: who, when, what changed): the entities a write is recorded under (the CASL subject) with
 * their labels, the field labels that make a change readable, and the administrator's list of it — a list
 * definition over a server query (src/server/trail/list.ts), shown by the generic list screen.
 */

/** Entities written outside the resource engine (their own services record the trail). */
const OTHERS: Record<string, string> = {
  autorizacao: 'Autorização',
  usuario: 'Usuário',
  atualizacaocadastralbeneficiario: 'Atualização cadastral de beneficiário',
  protocolodocumento: 'Protocolo de documento',
  cartao: 'Cartão do beneficiário',
  agendamento: 'Agendamento de processo',
  pasta: 'Pasta do gerenciador de arquivos',
  arquivo: 'Arquivo do gerenciador de arquivos',
  email: 'E-mail a prestador (caixa de saída)',
  sessao: 'Sessão do portal',
  protocolorecebimento: 'Protocolo de recebimento de faturamento (TISS)',
  remessaans: 'Arquivo enviado à ANS (SIB, Monitoramento TISS, SIP, RPS)',
  itemfaturado: 'Item de conta faturada (análise e glosa)',
  perfil: 'Perfil de permissões',
  regra: 'Grupo de regras de acesso',
  atendimento: 'Atendimento',
  manifestacao: 'Manifestação da ouvidoria',
  solicitacaoadesao: 'Solicitação de adesão de dependente',
  faturadigitada: 'Fatura digitada no portal (TISS)',
  reembolso: 'Pedido de reembolso',
  rpa: 'Recibo de pagamento a autônomo (RPA)',
  solicitacaopagamento: 'Solicitação de pagamento de prestador',
  solicitacaoverba: 'Solicitação de verba',
  pagamentoprestador: 'Pagamento a prestador (a pagar)',
  visaosalva: 'Visão salva de lista',
  movimentorps: 'Movimento RPS (rede do produto)',
  avisodebito: 'Aviso de débito enviado a pagador',
  guiadam: 'DAM enviado ao sistema Betha',
  adesaoservico: 'Adesão a serviço adicional',
  envioavisodebito: 'Registro de envio de avisos de débito',
  integracaobeneficiario: 'Movimento de beneficiário recebido por integração',
  integracaoatendimento: 'Atendimento recebido por integração',
  loteauditoria: 'Lote de auditoria externa',
  cartaointercambio: 'Cartão de intercâmbio',
  autorizacaointercambio: 'Autorização de intercâmbio',
  movimentointercambio: 'Movimento de intercâmbio',
  titulo: 'Título de contribuição (boleto)',
  pagamentotitulo: 'Pagamento de título de contribuição',
  remessacobranca: 'Remessa de cobrança (CNAB 240)',
  documentocmis: 'Documento enviado ao repositório CMIS',
  movimentocontabil: 'Movimento contábil do mês',
};

/** Fields a process writes to the trail beside the record's own (the reason, the run's context), by label. */
const OTHER_FIELDS: Record<string, string> = {
  motivoAlteracaoCartao: 'Motivo da alteração do cartão',
  carteirinhaAnterior: 'Número anterior do cartão',
  motivoAlteracaoMatricula: 'Motivo da alteração de matrícula',
  certidaoObito: 'Certidão de óbito',
  vigenciaPlano: 'No novo plano a partir de',
  pensionistaDe: 'Pensionista de (matrícula do titular)',
  motivo: 'Motivo',
  tipo: 'Tipo',
  prestador: 'Prestador',
  produto: 'Produto',
  data: 'Data',
  observacao: 'Observação',
  envio: 'Envio à ANS',
  justificativa: 'Justificativa',
  papeis: 'Papéis',
  perfis: 'Perfis',
  grupo: 'Grupo de senha',
  ativo: 'Ativo',
  redefinicaoAcesso: 'Senha temporária emitida',
  sessoesEncerradas: 'Sessões encerradas',
  permissoesIncluidas: 'Permissões incluídas',
  permissoesRetiradas: 'Permissões retiradas',
  regras: 'Regras (janelas de acesso)',
  usuarios: 'Usuários',
  restringe: 'Usuários restringidos',
  clonadoDe: 'Clonado de',
  gruposRegras: 'Grupos de regras',
  migradoPara: 'Migrado para',
  migradoDe: 'Migrado de',
  atendimentosMigrados: 'Atendimentos migrados',
  agendamentosMigrados: 'Agendamentos migrados',
  atendente: 'Atendente',
  usuario: 'Usuário',
  nome: 'Nome',
  lista: 'Lista',
  consulta: 'Filtros e ordem',
};

/** Every entity the trail may hold, by label (the resources by their singular name). */
export const TRAIL_ENTITIES: readonly (readonly [string, string])[] = [...resources.map((r) => [r.name, r.label.singular] as const), ...Object.entries(OTHERS)].sort((a, b) =>
  a[1].localeCompare(b[1], 'pt-BR'),
);

export const entityLabel = (e: string) => resourceByName.get(e)?.label.singular ?? OTHERS[e] ?? e;
/** A field's label in the entity's definition (the raw name when it has none: autorizações, usuários). */
export const fieldLabel = (entidade: string, campo: string) =>
  (resourceByName.get(entidade)?.fields as Record<string, { label: string }> | undefined)?.[campo]?.label ?? OTHER_FIELDS[campo] ?? campo;

export const TRAIL_ACTIONS = [
  ['insert', 'Inclusão'],
  ['update', 'Alteração'],
  ['delete', 'Exclusão'],
  // a deleted record written back (the user undid the deletion)
  ['restore', 'Restauração'],
] as const;

export interface TrailEvent {
  id: number;
  em: string;
  usuarioLogin: string | null;
  ip: string | null;
  entidade: string;
  registroId: string;
  acao: 'insert' | 'update' | 'delete' | 'restore';
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

/** The changed fields of an event as (field, before, after), in the order the record has them. */
export function changesOf(e: Pick<TrailEvent, 'antes' | 'depois'>): [string, unknown, unknown][] {
  const all = new Set([...Object.keys(e.antes ?? {}), ...Object.keys(e.depois ?? {})]);
  // a reference's `<key>Label` is how its value reads (trailValue), not a change of its own
  const keys = [...all].filter((k) => k !== 'version' && k !== 'id' && !(k.endsWith('Label') && all.has(k.slice(0, -5))));
  return keys.map((k) => [k, e.antes?.[k] ?? null, e.depois?.[k] ?? null]);
}

/** A value of the trail as a person reads it: the field's own display (an option's label, a reference's record label
 * from the snapshot's `<key>Label`, dates and booleans in pt-BR); a field without definition as plain text, empty as a dash. */
export function trailValue(entidade: string, campo: string, v: unknown, snapshot: Record<string, unknown> | null): string {
  if (v == null || v === '') return '—';
  const field = (resourceByName.get(entidade)?.fields as Record<string, Field> | undefined)?.[campo];
  if (field && (typeof v !== 'object' || field.kind === 'date')) return displayValue(field, v, snapshot ?? undefined, campo) || '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return isoToBr(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The administrator's list of the trail: newest first, by entity, record, user, action and period (in São Paulo days). */
export const TRAIL_LIST = defineList({
  key: 'trilha.eventos',
  command: '/cadastro/acesso/trilha-auditoria',
  endpoint: '/trilha/eventos',
  noun: { singular: 'gravação', plural: 'gravações', gender: 'f' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    em: f.instant('Data e hora'),
    entidade: f.enum('Entidade', TRAIL_ENTITIES),
    registroId: f.text('Registro', { max: 40 }),
    usuarioLogin: f.text('Usuário', { max: 60 }),
    acao: f.enum('Ação', TRAIL_ACTIONS),
    mudancas: f.text('O que mudou', { max: 10 }),
  },
  search: [
    { field: 'entidade', op: 'eq', param: 'entidade' },
    { field: 'registroId', op: 'eq', param: 'registroId', placeholder: 'Código (id)' },
    { field: 'usuarioLogin', op: 'eq', param: 'usuario', placeholder: 'Login' },
    { field: 'acao', op: 'eq', param: 'acao' },
    { field: 'em', op: 'gte', param: 'de', label: 'De' },
    { field: 'em', op: 'lte', param: 'ate', label: 'Até' },
  ],
  columns: [{ key: 'em' }, { key: 'usuarioLogin' }, { key: 'acao' }, { key: 'entidade' }, { key: 'registroId' }, { key: 'mudancas' }],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id'],
  pageSize: 50,
});

import { CLIENT_CODES, CLIENT_NAMES } from '../clients';
import { ROLE_FLAGS, ROLE_LABELS } from '../roles';
import { defineResource, f, type RuleIssue } from './define';

/**
 * Notices (/util/gerenciador/avisos): what the home shows (GET /api/avisos/inicio, spec §7) to their audience (everyone,
 * one role, or one client's installation) while in force, the highest priority first. The text is rich text (HTML)
 * shown through the allow-list sanitizer (src/web/grid/sanitize.ts): only formatting tags and safe links survive.
 */
export const PRIORIDADES_AVISO = [
  ['ALTA', 'Alta'],
  ['NORMAL', 'Normal'],
  ['BAIXA', 'Baixa'],
] as const;
export const PUBLICOS_AVISO = [
  ['TODOS', 'Todos'],
  ['PERFIL', 'Um perfil'],
  ['CLIENTE', 'Um cliente'],
] as const;

export const aviso = defineResource({
  name: 'aviso',
  command: '/util/gerenciador/avisos',
  table: 'avisos',
  label: { singular: 'Aviso', plural: 'Avisos', gender: 'm' },
  fields: {
    titulo: f.text('Título', { max: 120, required: true }),
    mensagem: f.text('Texto', { max: 4000, multiline: true, format: 'html', required: true }),
    tipo: f.enum('Destaque', [['info', 'Informativo'], ['warning', 'Atenção']], { required: true, default: 'info' }),
    prioridade: f.enum('Prioridade', PRIORIDADES_AVISO, { required: true, default: 'NORMAL' }),
    publico: f.enum('Público', PUBLICOS_AVISO, { required: true, default: 'TODOS' }),
    perfil: f.enum(
      'Perfil',
      ROLE_FLAGS.map((r) => [r, ROLE_LABELS[r]] as const),
      { when: { field: 'publico', in: ['PERFIL'] } },
    ),
    cliente: f.enum(
      'Cliente',
      CLIENT_CODES.map((c) => [c, CLIENT_NAMES[c]] as const),
      { when: { field: 'publico', in: ['CLIENTE'] } },
    ),
    inicio: f.date('Início da vigência', { required: true }),
    fim: f.date('Fim da vigência'),
  },
  rules: (v) => {
    const out: RuleIssue[] = [];
    if (v.publico === 'PERFIL' && !v.perfil) out.push({ field: 'perfil', message: 'Escolha o perfil que verá o aviso.' });
    if (v.publico === 'CLIENTE' && !v.cliente) out.push({ field: 'cliente', message: 'Escolha o cliente que verá o aviso.' });
    if (typeof v.inicio === 'string' && typeof v.fim === 'string' && v.fim && v.fim < v.inicio) out.push({ field: 'fim', message: 'O fim da vigência não pode ser antes do início.' });
    return out;
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['titulo', ['prioridade', 'tag'], 'publico', 'perfil', 'inicio', 'fim'],
  search: ['titulo', 'prioridade', 'publico', 'inicio'],
  sort: { field: 'inicio', dir: 'desc' },
});

export const avisoResources = [aviso];

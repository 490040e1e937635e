import { commands } from '../types';
import { list } from './helpers';

/**
 * The help pages of /cadastro/ajuda (spec §2.1, issue 17): one command per page, a view of the help screen
 * (`?view=<página>`), hidden from the tiles and found by the palette like any screen. Their text lives in
 * src/shared/ajuda/paginas.ts, keyed by these views and loaded with the help screen (not with the first page).
 */
const pagina = <const V extends string>(view: V, title: string, icon: 'help' | 'search' | 'layers' | 'badge-check' | 'users' | 'chart' | 'refresh' | 'megaphone' | 'key' | 'upload', keywords: string[]) =>
  ({ path: '/cadastro/ajuda', query: { view }, title, icon, can: list('ajuda'), hidden: true, keywords: ['ajuda', 'como usar', ...keywords] }) as const;

export const ajuda = commands([
  pagina('paleta', 'Ajuda: Paleta de Comandos', 'search', ['Ctrl+K', 'buscar tela', 'ações', 'registros']),
  pagina('abas-atalhos', 'Ajuda: Abas e Atalhos de Teclado', 'layers', ['abas', 'teclado', 'atalho', 'Alt']),
  pagina('autorizacoes', 'Ajuda: Solicitar e Auditar Autorizações', 'badge-check', ['autorização', 'auditoria', 'guia', 'senha']),
  pagina('beneficiarios', 'Ajuda: Beneficiários', 'users', ['beneficiário', 'elegibilidade', 'carteirinha', 'matrícula']),
  pagina('relatorios', 'Ajuda: Relatórios', 'chart', ['relatório', 'PDF', 'planilha', 'CSV']),
  pagina('processos', 'Ajuda: Processos e Exportações', 'refresh', ['processo', 'exportação', 'arquivo', 'agendamento']),
  pagina('ouvidoria', 'Ajuda: Ouvidoria', 'megaphone', ['manifestação', 'reclamação', 'protocolo', 'prazo']),
  pagina('usuarios-perfis', 'Ajuda: Usuários e Perfis de Permissões', 'key', ['usuário', 'perfil', 'permissão', 'senha']),
  pagina('lote-tiss', 'Ajuda: Envio de Lote TISS', 'upload', ['TISS', 'XML', 'faturamento', 'protocolo']),
]);

/** The help pages' views, in reading order (the help screen's index). */
export type AjudaView = (typeof ajuda)[number]['query']['view'];
export const AJUDA_VIEWS: readonly AjudaView[] = ajuda.map((c) => c.query.view);

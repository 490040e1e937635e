import type { ScreenLoader, ScreenMap } from '../screens/types';

/**
 * One screen module holds every authorization command: the guide types' request forms, the audit queues, the
 * lists and the decision screen. The paths are the guide types' commands (TIPOS) and the lists' (LISTAS), written
 * out here so the first page does not load those definitions (and zod) just to bind screens; a unit test keeps the
 * two in step.
 */
const autorizacoes: ScreenLoader = () => import('./AutorizacoesScreen');

export const autorizacoesScreens: ScreenMap = {
  '/principal/autorizacao/consultas': autorizacoes,
  '/principal/autorizacao/sp-sadt': autorizacoes,
  '/principal/autorizacao/internacoes': autorizacoes,
  '/principal/autorizacao/odontologicos': autorizacoes,
  '/principal/autorizacao/orcamento': autorizacoes,
  '/principal/autorizacao/guias-comprovantes-presenciais': autorizacoes,
  '/principal/autorizacao/guiasemonus/guia-sem-onus': autorizacoes,
  '/principal/autorizacao/guiasemonus/guias-sem-onus': autorizacoes,
  '/principal/autorizacao/guiasemonus/guias-aps': autorizacoes,
  '/principal/autorizacao/prorrogacoes': autorizacoes,
  '/principal/autorizacao/emitir-pre-autorizacao': autorizacoes,
  '/principal/autorizacao/anexo/quimioterapias-anexo': autorizacoes,
  '/principal/autorizacao/anexo/radioterapias-anexo': autorizacoes,
  '/principal/autorizacao/anexo/situacoes-iniciais-odonto-anexo': autorizacoes,
  '/principal/autorizacao/anexo/solicitacaoes-opme-anexo': autorizacoes,
  '/principal/autorizacao/auditoria/auditoria-medica': autorizacoes,
  '/principal/autorizacao/auditoria/auditoria-odontologica': autorizacoes,
  '/principal/autorizacao/auditoria/auditoria-parcial': autorizacoes,
  '/principal/autorizacao/auditoria/auditorias-pre-autorizacoes': autorizacoes,
  '/principal/autorizacao/auditoria/auditorias-anexos': autorizacoes,
  '/principal/autorizacao/autorizacoes': autorizacoes,
  '/principal/autorizacao/historicos-utilizacoes-beneficiarios': autorizacoes,
  '/principal/autorizacao/acompanhar-autorizacoes-beneficiario': autorizacoes,
  '/principal/autorizacao/pre-autorizacoes': autorizacoes,
  '/principal/autorizacao/anexo/autorizacoes-anexos': autorizacoes,
};

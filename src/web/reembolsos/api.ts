import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { PassoInput, ProcedimentoOpcao, ReembolsoDetalhe, SolicitacaoInput, Tela } from '../../shared/reembolsos';
import { api } from '../api/client';

/** Query keys of a reimbursement request (its lists are the list engine's: listKeys in ../lists/api). */
export const reembolsoKeys = {
  all: ['reembolsos'] as const,
  detail: (tela: Tela, id: number) => ['reembolsos', tela, id] as const,
  beneficiarios: ['reembolsos', 'beneficiarios'] as const,
  procedimentos: ['reembolsos', 'procedimentos'] as const,
};

/** Each screen reads and moves the request through its own routes (its command guards them). */
const BASE: Record<Tela, string> = { solicitacao: '/reembolsos', protocolo: '/reembolsos/protocolos', analise: '/reembolsos/analises' };

export const reembolsoApi = {
  get: (tela: Tela, id: number) => api.get<ReembolsoDetalhe>(`${BASE[tela]}/${id}`, { quiet: true }),
  /** Quiet: the form shows the refusals beside its fields; the receipt confirms. `chave`: the form's Idempotency-Key. */
  solicitar: (body: SolicitacaoInput, chave: string) => api.post<ReembolsoDetalhe>('/reembolsos', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  passo: (tela: Tela, id: number, body: PassoInput) => api.post<ReembolsoDetalhe>(`${BASE[tela]}/${id}/passo`, body, { quiet: true }),
  /** The family's members (no term needed) or, for the staff, anyone by name, CPF or card. */
  beneficiarios: (termo = '') => api.get<BeneficiarioOpcao[]>(`/reembolsos/beneficiarios${termo ? `?termo=${encodeURIComponent(termo)}` : ''}`, { quiet: true }),
  procedimentos: (termo: string) => api.get<ProcedimentoOpcao[]>(`/reembolsos/procedimentos?termo=${encodeURIComponent(termo)}`, { quiet: true }),
};

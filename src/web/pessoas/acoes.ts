import { defineRecordActions } from '../records/actions';

/** What a beneficiary's record view knows when it offers its actions. */
export interface BeneficiarioCtx {
  id: number;
  /** The titular of the family: the card generator issues for a family. */
  titularId: number;
}

/**
 * The actions on a beneficiary, declared once: the record view's buttons, its keys and the palette's `>` while the
 * record's tab is in front (src/web/records/actions.ts).
 */
export const ACOES_BENEFICIARIO = defineRecordActions<BeneficiarioCtx>([
  { id: 'editar', label: 'Editar', title: 'Editar este beneficiário', icon: 'user', keywords: ['alterar', 'cadastro'], hotkey: { keys: 'alt+e', label: 'Alt+E' }, can: ['update', 'beneficiario'], tone: 'primary' },
  { id: 'emitirCartao', label: 'Emitir cartão', title: 'Emitir cartão', icon: 'credit-card', keywords: ['carteirinha', 'segunda via', 'gerador de cartões'], command: '/util/processo/gerador-cartao' },
  { id: 'verAutorizacoes', label: 'Ver autorizações', title: 'Ver autorizações', icon: 'badge-check', keywords: ['guias', 'solicitações', 'histórico'], command: '/principal/autorizacao/autorizacoes' },
]);

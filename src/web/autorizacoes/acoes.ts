import { ACAO_LABEL, podeAplicar, type Acao, type Status } from '../../shared/autorizacoes';
import { defineRecordActions, type RecordActionDecl } from '../records/actions';

/** What the decision screen knows when it offers its actions: the request's status and who is looking. */
export interface DecisaoCtx {
  status: Status;
  /** auditor: decides; prestador: cancels its own (or the operator, on a creation screen, for it); leitura: reads. */
  modo: 'auditor' | 'prestador' | 'leitura';
}

const AUDITORIA = '/principal/autorizacao/auditoria';
export const REGISTRO_BENEFICIARIOS = '/cadastro/pessoa/beneficiarios';
export const CONSULTA_BENEFICIARIOS = '/cadastro/beneficiarios/consulta';

/** An auditor's decision on the request, by the transitions of the guide's status. */
const decisao = (acao: Acao, title: string, keys: string, label: string, extra: Partial<RecordActionDecl<DecisaoCtx>> = {}): RecordActionDecl<DecisaoCtx> => ({
  id: acao,
  label: ACAO_LABEL[acao],
  title,
  icon: 'badge-check',
  hotkey: { keys, label },
  command: AUDITORIA,
  offered: (c) => c.modo === 'auditor',
  enabled: (c) => podeAplicar(acao, c.status),
  ...extra,
});

/**
 * The actions on an authorization request, declared once (src/web/records/actions.ts): the decision screen's buttons
 * and Alt keys, the "?" panel and the palette's `>` while the request's tab is in front. The server guards the same:
 * decisions by the audit command, the provider's cancellation by the record's owner.
 */
export const ACOES_DECISAO = defineRecordActions<DecisaoCtx>([
  decisao('autorizar', 'Autorizar esta guia', 'alt+a', 'Alt+A', { tone: 'primary', keywords: ['aprovar', 'liberar'] }),
  decisao('autorizarParcial', 'Autorizar parcialmente esta guia', 'alt+p', 'Alt+P', { keywords: ['parcial'] }),
  decisao('negar', 'Negar…', 'alt+n', 'Alt+N', { label: 'Negar…', tone: 'danger', icon: 'shield', keywords: ['negativa', 'recusar', 'indeferir'] }),
  decisao('pedirJustificativa', 'Pedir justificativa', 'alt+j', 'Alt+J', { icon: 'message', keywords: ['justificativa técnica', 'solicitante'] }),
  decisao('pedirDocumentos', 'Pedir documentos', 'alt+o', 'Alt+O', { icon: 'files', keywords: ['anexos', 'documentação'] }),
  {
    id: 'cancelar',
    label: ACAO_LABEL.cancelar,
    title: 'Cancelar esta guia…',
    icon: 'archive',
    hotkey: { keys: 'alt+x', label: 'Alt+X' },
    // the auditor by the audit command; the provider (or the operator for it) by owning the request
    offered: (c) => c.modo !== 'leitura',
    enabled: (c) => podeAplicar('cancelar', c.status),
    tone: 'danger',
    keywords: ['cancelamento'],
  },
  // the beneficiary's record view: in the registry, or in the read-only lookup (auditors, ombudsman)
  { id: 'abrirBeneficiario', label: 'Abrir beneficiário', title: 'Abrir beneficiário', icon: 'user', keywords: ['paciente', 'cadastro', 'família'], command: [REGISTRO_BENEFICIARIOS, CONSULTA_BENEFICIARIOS] },
]);

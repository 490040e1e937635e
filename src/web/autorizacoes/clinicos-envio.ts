import type { SolicitacaoInput, Tipo } from '../../shared/autorizacoes';
import type { DadosClinicos } from '../../shared/autorizacoes/clinicos';

/**
 * Hands the clinical data of the request form (CamposClinicos) to its submission without the form's code having to
 * hold it: when the form is submitted, CamposClinicos — whose listener on the form runs before the form's own
 * submit handler — validates its fields and leaves their value here; the creation call (autApi.criar), made by that
 * handler in the same event, takes it. What is not taken in that event is dropped, so a value never reaches another
 * form or a later submission.
 */
let pendente: { tipo: Tipo; dados: DadosClinicos } | null = null;

export function entregarClinicos(tipo: Tipo, dados: DadosClinicos) {
  pendente = { tipo, dados };
  setTimeout(() => {
    if (pendente?.dados === dados) pendente = null;
  }, 0);
}

/** The request body with the clinical data handed over for its type (a body that brings its own keeps it). */
export function comClinicos(tipo: Tipo, body: SolicitacaoInput): SolicitacaoInput {
  const p = pendente;
  pendente = null;
  if (body.clinicos !== undefined || !p || p.tipo !== tipo) return body;
  return { ...body, clinicos: p.dados };
}

import { instantToBr } from '../../shared/dates';
import './workflow.css';

/** One history row as the wire types carry it (`ProtocoloHistorico`, `AtendimentoHistorico`). */
export interface HistoryStep<S extends string> {
  id: number;
  /** ISO instant. */
  em: string;
  usuario: string;
  acao: string;
  de: S | null;
  para: S;
  nota: string | null;
}

/**
 * A workflow record's history: when, who, the step as the domain tells it, the status change and the note; cards on
 * a phone. `prefix` names the heading's id and puts the domain's class beside the shared one (its e2e test's hook).
 */
export function WorkflowHistory<S extends string, H extends HistoryStep<S>>({ prefix, rows, labels, step }: { prefix: string; rows: readonly H[]; labels: Record<S, string>; step: (h: H) => string }) {
  return (
    <section className={`card fluxo-historico ${prefix}-historico`} aria-labelledby={`${prefix}-hist`}>
      <h2 id={`${prefix}-hist`}>Histórico</h2>
      <table className="fluxo-tabela">
        <thead>
          <tr>
            <th>Data e hora</th>
            <th>Usuário</th>
            <th>Ação</th>
            <th>Status</th>
            <th>Nota</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.id} data-acao={h.acao}>
              <td data-label="Data e hora">{instantToBr(h.em)}</td>
              <td data-label="Usuário">{h.usuario}</td>
              <td data-label="Ação">{step(h)}</td>
              <td data-label="Status">{h.de ? `${labels[h.de]} → ${labels[h.para]}` : labels[h.para]}</td>
              <td data-label="Nota" className="fluxo-texto">
                {h.nota ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

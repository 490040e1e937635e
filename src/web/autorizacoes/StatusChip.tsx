import { STATUS_LABEL, type Status } from '../../shared/autorizacoes';

const CLASS: Record<Status, string> = { 1: 'ok', 2: 'analise', 3: 'negado', 4: 'pendente', 5: 'pendente', 6: 'cancelado', 7: 'parcial' };

/** A request's TISS status as a coloured chip (code and label). */
export function StatusChip({ status }: { status: Status }) {
  return (
    <span className={`aut-chip ${CLASS[status]}`} data-testid="status">
      {STATUS_LABEL[status]}
    </span>
  );
}

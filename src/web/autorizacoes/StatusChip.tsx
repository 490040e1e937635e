import { STATUS_LABEL, type Status } from '../../shared/autorizacoes';
import type { Tone } from '../../shared/lists/types';
import { Chip } from '../ui/Chip';

const TONE: Record<Status, Tone> = { 1: 'ok', 2: 'warn', 3: 'bad', 4: 'info', 5: 'info', 6: 'muted', 7: 'partial' };

/** A request's TISS status as a coloured chip. */
export function StatusChip({ status }: { status: Status }) {
  return <Chip tone={TONE[status]}>{STATUS_LABEL[status]}</Chip>;
}

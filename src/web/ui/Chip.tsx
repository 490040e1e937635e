import type { ReactNode } from 'react';
import type { Tone } from '../../shared/lists/types';

/** A status as a coloured chip: the one look of every status in the product (lists, records, queues). */
export function Chip({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`chip chip-${tone}`} data-testid="status">
      {children}
    </span>
  );
}

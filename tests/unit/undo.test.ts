import { describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/resources';
import { banco } from '../../src/shared/resources/base';
import { undoable } from '../../src/shared/resources/undo';

describe('which tables offer undo', () => {
  it('those whose writes go whole to the trail', () => {
    expect(undoable(banco)).toBe(true);
    expect(undoable({ ...banco, trail: false })).toBe(false);
    // a secret is never written to the trail: a record with one cannot be rebuilt from it
    expect(undoable({ ...banco, keys: [...banco.keys, 'senhaAcesso'] })).toBe(false);
    // today every resource keeps its trail: every grid offers it
    expect(resources.filter((r) => !undoable(r)).map((r) => r.name)).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { boosts, clearRecents, frecency, loadRecents, recordUse } from '../../src/web/palette/recents';

const mem = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
  clear: () => mem.clear(),
  key: () => null,
  length: 0,
} as Storage;

const DAY = 24 * 3600 * 1000;
beforeEach(() => mem.clear());

describe('palette recents (per user, localStorage)', () => {
  it('counts uses per user and keeps users apart', () => {
    recordUse('ana', 'financeiro.pagamento.contas-pagar', 1000);
    recordUse('ana', 'financeiro.pagamento.contas-pagar', 2000);
    recordUse('bia', 'relatorio', 3000);
    expect(loadRecents('ana')).toEqual({ 'financeiro.pagamento.contas-pagar': { n: 2, t: 2000 } });
    expect(Object.keys(loadRecents('bia'))).toEqual(['relatorio']);
    clearRecents('ana');
    expect(loadRecents('ana')).toEqual({});
    expect(loadRecents('bia')).not.toEqual({});
  });

  it('frecency: recent and frequent use scores higher, unused scores 0', () => {
    const now = 100 * DAY;
    expect(frecency(undefined, now)).toBe(0);
    expect(frecency({ n: 1, t: now }, now)).toBeGreaterThan(frecency({ n: 1, t: now - 10 * DAY }, now));
    expect(frecency({ n: 20, t: now - DAY }, now)).toBeGreaterThan(frecency({ n: 1, t: now - DAY }, now));
    expect(frecency({ n: 1000, t: now }, now)).toBeLessThanOrEqual(99);
    expect(frecency({ n: 1, t: 0 }, now)).toBeGreaterThanOrEqual(1);
  });

  it('the empty-query boost orders by last use, most recent first', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const { match, recent } = boosts(ids, { b: { n: 50, t: 10 }, c: { n: 1, t: 30 }, d: { n: 2, t: 20 } }, 40);
    expect(recent[0]).toBe(0);
    expect([...recent.slice(1)]).toEqual([97, 99, 98]);
    expect(match[1]).toBeGreaterThan(match[2]); // b used far more often
  });

  it('ignores a malformed store', () => {
    mem.set('paleta:recentes:ana', '{"x": {"n": "2"}, "y": {"n": 1, "t": 5}');
    expect(loadRecents('ana')).toEqual({});
    mem.set('paleta:recentes:ana', '{"x": {"n": "2"}, "y": {"n": 1, "t": 5}}');
    expect(loadRecents('ana')).toEqual({ y: { n: 1, t: 5 } });
  });
});

import { describe, expect, it } from 'vitest';
import { locationKey, registry } from '../../commands';
import spec from '../fixtures/spec-registry.json';

/**
 * The registry covers SPEC.md §2.1–§2.7: the fixture is extracted from the spec's text by
 * scripts/extract-spec-registry.ts (paths written with a slash, hyphenated names, repNNN codes).
 */
const locations = registry.all.flatMap((c) => [c.path, locationKey(c.path, c.query)]);

describe('registry covers SPEC §2', () => {
  it('the fixture is not empty', () => {
    expect(spec.paths.length).toBeGreaterThan(200);
    expect(spec.reps.length).toBeGreaterThan(70);
  });

  it('every path written in the spec ends some command path', () => {
    const missing = spec.paths.filter((p) => !locations.some((l) => l === p || l.endsWith(p)));
    expect(missing).toEqual([]);
  });

  it('every hyphenated name written in the spec is a path segment (or part of one) of some command', () => {
    const missing = spec.names.filter((n) => {
      const re = new RegExp(`(^|[/-])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[/-])`);
      return !registry.all.some((c) => re.test(c.path));
    });
    expect(missing).toEqual([]);
  });

  it('every repNNN code of the spec is on some command', () => {
    const codes = new Set(registry.all.map((c) => c.rep).filter(Boolean));
    expect(spec.reps.filter((r) => !codes.has(r))).toEqual([]);
  });

  it('shared report codes are on each report that shares them', () => {
    const count = (code: string) => registry.all.filter((c) => c.rep === code).length;
    expect(count('rep140')).toBe(3);
    for (const code of ['rep205', 'rep214', 'rep178', 'rep260', 'rep124']) expect(count(code), code).toBe(2);
  });
});

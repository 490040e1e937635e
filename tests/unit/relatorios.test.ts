import { describe, expect, it } from 'vitest';
import { registry } from '../../commands';
import { REPORTS } from '../../src/shared/relatorios';
import { FAIXAS_ANS, faixaAns } from '../../src/shared/relatorios/beneficiarios';
import { GLOSAS_MOTIVO } from '../../src/shared/relatorios/faturamento';
import { RELATORIOS_AGUARDANDO } from '../../src/shared/relatorios/aguardando';
import { COMANDOS_COM_RELATORIO } from '../../src/shared/relatorios/comandos';
import { defineReport } from '../../src/shared/relatorios/define';
import { describeFilters } from '../../src/shared/relatorios/filtros';
import { REDE_CIDADE_ESPECIALIDADE } from '../../src/shared/relatorios/rede';
import { f } from '../../src/shared/resources/define';

describe('report declarations', () => {
  it('each is the report of its command, with the command’s rep code, and the web binds exactly these', () => {
    for (const r of REPORTS) {
      const c = registry.match(r.command);
      expect(c?.kind, r.command).toBe('report');
      expect(c?.rep ?? null, r.command).toBe(r.code);
      expect(r.list.endpoint).toBe(`/relatorios/${r.id}`);
      if (r.code === null) expect(c?.repPending, r.command).toBe(true);
    }
    expect(new Set(REPORTS.map((r) => r.id)).size).toBe(REPORTS.length);
    expect([...COMANDOS_COM_RELATORIO].sort()).toEqual(REPORTS.map((r) => r.command).sort());
  });

  it('gives every code the spec lists without a report exactly one named report in a folder, and none to "outros"', () => {
    // spec §2.6, "The codes seen"
    const vistos = 'rep301 rep169 rep170 rep095 rep278 rep336 rep072 rep071 rep312 rep362 rep093 rep355 rep360 rep218 rep320 rep311 rep321 rep322 rep337 rep182 rep168 rep057 rep127 rep230 rep371 rep373 rep090 rep059 rep275 rep375 rep118 rep144 rep091 rep092 rep134 rep120 rep058 rep121 rep119 rep335 rep125'.split(' ');
    expect(vistos).toHaveLength(41);
    const reports = registry.all.filter((c) => c.kind === 'report');
    for (const code of vistos) {
      const cs = reports.filter((c) => c.rep === code);
      expect(cs.map((c) => c.path), code).toHaveLength(1);
      expect(cs[0].path, code).not.toMatch(/outros|rep\d{3}$/);
      expect(cs[0].title, code).not.toMatch(/rep\d{3}/i);
      // under a folder of the spec's tree
      expect(registry.match(cs[0].path.split('/').slice(0, -1).join('/') as never)?.kind, code).toBe('folder');
    }
  });

  it('lists as waiting for data only report commands without a declaration', () => {
    const declared = new Set(REPORTS.map((r) => r.command));
    for (const path of Object.keys(RELATORIOS_AGUARDANDO)) {
      expect(registry.match(path as never)?.kind, path).toBe('report');
      expect(declared.has(path as never), path).toBe(false);
    }
  });

  it('leaves no report command without its report or the data it waits for', () => {
    const declared = new Set<string>(REPORTS.map((r) => r.command));
    const semNada = registry.all.filter((c) => c.kind === 'report' && !declared.has(c.path) && !(c.path in RELATORIOS_AGUARDANDO)).map((c) => c.path);
    expect(semNada).toEqual([]);
  });

  it('refuses a grouping that is not the first sort, and a total over a text', () => {
    const base = {
      code: 'rep999',
      command: '/relatorio/rede-credenciada/cidadeespecialidade' as const,
      about: '',
      orientation: 'portrait' as const,
      formats: ['csv' as const],
      list: { key: 'x', noun: { singular: 'x', plural: 'xs', gender: 'm' as const }, fields: { a: f.text('A', { max: 9 }), b: f.text('B', { max: 9 }) }, search: [], columns: [{ key: 'b' }], sort: [{ field: 'b', dir: 'asc' as const }], sortable: ['a', 'b'], pageSize: 10 },
    };
    expect(() => defineReport({ ...base, group: { key: 'a', label: 'A', plural: 'as' } })).toThrow(/começa pelo agrupamento/);
    expect(() => defineReport({ ...base, totals: [{ key: 'b', label: 'B', kind: 'integer' }] })).toThrow(/não é um campo numérico/);
    expect(() => defineReport({ ...base, chart: { title: 'X', value: 'count' } })).toThrow(/gráfico sem agrupamento/);
  });

  it('prints the filters used as a person reads them', () => {
    expect(describeFilters(REDE_CIDADE_ESPECIALIDADE.list, [])).toBe('nenhum');
    expect(
      describeFilters(REDE_CIDADE_ESPECIALIDADE.list, [
        { field: 'uf', op: 'eq', value: 'MG' },
        { field: 'especialidade', op: 'contains', value: 'cardio' },
        { field: 'vigente', op: 'eq', value: true },
      ]),
    ).toBe('UF: MG · Especialidade contém: cardio');
    // a period over an instant is a period of days, not of midnights in UTC
    expect(
      describeFilters(GLOSAS_MOTIVO.list, [
        { field: 'recebidoEm', op: 'gte', value: '2026-05-12' },
        { field: 'recebidoEm', op: 'lte', value: '2026-11-28' },
      ]),
    ).toBe('Recebidos de: 12/05/2026 · Recebidos até: 28/11/2026');
  });

  it('places every age in one ANS band', () => {
    expect(FAIXAS_ANS).toHaveLength(10);
    expect([0, 18, 19, 23, 24, 58, 59, 104].map((i) => faixaAns(i).label)).toEqual(['0 a 18 anos', '0 a 18 anos', '19 a 23 anos', '19 a 23 anos', '24 a 28 anos', '54 a 58 anos', '59 anos ou mais', '59 anos ou mais']);
  });
});

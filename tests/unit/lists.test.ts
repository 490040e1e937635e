import { describe, expect, it } from 'vitest';
import { LISTAS, listaOfPath } from '../../src/shared/autorizacoes/listas';
import { auditoriaDefaultQuery } from '../../src/shared/default-query';
import { defineList } from '../../src/shared/lists/define';
import { hasFilters, listQuerySchema, readListQuery, withoutListState, writeListQuery } from '../../src/shared/lists/query';
import { listOfResource } from '../../src/shared/lists/resource';
import { resources, resourceByName } from '../../src/shared/resources';
import { registry } from '../../commands';

const medica = listaOfPath('/principal/autorizacao/auditoria/auditoria-medica')!;

describe('the list definition: one URL format for the address and the API', () => {
  it("reads the spec's route query of the audit queues (DD/MM/YYYY, the status by its label)", () => {
    const { query, problems } = readListQuery(medica, new URLSearchParams('inicio=01/12/2025&termino=24/11/2026&statusAutorizacao=Em%20An%C3%A1lise'), { strict: true });
    expect(problems).toEqual([]);
    expect(query.filters).toEqual([
      { field: 'dataSolicitacao', op: 'gte', value: '2025-12-01' },
      { field: 'dataSolicitacao', op: 'lte', value: '2026-11-24' },
      { field: 'status', op: 'eq', value: '2' },
    ]);
    // written back the same way (a link reproduces the list)
    expect(writeListQuery(medica, { filters: query.filters, sort: query.sort }).toString()).toBe('inicio=01%2F12%2F2025&termino=24%2F11%2F2026&statusAutorizacao=Em+An%C3%A1lise');
    // the status also by its code, and by its label in any case and without accents
    expect(readListQuery(medica, new URLSearchParams('statusAutorizacao=2')).query.filters).toEqual([{ field: 'status', op: 'eq', value: '2' }]);
    expect(readListQuery(medica, new URLSearchParams('statusAutorizacao=em analise')).query.filters).toEqual([{ field: 'status', op: 'eq', value: '2' }]);
  });

  it('the initial address of the medical audit is the spec\'s default query, only when the address has no inicio', () => {
    const now = new Date(2026, 10, 24);
    const q = medica.initial!(new URLSearchParams(''), now)!;
    expect(q.get('inicio')).toBe('29/11/2025');
    expect(q.get('termino')).toBe('24/11/2026');
    expect(q.get('statusAutorizacao')).toBe('Em Análise');
    expect(medica.initial!(new URLSearchParams('inicio=01/01/2026'), now)).toBeUndefined();
    expect(medica.initial).toBe(auditoriaDefaultQuery);
  });

  it('refuses a range that ends before it starts, on its upper input, in every list', () => {
    const periodo = readListQuery(medica, new URLSearchParams('inicio=02/03/2026&termino=01/03/2026'), { strict: true });
    expect(periodo.problems).toEqual([{ field: 'termino', message: 'O período termina antes de começar.' }]);
    expect(readListQuery(medica, new URLSearchParams('inicio=01/03/2026&termino=01/03/2026')).problems).toEqual([]);
    const proc = listOfResource(resourceByName.get('procedimento')!);
    const valor = readListQuery(proc, new URLSearchParams('valor.gte=100,00&valor.lte=99,99'), { strict: true });
    expect(valor.problems).toEqual([{ field: 'valor.lte', message: 'Valor de referência: o valor final é menor que o inicial.' }]);
    expect(readListQuery(proc, new URLSearchParams('valor.gte=99,99&valor.lte=100,00')).problems).toEqual([]);
  });

  it('refuses, with pt-BR messages per parameter, what does not fit the definition (the server is strict)', () => {
    const r = readListQuery(medica, new URLSearchParams('inicio=31/02/2026&statusAutorizacao=Qualquer&carater=9&nada=1&__proto__=x&constructor.eq=1&sort=toString.asc&limit=0&offset=-1&after=%27%3B'), { strict: true });
    expect(r.problems.map((p) => p.field).sort()).toEqual(['__proto__', 'after', 'carater', 'constructor.eq', 'inicio', 'limit', 'nada', 'offset', 'sort', 'statusAutorizacao'].sort());
    expect(r.problems.find((p) => p.field === 'inicio')!.message).toMatch(/data inválida/);
    expect(r.problems.every((p) => /[a-zà-ú]/.test(p.message))).toBe(true);
    // the screen reads the same address leniently: it keeps what it can use
    expect(readListQuery(medica, new URLSearchParams('carater=2&id=7')).query.filters).toEqual([{ field: 'carater', op: 'eq', value: '2' }]);
  });

  it('one zod schema on both sides', () => {
    const s = listQuerySchema(medica);
    expect(s.parse({ carater: '2', sort: 'valor.desc', limit: '10' })).toMatchObject({ filters: [{ field: 'carater', op: 'eq', value: '2' }], sort: [{ field: 'valor', dir: 'desc' }], page: { limit: 10 } });
    const bad = s.safeParse({ tipo: 'XYZ' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['tipo'], message: 'Selecione uma opção válida em Tipo de guia.' });
  });

  it('list state comes out of an address without touching its other parameters', () => {
    const q = new URLSearchParams('carater=2&id=55&sort=valor.desc&offset=50&novo=1');
    expect(hasFilters(medica, q)).toBe(true);
    expect(withoutListState(medica, q).toString()).toBe('id=55&novo=1');
  });

  it('every authorization list names a registered command, and its fields are declared', () => {
    for (const l of LISTAS) {
      expect(registry.match(l.command), l.key).toBeDefined();
      for (const c of l.columns) expect(l.fields[c.field ?? c.key], `${l.key}: ${c.key}`).toBeDefined();
    }
    expect(() => defineList({ ...medica, key: 'x', sortable: ['nada'] })).toThrow(/não é/);
  });

  it('a resource list: the search view visible, every other field and operator hidden (links, "filter by this value")', () => {
    for (const r of resources) {
      const l = listOfResource(r);
      expect(l.search.filter((s) => !s.hidden).map((s) => s.field)).toEqual(r.search.map((s) => s.field));
    }
    const bancos = listOfResource(resourceByName.get('banco')!);
    expect(readListQuery(bancos, new URLSearchParams('ativo.eq=false&codigo.startsWith=00'), { strict: true }).problems).toEqual([]);
  });
});

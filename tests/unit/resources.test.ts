import { toIsoDate } from '../../src/shared/dates';
import { describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema';
import { camel, tableOf } from '../../src/server/resources/tables';
import { registry, type CommandPath } from '../../commands';
import { screenFor } from '../../src/web/screens';
import { defineResource, f, resources, resourceByName } from '../../src/shared/resources';
import { RESOURCE_SUBJECTS } from '../../src/shared/resources/catalog';
import { applyMask, formatMasked, maskSlots, matchesMask, unmask } from '../../src/shared/resources/masks';
import { readListQuery, writeListQuery } from '../../src/shared/lists/query';
import { listOfResource } from '../../src/shared/lists/resource';
import { parseNumber, recordSchema, updateSchema } from '../../src/shared/resources/schema';

describe('masks (spec §5: # digit, X alphanumeric, S letter, A upper, a lower)', () => {
  it('applies while typing, inserting literals and skipping what does not fit', () => {
    expect(applyMask('##.###.###/####-##', '11444777000161')).toBe('11.444.777/0001-61');
    expect(applyMask('#####-###', '3013')).toBe('3013');
    expect(applyMask('#####-###', '301300')).toBe('30130-0');
    expect(applyMask('(##) #####-####', 'a31b98765x4321')).toBe('(31) 98765-4321');
    expect(applyMask('AAA', 'b1r')).toBe('BR');
    expect(applyMask('aa', 'XY')).toBe('xy');
    expect(applyMask('SS#', '1a2b3')).toBe('ab3');
    expect(applyMask('XX-X', 'a-9-z')).toBe('a9-z');
  });
  it('unmasks to the raw slots and checks completeness', () => {
    expect(unmask('##.###.###/####-##', '11.444.777/0001-61')).toBe('11444777000161');
    expect(unmask('#####-###', '30130-010')).toBe('30130010');
    expect(maskSlots('(##) #####-####')).toBe(11);
    expect(matchesMask('###.###.###-##', '52998224725')).toBe(true);
    expect(matchesMask('###.###.###-##', '5299822472')).toBe(false);
    expect(matchesMask('AA', 'Br')).toBe(false);
    expect(formatMasked('#####-###', '30130010')).toBe('30130-010');
    expect(formatMasked('#####-###', 'bad')).toBe('bad');
  });
});

describe('definition → zod', () => {
  const def = defineResource({
    name: 'teste',
    command: '/x/testes' as CommandPath, // a definition outside the registry, for the engine's own tests
    table: 'testes',
    label: { singular: 'Teste', plural: 'Testes', gender: 'm' },
    fields: {
      codigo: f.codigo(4),
      cnpj: f.text('CNPJ', { max: 14, mask: '##.###.###/####-##', required: true }),
      valor: f.money('Valor'),
      pct: f.percent('Percentual'),
      qtd: f.integer('Quantidade', { min: 1, max: 10 }),
      inicio: f.date('Início', { required: true }),
      fim: f.date('Fim'),
      tipo: f.enum('Tipo', [['A', 'Alfa'], ['B', 'Beta']]),
      ativo: f.ativo(),
      email: f.text('E-mail', { max: 60, format: 'email' }),
    },
    grid: ['codigo', 'valor'],
    search: ['codigo', 'valor', 'tipo'],
    sort: { field: 'codigo' },
  });

  it('normalizes typed input: masks, pt-BR numbers, DD/MM/YYYY dates, upper case', () => {
    const r = recordSchema(def).parse({ codigo: 'ab1', cnpj: '11.444.777/0001-61', valor: 'R$ 1.234,50', pct: '12,5%', qtd: '3', inicio: '15/03/2026', fim: '', tipo: 'B', ativo: 'S', email: '' });
    expect(r).toEqual({ codigo: 'AB1', cnpj: '11444777000161', valor: 123450, pct: 12.5, qtd: 3, inicio: '2026-03-15', fim: null, tipo: 'B', ativo: true, email: null });
  });

  it('answers pt-BR messages per field', () => {
    const r = recordSchema(def).safeParse({ codigo: '', cnpj: '123', valor: '1,234', pct: 101, qtd: 0, inicio: '31/02/2026', tipo: 'Z', email: 'x@' });
    expect(r.success).toBe(false);
    const msgs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(msgs).toEqual({
      codigo: 'O campo Código é obrigatório.',
      cnpj: 'CNPJ inválido. Use o formato 00.000.000/0000-00.',
      valor: 'Valor deve ser um valor em reais, como 1.234,56.',
      pct: 'Percentual deve ser no máximo 100%.',
      qtd: 'Quantidade deve ser no mínimo 1.',
      inicio: 'Início: data inválida. Use DD/MM/AAAA.',
      tipo: 'Selecione uma opção válida em Tipo.',
      email: 'E-mail inválido. Informe um e-mail como nome@exemplo.com.br.',
    });
  });

  it('checks that an end is not before its start, and requires version on update', () => {
    const r = recordSchema(def).safeParse({ codigo: 'A', cnpj: '11444777000161', inicio: '2026-03-15', fim: '2026-03-01' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['fim'], message: 'Fim deve ser igual ou posterior a Início.' });
    const u = updateSchema(def).safeParse({ codigo: 'A', cnpj: '11444777000161', inicio: '2026-03-15' });
    expect(u.error?.issues[0]).toMatchObject({ path: ['version'], message: 'Informe a versão do registro.' });
  });

  it('parses numbers and dates strictly', () => {
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('12.5')).toBe(12.5);
    expect(parseNumber('1,2,3')).toBeUndefined();
    expect(toIsoDate('29/02/2024')).toBe('2024-02-29');
    expect(toIsoDate('29/02/2025')).toBeUndefined();
  });

  it("encodes list state in the URL and validates it against the resource's list definition", () => {
    const list = listOfResource(def);
    const state = { filters: [{ field: 'codigo', op: 'contains', value: 'ab' }, { field: 'qtd', op: 'gte', value: 10 }, { field: 'valor', op: 'gte', value: 123456 }] as const, sort: [{ field: 'valor', dir: 'desc' }] as const };
    const q = writeListQuery(list, { filters: [...state.filters], sort: [...state.sort] });
    // money in reais as typed, pt-BR
    expect(q.toString()).toBe('codigo.contains=ab&qtd.gte=10&valor.gte=1234%2C56&sort=valor.desc');
    const { query, problems } = readListQuery(list, q, { strict: true });
    expect(problems).toEqual([]);
    expect(query.filters).toEqual(state.filters);
    expect(query.sort).toEqual(state.sort);
    const bad = readListQuery(list, new URLSearchParams('valor.contains=1&nada.eq=2&sort=x.asc&qtd.gte=abc'), { strict: true });
    expect(bad.problems.map((p) => p.field)).toEqual(['valor.contains', 'nada.eq', 'sort', 'qtd.gte']);
  });

  it('refuses a definition that names a field it does not have', () => {
    expect(() => defineResource({ ...def, fields: def.fields, grid: ['nada' as never], search: [], sort: { field: 'codigo' } } as never)).toThrow(/nada/);
  });
});

describe('the product resources', () => {
  it('the catalog (what the initial bundle knows) lists exactly the defined subjects', () => {
    expect([...RESOURCE_SUBJECTS].sort()).toEqual(resources.map((r) => r.name).sort());
  });

  it('serve commands of the registry, with the same subject', () => {
    for (const r of resources) {
      const cmd = registry.match(r.command);
      expect(cmd, r.command).toBeDefined();
      expect(cmd!.can, r.command).toEqual(['list', r.name]);
      expect(screenFor(cmd!), `${r.command} sem tela`).toBeTypeOf('function');
    }
  });

  it('each has a Drizzle table exported from db/schema.ts (so drizzle-kit generates it)', () => {
    const exported = schema as unknown as Record<string, unknown>;
    for (const r of resources) {
      expect(exported[camel(r.table)], `exporte ${camel(r.table)} em src/server/db/schema.ts`).toBe(tableOf(r));
      const cfg = getTableConfig(tableOf(r));
      expect(cfg.name).toBe(r.table);
      expect(cfg.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'version']));
    }
  });

  it('derives columns, unique indexes, folded search columns and foreign keys', () => {
    const cfg = getTableConfig(tableOf('procedimento'));
    const cols = Object.fromEntries(cfg.columns.map((c) => [c.name, c]));
    expect(cols.codigo.getSQLType()).toBe('varchar(8)');
    expect(cols.valor.getSQLType()).toBe('bigint'); // money: integer centavos
    expect(cols.descricao_busca.getSQLType()).toBe('varchar(300) COLLATE "C"'); // the longest TUSS description
    expect(cols.codigo.notNull).toBe(true);
    expect(cfg.indexes.some((i) => i.config.unique && i.config.name === 'procedimentos_codigo_uq')).toBe(true);
    expect(cfg.foreignKeys.map((fk) => fk.reference().foreignTable)).toContain(tableOf('grupoprocedimento'));
    expect(getTableConfig(tableOf('cidade')).columns.find((c) => c.name === 'id')!.primary).toBe(true);
    expect(resourceByName.get('cidade')!.naturalId).toBe(true);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client';
import { MIGRATIONS_DIR } from '../../src/server/paths';

/**
 * Migration 0007 (issue 12: money in integer centavos) keeps the data of a database that held reais: the schema is
 * migrated up to 0006, filled the old way, then migrated to the end, and every amount reads back in centavos.
 */
const rows = <T,>(r: unknown) => (r as { rows: T[] }).rows;

describe('money columns migrate with their data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migracoes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // every migration twice over a fresh database: 10–40 s on a busy 2-core machine
  it('reais in numeric(14,2) become centavos in bigint; 32-bit centavos widen to 64', { timeout: 120_000 }, async () => {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0007_'));
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    await db.execute(sql`insert into taxas (codigo, descricao, tipo, valor, inicio_vigencia) values ('60000333', 'Taxa de sala cirúrgica', '07', 350.00, '2024-01-01'), ('60001003', 'Oxigênio por hora', '01', 12.35, '2024-01-01')`);
    await db.execute(sql`insert into aliquotas_irrf (faixa_inicial, faixa_final, aliquota, deducao, inicio_vigencia) values (2428.81, 2826.65, 7.5, 182.16, '2025-05-01')`);
    await db.execute(sql`insert into tabelas_parcelamento_valor (valor_inicial, valor_final, parcelas_maximas, percentual_entrada, parcela_minima, inicio_vigencia) values (0, 99999999.99, 24, 40, 40, '2024-01-01')`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    expect(rows<{ valor: string | number }>(await db.execute(sql`select valor from taxas order by codigo`)).map((r) => Number(r.valor))).toEqual([35000, 1235]);
    const [irrf] = rows<Record<string, unknown>>(await db.execute(sql`select faixa_inicial, faixa_final, deducao, aliquota from aliquotas_irrf`));
    expect([irrf.faixa_inicial, irrf.faixa_final, irrf.deducao].map(Number)).toEqual([242881, 282665, 18216]);
    expect(Number(irrf.aliquota)).toBe(7.5); // a rate is not money: it stays as it was
    const [parc] = rows<Record<string, unknown>>(await db.execute(sql`select valor_final, parcela_minima from tabelas_parcelamento_valor`));
    expect([parc.valor_final, parc.parcela_minima].map(Number)).toEqual([9999999999, 4000]);
    const [tipo] = rows<{ data_type: string }>(await db.execute(sql`select data_type from information_schema.columns where table_name = 'autorizacoes' and column_name = 'valor_centavos'`));
    expect(tipo.data_type).toBe('bigint');
    await client.close();
  });
});

/** Migration 0030 (issue 17: permission profiles) turns each group's permissions into a profile its users hold. */
describe('group permissions become profiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migracoes-perfis-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies each group with permissions to a profile of the same name, held by the group’s users; the group stays', { timeout: 120_000 }, async () => {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0030_'));
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    await db.execute(sql`insert into grupos (nome, valida_senha) values ('faturistas', true), ('vazio', false)`);
    await db.execute(sql`insert into grupo_permissoes (grupo_id, permissao) select id, p from grupos, unnest(array['principal:list', 'faturamento:list']) p where nome = 'faturistas'`);
    await db.execute(sql`insert into usuarios (login, nome, senha_hash, grupo_id) select l, l, 'x', g.id from grupos g, unnest(array['fabio', 'flavia']) l where g.nome = 'faturistas'`);
    await db.execute(sql`insert into usuarios (login, nome, senha_hash, grupo_id) select 'vera', 'vera', 'x', id from grupos where nome = 'vazio'`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const held = rows<{ login: string; perfil: string; grupo: string; valida_senha: boolean }>(
      await db.execute(sql`select u.login, p.nome as perfil, g.nome as grupo, g.valida_senha from usuarios u join usuario_perfis up on up.usuario_id = u.id join perfis p on p.id = up.perfil_id join grupos g on g.id = u.grupo_id order by u.login`),
    );
    expect(held).toEqual([
      { login: 'fabio', perfil: 'faturistas', grupo: 'faturistas', valida_senha: true },
      { login: 'flavia', perfil: 'faturistas', grupo: 'faturistas', valida_senha: true },
    ]);
    const perms = rows<{ permissao: string }>(await db.execute(sql`select permissao from perfil_permissoes order by permissao`));
    expect(perms.map((r) => r.permissao)).toEqual(['faturamento:list', 'principal:list']);
    // a group without permissions gives no profile; its user keeps the group and holds none
    expect(rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from perfis where nome = 'vazio'`))[0].n).toBe(0);
    await client.close();
  });
});

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

  it('reais in numeric(14,2) become centavos in bigint; 32-bit centavos widen to 64', async () => {
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

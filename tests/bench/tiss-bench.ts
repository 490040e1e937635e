import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { sessionForUser } from '../../src/server/auth/session';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { query } from '../../src/server/db/sql';
import { conferirLote, gravarLote } from '../../src/server/faturamento/recebimento';
import { prepararEsquema } from '../../src/server/tiss/xsd';
import { loteGrande } from '../fixtures/tiss-lotes';

/**
 * TISS lot import (budget: a 100-guide lot validated against the XSD and stored in at most 1 s): each run checks a
 * 100-guide SP/SADT lot of 300 items (encoding, schema 4.03.00, epílogo hash, provider, TUSS procedures, totals)
 * and stores it (protocol, guides, items, trail) in an on-disk PGlite, as the import job does. The schema's one-time
 * compilation is measured apart.
 */

const RUNS = Number(process.env.BENCH_TISS_RUNS ?? 20);
const BUDGET_MS = 1000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

const dir = mkdtempSync(join(tmpdir(), 'bench-tiss-'));
let failed: boolean;
try {
  const config = readConfig({ ...process.env, DATA_DIR: dir, SEED_SIZE: 'test', DATABASE_URL: '' });
  const database = await openDatabase(config);
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  const ctx = makeContext(database.db, config);
  const db = database.db;
  const [u] = await query<{ id: number; codigo: string }>(db, sql`select u.id, p.codigo from usuarios u join prestadores p on p.id = u.prestador_id where u.login = 'prestador'`);
  const [{ registro_ans: ans }] = await query<{ registro_ans: string }>(db, sql`select registro_ans from operadoras order by id limit 1`);
  const [{ carteirinha }] = await query<{ carteirinha: string }>(db, sql`select carteirinha from beneficiarios order by id limit 1`);
  const codigos = (await query<{ codigo: string }>(db, sql`select codigo from procedimentos order by codigo limit 50`)).map((r) => r.codigo);
  const session = (await sessionForUser(db, u.id))!;

  let t = performance.now();
  prepararEsquema('4.03.00');
  console.log(`esquema TISS 4.03.00 compilado uma vez em ${ms(performance.now() - t)}`);

  const lotes = Array.from({ length: RUNS + 2 }, (_, i) => loteGrande(100, { origem: { codigoPrestadorNaOperadora: u.codigo }, registroANS: ans, numeroLote: `B${i + 1}`, carteira: carteirinha, codigos, itens: 3 }));
  const conferir: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < lotes.length; i++) {
    t = performance.now();
    const c = await conferirLote(ctx, session, lotes[i]);
    if (!c.ok) throw new Error(`lote recusado: ${c.erros[0]}`);
    const t1 = performance.now();
    await gravarLote(ctx, { session, ip: '' }, c.lote, { arquivoId: null, execucaoId: null });
    // the first two warm the JIT and the database's caches
    if (i >= 2) {
      conferir.push(t1 - t);
      total.push(performance.now() - t);
    }
  }
  const [n] = await query<{ g: number; i: number }>(db, sql`select (select count(*)::int from guias_faturadas) as g, (select count(*)::int from itens_faturados) as i`);
  const p95 = pct(total, 95);
  console.log(`lote de 100 guias SP/SADT (${(lotes[0].length / 1024).toFixed(0)} KB, 300 itens), ${RUNS} importações:`);
  console.log(`  conferência (XSD, hash, prestador, TUSS): p50 ${ms(pct(conferir, 50))}, p95 ${ms(pct(conferir, 95))}`);
  console.log(`  conferência + gravação: p50 ${ms(pct(total, 50))}, p95 ${ms(p95)}, máx ${ms(Math.max(...total))} — ${p95 <= BUDGET_MS ? `dentro do orçamento (${BUDGET_MS} ms)` : `ACIMA DO ORÇAMENTO (${BUDGET_MS} ms)`}`);
  console.log(`  gravadas ${n.g.toLocaleString('pt-BR')} guias e ${n.i.toLocaleString('pt-BR')} itens`);
  failed = p95 > BUDGET_MS;
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

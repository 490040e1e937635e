import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { query } from '../../src/server/db/sql';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { fechamentoGlosaSource } from '../../src/server/faturamento/digitacao-listas';
import { totaisDosProtocolos } from '../../src/server/faturamento/totais-protocolo';

/**
 * The bill review over 1,000,000 billed items (budget: 30 ms p95 per page). On the embedded database (on-disk PGlite,
 * as `npm start` runs it; `scripts/with-postgres.sh` runs it on PostgreSQL) it builds, in bulk SQL, ~10,000 received
 * protocols of every provider over two years, ~250,000 guides and ~1,000,000 items with varied statuses, values and
 * glosas, then times through the whole Fastify stack the routes the review screens call: Faturamentos de Prestadores
 * (first page, the next page by its cursor, a jump by offset, the reviewer's filters and the sort on value, the
 * summary), a protocol's bill opened for review, and Fechamento de Glosa Manual (the list of glosed protocols).
 */

const RUNS = Number(process.env.BENCH_FATURAMENTO_RUNS ?? 40);
const PROTOCOLOS = Number(process.env.BENCH_FATURAMENTO_PROTOCOLOS ?? 10_000);
const BUDGET_MS = 30;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
// scripts/with-postgres.sh gives PG_TEST_URL
const url = process.env.PG_TEST_URL ?? process.env.DATABASE_URL ?? '';
const pg = !!url;

const dir = mkdtempSync(join(tmpdir(), 'bench-faturamento-'));
let failed: boolean;
try {
  const config = readConfig({ ...process.env, DATA_DIR: dir, SEED_SIZE: 'test', DATABASE_URL: url });
  const database = await openDatabase(config);
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  const db = database.db;
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    // the seed's own billing stays; the bench's protocols come after it (numbers of year 1999, never the seed's)
    await tx.execute(sql`create temporary table bench_prest on commit drop as select row_number() over (order by id) as k, id from prestadores`);
    await tx.execute(sql`create temporary table bench_ben on commit drop as select row_number() over (order by id) as k, id, carteirinha from beneficiarios where carteirinha is not null`);
    await tx.execute(sql`create temporary table bench_proc on commit drop as select row_number() over (order by codigo) as k, id, codigo from (select id, codigo from procedimentos order by codigo limit 400) s`);
    // ~10,000 lots: every provider, received over the last two years; the recent ones still received or in review
    await tx.execute(sql`
      insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, status, qtd_guias, valor_informado_centavos, recebido_em, origem, analise_encerrada_em)
      select '1999' || lpad(n::text, 8, '0'), pr.id, 'BL' || n, case when n % 5 = 0 then '4.01.00' else '4.03.00' end,
        (array['SP-SADT','SP-SADT','SP-SADT','CONSULTA','HONORARIOS','RESUMO_INTERNACAO','ODONTO'])[1 + n % 7],
        case when dias < 20 then (array['1','2','2'])[1 + n % 3] when dias < 60 then (array['2','5','3','8'])[1 + n % 4]
          else (array['6','6','6','6','3','4','9','10'])[1 + n % 8] end,
        5 + (n * 37) % 41, 0, now() - make_interval(days => dias, secs => (n * 7919) % 86400),
        case when n % 4 = 0 then 'PORTAL' else 'XML' end,
        case when dias >= 20 then now() - make_interval(days => dias - 15) end
      from (select n, (n * 7) % 730 as dias from generate_series(1, ${PROTOCOLOS}) n) s
      join bench_prest pr on pr.k = 1 + n % (select count(*) from bench_prest)`);
    await tx.execute(sql`
      insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_guia_operadora, senha, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos, status)
      select p.id, o, p.numero_lote || '-' || o, case when o % 3 = 0 then null else 'G' || p.id || o end, case when o % 4 = 0 then null else 'S' || p.id || '.' || o end,
        b.carteirinha, b.id, (p.recebido_em - make_interval(days => 3 + o % 20))::date, 0, p.status
      from protocolos_recebimento p cross join lateral generate_series(1, p.qtd_guias) o
      join bench_ben b on b.k = 1 + (p.id * 31 + o * 17) % (select count(*) from bench_ben)
      where p.numero like '1999%'`);
    // 1 to 7 items a guide (4 on average): values from R$ 10 to R$ 510, glosas on the reviewed ones
    await tx.execute(sql`
      insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos,
        valor_liberado_centavos, valor_glosa_centavos, glosa_proposta, glosa_codigo)
      select g.id, s, g.data_atendimento, '22', pc.codigo, pc.id, q, u, q * u,
        case when p.status in ('1','2') and s % 2 = 1 then null else q * u - gl end,
        case when p.status in ('1','2') and s % 2 = 1 then 0 else gl end,
        case when h % 11 = 0 then '1705' when h % 17 = 0 then '1702' end,
        case when gl = 0 then null when h % 9 = 0 then '1705' when h % 13 = 0 then '1402' else '1714' end
      from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id
      cross join lateral generate_series(1, 1 + (g.id * 5) % 7) s
      cross join lateral (select (g.id * 131 + s * 7919) as h) hh
      cross join lateral (select 1 + (h % 3 = 0)::int as q, 1000 + (h * 2654435761) % 50000 as u) v
      cross join lateral (select case when h % 9 = 0 then (1 + (h % 3 = 0)::int) * (1000 + (h * 2654435761) % 50000) when h % 13 = 0 then (1 + (h % 3 = 0)::int) * (500 + (h * 2654435761) % 25000) else 0 end as gl) gg
      join bench_proc pc on pc.k = 1 + h % (select count(*) from bench_proc)
      where p.numero like '1999%'`);
    // the planner's figures of the new rows (PostgreSQL's autovacuum does not see an open transaction's)
    await tx.execute(sql`analyze guias_faturadas`);
    await tx.execute(sql`analyze itens_faturados`);
    await tx.execute(sql`
      update guias_faturadas g set valor_informado_centavos = t.inf, valor_liberado_centavos = t.lib, valor_glosa_centavos = t.gl
      from (select guia_id, sum(valor_informado_centavos) as inf, sum(valor_liberado_centavos) as lib, sum(valor_glosa_centavos) as gl from itens_faturados group by guia_id) t
      where t.guia_id = g.id`);
    await tx.execute(sql`
      update protocolos_recebimento p set valor_informado_centavos = t.inf
      from (select protocolo_id, sum(valor_informado_centavos) as inf from guias_faturadas group by protocolo_id) t where t.protocolo_id = p.id and p.numero like '1999%'`);
    await tx.execute(totaisDosProtocolos(sql`p.numero like '1999%'`));
  });
  await db.execute(sql`vacuum analyze protocolos_recebimento`);
  await db.execute(sql`vacuum analyze guias_faturadas`);
  await db.execute(sql`vacuum analyze itens_faturados`);
  const [c] = await query<{ p: number; g: number; i: number; gl: number; glosado: string }>(
    db,
    sql`select (select count(*)::int from protocolos_recebimento) as p, (select count(*)::int from guias_faturadas) as g, count(*)::int as i,
      count(*) filter (where valor_glosa_centavos > 0)::int as gl, sum(valor_glosa_centavos)::text as glosado from itens_faturados`,
  );
  console.log(`dados (${pg ? 'PostgreSQL' : 'PGlite em disco'}): ${c.p.toLocaleString('pt-BR')} protocolos, ${c.g.toLocaleString('pt-BR')} guias, ${c.i.toLocaleString('pt-BR')} itens faturados (${c.gl.toLocaleString('pt-BR')} glosados, R$ ${(Number(c.glosado) / 100).toLocaleString('pt-BR')}) em ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { app } = await buildApp(makeContext(db, config), { webDir: '/nonexistent' });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'operadora', password: DEMO_PASSWORD } });
  const token = login.json().result.token as string;
  const get = async (url: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const dt = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { dt, body: res.json().result as { rows?: { id: number }[]; total: number | null; exact?: boolean; next?: string | null } };
  };

  const L = '/api/faturamento/faturas';
  const first = await get(`${L}?limit=50`);
  const [alvo] = await query<{ id: number; numero: string; numero_lote: string; codigo: string; itens: number }>(
    db,
    sql`select p.id, p.numero, p.numero_lote, pr.codigo, (select count(*)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as itens
        from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id where p.numero like '1999%' and pr.codigo is not null and p.qtd_guias >= 40 order by p.id limit 1`,
  );
  const [nome] = await query<{ termo: string }>(db, sql`select split_part(nome, ' ', 1) as termo from prestadores where id = (select prestador_id from protocolos_recebimento where id = ${alvo.id})`);
  const cases: [string, string][] = [
    ['Faturamentos de Prestadores, 1ª página (50)', `${L}?limit=50`],
    ['  página seguinte (cursor)', `${L}?limit=50&after=${encodeURIComponent(first.body.next!)}&count=0`],
    ['  página 21 (offset 1.000)', `${L}?limit=50&offset=1000`],
    ['  por protocolo', `${L}?numero=${alvo.numero}&limit=50`],
    ['  por lote do prestador', `${L}?lote=${alvo.numero_lote}&limit=50`],
    ['  por prestador (código)', `${L}?prestador=${alvo.codigo}&limit=50`],
    ['  por prestador (nome)', `${L}?prestador=${encodeURIComponent(nome.termo)}&limit=50`],
    ['  situação Em análise', `${L}?status=2&limit=50`],
    ['  ordem por valor ↓', `${L}?sort=valorInformado.desc&limit=50`],
    ['  situação Em análise, por valor ↓', `${L}?status=2&sort=valorInformado.desc&limit=50`],
    ['  resumo (contagem)', `${L}/resumo`],
    [`Conta do protocolo para análise (${alvo.itens} itens)`, `/api/faturamento/protocolos/${alvo.id}/conta`],
    ['Fechamento de Glosa Manual, 1ª página', '/api/faturamento/fechamento-glosa?limit=50'],
    ['  glosa em aberto, por valor glosado ↓', '/api/faturamento/fechamento-glosa?glosa=ABERTA&sort=valorGlosa.desc&limit=50'],
  ];
  console.log(`\nAPI (${RUNS} requisições cada, após 3 de aquecimento; orçamento ${BUDGET_MS} ms p95 por página):`);
  const over: string[] = [];
  for (const [name, url] of cases) {
    for (let i = 0; i < 3; i++) await get(url);
    const xs: number[] = [];
    let last = first;
    for (let i = 0; i < RUNS; i++) xs.push((last = await get(url)).dt);
    const p95 = pct(xs, 95);
    const n = last.body.rows ? `${last.body.rows.length} linhas${last.body.total != null ? `, total ${last.body.exact ? '' : '~'}${last.body.total.toLocaleString('pt-BR')}` : ''}` : '';
    console.log(`  ${name.padEnd(46)} p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  ${n}`);
    if (p95 > BUDGET_MS) over.push(name.trim());
  }
  if (process.env.BENCH_EXPLAIN === '1') {
    // the plans of the reads behind the slowest lines (BENCH_EXPLAIN=1)
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        'itens da conta',
        sql`select i.id from itens_faturados i join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id
          left join motivos mp on mp.codigo = i.glosa_proposta left join motivos mg on mg.codigo = i.glosa_codigo where g.protocolo_id = ${alvo.id} order by g.ordem, i.sequencial, i.id`,
      ],
      ['Em análise', sql`select p.recebido_em, p.id from protocolos_recebimento p where p.status = '2' order by p.recebido_em desc, p.id desc limit 51`],
      ['ordem por valor', sql`select p.valor_informado_centavos, p.id from protocolos_recebimento p order by 1 desc, 2 desc limit 51`],
      ['Fechamento de Glosa, página', sql`select fg.analise_encerrada_em, fg.id from ${fechamentoGlosaSource.from} where true order by fg.analise_encerrada_em asc nulls last, fg.id asc limit 51`],
      ['Fechamento de Glosa, contagem', sql`select count(*)::int from (select 1 from ${fechamentoGlosaSource.from} where true limit 1001) s`],
      [
        'Fechamento de Glosa, em aberto por valor',
        sql`select fg.glosa, fg.id from ${fechamentoGlosaSource.from} where fg.glosa_fechada_em is null order by fg.glosa desc, fg.id desc limit 51`,
      ],
    ];
    for (const [name, q] of plans) {
      const rows = await query<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers off) ${q}`);
      console.log(`\nEXPLAIN ANALYZE ${name}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
  await app.close();
  await database.close();
  failed = over.length > 0;
  console.log(failed ? `\nACIMA do orçamento de ${BUDGET_MS} ms p95: ${over.join('; ')}` : `\ndentro do orçamento de ${BUDGET_MS} ms p95`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import { execucoes } from '../../src/server/db/schema';
import { query } from '../../src/server/db/sql';
import { failInterruptedRuns, runJob } from '../../src/server/jobs/engine';
import { JOB_MSG, type JobDetail, type JobInfo } from '../../src/shared/jobs';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The job engine (pg-boss over the same database): a list export queued, run in chunks with progress, its file
 * stored and downloaded; permission at queue time and at download; cancel at the next chunk; runs left
 * "executando" by a process that died end as failed with their reason.
 */

let t: TestApp;
let operadora: ReturnType<typeof as>;
let auditor: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
}, 120_000);
afterAll(() => t?.close());

const queue = (who: typeof operadora, payload: unknown) => who({ method: 'POST', url: '/api/execucoes', payload: payload as object });
async function until(who: typeof operadora, id: number, done: (j: JobDetail) => boolean, ms = 60_000): Promise<JobDetail> {
  const end = Date.now() + ms;
  for (;;) {
    const j = (await who({ method: 'GET', url: `/api/execucoes/${id}` })).json().result as JobDetail;
    if (done(j)) return j;
    if (Date.now() > end) throw new Error(`processo ${id} ficou em ${j.status} (${j.progresso}%)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('exportação de lista como processo', () => {
  let job: JobDetail;
  it('queues the export of the TUSS procedures with the grid filter, runs it to the end and keeps the file', async () => {
    const res = await queue(operadora, { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv', consulta: 'grupo.eq=&sort=codigo.asc' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(alertsOf(res.body)[0]).toMatchObject({ type: 'success', value: JOB_MSG.enfileirada });
    const queued = res.json().result as JobInfo;
    expect(queued).toMatchObject({ status: 'fila', titulo: 'Exportação de Procedimentos (CSV)', usuarioNome: 'Olívia Operadora' });
    job = await until(operadora, queued.id, (j) => j.status !== 'fila' && j.status !== 'executando');
    expect(job.status, job.erro ?? '').toBe('concluida');
    expect(job.progresso).toBe(100);
    expect(job.iniciadoEm && job.terminadoEm).toBeTruthy();
    expect(job.log.map((l) => l.mensagem)).toEqual(expect.arrayContaining(['Iniciado por Olívia Operadora.', 'Concluído.']));
    expect(job.arquivos).toHaveLength(1);
    expect(job.arquivos[0]).toMatchObject({ tipo: 'text/csv' });
    expect(job.arquivos[0].nome).toMatch(/^procedimentos-\d{8}\.csv$/);
  });

  it('downloads the file: every procedure once, in code order, with the stored SHA-256', async () => {
    const f = job.arquivos[0];
    const res = await operadora({ method: 'GET', url: `/api/arquivos/${f.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(`filename="${f.nome}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const bytes = res.rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(f.sha256);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from procedimentos`);
    expect(lines.length - 1).toBe(n);
    const [first] = await query<{ codigo: string }>(t.database.db, sql`select codigo from procedimentos order by codigo limit 1`);
    expect(lines[1].startsWith(first.codigo)).toBe(true);
    expect(job.log.some((l) => l.mensagem.includes(`${n.toLocaleString('pt-BR')} registros`))).toBe(true);
  });

  it('lists the run in the user’s own runs and nobody else’s', async () => {
    const mine = (await operadora({ method: 'GET', url: '/api/execucoes' })).json().result as JobInfo[];
    expect(mine.map((j) => j.id)).toContain(job.id);
    const theirs = (await auditor({ method: 'GET', url: '/api/execucoes' })).json().result as JobInfo[];
    expect(theirs.map((j) => j.id)).not.toContain(job.id);
    expect((await auditor({ method: 'GET', url: `/api/execucoes/${job.id}` })).statusCode).toBe(404);
    // the administrator sees every run when asking for all
    const all = (await admin({ method: 'GET', url: '/api/execucoes?todos=1' })).json().result as JobInfo[];
    expect(all.map((j) => j.id)).toContain(job.id);
  });

  it('refuses the file to another user and to no session', async () => {
    const id = job.arquivos[0].id;
    const other = await auditor({ method: 'GET', url: `/api/arquivos/${id}` });
    expect(other.statusCode).toBe(404);
    expect(alertsOf(other.body)[0].value).toBe('Arquivo não encontrado.');
    expect((await t.app.inject({ method: 'GET', url: `/api/arquivos/${id}` })).statusCode).toBe(401);
  });

  it('refuses the file when its owner lost the command since (permission checked at download)', async () => {
    // the run belongs to the operator; hand it to the beneficiary, who may not list procedures
    const [b] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'beneficiario'`);
    const [f] = await query<{ id: number }>(t.database.db, sql`insert into arquivos (nome, tipo, tamanho, sha256, contexto, contexto_id, dono_id)
      select 'x.csv', 'text/csv', 1, repeat('0', 64), 'execucao', id, ${b.id} from execucoes where id = ${job.id} returning id`);
    await t.database.db.execute(sql`insert into arquivos_partes (arquivo_id, n, dados) values (${f.id}, 0, '\\x41'::bytea)`);
    await t.database.db.update(execucoes).set({ usuarioId: b.id }).where(eq(execucoes.id, job.id));
    expect((await beneficiario({ method: 'GET', url: `/api/execucoes/${job.id}` })).statusCode).toBe(200);
    expect((await beneficiario({ method: 'GET', url: `/api/arquivos/${f.id}` })).statusCode).toBe(404);
  });
});

describe('recusas ao enfileirar', () => {
  it('refuses a command the user may not open (403, spec message)', async () => {
    const res = await queue(beneficiario, { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv' } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
  it('refuses an unknown kind, a command that is not a list, and bad parameters, in Portuguese', async () => {
    const kind = await queue(operadora, { tipo: 'apagar-tudo', comando: '/contrato/tabela/procedimentos', parametros: {} });
    expect(kind.statusCode).toBe(400);
    expect(alertsOf(kind.body)[0].value).toBe(JOB_MSG.tipoDesconhecido);
    const notList = await queue(operadora, { tipo: 'exportacao-lista', comando: '/principal/protocolos-documentos', parametros: { formato: 'csv' } });
    expect(notList.statusCode).toBe(403);
    const fmt = await queue(operadora, { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'exe' } });
    expect(fmt.statusCode).toBe(400);
    expect(alertsOf(fmt.body)[0]).toMatchObject({ value: 'Formato inválido: escolha CSV ou XLSX.', field: 'formato' });
    const none = await t.app.inject({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv' } } });
    expect(none.statusCode).toBe(401);
  });
  it('fails a run whose filter the list refuses, with the list’s own message', async () => {
    const res = await queue(operadora, { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv', consulta: 'valor.between=abc' } });
    expect(res.statusCode).toBe(201);
    const j = await until(operadora, res.json().result.id, (x) => x.status === 'falhou' || x.status === 'concluida');
    expect(j.status).toBe('falhou');
    expect(j.erro).toBeTruthy();
    expect(j.erro).not.toBe(JOB_MSG.falhaInterna);
    expect(j.log.at(-1)?.nivel).toBe('erro');
  });
});

describe('cancelar e interrupções', () => {
  const insertRun = async (status: string, extra = sql``) => {
    const [r] = await query<{ id: number }>(
      t.database.db,
      sql`insert into execucoes (tipo, comando, usuario_id, usuario_nome, parametros, status ${extra.queryChunks.length ? sql`, cancelar_pedido` : sql``})
        select 'exportacao-lista', '/contrato/tabela/procedimentos', id, nome, '{"formato":"xlsx","consulta":""}'::jsonb, ${status} ${extra}
        from usuarios where login = 'operadora' returning id`,
    );
    return r.id;
  };

  it('stops a running export at its next chunk when cancel was asked, and says so', async () => {
    const id = await insertRun('fila', sql`, true`);
    await runJob(t.ctx, id);
    const j = await until(operadora, id, () => true);
    expect(j.status).toBe('cancelada');
    expect(j.erro).toBe(JOB_MSG.cancelada);
    expect(j.arquivos).toHaveLength(0);
  });

  it('cancels a queued run at once and a finished one not at all', async () => {
    // no worker picks it: it is inserted directly, never sent to the queue
    const id = await insertRun('fila');
    const res = await operadora({ method: 'POST', url: `/api/execucoes/${id}/cancelar` });
    expect(res.statusCode).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe(JOB_MSG.cancelada);
    expect((await until(operadora, id, () => true)).status).toBe('cancelada');
    const again = await operadora({ method: 'POST', url: `/api/execucoes/${id}/cancelar` });
    expect(again.statusCode).toBe(409);
    expect(alertsOf(again.body)[0].value).toBe(JOB_MSG.jaTerminou);
    expect((await auditor({ method: 'POST', url: `/api/execucoes/${id}/cancelar` })).statusCode).toBe(404);
  });

  it.skipIf(!!process.env.PG_TEST_URL)('marks a run left "executando" by a dead process as failed when the server starts again', async () => {
    const id = await insertRun('executando');
    // what the server does on start-up, before it answers
    expect(await failInterruptedRuns(t.ctx, t.database)).toBeGreaterThanOrEqual(1);
    const j = await until(operadora, id, () => true);
    expect(j.status).toBe('falhou');
    expect(j.erro).toBe(JOB_MSG.interrompida);
  });

  it('sweeps a run whose queue job vanished (its worker is gone) into failed', async () => {
    const id = await insertRun('executando');
    await t.database.db.update(execucoes).set({ filaId: '00000000-0000-0000-0000-000000000000', criadoEm: new Date(Date.now() - 60_000) }).where(eq(execucoes.id, id));
    expect(await t.ctx.jobs!.sweep()).toBeGreaterThanOrEqual(1);
    expect((await until(operadora, id, () => true)).status).toBe('falhou');
  });
});

describe('quem executa', () => {
  // PostgreSQL (scripts/with-postgres.sh): this process only queues; two worker processes, one run at a time each,
  // share the queue. PGlite: the one process runs everything.
  it(process.env.PG_TEST_URL ? 'spreads runs over both worker processes, never this API process' : 'runs every run in this one process', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await queue(operadora, { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv', consulta: `codigo.contains=1010101${i}` } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().result.id);
    }
    for (const id of ids) expect((await until(operadora, id, (j) => j.status !== 'fila' && j.status !== 'executando')).status).toBe('concluida');
    const rows = await t.database.db.select({ executor: execucoes.executor }).from(execucoes).where(inArray(execucoes.id, ids));
    const executores = new Set(rows.map((r) => r.executor));
    const aqui = `${hostname()}:${process.pid}`;
    if (process.env.PG_TEST_URL) {
      expect(executores.size).toBe(2);
      expect(executores.has(aqui)).toBe(false);
    } else expect([...executores]).toEqual([aqui]);
  });
});

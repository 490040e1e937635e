import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { fireSchedule } from '../../src/server/jobs/schedules';
import type { AgendamentoInfo } from '../../src/shared/agendamentos';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Scheduled runs: an administrator schedules a process with its parameters; the queue (pg-boss) holds the cron in
 * São Paulo time; each firing queues a run owned by the administrator; a firing that can no longer run leaves a
 * failed run with the reason; removing forgets the schedule in the queue too.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let operadora: ReturnType<typeof as>;
const COMANDO = '/util/processo/gerador-cartao';
let titular: number;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  admin = as(t.app, await loginAs(t.app, 'admin'));
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  [{ t: titular }] = await query<{ t: number }>(t.database.db, sql`select beneficiario_id as t from usuarios where login = 'beneficiario'`);
}, 120_000);
afterAll(() => t?.close());

const ano = new Date().getFullYear();
const params = () => ({ alcance: 'FAMILIA', titular: String(titular), motivo: 'RENOVACAO', validade: `31/12/${ano + 2}` });
const schedulesInQueue = () => query<{ key: string; cron: string; timezone: string }>(t.database.db, sql`select key, cron, timezone from pgboss.schedule where name = 'agendamentos' order by key`);

describe('agendamentos de processos', () => {
  let a: AgendamentoInfo;
  it('schedules a monthly run: the queue holds the cron in São Paulo time and tells the next runs', async () => {
    const res = await admin({ method: 'POST', url: '/api/agendamentos', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params(), frequencia: 'MENSAL', dia: 1, hora: '06:00' } });
    expect(res.statusCode, res.body).toBe(201);
    a = res.json().result;
    expect(a.descricao).toBe('Todo mês, no dia 1, às 06:00');
    expect(alertsOf(res.body)[0].value).toBe('Agendado: todo mês, no dia 1, às 06:00.');
    expect(await schedulesInQueue()).toEqual([{ key: String(a.id), cron: '0 6 1 * *', timezone: 'America/Sao_Paulo' }]);
    // 06:00 in São Paulo (UTC−3) is 09:00 UTC, on the 1st of three consecutive months
    expect(a.proximas).toHaveLength(3);
    for (const p of a.proximas) expect(p).toMatch(/^\d{4}-\d{2}-01T09:00:00\.000Z$/);
    const list = (await admin({ method: 'GET', url: `/api/agendamentos?comando=${encodeURIComponent(COMANDO)}` })).json().result as AgendamentoInfo[];
    expect(list.map((x) => x.id)).toEqual([a.id]);
  });

  it('refuses non-administrators and bad input, in Portuguese', async () => {
    const res = await operadora({ method: 'POST', url: '/api/agendamentos', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params(), frequencia: 'MENSAL', dia: 1, hora: '06:00' } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    expect((await operadora({ method: 'GET', url: '/api/agendamentos' })).statusCode).toBe(403);
    const hora = await admin({ method: 'POST', url: '/api/agendamentos', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params(), frequencia: 'DIARIA', hora: '25:00' } });
    expect(hora.statusCode).toBe(400);
    expect(alertsOf(hora.body)[0]).toMatchObject({ field: 'hora', value: 'Informe a hora no formato HH:MM, de 00:00 a 23:59.' });
    const dia = await admin({ method: 'POST', url: '/api/agendamentos', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params(), frequencia: 'MENSAL', dia: 31, hora: '06:00' } });
    expect(alertsOf(dia.body)[0]).toMatchObject({ field: 'dia', value: 'Escolha um dia de 1 a 28.' });
    // the process's own parameters are checked as a run's would be
    const semTitular = await admin({ method: 'POST', url: '/api/agendamentos', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: { ...params(), titular: '' }, frequencia: 'DIARIA', hora: '06:00' } });
    expect(alertsOf(semTitular.body)[0]).toMatchObject({ field: 'titular', value: 'Informe o titular do grupo familiar.' });
  });

  it('a firing queues a run owned by the administrator, which issues the cards', async () => {
    await fireSchedule(t.ctx, a.id);
    const [run] = await query<{ id: number; usuario_nome: string }>(t.database.db, sql`select id, usuario_nome from execucoes where comando = ${COMANDO} order by id desc limit 1`);
    expect(run).toBeDefined();
    for (let i = 0; i < 300; i++) {
      const [r] = await query<{ status: string }>(t.database.db, sql`select status from execucoes where id = ${run.id}`);
      if (r.status === 'concluida' || r.status === 'falhou') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const [done] = await query<{ status: string; erro: string | null }>(t.database.db, sql`select status, erro from execucoes where id = ${run.id}`);
    expect(done.status, done.erro ?? '').toBe('concluida');
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from cartoes where execucao_id = ${run.id}`);
    expect(n).toBeGreaterThanOrEqual(2);
  });

  it('a firing that can no longer run leaves a failed run with the reason', async () => {
    await t.database.db.execute(sql`update agendamentos set parametros = jsonb_set(parametros, '{validade}', '"01/01/2020"') where id = ${a.id}`);
    await fireSchedule(t.ctx, a.id);
    const [r] = await query<{ status: string; erro: string }>(t.database.db, sql`select status, erro from execucoes where comando = ${COMANDO} order by id desc limit 1`);
    expect(r).toEqual({ status: 'falhou', erro: `Agendamento nº ${a.id}: A validade precisa ser uma data futura.` });
  });

  it('removes a schedule from the list and from the queue, with a trail entry', async () => {
    const res = await admin({ method: 'DELETE', url: `/api/agendamentos/${a.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await schedulesInQueue()).toEqual([]);
    expect((await admin({ method: 'GET', url: '/api/agendamentos' })).json().result).toEqual([]);
    const trail = await query<{ acao: string }>(t.database.db, sql`select acao from trilha_eventos where entidade = 'agendamento' and registro_id = ${String(a.id)} order by id`);
    expect(trail.map((x) => x.acao)).toEqual(['insert', 'delete']);
    expect((await admin({ method: 'DELETE', url: `/api/agendamentos/${a.id}` })).statusCode).toBe(404);
  });
});

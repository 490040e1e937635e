import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { Aviso } from '../../src/shared/api';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Avisos (/util/gerenciador/avisos, a resource) and the home's GET /api/avisos/inicio (spec §7): the audience (all,
 * one role, one client), the validity period in São Paulo days, the highest priority first, the rules between fields,
 * the trail; the beneficiary's registration reminder keeps answering.
 */

const URL = '/api/recursos/avisos';
let t: TestApp;
let op: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
let ouv: ReturnType<typeof as>;
const HOJE = todayIso();
const dia = (n: number) => isoToBr(somarDias(HOJE, n));

const aviso = (over: Record<string, unknown>) => ({ titulo: 'Aviso de teste', mensagem: '<p>Texto do aviso.</p>', tipo: 'info', prioridade: 'NORMAL', publico: 'TODOS', inicio: dia(-1), fim: null, ...over });
const criar = async (body: Record<string, unknown>) => {
  const res = await op({ method: 'POST', url: URL, payload: body });
  return { status: res.statusCode, body: res.body, id: res.statusCode === 201 || res.statusCode === 200 ? (res.json().result.id as number) : 0 };
};
const inicio = async (who: ReturnType<typeof as>) => {
  const res = await who({ method: 'GET', url: '/api/avisos/inicio' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Aviso[];
};

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
}, 60_000);
afterAll(() => t.close());

describe('avisos', () => {
  it('show each user the ones in force for their role and client, the highest priority first', async () => {
    const cliente = t.ctx.settings.id;
    const outro = cliente === 'rondo' ? 'copass' : 'rondo';
    const ids: Record<string, number> = {};
    for (const [k, body] of Object.entries({
      todosBaixa: aviso({ titulo: 'T baixa', prioridade: 'BAIXA' }),
      todosAlta: aviso({ titulo: 'T alta', prioridade: 'ALTA', tipo: 'warning' }),
      benef: aviso({ titulo: 'T beneficiário', publico: 'PERFIL', perfil: 'beneficiario' }),
      ouvidoria: aviso({ titulo: 'T ouvidoria', publico: 'PERFIL', perfil: 'ouvidoria' }),
      cliente: aviso({ titulo: 'T cliente', publico: 'CLIENTE', cliente }),
      outroCliente: aviso({ titulo: 'T outro cliente', publico: 'CLIENTE', cliente: outro }),
      vencido: aviso({ titulo: 'T vencido', inicio: dia(-10), fim: dia(-1) }),
      futuro: aviso({ titulo: 'T futuro', inicio: dia(1) }),
      ultimoDia: aviso({ titulo: 'T último dia', fim: dia(0) }),
    })) {
      const r = await criar(body);
      expect(r.status, r.body).toBeLessThan(300);
      ids[k] = r.id;
    }
    const nossos = (l: Aviso[]) => l.filter((a) => Object.values(ids).includes(a.id)).map((a) => a.titulo);
    const b = await inicio(benef);
    expect(nossos(b)).toEqual(['T alta', 'T último dia', 'T cliente', 'T beneficiário', 'T baixa']);
    // the same order by rule: priority, then the newest start, then the newest id
    expect(b.find((a) => a.id === ids.todosAlta)).toMatchObject({ prioridade: 'ALTA', tipo: 'warning', mensagem: '<p>Texto do aviso.</p>' });
    const o = await inicio(ouv);
    expect(nossos(o)).toEqual(['T alta', 'T último dia', 'T cliente', 'T ouvidoria', 'T baixa']);
    // the trail of the resource engine
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'aviso' and acao = 'insert'`);
    expect(n).toBeGreaterThanOrEqual(9);
  });

  it('refuses an audience without its role or client, and a period that ends before it starts, beside the field', async () => {
    const p = await criar(aviso({ publico: 'PERFIL' }));
    expect(p.status).toBe(400);
    expect(alertsOf(p.body).map((a) => [a.field, a.value])).toContainEqual(['perfil', 'Escolha o perfil que verá o aviso.']);
    const c = await criar(aviso({ publico: 'CLIENTE' }));
    expect(alertsOf(c.body).map((a) => [a.field, a.value])).toContainEqual(['cliente', 'Escolha o cliente que verá o aviso.']);
    const f = await criar(aviso({ inicio: dia(0), fim: dia(-2) }));
    expect(alertsOf(f.body).map((a) => [a.field, a.value])).toContainEqual(['fim', 'O fim da vigência não pode ser antes do início.']);
    // a role kept on a notice for everyone is dropped (the field only counts for one role)
    const todos = await criar(aviso({ titulo: 'T sem perfil', perfil: 'ouvidoria' }));
    expect(todos.status, todos.body).toBeLessThan(300);
    const [row] = await query<{ perfil: string | null }>(t.database.db, sql`select perfil from avisos where id = ${todos.id}`);
    expect(row.perfil).toBeNull();
  });

  it('are searched by title in the manager, and kept from users without the screen', async () => {
    const r = await op({ method: 'GET', url: `${URL}?limit=50&titulo.contains=${encodeURIComponent('beneficiario')}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result.rows.map((x: { titulo: string }) => x.titulo)).toEqual(['T beneficiário']);
    expect((await benef({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await benef({ method: 'POST', url: URL, payload: aviso({}) })).statusCode).toBe(403);
  });

  it('leave the beneficiary’s registration reminder answering', async () => {
    const r = await benef({ method: 'GET', url: '/api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral' });
    expect(r.statusCode).toBe(200);
    expect(typeof r.json().result.requerAtualizacao).toBe('boolean');
  });
});

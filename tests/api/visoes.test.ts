import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { MSG_VISAO, VISOES_POR_USUARIO, type VisaoSalva } from '../../src/shared/lists/views';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/** Saved views: a user's named filters, sort and columns of a list, checked against the list, and theirs alone. */

let t: TestApp;
let op: ReturnType<typeof as>;
let auditor: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
});
afterAll(() => t.close());

const uniq = () => `${Date.now() % 100000}-${Math.floor(Math.random() * 1000)}`;
const BANCOS = 'recurso.banco';
const AUTORIZACOES = 'autorizacoes.realizadas';

async function salvar(who: ReturnType<typeof as>, payload: Record<string, unknown>) {
  return who({ method: 'POST', url: '/api/visoes', payload });
}
const minhas = async (who: ReturnType<typeof as>) => (await who({ method: 'GET', url: '/api/visoes' })).json().result as VisaoSalva[];

describe('saving a view', () => {
  it('keeps the filters and sort in the list canonical form, and the columns', async () => {
    const nome = `Bancos ativos ${uniq()}`;
    const res = await salvar(op, {
      lista: BANCOS,
      nome: `  ${nome}  `,
      consulta: 'limit=50&offset=100&ativo.eq=true&nome.contains=brasil&sort=nome.desc',
      colunas: [{ key: 'nome', width: 320 }, { key: 'codigo' }, { key: 'ispb', hidden: true }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().result as VisaoSalva;
    expect(v).toMatchObject({ lista: BANCOS, comando: '/cadastro/base/bancos', titulo: 'Bancos', nome });
    // paging is not part of a view; the rest is written as the list writes it
    const q = new URLSearchParams(v.consulta);
    expect([...q.keys()].sort()).toEqual(['ativo.eq', 'nome.contains', 'sort']);
    expect(q.get('sort')).toBe('nome.desc');
    expect(v.colunas).toEqual([{ key: 'nome', width: 320 }, { key: 'codigo' }, { key: 'ispb', hidden: true }]);
    expect((await minhas(op)).find((x) => x.id === v.id)).toEqual(v);
    // the list itself accepts what was stored
    expect((await op({ method: 'GET', url: `/api/recursos/bancos?${v.consulta}` })).statusCode).toBe(200);
    const [ev] = await query<{ acao: string; usuario_login: string }>(t.database.db, sql`select acao, usuario_login from trilha_eventos where entidade = 'visaosalva' and registro_id = ${String(v.id)}`);
    expect(ev).toEqual({ acao: 'insert', usuario_login: 'operadora' });
  });

  it('refuses what the list does not accept, with the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lista: BANCOS, nome: 'x', consulta: 'naoexiste.eq=1' }, 'consulta'],
      [{ lista: BANCOS, nome: 'x', consulta: 'codigo.eq=abc&sort=senha.asc' }, 'consulta'],
      [{ lista: BANCOS, nome: 'x', colunas: [{ key: 'senhaHash' }] }, 'colunas'],
      [{ lista: BANCOS, nome: 'x', colunas: [{ key: 'nome' }, { key: 'nome' }] }, 'colunas'],
      [{ lista: BANCOS, nome: 'x', colunas: [{ key: 'nome', hidden: true }] }, 'colunas'],
      [{ lista: BANCOS, nome: '   ' }, 'nome'],
      [{ lista: BANCOS, nome: 'x'.repeat(61) }, 'nome'],
      [{ lista: 'lista.que.nao.existe', nome: 'x' }, 'lista'],
      [{ lista: '../../etc', nome: 'x' }, 'lista'],
      [{ nome: 'x' }, 'lista'],
    ];
    for (const [payload, field] of cases) {
      const res = await salvar(op, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(alertsOf(res.body).map((a) => a.field)).toContain(field);
    }
  });

  it('refuses a list the user does not open', async () => {
    const res = await salvar(benef, { lista: BANCOS, nome: 'Bancos' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'lista', value: MSG_VISAO.lista });
  });

  it('one name per list per user; another user may use the same name', async () => {
    const nome = `Recentes ${uniq()}`;
    expect((await salvar(op, { lista: AUTORIZACOES, nome, consulta: 'sort=dataSolicitacao.desc' })).statusCode).toBe(201);
    const again = await salvar(op, { lista: AUTORIZACOES, nome });
    expect(again.statusCode).toBe(409);
    expect(alertsOf(again.body)[0]).toMatchObject({ field: 'nome', value: MSG_VISAO.nomeRepetido });
    // the same name on another list, and by another user
    expect((await salvar(op, { lista: BANCOS, nome })).statusCode).toBe(201);
    expect((await salvar(auditor, { lista: AUTORIZACOES, nome })).statusCode).toBe(201);
  });

  it(`keeps at most ${VISOES_POR_USUARIO} views per user`, async () => {
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'beneficiario'`);
    await t.database.db.execute(sql`delete from visoes_salvas where usuario_id = ${id}`);
    await t.database.db.execute(
      sql`insert into visoes_salvas (usuario_id, lista, nome, consulta) select ${id}, 'autorizacoes.beneficiario', 'v' || g, '' from generate_series(1, ${VISOES_POR_USUARIO}) g`,
    );
    const res = await salvar(benef, { lista: 'autorizacoes.beneficiario', nome: 'Mais uma' });
    expect(res.statusCode, res.body).toBe(409);
    expect(alertsOf(res.body)[0].value).toBe(MSG_VISAO.limite);
    await t.database.db.execute(sql`delete from visoes_salvas where usuario_id = ${id}`);
  });
});

describe('whose views', () => {
  it('a user lists, renames and deletes only their own', async () => {
    const nome = `Minha fila ${uniq()}`;
    const mine = (await salvar(op, { lista: AUTORIZACOES, nome, consulta: 'statusAutorizacao=Em Análise' })).json().result as VisaoSalva;
    // the auditor sees none of the operator's views, and cannot touch them
    expect((await minhas(auditor)).some((v) => v.id === mine.id)).toBe(false);
    expect((await minhas(auditor)).every((v) => v.lista && v.nome)).toBe(true);
    const put = await auditor({ method: 'PUT', url: `/api/visoes/${mine.id}`, payload: { nome: 'Tomada', consulta: '' } });
    expect(put.statusCode).toBe(404);
    expect((await auditor({ method: 'DELETE', url: `/api/visoes/${mine.id}` })).statusCode).toBe(404);
    expect((await minhas(op)).find((v) => v.id === mine.id)?.nome).toBe(nome);

    // the owner saves over it (new filters, new name) and deletes it
    const upd = await op({ method: 'PUT', url: `/api/visoes/${mine.id}`, payload: { nome: `${nome} (urgentes)`, consulta: 'carater=2', colunas: null } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().result).toMatchObject({ id: mine.id, nome: `${nome} (urgentes)`, consulta: 'carater=2' });
    const bad = await op({ method: 'PUT', url: `/api/visoes/${mine.id}`, payload: { nome: 'x', consulta: 'carater=9' } });
    expect(bad.statusCode).toBe(400);
    expect((await op({ method: 'DELETE', url: `/api/visoes/${mine.id}` })).statusCode).toBe(200);
    expect((await minhas(op)).some((v) => v.id === mine.id)).toBe(false);
    expect((await op({ method: 'DELETE', url: `/api/visoes/${mine.id}` })).statusCode).toBe(404);
    const acoes = await query<{ acao: string }>(t.database.db, sql`select acao from trilha_eventos where entidade = 'visaosalva' and registro_id = ${String(mine.id)} order by id`);
    expect(acoes.map((a) => a.acao)).toEqual(['insert', 'update', 'delete']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/visoes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/visoes', payload: { lista: BANCOS, nome: 'x' } })).statusCode).toBe(401);
  });
});

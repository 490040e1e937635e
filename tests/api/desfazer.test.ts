import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import { MSG_DESFAZER } from '../../src/shared/resources/undo';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Undo of the resource engine's writes (an inline edit in a grid, a deletion), real on the server: the user's own
 * latest change of a record, read back from the change trail, within the window; each undo leaves its own trail entry.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
});
afterAll(() => t.close());

const BASE = '/api/recursos/bancos';
let seq = 0;
/** A fresh bank (unique COMPE code and ISPB per call, so a retry does not trip on the first attempt). */
async function novoBanco(who = op) {
  seq++;
  const n = (Date.now() + seq * 7919) % 1_000_000;
  const res = await who({ method: 'POST', url: BASE, payload: { codigo: String(n % 1000).padStart(3, '0'), ispb: String(n).padStart(8, '9'), nome: `Banco Desfazer ${n}`, ativo: true } });
  if (res.statusCode === 409) return novoBanco(who); // the code collided with a seeded bank: another one
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: number; version: number; nome: string; ativo: boolean; codigo: string; ispb: string };
}
const trilha = (id: number) =>
  query<{ acao: string; usuario_login: string; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }>(
    t.database.db,
    sql`select acao, usuario_login, antes, depois from trilha_eventos where entidade = 'banco' and registro_id = ${String(id)} order by id`,
  );

describe('undo of an inline edit', () => {
  it('puts the field back, with a trail entry', async () => {
    const b = await novoBanco();
    const edit = await op({ method: 'PUT', url: `${BASE}/${b.id}`, payload: { ...b, ativo: false } });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json().result;
    expect(edited.ativo).toBe(false);

    const undo = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: edited.version } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(alertsOf(undo.body)[0].value).toBe('Alteração desfeita.');
    const back = undo.json().result;
    expect(back.ativo).toBe(true);
    expect(back.version).toBe(edited.version + 1);
    const read = (await op({ method: 'GET', url: `${BASE}/${b.id}` })).json().result;
    expect(read).toMatchObject({ ativo: true, nome: b.nome, version: back.version });

    const ev = await trilha(b.id);
    expect(ev.map((e) => e.acao)).toEqual(['insert', 'update', 'update']);
    expect(ev[2]).toMatchObject({ usuario_login: 'operadora', antes: { ativo: false }, depois: { ativo: true } });

    // the undo is the user's latest change now: undoing it again redoes the edit
    const again = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: back.version } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toMatchObject({ ativo: false, version: back.version + 1 });
    // the same version twice (a double click): the second finds the record moved on
    const twice = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: back.version } });
    expect(twice.statusCode).toBe(409);
    expect(alertsOf(twice.body)[0].value).toBe(MSG_DESFAZER.outraAlteracao);
  });

  it('refuses when someone changed the record after the edit, or the page holds another version', async () => {
    const b = await novoBanco();
    const edited = (await op({ method: 'PUT', url: `${BASE}/${b.id}`, payload: { ...b, ativo: false } })).json().result;
    const stale = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: edited.version - 1 } });
    expect(stale.statusCode).toBe(409);
    // another user edits afterwards: the operator's edit is no longer the latest change
    const other = (await admin({ method: 'PUT', url: `${BASE}/${b.id}`, payload: { ...edited, nome: `${b.nome} (ajustado)` } })).json().result;
    const late = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: other.version } });
    expect(late.statusCode).toBe(409);
    expect(alertsOf(late.body)[0].value).toBe(MSG_DESFAZER.outraAlteracao);
    // nor can the other user undo the operator's edit as if it were theirs... only their own latest one
    const theirs = await admin({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: other.version } });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().result).toMatchObject({ nome: b.nome, ativo: false });
  });

  it('refuses past the window', async () => {
    const b = await novoBanco();
    const edited = (await op({ method: 'PUT', url: `${BASE}/${b.id}`, payload: { ...b, ativo: false } })).json().result;
    await t.database.db.execute(sql`update trilha_eventos set em = now() - interval '11 minutes' where entidade = 'banco' and registro_id = ${String(b.id)}`);
    const res = await op({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: edited.version } });
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)[0].value).toBe(MSG_DESFAZER.prazo);
    expect((await op({ method: 'GET', url: `${BASE}/${b.id}` })).json().result.ativo).toBe(false);
  });

  it('is closed to who may not edit the table', async () => {
    const b = await novoBanco();
    const res = await benef({ method: 'POST', url: `${BASE}/${b.id}/desfazer`, payload: { version: b.version } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('undo of a deletion', () => {
  it('writes the records back with their ids and every field, with a trail entry', async () => {
    const a = await novoBanco();
    const b = await novoBanco();
    const del = await op({ method: 'POST', url: `${BASE}/excluir`, payload: { itens: [{ id: a.id, version: a.version }, { id: b.id, version: b.version }] } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await op({ method: 'GET', url: `${BASE}/${a.id}` })).statusCode).toBe(404);

    const res = await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id, b.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe('2 bancos restaurados.');
    for (const x of [a, b]) {
      const read = (await op({ method: 'GET', url: `${BASE}/${x.id}` })).json().result;
      expect(read).toMatchObject({ id: x.id, codigo: x.codigo, ispb: x.ispb, nome: x.nome, ativo: true, version: x.version + 1 });
      const ev = await trilha(x.id);
      expect(ev.map((e) => e.acao)).toEqual(['insert', 'delete', 'restore']);
      expect(ev[2].depois).toMatchObject({ id: x.id, nome: x.nome });
    }
    // the list finds them again
    const list = await op({ method: 'GET', url: `${BASE}?nome.contains=${encodeURIComponent(a.nome)}` });
    expect(list.json().result.rows.map((r: { id: number }) => r.id)).toContain(a.id);
    // a page still holding the deleted version gets the usual conflict
    expect((await op({ method: 'PUT', url: `${BASE}/${a.id}`, payload: { ...a, nome: 'x' } })).statusCode).toBe(409);
  });

  it('restores once, only for who deleted, only a deleted record', async () => {
    const a = await novoBanco();
    await op({ method: 'DELETE', url: `${BASE}/${a.id}?version=${a.version}` });
    // another user did not delete it
    const other = await admin({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id] } });
    expect(other.statusCode).toBe(404);
    expect((await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id] } })).statusCode).toBe(200);
    // twice: the latest change is the restore, not a deletion
    expect((await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id] } })).statusCode).toBe(404);
    // a record that was never deleted, and one that never existed
    const b = await novoBanco();
    expect((await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [b.id] } })).statusCode).toBe(404);
    expect((await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [2_000_000_000] } })).statusCode).toBe(404);
  });

  it('all or none, and a unique value taken meanwhile is a clear refusal', async () => {
    const a = await novoBanco();
    const b = await novoBanco();
    await op({ method: 'POST', url: `${BASE}/excluir`, payload: { itens: [{ id: a.id }, { id: b.id }] } });
    // someone registers a new bank with a's COMPE code
    const taken = await admin({ method: 'POST', url: BASE, payload: { codigo: a.codigo, nome: 'Outro banco', ativo: true } });
    expect(taken.statusCode, taken.body).toBe(201);
    const res = await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [b.id, a.id] } });
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'codigo' });
    // b was not restored either
    expect((await op({ method: 'GET', url: `${BASE}/${b.id}` })).statusCode).toBe(404);
  });

  it('refuses past the window, and to who may not delete', async () => {
    const a = await novoBanco();
    await op({ method: 'DELETE', url: `${BASE}/${a.id}?version=${a.version}` });
    expect((await benef({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id] } })).statusCode).toBe(403);
    await t.database.db.execute(sql`update trilha_eventos set em = now() - interval '11 minutes' where entidade = 'banco' and registro_id = ${String(a.id)}`);
    const res = await op({ method: 'POST', url: `${BASE}/restaurar`, payload: { ids: [a.id] } });
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)[0].value).toBe(MSG_DESFAZER.prazo);
  });

  it('validates the list of ids', async () => {
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      expect((await op({ method: 'POST', url: `${BASE}/restaurar`, payload })).statusCode).toBe(400);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_SEGREGACAO } from '../../src/server/autorizacoes/decisao';
import { query } from '../../src/server/db/sql';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/** Issue 18: double submissions (Idempotency-Key) and segregation of duties on authorization requests. */
type Who = 'auditor' | 'operadora' | 'admin';
let t: TestApp;
let tokens: Record<Who, string>;
const pdfs = {} as Record<Who, number>;
let benef: number;
let prestadorId: number;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [b] = await query<{ id: number }>(db, sql`select id from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date) order by id limit 1`);
  benef = b.id;
  const [p] = await query<{ prestador_id: number }>(db, sql`select prestador_id from usuarios where login = 'prestador'`);
  prestadorId = p.prestador_id;
  const [esp] = await query<{ id: number }>(db, sql`select id from especialidades order by id limit 1`);
  await db.execute(sql`insert into profissionais (nome, cpf, conselho, numero_conselho, uf_conselho, especialidade, ativo) values ('Dra. Helena Teste', '52998224725', 'CRM', '770001', 'MG', ${esp.id}, true)`);
  tokens = { auditor: await loginAs(t.app, 'auditor'), operadora: await loginAs(t.app, 'operadora'), admin: await loginAs(t.app, 'admin') };
  for (const who of Object.keys(tokens) as Who[]) pdfs[who] = await sendFile(t.app, tokens[who]);
}, 60_000);
afterAll(() => t.close());

function pedido(who: Who) {
  return {
    beneficiarioId: benef,
    prestadorSolicitanteId: prestadorId,
    profissional: { conselho: '06', numero: '770001', uf: 'MG' },
    carater: '1',
    indicacaoClinica: 'Dor lombar há 3 meses, sem melhora com analgésicos.',
    itens: [{ tabela: '22', codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 10 }],
    anexos: [{ arquivoId: pdfs[who], tipoDocumento: '03', tag: 'autorizacao_pedido_medico' }],
  };
}
const criar = (who: Who, chave?: string) =>
  as(t.app, tokens[who])({ method: 'POST', url: '/api/autorizacoes/tipo/sp-sadt', payload: pedido(who), headers: chave ? { 'idempotency-key': chave } : {} });
const count = async () => (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from autorizacoes`))[0].n;

describe('Idempotency-Key on new authorization requests', () => {
  it('returns the first request for a repeated submission of the same user, without creating another', async () => {
    const antes = await count();
    const a = await criar('operadora', 'form-0001-aaaa');
    expect(a.statusCode, a.body).toBe(201);
    const b = await criar('operadora', 'form-0001-aaaa');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().result.id).toBe(a.json().result.id);
    expect(b.json().result.numero).toBe(a.json().result.numero);
    expect(await count()).toBe(antes + 1);
    // another key, or no key, is another request
    expect((await criar('operadora', 'form-0002-bbbb')).json().result.id).not.toBe(a.json().result.id);
    expect((await criar('operadora')).statusCode).toBe(201);
    expect(await count()).toBe(antes + 3);
  });

  it("does not hand another user's request to the same key", async () => {
    const a = await criar('operadora', 'form-compartilhada');
    const b = await criar('admin', 'form-compartilhada');
    expect(b.statusCode).toBe(201);
    expect(b.json().result.id).not.toBe(a.json().result.id);
  });

  it('creates one request per pair of parallel double submissions (10 of 10)', async () => {
    const antes = await count();
    const pares = await Promise.all(Array.from({ length: 10 }, (_, k) => Promise.all([criar('operadora', `duplo-${k}-xxxx`), criar('operadora', `duplo-${k}-xxxx`)])));
    for (const [a, b] of pares) {
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().result.id).toBe(b.json().result.id);
    }
    expect(await count()).toBe(antes + 10);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from idempotencia where escopo = 'autorizacao' and chave like 'duplo-%'`);
    expect(n).toBe(10);
  });

  it('refuses a malformed key in pt-BR', async () => {
    const res = await criar('operadora', 'curta');
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe('Chave de idempotência inválida: use de 8 a 100 letras, números, hífens ou sublinhados.');
  });
});

describe('segregation of duties', () => {
  it('whoever registered a request for a provider (here the administrator, who may do both) cannot authorize, partially authorize or deny it; another user can', async () => {
    const res = await criar('admin');
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().result as { id: number; version: number; itensDetalhe: { id: number }[] };
    const item = d.itensDetalhe[0].id;
    for (const body of [
      { acao: 'autorizar', version: d.version },
      { acao: 'autorizarParcial', version: d.version, itens: [{ id: item, quantidadeAutorizada: 5, motivoNegativa: '1423' }] },
      { acao: 'negar', version: d.version, itens: [{ id: item, motivoNegativa: '1423' }] },
    ]) {
      const r = await as(t.app, tokens.admin)({ method: 'POST', url: `/api/autorizacoes/${d.id}/decisao`, payload: body });
      expect(r.statusCode, body.acao).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(MSG_SEGREGACAO);
    }
    const [sem] = await query<{ senha: string | null; status: number }>(t.database.db, sql`select senha, status from autorizacoes where id = ${d.id}`);
    expect(sem).toEqual({ senha: null, status: 2 });
    const ok = await as(t.app, tokens.auditor)({ method: 'POST', url: `/api/autorizacoes/${d.id}/decisao`, payload: { acao: 'autorizar', version: d.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    const hist = await query<{ acao: string; usuario_id: number }>(t.database.db, sql`select acao, usuario_id from autorizacao_historico where autorizacao_id = ${d.id} order by id`);
    expect(hist.map((h) => h.acao)).toEqual(['criar', 'autorizar']);
    expect(hist[0].usuario_id).not.toBe(hist[1].usuario_id);
  });
});

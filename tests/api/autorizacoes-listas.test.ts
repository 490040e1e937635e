import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { AutorizacaoLinha } from '../../src/shared/autorizacoes';
import type { ListNeighbors, ListPage, ListSummary } from '../../src/shared/lists/types';
import { ANEXOS } from '../../src/shared/autorizacoes';
import { LISTAS } from '../../src/shared/autorizacoes/listas';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The lists of requests defined in src/shared/autorizacoes/listas.ts: each holds its guide types and applies the
 * side-search filters; the page says whether more rows follow (hasMore) and its total is exact while small; the
 * summary (/resumo) counts exactly and brings the totals of the lists that have them.
 */

let t: TestApp;
let tokens: Record<'auditor' | 'prestador' | 'operadora' | 'beneficiario', string>;

beforeAll(async () => {
  t = await startTestApp();
  tokens = {
    auditor: await loginAs(t.app, 'auditor'),
    prestador: await loginAs(t.app, 'prestador'),
    operadora: await loginAs(t.app, 'operadora'),
    beneficiario: await loginAs(t.app, 'beneficiario'),
  };
}, 60_000);
afterAll(() => t.close());

const get = async <T = ListPage<AutorizacaoLinha>>(who: keyof typeof tokens, url: string) => {
  const res = await as(t.app, tokens[who])({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, result: (res.statusCode === 200 ? res.json().result : undefined) as T };
};
const todas = async (who: keyof typeof tokens, url: string): Promise<AutorizacaoLinha[]> => (await get(who, `${url}${url.includes('?') ? '&' : '?'}limit=500`)).result.rows;

describe('lists besides the queues', () => {
  it('Pré-Autorizações holds the pre-authorizations only, newest first, with its totals', async () => {
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from autorizacoes where tipo = 'PRE_AUTORIZACAO'`);
    expect(n).toBeGreaterThan(0);
    const l = await get('operadora', '/api/autorizacoes/lista/pre-autorizacoes?limit=500');
    expect(l.status, l.body).toBe(200);
    expect(l.result.rows).toHaveLength(n);
    expect(l.result.rows.every((r) => r.tipo === 'PRE_AUTORIZACAO')).toBe(true);
    const datas = l.result.rows.map((r) => r.dataSolicitacao);
    expect(datas).toEqual([...datas].sort().reverse());
    expect(l.result).toMatchObject({ total: n, exact: true, hasMore: false });
    expect(l.result.totals!.solicitados).toBe(n);
  });

  it('Anexos Realizados holds the four attachment types and filters by type; a type outside the list finds nothing', async () => {
    const rows = await todas('auditor', '/api/autorizacoes/lista/anexos');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tipo))).toEqual(new Set(ANEXOS));
    const quimio = await todas('auditor', '/api/autorizacoes/lista/anexos?tipo=ANEXO_QUIMIO');
    expect(quimio.length).toBe(rows.filter((r) => r.tipo === 'ANEXO_QUIMIO').length);
    expect((await todas('auditor', '/api/autorizacoes/lista/anexos?tipo=SP_SADT')).length).toBe(0);
  });

  it('a provider sees only its own attachments; a beneficiary none of these lists', async () => {
    const [u] = await query<{ prestador_id: number }>(t.database.db, sql`select prestador_id from usuarios where login = 'prestador'`);
    const rows = await todas('prestador', '/api/autorizacoes/lista/anexos');
    const proprios = await query<{ id: number }>(
      t.database.db,
      sql`select id from autorizacoes where tipo like 'ANEXO_%' and (prestador_id = ${u.prestador_id} or prestador_executante_id = ${u.prestador_id}) order by id`,
    );
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(proprios.map((r) => r.id));
    expect((await get('beneficiario', '/api/autorizacoes/lista/anexos')).status).toBe(403);
    expect((await get('beneficiario', '/api/autorizacoes/lista/pre-autorizacoes')).status).toBe(403);
  });

  it('Autorização Parcial lists the partially authorized unless another status is asked for', async () => {
    const parcial = await todas('auditor', '/api/autorizacoes/fila/parcial');
    expect(parcial.length).toBeGreaterThan(0);
    expect(parcial.every((r) => r.status === 7)).toBe(true);
    const negadas = await todas('auditor', '/api/autorizacoes/fila/parcial?statusAutorizacao=3');
    expect(negadas.length).toBeGreaterThan(0);
    expect(negadas.every((r) => r.status === 3)).toBe(true);
  });
});

describe('side-search filters (the same on every list)', () => {
  it('period, status, urgency, procedure code and text, beneficiary by name (accents ignored) or card, provider by name', async () => {
    const base = await todas('auditor', '/api/autorizacoes/fila/anexos');
    const alvo = base.find((r) => r.carater === '2') ?? base[0];
    const dia = alvo.dataSolicitacao.split('-').reverse().join('/');
    const periodo = await todas('auditor', `/api/autorizacoes/fila/anexos?inicio=${dia}&termino=${dia}`);
    expect(periodo.length).toBeGreaterThan(0);
    expect(periodo.every((r) => r.dataSolicitacao === alvo.dataSolicitacao)).toBe(true);
    const status = await todas('auditor', `/api/autorizacoes/fila/anexos?statusAutorizacao=${alvo.status}`);
    expect(status.every((r) => r.status === alvo.status)).toBe(true);
    const urg = await todas('auditor', '/api/autorizacoes/fila/anexos?carater=2');
    expect(urg.every((r) => r.carater === '2')).toBe(true);

    const codigo = alvo.procedimento.split(' ')[0];
    const porCodigo = await todas('auditor', `/api/autorizacoes/fila/anexos?procedimento=${codigo}`);
    expect(porCodigo.map((r) => r.id)).toContain(alvo.id);
    const [{ n }] = await query<{ n: number }>(
      t.database.db,
      sql`select count(distinct a.id)::int as n from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id where a.tipo like 'ANEXO_%' and i.codigo = ${codigo}`,
    );
    expect(porCodigo.length).toBe(n);
    const palavra = alvo.procedimento.split(' – ')[1].split(' ')[0];
    expect((await todas('auditor', `/api/autorizacoes/fila/anexos?procedimento=${encodeURIComponent(palavra.toLowerCase())}`)).map((r) => r.id)).toContain(alvo.id);

    // beneficiary: name prefix without accents and in lower case, or the card's digits
    const semAcento = alvo.beneficiarioNome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(' ').slice(0, 2).join(' ');
    const porNome = await todas('auditor', `/api/autorizacoes/fila/anexos?beneficiario=${encodeURIComponent(semAcento)}`);
    expect(porNome.map((r) => r.id)).toContain(alvo.id);
    expect(porNome.every((r) => r.beneficiarioNome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().startsWith(semAcento))).toBe(true);
    const porCartao = await todas('auditor', `/api/autorizacoes/fila/anexos?beneficiario=${alvo.carteirinha}`);
    expect(porCartao.length).toBeGreaterThan(0);
    expect(porCartao.every((r) => r.beneficiarioId === alvo.beneficiarioId)).toBe(true);

    // provider: the start of a word of its name
    const palavraPrest = alvo.prestadorNome.split(' ').find((w) => w.length > 3)!;
    const porPrest = await todas('auditor', `/api/autorizacoes/fila/anexos?prestador=${encodeURIComponent(palavraPrest.slice(0, 4))}`);
    expect(porPrest.map((r) => r.id)).toContain(alvo.id);

    expect((await get('auditor', '/api/autorizacoes/fila/anexos?statusAutorizacao=Qualquer')).status).toBe(400);
  });
});

describe('pages, totals and the summary', () => {
  it('a page says whether more rows follow; its total is exact while small; the summary counts the same', async () => {
    const tudo = await todas('auditor', '/api/autorizacoes/lista/anexos');
    const p1 = await get('auditor', '/api/autorizacoes/lista/anexos?limit=2');
    expect(p1.result.rows).toHaveLength(2);
    expect(p1.result).toMatchObject({ hasMore: true, exact: true, total: tudo.length });
    const ultima = await get('auditor', `/api/autorizacoes/lista/anexos?limit=2&offset=${tudo.length - 1}`);
    expect(ultima.result).toMatchObject({ hasMore: false, exact: true, total: tudo.length });
    expect(ultima.result.rows.map((r) => r.id)).toEqual([tudo[tudo.length - 1].id]);
    expect(p1.result.rows.map((r) => r.id)).toEqual(tudo.slice(0, 2).map((r) => r.id));

    const resumo = await get<ListSummary>('auditor', '/api/autorizacoes/lista/anexos/resumo?tipo=ANEXO_OPME');
    expect(resumo.status, resumo.body).toBe(200);
    const opme = tudo.filter((r) => r.tipo === 'ANEXO_OPME');
    expect(resumo.result).toMatchObject({ total: opme.length, exact: true });
    expect(resumo.result.totals).toMatchObject({ solicitados: opme.length, autorizados: opme.filter((r) => r.status === 1 || r.status === 7).length });
    // the queues have no totals
    const fila = await get<ListSummary>('auditor', '/api/autorizacoes/fila/medica/resumo?statusAutorizacao=Em%20An%C3%A1lise');
    expect(fila.result.totals).toBeNull();
    expect(fila.result.total).toBe((await todas('auditor', '/api/autorizacoes/fila/medica?statusAutorizacao=Em%20An%C3%A1lise')).length);
    // the utilization history still asks for the beneficiary, in the summary too
    expect((await get('auditor', '/api/autorizacoes/historico/resumo')).status).toBe(400);
  });

  it('keyset pages walk the whole list after and before a cursor, in the order the offset pages give', async () => {
    const tudo = await todas('auditor', '/api/autorizacoes/lista/anexos');
    expect(tudo.length).toBeGreaterThan(5);
    const vistos: number[] = [];
    let page = await get('auditor', '/api/autorizacoes/lista/anexos?limit=3');
    expect(page.result.prev).toBeNull();
    const cursores: string[] = [];
    for (;;) {
      vistos.push(...page.result.rows.map((r) => r.id));
      if (!page.result.hasMore) break;
      cursores.push(page.result.next!);
      page = await get('auditor', `/api/autorizacoes/lista/anexos?limit=3&count=0&after=${page.result.next}`);
      expect(page.result.total).toBeNull();
    }
    expect(vistos).toEqual(tudo.map((r) => r.id));
    // back from the last page, by its first row
    const antes = await get('auditor', `/api/autorizacoes/lista/anexos?limit=3&count=0&before=${page.result.prev}`);
    const fim = tudo.length - page.result.rows.length;
    expect(antes.result.rows.map((r) => r.id)).toEqual(tudo.slice(fim - 3, fim).map((r) => r.id));
    expect(antes.result.hasMore).toBe(true);
    // a cursor that did not come from the server is refused
    expect((await get('auditor', '/api/autorizacoes/lista/anexos?after=eyJ4Ijp0cnVlfQ')).status).toBe(400);
    expect((await get('auditor', '/api/autorizacoes/lista/anexos?after=%27%3B--')).status).toBe(400);
  });

  it('the neighbours of a request are the previous and next of the whole filtered list, past the first page', async () => {
    const tudo = await todas('auditor', '/api/autorizacoes/lista/anexos');
    const meio = Math.floor(tudo.length / 2);
    const v = await get<ListNeighbors>('auditor', `/api/autorizacoes/lista/anexos/vizinhos?id=${tudo[meio].id}`);
    expect(v.status, v.body).toBe(200);
    expect(v.result).toEqual({ previous: tudo[meio - 1].id, next: tudo[meio + 1].id });
    const ultimo = await get<ListNeighbors>('auditor', `/api/autorizacoes/lista/anexos/vizinhos?id=${tudo[tudo.length - 1].id}`);
    expect(ultimo.result).toEqual({ previous: tudo[tudo.length - 2].id, next: null });
    // with a filter: the neighbours within it
    const opme = tudo.filter((r) => r.tipo === 'ANEXO_OPME');
    if (opme.length >= 3) {
      const f = await get<ListNeighbors>('auditor', `/api/autorizacoes/lista/anexos/vizinhos?tipo=ANEXO_OPME&id=${opme[1].id}`);
      expect(f.result).toEqual({ previous: opme[0].id, next: opme[2].id });
    }
    // another provider's request is not a neighbour of anything for a provider
    const [u] = await query<{ prestador_id: number }>(t.database.db, sql`select prestador_id from usuarios where login = 'prestador'`);
    const alheia = tudo.find((r) => r.prestadorId !== u.prestador_id)!;
    expect((await get<ListNeighbors>('prestador', `/api/autorizacoes/lista/anexos/vizinhos?id=${alheia.id}`)).result).toEqual({ previous: null, next: null });
  });

  it('every list of the definitions answers its page and its summary', async () => {
    for (const l of LISTAS) {
      const who = l.scope?.only === 'family' ? 'beneficiario' : 'operadora';
      const q = l.requires ? '?beneficiario=a' : '';
      const page = await get(who, `/api${l.endpoint}${q}`);
      expect(page.status, `${l.key}: ${page.body}`).toBe(200);
      const resumo = await get<ListSummary>(who, `/api${l.endpoint}/resumo${q}`);
      expect(resumo.status, `${l.key}: ${resumo.body}`).toBe(200);
      if (page.result.exact) expect(resumo.result.total, l.key).toBe(page.result.total);
      if (!l.summary) expect(resumo.result.totals).toBeNull();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import { RPS_MSG, type InclusaoFeita, type RedeDoPrestador } from '../../src/shared/rps';
import type { MovimentoRpsRow } from '../../src/shared/rps/listas';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Movimentos RPS (/ans-operadora/rps/movimentos-rps): the registry of the products' networks, the administrator's
 * only. The seeded registry is counted with SQL; an inclusion and an exclusion are made and checked in the tables
 * and the trail; every refusal answers in Portuguese beside its field.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let admin: Who;
let operadora: Who;
let beneficiario: Who;
let anon: Who;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin'));
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  anon = as(t.app, undefined);
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function todas(q: string): Promise<MovimentoRpsRow[]> {
  const out: MovimentoRpsRow[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<MovimentoRpsRow> = await get(admin, `/api/rps/movimentos?${q}&limit=200${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function produto(nome: string) {
  const [p] = await query<{ id: number; nome: string; inicio: string }>(db(), sql`select id, nome, inicio_comercializacao::text as inicio from produtos where nome = ${nome}`);
  return p;
}

describe('Movimentos RPS — quem vê', () => {
  it('is the administrator’s only: the operator and a beneficiary get 403, nobody logged in 401', async () => {
    for (const [who, status] of [
      [operadora, 403],
      [beneficiario, 403],
      [anon, 401],
    ] as const) {
      const r = await who({ method: 'GET', url: '/api/rps/movimentos' });
      expect(r.statusCode).toBe(status);
      if (status === 403) expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
      expect((await who({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: 1, produtos: [1], data: '01/01/2026' } })).statusCode).toBe(status);
      expect((await who({ method: 'POST', url: '/api/rps/vinculos/1/exclusao', payload: { data: '01/01/2026', motivo: '1', version: 1 } })).statusCode).toBe(status);
      expect((await who({ method: 'GET', url: '/api/rps/produtos' })).statusCode).toBe(status);
    }
  });
});

describe('Movimentos RPS — a lista', () => {
  it('lists every seeded movement newest first, pending, and filters by product, type, period and provider as SQL counts them', async () => {
    const [{ n, e }] = await query<{ n: number; e: number }>(db(), sql`select count(*)::int as n, count(*) filter (where tipo = 'E')::int as e from movimentos_rps`);
    expect(n).toBeGreaterThan(100);
    expect(e).toBeGreaterThan(0);
    const all = await todas('');
    expect(all.length).toBe(n);
    expect(all.every((r) => r.envio === 'PENDENTE')).toBe(true);
    // newest first
    for (let i = 1; i < all.length; i++) expect(all[i - 1].data >= all[i].data).toBe(true);
    // every closed period's exclusion carries its reason
    expect(all.filter((r) => r.tipo === 'E').every((r) => r.motivo != null)).toBe(true);

    const enf = await produto('Essencial Enfermaria');
    const [{ ne }] = await query<{ ne: number }>(
      db(),
      sql`select count(*)::int as ne from movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id where rp.produto_id = ${enf.id} and m.tipo = 'E' and m.data between '2025-01-01' and '2026-12-31'`,
    );
    const filtradas = await todas(`produto=${enf.id}&tipo=E&de=01/01/2025&ate=31/12/2026`);
    expect(filtradas.length).toBe(ne);
    expect(filtradas.every((r) => r.produtoId === enf.id && r.tipo === 'E' && r.data >= '2025-01-01')).toBe(true);
    // hospitals left the cheapest plan by reduction or substitution
    expect(filtradas.some((r) => r.prestadorNome.startsWith('Hospital') && (r.motivo === '3' || r.motivo === '4'))).toBe(true);

    const [alvo] = await query<{ codigo: string; n: number }>(
      db(),
      sql`select p.codigo, count(*)::int as n from movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id join prestadores p on p.id = rp.prestador_id group by p.codigo order by count(*) desc, p.codigo limit 1`,
    );
    const doPrestador = await todas(`prestador=${alvo.codigo}`);
    expect(doPrestador.length).toBe(alvo.n);
    expect(new Set(doPrestador.map((r) => r.prestadorCodigo))).toEqual(new Set([alvo.codigo]));
  });

  it('refuses a filter it does not have and an impossible date, in Portuguese', async () => {
    expect((await admin({ method: 'GET', url: '/api/rps/movimentos?cpf=1' })).statusCode).toBe(400);
    const r = await admin({ method: 'GET', url: '/api/rps/movimentos?de=31/02/2026' });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)[0].value).toMatch(/data|Data/);
  });
});

describe('Movimentos RPS — incluir e excluir', () => {
  /** A medical provider in force in MG, out of the dental plan's network. */
  async function candidato() {
    const odonto = await produto('Odonto Clássico');
    const [p] = await query<{ id: number; nome: string; codigo: string; inicio: string }>(
      db(),
      sql`select p.id, p.nome, p.codigo, p.inicio_vigencia::text as inicio from prestadores p
        where p.fim_vigencia is null and p.uf = 'MG' and p.inicio_vigencia < '2024-01-01'
          and not exists (select 1 from rede_produtos rp where rp.prestador_id = p.id and rp.produto_id = ${odonto.id})
          and exists (select 1 from rede_produtos rp join produtos pr on pr.id = rp.produto_id where rp.prestador_id = p.id and pr.nome = 'Essencial Apartamento' and rp.fim is null)
        order by p.id limit 1`,
    );
    return { p, odonto };
  }

  it('refuses an empty or malformed inclusion beside each field, before anything is written', async () => {
    const antes = await query<{ n: number }>(db(), sql`select count(*)::int as n from movimentos_rps`);
    const r = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: {} });
    expect(r.statusCode).toBe(400);
    const a = alertsOf(r.body);
    expect(a).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'prestadorId', value: RPS_MSG.prestador }),
        expect.objectContaining({ field: 'produtos', value: RPS_MSG.produtos }),
        expect.objectContaining({ field: 'data', value: RPS_MSG.dataInclusao }),
      ]),
    );
    const r2 = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: 1, produtos: [], data: '31/02/2026' } });
    expect(alertsOf(r2.body)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'produtos', value: RPS_MSG.produtos }), expect.objectContaining({ field: 'data', value: RPS_MSG.dataInvalida })]),
    );
    const r3 = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: 1, produtos: [999_999], data: '01/01/2026' } });
    expect(r3.statusCode).toBe(404);
    expect(alertsOf(r3.body)[0].value).toBe(RPS_MSG.produtoNaoEncontrado);
    const depois = await query<{ n: number }>(db(), sql`select count(*)::int as n from movimentos_rps`);
    expect(depois[0].n).toBe(antes[0].n);
  });

  it('refuses, all at once, a date out of the provider’s term, a product not sold yet and a network it is already in', async () => {
    const { p, odonto } = await candidato();
    const apto = await produto('Essencial Apartamento');
    const [v] = await query<{ inicio: string }>(db(), sql`select inicio::text as inicio from rede_produtos where prestador_id = ${p.id} and produto_id = ${apto.id} and fim is null`);
    // before the term started: the term, the product not sold then, and the network it is already in
    const dia = '2000-01-10';
    const r = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: p.id, produtos: [odonto.id, apto.id], data: br(dia) } });
    expect(r.statusCode).toBe(422);
    const a = alertsOf(r.body);
    expect(a).toContainEqual(expect.objectContaining({ field: 'data', value: expect.stringContaining(`não está em vigência em ${br(dia)}`) }));
    expect(a).toContainEqual(expect.objectContaining({ field: 'produtos', value: RPS_MSG.antesDaComercializacao(odonto.nome, odonto.inicio) }));
    expect(a).toContainEqual(expect.objectContaining({ field: 'produtos', value: RPS_MSG.jaNaRede(apto.nome, v.inicio) }));
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from rede_produtos where prestador_id = ${p.id} and produto_id = ${odonto.id}`);
    expect(n).toBe(0);
  });

  it('includes a provider in a network (trail, pending, repeat-safe), then excludes it with date and reason', async () => {
    const { p, odonto } = await candidato();
    const dia = todayIso();
    const chave = `rps-teste-${Date.now()}`;
    const body = { prestadorId: p.id, produtos: [odonto.id], data: br(dia), observacao: 'Credenciado para odontologia' };
    const r = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: body, headers: { 'idempotency-key': chave } });
    expect(r.statusCode, r.body).toBe(201);
    const feita = r.json().result as InclusaoFeita;
    expect(feita.movimentos).toHaveLength(1);
    expect(alertsOf(r.body)[0].value).toBe(RPS_MSG.incluido(1, p.nome));
    // the same submission again gets the same movement back, and writes nothing
    const again = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: body, headers: { 'idempotency-key': chave } });
    expect(again.statusCode).toBe(200);
    expect((again.json().result as InclusaoFeita).movimentos).toEqual(feita.movimentos);
    const [vinc] = await query<{ id: number; inicio: string; fim: string | null; version: number }>(
      db(),
      sql`select id, inicio::text as inicio, fim::text as fim, version from rede_produtos where prestador_id = ${p.id} and produto_id = ${odonto.id}`,
    );
    expect(vinc).toMatchObject({ inicio: dia, fim: null });
    const [mov] = await query<{ tipo: string; data: string; envio: string; usuario: string; observacao: string }>(
      db(),
      sql`select m.tipo, m.data::text as data, m.envio, m.usuario_nome as usuario, m.observacao from movimentos_rps m where m.id = ${feita.movimentos[0]}`,
    );
    expect(mov).toMatchObject({ tipo: 'I', data: dia, envio: 'PENDENTE', observacao: 'Credenciado para odontologia' });
    const trilha = await query<{ acao: string; depois: Record<string, unknown>; login: string }>(
      db(),
      sql`select acao, depois, usuario_login as login from trilha_eventos where entidade = 'movimentorps' and registro_id = ${String(feita.movimentos[0])}`,
    );
    expect(trilha).toHaveLength(1);
    expect(trilha[0]).toMatchObject({ acao: 'insert', login: 'admin', depois: { tipo: 'Inclusão', produto: odonto.nome, data: dia, envio: 'Pendente de envio' } });
    // the provider's networks as the form shows them
    const rede = await get<RedeDoPrestador>(admin, `/api/rps/prestadores/${p.id}/rede`);
    expect(rede.vinculos.find((x) => x.produtoId === odonto.id)).toMatchObject({ inicio: dia, fim: null });
    // the list shows it first, with its open period
    const [primeira] = await todas(`prestador=${p.codigo}&tipo=I&produto=${odonto.id}`);
    expect(primeira).toMatchObject({ id: feita.movimentos[0], vinculoAberto: true, vinculoId: vinc.id });

    // exclusion: the reason is required, the date after the inclusion, the version read
    const url = `/api/rps/vinculos/${vinc.id}/exclusao`;
    const semMotivo = await admin({ method: 'POST', url, payload: { data: br(dia), version: vinc.version } });
    expect(semMotivo.statusCode).toBe(400);
    expect(alertsOf(semMotivo.body)).toContainEqual(expect.objectContaining({ field: 'motivo', value: RPS_MSG.motivo }));
    const cedo = await admin({ method: 'POST', url, payload: { data: br(dia), motivo: '2', version: vinc.version } });
    expect(cedo.statusCode).toBe(422);
    expect(alertsOf(cedo.body)[0]).toMatchObject({ field: 'data', value: RPS_MSG.exclusaoAntesDaInclusao(dia) });
    const amanha = new Date(Date.parse(`${dia}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const velha = await admin({ method: 'POST', url, payload: { data: br(amanha), motivo: '2', version: vinc.version + 5 } });
    expect(velha.statusCode).toBe(409);
    const ok = await admin({ method: 'POST', url, payload: { data: br(amanha), motivo: '2', observacao: 'Pedido do prestador', version: vinc.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(alertsOf(ok.body)[0].value).toBe(RPS_MSG.excluido(p.nome, odonto.nome));
    const [fechado] = await query<{ fim: string; motivo: string }>(db(), sql`select fim::text as fim, motivo_exclusao as motivo from rede_produtos where id = ${vinc.id}`);
    expect(fechado).toEqual({ fim: amanha, motivo: '2' });
    const excl = await query<{ id: number; tipo: string; motivo: string }>(db(), sql`select id, tipo, motivo from movimentos_rps where vinculo_id = ${vinc.id} order by id`);
    expect(excl.map((m) => m.tipo)).toEqual(['I', 'E']);
    const [tr] = await query<{ depois: Record<string, unknown> }>(db(), sql`select depois from trilha_eventos where entidade = 'movimentorps' and registro_id = ${String(excl[1].id)}`);
    expect(tr.depois).toMatchObject({ tipo: 'Exclusão', motivo: 'Descredenciamento a pedido do prestador', data: amanha });
    // the period is closed: no second exclusion, and a new inclusion only from the day it left
    const deNovo = await admin({ method: 'POST', url, payload: { data: br(amanha), motivo: '2', version: vinc.version + 1 } });
    expect(deNovo.statusCode).toBe(422);
    expect(alertsOf(deNovo.body)[0].value).toBe(RPS_MSG.jaExcluido(amanha));
    const volta = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: p.id, produtos: [odonto.id], data: br(dia) } });
    expect(volta.statusCode).toBe(422);
    expect(alertsOf(volta.body)[0].value).toBe(RPS_MSG.saiuDepois(odonto.nome, amanha));
    const voltaDepois = await admin({ method: 'POST', url: '/api/rps/inclusoes', payload: { prestadorId: p.id, produtos: [odonto.id], data: br(amanha) } });
    expect(voltaDepois.statusCode, voltaDepois.body).toBe(201);
  });

  it('refuses an exclusion of a period that does not exist', async () => {
    const r = await admin({ method: 'POST', url: '/api/rps/vinculos/999999/exclusao', payload: { data: '01/01/2026', motivo: '1', version: 1 } });
    expect(r.statusCode).toBe(404);
    expect(alertsOf(r.body)[0].value).toBe(RPS_MSG.vinculoNaoEncontrado);
  });
});

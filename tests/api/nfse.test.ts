import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import type { ConsolidacaoLinha, SolicitacaoPagamentoLinha } from '../../src/shared/pagamentos';
import { NFSE_MARGEM_DIAS, NFSE_MSG } from '../../src/shared/pagamentos/nfse';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';
import { nfse } from './nfse-dados';

/**
 * The providers' service invoices (NFS-e): informed by a legal entity with its payment request (required, refused of a
 * natural person, checked against the request), shown on the request and on finance's consolidation.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let adm: Who;
let padm: Who;
let prest: Who;
let benef: Who;
let pj: number;
let outroPj: number;
let pf: number;
let seq = 0;
const db = () => t.ctx.db;
const HOJE = todayIso();
const dias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const count = async (table: string) => (await query<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

/** A received protocol whose review closed with `liberado` released (one guide, one item). */
async function protocolo(prestadorId: number, liberado: number, recebido = HOJE): Promise<number> {
  const numero = `28${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(4, '0')}`;
  const [p] = await query<{ id: number }>(
    db(),
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, status, recebido_em)
        values (${numero}, ${prestadorId}, ${`NF${seq}`}, '4.03.00', 'CONSULTA', 1, ${liberado}, '5', ${`${recebido}T12:00:00-03:00`}) returning id`,
  );
  const [g] = await query<{ id: number }>(
    db(),
    sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos, status)
        values (${p.id}, 1, ${`GN${seq}`}, '0000', ${recebido}, ${liberado}, ${liberado}, '5') returning id`,
  );
  await db().execute(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos)
    select ${g.id}, 1, ${recebido}, '22', codigo, id, 1, ${liberado}, ${liberado}, ${liberado} from procedimentos where codigo = '10101012'`);
  return p.id;
}

const pedir = (who: Who, payload: Record<string, unknown>) => who({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload });

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  padm = as(t.app, await loginAs(t.app, 'prestadoradm'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  [{ id: pj }] = await query<{ id: number }>(db(), sql`select id from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  [{ id: outroPj }] = await query<{ id: number }>(db(), sql`select id from prestadores where tipo_pessoa = 'J' and id <> ${pj} order by id limit 1`);
  [{ id: pf }] = await query<{ id: number }>(db(), sql`select id from prestadores where tipo_pessoa = 'F' order by id limit 1`);
}, 180_000);
afterAll(() => t?.close());

describe('NFS-e na solicitação de pagamento', () => {
  it('a legal entity informs its invoice: stored as normalized, in the trail, on the list and on the consolidation', async () => {
    const p = await protocolo(pj, 2_345_67);
    const nota = { ...nfse(2_345_67), nfseSerie: 'a1', nfseEmissao: isoToBr(dias(HOJE, -3)), nfseCodigo: 'ab12-cd3e' };
    const numero = nota.nfseNumero;
    const r = await pedir(padm, { protocolos: [p], ...nota, nfseNumero: `00${numero}` });
    expect(r.statusCode, r.body).toBe(201);
    const s = r.json().result as SolicitacaoPagamentoLinha;
    expect(s.nfse).toEqual({ numero, serie: 'A1', emissao: dias(HOJE, -3), codigoVerificacao: 'AB12CD3E', valorServicos: 2_345_67 });
    const [row] = await query<Record<string, unknown>>(
      db(),
      sql`select nfse_numero, nfse_serie, nfse_emissao::text as emissao, nfse_codigo_verificacao, nfse_valor_servicos_centavos::text as valor from solicitacoes_pagamento where id = ${s.id}`,
    );
    expect(row).toEqual({ nfse_numero: numero, nfse_serie: 'A1', emissao: dias(HOJE, -3), nfse_codigo_verificacao: 'AB12CD3E', valor: '234567' });
    const [trail] = await query<{ depois: { nfse?: unknown } }>(db(), sql`select depois from trilha_eventos where entidade = 'solicitacaopagamento' and registro_id = ${String(s.id)} order by id limit 1`);
    expect(trail.depois.nfse).toEqual({ numero, serie: 'A1', emissao: dias(HOJE, -3), codigoVerificacao: 'AB12CD3E', valorServicos: 2_345_67 });
    // the request's list shows it and finds it by number
    const l = (await padm({ method: 'GET', url: `/api/pagamentos/solicitacoes?nfse=${numero}` })).json().result as ListPage<SolicitacaoPagamentoLinha>;
    expect(l.rows.map((x) => [x.id, x.nfse?.numero])).toEqual([[s.id, numero]]);
    // finance's consolidation line of the month carries each request's invoice
    const cons = (await adm({ method: 'GET', url: `/api/pagamentos/consolidacao?competencia=${HOJE.slice(5, 7)}/${HOJE.slice(0, 4)}` })).json().result as ConsolidacaoLinha[];
    expect(cons.find((c) => c.prestadorId === pj)!.notas).toContainEqual({ solicitacao: s.numero, nfse: s.nfse });
  });

  it('is required of a legal entity and refused of a natural person (paid by RPA), storing nothing', async () => {
    const antes = await count('solicitacoes_pagamento');
    const sem = await pedir(padm, { protocolos: [await protocolo(pj, 100_00)] });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body).map((a) => [a.field, a.value])).toEqual([
      ['nfseNumero', NFSE_MSG.exigida],
      ['nfseEmissao', NFSE_MSG.emissao],
      ['nfseCodigo', NFSE_MSG.codigo],
      ['nfseValor', NFSE_MSG.valor],
    ]);
    const ppf = await protocolo(pf, 300_00);
    const comNota = await pedir(op, { prestadorId: pf, protocolos: [ppf], ...nfse(300_00) });
    expect(comNota.statusCode).toBe(400);
    expect(alertsOf(comNota.body)[0]).toMatchObject({ field: 'nfseNumero', value: NFSE_MSG.pessoaFisica });
    expect(await count('solicitacoes_pagamento')).toBe(antes);
    const semNota = await pedir(op, { prestadorId: pf, protocolos: [ppf] });
    expect(semNota.statusCode, semNota.body).toBe(201);
    expect(semNota.json().result.nfse).toBeNull();
  });

  it('refuses bad fields with the message beside each one (400)', async () => {
    const p = await protocolo(pj, 50_00, dias(HOJE, -10));
    const casos: [Record<string, unknown>, string, string][] = [
      [{ nfseNumero: '12A' }, 'nfseNumero', NFSE_MSG.numeroInvalido],
      [{ nfseNumero: '0000' }, 'nfseNumero', NFSE_MSG.numeroInvalido],
      [{ nfseNumero: '1234567890123456' }, 'nfseNumero', NFSE_MSG.numeroInvalido],
      [{ nfseSerie: 'SERIE1' }, 'nfseSerie', NFSE_MSG.serie],
      [{ nfseEmissao: '31/02/2026' }, 'nfseEmissao', NFSE_MSG.emissaoInvalida],
      [{ nfseEmissao: isoToBr(dias(HOJE, 1)) }, 'nfseEmissao', NFSE_MSG.emissaoFutura],
      [{ nfseCodigo: 'AB' }, 'nfseCodigo', NFSE_MSG.codigoInvalido],
      [{ nfseCodigo: 'ABCDEFGHIJ' }, 'nfseCodigo', NFSE_MSG.codigoInvalido],
      [{ nfseValor: -5 }, 'nfseValor', NFSE_MSG.valorInvalido],
      [{ nfseValor: 10.5 }, 'nfseValor', NFSE_MSG.valorInvalido],
      [{ nfseValor: '50,00' }, 'nfseValor', NFSE_MSG.valorInvalido],
      // issued more than the margin before the protocol was received
      [{ nfseEmissao: dias(HOJE, -11 - NFSE_MARGEM_DIAS) }, 'nfseEmissao', 'A NFS-e não pode ter sido emitida antes de'],
      // the invoice covers what is asked
      [{ nfseValor: 49_99 }, 'nfseValor', NFSE_MSG.valorDiferente(49_99, 50_00)],
    ];
    for (const [mudar, field, msg] of casos) {
      const r = await pedir(padm, { protocolos: [p], ...nfse(50_00), ...mudar });
      expect(r.statusCode, JSON.stringify(mudar)).toBe(400);
      expect(alertsOf(r.body), JSON.stringify(mudar)).toContainEqual(expect.objectContaining({ field, value: expect.stringContaining(msg) }));
    }
    // a partly filled invoice names each empty required field
    const parcial = await pedir(padm, { protocolos: [p], nfseNumero: '123' });
    expect(parcial.statusCode).toBe(400);
    expect(alertsOf(parcial.body).map((a) => a.field)).toEqual(['nfseEmissao', 'nfseCodigo', 'nfseValor']);
    // at the margin itself it passes
    const ok = await pedir(padm, { protocolos: [p], ...nfse(50_00, { emissao: dias(HOJE, -10 - NFSE_MARGEM_DIAS) }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a number is informed once per provider; another provider may have the same number', async () => {
    const nota = nfse(70_00);
    const primeira = await pedir(padm, { protocolos: [await protocolo(pj, 70_00)], ...nota });
    expect(primeira.statusCode, primeira.body).toBe(201);
    const de_novo = await pedir(padm, { protocolos: [await protocolo(pj, 70_00)], ...nota, nfseNumero: `0${nota.nfseNumero}` });
    expect(de_novo.statusCode).toBe(422);
    expect(alertsOf(de_novo.body)[0]).toMatchObject({ field: 'nfseNumero', value: NFSE_MSG.duplicada(nota.nfseNumero, primeira.json().result.numero) });
    const outro = await pedir(op, { prestadorId: outroPj, protocolos: [await protocolo(outroPj, 70_00)], ...nota });
    expect(outro.statusCode, outro.body).toBe(201);
  });

  it('only who may ask payment sends it (403 in Portuguese)', async () => {
    const p = await protocolo(pj, 10_00);
    for (const who of [benef, prest]) {
      const r = await pedir(who, { protocolos: [p], ...nfse(10_00) });
      expect(r.statusCode).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import type { ConsolidacaoLinha, SolicitacaoPagamentoLinha } from '../../src/shared/pagamentos';
import { NFSE_MARGEM_DIAS, NFSE_MSG } from '../../src/shared/pagamentos/nfse';
import { exportacaoDes, exportacaoNotasServicosTomados, LAYOUT_DES, LAYOUT_NOTAS_SERVICOS_TOMADOS, TRIBUTOS_NOTA } from '../../src/shared/processos/iss';
import { posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';
import { nfse } from './nfse-dados';

/**
 * The providers' service invoices (NFS-e): informed by a legal entity with its payment request (required, refused of a
 * natural person, checked against the request), shown on the request and on finance's consolidation; and the two
 * declarations of services taken built from them (DES, fixed width; Notas Fiscais de Serviços Tomados, CSV), read back
 * by position and column and compared with counts and sums computed here in SQL from the requests and withholdings.
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
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
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

// ---- the exports ---------------------------------------------------------------------------------------------------

let comp: string; // 'YYYY-MM': the demo's past month with the most invoices consolidated
let param: string; // 'MMYYYY'

const run = async (tipo: string, comando: string, parametros: Record<string, unknown>) => {
  const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const j = await waitForJob(op, res.json().result.id);
  expect(j.status, j.erro ?? '').toBe('concluida');
  return j as { arquivos: { id: number; nome: string }[]; log: { mensagem: string }[] };
};
const arquivo = async (id: number) => (await op({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString('latin1');
const ler = (registro: (typeof LAYOUT_DES.registros)[number], l: string) => Object.fromEntries(posicoes(registro).map((c) => [c.nome, l.slice(c.inicio - 1, c.fim)]));

/** The invoices the exports must carry, straight from the requests (legal entities, payments not reversed). */
async function notasEsperadas(comMunicipio: boolean) {
  return query<{ pagamento: string; cnpj: string; numero: string; valor: string; municipio: number | null }>(
    db(),
    sql`select g.numero as pagamento, pr.cnpj, s.nfse_numero as numero, s.nfse_valor_servicos_centavos::text as valor, pr.cidade as municipio
        from solicitacoes_pagamento s join pagamentos_prestadores g on g.id = s.pagamento_id join prestadores pr on pr.id = g.prestador_id
        where g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J' and s.nfse_numero is not null
          ${comMunicipio ? sql`and pr.cidade is not null` : sql``} order by g.numero, s.nfse_numero`,
  );
}
/** Each payment's withholdings by tax (payments not reversed, legal entities). */
async function retencoesEsperadas() {
  const rows = await query<{ pagamento: string; tributo: string; valor: string }>(
    db(),
    sql`select g.numero as pagamento, r.tributo, r.valor_centavos::text as valor from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
        where g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J'`,
  );
  return new Map(rows.map((r) => [`${Number(r.pagamento)}:${r.tributo}`, Number(r.valor)]));
}

describe('Exportar DES e Notas Fiscais de Serviços Tomados', () => {
  beforeAll(async () => {
    [{ comp }] = await query<{ comp: string }>(
      db(),
      sql`select g.competencia as comp from solicitacoes_pagamento s join pagamentos_prestadores g on g.id = s.pagamento_id
          where s.nfse_numero is not null and g.estornado_em is null group by 1 order by count(*) desc, 1 limit 1`,
    );
    param = `${comp.slice(5)}${comp.slice(0, 4)}`;
  });

  it('the demo gives every seeded legal entity’s request an invoice worth what it asks, numbered per provider', async () => {
    const [r] = await query<{ sem: number; diferente: number; repetidas: number; futuras: number }>(
      db(),
      sql`select count(*) filter (where s.nfse_numero is null)::int as sem,
                 count(*) filter (where s.nfse_valor_servicos_centavos <> s.valor_total_centavos)::int as diferente,
                 (select count(*)::int from (select prestador_id, nfse_numero from solicitacoes_pagamento where nfse_numero is not null group by 1, 2 having count(*) > 1) x) as repetidas,
                 count(*) filter (where s.nfse_emissao > (s.criado_em at time zone 'America/Sao_Paulo')::date)::int as futuras
          from solicitacoes_pagamento s join prestadores pr on pr.id = s.prestador_id where pr.tipo_pessoa = 'J' and s.pagamento_id is not null`,
    );
    expect(r).toEqual({ sem: 0, diferente: 0, repetidas: 0, futuras: 0 });
  });

  it('DES: one record per invoice with the ISS of its payment, the operator as taker, the trailer’s counts and totals', async () => {
    const previa = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: exportacaoDes.tipo, comando: exportacaoDes.comando, parametros: { competencia: param } } });
    expect(previa.statusCode, previa.body).toBe(200);
    const exp = await notasEsperadas(true);
    expect(exp.length).toBeGreaterThan(1);
    expect(previa.json().result.total).toBe(exp.length);

    const j = await run(exportacaoDes.tipo, exportacaoDes.comando, { competencia: param });
    expect(j.arquivos.map((a) => a.nome)).toEqual([`DES_${comp.replace('-', '')}.txt`]);
    const linhas = (await arquivo(j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 220)).toBe(true);
    const [cab, det, rod] = LAYOUT_DES.registros;
    const [opr] = await query<{ cnpj: string; cidade: number | null }>(db(), sql`select cnpj, cidade from operadoras order by id limit 1`);
    const c = ler(cab, linhas[0]);
    expect([c.tipo, c.cnpj, c.competencia, Number(c.municipio)]).toEqual(['0', opr.cnpj, comp.replace('-', ''), opr.cidade ?? 0]);
    const notas = linhas.slice(1, -1).map((l) => ler(det, l));
    expect(notas.map((n) => [n.pagamento, n.cnpj, String(Number(n.numeroNota)), String(Number(n.valorServicos))]).sort()).toEqual(
      exp.map((e) => [e.pagamento.padStart(12, '0'), e.cnpj, e.numero, e.valor]).sort(),
    );
    // each payment's ISS withheld is shared among its invoices, never more nor less
    const ret = await retencoesEsperadas();
    const issPorPagamento = new Map<number, number>();
    for (const n of notas) issPorPagamento.set(Number(n.pagamento), (issPorPagamento.get(Number(n.pagamento)) ?? 0) + Number(n.iss));
    for (const [pagamento, iss] of issPorPagamento) expect(iss, String(pagamento)).toBe(ret.get(`${pagamento}:ISS`) ?? 0);
    for (const n of notas) {
      expect(['S', 'N']).toContain(n.retido);
      if (n.retido === 'N') expect([Number(n.iss), n.base]).toEqual([0, n.valorServicos]);
      else expect(Number(n.aliquota)).toBeGreaterThan(0);
    }
    const [tot] = await query<{ valor: string; iss: string }>(
      db(),
      sql`select (select coalesce(sum(s.nfse_valor_servicos_centavos), 0) from solicitacoes_pagamento s join pagamentos_prestadores g on g.id = s.pagamento_id join prestadores pr on pr.id = g.prestador_id
                  where g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J' and pr.cidade is not null and s.nfse_numero is not null)::text as valor,
                 (select coalesce(sum(r.valor_centavos), 0) from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
                  where r.tributo = 'ISS' and g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J' and pr.cidade is not null)::text as iss`,
    );
    const fim = ler(rod, linhas.at(-1)!);
    expect([Number(fim.notas), Number(fim.valorServicos), Number(fim.iss), Number(fim.retidas)]).toEqual([exp.length, Number(tot.valor), Number(tot.iss), notas.filter((n) => n.retido === 'S').length]);
    expect(Number(fim.base)).toBe(notas.reduce((s, n) => s + Number(n.base), 0));
  });

  it('DES of one municipality; a reversed payment and a request without invoice are left out, and the log says why', async () => {
    const exp = await notasEsperadas(true);
    const municipio = exp[0].municipio!;
    const um = await run(exportacaoDes.tipo, exportacaoDes.comando, { competencia: param, municipio });
    const detalhes = (await arquivo(um.arquivos[0].id)).split('\r\n').filter((l) => l[0] === '1').map((l) => ler(LAYOUT_DES.registros[1], l));
    expect(detalhes.length).toBe(exp.filter((e) => e.municipio === municipio).length);
    expect(new Set(detalhes.map((d) => Number(d.municipio)))).toEqual(new Set([municipio]));

    const [estornado, semNota] = await query<{ id: number; numero: string; solicitacao: number; nfse: string; prestador: string }>(
      db(),
      sql`select g.id, g.numero, s.id as solicitacao, s.nfse_numero as nfse, pr.nome as prestador from pagamentos_prestadores g join solicitacoes_pagamento s on s.pagamento_id = g.id join prestadores pr on pr.id = g.prestador_id
          where g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J' and pr.cidade is not null order by g.id, s.id`,
    ).then((rows) => [rows[0], rows.find((r) => r.id !== rows[0].id)!]);
    await db().execute(sql`update pagamentos_prestadores set estornado_em = now(), estornado_por = 'teste', estorno_motivo = 'teste de estorno' where id = ${estornado.id}`);
    await db().execute(sql`update solicitacoes_pagamento set nfse_numero = null where id = ${semNota.solicitacao}`);
    try {
      const j = await run(exportacaoDes.tipo, exportacaoDes.comando, { competencia: param });
      const detalhes2 = (await arquivo(j.arquivos[0].id)).split('\r\n').filter((l) => l[0] === '1').map((l) => ler(LAYOUT_DES.registros[1], l));
      expect(detalhes2.some((d) => Number(d.pagamento) === Number(estornado.numero))).toBe(false);
      expect(detalhes2.some((d) => Number(d.numeroNota) === Number(semNota.nfse) && Number(d.pagamento) === Number(semNota.numero))).toBe(false);
      expect(detalhes2.length).toBe((await notasEsperadas(true)).length);
      expect(j.log.map((l) => l.mensagem)).toContainEqual(expect.stringMatching(new RegExp(`^Fora do arquivo: ${semNota.prestador.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: a solicitação nº \\d+ \\(pagamento nº ${semNota.numero}\\) não tem NFS-e informada\\.$`)));
      const notasCsv = await run(exportacaoNotasServicosTomados.tipo, exportacaoNotasServicosTomados.comando, { competencia: param });
      const csv = (await arquivo(notasCsv.arquivos[0].id)).split('\r\n').filter(Boolean);
      expect(csv.length).toBe((await notasEsperadas(false)).length);
    } finally {
      await db().execute(sql`update pagamentos_prestadores set estornado_em = null, estornado_por = null, estorno_motivo = null where id = ${estornado.id}`);
      await db().execute(sql`update solicitacoes_pagamento set nfse_numero = ${semNota.nfse} where id = ${semNota.solicitacao}`);
    }
  });

  it('Notas Fiscais de Serviços Tomados: one CSV line per invoice with its share of each withholding and the net', async () => {
    const j = await run(exportacaoNotasServicosTomados.tipo, exportacaoNotasServicosTomados.comando, { competencia: param });
    expect(j.arquivos.map((a) => a.nome)).toEqual([`NOTAS_SERVICOS_TOMADOS_${comp.replace('-', '')}.csv`]);
    const campos = LAYOUT_NOTAS_SERVICOS_TOMADOS.registros[0].campos.map((c) => c.nome);
    const lidas = (await arquivo(j.arquivos[0].id))
      .split('\r\n')
      .filter(Boolean)
      .map((l) => Object.fromEntries(l.split(';').map((v, i) => [campos[i], v])));
    expect(lidas.every((r) => Object.keys(r).length === campos.length)).toBe(true);
    const exp = await notasEsperadas(false);
    expect(lidas.map((r) => [r.cnpj, r.numeroNota, r.valorServicos]).sort()).toEqual(exp.map((e) => [e.cnpj, e.numero, e.valor]).sort());
    expect(new Set(lidas.map((r) => r.competencia))).toEqual(new Set([comp.replace('-', '')]));
    for (const r of lidas) expect(r.emissao).toMatch(/^\d{8}$/);
    // per payment, the invoices' shares add up to each withholding; each line's net is its value less its withholdings
    const ret = await retencoesEsperadas();
    const porNota = new Map(exp.map((e) => [`${e.cnpj}:${e.numero}`, Number(e.pagamento)]));
    const somas = new Map<string, number>();
    for (const r of lidas) {
      const pagamento = porNota.get(`${r.cnpj}:${r.numeroNota}`)!;
      for (const tr of TRIBUTOS_NOTA) somas.set(`${pagamento}:${tr}`, (somas.get(`${pagamento}:${tr}`) ?? 0) + Number(r[tr.toLowerCase()]));
      expect(Number(r.liquido)).toBe(Number(r.valorServicos) - TRIBUTOS_NOTA.reduce((s, tr) => s + Number(r[tr.toLowerCase()]), 0));
    }
    for (const [k, v] of somas) expect(v, k).toBe(ret.get(k) ?? 0);
    const [tot] = await query<{ retido: string }>(
      db(),
      sql`select coalesce(sum(r.valor_centavos), 0)::text as retido from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
          where g.competencia = ${comp} and g.estornado_em is null and pr.tipo_pessoa = 'J'`,
    );
    expect(lidas.reduce((s, r) => s + TRIBUTOS_NOTA.reduce((x, tr) => x + Number(r[tr.toLowerCase()]), 0), 0)).toBe(Number(tot.retido));
  });

  it('a payment of several invoices shares each withholding among them in proportion to their values', async () => {
    // this month's requests of the legal entity (the tests above made several), consolidated by finance
    const mes = `${HOJE.slice(5, 7)}/${HOJE.slice(0, 4)}`;
    const criados = (await adm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia: mes, prestadores: [pj] } })).json().result as { id: number; numero: string }[];
    expect(criados).toHaveLength(1);
    const notas = await query<{ numero: string; valor: string }>(db(), sql`select nfse_numero as numero, nfse_valor_servicos_centavos::text as valor from solicitacoes_pagamento where pagamento_id = ${criados[0].id} order by id`);
    expect(notas.length).toBeGreaterThan(2);
    const ret = await query<{ tributo: string; valor: string }>(db(), sql`select tributo, valor_centavos::text as valor from retencoes_pagamentos where pagamento_id = ${criados[0].id}`);
    expect(ret.length).toBeGreaterThan(0);
    const j = await run(exportacaoNotasServicosTomados.tipo, exportacaoNotasServicosTomados.comando, { competencia: HOJE.slice(5, 7) + HOJE.slice(0, 4) });
    const campos = LAYOUT_NOTAS_SERVICOS_TOMADOS.registros[0].campos.map((c) => c.nome);
    const lidas = (await arquivo(j.arquivos[0].id))
      .split('\r\n')
      .filter(Boolean)
      .map((l) => Object.fromEntries(l.split(';').map((v, i) => [campos[i], v])))
      .filter((r) => notas.some((n) => n.numero === r.numeroNota));
    expect(lidas.map((r) => r.numeroNota).sort()).toEqual(notas.map((n) => n.numero).sort());
    const bruto = notas.reduce((s, n) => s + Number(n.valor), 0);
    for (const r of ret) {
      const partes = lidas.map((l) => Number(l[r.tributo.toLowerCase()]));
      expect(partes.reduce((s, x) => s + x, 0), r.tributo).toBe(Number(r.valor));
      lidas.forEach((l, i) => expect(Math.abs(partes[i] - (Number(r.valor) * Number(l.valorServicos)) / bruto), r.tributo).toBeLessThan(notas.length));
    }
  });

  it('refuses a bad month and a user without the export', async () => {
    for (const [tipo, comando] of [
      [exportacaoDes.tipo, exportacaoDes.comando],
      [exportacaoNotasServicosTomados.tipo, exportacaoNotasServicosTomados.comando],
    ]) {
      const bad = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros: { competencia: '132026' } } });
      expect(bad.statusCode).toBe(400);
      expect(alertsOf(bad.body)).toContainEqual(expect.objectContaining({ field: 'competencia' }));
      for (const who of [benef, padm]) {
        const no = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros: { competencia: param } } });
        expect(no.statusCode, comando).toBe(403);
        expect(alertsOf(no.body)[0].value).toBe(APP_MSG.acessoNegado);
      }
    }
  });
});

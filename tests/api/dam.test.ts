import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import { cancelamentoDamBetha, exportacaoDam, exportacaoDamBetha, LAYOUT_CANCELAMENTO_DAM_BETHA, LAYOUT_DAM, LAYOUT_DAM_BETHA, vencimentoDam } from '../../src/shared/processos/iss';
import { posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The DAM exports (client pjf) on the demo's own consolidated payments: the guides, services and totals read back
 * from the file by position and compared with sums the test computes in SQL from the withholdings.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let adm: Who;
let benef: Who;
let comp: string; // 'YYYY-MM', the demo's month with the most payments with ISS withheld
let param: string; // 'MMYYYY'
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1', CLIENT: 'pjf' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  [{ comp }] = await query<{ comp: string }>(
    db(),
    sql`select g.competencia as comp from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id
        where r.tributo = 'ISS' and r.valor_centavos > 0 and g.estornado_em is null group by 1 order by count(*) desc, 1 limit 1`,
  );
  param = `${comp.slice(5)}${comp.slice(0, 4)}`;
}, 180_000);
afterAll(() => t?.close());

const run = async (tipo: string, comando: string, parametros: Record<string, unknown>, who: Who = op) => {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const j = await waitForJob(who, res.json().result.id);
  expect(j.status, j.erro ?? '').toBe('concluida');
  return j;
};
const mensagens = (j: { log: { mensagem: string }[] }) => j.log.map((l) => l.mensagem);
const arquivo = async (id: number) => (await op({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString('latin1');

/** What the file must hold, summed here from the withholdings: per municipality, the services, bases and ISS. */
async function esperado(competencia: string) {
  return query<{ municipio: number; servicos: number; base: string; iss: string }>(
    db(),
    sql`select pr.cidade as municipio, count(*)::int as servicos, sum(r.base_centavos)::text as base, sum(r.valor_centavos)::text as iss
        from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
        where r.tributo = 'ISS' and r.valor_centavos > 0 and g.estornado_em is null and g.competencia = ${competencia} and pr.cidade is not null
        group by pr.cidade order by pr.cidade`,
  );
}

const ler = (registro: (typeof LAYOUT_DAM.registros)[number], l: string) => Object.fromEntries(posicoes(registro).map((c) => [c.nome, l.slice(c.inicio - 1, c.fim)]));

describe('Exportar DAM', () => {
  it('previews the guides of the month with the ISS withheld', async () => {
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: exportacaoDam.tipo, comando: exportacaoDam.comando, parametros: { competencia: param } } });
    expect(r.statusCode, r.body).toBe(200);
    const exp = await esperado(comp);
    const total = exp.reduce((s, e) => s + Number(e.iss), 0);
    const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(total / 100).replace(/\s/g, ' ');
    expect(r.json().result.resumo.replace(/\s/g, ' ')).toContain(`${brl} de ISS retido`);
  });

  it('writes one guide per municipality with its services, in the declared layout', async () => {
    const j = await run(exportacaoDam.tipo, exportacaoDam.comando, { competencia: param });
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`DAM_${comp.replace('-', '')}.txt`]);
    const linhas = (await arquivo(j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 160)).toBe(true);
    const [cab, guia, servico, rod] = LAYOUT_DAM.registros;
    expect(ler(cab, linhas[0]).competencia).toBe(comp.replace('-', ''));
    const guias = linhas.filter((l) => l[0] === '1').map((l) => ler(guia, l));
    const exp = await esperado(comp);
    expect(exp.length).toBeGreaterThan(1);
    expect(guias.map((g) => [Number(g.municipio), Number(g.servicos), Number(g.base), Number(g.iss)]).sort((a, b) => a[0] - b[0])).toEqual(
      exp.map((e) => [e.municipio, e.servicos, Number(e.base), Number(e.iss)]),
    );
    // every guide falls due on the default day, and its services follow it and add up to it
    const venc = vencimentoDam(param)!;
    for (const g of guias) expect(g.vencimento).toBe(`${venc.slice(8)}${venc.slice(5, 7)}${venc.slice(0, 4)}`);
    let atual: Record<string, string> | undefined;
    const somas = new Map<string, number>();
    for (const l of linhas.slice(1, -1)) {
      if (l[0] === '1') atual = ler(guia, l);
      else {
        const s = ler(servico, l);
        expect(s.municipio).toBe(atual!.municipio);
        expect(['F', 'J']).toContain(s.tipoPessoa);
        expect(s.documento).toMatch(/^\d{14}$/);
        somas.set(s.municipio, (somas.get(s.municipio) ?? 0) + Number(s.iss));
      }
    }
    for (const g of guias) expect(somas.get(g.municipio)).toBe(Number(g.iss));
    const fim = ler(rod, linhas.at(-1)!);
    expect([Number(fim.guias), Number(fim.servicos), Number(fim.iss)]).toEqual([exp.length, exp.reduce((s, e) => s + e.servicos, 0), exp.reduce((s, e) => s + Number(e.iss), 0)]);
  });

  it('leaves out, and lists, a provider without a municipality; one municipality on its own; a later due date', async () => {
    const [p] = await query<{ id: number; nome: string; cidade: number }>(
      db(),
      sql`select pr.id, pr.nome, pr.cidade from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
          where r.tributo = 'ISS' and r.valor_centavos > 0 and g.competencia = ${comp} and g.estornado_em is null order by g.id limit 1`,
    );
    await db().execute(sql`update prestadores set cidade = null where id = ${p.id}`);
    try {
      const j = await run(exportacaoDam.tipo, exportacaoDam.comando, { competencia: param });
      expect(j.log.map((l: { mensagem: string }) => l.mensagem).some((m: string) => m.startsWith(`Fora do arquivo: ${p.nome} não tem município no cadastro`))).toBe(true);
      const linhas = (await arquivo(j.arquivos[0].id)).split('\r\n').filter(Boolean);
      const fim = ler(LAYOUT_DAM.registros[3], linhas.at(-1)!);
      const exp = await esperado(comp);
      expect(Number(fim.iss)).toBe(exp.reduce((s, e) => s + Number(e.iss), 0));
    } finally {
      await db().execute(sql`update prestadores set cidade = ${p.cidade} where id = ${p.id}`);
    }
    const um = (await esperado(comp))[0];
    const [a, m] = comp.split('-').map(Number);
    const depois = `${m >= 11 ? a + 1 : a}-${String(((m + 1) % 12) + 1).padStart(2, '0')}-15`;
    const j = await run(exportacaoDam.tipo, exportacaoDam.comando, { competencia: param, municipio: um.municipio, vencimento: `${depois.slice(8)}/${depois.slice(5, 7)}/${depois.slice(0, 4)}` });
    const guias = (await arquivo(j.arquivos[0].id)).split('\r\n').filter((l) => l[0] === '1').map((l) => ler(LAYOUT_DAM.registros[1], l));
    expect(guias.map((g) => [Number(g.municipio), g.vencimento])).toEqual([[um.municipio, `${depois.slice(8)}${depois.slice(5, 7)}${depois.slice(0, 4)}`]]);
  });

  it('refuses a bad month, a due date inside the month and a user without the export', async () => {
    const post = (who: Who, parametros: Record<string, unknown>) => who({ method: 'POST', url: '/api/execucoes', payload: { tipo: exportacaoDam.tipo, comando: exportacaoDam.comando, parametros } });
    const bad = await post(op, { competencia: '132026' });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)).toContainEqual(expect.objectContaining({ field: 'competencia' }));
    const cedo = await post(op, { competencia: param, vencimento: `01/${comp.slice(5)}/${comp.slice(0, 4)}` });
    expect(cedo.statusCode).toBe(400);
    expect(alertsOf(cedo.body)).toContainEqual(expect.objectContaining({ field: 'vencimento', value: 'O vencimento do DAM deve cair depois do mês da competência.' }));
    const no = await post(benef, { competencia: param });
    expect(no.statusCode).toBe(403);
    expect(alertsOf(no.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('Exportar DAM Betha', () => {
  it('writes one CSV line per service with the taker, the provider and the ISS', async () => {
    const j = await run(exportacaoDamBetha.tipo, exportacaoDamBetha.comando, { competencia: param });
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`DAM_BETHA_${comp.replace('-', '')}.csv`]);
    const linhas = (await arquivo(j.arquivos[0].id)).split('\r\n').filter(Boolean);
    const campos = LAYOUT_DAM_BETHA.registros[0].campos.map((c) => c.nome);
    const lidas = linhas.map((l) => Object.fromEntries(l.split(';').map((v, i) => [campos[i], v])));
    expect(lidas.every((r) => Object.keys(r).length === campos.length)).toBe(true);
    const exp = await esperado(comp);
    expect(lidas.length).toBe(exp.reduce((s, e) => s + e.servicos, 0));
    const [opCnpj] = await query<{ cnpj: string }>(db(), sql`select cnpj from operadoras order by id limit 1`);
    expect(new Set(lidas.map((r) => r.cnpjTomador))).toEqual(new Set([opCnpj.cnpj]));
    expect(new Set(lidas.map((r) => r.competencia))).toEqual(new Set([comp.replace('-', '')]));
    const porMunicipio = new Map<number, number>();
    for (const r of lidas) porMunicipio.set(Number(r.municipio), (porMunicipio.get(Number(r.municipio)) ?? 0) + Number(r.iss));
    expect([...porMunicipio.entries()].sort((a, b) => a[0] - b[0])).toEqual(exp.map((e) => [e.municipio, Number(e.iss)]));
    // each municipality's lines carry the number of its DAM, recorded as issued
    for (const r of lidas) expect(r.guia).toBe(`${comp.replace('-', '')}-${r.municipio}-1`);
    const guias = await query<{ numero: string; valor: string; status: string }>(db(), sql`select numero, valor_iss_centavos::text as valor, status from guias_dam where competencia = ${comp} order by municipio`);
    expect(guias.map((g) => [g.numero, Number(g.valor), g.status])).toEqual(exp.map((e) => [`${comp.replace('-', '')}-${e.municipio}-1`, Number(e.iss), 'EMITIDA']));
  });

  it('does not send again a municipality whose DAM is in force; cancelled, it goes in the next file with a new number', async () => {
    const again = await run(exportacaoDamBetha.tipo, exportacaoDamBetha.comando, { competencia: param });
    expect((await arquivo(again.arquivos[0].id)).length).toBe(0);
    const exp = await esperado(comp);
    const x = exp[0];
    expect(mensagens(again).filter((m) => m.includes('já tem o DAM nº'))).toHaveLength(exp.length);
    const post = (who: Who, parametros: Record<string, unknown>) => who({ method: 'POST', url: '/api/execucoes', payload: { tipo: cancelamentoDamBetha.tipo, comando: cancelamentoDamBetha.comando, parametros } });
    // the reason is required and says something; the command is the administrator's (manage all)
    const curto = await post(adm, { competencia: param, municipio: x.municipio, motivo: 'erro' });
    expect(curto.statusCode).toBe(400);
    expect(alertsOf(curto.body)).toContainEqual(expect.objectContaining({ field: 'motivo', value: 'Descreva o motivo com pelo menos 10 caracteres.' }));
    expect((await post(benef, { competencia: param, municipio: x.municipio, motivo: 'Valor de ISS divergente do informado.' })).statusCode).toBe(403);
    const previa = await adm({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: cancelamentoDamBetha.tipo, comando: cancelamentoDamBetha.comando, parametros: { competencia: param, municipio: x.municipio, motivo: 'Valor de ISS divergente do informado.' } } });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().result.total).toBe(1);
    const numero = `${comp.replace('-', '')}-${x.municipio}-1`;
    expect(previa.json().result.amostra[0]).toContain(`DAM nº ${numero}`);
    const c = await run(cancelamentoDamBetha.tipo, cancelamentoDamBetha.comando, { competencia: param, municipio: x.municipio, motivo: 'Valor de ISS divergente do informado.' }, adm);
    expect(c.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`CANCELAMENTO_DAM_BETHA_${comp.replace('-', '')}.csv`]);
    const linhas = (await (await adm({ method: 'GET', url: `/api/arquivos/${c.arquivos[0].id}` })).rawPayload.toString('latin1')).split('\r\n').filter(Boolean);
    const campos = LAYOUT_CANCELAMENTO_DAM_BETHA.registros[0].campos.map((f) => f.nome);
    expect(linhas.map((l) => Object.fromEntries(l.split(';').map((v, i) => [campos[i], v])))).toEqual([
      expect.objectContaining({ guia: numero, municipio: String(x.municipio), iss: String(Number(x.iss)), motivo: 'VALOR DE ISS DIVERGENTE DO INFORMADO.' }),
    ]);
    const [g] = await query<{ id: number; status: string; cancelado_por: string; motivo_cancelamento: string }>(db(), sql`select id, status, cancelado_por, motivo_cancelamento from guias_dam where numero = ${numero}`);
    expect([g.status, g.cancelado_por, g.motivo_cancelamento]).toEqual(['CANCELADA', expect.any(String), 'Valor de ISS divergente do informado.']);
    const trilha = await query<{ acao: string }>(db(), sql`select acao from trilha_eventos where entidade = 'guiadam' and registro_id = ${String(g.id)} order by id`);
    expect(trilha.map((r) => r.acao)).toEqual(['insert', 'update']);
    // the next Betha file carries that municipality only, under its second number
    const de_novo = await run(exportacaoDamBetha.tipo, exportacaoDamBetha.comando, { competencia: param });
    const lidas = (await arquivo(de_novo.arquivos[0].id)).split('\r\n').filter(Boolean).map((l) => l.split(';'));
    expect(lidas.length).toBe(x.servicos);
    expect(new Set(lidas.map((l) => l[0]))).toEqual(new Set([`${comp.replace('-', '')}-${x.municipio}-2`]));
    // nothing issued in a month: the cancellation fails saying so
    const nada = await adm({ method: 'POST', url: '/api/execucoes', payload: { tipo: cancelamentoDamBetha.tipo, comando: cancelamentoDamBetha.comando, parametros: { competencia: '012020', motivo: 'Valor de ISS divergente do informado.' } } });
    expect(nada.statusCode, nada.body).toBe(201);
    const falhou = await waitForJob(adm, nada.json().result.id);
    expect([falhou.status, falhou.erro]).toEqual(['falhou', 'Nenhum DAM emitido na competência 01/2020: nada a cancelar.']);
  });

  it('is not offered to a client other than pjf', async () => {
    const other = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
    try {
      const who = as(other.app, await loginAs(other.app, 'operadora'));
      const r = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: exportacaoDamBetha.tipo, comando: exportacaoDamBetha.comando, parametros: { competencia: param } } });
      expect([403, 404]).toContain(r.statusCode);
    } finally {
      await other.close();
    }
  }, 180_000);
});

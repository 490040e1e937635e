import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import { posicoes } from '../../src/shared/processos/layout';
import { exportacaoAdesaoServico, exportacaoAeromedico, LAYOUT_ADESAO_SERVICO, LAYOUT_AEROMEDICO } from '../../src/shared/processos/servicos';
import { diasCobertos, SERVICOS_MSG, valorNoMes } from '../../src/shared/servicos';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Additional services: the adhesions' API (copass) with its rules, refusals and trail; the Aeromédico file (copass) and
 * the Adesão a Serviço file (aeco) read back by position or column and compared with counts and sums computed here in
 * SQL; neither offered to the other client.
 */

type Who = ReturnType<typeof as>;
let t: TestApp; // copass
let u: TestApp; // aeco
let op: Who;
let auditor: Who;
let opAeco: Who;
const hoje = todayIso();
const mes = hoje.slice(0, 7);
const param = (m: string) => `${m.slice(5, 7)}${m.slice(0, 4)}`;
const ultimoDia = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  u = await startTestApp({ JOB_CONCURRENCY: '1', CLIENT: 'aeco' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
  opAeco = as(u.app, await loginAs(u.app, 'operadora'));
}, 240_000);
afterAll(async () => {
  await t?.close();
  await u?.close();
});

const run = async (who: Who, tipo: string, comando: string, parametros: Record<string, unknown>) => {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const j = await waitForJob(who, res.json().result.id);
  expect(j.status, j.erro ?? '').toBe('concluida');
  return j;
};
const arquivo = async (who: Who, id: number) => (await who({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString('latin1');

/** An active beneficiary with no adhesion at all (to any service), joined to the plan before `antes`. */
async function semAdesao(app: TestApp, antes: string, pular = 0) {
  const [b] = await query<{ id: number; nome: string }>(
    app.ctx.db,
    sql`select b.id, b.nome from beneficiarios b where b.situacao = 'ATIVO' and b.data_adesao < ${antes}
        and not exists (select 1 from adesoes_servicos a where a.beneficiario_id = b.id)
        order by b.id offset ${pular} limit 1`,
  );
  return b;
}

describe('valor no mês', () => {
  it('charges the full value for a whole month and pro rata by days, half a centavo up', () => {
    expect(valorNoMes(1890, 30, 30)).toBe(1890);
    expect(valorNoMes(1890, 10, 30)).toBe(630);
    // 3250 × 15 / 31 = 1572.58… → 1573; 1000 × 1 / 8 = 125 exactly; 1 × 1 / 2 = 0.5 → 1
    expect(valorNoMes(3250, 15, 31)).toBe(1573);
    expect(valorNoMes(1000, 1, 8)).toBe(125);
    expect(valorNoMes(1, 1, 2)).toBe(1);
    expect(diasCobertos('2026-02', '2026-02-10', null)).toBe(19);
    expect(diasCobertos('2026-02', '2025-12-01', '2026-02-03')).toBe(3);
    expect(diasCobertos('2026-02', '2026-03-01', null)).toBe(0);
  });
});

describe('Adesão ao Aeromédico (API)', () => {
  const url = '/api/servicos/aeromedico/adesoes';

  it('lists the service adhesions with their situation, filters by it and by the beneficiary', async () => {
    const r = await op({ method: 'GET', url: `/api/servicos/aeromedico/adesoes?situacao=VIGENTE&limit=500` });
    expect(r.statusCode, r.body).toBe(200);
    const [{ n }] = await query<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id where s.codigo = 'AEROMEDICO' and (a.fim is null or a.fim >= ${hoje}::date)`,
    );
    expect(n).toBeGreaterThan(5);
    expect(r.json().result.total).toBe(n);
    expect(r.json().result.rows.every((x: { situacao: string }) => x.situacao === 'VIGENTE')).toBe(true);
    const [um] = r.json().result.rows as { carteirinha: string; beneficiarioNome: string }[];
    const porCarteirinha = await op({ method: 'GET', url: `/api/servicos/aeromedico/adesoes?beneficiario=${um.carteirinha}` });
    expect(porCarteirinha.json().result.rows.every((x: { beneficiarioNome: string }) => x.beneficiarioNome === um.beneficiarioNome)).toBe(true);
    // the dental list does not show the air-ambulance adhesions
    const odonto = await op({ method: 'GET', url: `/api/servicos/odonto/adesoes?beneficiario=${um.carteirinha}&limit=500` });
    const [{ m }] = await query<{ m: number }>(
      t.ctx.db,
      sql`select count(*)::int as m from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id join beneficiarios b on b.id = a.beneficiario_id where s.codigo = 'ODONTO' and b.carteirinha = ${um.carteirinha}`,
    );
    expect(odonto.json().result.rows).toHaveLength(m);
  });

  it('creates an adhesion at the catalog value, refuses a second one in force and writes the trail', async () => {
    const b = await semAdesao(t, hoje);
    const r = await op({ method: 'POST', url, payload: { beneficiarioId: b.id, inicio: isoBr(hoje) } });
    expect(r.statusCode, r.body).toBe(201);
    expect(alertsOf(r.body)).toContainEqual(expect.objectContaining({ type: 'success', value: SERVICOS_MSG.aderiu(b.nome, 'Transporte Aeromédico') }));
    const id = r.json().result.id;
    const [a] = await query<{ valor: string; catalogo: string; inicio: string; usuario: string }>(
      t.ctx.db,
      sql`select a.valor_mensal_centavos::text as valor, s.valor_mensal_centavos::text as catalogo, a.inicio::text as inicio, a.usuario_nome as usuario
          from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id where a.id = ${id}`,
    );
    expect([a.valor, a.inicio, a.usuario]).toEqual([a.catalogo, hoje, 'Olívia Operadora']);
    const [trilha] = await query<{ acao: string; depois: Record<string, string> }>(t.ctx.db, sql`select acao, depois from trilha_eventos where entidade = 'adesaoservico' and registro_id = ${String(id)}`);
    expect(trilha.acao).toBe('insert');
    expect(trilha.depois).toMatchObject({ servico: 'Transporte Aeromédico', inicio: hoje });

    const again = await op({ method: 'POST', url, payload: { beneficiarioId: b.id, inicio: isoBr(hoje) } });
    expect(again.statusCode).toBe(422);
    expect(alertsOf(again.body)).toContainEqual(expect.objectContaining({ field: 'beneficiarioId', value: SERVICOS_MSG.jaAderiu('Transporte Aeromédico', hoje) }));
    // the same beneficiary may hold the dental plan at the same time
    expect((await op({ method: 'POST', url: '/api/servicos/odonto/adesoes', payload: { beneficiarioId: b.id, inicio: isoBr(hoje) } })).statusCode).toBeLessThan(300);
    // the beneficiary's record lists both, in force
    const resumo = await op({ method: 'GET', url: `/api/beneficiarios/${b.id}/resumo` });
    expect(resumo.statusCode, resumo.body).toBe(200);
    const servicos = (resumo.json() as { result: { servicos: { servico: string; inicio: string; fim: string | null }[] } }).result.servicos;
    expect(servicos.map((x) => [x.servico, x.inicio, x.fim]).sort()).toEqual([['Plano Odontológico', hoje, null], ['Transporte Aeromédico', hoje, null]]);
  });

  it('refuses bad input with the message beside the field (400)', async () => {
    const semNada = await op({ method: 'POST', url, payload: {} });
    expect(semNada.statusCode).toBe(400);
    expect(alertsOf(semNada.body)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'beneficiarioId', value: SERVICOS_MSG.beneficiario }), expect.objectContaining({ field: 'inicio', value: SERVICOS_MSG.inicio })]),
    );
    const data = await op({ method: 'POST', url, payload: { beneficiarioId: 1, inicio: '31/02/2026' } });
    expect(data.statusCode).toBe(400);
    expect(alertsOf(data.body)).toContainEqual(expect.objectContaining({ field: 'inicio', value: SERVICOS_MSG.dataInvalida }));
    const motivo = await op({ method: 'POST', url: `${url}/1/encerramento`, payload: { fim: isoBr(hoje), motivo: '9', version: 1 } });
    expect(motivo.statusCode).toBe(400);
    expect(alertsOf(motivo.body)).toContainEqual(expect.objectContaining({ field: 'motivo', value: SERVICOS_MSG.motivo }));
  });

  it('refuses a cancelled beneficiary and a start before the plan', async () => {
    const [c] = await query<{ id: number; nome: string }>(t.ctx.db, sql`select id, nome from beneficiarios where situacao = 'CANCELADO' order by id limit 1`);
    const r = await op({ method: 'POST', url, payload: { beneficiarioId: c.id, inicio: isoBr(hoje) } });
    expect(r.statusCode).toBe(422);
    expect(alertsOf(r.body)).toContainEqual(expect.objectContaining({ value: SERVICOS_MSG.beneficiarioCancelado(c.nome) }));
    const b = await semAdesao(t, hoje, 1);
    const [{ adesao }] = await query<{ adesao: string }>(t.ctx.db, sql`select data_adesao::text as adesao from beneficiarios where id = ${b.id}`);
    const antes = await op({ method: 'POST', url, payload: { beneficiarioId: b.id, inicio: '01/01/1990' } });
    expect(antes.statusCode).toBe(422);
    expect(alertsOf(antes.body)).toContainEqual(expect.objectContaining({ field: 'inicio', value: SERVICOS_MSG.antesDoPlano(adesao) }));
  });

  it('ends an adhesion (end ≥ start, version checked), then a new one must start after it; trail of the end', async () => {
    const [a] = await query<{ id: number; inicio: string; version: number; beneficiario: number }>(
      t.ctx.db,
      sql`select a.id, a.inicio::text as inicio, a.version, a.beneficiario_id as beneficiario from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id
          where s.codigo = 'AEROMEDICO' and a.fim is null and a.inicio < ${mes + '-01'}::date order by a.id limit 1`,
    );
    const antes = await op({ method: 'POST', url: `${url}/${a.id}/encerramento`, payload: { fim: '01/01/2000', motivo: '1', version: a.version } });
    expect(antes.statusCode).toBe(422);
    expect(alertsOf(antes.body)).toContainEqual(expect.objectContaining({ field: 'fim', value: SERVICOS_MSG.fimAntesDoInicio(a.inicio) }));
    const velha = await op({ method: 'POST', url: `${url}/${a.id}/encerramento`, payload: { fim: isoBr(hoje), motivo: '1', version: a.version + 5 } });
    expect(velha.statusCode).toBe(409);
    expect(alertsOf(velha.body)[0].value).toBe(APP_MSG.conflito);
    const ok = await op({ method: 'POST', url: `${url}/${a.id}/encerramento`, payload: { fim: isoBr(hoje), motivo: '3', version: a.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [fim] = await query<{ fim: string; motivo: string; version: number }>(t.ctx.db, sql`select fim::text as fim, motivo_encerramento as motivo, version from adesoes_servicos where id = ${a.id}`);
    expect(fim).toEqual({ fim: hoje, motivo: '3', version: a.version + 1 });
    const trilha = await query<{ acao: string; depois: Record<string, string> }>(t.ctx.db, sql`select acao, depois from trilha_eventos where entidade = 'adesaoservico' and registro_id = ${String(a.id)}`);
    expect(trilha).toContainEqual(expect.objectContaining({ acao: 'update', depois: expect.objectContaining({ fim: hoje, motivo: 'Inadimplência' }) }));
    // ended already; a new adhesion on the end day overlaps it
    expect((await op({ method: 'POST', url: `${url}/${a.id}/encerramento`, payload: { fim: isoBr(hoje), motivo: '1', version: a.version + 1 } })).statusCode).toBe(422);
    const sobre = await op({ method: 'POST', url, payload: { beneficiarioId: a.beneficiario, inicio: isoBr(hoje) } });
    expect(sobre.statusCode).toBe(422);
    expect(alertsOf(sobre.body)).toContainEqual(expect.objectContaining({ field: 'inicio', value: SERVICOS_MSG.sobreposta('Transporte Aeromédico', hoje) }));
  });

  it('refuses who has no permission (403) and the aeco installation (no such screen)', async () => {
    const r = await auditor({ method: 'POST', url, payload: { beneficiarioId: 1, inicio: isoBr(hoje) } });
    expect(r.statusCode).toBe(403);
    expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
    expect((await auditor({ method: 'GET', url })).statusCode).toBe(403);
    expect((await opAeco({ method: 'GET', url })).statusCode).toBe(403);
    expect((await opAeco({ method: 'POST', url, payload: { beneficiarioId: 1, inicio: isoBr(hoje) } })).statusCode).toBe(403);
  });
});

const ler = (registro: (typeof LAYOUT_AEROMEDICO.registros)[number], l: string) => Object.fromEntries(posicoes(registro).map((c) => [c.nome, l.slice(c.inicio - 1, c.fim)]));
const ddmmaaaa = (iso: string | null) => (iso ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}` : '00000000');
function isoBr(iso: string) {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

describe('Exportar Aeromédico (copass)', () => {
  it('writes every beneficiary covered in the month with the movement, counts in the trailer', async () => {
    // the month of today: the adhesion created above (inclusion) and the one ended today (exclusion) are in it
    const primeiro = `${mes}-01`;
    const ultimo = ultimoDia(mes);
    const previa = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: exportacaoAeromedico.tipo, comando: exportacaoAeromedico.comando, parametros: { competencia: param(mes) } } });
    expect(previa.statusCode, previa.body).toBe(200);
    const exp = await query<{ carteirinha: string; cpf: string | null; nascimento: string; inicio: string; fim: string | null; mov: string }>(
      t.ctx.db,
      sql`select b.carteirinha, b.cpf, b.data_nascimento::text as nascimento, a.inicio::text as inicio, a.fim::text as fim,
            case when a.fim <= ${ultimo}::date then 'E' when a.inicio >= ${primeiro}::date then 'I' else 'M' end as mov
          from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id join beneficiarios b on b.id = a.beneficiario_id
          where s.codigo = 'AEROMEDICO' and a.inicio <= ${ultimo}::date and (a.fim is null or a.fim >= ${primeiro}::date) order by b.carteirinha`,
    );
    expect(previa.json().result.total).toBe(exp.length);
    expect(exp.some((e) => e.mov === 'I') && exp.some((e) => e.mov === 'E') && exp.some((e) => e.mov === 'M')).toBe(true);

    const j = await run(op, exportacaoAeromedico.tipo, exportacaoAeromedico.comando, { competencia: param(mes) });
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`AEROMEDICO_${mes.replace('-', '')}.txt`]);
    const linhas = (await arquivo(op, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 150)).toBe(true);
    const [cab, det, rod] = LAYOUT_AEROMEDICO.registros;
    expect(ler(cab, linhas[0])).toMatchObject({ tipo: '0', competencia: mes.replace('-', '') });
    const detalhes = linhas.filter((l) => l[0] === '1').map((l) => ler(det, l));
    expect(detalhes.map((d) => [d.carteirinha, d.movimento, d.cpf, d.nascimento, d.inicio, d.fim]).sort((x, y) => x[0].localeCompare(y[0]))).toEqual(
      exp.map((e) => [e.carteirinha, e.mov, (e.cpf ?? '').padStart(11, '0'), ddmmaaaa(e.nascimento), ddmmaaaa(e.inicio), ddmmaaaa(e.fim)]),
    );
    const conta = (m: string) => String(exp.filter((e) => e.mov === m).length).padStart(6, '0');
    expect(ler(rod, linhas.at(-1)!)).toMatchObject({ tipo: '9', quantidade: String(exp.length).padStart(6, '0'), inclusoes: conta('I'), exclusoes: conta('E'), manutencoes: conta('M') });
    expect(linhas).toHaveLength(exp.length + 2);
  }, 120_000);

  it('is not offered to aeco, and Adesão a Serviço is not offered to copass', async () => {
    const a = await opAeco({ method: 'POST', url: '/api/execucoes', payload: { tipo: exportacaoAeromedico.tipo, comando: exportacaoAeromedico.comando, parametros: { competencia: param(mes) } } });
    expect([403, 404]).toContain(a.statusCode);
    const b = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: exportacaoAdesaoServico.tipo, comando: exportacaoAdesaoServico.comando, parametros: { competencia: param(mes) } } });
    expect([403, 404]).toContain(b.statusCode);
  });
});

describe('Exportar Adesão a Serviço (aeco)', () => {
  it('writes each adhesion in force with the amount of the month, grouped by service with totals', async () => {
    // last month, closed; an adhesion started mid-month and one ended mid-month make sure the pro rata is exercised
    const anterior = new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
    const primeiro = `${anterior}-01`;
    const ultimo = ultimoDia(anterior);
    const b1 = await semAdesao(u, primeiro);
    const b2 = await semAdesao(u, primeiro, 1);
    await u.ctx.db.execute(sql`insert into adesoes_servicos (beneficiario_id, servico_id, inicio, fim, motivo_encerramento, valor_mensal_centavos, usuario_nome)
      select ${b1.id}::int, id, ${`${anterior}-11`}::date, null::date, null::varchar, valor_mensal_centavos, 'Teste' from servicos_adicionais where codigo = 'ODONTO'
      union all select ${b2.id}::int, id, ${primeiro}::date - 40, ${`${anterior}-07`}::date, '1'::varchar, 3333::bigint, 'Teste' from servicos_adicionais where codigo = 'ODONTO'`);

    const exp = await query<{ codigo: string; n: number; valor: string }>(
      u.ctx.db,
      sql`with x as (
            select s.codigo, a.valor_mensal_centavos as v, (least(coalesce(a.fim, ${ultimo}::date), ${ultimo}::date) - greatest(a.inicio, ${primeiro}::date) + 1) as dias,
              extract(day from ${ultimo}::date)::int as dm
            from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id where a.inicio <= ${ultimo}::date and (a.fim is null or a.fim >= ${primeiro}::date))
          select codigo, count(*)::int as n, sum(case when dias >= dm then v else round(v * dias::numeric / dm) end)::text as valor from x group by codigo order by codigo`,
    );
    expect(exp.length).toBeGreaterThan(1);

    const previa = await opAeco({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: exportacaoAdesaoServico.tipo, comando: exportacaoAdesaoServico.comando, parametros: { competencia: param(anterior) } } });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json().result.total).toBe(exp.reduce((s, e) => s + e.n, 0));

    const j = await run(opAeco, exportacaoAdesaoServico.tipo, exportacaoAdesaoServico.comando, { competencia: param(anterior) });
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`ADESAO_SERVICO_${anterior.replace('-', '')}.csv`]);
    const linhas = (await arquivo(opAeco, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    const [det, tot, ger] = LAYOUT_ADESAO_SERVICO.registros;
    const col = (r: typeof det, l: string) => Object.fromEntries(l.split(';').map((v, i) => [r.campos[i].nome, v]));
    const detalhes = linhas.filter((l) => l.startsWith('D;')).map((l) => col(det, l));
    const totais = linhas.filter((l) => l.startsWith('T;')).map((l) => col(tot, l));
    const geral = linhas.filter((l) => l.startsWith('G;')).map((l) => col(ger, l));
    expect(detalhes.every((d) => Object.keys(d).length === det.campos.length)).toBe(true);
    // each detail's amount by the documented rule, from its own columns
    for (const d of detalhes) expect(Number(d.valor)).toBe(valorNoMes(Number(d.valorMensal), Number(d.dias), Number(d.diasMes)));
    expect(detalhes.some((d) => Number(d.dias) < Number(d.diasMes))).toBe(true);
    // the totals per service against SQL, and each service's lines against its total
    expect(totais.map((x) => [x.servico, Number(x.quantidade), Number(x.valor)]).sort()).toEqual(exp.map((e) => [e.codigo, e.n, Number(e.valor)]).sort());
    for (const x of totais) {
      const dele = detalhes.filter((d) => d.servico === x.servico);
      expect([dele.length, dele.reduce((s, d) => s + Number(d.valor), 0)]).toEqual([Number(x.quantidade), Number(x.valor)]);
    }
    expect(geral).toHaveLength(1);
    expect([Number(geral[0].quantidade), Number(geral[0].valor)]).toEqual([exp.reduce((s, e) => s + e.n, 0), exp.reduce((s, e) => s + Number(e.valor), 0)]);
    // the service filter keeps one service; an unknown code is refused
    const so = await run(opAeco, exportacaoAdesaoServico.tipo, exportacaoAdesaoServico.comando, { competencia: param(anterior), servico: 'ODONTO' });
    const soLinhas = (await arquivo(opAeco, so.arquivos[0].id)).split('\r\n').filter((l) => l.startsWith('D;'));
    expect(soLinhas).toHaveLength(exp.find((e) => e.codigo === 'ODONTO')!.n);
    const nenhum = await opAeco({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: exportacaoAdesaoServico.tipo, comando: exportacaoAdesaoServico.comando, parametros: { competencia: param(anterior), servico: 'XPTO' } } });
    expect(nenhum.statusCode).toBe(422);
    expect(alertsOf(nenhum.body)).toContainEqual(expect.objectContaining({ field: 'servico', value: 'O serviço XPTO não está no catálogo de serviços adicionais.' }));
  }, 120_000);
});

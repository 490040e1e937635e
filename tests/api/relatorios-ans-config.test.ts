import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { periodoDoTrimestre, trimestresRecentes, type QuadroSip } from '../../src/shared/sip/analise';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The ANS configuration (Gerências SIP, Bases and Percentuais da TPS, Indicadores do IDSS) and its reports: rep123
 * (the SIP items with the quarter's events, equal to the filing's figures; an edited rule moves the events, so the
 * SIP reads the table), rep039/rep038 (TPS: each plan × month recomputed here in plain JS from the beneficiaries and
 * the configuration rows; the synthetic is the analytic's sum), rep363 (IDSS: each computed indicator recomputed
 * from the records, the parto cesáreo from rep264's totals) and access.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let admin: Who;
let benef: Who;
let prest: Who;
const TRI = trimestresRecentes(todayIso(), 1)[0];
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.ctx.db, s);

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function todas(who: Who, url: string) {
  const linhas: Record<string, unknown>[] = [];
  let cursor = '';
  for (;;) {
    const res = await who({ method: 'GET', url: `${url}&limit=200${cursor}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result as ListPage<Record<string, unknown>>;
    linhas.push(...page.rows);
    if (!page.next) return linhas;
    cursor = `&after=${encodeURIComponent(page.next)}`;
  }
}

async function quadroPorItem() {
  const res = await op({ method: 'GET', url: `/api/analise-sip/quadro?trimestre=${TRI}` });
  expect(res.statusCode, res.body).toBe(200);
  const porItem = new Map<string, { autorizados: number; faturados: number }>();
  for (const l of (res.json().result as QuadroSip).linhas) {
    const x = porItem.get(l.item) ?? { autorizados: 0, faturados: 0 };
    porItem.set(l.item, { autorizados: x.autorizados + l.eventosAutorizados, faturados: x.faturados + l.eventosFaturados });
  }
  return porItem;
}

describe('rep123 — Configuração do SIP', () => {
  it('lists the items as kept, with the rules the code had, and the quarter’s events equal to the filing’s', async () => {
    const itens = await q<{ item: string; ordem: number; tipos_guia: string | null; prefixos_tuss: string | null; meta_trimestral: number | null }>(
      sql`select item, ordem, tipos_guia, prefixos_tuss, meta_trimestral from itens_sip order by ordem`,
    );
    // the migration wrote exactly the rules the code held
    expect(itens.map((i) => [i.item, i.tipos_guia, i.prefixos_tuss])).toEqual([
      ['H', 'ODONTO, ANEXO_ODONTO', '8'],
      ['E', 'INTERNACAO, PRORROGACAO', '10102, 10104'],
      ['A', null, '101010'],
      ['D', 'ANEXO_QUIMIO, ANEXO_RADIO', '20104, 31601, 31602, 412, 40401, 30909, 31008'],
      ['C', null, '40, 410, 411, 413, 414, 415'],
      ['B', null, '2, 3, 50'],
      ['G', null, null],
    ]);
    const quadro = await quadroPorItem();
    const linhas = await todas(op, `/api/relatorios/rep123?trimestre=${TRI}`);
    expect(linhas.map((r) => [String(r.rotulo).slice(0, 1), r.ordem, r.tiposGuia, r.prefixosTuss, r.metaTrimestral, r.autorizados, r.faturados])).toEqual(
      itens.map((i) => [i.item, i.ordem, i.tipos_guia, i.prefixos_tuss, i.meta_trimestral, quadro.get(i.item)?.autorizados ?? 0, quadro.get(i.item)?.faturados ?? 0]),
    );
    const faturados = [...quadro.values()].reduce((a, x) => a + x.faturados, 0);
    expect(faturados).toBeGreaterThan(0);
    const s = (await op({ method: 'GET', url: `/api/relatorios/rep123/grupos?trimestre=${TRI}` })).json().result as ReportSummary;
    expect(s.totais.faturados).toBe(faturados);
    // the share of the target: billed ÷ target
    for (const r of linhas) if (r.metaTrimestral) expect(r.percentualMeta).toBeCloseTo((100 * Number(r.faturados)) / Number(r.metaTrimestral), 2);
    const so = await todas(op, `/api/relatorios/rep123?trimestre=${TRI}&item=A`);
    expect(so.map((r) => r.rotulo)).toEqual(['A · Consultas médicas']);
  });

  it('an edited rule moves the events: the SIP reads Gerências SIP', async () => {
    const antes = await quadroPorItem();
    const consultas = antes.get('A')?.autorizados ?? 0;
    expect(consultas).toBeGreaterThan(0);
    const [a] = await q<{ id: number }>(sql`select id from itens_sip where item = 'A'`);
    const lido = await op({ method: 'GET', url: `/api/recursos/gerencias-sip/${a.id}` });
    expect(lido.statusCode, lido.body).toBe(200);
    const registro = { ...(lido.json().result as Record<string, unknown>), id: undefined };
    const ruim = await op({ method: 'PUT', url: `/api/recursos/gerencias-sip/${a.id}`, payload: { ...registro, prefixosTuss: '101010, 10x' } });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain('Use só dígitos em cada código');
    const res = await op({ method: 'PUT', url: `/api/recursos/gerencias-sip/${a.id}`, payload: { ...registro, prefixosTuss: null } });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const depois = await quadroPorItem();
      expect(depois.get('A')?.autorizados ?? 0).toBe(0);
      // the consultations (1010…) match no other rule: they fall to G
      expect(depois.get('G')?.autorizados ?? 0).toBe((antes.get('G')?.autorizados ?? 0) + consultas);
    } finally {
      await t.ctx.db.execute(sql`update itens_sip set prefixos_tuss = '101010' where item = 'A'`);
    }
    expect((await quadroPorItem()).get('A')).toEqual(antes.get('A'));
  });
});

interface Benef {
  produto: number;
  data_adesao: string;
  situacao: string;
  data_situacao: string | null;
  data_nascimento: string | null;
}
const idade = (nasc: string, dia: string) => Number(dia.slice(0, 4)) - Number(nasc.slice(0, 4)) - (dia.slice(5) < nasc.slice(5) ? 1 : 0);
const ultimoDia = (mes: string) => new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 0)).toISOString().slice(0, 10);
const arred = (num: bigint, den: bigint) => Number((2n * num + den) / (2n * den));

/** Each plan × month of a quarter recomputed in plain JS from the rows (no SQL arithmetic). */
async function tpsEsperado(tri: string) {
  const p = periodoDoTrimestre(tri)!;
  const [base] = await q<{ valor_beneficiario: number; parcelas_ano: number; idade_limite: number; descontos_desde: string | null }>(
    sql`select valor_beneficiario::int, parcelas_ano, idade_limite, descontos_desde::text from bases_tps order by inicio_vigencia desc limit 1`,
  );
  const descontos = await q<{ criterio: string; segmentacao: string | null; abrangencia: string | null; contratacao: string | null; efeito: string; percentual: string }>(
    sql`select criterio, segmentacao, abrangencia, contratacao, efeito, percentual::text from descontos_tps`,
  );
  const produtos = await q<{ id: number; nome: string; registro_ans: string; abrangencia: string; contratacao: string; segmentacao: string; inicio: string }>(
    sql`select p.id, p.nome, p.registro_ans, p.abrangencia, p.contratacao, g.segmentacao, p.inicio_comercializacao::text as inicio from produtos p join grupos_produtos g on g.id = p.grupo`,
  );
  const benefs = await q<Benef>(sql`select produto, data_adesao::text, situacao, data_situacao::text, data_nascimento::text from beneficiarios`);
  const out = new Map<string, { n: number; base: number; desconto: number; acrescimo: number; devido: number }>();
  const hoje = todayIso().slice(0, 7);
  for (let m = Number(p.inicio.slice(5, 7)); m <= Number(p.fim.slice(5, 7)); m++) {
    const mes = `${p.inicio.slice(0, 4)}-${String(m).padStart(2, '0')}`;
    if (mes > hoje) break;
    const dia = ultimoDia(mes);
    const porProduto = new Map<number, number>();
    for (const b of benefs) {
      if (b.data_adesao > dia) continue;
      if (b.situacao === 'CANCELADO' && b.data_situacao != null && b.data_situacao <= dia) continue;
      if (b.data_nascimento && idade(b.data_nascimento, dia) > base.idade_limite) continue;
      porProduto.set(b.produto, (porProduto.get(b.produto) ?? 0) + 1);
    }
    for (const pr of produtos) {
      const n = porProduto.get(pr.id) ?? 0;
      const casa = (d: (typeof descontos)[number]) =>
        (d.criterio === 'SEGMENTACAO' && d.segmentacao === pr.segmentacao) || (d.criterio === 'ABRANGENCIA' && d.abrangencia === pr.abrangencia) || (d.criterio === 'CONTRATACAO' && d.contratacao === pr.contratacao);
      const cent = (x: string) => Math.round(Number(x) * 100);
      const comDesconto = !base.descontos_desde || pr.inicio >= base.descontos_desde;
      const pd = Math.min(10000, descontos.filter((d) => d.efeito === 'DESCONTO' && comDesconto && casa(d)).reduce((a, d) => a + cent(d.percentual), 0));
      const pa = descontos.filter((d) => d.efeito === 'ACRESCIMO' && casa(d)).reduce((a, d) => a + cent(d.percentual), 0);
      const vb = arred(BigInt(n) * BigInt(base.valor_beneficiario), BigInt(base.parcelas_ano * 3));
      const desconto = arred(BigInt(vb) * BigInt(pd), 10000n);
      const acrescimo = arred(BigInt(vb) * BigInt(pa), 10000n);
      out.set(`${pr.nome} (${pr.registro_ans})|${mes.slice(5)}/${mes.slice(0, 4)}`, { n, base: vb, desconto, acrescimo, devido: vb - desconto + acrescimo });
    }
  }
  // plans with no beneficiary in the quarter are not listed
  const planos = new Set([...out.entries()].filter(([, v]) => v.n > 0).map(([k]) => k.split('|')[0]));
  return new Map([...out.entries()].filter(([k]) => planos.has(k.split('|')[0])));
}

describe('rep039 / rep038 — TPS', () => {
  it('each plan × month is the beneficiaries in force (not over the age limit) × the base, less the discounts of its kind of plan', async () => {
    const esperado = await tpsEsperado(TRI);
    const linhas = await todas(op, `/api/relatorios/rep039?trimestre=${TRI}`);
    const lido = new Map(linhas.map((r) => [`${String(r.grupo)}|${String(r.mes)}`, { n: r.beneficiarios, base: r.valorBase, desconto: r.desconto, acrescimo: r.acrescimo, devido: r.devido }]));
    expect(lido).toEqual(esperado);
    expect([...esperado.values()].some((v) => v.desconto > 0 && v.n > 0)).toBe(true);
    const s = (await op({ method: 'GET', url: `/api/relatorios/rep039/grupos?trimestre=${TRI}` })).json().result as ReportSummary;
    expect(s.totais.devido).toBe([...esperado.values()].reduce((a, v) => a + v.devido, 0));
    // one plan
    const [um] = linhas;
    const pid = (await q<{ id: number }>(sql`select id from produtos where registro_ans = ${String(um.grupo).slice(-10, -1)}`))[0].id;
    const soUm = await todas(op, `/api/relatorios/rep039?trimestre=${TRI}&plano=${pid}`);
    expect(new Set(soUm.map((r) => r.grupo))).toEqual(new Set([um.grupo]));
  });

  it('the synthetic is the analytic summed per quarter and plan', async () => {
    const ano = TRI.slice(0, 4);
    const sint = await todas(op, `/api/relatorios/rep038?ano=${ano}`);
    const tri = `${Number(TRI.slice(5))}º trimestre de ${ano}`;
    const doTri = sint.filter((r) => r.grupo === tri);
    const esperado = await tpsEsperado(TRI);
    const porPlano = new Map<string, { devido: number; n: number; meses: number }>();
    for (const [k, v] of esperado) {
      const plano = k.split('|')[0];
      const x = porPlano.get(plano) ?? { devido: 0, n: 0, meses: 0 };
      porPlano.set(plano, { devido: x.devido + v.devido, n: x.n + v.n, meses: x.meses + 1 });
    }
    expect(new Map(doTri.map((r) => [r.plano, { devido: r.devido, n: r.beneficiarios, meses: r.meses }]))).toEqual(porPlano);
    for (const r of doTri) expect(r.mediaBeneficiarios).toBeCloseTo(Number(r.beneficiarios) / Number(r.meses), 2);
  });

  it('a month without a base in force is refused, naming where to register it', async () => {
    await t.ctx.db.execute(sql`update bases_tps set inicio_vigencia = '2099-01-01'`);
    try {
      const res = await op({ method: 'GET', url: `/api/relatorios/rep039?trimestre=${TRI}` });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('Nenhuma base de cálculo da TPS vigente');
    } finally {
      await t.ctx.db.execute(sql`update bases_tps set inicio_vigencia = '2000-01-28'`);
    }
  });
});

describe('rep363 — IDSS', () => {
  it('computes the indicators from the records and shows the ANS’s for the others', async () => {
    const de = `${Number(todayIso().slice(0, 4)) - 1}${todayIso().slice(4)}`;
    const ate = todayIso();
    const br = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const url = `/api/relatorios/rep363?inicio=${br(de)}&termino=${br(ate)}`;
    const linhas = await todas(op, url);
    const por = new Map(linhas.map((r) => [r.codigo, r]));
    const ind = await q<{ codigo: string; calculo: string; valor_informado: string | null }>(sql`select codigo, calculo, valor_informado::text from indicadores_idss where ativo order by codigo`);
    expect(linhas.map((r) => r.codigo).sort()).toEqual(ind.map((i) => i.codigo));
    // qualidade cadastral: the beneficiaries in force at the end with CPF, CNS and mother's name
    const bs = await q<Benef & { cpf: string | null; cns: string | null; nome_mae: string | null }>(
      sql`select produto, data_adesao::text, situacao, data_situacao::text, data_nascimento::text, cpf, cns, nome_mae from beneficiarios`,
    );
    const ativos = bs.filter((b) => b.data_adesao <= ate && !(b.situacao === 'CANCELADO' && b.data_situacao != null && b.data_situacao <= ate));
    const completos = ativos.filter((b) => b.cpf && b.cns && b.nome_mae?.trim()).length;
    const qc = ind.find((i) => i.calculo === 'QUALIDADE_CADASTRAL')!;
    expect(por.get(qc.codigo)!.valor).toBeCloseTo((100 * completos) / ativos.length, 2);
    expect(por.get(qc.codigo)!.origem).toBe('CALCULADO');
    // parto cesáreo: rep264's totals for the same period
    const partos = (await op({ method: 'GET', url: `/api/relatorios/rep264/grupos?inicio=${br(de)}&termino=${br(ate)}` })).json().result as ReportSummary;
    const pc = ind.find((i) => i.calculo === 'PARTO_CESAREO')!;
    if (partos.totais.partos) expect(por.get(pc.codigo)!.valor).toBeCloseTo((100 * partos.totais.cesareos) / partos.totais.partos, 2);
    else expect(por.get(pc.codigo)!.valor).toBeNull();
    // consultations per beneficiary: the billed items of code 101010… not glosed whole
    const itens = await q<{ codigo_procedimento: string; codigo_tabela: string; quantidade: number; valor_liberado_centavos: number | null; data: string }>(
      sql`select i.codigo_procedimento, i.codigo_tabela, i.quantidade, i.valor_liberado_centavos::int, g.data_atendimento::text as data from itens_faturados i join guias_faturadas g on g.id = i.guia_id`,
    );
    const consultas = itens
      .filter((i) => i.codigo_tabela === '22' && i.codigo_procedimento.startsWith('101010') && (i.valor_liberado_centavos == null || i.valor_liberado_centavos > 0) && i.data >= de && i.data <= ate)
      .reduce((a, i) => a + i.quantidade, 0);
    expect(consultas).toBeGreaterThan(0);
    const co = ind.find((i) => i.calculo === 'CONSULTAS')!;
    expect(por.get(co.codigo)!.valor).toBeCloseTo(consultas / ativos.length, 4);
    // the informed ones carry the ANS's value, and the target decides the situation
    for (const i of ind.filter((x) => x.calculo === 'INFORMADO')) {
      const r = por.get(i.codigo)!;
      expect(r.origem).toBe('INFORMADO');
      expect(r.valor).toBe(i.valor_informado == null ? null : Number(i.valor_informado));
    }
    for (const r of linhas) {
      if (r.valor == null) expect(r.situacao).toBe('SEM_VALOR');
      else if (r.meta == null) expect(r.situacao).toBe('SEM_META');
      else expect(r.situacao).toBe((r.sentido === 'Quanto maior, melhor' ? Number(r.valor) >= Number(r.meta) : Number(r.valor) <= Number(r.meta)) ? 'ATINGIDA' : 'NAO_ATINGIDA');
    }
    const s = (await op({ method: 'GET', url: `${url.replace('rep363?', 'rep363/grupos?')}` })).json().result as ReportSummary;
    expect((s.grupos ?? []).map((g) => g.rotulo.slice(0, 4))).toEqual(['IDGA', 'IDGR', 'IDQS', 'IDSM']);
    const so = await todas(op, `${url}&dimensao=IDGR`);
    expect(so.every((r) => String(r.grupo).startsWith('IDGR'))).toBe(true);
  });
});

describe('access', () => {
  it('the operator and the administrator run them; the family and the provider are refused; filters are required', async () => {
    const urls = [`/api/relatorios/rep123?trimestre=${TRI}`, `/api/relatorios/rep039?trimestre=${TRI}`, `/api/relatorios/rep038?ano=${TRI.slice(0, 4)}`, '/api/relatorios/rep363?inicio=01/01/2026&termino=31/03/2026'];
    for (const url of urls) {
      expect((await op({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await admin({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await benef({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await prest({ method: 'GET', url })).statusCode, url).toBe(403);
    }
    const sem = await op({ method: 'GET', url: '/api/relatorios/rep039' });
    expect(sem.statusCode).toBe(400);
    expect(sem.body).toContain('Escolha o trimestre.');
    expect((await op({ method: 'GET', url: '/api/relatorios/rep038?ano=20x6' })).statusCode).toBe(400);
    expect((await op({ method: 'GET', url: '/api/relatorios/rep363' })).statusCode).toBe(400);
    for (const r of ['gerencias-sip', 'bases-tps', 'descontos-tps', 'indicadores-idss']) {
      expect((await op({ method: 'GET', url: `/api/recursos/${r}` })).statusCode, r).toBe(200);
      expect((await benef({ method: 'GET', url: `/api/recursos/${r}` })).statusCode, r).toBe(403);
    }
  });
});

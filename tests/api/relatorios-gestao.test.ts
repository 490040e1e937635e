import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, type TestApp } from './harness';
import { todayIso } from '../../src/shared/dates';

/**
 * The card reports (rep337, rep182, rep322) and two of management (rep230 denials by reason, rep373 contacts by
 * attendant). Expected figures come from SQL and JavaScript written here, not from the report sources.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let operadora: Who;
let prestador: Who;

beforeAll(async () => {
  t = await startTestApp();
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  prestador = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, code: string, q = ''): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
const br = (s: string) => s.split('-').reverse().join('/');

describe('cartões', () => {
  // cards as the issuing run leaves them: first issues last year, a replacement, renewals, some expired
  // days counted from the operator's today (the database's current_date is São Paulo's)
  const hoje = new Date(`${todayIso()}T12:00:00Z`);
  const dias = (n: number) => iso(new Date(hoje.getTime() + n * 86_400_000));
  let benef: { id: number; carteirinha: string; situacao: string }[];

  beforeAll(async () => {
    benef = await query(db(), sql`select id, carteirinha, situacao from beneficiarios where situacao = 'ATIVO' order by id limit 5`);
    const ativos = benef.filter((b) => b.situacao === 'ATIVO');
    expect(ativos.length).toBeGreaterThanOrEqual(5);
    const card = (b: (typeof benef)[number], via: number, motivo: string, emissao: string, validade: string, situacao = 'ATIVO') =>
      query(db(), sql`insert into cartoes (beneficiario_id, carteirinha, via, motivo, emissao, validade, situacao) values (${b.id}, ${b.carteirinha}, ${via}, ${motivo}, ${emissao}, ${validade}, ${situacao})`);
    await card(ativos[0], 1, 'PRIMEIRA_VIA', dias(-300), dias(20));
    await card(ativos[1], 1, 'PRIMEIRA_VIA', dias(-300), dias(-5), 'SUBSTITUIDO');
    await card(ativos[1], 2, 'SEGUNDA_VIA', dias(-5), dias(700));
    await card(ativos[2], 1, 'PRIMEIRA_VIA', dias(-400), dias(-1));
    await card(ativos[3], 1, 'RENOVACAO', dias(-2), dias(45));
    await card(ativos[4], 1, 'PRIMEIRA_VIA', dias(-10), dias(400));
  });

  it('rep337 lists the cards issued in the period by reason', async () => {
    const q = `inicio=${br(dias(-30))}&termino=${br(dias(0))}`;
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from cartoes where emissao between ${dias(-30)} and ${dias(0)}`);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep337/grupos?${q}`);
    expect(s.total).toBe(n);
    const porMotivo = await query<{ motivo: string; n: number }>(db(), sql`select motivo, count(*)::int as n from cartoes where emissao between ${dias(-30)} and ${dias(0)} group by 1`);
    const label: Record<string, string> = { PRIMEIRA_VIA: 'Primeira via', SEGUNDA_VIA: 'Segunda via (perda, roubo ou dano)', RENOVACAO: 'Renovação (fim da validade)' };
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map(porMotivo.map((m) => [label[m.motivo], m.n])));
    expect((await prestador({ method: 'GET', url: `/api/relatorios/rep337/grupos?${q}` })).statusCode).toBe(403);
  });

  it('rep182 lists only the cards in use of active people that expire in the period, by month', async () => {
    const q = `inicio=${br(dias(0))}&termino=${br(dias(60))}`;
    const esperado = await query<{ id: number; validade: string }>(
      db(),
      sql`select c.id, to_char(c.validade, 'MM/YYYY') as validade from cartoes c join beneficiarios b on b.id = c.beneficiario_id
        where c.situacao = 'ATIVO' and b.situacao = 'ATIVO' and c.validade between ${dias(0)} and ${dias(60)}`,
    );
    expect(esperado.length).toBeGreaterThanOrEqual(2);
    const rows = await allRows(operadora, 'rep182', q);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(esperado.map((e) => e.id)));
    expect(rows.every((r) => r.grupo === esperado.find((e) => e.id === r.id)!.validade)).toBe(true);
  });

  it('rep322 lists the active beneficiaries without a card valid today, with the last validity they had', async () => {
    const esperado = await query<{ id: number; ultima: string | null }>(
      db(),
      sql`select b.id, (select max(c.validade)::text from cartoes c where c.beneficiario_id = b.id and c.situacao = 'ATIVO') as ultima from beneficiarios b
        where b.situacao = 'ATIVO' and b.id not in (select beneficiario_id from cartoes where situacao = 'ATIVO' and validade >= current_date)`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep322/grupos?situacao=ATIVO');
    expect(s.total).toBe(esperado.length);
    const rows = await allRows(operadora, 'rep322', 'situacao=ATIVO');
    const ult = new Map(esperado.map((e) => [e.id, e.ultima]));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ult.keys()));
    // the one whose only card expired yesterday shows that day; the ones with a card in force are not there
    const expirado = rows.find((r) => r.ultimaValidade === dias(-1));
    expect(expirado).toBeDefined();
    const comCartao = await query<{ id: number }>(db(), sql`select beneficiario_id as id from cartoes where situacao = 'ATIVO' and validade >= current_date`);
    expect(rows.some((r) => comCartao.some((c) => c.id === r.id))).toBe(false);
  });
});

describe('rep230 — negativas por motivo', () => {
  it('sums the quantity and value not authorized per table-38 reason', async () => {
    const q = 'inicio=01/01/2000&termino=31/12/2099';
    const itens = await query<{ id: number; motivo: string; qs: number; qa: number | null; valor: string }>(
      db(),
      sql`select id, motivo_negativa as motivo, quantidade_solicitada as qs, quantidade_autorizada as qa, valor_centavos::text as valor from autorizacao_itens where motivo_negativa is not null`,
    );
    expect(itens.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep230/grupos?${q}`);
    expect(s.total).toBe(itens.length);
    const negado = (i: (typeof itens)[number]) => i.qs - (i.qa ?? 0);
    expect(s.totais.quantidadeNegada).toBe(itens.reduce((a, i) => a + negado(i), 0));
    expect(s.totais.valorNegado).toBe(itens.reduce((a, i) => a + negado(i) * Number(i.valor), 0));
    for (const g of s.grupos!) {
      const code = g.rotulo.split(' – ')[0];
      expect(g.n, g.rotulo).toBe(itens.filter((i) => i.motivo === code).length);
    }
    const um = itens[0].motivo;
    const so = await get<ReportSummary>(operadora, `/api/relatorios/rep230/grupos?${q}&motivo=${um}`);
    expect(so.total).toBe(itens.filter((i) => i.motivo === um).length);
  });
});

describe('rep373 — atendimentos por atendente', () => {
  it('groups the contacts of the period by attendant and sums their minutes', async () => {
    const q = 'inicio=01/01/2000&termino=31/12/2099';
    const esperado = await query<{ atendente: string; n: number; minutos: number }>(
      db(),
      sql`select coalesce(atendente_nome, 'Sem atendente') as atendente, count(*)::int as n,
          coalesce(sum(greatest(0, round(extract(epoch from (fim - inicio)) / 60))), 0)::int as minutos from atendimentos group by 1`,
    );
    expect(esperado.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep373/grupos?${q}`);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.duracao]]))).toEqual(new Map(esperado.map((e) => [e.atendente, [e.n, e.minutos]])));
  });
});

describe('rep168 e rep057 — autorizações por prestador e procedimentos mais pedidos', () => {
  const q = 'inicio=01/01/2000&termino=31/12/2099';

  it('rep168 counts each provider’s requests by outcome (cancelled left out), most requests first', async () => {
    const aut = await query<{ prestador: number; status: number; valor: string }>(db(), sql`select prestador_id as prestador, status, valor_centavos::text as valor from autorizacoes`);
    const porPrest = new Map<number, { n: number; aut: number; neg: number; pend: number; valor: number }>();
    for (const a of aut) {
      if (a.status === 6) continue;
      const p = porPrest.get(a.prestador) ?? { n: 0, aut: 0, neg: 0, pend: 0, valor: 0 };
      p.n++;
      if (a.status === 1 || a.status === 7) p.aut++;
      else if (a.status === 3) p.neg++;
      else p.pend++;
      p.valor += Number(a.valor);
      porPrest.set(a.prestador, p);
    }
    const rows = await allRows(operadora, 'rep168', q);
    expect(rows.length).toBe(porPrest.size);
    for (const r of rows) {
      const p = porPrest.get(r.id)!;
      expect([r.solicitacoes, r.autorizadas, r.negadas, r.pendentes, r.valor], `prestador ${r.id}`).toEqual([p.n, p.aut, p.neg, p.pend, p.valor]);
    }
    expect(rows.map((r) => r.solicitacoes)).toEqual([...rows.map((r) => r.solicitacoes as number)].sort((a, b) => b - a));
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep168/grupos?${q}`);
    expect(s.totais.solicitacoes).toBe([...porPrest.values()].reduce((a, p) => a + p.n, 0));
    expect(s.totais.autorizadas + s.totais.negadas + s.totais.pendentes).toBe(s.totais.solicitacoes);
    // the period is required, in Portuguese
    const sem = await operadora({ method: 'GET', url: '/api/relatorios/rep168/grupos' });
    expect(sem.statusCode).toBe(400);
    expect(sem.body).toContain('Informe o início e o término do período.');
  });

  it('rep057 sums the requested items per TUSS code within its group, the most requested first', async () => {
    const itens = await query<{ codigo: string; aut: number; qs: number; qa: number | null; valor: string }>(
      db(),
      sql`select i.codigo, i.autorizacao_id as aut, i.quantidade_solicitada as qs, i.quantidade_autorizada as qa, i.valor_centavos::text as valor
        from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id where a.status <> 6 and i.codigo in (select codigo from procedimentos)`,
    );
    const porCodigo = new Map<string, { guias: Set<number>; qs: number; qa: number; valor: number }>();
    for (const i of itens) {
      const c = porCodigo.get(i.codigo) ?? { guias: new Set<number>(), qs: 0, qa: 0, valor: 0 };
      c.guias.add(i.aut);
      c.qs += i.qs;
      c.qa += i.qa ?? 0;
      c.valor += i.qs * Number(i.valor);
      porCodigo.set(i.codigo, c);
    }
    const rows = await allRows(operadora, 'rep057', q);
    expect(rows.length).toBe(porCodigo.size);
    for (const r of rows) {
      const c = porCodigo.get(String(r.codigo))!;
      expect([r.guias, r.quantidadeSolicitada, r.quantidadeAutorizada, r.valor], String(r.codigo)).toEqual([c.guias.size, c.qs, c.qa, c.valor]);
    }
    // inside each group, the most requested first
    for (let i = 1; i < rows.length; i++)
      if (rows[i].grupo === rows[i - 1].grupo) expect(rows[i].quantidadeSolicitada as number).toBeLessThanOrEqual(rows[i - 1].quantidadeSolicitada as number);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep057/grupos?${q}`);
    expect(s.totais.valor).toBe([...porCodigo.values()].reduce((a, c) => a + c.valor, 0));
  });
});

describe('mala direta — rep335 aniversariantes e rep360 contatos', () => {
  it('rep335 lists the month’s birthdays of active people by day, with the age they complete', async () => {
    const benef = await query<{ id: number; nasc: string; situacao: string }>(db(), sql`select id, data_nascimento::text as nasc, situacao from beneficiarios`);
    const mes = Number(benef[0].nasc.slice(5, 7));
    const esperado = benef.filter((b) => b.situacao === 'ATIVO' && Number(b.nasc.slice(5, 7)) === mes);
    const rows = await allRows(operadora, 'rep335', `mes=${mes}&situacao=ATIVO`);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(esperado.map((b) => b.id)));
    const ano = new Date().getFullYear();
    for (const r of rows) {
      const b = esperado.find((e) => e.id === r.id)!;
      expect(r.grupo).toBe(`${b.nasc.slice(8, 10)}/${b.nasc.slice(5, 7)}`);
      expect(r.idade).toBe(ano - Number(b.nasc.slice(0, 4)));
    }
    // day by day
    expect(rows.map((r) => r.grupo)).toEqual([...rows.map((r) => String(r.grupo))].sort());
    expect((await operadora({ method: 'GET', url: '/api/relatorios/rep335?mes=13' })).statusCode).toBe(400);
  });

  it('rep360 finds who receives e-mail and who cannot be reached', async () => {
    await query(db(), sql`update beneficiarios set email = null, celular = null where id in (select id from beneficiarios where situacao = 'ATIVO' order by id desc limit 3)`);
    const contatos = await query<{ id: number; email: string | null; celular: string | null }>(db(), sql`select id, email, celular from beneficiarios where situacao = 'ATIVO'`);
    const vazio = (v: string | null) => !v;
    const nenhum = await allRows(operadora, 'rep360', 'situacao=ATIVO&contato=nenhum');
    expect(new Set(nenhum.map((r) => r.id))).toEqual(new Set(contatos.filter((c) => vazio(c.email) && vazio(c.celular)).map((c) => c.id)));
    expect(nenhum.length).toBeGreaterThanOrEqual(3);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep360/grupos?situacao=ATIVO&contato=email');
    expect(s.total).toBe(contatos.filter((c) => !vazio(c.email)).length);
  });
});

describe('rep095 — pirâmide etária', () => {
  it('counts active people by ANS band, plan and sex; the band subtotals are the pyramid', async () => {
    const { FAIXAS_ANS, faixaAns } = await import('../../src/shared/relatorios/beneficiarios');
    const benef = await query<{ produto: number; sexo: string; idade: number }>(
      db(),
      sql`select produto, sexo, date_part('year', age(current_date, data_nascimento))::int as idade from beneficiarios where situacao = 'ATIVO'`,
    );
    const porFaixa = new Map<string, { m: number; f: number; n: number }>();
    for (const b of benef) {
      const k = faixaAns(b.idade).label;
      const c = porFaixa.get(k) ?? { m: 0, f: 0, n: 0 };
      c.n++;
      if (b.sexo === '1') c.m++;
      if (b.sexo === '3') c.f++;
      porFaixa.set(k, c);
    }
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep095/grupos?situacao=ATIVO');
    expect(s.totais.total).toBe(benef.length);
    expect(s.grupos!.map((g) => g.rotulo)).toEqual(FAIXAS_ANS.map((f) => f.label).filter((l) => porFaixa.has(l)));
    for (const g of s.grupos!) expect([g.totais.masculino, g.totais.feminino, g.totais.total], g.rotulo).toEqual([porFaixa.get(g.rotulo)!.m, porFaixa.get(g.rotulo)!.f, porFaixa.get(g.rotulo)!.n]);
    const rows = await allRows(operadora, 'rep095', 'situacao=ATIVO');
    expect(rows.reduce((a, r) => a + (r.total as number), 0)).toBe(benef.length);
  });
});

describe('programas de saúde — rep218 condições crônicas e rep320 gestantes', () => {
  const q = 'inicio=01/01/2000&termino=31/12/2099';

  it('rep218 puts each person once under each chronic condition their CIDs show, with the count and the days', async () => {
    const { CONDICOES_CRONICAS } = await import('../../src/shared/relatorios/programa-saude');
    const aut = await query<{ benef: number; cid: string; data: string }>(
      db(),
      sql`select beneficiario_id as benef, cid, data_solicitacao::text as data from autorizacoes where status <> 6 and cid is not null`,
    );
    const cond = (cid: string) => CONDICOES_CRONICAS.find((c) => c.faixas.some(([de, ate]) => cid.slice(0, 3) >= de && cid.slice(0, 3) <= ate));
    const esperado = new Map<string, { n: number; primeira: string; ultima: string }>();
    for (const a of aut) {
      const c = cond(a.cid);
      if (!c) continue;
      const k = `${a.benef}|${c.label}`;
      const e = esperado.get(k) ?? { n: 0, primeira: a.data, ultima: a.data };
      e.n++;
      if (a.data < e.primeira) e.primeira = a.data;
      if (a.data > e.ultima) e.ultima = a.data;
      esperado.set(k, e);
    }
    expect(esperado.size).toBeGreaterThan(0);
    const rows = await allRows(operadora, 'rep218', q);
    expect(rows.length).toBe(esperado.size);
    for (const r of rows) {
      const e = esperado.get(`${Math.floor(r.id / 10)}|${r.grupo}`)!;
      expect([r.autorizacoes, r.primeira, r.ultima], String(r.id)).toEqual([e.n, e.primeira, e.ultima]);
    }
    const onc = await get<ReportSummary>(operadora, `/api/relatorios/rep218/grupos?${q}&condicao=oncologia`);
    expect(onc.total).toBe([...esperado.keys()].filter((k) => k.endsWith('|Oncologia')).length);
  });

  it('rep320 lists the people with a pregnancy or prenatal CID', async () => {
    const [{ n }] = await query<{ n: number }>(
      db(),
      sql`select count(distinct beneficiario_id)::int as n from autorizacoes where status <> 6 and (left(cid, 1) = 'O' or left(cid, 3) between 'Z32' and 'Z36')`,
    );
    expect(n).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep320/grupos?${q}`);
    expect(s.total).toBe(n);
  });
});

describe('rep371 — decisões por usuário', () => {
  it('counts each decider’s decisions per month of São Paulo', async () => {
    const dec = await query<{ mes: string; nome: string; status: number; valor: string }>(
      db(),
      sql`select to_char(a.decidida_em at time zone 'America/Sao_Paulo', 'MM/YYYY') as mes, coalesce(u.nome, 'Decisão automática') as nome, a.status, a.valor_centavos::text as valor
        from autorizacoes a left join usuarios u on u.id = a.decidida_por_id where a.decidida_em is not null`,
    );
    expect(dec.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep371/grupos?inicio=01/01/2000&termino=31/12/2099');
    expect(s.totais.decisoes).toBe(dec.length);
    expect(s.totais.negadas).toBe(dec.filter((d) => d.status === 3).length);
    expect(s.totais.valor).toBe(dec.reduce((a, d) => a + Number(d.valor), 0));
    const rows = await allRows(operadora, 'rep371', 'inicio=01/01/2000&termino=31/12/2099');
    for (const r of rows) expect(r.decisoes, `${r.grupo} ${r.usuario}`).toBe(dec.filter((d) => d.mes === r.grupo && d.nome === r.usuario).length);
  });
});

describe('rep277 — documentos protocolados', () => {
  it('groups the period’s protocols by destination sector and sums their sheets', async () => {
    const prot = await query<{ setor: string; folhas: number; recebido: string }>(
      db(),
      sql`select s.descricao as setor, p.folhas, p.recebido_em::text as recebido from protocolos_documentos p join setores_empresa s on s.id = p.setor_id`,
    );
    expect(prot.length).toBeGreaterThan(0);
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep277/grupos?inicio=01/01/2000&termino=31/12/2099');
    expect(s.total).toBe(prot.length);
    expect(s.totais.folhas).toBe(prot.reduce((a, p) => a + p.folhas, 0));
    for (const g of s.grupos!) expect(g.n, g.rotulo).toBe(prot.filter((p) => p.setor === g.rotulo).length);
  });
});

describe('rep125 — comunicados enviados por e-mail', () => {
  it('groups the outbox of the period by state, with the attempts summed', async () => {
    await query(
      db(),
      sql`insert into emails (para, nome, assunto, corpo, status, tentativas, erro, enviado_em) values
        ('rede@clinicavida.com.br', 'Clínica Vida', 'Reajuste da tabela de honorários', 'Prezados,', 'enviado', 1, null, now()),
        ('contato@labcentral.com.br', 'Laboratório Central', 'Reajuste da tabela de honorários', 'Prezados,', 'erro', 3, '550 caixa postal inexistente', null),
        ('faturamento@hsl.com.br', 'Hospital Santa Luzia', 'Reajuste da tabela de honorários', 'Prezados,', 'pendente', 0, null, null)`,
    );
    const estados = await query<{ status: string; n: number; t: number }>(db(), sql`select status, count(*)::int as n, sum(tentativas)::int as t from emails group by 1`);
    const label: Record<string, string> = { enviado: 'Enviado', pendente: 'Pendente', erro: 'Com erro' };
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep125/grupos?inicio=01/01/2000&termino=31/12/2099');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, [g.n, g.totais.tentativas]]))).toEqual(new Map(estados.map((e) => [label[e.status], [e.n, e.t]])));
    const erros = await allRows(operadora, 'rep125', 'inicio=01/01/2000&termino=31/12/2099&situacao=erro');
    expect(erros.some((r) => r.erro === '550 caixa postal inexistente')).toBe(true);
  });
});

describe('rep127 — tempo de resposta das autorizações', () => {
  it('counts business days to each decision (weekends and national holidays out) and flags those past the deadline', async () => {
    const dec = await query<{ id: number; carater: string; tipo: string; sol: string; dia: string }>(
      db(),
      sql`select id, carater, tipo, data_solicitacao::text as sol, ((decidida_em at time zone 'America/Sao_Paulo')::date)::text as dia from autorizacoes where decidida_em is not null`,
    );
    expect(dec.length).toBeGreaterThan(0);
    const feriados = new Set(
      (await query<{ d: string }>(db(), sql`select data::text as d from feriados where abrangencia = 'NACIONAL' and not ponto_facultativo`)).map((f) => f.d),
    );
    const uteis = (de: string, ate: string) => {
      let n = 0;
      for (let d = new Date(`${de}T12:00:00Z`); ; ) {
        d = new Date(d.getTime() + 86_400_000);
        const iso = d.toISOString().slice(0, 10);
        if (iso > ate) return n;
        if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !feriados.has(iso)) n++;
      }
    };
    const prazo = (a: (typeof dec)[number]) => (a.carater === '2' ? 0 : a.tipo === 'INTERNACAO' || a.tipo === 'PRORROGACAO' ? 10 : 5);
    const rows = await allRows(operadora, 'rep127', 'inicio=01/01/2000&termino=31/12/2099');
    expect(rows.length).toBe(dec.length);
    let fora = 0;
    for (const r of rows) {
      const a = dec.find((d) => d.id === r.id)!;
      const n = uteis(a.sol, a.dia);
      expect(r.diasUteis, `guia ${r.numero}`).toBe(n);
      expect(r.situacaoPrazo).toBe(n > prazo(a) ? 'fora' : 'no');
      if (n > prazo(a)) fora++;
    }
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep127/grupos?inicio=01/01/2000&termino=31/12/2099');
    expect(s.totais.foraDoPrazo).toBe(fora);
    const so = await get<ReportSummary>(operadora, '/api/relatorios/rep127/grupos?inicio=01/01/2000&termino=31/12/2099&cumprimento=fora');
    expect(so.total).toBe(fora);
  });
});

describe('rep311 — pendências do SIB', () => {
  it('lists each person under each SIB rule they break, as the Análise do SIB counts them', async () => {
    const resumo = (await get<{ regras: { regra: string; total: number }[] }>(operadora, '/api/analise-sib/regras')).regras;
    const { REGRAS_SIB } = await import('../../src/shared/sib/analise');
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep311/grupos');
    expect(s.total).toBe(resumo.reduce((a, r) => a + r.total, 0));
    for (const g of s.grupos!) {
      const r = REGRAS_SIB.find((x) => x.titulo === g.rotulo)!;
      expect(g.n, g.rotulo).toBe(resumo.find((x) => x.regra === r.regra)!.total);
    }
    // one rule: its people, by the rule's own test on the raw columns (CNS missing)
    const semCns = await query<{ id: number }>(db(), sql`select id from beneficiarios where situacao <> 'CANCELADO' and cns is null`);
    const rows = await allRows(operadora, 'rep311', 'regra=cns-ausente');
    expect(new Set(rows.map((r) => Math.floor(r.id / 16)))).toEqual(new Set(semCns.map((b) => b.id)));
  });
});

describe('rep355 — etiquetas de beneficiários', () => {
  it('gives one label per active holder with an address, in CEP order', async () => {
    const tit = await query<{ id: number; cep: string }>(
      db(),
      sql`select id, cep from beneficiarios where relacao_dependencia = '1' and situacao = 'ATIVO' and coalesce(logradouro, '') <> '' and coalesce(cep, '') <> ''`,
    );
    expect(tit.length).toBeGreaterThan(0);
    const rows = await allRows(operadora, 'rep355', 'situacao=ATIVO');
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(tit.map((b) => b.id)));
    const ceps = rows.map((r) => String(r.cep));
    expect(ceps).toEqual([...ceps].sort());
  });
});

describe('rep260 — todos os registros do SIB', () => {
  it('lists every registration by plan with its CCO and documents', async () => {
    const porPlano = await query<{ rotulo: string; n: number }>(
      db(),
      sql`select pr.nome || ' (' || pr.registro_ans || ')' as rotulo, count(*)::int as n from beneficiarios b join produtos pr on pr.id = b.produto group by 1`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep260/grupos');
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(new Map(porPlano.map((p) => [p.rotulo, p.n])));
    const [b] = await query<{ id: number; cco: string | null; cpf: string | null }>(db(), sql`select id, cco, cpf from beneficiarios where cco is not null order by id limit 1`);
    const rows = await allRows(operadora, 'rep260');
    const r = rows.find((x) => x.id === b.id)!;
    expect([r.cco, r.cpf]).toEqual([b.cco, b.cpf]);
  });
});

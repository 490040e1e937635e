import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The last four reports of the spec's tree with data to run on: rep312 (beneficiary-months by ANS band and plan),
 * rep321 (the SIB's movements by competência), rep090 (the coparticipation the period's authorizations bring) and
 * Logins e Permissões (the access review). Every expected figure is computed here in JavaScript from the tables'
 * plain rows (ages, months, agreements and rounding done again), not through the report sources.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let operadora: Who;
let admin: Who;
let hoje: string;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
  [{ hoje }] = await query<{ hoje: string }>(db(), sql`select current_date::text as hoje`);
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, code: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${code}?${q}&limit=40${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<{ job: JobDetail; bytes: Buffer }> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return { job, bytes: f.rawPayload };
}
const br = (iso: string) => iso.split('-').reverse().join('/');
/** Whole years between two ISO days, as a person counts birthdays. */
function idade(nasc: string, dia: string): number {
  const [ny, nm, nd] = nasc.split('-').map(Number);
  const [y, m, d] = dia.split('-').map(Number);
  return y - ny - (m < nm || (m === nm && d < nd) ? 1 : 0);
}
const LIMITES = [18, 23, 28, 33, 38, 43, 48, 53, 58];
const faixa = (anos: number) => LIMITES.findIndex((l) => anos <= l) + 1 || 10;
const ROTULOS = ['0 a 18 anos', '19 a 23 anos', '24 a 28 anos', '29 a 33 anos', '34 a 38 anos', '39 a 43 anos', '44 a 48 anos', '49 a 53 anos', '54 a 58 anos', '59 anos ou mais'];
/** The last day of each month from the month of `de` to that of `ate` (never past today: today for the current month). */
function fimDosMeses(de: string, ate: string): string[] {
  const out: string[] = [];
  let [y, m] = de.slice(0, 7).split('-').map(Number);
  const limite = (ate < hoje ? ate : hoje).slice(0, 7);
  while (`${y}-${String(m).padStart(2, '0')}` <= limite) {
    const ultimo = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    out.push(ultimo < hoje ? ultimo : hoje);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

describe('rep312 — expostos por faixa etária', () => {
  type B = { id: number; produto: number; pnome: string; registro: string; sexo: string; nasc: string; adesao: string; situacao: string; saida: string | null };
  let benef: B[];
  let auts: { benef: number; dia: string; status: number }[];
  beforeAll(async () => {
    benef = await query<B>(
      db(),
      sql`select b.id, b.produto, pr.nome as pnome, pr.registro_ans as registro, b.sexo, b.data_nascimento::text as nasc, b.data_adesao::text as adesao, b.situacao,
            b.data_situacao::text as saida from beneficiarios b join produtos pr on pr.id = b.produto`,
    );
    auts = await query(db(), sql`select beneficiario_id as benef, data_solicitacao::text as dia, status from autorizacoes`);
  });

  /** Per "band|plan": beneficiary-months by sex and the requests of the period's months. */
  function esperado(de: string, ate: string) {
    const meses = fimDosMeses(de, ate);
    const out = new Map<string, { m: number; f: number; total: number; sol: number }>();
    const da = (b: B, band: number) => {
      const k = `${ROTULOS[band - 1]}|${b.pnome} (${b.registro})`;
      if (!out.has(k)) out.set(k, { m: 0, f: 0, total: 0, sol: 0 });
      return out.get(k)!;
    };
    for (const dia of meses)
      for (const b of benef) {
        if (b.adesao > dia) continue;
        if (b.situacao === 'CANCELADO' && !(b.saida != null && b.saida > dia)) continue;
        const x = da(b, faixa(idade(b.nasc, dia)));
        x.total++;
        if (b.sexo === '1') x.m++;
        if (b.sexo === '3') x.f++;
      }
    const porId = new Map(benef.map((b) => [b.id, b]));
    const ini = de.slice(0, 7);
    const fim = meses.length ? meses[meses.length - 1].slice(0, 7) : '';
    for (const a of auts) {
      if (a.status === 6 || a.dia.slice(0, 7) < ini || a.dia.slice(0, 7) > fim) continue;
      const b = porId.get(a.benef)!;
      da(b, faixa(idade(b.nasc, a.dia))).sol++;
    }
    return out;
  }

  it('counts each person once a month in force, in the band of their age at the month’s end, with the requests', async () => {
    for (const [de, ate] of [['2025-01-01', '2025-06-30'], [`${hoje.slice(0, 4)}-01-15`, '2099-12-31']]) {
      const q = `inicio=${br(de)}&termino=${br(ate)}`;
      const rows = await allRows(operadora, 'rep312', q);
      const exp = esperado(de, ate);
      expect(rows.length).toBe(exp.size);
      let total = 0;
      let sol = 0;
      for (const r of rows) {
        const e = exp.get(`${r.grupo}|${r.produtoNome}`);
        expect(e, `${r.grupo} ${r.produtoNome}`).toBeDefined();
        expect([r.masculino, r.feminino, r.total, r.autorizacoes]).toEqual([e!.m, e!.f, e!.total, e!.sol]);
        expect(r.frequencia).toBe(e!.total ? Math.round((e!.sol * 100_000) / e!.total) / 100 : null);
        total += e!.total;
        sol += e!.sol;
      }
      expect(total).toBeGreaterThan(0);
      // the bands in their order, the subtotals per band, the grand totals
      const s = await get<ReportSummary>(operadora, `/api/relatorios/rep312/grupos?${q}`);
      expect(s.totais.total).toBe(total);
      expect(s.totais.autorizacoes).toBe(sol);
      const bandas = ROTULOS.filter((l) => [...exp.keys()].some((k) => k.startsWith(`${l}|`)));
      expect(s.grupos!.map((g) => g.rotulo)).toEqual(bandas);
      for (const g of s.grupos!) expect(g.totais.total).toBe([...exp].filter(([k]) => k.startsWith(`${g.rotulo}|`)).reduce((n, [, v]) => n + v.total, 0));
    }
  });

  it('narrows to one plan, refuses a run without the period, and writes the CSV with decimal commas', async () => {
    const plano = benef[0].produto;
    const rows = await allRows(operadora, 'rep312', `inicio=01/01/2025&termino=31/12/2025&plano=${plano}`);
    expect(new Set(rows.map((r) => r.produtoNome)).size).toBe(1);
    const res = await operadora({ method: 'GET', url: '/api/relatorios/rep312?termino=31/12/2025' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Informe o início e o término do período.');
    const csv = await file(operadora, '/relatorio/beneficiario/atuarial/expostos-faixa-etaria', 'csv', 'inicio=01/01/2025&termino=31/12/2025');
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Faixa etária;Plano;Masculino (benef.-mês);Feminino (benef.-mês);Beneficiários-mês;Solicitações;Frequência por mil');
    const todas = await allRows(operadora, 'rep312', 'inicio=01/01/2025&termino=31/12/2025');
    expect(lines.length).toBe(1 + todas.length);
    const comFreq = todas.find((r) => r.frequencia != null && !Number.isInteger(r.frequencia))!;
    expect(lines.some((l) => l.endsWith(`;${(comFreq.frequencia as number).toFixed(2).replace('.', ',')}`))).toBe(true);
  });
});

describe('rep321 — movimentação do SIB por competência', () => {
  it('lists each kind of movement in the competência of its day, the address updates and matrícula changes as retificações', async () => {
    const [b1, b2, b3] = await query<{ id: number; matricula: string; produto: number }>(db(), sql`select id, matricula, produto from beneficiarios where situacao = 'ATIVO' order by id limit 3`);
    const [outro] = await query<{ id: number }>(db(), sql`select id from produtos where id <> ${b3.produto} order by id limit 1`);
    // an approved address update (SIB), an approved phone update (not SIB), a pending address one (not yet), a matrícula change, a migration
    await query(db(), sql`insert into atualizacoes_cadastrais (protocolo, beneficiario_id, dados, anteriores, situacao, decidida_em) values
      ('TESTE-SIB-1', ${b1.id}, '{"logradouro":"Rua Nova","numero":"10"}', '{}', 'APROVADA', '2025-03-10 15:00-03'),
      ('TESTE-SIB-2', ${b1.id}, '{"telefone":"3133334444"}', '{}', 'APROVADA', '2025-03-11 15:00-03'),
      ('TESTE-SIB-3', ${b2.id}, '{"cep":"30110000"}', '{}', 'PENDENTE', null),
      ('TESTE-SIB-4', ${b2.id}, '{"bairro":"Centro"}', '{}', 'APROVADA', '2025-03-31 23:30-03')`);
    await query(db(), sql`insert into matriculas_anteriores (beneficiario_id, matricula, matricula_nova, motivo, usuario_nome, em) values (${b2.id}, '0000000001', ${b2.matricula}, 'Teste', 'Teste', '2025-04-02 10:00-03')`);
    await query(db(), sql`insert into mudancas_plano (beneficiario_id, produto_anterior, produto_novo, vigencia) values (${b3.id}, ${outro.id}, ${b3.produto}, '2025-04-01')`);

    const de = '2025-01-01';
    const ate = '2025-06-30';
    const dentro = (d: string | null) => d != null && d >= de && d <= ate;
    const bs = await query<{ id: number; adesao: string; situacao: string; saida: string | null }>(db(), sql`select id, data_adesao::text as adesao, situacao, data_situacao::text as saida from beneficiarios`);
    const esperado: string[] = [];
    for (const b of bs) {
      if (dentro(b.adesao)) esperado.push(`${b.adesao.slice(5, 7)}/${b.adesao.slice(0, 4)}|1|${b.id}`);
      if (b.situacao === 'CANCELADO' && dentro(b.saida)) esperado.push(`${b.saida!.slice(5, 7)}/${b.saida!.slice(0, 4)}|4|${b.id}`);
    }
    esperado.push(`03/2025|2|${b1.id}`, `03/2025|2|${b2.id}`, `04/2025|2|${b2.id}`, `04/2025|3|${b3.id}`);
    const ids = new Map((await query<{ id: number; matricula: string }>(db(), sql`select id, matricula from beneficiarios`)).map((b) => [b.matricula, b.id]));

    const q = `inicio=${br(de)}&termino=${br(ate)}`;
    const rows = await allRows(operadora, 'rep321', q);
    expect(rows.map((r) => `${r.grupo}|${r.movimento}|${ids.get(r.matricula as string)}`).sort()).toEqual(esperado.sort());
    // competências in order, movements by kind within each
    const chave = (r: Row) => `${String(r.grupo).slice(3)}${String(r.grupo).slice(0, 2)}${r.movimento}${r.data}`;
    expect(rows.map(chave)).toEqual(rows.map(chave).sort());
    expect(rows.find((r) => r.movimento === '2' && String(r.detalhe).includes('TESTE-SIB-1'))).toMatchObject({ data: '2025-03-10', detalhe: 'Endereço (atualização cadastral TESTE-SIB-1)' });
    // the update decided at 23:30 of 31/03 in São Paulo is March's
    expect(rows.find((r) => String(r.detalhe).includes('TESTE-SIB-4'))).toMatchObject({ grupo: '03/2025', data: '2025-03-31' });
    expect(rows.find((r) => r.movimento === '3')!.detalhe).toMatch(/^De .+ para .+$/);
    expect(rows.find((r) => String(r.detalhe).startsWith('Matrícula 0000000001'))!.detalhe).toBe(`Matrícula 0000000001 alterada para ${b2.matricula}`);

    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep321/grupos?${q}`);
    expect(s.total).toBe(esperado.length);
    const porMes = new Map<string, number>();
    for (const e of esperado) porMes.set(e.split('|')[0], (porMes.get(e.split('|')[0]) ?? 0) + 1);
    expect(s.grupos!.map((g) => [g.rotulo, g.n])).toEqual([...porMes].sort(([a], [b]) => (a.slice(3) + a.slice(0, 2) < b.slice(3) + b.slice(0, 2) ? -1 : 1)));
    // one kind only
    const ret = await allRows(operadora, 'rep321', `${q}&movimento=2`);
    expect(ret.length).toBe(3);
  });

  it('writes the XLSX with a subtotal per competência', async () => {
    const q = 'inicio=01/01/2025&termino=30/06/2025';
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep321/grupos?${q}`);
    const x = await file(operadora, '/relatorio/beneficiario/sib/movimentacao-sib', 'xlsx', q);
    const sheet = strFromU8(unzipSync(new Uint8Array(x.bytes))['xl/worksheets/sheet1.xml']);
    expect(sheet.match(/Subtotal de /g)!.length).toBe(s.grupos!.length);
    expect(sheet).toContain(`Total geral: ${s.total.toLocaleString('pt-BR')} movimentos`);
  });
});

describe('rep090 — coparticipação prevista', () => {
  it('applies the plan’s agreement in force on the authorization day: percentage of the authorized value, capped', async () => {
    const de = '2024-01-01';
    const itens = await query<{ id: number; benef: number; produto: number; data: string; status: number; codigo: string; qtd: number | null; valor: string }>(
      db(),
      sql`select i.id, a.beneficiario_id as benef, b.produto, a.data_autorizacao::text as data, a.status, i.codigo, i.quantidade_autorizada as qtd, i.valor_centavos::text as valor
        from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id join beneficiarios b on b.id = a.beneficiario_id`,
    );
    const acordos = await query<{ id: number; produto: number; codigo: string; coberto: boolean; pct: string; teto: string | null; ini: string; fim: string | null }>(
      db(),
      sql`select ap.id, ap.produto, p.codigo, ap.coberto, ap.percentual_coparticipacao::text as pct, ap.valor_maximo_coparticipacao::text as teto,
          ap.inicio_vigencia::text as ini, ap.fim_vigencia::text as fim from acordos_padrao_procedimentos ap join procedimentos p on p.id = ap.procedimento`,
    );
    const esperado = new Map<number, { valor: number; copart: number }>();
    for (const i of itens) {
      if (![1, 7].includes(i.status) || !i.data || i.data < de || i.data > hoje || !i.qtd) continue;
      const vigentes = acordos
        .filter((a) => a.produto === i.produto && a.codigo === i.codigo && a.ini <= i.data && (a.fim == null || a.fim >= i.data))
        .sort((a, b) => (a.ini === b.ini ? b.id - a.id : a.ini < b.ini ? 1 : -1));
      const a = vigentes[0];
      if (!a || !a.coberto || !(Number(a.pct) > 0)) continue;
      const valor = i.qtd * Number(i.valor);
      const parte = Math.round((valor * Math.round(Number(a.pct) * 100)) / 10_000);
      esperado.set(i.id, { valor, copart: a.teto != null && parte > Number(a.teto) ? Number(a.teto) : parte });
    }
    expect(esperado.size).toBeGreaterThan(0);
    const q = `inicio=${br(de)}&termino=${br(hoje)}`;
    const rows = await allRows(operadora, 'rep090', q);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...esperado.keys()].sort((a, b) => a - b));
    for (const r of rows) expect([r.valorAutorizado, r.coparticipacao], String(r.id)).toEqual([esperado.get(r.id)!.valor, esperado.get(r.id)!.copart]);
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep090/grupos?${q}`);
    expect(s.totais.coparticipacao).toBe([...esperado.values()].reduce((n, e) => n + e.copart, 0));
    expect(s.totais.valorAutorizado).toBe([...esperado.values()].reduce((n, e) => n + e.valor, 0));
    expect(s.grupos!.reduce((n, g) => n + g.totais.coparticipacao, 0)).toBe(s.totais.coparticipacao);
  });

  it('takes the older agreement for an authorization of its time, and the cap when the share passes it', async () => {
    // a fresh authorization of 2023 on a procedure whose plan had 30 % capped at R$ 200,00 until 31/12/2023
    const [ac] = await query<{ produto: number; codigo: string; descricao: string }>(
      db(),
      sql`select ap.produto, p.codigo, p.descricao from acordos_padrao_procedimentos ap join procedimentos p on p.id = ap.procedimento
        where ap.fim_vigencia = '2023-12-31' and ap.percentual_coparticipacao = 30 and ap.valor_maximo_coparticipacao = 20000 limit 1`,
    );
    expect(ac).toBeDefined();
    const [b] = await query<{ id: number; nome: string; matricula: string }>(db(), sql`select id, nome, matricula from beneficiarios where produto = ${ac.produto} and situacao = 'ATIVO' order by id limit 1`);
    const [p] = await query<{ id: number }>(db(), sql`select id from prestadores order by id limit 1`);
    const [a] = await query<{ id: number }>(
      db(),
      sql`insert into autorizacoes (numero, tipo, status, beneficiario_id, prestador_id, numero_conselho, uf_conselho, data_solicitacao, data_autorizacao, valor_centavos)
        values ('TESTE-COPART-1', 'SP_SADT', 1, ${b.id}, ${p.id}, '12345', 'MG', '2023-05-02', '2023-05-03', 90000) returning id`,
    );
    // 2 × R$ 450,00 = R$ 900,00 → 30 % = R$ 270,00 → capped at R$ 200,00; and a line of R$ 333,35 → 30 % = R$ 100,005 → R$ 100,01
    await query(db(), sql`insert into autorizacao_itens (autorizacao_id, seq, codigo, descricao, quantidade_solicitada, quantidade_autorizada, valor_centavos)
      values (${a.id}, 1, ${ac.codigo}, ${ac.descricao}, 2, 2, 45000), (${a.id}, 2, ${ac.codigo}, ${ac.descricao}, 1, 1, 33335), (${a.id}, 3, ${ac.codigo}, ${ac.descricao}, 1, 0, 45000)`);
    const rows = await allRows(operadora, 'rep090', `inicio=01/05/2023&termino=31/05/2023&beneficiario=${encodeURIComponent(b.nome.split(' ')[0])}`);
    const minhas = rows.filter((r) => r.numero === 'TESTE-COPART-1');
    expect(minhas.map((r) => [r.quantidade, r.valorAutorizado, r.percentual, r.teto, r.coparticipacao])).toEqual([
      [2, 90000, 30, 20000, 20000],
      [1, 33335, 30, 20000, 10001],
    ]);
    expect(minhas[0].grupo).toBe(`${b.nome} (${b.matricula})`);
  });
});

describe('logins e permissões', () => {
  it('lists each profile with its accounts, their permissions in all and the last login; only for who manages all', async () => {
    const refused = await operadora({ method: 'GET', url: '/api/relatorios/logins-permissao' });
    expect(refused.statusCode).toBe(403);

    const us = await query<{ id: number; login: string; ativo: boolean; ultimo: string | null }>(
      db(),
      sql`select u.id, u.login, u.ativo, (select max(criada_em) from sessoes s where s.usuario_id = u.id)::text as ultimo from usuarios u`,
    );
    const up = await query<{ usuario_id: number; perfil_id: number }>(db(), sql`select usuario_id, perfil_id from usuario_perfis`);
    const perfis = await query<{ id: number; nome: string }>(db(), sql`select id, nome from perfis`);
    const pp = await query<{ perfil_id: number; permissao: string }>(db(), sql`select perfil_id, permissao from perfil_permissoes`);
    const porPerfil = new Map(perfis.map((p) => [p.id, pp.filter((x) => x.perfil_id === p.id).length]));
    const esperado: string[] = [];
    for (const u of us) {
      const meus = up.filter((x) => x.usuario_id === u.id).map((x) => x.perfil_id);
      const permissoes = new Set(pp.filter((x) => meus.includes(x.perfil_id)).map((x) => x.permissao)).size;
      const grupos = meus.length ? meus.map((id) => `${perfis.find((p) => p.id === id)!.nome} (${porPerfil.get(id)} permissões)`) : ['Sem perfil'];
      for (const g of grupos) esperado.push(`${g}|${u.login}|${permissoes}|${u.ativo ? 'ativo' : 'bloqueado'}|${u.ultimo == null ? '-' : 'login'}`);
    }
    const rows = await allRows(admin, 'logins-permissao', '');
    expect(rows.map((r) => `${r.grupo}|${r.login}|${r.permissoes}|${r.situacao}|${r.ultimoLogin == null ? '-' : 'login'}`).sort()).toEqual(esperado.sort());
    // the admin logged in just now: today, 0 days
    const eu = rows.find((r) => r.login === 'admin')!;
    expect(eu.diasSemLogin).toBe(0);
    expect(Date.now() - Date.parse(String(eu.ultimoLogin))).toBeLessThan(10 * 60_000);
    expect(eu.papeis).toContain('Administrador');
    // the profiles by name, "Sem perfil" last when there is one
    const s = await get<ReportSummary>(admin, '/api/relatorios/logins-permissao/grupos');
    const nomes = s.grupos!.map((g) => g.rotulo);
    const comPerfil = nomes.filter((n) => n !== 'Sem perfil');
    expect(comPerfil).toEqual([...comPerfil].sort((a, b) => (a < b ? -1 : 1)));
    if (nomes.includes('Sem perfil')) expect(nomes.at(-1)).toBe('Sem perfil');
    expect(s.total).toBe(esperado.length);

    // accounts without a login since tomorrow: all of them; since a day long past: only those that never logged in
    const nunca = us.filter((u) => u.ultimo == null).map((u) => u.login);
    const semDesde = await allRows(admin, 'logins-permissao', 'semLoginDesde=01/01/2000');
    expect([...new Set(semDesde.map((r) => r.login))].sort()).toEqual([...nunca].sort());
    const bloqueados = await allRows(admin, 'logins-permissao', 'situacao=bloqueado');
    expect(new Set(bloqueados.map((r) => r.login))).toEqual(new Set(us.filter((u) => !u.ativo).map((u) => u.login)));
  });
});

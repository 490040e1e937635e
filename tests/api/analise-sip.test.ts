import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import type { QuadroSip } from '../../src/shared/sip/analise';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Análise do SIP: the quarter's figures per assistance item and UF, computed here from the rows (the authorized
 * requests' items and the bills' items, each classified by this file's own reading of the SIP items) and compared
 * with the API's; the records each rule keeps out, counted here the same way; the rule's list; refusals.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.database.db, s);

/** The last quarter already closed today, and its days. */
function ultimoTrimestre() {
  const h = todayIso();
  let ano = Number(h.slice(0, 4));
  let tri = Math.floor((Number(h.slice(5, 7)) - 1) / 3);
  if (tri === 0) [ano, tri] = [ano - 1, 4];
  const mes = (tri - 1) * 3 + 1;
  const inicio = `${ano}-${String(mes).padStart(2, '0')}-01`;
  const fim = new Date(Date.UTC(ano, mes + 2, 0)).toISOString().slice(0, 10);
  return { trimestre: `${ano}-${tri}`, inicio, fim, meio: `${ano}-${String(mes + 1).padStart(2, '0')}-15` };
}
const T = ultimoTrimestre();

/** The SIP item of an event, as the screen's description reads (guide type first, then the TUSS code of table 22). */
function item(tipo: string | null, tabela: string, codigo: string): string {
  const p = (...xs: string[]) => tabela === '22' && xs.some((x) => codigo.startsWith(x));
  if (tipo === 'ODONTO' || tipo === 'ANEXO_ODONTO' || p('8')) return 'H';
  if (tipo === 'INTERNACAO' || tipo === 'PRORROGACAO' || p('10102', '10104')) return 'E';
  if (p('101010')) return 'A';
  if (tipo === 'ANEXO_QUIMIO' || tipo === 'ANEXO_RADIO' || p('20104', '31601', '31602', '412', '40401', '30909', '31008')) return 'D';
  if (p('40', '410', '411', '413', '414', '415')) return 'C';
  if (p('2', '3', '50')) return 'B';
  return 'G';
}

let guias: { ok: number; semBenef: number; pendente: number; semUf: number; antes: number };

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  const db = t.database.db;
  // bills received in the quarter: a good one, one of an unknown card, one still under review, one of a beneficiary
  // without UF, one dated before the beneficiary joined
  const [pr] = await q<{ id: number }>(sql`select id from prestadores order by id limit 1`);
  const [prot] = await q<{ id: number }>(
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos) values ('199800000001', ${pr.id}, 'SIP-1', '4.03.00', 'SP-SADT', 5, 100000) returning id`,
  );
  const bens = await q<{ id: number; carteirinha: string; data_adesao: string }>(
    sql`select id, carteirinha, data_adesao::text from beneficiarios where situacao = 'ATIVO' and uf is not null and data_adesao < ${T.inicio}::date order by id limit 3`,
  );
  await db.execute(sql`update beneficiarios set uf = null where id = ${bens[1].id}`);
  const [novo] = await q<{ id: number; carteirinha: string }>(sql`select id, carteirinha from beneficiarios where situacao = 'ATIVO' and uf is not null order by id desc limit 1`);
  await db.execute(sql`update beneficiarios set data_adesao = ${T.fim}::date where id = ${novo.id}`);
  const procs = await q<{ id: number; codigo: string }>(sql`select id, codigo from procedimentos where codigo in ('10101012', '40301630') order by codigo`);
  let ordem = 0;
  const guia = async (carteira: string, beneficiario: number | null, data: string, itens: [string, number, number | null][]) => {
    const [g] = await q<{ id: number }>(
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos)
          values (${prot.id}, ${++ordem}, ${`SIP-G${ordem}`}, ${carteira}, ${beneficiario}, ${data}::date, 0) returning id`,
    );
    let seq = 0;
    for (const [codigo, qtd, liberado] of itens) {
      const p = procs.find((x) => x.codigo === codigo)!;
      await db.execute(
        sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos)
            values (${g.id}, ${++seq}, ${data}::date, '22', ${codigo}, ${p.id}, ${qtd}, 10000, ${10000 * qtd}, ${liberado})`,
      );
    }
    return g.id;
  };
  guias = {
    ok: await guia(bens[0].carteirinha, bens[0].id, T.meio, [['10101012', 1, 9_000], ['40301630', 2, 15_500]]),
    semBenef: await guia('9999999999999999', null, T.meio, [['10101012', 1, 10_000]]),
    pendente: await guia(bens[2].carteirinha, bens[2].id, T.meio, [['10101012', 1, 10_000], ['40301630', 1, null]]),
    semUf: await guia(bens[1].carteirinha, bens[1].id, T.meio, [['10101012', 1, 10_000]]),
    antes: await guia(novo.carteirinha, novo.id, T.meio, [['10101012', 1, 10_000]]),
  };
}, 120_000);
afterAll(() => t?.close());

interface Registro {
  origem: string;
  ref: number;
  beneficiario: number | null;
  uf: string | null;
  data: string;
  adesao: string | null;
  cancelado: string | null;
  pendente: boolean;
}

/** The quarter's records as this test reads them, and the rules' verdicts on each. */
async function registros(): Promise<(Registro & { regras: string[] })[]> {
  const rows = await q<Registro>(
    sql`select 'FATURADA' as origem, g.id as ref, g.beneficiario_id as beneficiario, b.uf, g.data_atendimento::text as data, b.data_adesao::text as adesao,
          case when b.situacao = 'CANCELADO' then b.data_situacao::text end as cancelado,
          exists (select 1 from itens_faturados i where i.guia_id = g.id and i.valor_liberado_centavos is null) as pendente
        from guias_faturadas g left join beneficiarios b on b.id = g.beneficiario_id where g.data_atendimento between ${T.inicio}::date and ${T.fim}::date
        union all
        select 'AUTORIZADA', a.id, a.beneficiario_id, b.uf, a.data_solicitacao::text, b.data_adesao::text, case when b.situacao = 'CANCELADO' then b.data_situacao::text end, false
        from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id where a.status in (1, 7) and a.data_solicitacao between ${T.inicio}::date and ${T.fim}::date`,
  );
  return rows.map((r) => {
    const regras: string[] = [];
    if (r.beneficiario == null) regras.push('beneficiario-nao-identificado');
    if (r.beneficiario != null && r.uf == null) regras.push('uf-ausente');
    if (r.beneficiario != null && (r.data < r.adesao! || (r.cancelado != null && r.data > r.cancelado))) regras.push('fora-da-vigencia');
    if (r.pendente) regras.push('despesa-em-analise');
    return { ...r, regras };
  });
}

describe('Análise do SIP', () => {
  it('computes the events and the expense per item and UF of the records no rule keeps out', async () => {
    const res = await op({ method: 'GET', url: `/api/analise-sip/quadro?trimestre=${T.trimestre}` });
    expect(res.statusCode, res.body).toBe(200);
    const quadro = res.json().result as QuadroSip;
    const regs = await registros();
    const validos = regs.filter((r) => !r.regras.length);
    const esperado = new Map<string, { a: number; f: number; d: number }>();
    const soma = (k: string, a: number, f: number, d: number) => {
      const x = esperado.get(k) ?? { a: 0, f: 0, d: 0 };
      esperado.set(k, { a: x.a + a, f: x.f + f, d: x.d + d });
    };
    const auts = validos.filter((r) => r.origem === 'AUTORIZADA');
    const fats = validos.filter((r) => r.origem === 'FATURADA');
    if (auts.length) {
      const its = await q<{ autorizacao_id: number; tipo: string; tabela: string; codigo: string; qtd: number }>(
        sql`select i.autorizacao_id, a.tipo, i.tabela, i.codigo, coalesce(i.quantidade_autorizada, i.quantidade_solicitada) as qtd from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id
            where i.autorizacao_id in (${sql.join(auts.map((r) => sql`${r.ref}`), sql`, `)})`,
      );
      const uf = new Map(auts.map((r) => [r.ref, r.uf!]));
      for (const i of its) if (i.qtd > 0) soma(`${item(i.tipo, i.tabela, i.codigo)}|${uf.get(i.autorizacao_id)}`, i.qtd, 0, 0);
    }
    const itsF = await q<{ guia_id: number; tabela: string; codigo: string; qtd: number; liberado: string }>(
      sql`select guia_id, codigo_tabela as tabela, codigo_procedimento as codigo, quantidade as qtd, valor_liberado_centavos as liberado from itens_faturados
          where guia_id in (${sql.join([0, ...fats.map((r) => r.ref)].map((x) => sql`${x}`), sql`, `)})`,
    );
    const ufF = new Map(fats.map((r) => [r.ref, r.uf!]));
    for (const i of itsF) soma(`${item(null, i.tabela, i.codigo)}|${ufF.get(i.guia_id)}`, 0, i.qtd, Number(i.liberado));
    const obtido = new Map(quadro.linhas.map((l) => [`${l.item}|${l.uf}`, { a: l.eventosAutorizados, f: l.eventosFaturados, d: l.despesa }]));
    expect(Object.fromEntries(obtido)).toEqual(Object.fromEntries(esperado));
    expect(auts.length).toBeGreaterThan(0);
    // the good bill: a consultation (A) and two exams (C), with what the review released
    const [{ uf }] = await q<{ uf: string }>(sql`select b.uf from guias_faturadas g join beneficiarios b on b.id = g.beneficiario_id where g.id = ${guias.ok}`);
    expect(obtido.get(`A|${uf}`)!.d).toBeGreaterThanOrEqual(9_000);
    expect(obtido.get(`C|${uf}`)!.f).toBeGreaterThanOrEqual(2);
    expect(quadro.registros).toBe(regs.length);
    expect(quadro.regras).toEqual(
      ['beneficiario-nao-identificado', 'uf-ausente', 'fora-da-vigencia', 'despesa-em-analise'].map((regra) => ({ regra, total: regs.filter((r) => r.regras.includes(regra)).length })),
    );
  });

  it('counts the beneficiaries out of carência at the quarter’s end per type of contract', async () => {
    const quadro = (await op({ method: 'GET', url: `/api/analise-sip/quadro?trimestre=${T.trimestre}&contratacao=EMPRESARIAL` })).json().result as QuadroSip;
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from beneficiarios b join produtos p on p.id = b.produto where p.contratacao = 'EMPRESARIAL' and b.data_adesao <= ${T.fim}::date
            and (b.situacao <> 'CANCELADO' or b.data_situacao > ${T.fim}::date) and (b.fim_carencia is null or b.fim_carencia <= ${T.fim}::date)`,
    );
    expect(quadro.foraCarencia).toEqual([{ contratacao: 'EMPRESARIAL', beneficiarios: n }]);
  });

  it('lists the records of a rule', async () => {
    const get = async (regra: string) => (await op({ method: 'GET', url: `/api/analise-sip?trimestre=${T.trimestre}&regra=${regra}&limit=500` })).json().result.rows as { id: number; guia: string; origem: string }[];
    expect((await get('beneficiario-nao-identificado')).map((r) => r.id)).toContain(guias.semBenef * 2);
    expect((await get('despesa-em-analise')).map((r) => r.guia)).toContain('SIP-G3');
    expect((await get('uf-ausente')).map((r) => r.guia)).toContain('SIP-G4');
    const fora = await get('fora-da-vigencia');
    expect(fora.map((r) => r.guia)).toContain('SIP-G5');
    const regs = await registros();
    expect(fora).toHaveLength(regs.filter((r) => r.regras.includes('fora-da-vigencia')).length);
  });

  it('refuses a missing or wrong quarter, and users without the command', async () => {
    const sem = await op({ method: 'GET', url: '/api/analise-sip?regra=uf-ausente' });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)[0].value).toBe('Escolha o trimestre.');
    const ruim = await op({ method: 'GET', url: '/api/analise-sip/quadro?trimestre=2026-5' });
    expect(ruim.statusCode).toBe(400);
    expect(alertsOf(ruim.body)[0].value).toBe('Trimestre inválido: use AAAA-T (ex.: 2026-1).');
    const pr = as(t.app, await loginAs(t.app, 'prestador'));
    const r = await pr({ method: 'GET', url: `/api/analise-sip/quadro?trimestre=${T.trimestre}` });
    expect(r.statusCode).toBe(403);
    expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

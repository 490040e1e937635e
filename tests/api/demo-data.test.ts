import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakerEN } from '@faker-js/faker';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/server/paths';
import { resources } from '../../src/shared/resources';
import { startTestApp, type TestApp } from './harness';

/**
 * The demo data a user sees is believable: the seeded tables checked with SQL of their own against the public
 * reference files (TUSS 22, CID-10) and against the rules a real operator's data follows — the guide's total is its
 * items', its history ends in its status, a dentist asks for dental procedures, a diagnosis fits the sex, OPME is
 * OPME, prices fit their items. The test seed (SEED_SIZE=test) is the one checked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const rows = async <T = Record<string, unknown>>(q: SQL) => {
  const r = (await t.database.db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(r) ? r : (r.rows ?? [])) as T[];
};

/** A CSV file of the seed's reference data, read here with a parser of this test's own (quotes, doubled quotes). */
function csv(file: string): Record<string, string>[] {
  const text = readFileSync(join(ROOT, 'src/server/db/seed/dados', file), 'utf8');
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else cell += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      out.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    endCell();
    out.push(row);
  }
  const [head, ...body] = out;
  return body.map((r) => Object.fromEntries(head.map((h, k) => [h, r[k] ?? ''])));
}

describe('reference tables from the public files', () => {
  it('procedures are exactly the TUSS 22 codes of the file, with its descriptions', async () => {
    const file = csv('tuss-22-procedimentos.csv');
    expect(file).toHaveLength(5765);
    const db = await rows<{ codigo: string; descricao: string }>(sql`select codigo, descricao from procedimentos order by codigo`);
    expect(db.map((r) => r.codigo)).toEqual(file.map((r) => r.codigo).sort());
    const byCode = new Map(file.map((r) => [r.codigo, r.descricao]));
    const diferentes = db.filter((r) => r.descricao !== byCode.get(r.codigo));
    // the one description longer than the column (300) is kept cut, with an ellipsis
    expect(diferentes.map((r) => r.codigo)).toEqual(['30703085']);
    expect(byCode.get('30703085')!.length).toBe(301);
    expect(diferentes[0].descricao).toBe(`${byCode.get('30703085')!.slice(0, 299).trimEnd()}…`);
  });

  it('CID-10 is the documented test subset (the last subcategory of each category) with sex restriction and death-cause flag', async () => {
    const file = csv('cid10-subcategorias.csv');
    expect(file).toHaveLength(12451);
    const last = new Map<string, Record<string, string>>();
    for (const r of file) last.set(r.codigo.slice(0, 3), r);
    const expected = [...last.values()].sort((a, b) => (a.codigo < b.codigo ? -1 : 1));
    const db = await rows<{ codigo: string; descricao: string; restricao_sexo: string | null; causa_obito: boolean }>(sql`select codigo, descricao, restricao_sexo, causa_obito from cids order by codigo`);
    expect(db.map((r) => r.codigo)).toEqual(expected.map((r) => r.codigo));
    expect(db).toEqual(expected.map((r) => ({ codigo: r.codigo, descricao: r.descricao, restricao_sexo: r.restricao_sexo || null, causa_obito: r.causa_obito !== 'N' })));
    expect(db.some((r) => r.restricao_sexo === 'F') && db.some((r) => r.restricao_sexo === 'M')).toBe(true);
  });

  it('no description is made of invented words (chemical elements, "<Table> N")', async () => {
    const elements = (fakerEN.rawDefinitions.science?.chemical_element ?? []).map((e) => e.name.toLowerCase());
    expect(elements.length).toBeGreaterThan(100);
    // the old generator's words ("Avaliação de thulium"); a real TUSS name may hold one ("Quantiferon tb gold test")
    const re = new RegExp(`^[A-Za-zÀ-ú]+ de (${elements.join('|')})$`, 'i');
    const procs = await rows<{ descricao: string }>(sql`select descricao from procedimentos union all select descricao from materiais union all select descricao from medicamentos`);
    expect(procs.filter((p) => re.test(p.descricao))).toEqual([]);
    for (const def of resources) {
      const col = ['descricao', 'nome', 'titulo'].find((k) => def.fields[k]?.kind === 'text');
      if (!col || ['beneficiario', 'prestador', 'prestadorindireto', 'profissional', 'fornecedor', 'cidade'].includes(def.name)) continue;
      const generated = await rows(sql`select ${sql.identifier(col)} as v from ${sql.identifier(def.table)} where ${sql.identifier(col)} ~ ${`^${def.label.singular} [0-9]+$`}`);
      expect(generated, def.name).toEqual([]);
    }
  });

  it('every procedure has a group of the Rol hierarchy and a price within its kind', async () => {
    const [semGrupo] = await rows<{ n: number }>(sql`select count(*)::int as n from procedimentos where grupo is null or valor is null`);
    expect(semGrupo.n).toBe(0);
    const faixa = async (where: SQL) => (await rows<{ min: string; max: string }>(sql`select min(valor) as min, max(valor) as max from procedimentos where ${where}`))[0];
    const reais = (v: string) => Number(v) / 100;
    const consulta = await faixa(sql`codigo in ('10101012', '10101039')`);
    expect(reais(consulta.min)).toBeGreaterThanOrEqual(90);
    expect(reais(consulta.max)).toBeLessThanOrEqual(250);
    const lab = await faixa(sql`codigo like '403%' and codigo not like '40314%'`);
    expect(reais(lab.min)).toBeGreaterThanOrEqual(4);
    expect(reais(lab.max)).toBeLessThanOrEqual(80);
    const rm = await faixa(sql`codigo like '411%'`);
    expect(reais(rm.min)).toBeGreaterThanOrEqual(600);
    expect(reais(rm.max)).toBeLessThanOrEqual(2500);
    const cirurgia = await faixa(sql`codigo like '3%'`);
    expect(reais(cirurgia.min)).toBeGreaterThanOrEqual(150);
    expect(reais(cirurgia.max)).toBeLessThanOrEqual(25000);
    const odonto = await faixa(sql`codigo like '8%'`);
    expect(reais(odonto.min)).toBeGreaterThanOrEqual(40);
    expect(reais(odonto.max)).toBeLessThanOrEqual(1200);
    const sexo = await rows<{ codigo: string; sexo: string }>(sql`select codigo, sexo from procedimentos where codigo in ('31309054', '31303102', '31201121', '31205046', '40808041')`);
    expect(Object.fromEntries(sexo.map((r) => [r.codigo, r.sexo]))).toEqual({ '31309054': 'F', '31303102': 'F', '31201121': 'M', '31205046': 'M', '40808041': 'A' });
  });
});

describe('price tables', () => {
  it('materials marked OPME are implants and devices; gloves, syringes and gauze are cheap and not OPME', async () => {
    const mats = await rows<{ descricao: string; opme: boolean; valor: string; registro_anvisa: string | null; unidade: string }>(
      sql`select m.descricao, m.opme, m.valor, m.registro_anvisa, u.sigla as unidade from materiais m join unidades_medida u on u.id = m.unidade`,
    );
    expect(mats.length).toBeGreaterThan(30);
    const implante = /stent|prótese|parafuso|placa|haste|cage|âncora|tela de polipropileno|marca-passo|cardiodesfibrilador|endoprótese|lente intraocular|cateter balão/i;
    for (const m of mats) {
      expect(implante.test(m.descricao), m.descricao).toBe(m.opme);
      expect(m.registro_anvisa, m.descricao).toMatch(/^\d{11}$/);
    }
    for (const m of mats.filter((x) => /luva|seringa|gaze|agulha|máscara/i.test(x.descricao))) {
      expect(m.opme, m.descricao).toBe(false);
      expect(Number(m.valor), m.descricao).toBeLessThan(5000); // under R$ 50
    }
    const quadril = mats.find((m) => /prótese total de quadril/i.test(m.descricao))!;
    expect(Number(quadril.valor)).toBeGreaterThan(500_000); // thousands of reais
    expect(new Set(mats.map((m) => m.unidade))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(mats.every((m) => ['UN', 'PAR', 'PC', 'RL', 'KIT', 'CONJ', 'CX', 'FR'].includes(m.unidade))).toBe(true);
  });

  it('medications have their unit, a 13-digit ANVISA registration and a unit price that fits them', async () => {
    const meds = await rows<{ descricao: string; valor: string; registro_anvisa: string; unidade: string }>(
      sql`select m.descricao, m.valor, m.registro_anvisa, u.sigla as unidade from medicamentos m join unidades_medida u on u.id = m.unidade`,
    );
    expect(meds.length).toBeGreaterThan(25);
    for (const m of meds) expect(m.registro_anvisa, m.descricao).toMatch(/^1\d{12}$/);
    const comprimidos = meds.filter((m) => m.unidade === 'COM' || m.unidade === 'CAP');
    expect(comprimidos.length).toBeGreaterThan(0);
    for (const m of comprimidos) expect(Number(m.valor), m.descricao).toBeLessThan(500);
    expect(Number(meds.find((m) => /trastuzumabe/i.test(m.descricao))!.valor)).toBeGreaterThan(100_000);
  });

  it('fees, packages and primary-care services point to real procedures at plausible prices', async () => {
    const pacotes = await rows<{ valor: string; proc: string }>(sql`select pc.valor, p.valor as proc from pacotes pc join procedimentos p on p.id = pc.procedimento_principal`);
    expect(pacotes.length).toBeGreaterThan(10);
    for (const p of pacotes) expect(Number(p.valor)).toBeGreaterThanOrEqual(Number(p.proc) / 3);
    const taxas = Object.fromEntries((await rows<{ codigo: string; valor: string }>(sql`select codigo, valor from taxas`)).map((r) => [r.codigo, Number(r.valor)]));
    expect(taxas['60000775']).toBeGreaterThan(taxas['60000660']); // a day in the ICU costs more than in a room
    expect(taxas['60001003']).toBeLessThan(5000); // an hour of oxygen
    const aps = await rows<{ n: number }>(sql`select count(*)::int as n from servicos_aps where procedimento is null or valor > 30000`);
    expect(aps[0].n).toBe(0);
  });
});

describe('authorization requests', () => {
  it('each guide is worth the sum of its items, at the catalog price of each item', async () => {
    const [diff] = await rows<{ n: number }>(
      sql`select count(*)::int as n from autorizacoes a where a.valor_centavos <> (select coalesce(sum(i.quantidade_solicitada * i.valor_centavos), 0) from autorizacao_itens i where i.autorizacao_id = a.id)`,
    );
    expect(diff.n).toBe(0);
    const [preco] = await rows<{ n: number }>(
      sql`select count(*)::int as n from autorizacao_itens i left join procedimentos p on i.tabela = '22' and p.codigo = i.codigo
          where i.tabela = '22' and (p.id is null or p.valor <> i.valor_centavos)`,
    );
    expect(preco.n).toBe(0);
    const [semItens] = await rows<{ n: number }>(sql`select count(*)::int as n from autorizacoes a where not exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id)`);
    expect(semItens.n).toBe(0);
  });

  it('every guide has a history that starts with its creation and ends in its status', async () => {
    const hist = await rows<{ id: number; status: number; n: number; primeiro: string; ultimo: number; de_criar: number | null; ordenado: boolean }>(sql`
      select a.id, a.status, count(h.id)::int as n,
        (array_agg(h.acao order by h.em, h.id))[1] as primeiro,
        (array_agg(h.para order by h.em desc, h.id desc))[1] as ultimo,
        (array_agg(h.de order by h.em, h.id))[1] as de_criar,
        bool_and(h.em >= a.criada_em) as ordenado
      from autorizacoes a left join autorizacao_historico h on h.autorizacao_id = a.id
      group by a.id, a.status`);
    expect(hist.length).toBe(400);
    expect(hist.filter((h) => h.n === 0 || h.primeiro !== 'criar' || h.de_criar !== null || Number(h.ultimo) !== Number(h.status) || !h.ordenado)).toEqual([]);
    // each step follows the one before (de = the previous para) and decisions are the demo auditor's
    const [quebra] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select h.de, lag(h.para) over (partition by h.autorizacao_id order by h.em, h.id) as antes from autorizacao_historico h) x
      where x.antes is not null and x.de is distinct from x.antes`);
    expect(quebra.n).toBe(0);
    const decisores = await rows<{ usuario_nome: string }>(sql`select distinct usuario_nome from autorizacao_historico where acao in ('autorizar', 'negar', 'autorizarParcial', 'pedirJustificativa', 'pedirDocumentos', 'cancelar')`);
    expect(decisores.map((d) => d.usuario_nome)).toEqual(['Aurora Auditora']);
    const [semMotivo] = await rows<{ n: number }>(sql`select count(*)::int as n from autorizacao_historico where acao in ('negar', 'cancelar', 'pedirJustificativa', 'pedirDocumentos') and motivo is null`);
    expect(semMotivo.n).toBe(0);
    const [cancelamento] = await rows<{ n: number }>(sql`select count(*)::int as n from autorizacao_historico where acao = 'cancelar' and responsavel is null`);
    expect(cancelamento.n).toBe(0);
    // a denial's reason is the glosa text of its code (TUSS table 38)
    const negadas = await rows<{ motivo: string; glosa: string }>(sql`select h.motivo, m.codigo || ' – ' || m.descricao as glosa from autorizacao_historico h
      join autorizacao_itens i on i.autorizacao_id = h.autorizacao_id and i.seq = 1 join motivos m on m.codigo = i.motivo_negativa where h.acao = 'negar'`);
    expect(negadas.length).toBeGreaterThan(0);
    expect(negadas.filter((n) => n.motivo !== n.glosa)).toEqual([]);
  });

  it('a guide authorized at once is one the simple rules authorize (consultation, cheap exams in few units)', async () => {
    const [erradas] = await rows<{ n: number }>(sql`
      select count(*)::int as n from autorizacoes a join autorizacao_historico h on h.autorizacao_id = a.id and h.acao = 'criar' and h.para = 1
      where a.tipo not in ('CONSULTA', 'SP_SADT', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'APS')
        or exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and (i.valor_centavos > 50000 or i.quantidade_solicitada > 3))`);
    expect(erradas.n).toBe(0);
    const [consultas] = await rows<{ n: number }>(sql`
      select count(*)::int as n from autorizacoes a where a.tipo = 'CONSULTA'
        and exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and i.codigo not in ('10101012', '10101039', '10106146'))`);
    expect(consultas.n).toBe(0);
  });

  it("dental providers send only dental guides with dental TUSS codes, and only they send them", async () => {
    const odonto = await rows<{ cbo: string; tipo: string; codigo: string }>(sql`
      select e.cbo, a.tipo, i.codigo from autorizacoes a join prestadores p on p.id = a.prestador_id join especialidades e on e.id = p.especialidade
        join autorizacao_itens i on i.autorizacao_id = a.id
      where e.conselho = '08' or a.tipo in ('ODONTO', 'ANEXO_ODONTO')`);
    expect(odonto.length).toBeGreaterThan(0);
    expect(odonto.filter((r) => !r.cbo.startsWith('2232') || !['ODONTO', 'ANEXO_ODONTO'].includes(r.tipo) || !r.codigo.startsWith('8'))).toEqual([]);
  });

  it('attachments carry their kind of care: chemotherapy, radiotherapy (4120…) and OPME materials, with cancer diagnoses', async () => {
    const itens = await rows<{ tipo: string; tabela: string; codigo: string; descricao: string; cid: string | null; opme: boolean | null }>(sql`
      select a.tipo, i.tabela, i.codigo, i.descricao, a.cid, m.opme from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
        left join materiais m on m.codigo = i.codigo and i.tabela = '19'
      where a.tipo in ('ANEXO_QUIMIO', 'ANEXO_RADIO', 'ANEXO_OPME')`);
    const de = (tipo: string) => itens.filter((i) => i.tipo === tipo);
    expect(de('ANEXO_QUIMIO').length && de('ANEXO_RADIO').length && de('ANEXO_OPME').length).toBeGreaterThan(0);
    expect(de('ANEXO_QUIMIO').filter((i) => !/^Terapia (oncológica|antineoplásica)/.test(i.descricao))).toEqual([]);
    expect(de('ANEXO_RADIO').filter((i) => !i.codigo.startsWith('4120'))).toEqual([]);
    expect(de('ANEXO_OPME').filter((i) => i.tabela !== '19' || i.opme !== true)).toEqual([]);
    expect([...de('ANEXO_QUIMIO'), ...de('ANEXO_RADIO')].filter((i) => !i.cid?.startsWith('C'))).toEqual([]);
  });

  it("no guide's diagnosis or procedure is restricted to the other sex than its beneficiary's", async () => {
    const [cid] = await rows<{ n: number; com: number }>(sql`
      select count(*) filter (where c.restricao_sexo is not null and c.restricao_sexo <> case b.sexo when '3' then 'F' else 'M' end)::int as n,
        count(*)::int as com
      from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id join cids c on c.codigo = a.cid`);
    expect(cid.com).toBeGreaterThan(0);
    expect(cid.n).toBe(0);
    const [semCid] = await rows<{ n: number }>(sql`select count(*)::int as n from autorizacoes a where a.cid is not null and not exists (select 1 from cids c where c.codigo = a.cid)`);
    expect(semCid.n).toBe(0);
    const [proc] = await rows<{ n: number }>(sql`
      select count(*)::int as n from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id join beneficiarios b on b.id = a.beneficiario_id
        join procedimentos p on p.codigo = i.codigo and i.tabela = '22'
      where p.sexo <> 'A' and p.sexo <> case b.sexo when '3' then 'F' else 'M' end`);
    expect(proc.n).toBe(0);
  });
});

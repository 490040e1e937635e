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

describe('billing (TISS lots received, reviewed, closed and appealed)', () => {
  const n = (v: unknown) => Number(v);

  it('holds about six months of lots from the providers of authorized guides, in every state of the review', async () => {
    const [p] = await rows<{ n: number; guias: number; itens: number; dias: number; recente: number; antigo: number }>(sql`
      select count(*)::int as n, (select count(*)::int from guias_faturadas) as guias, (select count(*)::int from itens_faturados) as itens,
        (current_date - min(recebido_em)::date)::int as dias, (current_date - max(recebido_em)::date)::int as recente,
        count(*) filter (where recebido_em < now() - interval '45 days')::int as antigo
      from protocolos_recebimento`);
    expect(p.n).toBeGreaterThan(30);
    expect(p.dias).toBeGreaterThan(150);
    expect(p.dias).toBeLessThanOrEqual(184);
    expect(p.recente).toBeLessThan(20);
    const status = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from protocolos_recebimento group by status`);
    // the states the demo reaches: received, under review, closed with or without something to pay, in a payment
    // (requested and consolidated) and paid in a borderô
    expect(status.map((s) => s.status).sort()).toEqual(expect.arrayContaining(['1', '2', '3', '5', '6']));
    expect(status.every((s) => ['1', '2', '3', '4', '5', '6'].includes(s.status))).toBe(true);
    // a protocol holds one guide type and at most 100 guides; its guide count and value are its guides'
    const [lote] = await rows<{ n: number }>(sql`
      select count(*)::int as n from protocolos_recebimento p
      where p.qtd_guias <> (select count(*) from guias_faturadas g where g.protocolo_id = p.id) or p.qtd_guias > 100
        or p.valor_informado_centavos <> (select sum(g.valor_informado_centavos) from guias_faturadas g where g.protocolo_id = p.id)
        or p.tipo_guia not in ('CONSULTA', 'SP-SADT', 'RESUMO_INTERNACAO', 'ODONTO')`);
    expect(lote.n).toBe(0);
  });

  it('each guide is worth the sum of its items, each item its quantity times its unit value, in centavos', async () => {
    const [g] = await rows<{ n: number }>(sql`select count(*)::int as n from guias_faturadas g
      where g.valor_informado_centavos <> (select sum(i.valor_informado_centavos) from itens_faturados i where i.guia_id = g.id)`);
    expect(g.n).toBe(0);
    const [i] = await rows<{ n: number }>(sql`select count(*)::int as n from itens_faturados where valor_informado_centavos <> quantidade * valor_unitario_centavos or quantidade < 1`);
    expect(i.n).toBe(0);
  });

  it('each guide executes an authorized request of its provider: the same beneficiary, senha and items, attended within the senha’s validity', async () => {
    const guias = await rows<{ id: number; aut: number | null; ben: number; aben: number | null; senha: string | null; asenha: string | null; status: number | null; dia: string; daut: string | null; val: string | null; recebido: string; pre: number; apre: number | null; aexe: number | null }>(sql`
      select g.id, a.id as aut, g.beneficiario_id as ben, a.beneficiario_id as aben, g.senha, a.senha as asenha, a.status, g.data_atendimento::text as dia,
        a.data_autorizacao::text as daut, a.validade_senha::text as val, (p.recebido_em at time zone 'America/Sao_Paulo')::date::text as recebido, p.prestador_id as pre,
        a.prestador_id as apre, a.prestador_executante_id as aexe
      from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id left join autorizacoes a on a.numero = g.numero_guia_operadora`);
    const comSenha = guias.filter((g) => g.senha != null);
    expect(comSenha.length).toBeGreaterThan(guias.length * 0.9);
    const erradas = comSenha.filter(
      (g) => g.aut == null || g.aben !== g.ben || g.asenha !== g.senha || ![1, 7].includes(Number(g.status)) || g.dia < g.daut! || g.dia > g.val! || g.recebido <= g.dia || g.pre !== (g.aexe ?? g.apre),
    );
    expect(erradas).toEqual([]);
    // the billed procedures are the request's, in no more than the authorized quantity, or the review glosed them
    const [fora] = await rows<{ n: number }>(sql`
      select count(*)::int as n from itens_faturados i join guias_faturadas g on g.id = i.guia_id join autorizacoes a on a.numero = g.numero_guia_operadora
      where not exists (select 1 from autorizacao_itens ai where ai.autorizacao_id = a.id and ai.codigo = i.codigo_procedimento and ai.tabela = '22')
        and i.glosa_proposta is distinct from '1402'`);
    expect(fora.n).toBe(0);
    const [acima] = await rows<{ n: number }>(sql`
      select count(*)::int as n from itens_faturados i join guias_faturadas g on g.id = i.guia_id join autorizacoes a on a.numero = g.numero_guia_operadora
        join autorizacao_itens ai on ai.autorizacao_id = a.id and ai.codigo = i.codigo_procedimento and ai.tabela = '22'
      where i.quantidade > ai.quantidade_autorizada and i.valor_liberado_centavos is not null and i.glosa_codigo is distinct from '1408' and i.glosa_proposta is null`);
    expect(acima.n).toBe(0);
  });

  it('the unit value is the provider’s contracted price (precificar), or the review glosed the difference (1705, 1714)', async () => {
    const { carregarTabelas, prestadoresDePreco, procedimentosPorCodigo } = await import('../../src/server/precos/tabelas');
    const { precificar } = await import('../../src/shared/precos/calculo');
    const itens = await rows<{ id: number; pre: number; codigo: string; data: string; q: number; unit: string; glosa: string; codigo_glosa: string | null; proposta: string | null; liberado: string | null }>(sql`
      select i.id, p.prestador_id as pre, i.codigo_procedimento as codigo, i.data::text as data, i.quantidade as q, i.valor_unitario_centavos as unit,
        i.valor_glosa_centavos as glosa, i.glosa_codigo as codigo_glosa, i.glosa_proposta as proposta, i.valor_liberado_centavos as liberado
      from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id`);
    const db = t.database.db;
    const tabelas = await carregarTabelas(db);
    const prestadores = await prestadoresDePreco(db, itens.map((i) => i.pre));
    const procs = await procedimentosPorCodigo(db, itens.map((i) => i.codigo));
    let acima = 0;
    for (const i of itens) {
      const preco = precificar(tabelas, prestadores.get(i.pre)!, procs.get(i.codigo)!, i.data);
      expect(preco.ok, `${i.codigo} ${i.data}`).toBe(true);
      if (!preco.ok) continue;
      if (n(i.unit) === preco.valorUnitario) continue;
      acima++;
      expect(n(i.unit), `item ${i.id}`).toBeGreaterThan(preco.valorUnitario);
      // decided without an earlier proposal: the glosa is exactly the difference, with its code
      if (i.liberado != null && i.proposta == null && i.codigo_glosa !== '1408') {
        expect(i.codigo_glosa, `item ${i.id}`).toMatch(/^17(05|14)$/);
        expect(n(i.glosa) + (await acatado(i.id)), `item ${i.id}`).toBe((n(i.unit) - preco.valorUnitario) * i.q);
      }
    }
    expect(acima).toBeGreaterThan(0);
  });

  /** What an appeal accepted of an item (it left the glosa). */
  async function acatado(item: number): Promise<number> {
    const [r] = await rows<{ v: string | null }>(sql`select valor_acatado_centavos as v from recursos_glosa_itens where item_id = ${item}`);
    return n(r?.v ?? 0);
  }

  it('the proposals are what the automatic checks propose, and each decision is a table-38 glosa or a release, summing exactly', async () => {
    const { proporGlosasOnde } = await import('../../src/server/faturamento/propostas');
    const antes = await rows<{ id: number; p: string | null }>(sql`select id, glosa_proposta as p from itens_faturados order by id`);
    // the checks run again over every lot (in a transaction undone after) propose the same codes
    const de = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update itens_faturados set glosa_proposta = null`);
        await proporGlosasOnde(tx as never, sql`true`);
        const r = (await tx.execute(sql`select id, glosa_proposta as p from itens_faturados order by id`)) as unknown as { rows?: { id: number; p: string | null }[] };
        throw Object.assign(new Error('desfazer'), { linhas: r.rows ?? r });
      })
      .catch((e: { linhas?: { id: number; p: string | null }[] }) => e.linhas);
    expect(de?.length).toBe(antes.length);
    expect(antes.map((a, k) => [a, de![k]]).filter(([a, d]) => d.id !== a.id || d.p !== a.p)).toEqual([]);
    expect(new Set(antes.map((a) => a.p).filter(Boolean))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(antes.some((a) => a.p === '1308') && antes.some((a) => a.p === '1402') && antes.some((a) => a.p === '1702')).toBe(true);

    const [soma] = await rows<{ n: number }>(sql`select count(*)::int as n from itens_faturados
      where valor_liberado_centavos is not null and valor_liberado_centavos + valor_glosa_centavos <> valor_informado_centavos
        or valor_liberado_centavos is null and valor_glosa_centavos <> 0 or valor_glosa_centavos < 0 or valor_liberado_centavos < 0`);
    expect(soma.n).toBe(0);
    // a glosa has a reason in force of table 38; an item released whole has none (an accepted appeal keeps its code)
    const [codigo] = await rows<{ n: number }>(sql`select count(*)::int as n from itens_faturados i left join motivos m on m.codigo = i.glosa_codigo and m.tipo in ('GLOSA', 'AMBOS')
      where i.valor_glosa_centavos > 0 and m.codigo is null
        or i.glosa_codigo is not null and i.valor_glosa_centavos = 0 and not exists (select 1 from recursos_glosa_itens ri where ri.item_id = i.id and ri.valor_acatado_centavos > 0)`);
    expect(codigo.n).toBe(0);
    const codigos = (await rows<{ c: string }>(sql`select distinct glosa_codigo as c from itens_faturados where glosa_codigo is not null`)).map((r) => r.c);
    expect(codigos).toEqual(expect.arrayContaining(['1308', '1402', '1403', '1408', '1705']));
    // the guide's released and glosed values are its items'
    const [guia] = await rows<{ n: number }>(sql`select count(*)::int as n from guias_faturadas g join lateral (
        select count(i.valor_liberado_centavos) as decididos, sum(coalesce(i.valor_liberado_centavos, 0)) as liberado, sum(i.valor_glosa_centavos) as glosa
        from itens_faturados i where i.guia_id = g.id) s on true
      where g.valor_glosa_centavos <> s.glosa or (s.decididos > 0 and g.valor_liberado_centavos <> s.liberado) or (s.decididos = 0 and g.valor_liberado_centavos is not null)`);
    expect(guia.n).toBe(0);
  });

  it('each protocol’s status is one the review reaches, and every decision and closing is in the trail', async () => {
    const ps = await rows<{ id: number; status: string; itens: number; decididos: number; guias_status: string[]; fechamento: { status: string; valorLiberado: number } | null; primeira: number }>(sql`
      select p.id, p.status, count(i.id)::int as itens, count(i.valor_liberado_centavos)::int as decididos, array_agg(distinct g.status) as guias_status,
        (select t.depois from trilha_eventos t where t.entidade = 'protocolorecebimento' and t.registro_id = p.id::text and t.depois ? 'analiseEncerrada') as fechamento,
        (select count(*)::int from trilha_eventos t where t.entidade = 'protocolorecebimento' and t.registro_id = p.id::text and t.depois->>'status' = '2') as primeira
      from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id join itens_faturados i on i.guia_id = g.id group by p.id`);
    for (const p of ps) {
      if (p.status === '1') expect([p.decididos, p.fechamento, p.primeira], `protocolo ${p.id}`).toEqual([0, null, 0]);
      if (p.status === '2') expect(p.decididos > 0 && p.decididos <= p.itens && p.fechamento == null && p.primeira === 1, `protocolo ${p.id}`).toBe(true);
      if (p.status === '4' || p.status === '5') {
        // closed: everything decided, Em análise before, the guides in the protocol's status, 5 when the closing released something
        expect([p.decididos, p.primeira, p.guias_status], `protocolo ${p.id}`).toEqual([p.itens, 1, [p.status]]);
        expect(p.fechamento?.status, `protocolo ${p.id}`).toBe(p.status);
        expect(p.status === '5', `protocolo ${p.id}`).toBe(n(p.fechamento?.valorLiberado) > 0);
      }
    }
    // one decision in the trail per decided item, by the billing staff, with the reason when it differs from the proposal
    const decisoes = await rows<{ id: number; eventos: number; proposta: string | null; codigo: string | null; justificativa: string | null; login: string | null; depois: boolean }>(sql`
      select i.id, count(t.id)::int as eventos, i.glosa_proposta as proposta, (array_agg(t.depois->>'glosaCodigo'))[1] as codigo, (array_agg(t.depois->>'justificativa'))[1] as justificativa,
        (array_agg(t.usuario_login))[1] as login, bool_and(t.em > p.recebido_em and t.em < now()) as depois
      from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id
        join trilha_eventos t on t.entidade = 'itemfaturado' and t.registro_id = i.id::text
      where i.valor_liberado_centavos is not null group by i.id`);
    const [{ decididos }] = await rows<{ decididos: number }>(sql`select count(*)::int as decididos from itens_faturados where valor_liberado_centavos is not null`);
    expect(decisoes.length).toBe(decididos);
    for (const d of decisoes) {
      expect(d.eventos, `item ${d.id}`).toBe(1);
      expect(['auditor', 'operadora'], `item ${d.id}`).toContain(d.login);
      expect(d.depois, `item ${d.id}`).toBe(true);
      if (d.codigo !== d.proposta) expect(d.justificativa, `item ${d.id}`).toBeTruthy();
    }
  });

  it('appeals are of reviewed glosas within 180 days, decided with 3092/3095/2902, the accepted value released, their totals exact', async () => {
    const itens = await rows<{ recurso: number; item: number; status: string; pre: number; ppre: number; pstatus: string; recursado: string; acatado: string | null; resultado: string | null; codigo: string; icodigo: string; glosa: string; dias: number; ordem: boolean | null }>(sql`
      select r.id as recurso, ri.item_id as item, r.status, r.prestador_id as pre, p.prestador_id as ppre, p.status as pstatus, ri.valor_recursado_centavos as recursado,
        ri.valor_acatado_centavos as acatado, ri.resultado, ri.codigo_glosa as codigo, i.glosa_codigo as icodigo, i.valor_glosa_centavos as glosa,
        extract(epoch from r.criado_em - (select max(t.em) from trilha_eventos t where t.entidade = 'itemfaturado' and t.registro_id = i.id::text))::float / 86400 as dias,
        ri.decidido_em > r.criado_em and ri.decidido_em < now() as ordem
      from recursos_glosa r join recursos_glosa_itens ri on ri.recurso_id = r.id join itens_faturados i on i.id = ri.item_id
        join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id`);
    expect(itens.length).toBeGreaterThan(0);
    expect(itens.some((i) => i.resultado != null)).toBe(true);
    for (const i of itens) {
      // of a closed protocol (4, 5), or one since paid (6: its payment fell due and the borderô paid it)
      expect([i.pre, ['4', '5', '6'].includes(i.pstatus), i.codigo], `recurso ${i.recurso}`).toEqual([i.ppre, true, i.icodigo]);
      expect(i.dias > 0 && i.dias <= 180, `recurso ${i.recurso}`).toBe(true);
      // the glosa before the decision was what was appealed; what was accepted left it
      expect(n(i.glosa) + n(i.acatado ?? 0), `item ${i.item}`).toBe(n(i.recursado));
      if (i.resultado === '3092') expect(n(i.acatado)).toBe(n(i.recursado));
      if (i.resultado === '2902') expect(n(i.acatado)).toBe(0);
      if (i.resultado === '3095') expect(n(i.acatado) > 0 && n(i.acatado) < n(i.recursado)).toBe(true);
      if (i.resultado == null) expect(i.acatado).toBeNull();
      else expect(i.ordem, `recurso ${i.recurso}`).toBe(true);
    }
    const recursos = await rows<{ id: number; status: string; recursado: string; acatado: string; soma_r: string; soma_a: string; pendentes: number; itens: number }>(sql`
      select r.id, r.status, r.valor_recursado_centavos as recursado, r.valor_acatado_centavos as acatado, sum(ri.valor_recursado_centavos) as soma_r,
        coalesce(sum(ri.valor_acatado_centavos), 0) as soma_a, count(*) filter (where ri.resultado is null)::int as pendentes, count(*)::int as itens
      from recursos_glosa r join recursos_glosa_itens ri on ri.recurso_id = r.id group by r.id`);
    for (const r of recursos) {
      expect([n(r.recursado), n(r.acatado)], `recurso ${r.id}`).toEqual([n(r.soma_r), n(r.soma_a)]);
      expect(r.status, `recurso ${r.id}`).toBe(r.pendentes === 0 ? '3' : r.pendentes === r.itens ? '1' : '2');
    }
  });

  it('protocols and appeals share one numbering per year in the order received, and the counter continues it', async () => {
    const numeros = await rows<{ numero: string }>(sql`
      select numero, recebido_em as em from protocolos_recebimento union all select numero, criado_em from recursos_glosa order by 2, 1`);
    const porAno = new Map<string, number[]>();
    for (const x of numeros) {
      expect(x.numero).toMatch(/^\d{12}$/);
      const l = porAno.get(x.numero.slice(0, 4)) ?? porAno.set(x.numero.slice(0, 4), []).get(x.numero.slice(0, 4))!;
      l.push(Number(x.numero.slice(4)));
    }
    const contador = new Map((await rows<{ ano: number; ultimo: number }>(sql`select ano, ultimo from protocolo_recebimento_numeracao`)).map((c) => [String(c.ano), Number(c.ultimo)]));
    for (const [ano, seq] of porAno) {
      expect(seq, ano).toEqual(seq.map((_, i) => i + 1));
      expect(contador.get(ano), ano).toBe(seq.length);
    }
    // a provider's lot number is received once
    const [dup] = await rows<{ n: number }>(sql`select count(*)::int as n from (select prestador_id, numero_lote from protocolos_recebimento group by 1, 2 having count(*) > 1) x`);
    expect(dup.n).toBe(0);
  });
});

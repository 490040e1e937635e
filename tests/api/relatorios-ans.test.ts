import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Cadastro › ANS › Relatórios de Saúde Suplementar: rep267 (RN 389 identification), rep279 (RN 389 utilization: the
 * billed items and, while not billed, the authorized ones — never both) and Cancelamento de Adesão (by initiative,
 * with the request found in the service desk). Expected figures from the tables with SQL; billing and a cancellation
 * request are written here, so the test does not depend on what another seed holds.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
let t: TestApp;
let operadora: Who;
let beneficiario: Who;
let auditor: Who;
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-ans-'));
const R267 = '/cadastro/ans/relatorio/saude-suplementar/relatorio/identificacao-saude-suplementar';
const R279 = '/cadastro/ans/relatorio/saude-suplementar/relatorio/componente-utilizacao';
const RCANC = '/cadastro/ans/relatorio/saude-suplementar/relatorio/cancelamento-adesao';

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  auditor = as(t.app, await loginAs(t.app, 'auditor'));
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function allRows(who: Who, id: string, q: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ListPage<Row> = await get(who, `/api/relatorios/${id}?${q}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...page.rows);
    if (!page.hasMore) return out;
    after = page.next;
  }
}
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<Buffer> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job: JobDetail = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return f.rawPayload;
}

describe('rep267 — identificação de saúde suplementar', () => {
  it('identifies every active beneficiary by plan, with the operator, CNS, CCO, card and the plan’s registration', async () => {
    const porPlano = await query<{ rotulo: string; n: number }>(
      db(),
      sql`select pr.nome || ' (' || pr.registro_ans || ')' as rotulo, count(*)::int as n from beneficiarios b join produtos pr on pr.id = b.produto
        where b.situacao = 'ATIVO' group by pr.id, pr.nome, pr.registro_ans order by pr.id`,
    );
    const s = await get<ReportSummary>(operadora, '/api/relatorios/rep267/grupos?situacao=ATIVO');
    expect(s.grupos!.map((g) => [g.rotulo.split(' · ')[0], g.n])).toEqual(porPlano.map((g) => [g.rotulo, g.n]));
    const [bia] = await query<Row>(
      db(),
      sql`select b.id, b.nome, b.cns, b.cco, b.carteirinha, b.data_adesao::text as "dataAdesao", b.fim_carencia::text as "fimCarencia", g.segmentacao, pr.contratacao, pr.abrangencia,
          pr.nome || ' (' || pr.registro_ans || ') · ' || (select coalesce(o.nome_fantasia, o.razao_social) || ' (' || o.registro_ans || ')' from operadoras o order by o.id limit 1) as grupo
        from beneficiarios b join produtos pr on pr.id = b.produto left join grupos_produtos g on g.id = pr.grupo where b.cpf = '52998224725'`,
    );
    const rows = await allRows(operadora, 'rep267', 'beneficiario=52998224725');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(bia);
    // the plan and the operator, each with its ANS registration, name the group
    expect(bia.grupo).toMatch(/^Essencial Enfermaria \(\d{9}\) · .+ \(\d{6}\)$/);
    expect(bia.cns && bia.cco).toBeTruthy();
  });

  it('writes the XLSX with a column per item of the identification and the CSV by plan', async () => {
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from beneficiarios where situacao = 'ATIVO'`);
    const x = await file(operadora, R267, 'xlsx', 'situacao=ATIVO');
    const sheet = strFromU8(unzipSync(new Uint8Array(x))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain(`Total geral: ${n.toLocaleString('pt-BR')} beneficiários`);
    const csv = (await file(operadora, R267, 'csv', 'situacao=ATIVO&beneficiario=52998224725')).toString('utf8').split('\r\n').filter(Boolean);
    expect(csv[0]).toBe('\uFEFFPlano e operadora;Beneficiário;CNS;CCO;Carteirinha;Segmentação;Contratação;Abrangência;Adesão;Fim da carência');
    expect(csv[1]).toMatch(/^Essencial Enfermaria \(\d{9}\) · .+ \(\d{6}\);Beatriz Almeida Souza;\d{3} \d{4} \d{4} \d{4};\d{12};\d{16};Hospitalar com obstetrícia;Individual\/Familiar;Estadual;01\/03\/2019;28\/08\/2019$/);
  });

  it('is the staff’s: a beneficiary and an auditor are refused', async () => {
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep267/grupos' })).statusCode).toBe(403);
    expect((await auditor({ method: 'GET', url: '/api/relatorios/rep267/grupos' })).statusCode).toBe(403);
  });
});

describe('rep279 — componente de utilização', () => {
  it('lists a beneficiary’s billed items and the authorized items no account billed yet, never both', async () => {
    // the beneficiary with the most authorized requests, and two of them: one gets billed here, one stays unbilled
    const autorizadas = await query<{ id: number; numero: string; beneficiario: number; prestador: number; cpf: string; data: string }>(
      db(),
      sql`select a.id, a.numero, a.beneficiario_id as beneficiario, a.prestador_id as prestador, b.cpf, coalesce(a.data_autorizacao, a.data_solicitacao)::text as data
        from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
        where a.status in (1, 7) and b.cpf is not null and exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and i.quantidade_autorizada > 0)
          and a.beneficiario_id = (select a2.beneficiario_id from autorizacoes a2 join beneficiarios b2 on b2.id = a2.beneficiario_id where a2.status in (1, 7) and b2.cpf is not null group by 1 order by count(*) desc, 1 limit 1)
        order by a.id`,
    );
    expect(autorizadas.length).toBeGreaterThanOrEqual(2);
    const [faturada] = autorizadas;
    const ben = faturada.beneficiario;
    // the provider's account for the first one: a lot with one guide citing it and two billed items
    const [proc] = await query<{ id: number; codigo: string; descricao: string }>(db(), sql`select id, codigo, descricao from procedimentos where codigo = '40301630'`);
    const [pt] = await query<{ id: number }>(
      db(),
      sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos)
        values ('2099RPS00001', ${faturada.prestador}, 'LOTE-ANS-1', '4.01.00', 'SP-SADT', 1, 5000) returning id`,
    );
    const [g] = await query<{ id: number }>(
      db(),
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_guia_operadora, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos)
        select ${pt.id}, 1, 'G-ANS-1', ${faturada.numero}, carteirinha, id, ${faturada.data}, 5000 from beneficiarios where id = ${ben} returning id`,
    );
    await query(
      db(),
      sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, descricao, quantidade, valor_unitario_centavos, valor_informado_centavos)
        values (${g.id}, 1, ${faturada.data}, '22', ${proc.codigo}, ${proc.id}, null, 2, 1500, 3000), (${g.id}, 2, ${faturada.data}, '22', ${proc.codigo}, ${proc.id}, 'Repetição do exame', 1, 2000, 2000)`,
    );
    const de = '2000-01-01';
    const ate = new Date().toISOString().slice(0, 10);
    const esperado = await query<{ codigo: string; quantidade: number; origem: string; data: string }>(
      db(),
      sql`select i.codigo_procedimento as codigo, i.quantidade, 'CONTA' as origem, i.data::text as data from itens_faturados i join guias_faturadas g on g.id = i.guia_id
          where g.beneficiario_id = ${ben} and i.data between ${de} and ${ate}
        union all
        select ai.codigo, ai.quantidade_autorizada, 'AUTORIZACAO', coalesce(a.data_autorizacao, a.data_solicitacao)::text from autorizacao_itens ai join autorizacoes a on a.id = ai.autorizacao_id
          where a.beneficiario_id = ${ben} and a.status in (1, 7) and ai.quantidade_autorizada > 0 and coalesce(a.data_autorizacao, a.data_solicitacao) between ${de} and ${ate}
            and a.numero not in (select numero_guia_operadora from guias_faturadas where numero_guia_operadora is not null)`,
    );
    const q = `inicio=01/01/2000&termino=${ate.split('-').reverse().join('/')}&beneficiario=${autorizadas[0].cpf}`;
    const s = await get<ReportSummary>(operadora, `/api/relatorios/rep279/grupos?${q}`);
    expect(s.total).toBe(esperado.length);
    expect(s.totais.quantidade).toBe(esperado.reduce((a, r) => a + r.quantidade, 0));
    expect(s.grupos).toHaveLength(1);
    const rows = await allRows(operadora, 'rep279', q);
    const chave = (r: Record<string, unknown>) => `${String(r.origem)}|${String(r.data)}|${String(r.codigo)}|${String(r.quantidade)}`;
    expect(rows.map(chave).sort()).toEqual(esperado.map(chave).sort());
    // the billed items, with the provider's CNPJ/CPF and the procedure's description when the item has none
    const contas = rows.filter((r) => r.origem === 'CONTA');
    // (the demo billing may have billed this beneficiary too: every billed item of the period, the two above among them)
    const descricoes = await query<{ d: string }>(
      db(),
      sql`select coalesce(i.descricao, p.descricao) as d from itens_faturados i join guias_faturadas g on g.id = i.guia_id left join procedimentos p on p.id = i.procedimento_id
          where g.beneficiario_id = ${ben} and i.data between ${de} and ${ate}`,
    );
    expect(contas.map((r) => r.descricao).sort()).toEqual(descricoes.map((r) => r.d).sort());
    expect(contas.map((r) => r.descricao)).toEqual(expect.arrayContaining([proc.descricao, 'Repetição do exame']));
    expect(contas.every((r) => /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$|^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(String(r.prestadorDocumento)))).toBe(true);
    // the billed request is not counted again from its authorization; the unbilled one is
    const itensFaturada = await query<{ codigo: string }>(db(), sql`select codigo from autorizacao_itens where autorizacao_id = ${faturada.id} and quantidade_autorizada > 0`);
    const autoriz = rows.filter((r) => r.origem === 'AUTORIZACAO');
    expect(autoriz.length).toBe(esperado.filter((r) => r.origem === 'AUTORIZACAO').length);
    expect(autoriz.length).toBeGreaterThan(0);
    expect(itensFaturada.length).toBeGreaterThan(0);
    // rows are ordered by date within the beneficiary
    const datas = rows.map((r) => String(r.data));
    expect(datas).toEqual([...datas].sort());

    const pdf = await file(operadora, R279, 'pdf', q);
    const path = join(tmp, 'rep279.pdf');
    writeFileSync(path, pdf);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Componente de Utilização');
    expect(text).toContain('Conta do prestador');
    expect(text).toContain(`Total geral: ${esperado.length.toLocaleString('pt-BR')} procedimento`);
  });

  it('needs the period, and is the staff’s', async () => {
    const r = await operadora({ method: 'GET', url: '/api/relatorios/rep279/grupos' });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)[0].value).toBe('Informe o início e o término do período.');
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/rep279/grupos?inicio=01/01/2025&termino=31/01/2025' })).statusCode).toBe(403);
  });
});

describe('cancelamento de adesão', () => {
  it('lists the period’s cancellations by initiative, with the reason, the request found in the service desk and the date', async () => {
    // Rafael asked for his cancellation at the desk eleven days before it took effect (31/12/2025, reason 41)
    const [rafael] = await query<{ id: number; nome: string }>(db(), sql`select id, nome from beneficiarios where matricula = '0000000400'`);
    await query(
      db(),
      sql`insert into atendimentos (protocolo, status, pessoa_tipo, beneficiario_id, pessoa_nome, canal, motivo, descricao, inicio, fim, resultado, atendente_nome)
        values ('99999920251220000001', 'CONCLUIDO', 'BENEFICIARIO', ${rafael.id}, ${rafael.nome}, 'TELEFONE', 'CANCELAMENTO', 'Pede o cancelamento do plano (RN 561).',
          '2025-12-20 10:00:00-03', '2025-12-20 10:12:00-03', 'RESOLVIDO', 'Atendente de teste')`,
    );
    const inicio = '2025-07-01';
    const fim = '2026-12-31';
    const esperado = await query<{ id: number; motivo: string }>(
      db(),
      sql`select id, motivo_cancelamento as motivo from beneficiarios where situacao = 'CANCELADO' and data_situacao between ${inicio} and ${fim}`,
    );
    const grupo = (m: string) => (['41', '48'].includes(m) ? 'A pedido do beneficiário' : m === '44' ? 'Óbito' : 'Pela operadora ou contratante');
    const q = 'inicio=01/07/2025&termino=31/12/2026';
    const s = await get<ReportSummary>(operadora, `/api/relatorios/cancelamento-adesao/grupos?${q}`);
    expect(s.total).toBe(esperado.length);
    const porGrupo = new Map<string, number>();
    for (const e of esperado) porGrupo.set(grupo(e.motivo), (porGrupo.get(grupo(e.motivo)) ?? 0) + 1);
    expect(new Map(s.grupos!.map((g) => [g.rotulo, g.n]))).toEqual(porGrupo);
    const rows = await allRows(operadora, 'cancelamento-adesao', q);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(esperado.map((e) => e.id)));
    const dele = rows.find((r) => r.id === rafael.id)!;
    expect(dele).toMatchObject({ grupo: 'A pedido do beneficiário', motivoCancelamento: '41', dataPedido: '2025-12-20', protocolo: '99999920251220000001', dataSituacao: '2025-12-31' });
    // only the requests of the beneficiary or the titular, up to 90 days before: the rest have none
    const comPedido = await query<{ id: number }>(
      db(),
      sql`select b.id from beneficiarios b where b.situacao = 'CANCELADO' and b.data_situacao between ${inicio} and ${fim}
        and exists (select 1 from atendimentos a where a.beneficiario_id in (b.id, b.titular) and a.motivo = 'CANCELAMENTO' and a.status <> 'CANCELADO'
          and (a.inicio at time zone 'America/Sao_Paulo')::date between b.data_situacao - 90 and b.data_situacao)`,
    );
    expect(new Set(rows.filter((r) => r.protocolo).map((r) => r.id))).toEqual(new Set(comPedido.map((r) => r.id)));
    // by initiative
    const pedido = await get<ReportSummary>(operadora, `/api/relatorios/cancelamento-adesao/grupos?${q}&iniciativa=${encodeURIComponent('A pedido do beneficiário')}`);
    expect(pedido.total).toBe(porGrupo.get('A pedido do beneficiário'));

    const csv = (await file(operadora, RCANC, 'csv', q)).toString('utf8').split('\r\n').filter(Boolean);
    expect(csv[0]).toBe('\uFEFFIniciativa;Matrícula;Beneficiário;Relação;Plano;Adesão;Motivo (SIB);Pedido em;Protocolo do pedido;Cancelado em');
    expect(csv).toHaveLength(1 + esperado.length);
    expect(csv).toContainEqual(expect.stringMatching(/^A pedido do beneficiário;0000000400;Rafael Nogueira Lima;Titular;.+;15\/01\/2010;Rompimento do contrato por iniciativa do beneficiário;20\/12\/2025;99999920251220000001;31\/12\/2025$/));
  });

  it('needs the period; its permission is the spec’s own (list on cancelamentoadesao)', async () => {
    const r = await operadora({ method: 'GET', url: '/api/relatorios/cancelamento-adesao/grupos' });
    expect(r.statusCode).toBe(400);
    expect((await auditor({ method: 'GET', url: '/api/relatorios/cancelamento-adesao/grupos?inicio=01/01/2025&termino=31/12/2025' })).statusCode).toBe(403);
    expect((await beneficiario({ method: 'GET', url: '/api/relatorios/cancelamento-adesao/grupos?inicio=01/01/2025&termino=31/12/2025' })).statusCode).toBe(403);
  });
});

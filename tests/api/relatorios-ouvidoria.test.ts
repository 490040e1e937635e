import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import type { ListPage } from '../../src/shared/lists/types';
import type { ManifestacaoDetalhe } from '../../src/shared/ouvidoria';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The ombudsman's annual report and the REA, on a year only this test writes (2031): a dozen manifestações registered
 * through the API, then dated in 2031 (registration, deadline, answer, rating, extension) with a national holiday,
 * a state holiday of the operator's UF, another state's holiday and an optional day off on the way. Every figure is
 * computed here from the rows the test wrote, with its own business-day count over the holidays table, and
 * compared with the reports' rows, totals and files.
 */

type Who = ReturnType<typeof as>;
type Row = Record<string, unknown> & { id: number };
const ANUAL = '/relatorio/ouvidoria/anual-ouvidoria';
const REA = '/relatorio/ouvidoria/rea';
const ANO = 2031;

let t: TestApp;
let ouv: Who;
let benef: Who;
const tmp = mkdtempSync(join(tmpdir(), 'relatorios-ouvidoria-'));

/** What the test writes: registered (São Paulo time), deadline, answered (São Paulo day), rating, extension. */
interface Caso {
  tipo: string;
  canal: string;
  assunto: string;
  registro: string;
  prazo: string;
  resposta: string | null;
  status: string;
  satisfacao: number | null;
  prorrogada?: boolean;
}
const CASOS: Caso[] = [
  // January: answered in time across a weekend
  { tipo: 'RECLAMACAO', canal: 'TELEFONE', assunto: 'AUTORIZACAO', registro: '2031-01-06 10:00', prazo: '2031-01-15', resposta: '2031-01-13', status: 'ENCERRADA', satisfacao: 4 },
  { tipo: 'ELOGIO', canal: 'EMAIL', assunto: 'ATENDIMENTO', registro: '2031-01-20 16:30', prazo: '2031-01-29', resposta: '2031-01-20', status: 'RESPONDIDA', satisfacao: null },
  // the last minutes of 2030 in São Paulo (already 2031 in UTC): not this year
  { tipo: 'DENUNCIA', canal: 'CARTA', assunto: 'OUTRO', registro: '2030-12-31 22:00', prazo: '2031-01-10', resposta: null, status: 'REGISTRADA', satisfacao: null },
  // February–March: the national holiday (Carnival Monday) and the operator's state holiday inside the count; late ones
  { tipo: 'RECLAMACAO', canal: 'PORTAL', assunto: 'REDE', registro: '2031-02-27 09:00', prazo: '2031-03-12', resposta: '2031-03-14', status: 'ENCERRADA', satisfacao: 2 },
  { tipo: 'SOLICITACAO', canal: 'PRESENCIAL', assunto: 'CADASTRO', registro: '2031-02-28 11:00', prazo: '2031-03-13', resposta: '2031-03-06', status: 'ENCERRADA', satisfacao: 5 },
  { tipo: 'RECLAMACAO', canal: 'TELEFONE', assunto: 'AUTORIZACAO', registro: '2031-03-03 14:00', prazo: '2031-04-16', resposta: '2031-04-10', status: 'RESPONDIDA', satisfacao: null, prorrogada: true },
  // April: the other state's holiday and the optional day off count as business days
  { tipo: 'CONSULTA', canal: 'PORTAL', assunto: 'FINANCEIRO', registro: '2031-04-14 08:00', prazo: '2031-04-24', resposta: '2031-04-25', status: 'RESPONDIDA', satisfacao: null },
  { tipo: 'SUGESTAO', canal: 'PORTAL', assunto: 'OUTRO', registro: '2031-04-15 12:00', prazo: '2031-04-25', resposta: null, status: 'EM_ANALISE', satisfacao: null },
  // July: routed and still waiting, and one reopened after its answer
  { tipo: 'RECLAMACAO', canal: 'EMAIL', assunto: 'REEMBOLSO', registro: '2031-07-01 10:00', prazo: '2031-07-10', resposta: null, status: 'AGUARDANDO_AREA', satisfacao: null },
  { tipo: 'RECLAMACAO', canal: 'TELEFONE', assunto: 'CARTEIRINHA', registro: '2031-07-02 10:00', prazo: '2031-08-22', resposta: '2031-07-09', status: 'REABERTA', satisfacao: null },
  // December: the last evening of the year in São Paulo (already 2032 in UTC) is still 2031
  { tipo: 'SOLICITACAO', canal: 'TELEFONE', assunto: 'AUTORIZACAO', registro: '2031-12-31 23:30', prazo: '2032-01-12', resposta: null, status: 'REGISTRADA', satisfacao: null },
  { tipo: 'ELOGIO', canal: 'PRESENCIAL', assunto: 'REDE', registro: '2031-12-01 15:00', prazo: '2031-12-10', resposta: '2031-12-02', status: 'ENCERRADA', satisfacao: 5 },
];
const FERIADOS_TESTE = [
  ['2031-03-03', 'Carnaval de teste', 'NACIONAL', null, false],
  ['2031-03-05', 'Feriado estadual da operadora de teste', 'ESTADUAL', 'UF_OPERADORA', false],
  ['2031-04-16', 'Feriado de outro estado de teste', 'ESTADUAL', 'OUTRA_UF', false],
  ['2031-04-17', 'Ponto facultativo de teste', 'NACIONAL', null, true],
] as const;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  const db = t.database.db;
  const [{ uf }] = await query<{ uf: string }>(db, sql`select coalesce(uf, 'MG') as uf from operadoras order by id limit 1`);
  const outra = uf === 'SP' ? 'RJ' : 'SP';
  for (const [data, descricao, abrangencia, u, facultativo] of FERIADOS_TESTE) {
    const ufDe = u === 'UF_OPERADORA' ? uf : u === 'OUTRA_UF' ? outra : null;
    await query(db, sql`insert into feriados (data, descricao, abrangencia, uf, ponto_facultativo) values (${data}, ${descricao}, ${abrangencia}, ${ufDe}, ${facultativo})`);
  }
  const benefs = await query<{ id: number }>(db, sql`select id from beneficiarios where situacao = 'ATIVO' order by id limit ${CASOS.length}`);
  for (const [i, c] of CASOS.entries()) {
    const res = await ouv({
      method: 'POST',
      url: '/api/ouvidoria/manifestacoes',
      payload: {
        beneficiarioId: benefs[i].id,
        tipo: c.tipo,
        assunto: c.assunto,
        canal: c.canal === 'PORTAL' ? 'TELEFONE' : c.canal,
        descricao: `Manifestação do relatório anual de teste nº ${i + 1}: ${c.tipo.toLowerCase()} sobre ${c.assunto.toLowerCase()}.`,
        protocoloPrimeiraInstancia: '99999920310101000001',
        contato: 'PORTAL',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().result as ManifestacaoDetalhe;
    // dated in 2031 as the desk would have worked it (São Paulo is UTC−3 all year since 2019)
    await query(
      db,
      sql`update manifestacoes set criado_em = ${c.registro}::timestamp at time zone 'America/Sao_Paulo', canal = ${c.canal}, prazo = ${c.prazo}, status = ${c.status},
        respondida_em = ${c.resposta ? sql`(${c.resposta}::date + time '15:00') at time zone 'America/Sao_Paulo'` : null},
        resposta = ${c.resposta ? 'Resposta da ouvidoria de teste.' : null}, satisfacao = ${c.satisfacao},
        justificativa_prorrogacao = ${c.prorrogada ? 'Caso complexo: depende de parecer da auditoria médica.' : null}
      where id = ${d.id}`,
    );
  }
}, 120_000);
afterAll(() => t?.close());

// ---- the figures, computed here ------------------------------------------------------------------------------------

const DIA = 86_400_000;
const addDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA).toISOString().slice(0, 10);
/** Business days after `de` up to `ate`: weekdays not in `feriados`. */
function diasUteis(de: string, ate: string, feriados: Set<string>): number {
  let n = 0;
  for (let d = addDias(de, 1); d <= ate; d = addDias(d, 1)) {
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6 && !feriados.has(d)) n++;
  }
  return n;
}
interface Esperado {
  caso: Caso;
  mes: number;
  respondida: boolean;
  noPrazo: boolean;
  dias: number | null;
}
async function esperados(): Promise<Esperado[]> {
  const db = t.database.db;
  const [{ uf }] = await query<{ uf: string }>(db, sql`select coalesce(uf, 'MG') as uf from operadoras order by id limit 1`);
  const feriados = new Set(
    (
      await query<{ data: string }>(
        db,
        sql`select to_char(data, 'YYYY-MM-DD') as data from feriados where not coalesce(ponto_facultativo, false) and (abrangencia = 'NACIONAL' or uf = ${uf})`,
      )
    ).map((r) => r.data),
  );
  return CASOS.filter((c) => c.registro.startsWith(String(ANO))).map((c) => {
    const dia = c.registro.slice(0, 10);
    const dias = c.resposta ? diasUteis(dia, c.resposta, feriados) : null;
    return { caso: c, mes: Number(c.registro.slice(5, 7)), respondida: !!c.resposta, noPrazo: !!c.resposta && c.resposta <= c.prazo, dias };
  });
}
const media = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
function figuras(es: Esperado[]) {
  const r = es.filter((e) => e.respondida);
  return {
    manifestacoes: es.length,
    respondidas: r.length,
    noPrazo: r.filter((e) => e.noPrazo).length,
    foraDoPrazo: r.filter((e) => !e.noPrazo).length,
    emAberto: es.length - r.length,
    mediaDiasUteis: media(r.map((e) => e.dias!)),
  };
}

const get = async <T>(who: Who, url: string): Promise<T> => {
  const res = await who({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
async function file(who: Who, comando: string, formato: string, consulta: string): Promise<{ job: JobDetail; bytes: Buffer }> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'relatorio', comando, parametros: { formato, consulta } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const f = await who({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
  expect(f.statusCode).toBe(200);
  return { job, bytes: f.rawPayload };
}
const pdfText = (bytes: Buffer, nome: string) => {
  const p = join(tmp, nome);
  writeFileSync(p, bytes);
  return execFileSync('pdftotext', ['-layout', p, '-'], { encoding: 'utf8' });
};

describe('Relatório Anual da Ouvidoria', () => {
  it('counts the year by type, channel, subject, answer time, status and rating as computed from the rows written', async () => {
    const es = await esperados();
    expect(es).toHaveLength(11);
    const rows = (await get<ListPage<Row>>(ouv, `/api/relatorios/anual-ouvidoria?ano=${ANO}&limit=200`)).rows;
    const por = (grupo: string) => new Map(rows.filter((r) => (r.grupo as string).endsWith(grupo)).map((r) => [r.item as string, r]));
    const confere = (grupo: string, item: string, sel: Esperado[]) => {
      const r = por(grupo).get(item);
      expect(r, `${grupo} › ${item}`).toBeTruthy();
      const { id: _, grupo: __, ordem: ___, item: ____, ...valores } = r!;
      expect(valores, `${grupo} › ${item}`).toEqual(figuras(sel));
    };
    confere('Total do ano', 'Todas as manifestações', es);
    const LABELS: Record<string, Record<string, string>> = {
      tipo: { RECLAMACAO: 'Reclamação', DENUNCIA: 'Denúncia', SOLICITACAO: 'Solicitação', SUGESTAO: 'Sugestão', ELOGIO: 'Elogio', CONSULTA: 'Consulta' },
      canal: { PORTAL: 'Portal', TELEFONE: 'Telefone', PRESENCIAL: 'Presencial', EMAIL: 'E-mail', CARTA: 'Carta' },
      assunto: { AUTORIZACAO: 'Autorização', REDE: 'Rede credenciada', REEMBOLSO: 'Reembolso', FINANCEIRO: 'Boleto/financeiro', CADASTRO: 'Cadastro', CARTEIRINHA: 'Carteirinha', ATENDIMENTO: 'Atendimento da operadora', OUTRO: 'Outro assunto' },
    };
    for (const [k, labels] of Object.entries(LABELS)) {
      const grupo = { tipo: 'Por tipo', canal: 'Por canal', assunto: 'Por assunto' }[k]!;
      // every value is a row, also the ones with none (the regulator's table lists them all)
      expect([...por(grupo).keys()].sort()).toEqual(Object.values(labels).sort());
      for (const [v, l] of Object.entries(labels)) confere(grupo, l, es.filter((e) => e.caso[k as 'tipo' | 'canal' | 'assunto'] === v));
    }
    const faixa = (e: Esperado) => (e.dias == null ? 'Ainda sem resposta' : e.dias <= 2 ? 'Até 2 dias úteis' : e.dias <= 5 ? 'De 3 a 5 dias úteis' : e.dias <= 7 ? 'De 6 a 7 dias úteis' : e.dias <= 30 ? 'De 8 a 30 dias úteis' : 'Mais de 30 dias úteis');
    for (const l of ['Até 2 dias úteis', 'De 3 a 5 dias úteis', 'De 6 a 7 dias úteis', 'De 8 a 30 dias úteis', 'Mais de 30 dias úteis', 'Ainda sem resposta']) confere('Por tempo de resposta', l, es.filter((e) => faixa(e) === l));
    const STATUS: Record<string, string> = { REGISTRADA: 'Registrada', EM_ANALISE: 'Em análise', AGUARDANDO_AREA: 'Aguardando área', RESPONDIDA: 'Respondida', ENCERRADA: 'Encerrada', REABERTA: 'Reaberta' };
    for (const [v, l] of Object.entries(STATUS)) confere('Por situação', l, es.filter((e) => e.caso.status === v));
    const NOTAS: Record<string, string> = { '5': 'Muito satisfeito', '4': 'Satisfeito', '3': 'Indiferente', '2': 'Insatisfeito', '1': 'Muito insatisfeito' };
    for (const [v, l] of Object.entries(NOTAS)) confere('Por avaliação do beneficiário', l, es.filter((e) => String(e.caso.satisfacao) === v));
    confere('Por avaliação do beneficiário', 'Sem avaliação', es.filter((e) => e.caso.satisfacao == null));
    // the holidays counted: the complaint of Fri 27/02 answered Fri 14/03 skips Carnival (03/03) and the state's 05/03
    const tarde = es.find((e) => e.caso.registro === '2031-02-27 09:00')!;
    expect(tarde.dias).toBe(9);
    // the tables in the declared order, each opening with its heading
    expect([...new Set(rows.map((r) => r.grupo))]).toEqual([
      '1. Total do ano',
      '2. Por tipo',
      '3. Por canal',
      '4. Por assunto',
      '5. Por tempo de resposta',
      '6. Por situação',
      '7. Por avaliação do beneficiário',
    ]);
  });

  it('writes the PDF and the XLSX with the same figures; refuses the beneficiary and a missing or impossible year', async () => {
    const es = await esperados();
    const total = figuras(es);
    const texto = pdfText((await file(ouv, ANUAL, 'pdf', `ano=${ANO}`)).bytes, 'anual.pdf');
    expect(texto).toContain('Relatório Anual da Ouvidoria');
    expect(texto).toContain(`Filtros: Ano: ${ANO}`);
    expect(texto).toMatch(new RegExp(`Todas as manifestações\\s+${total.manifestacoes}\\s+${total.respondidas}\\s+${total.noPrazo}\\s+${total.foraDoPrazo}\\s+${total.emAberto}\\s+${String(total.mediaDiasUteis).replace('.', ',')}`));
    for (const q of ['1. Total do ano', '5. Por tempo de resposta', '7. Por avaliação do beneficiário']) expect(texto).toContain(q);
    const sheet = strFromU8(unzipSync(new Uint8Array((await file(ouv, ANUAL, 'xlsx', `ano=${ANO}`)).bytes))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('Todas as manifestações');
    expect(sheet).toContain(`<v>${total.manifestacoes}</v>`);

    expect((await benef({ method: 'GET', url: `/api/relatorios/anual-ouvidoria?ano=${ANO}` })).statusCode).toBe(403);
    const sem = await ouv({ method: 'GET', url: '/api/relatorios/anual-ouvidoria' });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)[0]).toMatchObject({ field: 'ano', value: 'Informe o ano.' });
    expect((await ouv({ method: 'GET', url: '/api/relatorios/anual-ouvidoria?ano=1890' })).statusCode).toBe(400);
  });
});

describe('REA', () => {
  it('counts month by month and the year’s totals as computed from the rows written; the files carry them', async () => {
    const es = await esperados();
    const rows = (await get<ListPage<Row>>(ouv, `/api/relatorios/rea?ano=${ANO}&limit=200`)).rows;
    expect(rows.map((r) => r.mes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const tipo = (sel: Esperado[], t: string) => sel.filter((e) => e.caso.tipo === t).length;
    for (const r of rows) {
      const sel = es.filter((e) => e.mes === r.mes);
      const f = figuras(sel);
      expect(r, `mês ${r.mes}`).toMatchObject({
        recebidas: sel.length,
        reclamacoes: tipo(sel, 'RECLAMACAO'),
        denuncias: tipo(sel, 'DENUNCIA'),
        solicitacoes: tipo(sel, 'SOLICITACAO'),
        sugestoes: tipo(sel, 'SUGESTAO'),
        elogios: tipo(sel, 'ELOGIO'),
        consultas: tipo(sel, 'CONSULTA'),
        respondidas: f.respondidas,
        noPrazo: f.noPrazo,
        foraDoPrazo: f.foraDoPrazo,
        prorrogadas: sel.filter((e) => e.caso.prorrogada).length,
        mediaDiasUteis: f.mediaDiasUteis,
      });
    }
    // December holds the last evening of the year; January not the last minutes of 2030
    expect(rows[11].recebidas).toBe(2);
    expect(rows[0].recebidas).toBe(2);
    const s = await get<{ total: number; totais: Record<string, number> }>(ouv, `/api/relatorios/rea/grupos?ano=${ANO}`);
    expect(s.total).toBe(12);
    expect(s.totais).toMatchObject({ recebidas: es.length, reclamacoes: tipo(es, 'RECLAMACAO'), respondidas: figuras(es).respondidas, noPrazo: figuras(es).noPrazo, prorrogadas: 1 });

    const texto = pdfText((await file(ouv, REA, 'pdf', `ano=${ANO}`)).bytes, 'rea.pdf');
    expect(texto).toContain('REA: Relatório Estatístico e Analítico');
    expect(texto).toContain(`Filtros: Ano: ${ANO}`);
    for (const m of ['Janeiro', 'Julho', 'Dezembro']) expect(texto).toContain(m);
    const sheet = strFromU8(unzipSync(new Uint8Array((await file(ouv, REA, 'xlsx', `ano=${ANO}`)).bytes))['xl/worksheets/sheet1.xml']);
    // header + 12 months + the year's total
    expect(sheet.match(/<row r="\d+">/g)!.length).toBe(14);
    expect(sheet).toContain('Dezembro');
  });
});

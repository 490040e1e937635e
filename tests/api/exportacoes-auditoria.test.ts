import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { query } from '../../src/server/db/sql';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import type { JobDetail } from '../../src/shared/jobs';
import {
  LAYOUT_CANCELAMENTO_ADESAO,
  LAYOUT_IMPRENSA_OFICIAL,
  LAYOUT_LOTE_IMPLANTACAO,
  LAYOUT_MALA_DIRETA_AUDITORIA,
  LAYOUT_NEXIA,
} from '../../src/shared/processos/exportacoes';
import { larguraDe, posicoes, type Layout } from '../../src/shared/processos/layout';
import { fold } from '../../src/shared/text';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The client-owned export files of the audit and of the beneficiaries' movements: each file is read back position by
 * position against its declared Layout (header, details, trailer) and against the database; the client restriction
 * (copass, bhtrans) and the permission are checked on the server.
 */

let t: TestApp;
let bh: TestApp;
let operadora: ReturnType<typeof as>;
let operadoraBh: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  bh = await startTestApp({ JOB_CONCURRENCY: '1', CLIENT: 'bhtrans' }, undefined, { jobs: true });
  operadoraBh = as(bh.app, await loginAs(bh.app, 'operadora'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await bh?.close();
});

type Who = ReturnType<typeof as>;
const hoje = todayIso();
const anoAtras = new Date(Date.parse(`${hoje}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
const periodo = { inicio: isoToBr(anoAtras), fim: isoToBr(hoje) };
const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const texto = (s: string, n: number) => fold(s).toUpperCase().slice(0, n);

async function previa(who: Who, tipo: string, comando: string, parametros: Record<string, unknown>) {
  const res = await who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; resumo: string; amostra: string[] };
}
async function gerar(who: Who, tipo: string, comando: string, parametros: Record<string, unknown>): Promise<{ job: JobDetail; linhas: string[]; bytes: Buffer }> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const arq = job.arquivos.find((a) => a.tipo === 'text/plain')!;
  const bytes = (await who({ method: 'GET', url: `/api/arquivos/${arq.id}` })).rawPayload;
  expect(bytes.toString('latin1')).toBe(bytes.toString('utf8')); // ASCII only
  expect(bytes.toString('utf8').endsWith('\r\n')).toBe(true);
  return { job, bytes, linhas: bytes.toString('utf8').slice(0, -2).split('\r\n') };
}

/** A field of a line, by the record's layout and the field's name. */
function campo(l: Layout, tipo: string, line: string, nome: string): string {
  const reg = l.registros.find((r) => r.campos[0].fixo === tipo)!;
  const c = posicoes(reg).find((x) => x.nome === nome)!;
  return line.slice(c.inicio - 1, c.fim);
}

/** Header, details and trailer: each with its record's width and type; the header's period and the trailer's count. */
function estrutura(l: Layout, linhas: string[], detalhes: number) {
  expect(linhas).toHaveLength(detalhes + 2);
  const largura = larguraDe(l.registros[0]);
  for (const r of l.registros) expect(larguraDe(r)).toBe(largura);
  for (const x of linhas) expect(x).toHaveLength(largura);
  expect(linhas[0][0]).toBe('0');
  expect(campo(l, '0', linhas[0], 'inicio')).toBe(ddmmaaaa(anoAtras));
  expect(campo(l, '0', linhas[0], 'fim')).toBe(ddmmaaaa(hoje));
  expect(campo(l, '0', linhas[0], 'geracao')).toBe(ddmmaaaa(hoje));
  expect(linhas.slice(1, -1).every((x) => x[0] === '1')).toBe(true);
  expect(linhas.at(-1)![0]).toBe('9');
}

describe('Mala direta de auditoria (copass)', () => {
  const C = '/util/exportacao/mala-direta-auditoria';
  it('lists each beneficiary with an audited request of the period once, with the address', async () => {
    const esperados = await query<{ id: number; matricula: string; nome: string; logradouro: string; cep: string; uf: string; n: number; ultima: string }>(
      t.database.db,
      sql`select b.id, b.matricula, b.nome, b.logradouro, b.cep, b.uf, count(*)::int as n, max(a.data_solicitacao)::text as ultima
          from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
          where a.data_solicitacao between ${anoAtras} and ${hoje} and b.cep is not null
            and exists (select 1 from autorizacao_historico h where h.autorizacao_id = a.id and h.acao = 'criar' and h.para = 2)
          group by b.id order by b.id`,
    );
    expect(esperados.length).toBeGreaterThan(5);
    const pv = await previa(operadora, 'mala-direta-auditoria', C, periodo);
    expect(pv.total).toBe(esperados.length);
    expect(pv.resumo).toBe(`${esperados.length} beneficiários entram na mala direta.`);
    const { linhas, job } = await gerar(operadora, 'mala-direta-auditoria', C, periodo);
    const L = LAYOUT_MALA_DIRETA_AUDITORIA;
    estrutura(L, linhas, esperados.length);
    const [op] = await query<{ registro_ans: string }>(t.database.db, sql`select registro_ans from operadoras order by id limit 1`);
    expect(campo(L, '0', linhas[0], 'registroAns')).toBe(op.registro_ans.padStart(6, '0'));
    for (const [k, e] of esperados.entries()) {
      const x = linhas[k + 1];
      expect(campo(L, '1', x, 'matricula')).toBe(e.matricula.padStart(10, '0'));
      expect(campo(L, '1', x, 'nome').trimEnd()).toBe(texto(e.nome, 60));
      expect(campo(L, '1', x, 'logradouro').trimEnd()).toBe(texto(e.logradouro ?? '', 60));
      expect(campo(L, '1', x, 'cep')).toBe(e.cep);
      expect(campo(L, '1', x, 'uf')).toBe(e.uf);
      expect(Number(campo(L, '1', x, 'guias'))).toBe(e.n);
      expect(campo(L, '1', x, 'ultima')).toBe(ddmmaaaa(e.ultima));
    }
    expect(Number(campo(L, '9', linhas.at(-1)!, 'quantidade'))).toBe(esperados.length);
    expect(job.arquivos[0].nome).toBe(`mala-direta-auditoria-${anoAtras.replace(/-/g, '')}-${hoje.replace(/-/g, '')}.txt`);
  });

  it('is refused to a user without the export permission and to another client', async () => {
    const ben = as(t.app, await loginAs(t.app, 'beneficiario'));
    const res = await ben({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'mala-direta-auditoria', comando: C, parametros: periodo } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    expect((await operadoraBh({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'mala-direta-auditoria', comando: C, parametros: periodo } })).statusCode).toBe(403);
    const bad = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'mala-direta-auditoria', comando: C, parametros: { inicio: periodo.fim, fim: periodo.inicio } } });
    expect(alertsOf(bad.body)[0]).toMatchObject({ field: 'fim', value: 'A data final não pode ser anterior à inicial.' });
  });
});

describe('Auditoria Nexia (copass)', () => {
  const C = '/util/exportacao/nexia-auditoria';
  it('writes every item of the requests the audit decided, with values, decision, auditor and totals', async () => {
    const itens = await query<{ numero: string; codigo: string; qs: number; qa: number | null; valor: string; status: number; motivo: string | null; auditor: string; carteirinha: string }>(
      t.database.db,
      sql`select a.numero, i.codigo, i.quantidade_solicitada as qs, i.quantidade_autorizada as qa, i.valor_centavos::text as valor, a.status, i.motivo_negativa as motivo, b.carteirinha,
            (select usuario_nome from autorizacao_historico h where h.autorizacao_id = a.id and h.acao in ('autorizar', 'negar', 'autorizarParcial') order by em desc, id desc limit 1) as auditor
          from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id join beneficiarios b on b.id = a.beneficiario_id
          where a.status in (1, 3, 7) and (a.decidida_em at time zone 'America/Sao_Paulo')::date between ${anoAtras} and ${hoje}
            and exists (select 1 from autorizacao_historico h where h.autorizacao_id = a.id and h.acao = 'criar' and h.para = 2)
          order by a.id, i.seq`,
    );
    expect(itens.length).toBeGreaterThan(5);
    const guias = new Set(itens.map((i) => i.numero)).size;
    const pv = await previa(operadora, 'nexia-auditoria', C, periodo);
    expect(pv.resumo).toBe(`${guias} guias auditadas, ${itens.length} itens no arquivo; o arquivo vira um lote de auditoria.`);
    const { linhas } = await gerar(operadora, 'nexia-auditoria', C, periodo);
    const L = LAYOUT_NEXIA;
    estrutura(L, linhas, itens.length);
    let solicitado = 0;
    let autorizado = 0;
    for (const [k, i] of itens.entries()) {
      const x = linhas[k + 1];
      const qa = i.qa ?? (i.status === 1 ? i.qs : 0);
      const v = Number(i.valor);
      expect(campo(L, '1', x, 'guia').trimEnd()).toBe(i.numero);
      expect(campo(L, '1', x, 'carteirinha')).toBe(i.carteirinha.padStart(16, '0'));
      expect(campo(L, '1', x, 'procedimento')).toBe(i.codigo.padStart(10, '0'));
      expect(Number(campo(L, '1', x, 'qtdSolicitada'))).toBe(i.qs);
      expect(Number(campo(L, '1', x, 'qtdAutorizada'))).toBe(qa);
      expect(Number(campo(L, '1', x, 'valorSolicitado'))).toBe(v * i.qs);
      expect(Number(campo(L, '1', x, 'valorAutorizado'))).toBe(v * qa);
      expect(campo(L, '1', x, 'decisao')).toBe(String(i.status));
      expect(campo(L, '1', x, 'motivoNegativa')).toBe((i.motivo ?? '').padStart(4, '0'));
      expect(campo(L, '1', x, 'auditor').trimEnd()).toBe(texto(i.auditor ?? '', 32));
      solicitado += v * i.qs;
      autorizado += v * qa;
    }
    const tr = linhas.at(-1)!;
    expect(Number(campo(L, '9', tr, 'quantidade'))).toBe(itens.length);
    expect(Number(campo(L, '9', tr, 'guias'))).toBe(guias);
    expect(Number(campo(L, '9', tr, 'totalSolicitado'))).toBe(solicitado);
    expect(Number(campo(L, '9', tr, 'totalAutorizado'))).toBe(autorizado);
    expect(autorizado).toBeLessThan(solicitado);
  });
});

describe('Imprensa Oficial (copass)', () => {
  const C = '/util/exportacao/imprensa-oficial';
  it('publishes the inclusions, then the exclusions with the reason, the CPF masked', async () => {
    const inc = await query<{ matricula: string; cpf: string }>(t.database.db, sql`select matricula, cpf from beneficiarios where data_adesao between ${anoAtras} and ${hoje} order by id`);
    const exc = await query<{ matricula: string; cpf: string; motivo: string }>(
      t.database.db,
      sql`select matricula, cpf, motivo_cancelamento as motivo from beneficiarios where situacao = 'CANCELADO' and data_situacao between ${anoAtras} and ${hoje} order by id`,
    );
    expect(inc.length).toBeGreaterThan(0);
    expect(exc.length).toBeGreaterThan(0);
    const pv = await previa(operadora, 'imprensa-oficial', C, { ...periodo, movimento: 'AMBOS' });
    expect(pv.total).toBe(inc.length + exc.length);
    const { linhas, bytes } = await gerar(operadora, 'imprensa-oficial', C, { ...periodo, movimento: 'AMBOS' });
    const L = LAYOUT_IMPRENSA_OFICIAL;
    estrutura(L, linhas, inc.length + exc.length);
    expect(campo(L, '0', linhas[0], 'titulo').trimEnd()).toBe(`RELACAO DE BENEFICIARIOS: INCLUSOES E EXCLUSOES DE ${periodo.inicio} A ${periodo.fim}`);
    const det = linhas.slice(1, -1);
    expect(det.map((x) => campo(L, '1', x, 'movimento')).join('')).toBe('I'.repeat(inc.length) + 'E'.repeat(exc.length));
    expect(det.map((x) => campo(L, '1', x, 'matricula'))).toEqual([...inc, ...exc].map((b) => b.matricula.padStart(10, '0')));
    const c0 = inc[0].cpf;
    expect(campo(L, '1', det[0], 'cpf')).toBe(`***.${c0.slice(3, 6)}.${c0.slice(6, 9)}-**`);
    expect(bytes.toString('utf8')).not.toContain(c0);
    expect(campo(L, '1', det[inc.length], 'motivo').trimEnd()).not.toBe('');
    expect(Number(campo(L, '9', linhas.at(-1)!, 'inclusoes'))).toBe(inc.length);
    expect(Number(campo(L, '9', linhas.at(-1)!, 'exclusoes'))).toBe(exc.length);
    const so = await previa(operadora, 'imprensa-oficial', C, { ...periodo, movimento: 'EXCLUSOES' });
    expect(so.total).toBe(exc.length);
    expect(so.resumo).toBe(`0 inclusões e ${exc.length} ${exc.length === 1 ? 'exclusão' : 'exclusões'} na publicação.`);
  });
});

describe('Remessa de cancelamento de adesão (copass)', () => {
  const C = '/util/exportacao/remessa-cancelamento-adesao';
  it('writes each cancelled membership with the SIB reason and the titular', async () => {
    const exc = await query<{ matricula: string; titular: string; relacao: string; motivo: string; data: string; registro: string }>(
      t.database.db,
      sql`select b.matricula, coalesce(t.matricula, b.matricula) as titular, b.relacao_dependencia as relacao, b.motivo_cancelamento as motivo, b.data_situacao::text as data, p.registro_ans as registro
          from beneficiarios b join produtos p on p.id = b.produto left join beneficiarios t on t.id = b.titular
          where b.situacao = 'CANCELADO' and b.data_situacao between ${anoAtras} and ${hoje} order by b.id`,
    );
    const pv = await previa(operadora, 'remessa-cancelamento-adesao', C, periodo);
    expect(pv.resumo).toBe(`${exc.length} ${exc.length === 1 ? 'cancelamento entra' : 'cancelamentos entram'} na remessa.`);
    const { linhas, bytes } = await gerar(operadora, 'remessa-cancelamento-adesao', C, periodo);
    const L = LAYOUT_CANCELAMENTO_ADESAO;
    estrutura(L, linhas, exc.length);
    for (const [k, e] of exc.entries()) {
      const x = linhas[k + 1];
      expect(campo(L, '1', x, 'matricula')).toBe(e.matricula.padStart(10, '0'));
      expect(campo(L, '1', x, 'titular')).toBe(e.titular.padStart(10, '0'));
      expect(campo(L, '1', x, 'vinculo')).toBe(e.relacao === '1' ? 'T' : 'D');
      expect(campo(L, '1', x, 'cancelamento')).toBe(ddmmaaaa(e.data));
      expect(campo(L, '1', x, 'motivo')).toBe(e.motivo);
      expect(campo(L, '1', x, 'registroPlano')).toBe(e.registro.padStart(9, '0'));
    }
    expect(Number(campo(L, '9', linhas.at(-1)!, 'quantidade'))).toBe(exc.length);
    // the same period twice gives the same bytes (nothing in the file depends on when it ran but the day)
    const again = await gerar(operadora, 'remessa-cancelamento-adesao', C, periodo);
    expect(createHash('sha256').update(again.bytes).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

describe('Lote de implantação (bhtrans)', () => {
  const C = '/util/exportacao/lote-implantacao';
  it('writes every beneficiary who joined in the period, with the titular, plan and address', async () => {
    const novos = await query<{ matricula: string; titular: string; cpf: string; nascimento: string; sexo: string; registro: string; carteirinha: string; cidade: number }>(
      bh.database.db,
      sql`select b.matricula, coalesce(t.matricula, b.matricula) as titular, b.cpf, b.data_nascimento::text as nascimento, b.sexo, p.registro_ans as registro, b.carteirinha, b.cidade
          from beneficiarios b join produtos p on p.id = b.produto left join beneficiarios t on t.id = b.titular
          where b.data_adesao between ${anoAtras} and ${hoje} order by b.id`,
    );
    expect(novos.length).toBeGreaterThan(0);
    expect((await previa(operadoraBh, 'lote-implantacao', C, periodo)).total).toBe(novos.length);
    const { linhas } = await gerar(operadoraBh, 'lote-implantacao', C, periodo);
    const L = LAYOUT_LOTE_IMPLANTACAO;
    estrutura(L, linhas, novos.length);
    for (const [k, n] of novos.entries()) {
      const x = linhas[k + 1];
      expect(campo(L, '1', x, 'matricula')).toBe(n.matricula.padStart(10, '0'));
      expect(campo(L, '1', x, 'titular')).toBe(n.titular.padStart(10, '0'));
      // a child without CPF (the SIB analysis seeds some) goes as zeros, as numeric fields of the layout do
      expect(campo(L, '1', x, 'cpf')).toBe(n.cpf ?? '0'.repeat(11));
      expect(campo(L, '1', x, 'nascimento')).toBe(ddmmaaaa(n.nascimento));
      expect(campo(L, '1', x, 'sexo')).toBe(n.sexo === '1' ? 'M' : 'F');
      expect(campo(L, '1', x, 'registroPlano')).toBe(n.registro.padStart(9, '0'));
      expect(campo(L, '1', x, 'carteirinha')).toBe(n.carteirinha.padStart(16, '0'));
      expect(Number(campo(L, '1', x, 'cidade'))).toBe(n.cidade ?? 0);
    }
    // a copass installation does not have this export
    expect((await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'lote-implantacao', comando: C, parametros: periodo } })).statusCode).toBe(403);
  });
});

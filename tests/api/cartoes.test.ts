import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import type { JobDetail } from '../../src/shared/jobs';
import { LAYOUT_EMBOSSING, nomeNoCartao } from '../../src/shared/processos/cartoes';
import { larguraDe, posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Gerador de cartões: the preview counts the family, the run issues one card per active member (the previous one
 * replaced), writes each to the change trail, and leaves a real PDF and an embossing file in the declared layout.
 */

let t: TestApp;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
const COMANDO = '/util/processo/gerador-cartao';

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
}, 120_000);
afterAll(() => t?.close());

const until = (id: number) => waitForJob(operadora, id);

const ano = new Date().getFullYear();
const validade = `30/06/${ano + 2}`;

describe('gerador de cartões', () => {
  let familia: { id: number; nome: string; carteirinha: string; situacao: string; titular: number | null }[];
  let titularId: number;
  beforeAll(async () => {
    // the demo beneficiary's family (titular and an active dependent): their virtual card shows the issued validity
    const [f] = await query<{ t: number }>(t.database.db, sql`select beneficiario_id as t from usuarios where login = 'beneficiario'`);
    titularId = f.t;
    familia = await query(t.database.db, sql`select id, nome, carteirinha, situacao, titular from beneficiarios where coalesce(titular, id) = ${titularId} order by id`);
  });
  const params = () => ({ alcance: 'FAMILIA', titular: String(titularId), motivo: 'SEGUNDA_VIA', validade });

  it('previews how many cards the family gets, active members only', async () => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params() } });
    expect(res.statusCode, res.body).toBe(200);
    const ativos = familia.filter((b) => b.situacao === 'ATIVO');
    expect(res.json().result.total).toBe(ativos.length);
    expect(res.json().result.resumo).toContain(`${ativos.length} cartões serão emitidos`);
    expect(res.json().result.amostra[0]).toContain(familia.find((b) => b.id === titularId)!.nome);
  });

  it('checks the parameters on the server, field by field, in Portuguese', async () => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: { alcance: 'FAMILIA', motivo: 'RENOVACAO', validade: '01/01/2000', extra: 'x' } } });
    expect(res.statusCode).toBe(400);
    const alerts = alertsOf(res.body);
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'titular', value: 'Informe o titular do grupo familiar.' }),
        expect.objectContaining({ field: 'validade', value: 'A validade precisa ser uma data futura.' }),
      ]),
    );
    const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: { alcance: 'TODOS', motivo: 'RENOVACAO', validade } } });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)[0].field).toBe('alcance');
    // the kind runs only for its own command
    const other = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'gerador-cartao', comando: '/util/processo/alteracao-cartao', parametros: params() } });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a user without the command, at preview and at queue time', async () => {
    for (const url of ['/api/execucoes/previa', '/api/execucoes']) {
      const res = await beneficiario({ method: 'POST', url, payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params() } });
      expect(res.statusCode).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
  });

  let job: JobDetail;
  it('issues a card per active member, replacing the previous one, with a trail entry each', async () => {
    const ativos = familia.filter((b) => b.situacao === 'ATIVO');
    // a card issued before, to be replaced
    await t.database.db.execute(sql`insert into cartoes (beneficiario_id, carteirinha, via, motivo, emissao, validade) values (${ativos[0].id}, ${ativos[0].carteirinha}, 1, 'PRIMEIRA_VIA', '2024-01-10', '2025-12-31')`);
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'gerador-cartao', comando: COMANDO, parametros: params() } });
    expect(res.statusCode, res.body).toBe(201);
    job = await until(res.json().result.id);
    expect(job.status, job.erro ?? '').toBe('concluida');
    const rows = await query<{ beneficiario_id: number; via: number; situacao: string; validade: string; execucao_id: number | null }>(
      t.database.db,
      sql`select beneficiario_id, via, situacao, validade::text, execucao_id from cartoes where beneficiario_id in (${sql.join(familia.map((b) => sql`${b.id}`), sql`, `)}) order by beneficiario_id, via`,
    );
    const novos = rows.filter((r) => r.execucao_id === job.id);
    expect(novos.map((r) => r.beneficiario_id).sort()).toEqual(ativos.map((b) => b.id).sort());
    expect(novos.every((r) => r.situacao === 'ATIVO' && r.validade === `${ano + 2}-06-30`)).toBe(true);
    expect(rows.find((r) => r.beneficiario_id === ativos[0].id && r.via === 1)?.situacao).toBe('SUBSTITUIDO');
    expect(novos.find((r) => r.beneficiario_id === ativos[0].id)?.via).toBe(2);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'cartao' and acao = 'insert' and usuario_login = 'operadora'`);
    expect(n).toBe(ativos.length);
    expect(job.log.some((l) => l.mensagem.startsWith(`${ativos.length} cartões emitidos`))).toBe(true);
    // the beneficiary's virtual card now shows the card in force
    const virtual = await beneficiario({ method: 'GET', url: '/api/beneficiarios/cartao-virtual' });
    expect(virtual.json().result.validade).toBe(`${ano + 2}-06-30`);
  });

  it('leaves a PDF and an embossing file in the declared layout', async () => {
    const ativos = familia.filter((b) => b.situacao === 'ATIVO');
    expect(job.arquivos.map((a) => a.tipo).sort()).toEqual(['application/pdf', 'text/plain']);
    const pdf = await operadora({ method: 'GET', url: `/api/arquivos/${job.arquivos.find((a) => a.tipo === 'application/pdf')!.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Type \/Page\b/);
    const txt = await operadora({ method: 'GET', url: `/api/arquivos/${job.arquivos.find((a) => a.tipo === 'text/plain')!.id}` });
    const lines = txt.rawPayload.toString('ascii').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ativos.length + 1);
    const [detalhe, trailer] = LAYOUT_EMBOSSING.registros;
    expect(lines.every((l) => l.length === larguraDe(detalhe))).toBe(true);
    const pos = Object.fromEntries(posicoes(detalhe).map((c) => [c.nome, c]));
    const cut = (l: string, k: string) => l.slice(pos[k].inicio - 1, pos[k].fim);
    const titular = familia.find((b) => b.id === titularId)!;
    // titular first, the card number and the abbreviated name where the layout puts them
    expect(cut(lines[0], 'tipo')).toBe('1');
    expect(cut(lines[0], 'carteirinha')).toBe(titular.carteirinha);
    expect(cut(lines[0], 'nome').trim()).toBe(nomeNoCartao(titular.nome).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase());
    expect(cut(lines[0], 'validade')).toBe(`3006${ano + 2}`);
    expect(cut(lines[0], 'titular')).toBe('T');
    const tp = Object.fromEntries(posicoes(trailer).map((c) => [c.nome, c]));
    const last = lines.at(-1)!;
    expect(last[0]).toBe('9');
    expect(Number(last.slice(tp.quantidade.inicio - 1, tp.quantidade.fim))).toBe(ativos.length);
  });

  it('exports the embossing file of the period again, line for line as the run wrote it', async () => {
    const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const parametros = { inicio: hoje, fim: hoje, motivo: 'SEGUNDA_VIA' };
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'exportacao-embossing', comando: '/util/exportacao/embossing', parametros } });
    expect(prev.statusCode, prev.body).toBe(200);
    const ativos = familia.filter((b) => b.situacao === 'ATIVO');
    expect(prev.json().result.total).toBe(ativos.length);
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'exportacao-embossing', comando: '/util/exportacao/embossing', parametros } });
    expect(res.statusCode, res.body).toBe(201);
    const exp = await until(res.json().result.id);
    expect(exp.status, exp.erro ?? '').toBe('concluida');
    const read = async (id: number) => (await operadora({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString('ascii').split('\r\n').filter(Boolean);
    const original = await read(job.arquivos.find((a) => a.tipo === 'text/plain')!.id);
    const again = await read(exp.arquivos[0].id);
    expect(new Set(again.slice(0, -1))).toEqual(new Set(original.slice(0, -1)));
    expect(again.at(-1)).toBe(original.at(-1));
    // a period turned around is refused with the field's message
    const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'exportacao-embossing', comando: '/util/exportacao/embossing', parametros: { inicio: hoje, fim: '01/01/2020' } } });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)[0]).toMatchObject({ field: 'fim', value: 'A data final não pode ser anterior à inicial.' });
  });
});

describe('nome no cartão', () => {
  it('keeps short names and abbreviates middle names, dropping particles, to 30 characters', () => {
    expect(nomeNoCartao('Ana Souza')).toBe('Ana Souza');
    expect(nomeNoCartao('Maria Aparecida dos Santos Ferreira Albuquerque')).toBe('Maria A. S. F. Albuquerque');
    expect(nomeNoCartao('José Carlos de Oliveira Nascimento').length).toBeLessThanOrEqual(30);
    expect(nomeNoCartao('José Carlos de Oliveira Nascimento')).toBe('José Carlos O. Nascimento');
  });
});

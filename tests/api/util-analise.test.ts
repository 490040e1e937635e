import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { startJobEngine } from '../../src/server/jobs/engine';
import type { ArquivoGeradoRow, FilaExecucaoRow, ImportacaoRow, LogImportacaoRow } from '../../src/shared/jobs-lists';
import type { ListPage, ListSummary } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import { SESSION_MSG, type SessionRow } from '../../src/shared/sessions/list';
import type { PainelOperacoes } from '../../src/shared/dashboards';
import { REGRAS_SIB, type BeneficiarioSibRow, type RegraSib, type ResumoSib } from '../../src/shared/sib/analise';
import { isValidDocument } from '../../src/shared/validation/br';
import { fold } from '../../src/shared/text';
import { diaDe } from '../../src/server/sib/analise';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The utilities over runs (spec §2.7): Importações and Log de Importação (runs of processes that declare an input
 * file), the administrator's Fila de Sessões (every user's runs, cancel; sessions, end one) and Arquivos Gerados.
 *
 * No import process exists on main yet, so this file declares one of its own through the real engine: the return of
 * the SIB (a CSV of "matrícula;CCO" lines, the codes the ANS assigned), read with lerEntrada, validated line by line
 * with the line number in the log, nothing written. The mocks below only add it to the catalogues (PROCESSOS and
 * the job kinds); everything else (upload, queue, run, lists, downloads) is the product's.
 */
const { COMANDO, TIPO } = vi.hoisted(() => ({ COMANDO: '/operadora/sib/sib-importacao', TIPO: 'teste-retorno-sib' }));

vi.mock('../../src/shared/processos', async (orig) => {
  const m = await orig<typeof import('../../src/shared/processos')>();
  const { defineProcesso } = await import('../../src/shared/processos/define');
  const retorno = defineProcesso({
    comando: COMANDO as never,
    tipo: TIPO,
    descricao: 'Lê o retorno do SIB (matrícula e CCO atribuído) e confere cada linha.',
    campos: {},
    entrada: { rotulo: 'Arquivo de retorno do SIB', formatos: ['csv', 'txt'] },
  });
  const PROCESSOS = [...m.PROCESSOS.filter((p) => p.comando !== COMANDO), retorno];
  return { ...m, PROCESSOS, processoDe: (c: string) => (c === COMANDO ? retorno : m.processoDe(c)) };
});

vi.mock('../../src/server/jobs/kinds', async (orig) => {
  const m = await orig<typeof import('../../src/server/jobs/kinds')>();
  const { defineJobKind } = await import('../../src/server/jobs/kind');
  const { paramsSchema } = await import('../../src/shared/processos/schema');
  const { processoDe } = await import('../../src/shared/processos');
  const { lerEntrada } = await import('../../src/server/jobs/entrada');
  const { query: q } = await import('../../src/server/db/sql');
  const { sql: s } = await import('drizzle-orm');
  const kind = defineJobKind<{ arquivo: number }>({
    tipo: TIPO,
    comandos: [COMANDO],
    params: paramsSchema(processoDe(COMANDO)!) as never,
    title: () => 'Retorno do SIB',
    async run(job, params) {
      const f = await lerEntrada(job.ctx, job.session, job.comando, params);
      const linhas = f.conteudo.toString('latin1').split(/\r?\n/).filter((l) => l.trim());
      await job.log(`Arquivo ${f.nome}: ${linhas.length} linhas.`);
      let ok = 0;
      for (const [i, l] of linhas.entries()) {
        const [mat = '', cco = ''] = l.split(';').map((x) => x.trim());
        const [b] = await q<{ id: number }>(job.ctx.db, s`select id from beneficiarios where matricula = ${mat}`);
        if (!/^\d{12}$/.test(cco)) await job.log(`Linha ${i + 1}: CCO "${cco}" inválido (são 12 dígitos).`, 'erro');
        else if (!b) await job.log(`Linha ${i + 1}: matrícula ${mat} não encontrada.`, 'aviso');
        else ok++;
        await job.progress(Math.round(((i + 1) * 100) / linhas.length), 'Conferindo as linhas');
      }
      await job.log(`${ok} linhas conferidas.`);
      const csv = Buffer.from(`matricula;situacao\n${linhas.map((l) => `${l.split(';')[0]};conferida`).join('\n')}\n`, 'latin1');
      await job.saveFile('conferencia-retorno-sib.csv', 'csv', csv);
    },
  });
  return { ...m, jobKind: (tipo: string) => (tipo === TIPO ? kind : m.jobKind(tipo)) };
});

let t: TestApp;
let admin: ReturnType<typeof as>;
let operadora: ReturnType<typeof as>;
let outra: ReturnType<typeof as>;
let operadoraToken: string;
let outraToken: string;
const bodies: string[] = [];

/** Two real matrículas of the seed and the file each operator sends. */
let mats: string[];
const arquivoOperadora = () => Buffer.from(`${mats[0]};000012345678\n${mats[1]};12345\n9999999999;000087654321\n`, 'latin1');
const arquivoOutra = () => Buffer.from(`${mats[1]};000011112222\n`, 'latin1');
const runs: { operadora: number; outra: number; arquivoOperadora: number; arquivoOutra: number } = { operadora: 0, outra: 0, arquivoOperadora: 0, arquivoOutra: 0 };

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true, kindsDoTeste: true });
  // a second operator of the same group (same demo password): each sees only their own imports
  await query(
    t.database.db,
    sql`insert into usuarios (login, nome, email, senha_hash, senha_expira_em, grupo_id, operadora)
      select 'otilia', 'Otília Operadora', 'otilia@operadora.example', senha_hash, senha_expira_em, grupo_id, true from usuarios where login = 'operadora'`,
  );
  await query(t.database.db, sql`insert into usuario_perfis (usuario_id, perfil_id) select o.id, up.perfil_id from usuarios o, usuarios u join usuario_perfis up on up.usuario_id = u.id where o.login = 'otilia' and u.login = 'operadora'`);
  admin = as(t.app, await loginAs(t.app, 'admin'));
  operadoraToken = await loginAs(t.app, 'operadora');
  operadora = as(t.app, operadoraToken);
  outraToken = await loginAs(t.app, 'otilia');
  outra = as(t.app, outraToken);
  mats = (await query<{ matricula: string }>(t.database.db, sql`select matricula from beneficiarios order by id limit 2`)).map((r) => r.matricula);

  runs.arquivoOperadora = await sendFile(t.app, operadoraToken, 'retorno-sib-outubro.csv', arquivoOperadora());
  runs.arquivoOutra = await sendFile(t.app, outraToken, 'retorno-sib-novembro.csv', arquivoOutra());
  const q1 = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo: runs.arquivoOperadora } } });
  expect(q1.statusCode, q1.body).toBe(201);
  runs.operadora = q1.json().result.id;
  await waitForJob(operadora, runs.operadora);
  const q2 = await outra({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo: runs.arquivoOutra } } });
  expect(q2.statusCode, q2.body).toBe(201);
  runs.outra = q2.json().result.id;
  await waitForJob(outra, runs.outra);
}, 120_000);
afterAll(() => t?.close());

async function page<R>(who: ReturnType<typeof as>, endpoint: string, qs = '') {
  const res = await who({ method: 'GET', url: `/api${endpoint}${qs ? `?${qs}` : ''}` });
  bodies.push(res.body);
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<R> };
}

describe('Importações', () => {
  it('lists each import run with its file (name, size, SHA-256), sender, state, progress and the log counts', async () => {
    const l = await page<ImportacaoRow>(admin, '/importacoes');
    expect(l.status, l.body).toBe(200);
    expect(l.page.rows.map((r) => r.id)).toEqual([runs.outra, runs.operadora]);
    const r = l.page.rows.find((x) => x.id === runs.operadora)!;
    const bytes = arquivoOperadora();
    expect(r).toMatchObject({
      processo: COMANDO,
      titulo: 'Importação SIB',
      arquivoId: runs.arquivoOperadora,
      arquivo: 'retorno-sib-outubro.csv',
      tamanho: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      remetente: 'Olívia Operadora',
      remetenteLogin: 'operadora',
      status: 'concluida',
      progresso: 100,
      // the engine's start and end, "3 linhas", "1 linhas conferidas" (info); the bad CCO (erro); the unknown matrícula (aviso)
      linhasInfo: 4,
      linhasAviso: 1,
      linhasErro: 1,
    });
    expect(l.page.total).toBe(2);
  });

  it('shows each user only their own imports; the administrator everyone’s', async () => {
    const op = await page<ImportacaoRow>(operadora, '/importacoes');
    expect(op.page.rows.map((r) => r.id)).toEqual([runs.operadora]);
    const ot = await page<ImportacaoRow>(outra, '/importacoes');
    expect(ot.page.rows.map((r) => r.id)).toEqual([runs.outra]);
    // the other's file is not downloadable either, but one's own is, byte for byte
    expect((await outra({ method: 'GET', url: `/api/arquivos/${runs.arquivoOperadora}` })).statusCode).toBe(404);
    const own = await outra({ method: 'GET', url: `/api/arquivos/${runs.arquivoOutra}` });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(arquivoOutra())).toBe(true);
    // the administrator reads the run, so downloads the file it imported
    const adm = await admin({ method: 'GET', url: `/api/arquivos/${runs.arquivoOperadora}` });
    expect(adm.statusCode).toBe(200);
    expect(adm.rawPayload.equals(arquivoOperadora())).toBe(true);
  });

  it('filters by period, process, state, sender and file name', async () => {
    const ids = async (qs: string) => (await page<ImportacaoRow>(admin, '/importacoes', qs)).page.rows.map((r) => r.id);
    expect(await ids('remetente=otilia')).toEqual([runs.outra]);
    expect(await ids('remetente=olivia')).toEqual([runs.operadora]);
    expect(await ids('arquivo=OUTUBRO')).toEqual([runs.operadora]);
    expect(await ids(`processo=${encodeURIComponent(COMANDO)}`)).toEqual([runs.outra, runs.operadora]);
    expect(await ids('situacao=falhou')).toEqual([]);
    expect(await ids('situacao=concluida')).toEqual([runs.outra, runs.operadora]);
    const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await ids(`de=${hoje}&ate=${hoje}`)).toEqual([runs.outra, runs.operadora]);
    expect(await ids('ate=01/01/2020')).toEqual([]);
    // a run that is not an import (a card generator's) never appears
    const bad = await page(admin, '/importacoes', 'processo=%2Futil%2Fprocesso%2Fgerador-cartao');
    expect(bad.status).toBe(400);
    expect(alertsOf(bad.body)[0]).toMatchObject({ field: 'processo', value: 'Selecione uma opção válida em Processo.' });
    const inv = await page(admin, '/importacoes', 'de=10/11/2026&ate=01/11/2026');
    expect(inv.status).toBe(400);
    expect(alertsOf(inv.body)[0]).toMatchObject({ field: 'ate', value: APP_MSG.periodoInvertido });
  });

  it('refuses whoever lacks the command, and answers 401 without a session', async () => {
    for (const login of ['prestador', 'beneficiario', 'auditor']) {
      const res = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: '/api/importacoes' });
      expect(res.statusCode, login).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/importacoes' })).statusCode).toBe(401);
  });
});

describe('Log de Importação', () => {
  it('lists the import runs’ log lines newest first, by level, text, process, run and period', async () => {
    const all = await page<LogImportacaoRow>(admin, '/log-importacao', 'limit=500');
    expect(all.status, all.body).toBe(200);
    const ids = all.page.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [last] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from execucoes_log where execucao_id in (${runs.operadora}, ${runs.outra})`);
    expect(all.page.rows.length).toBe(last.n);
    expect(all.page.rows.every((r) => r.processo === COMANDO)).toBe(true);

    const erros = await page<LogImportacaoRow>(admin, '/log-importacao', 'nivel=erro');
    expect(erros.page.rows.map((r) => [r.mensagem, r.execucao, r.arquivo, r.remetente])).toEqual([
      ['Linha 2: CCO "12345" inválido (são 12 dígitos).', runs.operadora, 'retorno-sib-outubro.csv', 'Olívia Operadora'],
    ]);
    const texto = await page<LogImportacaoRow>(admin, '/log-importacao', 'texto=nao%20encontrada');
    expect(texto.page.rows.map((r) => r.mensagem)).toEqual(['Linha 3: matrícula 9999999999 não encontrada.']);
    const run = await page<LogImportacaoRow>(admin, '/log-importacao', `execucao=${runs.outra}`);
    // the engine's own lines (who started it, how it ended) and the import's, newest first
    expect(run.page.rows.map((r) => r.mensagem)).toEqual(['Concluído.', '1 linhas conferidas.', 'Arquivo retorno-sib-novembro.csv: 1 linhas.', 'Iniciado por Otília Operadora.']);
    expect((await page(admin, '/log-importacao', 'ate=01/01/2020')).page.rows).toEqual([]);
    const nivel = await page(admin, '/log-importacao', 'nivel=grave');
    expect(nivel.status).toBe(400);
    expect(alertsOf(nivel.body)[0]).toMatchObject({ field: 'nivel', value: 'Selecione uma opção válida em Nível.' });
  });

  it('shows each user the log of their own imports only', async () => {
    const op = await page<LogImportacaoRow>(operadora, '/log-importacao', 'limit=500');
    expect(new Set(op.page.rows.map((r) => r.execucao))).toEqual(new Set([runs.operadora]));
    const ot = await page<LogImportacaoRow>(outra, '/log-importacao', `execucao=${runs.operadora}`);
    expect(ot.page.rows).toEqual([]);
  });
});

describe('Fila de Sessões', () => {
  it('lists every user’s runs with owner, process, progress and the counts per state', async () => {
    const l = await page<FilaExecucaoRow>(admin, '/fila-execucoes');
    expect(l.status, l.body).toBe(200);
    expect(l.page.rows.slice(0, 2).map((r) => [r.id, r.usuario, r.usuarioLogin, r.titulo, r.status, r.progresso])).toEqual([
      [runs.outra, 'Otília Operadora', 'otilia', 'Importação SIB', 'concluida', 100],
      [runs.operadora, 'Olívia Operadora', 'operadora', 'Importação SIB', 'concluida', 100],
    ]);
    const res = await admin({ method: 'GET', url: '/api/fila-execucoes/resumo' });
    const resumo = res.json().result as ListSummary;
    const [db] = await query<Record<string, number>>(
      t.database.db,
      sql`select count(*) filter (where status = 'concluida')::int as concluida, count(*) filter (where status = 'falhou')::int as falhou, count(*)::int as total from execucoes`,
    );
    expect(resumo.total).toBe(db.total);
    expect(resumo.totals).toMatchObject({ concluida: db.concluida, falhou: db.falhou, fila: 0, executando: 0 });
    expect((await page<FilaExecucaoRow>(admin, '/fila-execucoes', 'dono=otilia')).page.rows.map((r) => r.id)).toEqual([runs.outra]);
    expect((await page<FilaExecucaoRow>(admin, '/fila-execucoes', 'processo=sib')).page.rows.map((r) => r.id)).toEqual([runs.outra, runs.operadora]);
    expect((await page<FilaExecucaoRow>(admin, '/fila-execucoes', 'processo=embossing')).page.rows).toEqual([]);
  });

  it('lets the administrator cancel a queued run of another user', async () => {
    // an engine that only queues (an API-only server): the operator's run stays in the queue until the administrator cancels it
    await t.ctx.jobs!.stop();
    t.ctx.jobs = await startJobEngine(t.ctx, t.database, { work: false });
    const id = (await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo: runs.arquivoOperadora } } })).json().result.id;
    const fila = (await page<FilaExecucaoRow>(admin, '/fila-execucoes', 'situacao=fila')).page.rows;
    expect(fila.map((r) => [r.id, r.usuarioLogin, r.status])).toEqual([[id, 'operadora', 'fila']]);
    expect((await admin({ method: 'GET', url: '/api/fila-execucoes/resumo' })).json().result.totals).toMatchObject({ fila: 1 });
    const res = await admin({ method: 'POST', url: `/api/execucoes/${id}/cancelar` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await query<{ status: string }>(t.database.db, sql`select status from execucoes where id = ${id}`);
    expect(row.status).toBe('cancelada');
    const listed = (await page<FilaExecucaoRow>(admin, '/fila-execucoes', 'situacao=cancelada')).page.rows;
    expect(listed.map((r) => [r.id, r.usuarioLogin])).toEqual([[id, 'operadora']]);
    // the operator cannot cancel the other operator's run
    expect((await operadora({ method: 'POST', url: `/api/execucoes/${runs.outra}/cancelar` })).statusCode).toBe(404);
    // a working engine again, for the runs further down
    await t.ctx.jobs!.stop();
    t.ctx.jobs = await startJobEngine(t.ctx, t.database, { work: true });
  });

  it('ends another user’s active session, with the trail; refuses the own one and an ended one', async () => {
    const [sess] = await query<{ id: number }>(t.database.db, sql`select s.id from sessoes s join usuarios u on u.id = s.usuario_id where u.login = 'otilia' order by s.id desc limit 1`);
    const ativas = await page<SessionRow>(admin, '/sessoes', 'usuario=otilia&status=ativa');
    expect(ativas.page.rows.map((r) => r.id)).toEqual([sess.id]);
    const res = await admin({ method: 'POST', url: `/api/sessoes/${sess.id}/encerrar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe(SESSION_MSG.encerrada);
    // the token stops working at once
    expect((await outra({ method: 'GET', url: '/api/importacoes' })).statusCode).toBe(401);
    const [trail] = await query<{ usuario_login: string; acao: string; depois: { revogadaEm: string } }>(
      t.database.db,
      sql`select usuario_login, acao, depois from trilha_eventos where entidade = 'sessao' and registro_id = ${String(sess.id)}`,
    );
    expect(trail).toMatchObject({ usuario_login: 'admin', acao: 'update', depois: { revogadaEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    const again = await admin({ method: 'POST', url: `/api/sessoes/${sess.id}/encerrar` });
    expect(again.statusCode).toBe(422);
    expect(alertsOf(again.body)[0].value).toBe(SESSION_MSG.naoAtiva);
    const [own] = await query<{ id: number }>(t.database.db, sql`select s.id from sessoes s join usuarios u on u.id = s.usuario_id where u.login = 'admin' and s.revogada_em is null order by s.id desc limit 1`);
    const self = await admin({ method: 'POST', url: `/api/sessoes/${own.id}/encerrar` });
    expect(self.statusCode).toBe(422);
    expect(alertsOf(self.body)[0].value).toBe(SESSION_MSG.propria);
    expect((await admin({ method: 'POST', url: '/api/sessoes/999999/encerrar' })).statusCode).toBe(404);
  });

  it('refuses an ordinary operator the queue, the sessions and ending one', async () => {
    for (const url of ['/api/fila-execucoes', '/api/fila-execucoes/resumo', '/api/sessoes']) {
      const res = await operadora({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
    const [sess] = await query<{ id: number }>(t.database.db, sql`select s.id from sessoes s join usuarios u on u.id = s.usuario_id where u.login = 'admin' order by s.id desc limit 1`);
    const res = await operadora({ method: 'POST', url: `/api/sessoes/${sess.id}/encerrar` });
    expect(res.statusCode).toBe(403);
    const [still] = await query<{ revogada_em: unknown }>(t.database.db, sql`select revogada_em from sessoes where id = ${sess.id}`);
    expect(still.revogada_em).toBeNull();
  });
});

describe('Arquivos Gerados', () => {
  it('lists the files the runs left, with size, SHA-256, run and owner, each user their own', async () => {
    const adm = await page<ArquivoGeradoRow>(admin, '/arquivos-gerados');
    expect(adm.status, adm.body).toBe(200);
    const [db] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from arquivos where contexto = 'execucao'`);
    expect(adm.page.total).toBe(db.n);
    const mine = (await page<ArquivoGeradoRow>(operadora, '/arquivos-gerados')).page.rows;
    expect(mine.map((r) => [r.nome, r.execucao, r.dono, r.titulo])).toEqual([['conferencia-retorno-sib.csv', runs.operadora, 'Olívia Operadora', 'Importação SIB']]);
    const file = await operadora({ method: 'GET', url: `/api/arquivos/${mine[0].id}` });
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(mine[0].sha256);
    expect(file.rawPayload.length).toBe(mine[0].tamanho);
    expect(file.rawPayload.toString('latin1')).toBe(`matricula;situacao\n${mats[0]};conferida\n${mats[1]};conferida\n9999999999;conferida\n`);
    // the other operator sees only theirs, and cannot download this one
    const hers = (await page<ArquivoGeradoRow>(as(t.app, await loginAs(t.app, 'otilia')), '/arquivos-gerados')).page.rows;
    expect(hers.map((r) => r.execucao)).toEqual([runs.outra]);
  });

  it('filters by process, name, owner and period', async () => {
    const ids = async (qs: string) => (await page<ArquivoGeradoRow>(admin, '/arquivos-gerados', qs)).page.rows.map((r) => r.execucao);
    expect(await ids('nome=CONFERENCIA&dono=olivia')).toEqual([runs.operadora]);
    expect(await ids('processo=importacao%20sib')).toEqual([runs.outra, runs.operadora]);
    expect(await ids('processo=embossing')).toEqual([]);
    expect(await ids('ate=01/01/2020')).toEqual([]);
  });

  it('never answers a secret', () => {
    for (const b of bodies) expect(b).not.toMatch(/"\w*(senha|hash|token)\w*"\s*:/i);
  });
});

/** A beneficiary's columns the SIB rules read, as the database answers them. */
interface Benef {
  id: number;
  cpf: string | null;
  cns: string | null;
  nome_mae: string;
  relacao_dependencia: string;
  data_nascimento: Date | string;
  data_adesao: Date | string;
  cco: string | null;
  cep: string | null;
  cidade: number | null;
  titular: number | null;
}

describe('Análise do SIB', () => {
  /** Flaws written on purpose on seeded beneficiaries (besides the seed's own), and two that are not flaws. */
  const casos: Record<string, { id: number; set: string }> = {};
  beforeAll(async () => {
    const pick = async (where: string) => {
      const [r] = await query<{ id: number }>(
        t.database.db,
        sql.raw(`select id from beneficiarios b where situacao = 'ATIVO' and id > 60 and ${where} and id not in (${Object.values(casos).map((c) => c.id).join(',') || '0'}) order by id limit 1`),
      );
      return r.id;
    };
    const flaw = async (nome: string, where: string, set: string) => {
      casos[nome] = { id: await pick(where), set };
      await query(t.database.db, sql.raw(`update beneficiarios set ${set} where id = ${casos[nome].id}`));
    };
    await flaw('cpfDigito', `cpf is not null`, `cpf = substr(cpf, 1, 10) || ((substr(cpf, 11, 1)::int + 1) % 10)::text`);
    await flaw('cpfRepetido', `cpf is not null`, `cpf = '11111111111'`);
    await flaw('titularSemCpf', `relacao_dependencia = '1'`, `cpf = null`);
    await flaw('adultoSemCpf', `relacao_dependencia <> '1' and data_nascimento < current_date - interval '19 years'`, `cpf = null`);
    await flaw('criancaSemCpf', `relacao_dependencia = '4' and data_nascimento > current_date - interval '17 years'`, `cpf = null`);
    await flaw('semCns', `cns is not null`, `cns = null`);
    await flaw('cnsDigito', `cns is not null`, `cns = substr(cns, 1, 14) || ((substr(cns, 15, 1)::int + 1) % 10)::text`);
    await flaw('maeIgnorada', `true`, `nome_mae = 'Não informado'`);
    await flaw('maeUmaPalavra', `true`, `nome_mae = 'Maria'`);
    await flaw('semCcoAntigo', `data_adesao < date '2020-01-01'`, `cco = null`);
    await flaw('semCcoRecente', `true`, `cco = null, data_adesao = current_date`);
    await flaw('nascimentoZero', `true`, `data_nascimento = date '1899-12-30'`);
    await flaw('semCep', `cep is not null`, `cep = null`);
    await flaw('semTitular', `relacao_dependencia <> '1' and titular is not null`, `titular = null`);
  });

  /** The rules written again in JavaScript, from their texts, over the rows: the SQL must find exactly these. */
  function regraJs(regra: RegraSib, b: Benef): boolean {
    const d = diaDe();
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    const nasc = iso(b.data_nascimento);
    const adesao = iso(b.data_adesao);
    const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().trim().replace(/\s+/g, ' ');
    switch (regra) {
      case 'cpf-ausente':
        return b.cpf == null && (b.relacao_dependencia === '1' || nasc <= d.adulto);
      case 'cpf-invalido':
        return b.cpf != null && !isValidDocument('cpf', b.cpf);
      case 'cns-ausente':
        return b.cns == null;
      case 'cns-invalido':
        return b.cns != null && !(/^[12789]\d{14}$/.test(b.cns) && [...b.cns].reduce((s, c, i) => s + Number(c) * (15 - i), 0) % 11 === 0);
      case 'nome-mae':
        return !/\s/.test(b.nome_mae.trim()) || ['NAO INFORMADO', 'NAO INFORMADA', 'NAO DECLARADO', 'NAO DECLARADA', 'NAO CONSTA', 'SEM INFORMACAO', 'MAE DESCONHECIDA', 'NAO SABE', 'SEM NOME'].includes(fold(b.nome_mae));
      case 'cco-ausente':
        return b.cco == null && adesao <= d.fimCompetencia;
      case 'datas':
        return nasc < '1900-01-01' || nasc > d.hoje || adesao > d.hoje || adesao < nasc;
      case 'endereco':
        return b.cep == null || b.cidade == null;
      case 'dependente-sem-titular':
        return b.relacao_dependencia !== '1' && b.titular == null;
    }
  }

  it('counts each rule over the beneficiaries still in the SIB, as the rules’ texts say', async () => {
    const res = await operadora({ method: 'GET', url: '/api/analise-sib/regras' });
    expect(res.statusCode, res.body).toBe(200);
    const resumo = res.json().result as ResumoSib;
    const base = await query<Benef>(t.database.db, sql`select * from beneficiarios where situacao <> 'CANCELADO'`);
    expect(resumo.base).toBe(base.length);
    expect(resumo.competencia).toBe(diaDe().competencia);
    expect(resumo.regras.map((r) => r.regra)).toEqual(REGRAS_SIB.map((r) => r.regra));
    for (const r of resumo.regras) expect(r.total, r.regra).toBe(base.filter((b) => regraJs(r.regra, b)).length);
    // every rule finds something in this base (the seed's flaws and the ones above)
    for (const r of resumo.regras) expect(r.total, r.regra).toBeGreaterThan(0);
  });

  it('lists each rule’s beneficiaries by name, exactly those the rule finds', async () => {
    const base = await query<Benef>(t.database.db, sql`select * from beneficiarios where situacao <> 'CANCELADO'`);
    for (const { regra } of REGRAS_SIB) {
      const l = await page<BeneficiarioSibRow>(operadora, '/analise-sib', `regra=${regra}&limit=500`);
      expect(l.status, l.body).toBe(200);
      expect(new Set(l.page.rows.map((r) => r.id)), regra).toEqual(new Set(base.filter((b) => regraJs(regra, b)).map((b) => b.id)));
      const nomes = l.page.rows.map((r) => r.nome);
      expect(l.page.total, regra).toBe(nomes.length);
      expect(l.page.rows.every((r) => r.situacao !== 'CANCELADO')).toBe(true);
    }
  });

  it('finds the flaws written above under their rule, and not the child without CPF nor the adhesion of this month', async () => {
    const ids = async (regra: RegraSib) => new Set((await page<BeneficiarioSibRow>(operadora, '/analise-sib', `regra=${regra}&limit=500`)).page.rows.map((r) => r.id));
    const esperado: [keyof typeof casos & string, RegraSib][] = [
      ['cpfDigito', 'cpf-invalido'],
      ['cpfRepetido', 'cpf-invalido'],
      ['titularSemCpf', 'cpf-ausente'],
      ['adultoSemCpf', 'cpf-ausente'],
      ['semCns', 'cns-ausente'],
      ['cnsDigito', 'cns-invalido'],
      ['maeIgnorada', 'nome-mae'],
      ['maeUmaPalavra', 'nome-mae'],
      ['semCcoAntigo', 'cco-ausente'],
      ['nascimentoZero', 'datas'],
      ['semCep', 'endereco'],
      ['semTitular', 'dependente-sem-titular'],
    ];
    for (const [caso, regra] of esperado) expect((await ids(regra)).has(casos[caso].id), `${caso} em ${regra}`).toBe(true);
    expect((await ids('cpf-ausente')).has(casos.criancaSemCpf.id)).toBe(false);
    expect((await ids('cco-ausente')).has(casos.semCcoRecente.id)).toBe(false);
    // a rule's list filters further by name, status and relation
    const [b] = await query<{ nome: string }>(t.database.db, sql`select nome from beneficiarios where id = ${casos.semCep.id}`);
    const porNome = await page<BeneficiarioSibRow>(operadora, '/analise-sib', `regra=endereco&nome=${encodeURIComponent(b.nome.split(' ')[0])}`);
    expect(porNome.page.rows.map((r) => r.id)).toContain(casos.semCep.id);
    // any part of the name, accents and case ignored (the first name "Ana" also finds "Mariana")
    expect(porNome.page.rows.every((r) => fold(r.nome).includes(fold(b.nome.split(' ')[0])))).toBe(true);
  });

  it('asks for the rule, and refuses who lacks the command', async () => {
    const sem = await page(operadora, '/analise-sib');
    expect(sem.status).toBe(400);
    expect(alertsOf(sem.body)[0]).toMatchObject({ field: 'regra', value: 'Escolha a regra.' });
    const outraRegra = await page(operadora, '/analise-sib', 'regra=cpf');
    expect(outraRegra.status).toBe(400);
    expect(alertsOf(outraRegra.body)[0]).toMatchObject({ field: 'regra', value: 'Selecione uma opção válida em Regra.' });
    for (const login of ['prestador', 'beneficiario', 'auditor']) {
      const who = as(t.app, await loginAs(t.app, login));
      for (const url of ['/api/analise-sib?regra=cpf-ausente', '/api/analise-sib/regras']) {
        const res = await who({ method: 'GET', url });
        expect(res.statusCode, `${login} ${url}`).toBe(403);
        expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
      }
    }
  });
});

describe('Dashboards', () => {
  it('counts runs per day and state, failures, authorizations per week and state, and the active sessions', async () => {
    // a failed run of the operator's: its reason shows among the latest failures
    await query(t.database.db, sql`update execucoes set status = 'falhou', erro = 'Linha 2: CCO inválido.' where id = ${runs.outra}`);
    const res = await admin({ method: 'GET', url: '/api/dashboards/operacoes' });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().result as PainelOperacoes;
    const [db] = await query<{ runs: number; falhou: number; aut: number; analise: number; sessoes: number }>(
      t.database.db,
      sql`select (select count(*)::int from execucoes where criado_em >= (${p.desde.dia}::date)::timestamp at time zone 'America/Sao_Paulo') as runs,
          (select count(*)::int from execucoes where status = 'falhou') as falhou,
          (select count(*)::int from autorizacoes where data_solicitacao >= ${p.desde.semana}::date) as aut,
          (select count(*)::int from autorizacoes where status = 2) as analise,
          (select count(*)::int from sessoes where revogada_em is null and expira_em > now()) as sessoes`,
    );
    expect(p.execucoesPorDia.reduce((a, r) => a + r.total, 0)).toBe(db.runs);
    expect(p.execucoesPorDia.filter((r) => r.status === 'falhou').reduce((a, r) => a + r.total, 0)).toBe(db.falhou);
    expect(p.falhas[0]).toMatchObject({ id: runs.outra, titulo: 'Importação SIB', usuario: 'Otília Operadora', erro: 'Linha 2: CCO inválido.' });
    expect(db.aut).toBeGreaterThan(0);
    expect(p.autorizacoesPorSemana.reduce((a, r) => a + r.total, 0)).toBe(db.aut);
    expect(p.autorizacoesPorSemana.every((r) => r.semana >= p.desde.semana && new Date(`${r.semana}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(p.autorizacoesEmAnalise).toBe(db.analise);
    expect(p.sessoes.ativas).toBe(db.sessoes);
    expect(p.sessoes.usuarios.find((u) => u.login === 'admin')?.sessoes).toBeGreaterThan(0);
  });

  it('refuses an ordinary operator', async () => {
    const res = await operadora({ method: 'GET', url: '/api/dashboards/operacoes' });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('Importações de um processo real', () => {
  it('lists a run of Atualização do Brasíndice with the edition file the operator sent, and its log', async () => {
    // the edition the demo keeps in the file manager, sent again as the import's input
    const [f] = await query<{ id: number }>(t.database.db, sql`select id from arquivos where contexto = 'gerenciador' and nome like 'Brasíndice edição%' limit 1`);
    const bytes = (await operadora({ method: 'GET', url: `/api/arquivos/${f.id}` })).rawPayload;
    expect(bytes.length).toBeGreaterThan(100);
    const arquivo = await sendFile(t.app, operadoraToken, 'brasindice-2026-01.txt', bytes);
    const q = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'brasindice', comando: '/util/processo/brasindice', parametros: { arquivo } } });
    expect(q.statusCode, q.body).toBe(201);
    const fim = await waitForJob(operadora, q.json().result.id);
    expect(fim.status, fim.erro ?? '').toBe('concluida');
    const l = await page<ImportacaoRow>(operadora, '/importacoes', `processo=${encodeURIComponent('/util/processo/brasindice')}`);
    expect(l.status, l.body).toBe(200);
    expect(l.page.rows).toHaveLength(1);
    expect(l.page.rows[0]).toMatchObject({
      id: fim.id,
      titulo: 'Atualização do Brasíndice',
      arquivo: 'brasindice-2026-01.txt',
      tamanho: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'concluida',
      progresso: 100,
    });
    const linhas = fim.log.length;
    const r = l.page.rows[0];
    expect(r.linhasInfo + r.linhasAviso + r.linhasErro).toBe(linhas);
    expect(r.linhasAviso + r.linhasErro).toBe(fim.log.filter((x) => x.nivel !== 'info').length);
    const log = await page<LogImportacaoRow>(operadora, '/log-importacao', `execucao=${fim.id}&limit=500`);
    expect(log.page.rows.map((x) => x.mensagem)).toEqual(fim.log.map((x) => x.mensagem).reverse());
    // the other operator sees neither the run nor its log
    const ot = as(t.app, await loginAs(t.app, 'otilia'));
    expect((await page<ImportacaoRow>(ot, '/importacoes', `processo=${encodeURIComponent('/util/processo/brasindice')}`)).page.rows).toEqual([]);
    expect((await page<LogImportacaoRow>(ot, '/log-importacao', `execucao=${fim.id}`)).page.rows).toEqual([]);
  });
});

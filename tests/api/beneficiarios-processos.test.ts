import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import { APP_MSG } from '../../src/shared/messages';
import { LAYOUT_EMBOSSING } from '../../src/shared/processos/cartoes';
import { posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The beneficiary processes of /util/processo on the demo data (client copass unless said): card reissue with a new
 * number or validity, matrícula change one by one and from a file, death cancellation (pjf), plan migration and
 * pensioner registration, each with its effect on the records, its history rows and the trail.
 */

let t: TestApp;
let operadora: ReturnType<typeof as>;
let tokenOperadora: string;
let beneficiario: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  tokenOperadora = await loginAs(t.app, 'operadora');
  operadora = as(t.app, tokenOperadora);
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
}, 120_000);
afterAll(() => t?.close());

type Who = ReturnType<typeof as>;
async function run(tipo: string, comando: string, parametros: object, who: Who = operadora): Promise<JobDetail> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  return waitForJob(who, res.json().result.id as number);
}
const preview = async (tipo: string, comando: string, parametros: object, who: Who = operadora) => {
  const res = await who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; resumo: string; amostra: string[] };
};
const previewRefused = async (tipo: string, comando: string, parametros: object, who: Who = operadora) => {
  const res = await who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  return alertsOf(res.body)[0];
};
const logOf = (j: JobDetail) => j.log.map((l) => l.mensagem).join('\n');
const db = () => t.database.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(db(), q))[0];
/** The card number rule of the demo: prefix 0064, the matrícula, prefix + matrícula mod 97. */
const numeroPela = (matricula: string) => `0064${matricula}${String(Number(BigInt(`64${matricula}`) % 97n)).padStart(2, '0')}`;
const fmt = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
const ano = new Date().getFullYear();

const CARTAO = '/util/processo/alteracao-cartao';

describe('alteração de cartão', () => {
  it('gives one beneficiary a typed number: the old number stays in the card history, the record and the trail follow', async () => {
    const b = await one<{ id: number; nome: string; matricula: string; carteirinha: string }>(
      sql`select id, nome, matricula, carteirinha from beneficiarios where situacao = 'ATIVO' and relacao_dependencia = '1' and matricula >= '0000001000' order by id limit 1`,
    );
    const novo = '0064990000000117';
    const params = { alcance: 'BENEFICIARIO', beneficiario: String(b.id), numero: 'INFORMADO', novoNumero: fmt(novo), validade: `31/12/${ano + 1}`, motivo: 'Cartão clonado' };
    const p = await preview('alteracao-cartao', CARTAO, params);
    expect(p.resumo).toBe('1 cartão será reemitido (1 com número novo); o cartão ativo fica substituído.');
    expect(p.amostra).toEqual([`${b.nome} · ${fmt(b.carteirinha)} → ${fmt(novo)} · validade 31/12/${ano + 1}`]);

    const j = await run('alteracao-cartao', CARTAO, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`${b.nome} (${b.matricula}): cartão ${fmt(b.carteirinha)} substituído pelo ${fmt(novo)}, via 1, validade 31/12/${ano + 1}. Motivo: Cartão clonado.`);
    expect((await one<{ carteirinha: string }>(sql`select carteirinha from beneficiarios where id = ${b.id}`)).carteirinha).toBe(novo);
    const cards = await query<{ carteirinha: string; carteirinha_anterior: string; via: number; motivo: string; situacao: string; validade: string; execucao_id: number }>(
      db(),
      sql`select carteirinha, carteirinha_anterior, via, motivo, situacao, validade::text, execucao_id from cartoes where beneficiario_id = ${b.id} order by via`,
    );
    expect(cards).toEqual([{ carteirinha: novo, carteirinha_anterior: b.carteirinha, via: 1, motivo: 'ALTERACAO', situacao: 'ATIVO', validade: `${ano + 1}-12-31`, execucao_id: j.id }]);
    const trail = await one<{ antes: { carteirinha: string }; depois: { carteirinha: string; motivoAlteracaoCartao: string } }>(
      sql`select antes, depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(b.id)} and usuario_login = 'operadora' order by id desc limit 1`,
    );
    expect(trail.antes.carteirinha).toBe(b.carteirinha);
    expect(trail.depois).toEqual({ carteirinha: novo, motivoAlteracaoCartao: 'Cartão clonado' });
    // the printer's file: one detail line with the new number, the trailer with the count
    const emb = j.arquivos.find((a) => a.nome.startsWith('embossing-'))!;
    const lines = (await operadora({ method: 'GET', url: `/api/arquivos/${emb.id}` })).rawPayload.toString('ascii').split('\r\n').filter(Boolean);
    const pos = Object.fromEntries(posicoes(LAYOUT_EMBOSSING.registros[0]).map((c) => [c.nome, c]));
    expect(lines).toHaveLength(2);
    expect(lines[0].slice(pos.carteirinha.inicio - 1, pos.carteirinha.fim)).toBe(novo);
    expect(lines[0].slice(pos.validade.inicio - 1, pos.validade.fim)).toBe(`3112${ano + 1}`);
    expect(lines[1].slice(0, 9)).toBe('900000001');

    // the same number for someone else is refused on the field, in Portuguese
    const outro = await one<{ id: number }>(sql`select id from beneficiarios where situacao = 'ATIVO' and id <> ${b.id} order by id limit 1`);
    const taken = await previewRefused('alteracao-cartao', CARTAO, { ...params, beneficiario: String(outro.id) });
    expect(taken).toMatchObject({ field: 'novoNumero', value: `O número ${fmt(novo)} já é o cartão de ${b.nome} (matrícula ${b.matricula}).` });
  });

  it('extends the validity of a family’s cards keeping the numbers; who has no active card and no validity stays out', async () => {
    const tit = await one<{ id: number; n: number }>(
      sql`select t.id, (select count(*)::int from beneficiarios d where d.titular = t.id and d.situacao = 'ATIVO') as n from beneficiarios t
          where t.situacao = 'ATIVO' and t.relacao_dependencia = '1' and t.matricula >= '0000001000'
            and (select count(*) from beneficiarios d where d.titular = t.id and d.situacao = 'ATIVO') >= 2 order by t.id desc limit 1`,
    );
    // first issue without the validity: nobody in the family has an active card yet
    const sem = await preview('alteracao-cartao', CARTAO, { alcance: 'FAMILIA', titular: String(tit.id), numero: 'MATRICULA', motivo: 'Renumeração' });
    expect(sem.resumo).toBe(`Nenhum cartão a alterar: ${tit.n + 1} sem cartão ativo (informe a nova validade para incluí-los).`);
    const params = { alcance: 'FAMILIA', titular: String(tit.id), numero: 'MANTER', validade: `30/06/${ano + 2}`, motivo: 'Prorrogação da validade' };
    const p = await preview('alteracao-cartao', CARTAO, params);
    expect(p.total).toBe(tit.n + 1);
    expect(p.resumo).toBe(`${tit.n + 1} cartões serão reemitidos (0 com número novo); os cartões ativos ficam substituídos.`);
    const antes = await query<{ id: number; carteirinha: string }>(db(), sql`select id, carteirinha from beneficiarios where coalesce(titular, id) = ${tit.id} and situacao = 'ATIVO' order by id`);
    const j = await run('alteracao-cartao', CARTAO, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`${tit.n + 1} cartões reemitidos (0 com número novo); os números anteriores ficam no histórico de cartões.`);
    const depois = await query<{ id: number; carteirinha: string }>(db(), sql`select id, carteirinha from beneficiarios where coalesce(titular, id) = ${tit.id} and situacao = 'ATIVO' order by id`);
    expect(depois).toEqual(antes);
    const ativos = await query<{ validade: string; carteirinha_anterior: string }>(
      db(),
      sql`select c.validade::text, c.carteirinha_anterior from cartoes c join beneficiarios b on b.id = c.beneficiario_id where coalesce(b.titular, b.id) = ${tit.id} and c.situacao = 'ATIVO'`,
    );
    expect(ativos).toHaveLength(tit.n + 1);
    expect(new Set(ativos.map((c) => c.validade))).toEqual(new Set([`${ano + 2}-06-30`]));
    // the same run again changes nothing: said before running
    const again = await preview('alteracao-cartao', CARTAO, params);
    expect(again.resumo).toBe(`Nenhum cartão a alterar: ${tit.n + 1} já com esse número e essa validade.`);
  });

  it('refuses on the fields what makes no sense, and a user without the command', async () => {
    const semNada = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'alteracao-cartao', comando: CARTAO, parametros: { alcance: 'FAMILIA', numero: 'MANTER', motivo: 'x' } } });
    expect(alertsOf(semNada.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'titular', value: 'Informe o titular do grupo familiar.' }),
        expect.objectContaining({ field: 'validade', value: 'Informe a nova validade ou escolha um novo número: nada a alterar.' }),
      ]),
    );
    const informado = await operadora({
      method: 'POST',
      url: '/api/execucoes',
      payload: { tipo: 'alteracao-cartao', comando: CARTAO, parametros: { alcance: 'EMPRESA', empresa: '1', numero: 'INFORMADO', novoNumero: '0064 0000 0000 0000', motivo: 'x' } },
    });
    expect(alertsOf(informado.body)[0]).toMatchObject({ field: 'numero', value: 'Um número informado vale para um beneficiário só: escolha "Um beneficiário".' });
    const c = await one<{ id: number; nome: string }>(sql`select id, nome from beneficiarios where situacao = 'CANCELADO' order by id limit 1`);
    expect(await previewRefused('alteracao-cartao', CARTAO, { alcance: 'BENEFICIARIO', beneficiario: String(c.id), numero: 'MATRICULA', validade: `31/12/${ano + 1}`, motivo: 'x' })).toMatchObject({
      field: 'beneficiario',
      value: `O cadastro de ${c.nome} não está ativo: o cartão de um cadastro suspenso ou cancelado não é reemitido.`,
    });
    const res = await beneficiario({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'alteracao-cartao', comando: CARTAO, parametros: { alcance: 'BENEFICIARIO', beneficiario: '1', numero: 'MATRICULA', motivo: 'x' } } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

const MAT = '/util/processo/alteracao-matricula';

describe('alteração de matrícula', () => {
  it('moves one beneficiary to a free matrícula: the old one in the history, still found by the lookup, in the trail; then the card follows it', async () => {
    const b = await one<{ id: number; nome: string; matricula: string; carteirinha: string }>(
      sql`select id, nome, matricula, carteirinha from beneficiarios where situacao = 'ATIVO' and relacao_dependencia = '1' and matricula >= '0000002000' order by id limit 1`,
    );
    const nova = '7000012345';
    const params = { beneficiario: String(b.id), novaMatricula: nova, motivo: 'Nova matrícula funcional' };
    const p = await preview('alteracao-matricula', MAT, params);
    expect(p.resumo).toBe(`A matrícula de ${b.nome} passa de ${b.matricula} para ${nova}; a ${b.matricula} fica no histórico e continua encontrando o cadastro.`);
    const j = await run('alteracao-matricula', MAT, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`Matrícula de ${b.nome} alterada de ${b.matricula} para ${nova}. Motivo: Nova matrícula funcional.`);
    expect((await one<{ matricula: string }>(sql`select matricula from beneficiarios where id = ${b.id}`)).matricula).toBe(nova);
    const hist = await query<{ matricula: string; matricula_nova: string; motivo: string; usuario_nome: string; execucao_id: number }>(
      db(),
      sql`select matricula, matricula_nova, motivo, usuario_nome, execucao_id from matriculas_anteriores where beneficiario_id = ${b.id}`,
    );
    expect(hist).toEqual([{ matricula: b.matricula, matricula_nova: nova, motivo: 'Nova matrícula funcional', usuario_nome: expect.any(String), execucao_id: j.id }]);
    const trail = await one<{ antes: { matricula: string }; depois: { matricula: string } }>(
      sql`select antes, depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(b.id)} order by id desc limit 1`,
    );
    expect([trail.antes.matricula, trail.depois.matricula]).toEqual([b.matricula, nova]);
    // the former matrícula still finds the record in the operator's lookup
    const busca = await operadora({ method: 'GET', url: `/api/beneficiarios/consulta?termo=${b.matricula}` });
    expect(busca.json().result.map((r: { id: number; matricula: string }) => [r.id, r.matricula])).toEqual([[b.id, nova]]);

    // the card number follows the new matrícula (Alteração de Cartão, "a partir da matrícula atual")
    const cp = { alcance: 'BENEFICIARIO', beneficiario: String(b.id), numero: 'MATRICULA', validade: `31/12/${ano + 1}`, motivo: 'Renumeração após alteração de matrícula' };
    expect((await preview('alteracao-cartao', CARTAO, cp)).amostra).toEqual([`${b.nome} · ${fmt(b.carteirinha)} → ${fmt(numeroPela(nova))} · validade 31/12/${ano + 1}`]);
    expect((await run('alteracao-cartao', CARTAO, cp)).status).toBe('concluida');
    expect((await one<{ carteirinha: string }>(sql`select carteirinha from beneficiarios where id = ${b.id}`)).carteirinha).toBe(numeroPela(nova));

    // a taken matrícula — now or formerly someone else's — is refused on the field, in the preview and on queueing
    const outro = await one<{ id: number; matricula: string; nome: string }>(sql`select id, matricula, nome from beneficiarios where situacao = 'ATIVO' and id <> ${b.id} order by id limit 1`);
    expect(await previewRefused('alteracao-matricula', MAT, { ...params, beneficiario: String(outro.id) })).toMatchObject({ field: 'novaMatricula', value: `A matrícula ${nova} já é de ${b.nome}.` });
    expect(await previewRefused('alteracao-matricula', MAT, { ...params, beneficiario: String(outro.id), novaMatricula: b.matricula })).toMatchObject({
      field: 'novaMatricula',
      value: `A matrícula ${b.matricula} já foi de ${b.nome} (hoje ${nova}) e continua encontrando esse cadastro.`,
    });
    const j2 = await run('alteracao-matricula', MAT, { beneficiario: String(outro.id), novaMatricula: nova, motivo: 'x' });
    expect([j2.status, j2.erro]).toEqual(['falhou', `A matrícula ${nova} já é de ${b.nome}.`]);
    expect((await one<{ matricula: string }>(sql`select matricula from beneficiarios where id = ${outro.id}`)).matricula).toBe(outro.matricula);
  });

  it('checks the format on the field and refuses a cancelled record', async () => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'alteracao-matricula', comando: MAT, parametros: { beneficiario: '1', novaMatricula: '12345', motivo: 'x' } } });
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'novaMatricula', value: 'Nova matrícula inválido. Use o formato 0000000000.' });
    const c = await one<{ id: number; nome: string }>(sql`select id, nome from beneficiarios where situacao = 'CANCELADO' order by id limit 1`);
    expect(await previewRefused('alteracao-matricula', MAT, { beneficiario: String(c.id), novaMatricula: '7000099999', motivo: 'x' })).toMatchObject({
      field: 'beneficiario',
      value: `O cadastro de ${c.nome} está cancelado: a matrícula de um cadastro cancelado não muda.`,
    });
  });
});

const OBITO = '/util/processo/cancelamento-beneficiario';

describe('cancelamento de beneficiário por óbito (pjf)', () => {
  let pjf: TestApp;
  let op: Who;
  beforeAll(async () => {
    pjf = await startTestApp({ CLIENT: 'pjf', JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
    op = as(pjf.app, await loginAs(pjf.app, 'operadora'));
  }, 120_000);
  afterAll(() => pjf?.close());

  it('cancels a titular on the date of death (SIB 44) with the card; the dependents stay, listed for a new titular; open authorizations flagged', async () => {
    const [b] = await query<{ id: number; nome: string; matricula: string; nasc: string; deps: number; auts: number }>(
      pjf.database.db,
      sql`select t.id, t.nome, t.matricula, t.data_nascimento::text as nasc,
            (select count(*)::int from beneficiarios d where d.titular = t.id and d.situacao <> 'CANCELADO') as deps,
            (select count(*)::int from autorizacoes a where a.beneficiario_id = t.id and a.status in (2, 4, 5)) as auts
          from beneficiarios t where t.relacao_dependencia = '1' and t.situacao = 'ATIVO'
            and exists (select 1 from beneficiarios d where d.titular = t.id and d.situacao = 'ATIVO')
            and exists (select 1 from autorizacoes a where a.beneficiario_id = t.id and a.status in (2, 4, 5))
          order by t.id limit 1`,
    );
    expect(b, 'a demo titular with dependents and an authorization under analysis').toBeDefined();
    // a card in force, to see it cancelled
    await pjf.database.db.execute(
      sql`insert into cartoes (beneficiario_id, carteirinha, via, motivo, emissao, validade) select id, carteirinha, 1, 'PRIMEIRA_VIA', current_date - 30, current_date + 300 from beneficiarios where id = ${b.id}`,
    );
    const ontem = new Date(Date.now() - 86_400_000);
    const dia = `${String(ontem.getDate()).padStart(2, '0')}/${String(ontem.getMonth() + 1).padStart(2, '0')}/${ontem.getFullYear()}`;
    const iso = `${dia.slice(6)}-${dia.slice(3, 5)}-${dia.slice(0, 2)}`;
    const params = { beneficiario: String(b.id), dataObito: dia, documento: '123456 01 55 2026 4 00012 045 0012345-67' };
    const p = await preview('cancelamento-beneficiario', OBITO, params, op);
    expect(p.resumo).toMatch(
      new RegExp(
        `^O cadastro de ${b.nome} \\(${b.matricula}\\) será cancelado por óbito em ${dia.replace(/\//g, '\\/')} \\(motivo 44 do SIB\\), com o cartão ativo\\. (O dependente não é cancelado e precisa|Os ${b.deps} dependentes não são cancelados e precisam) de um novo titular \\(Pensionista ou Desvincular Matrícula\\)\\. Há \\d+ autorizaç(ão pendente ou válida|ões pendentes ou válidas) depois do óbito: confira com a auditoria\\.$`,
      ),
    );
    expect(p.amostra.filter((l) => l.startsWith('Dependente '))).toHaveLength(b.deps);
    expect(p.amostra.filter((l) => l.startsWith('Autorização ')).length).toBeGreaterThanOrEqual(b.auts);

    const j = await run('cancelamento-beneficiario', OBITO, params, op);
    expect(j.status, j.erro ?? '').toBe('concluida');
    const log = logOf(j);
    expect(log).toContain(`Cadastro de ${b.nome} (${b.matricula}) cancelado por óbito em ${dia} (motivo 44 do SIB); certidão ${params.documento}.`);
    expect(j.log.filter((l) => l.nivel === 'aviso' && l.mensagem.includes('precisa de um novo titular (Pensionista ou Desvincular Matrícula)'))).toHaveLength(b.deps);
    const [now] = await query<{ situacao: string; motivo_cancelamento: string; data_situacao: string }>(pjf.database.db, sql`select situacao, motivo_cancelamento, data_situacao::text from beneficiarios where id = ${b.id}`);
    expect(now).toEqual({ situacao: 'CANCELADO', motivo_cancelamento: '44', data_situacao: iso });
    const [dep] = await query<{ n: number }>(pjf.database.db, sql`select count(*)::int as n from beneficiarios where titular = ${b.id} and situacao = 'CANCELADO' and motivo_cancelamento = '44'`);
    expect(dep.n).toBe(0);
    const [card] = await query<{ situacao: string }>(pjf.database.db, sql`select situacao from cartoes where beneficiario_id = ${b.id}`);
    expect(card.situacao).toBe('CANCELADO');
    const [trail] = await query<{ depois: Record<string, unknown> }>(pjf.database.db, sql`select depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(b.id)} order by id desc limit 1`);
    expect(trail.depois).toMatchObject({ situacao: 'CANCELADO', motivoCancelamento: '44', dataSituacao: iso, certidaoObito: params.documento });

    // once cancelled, it cannot die again
    const again = await previewRefused('cancelamento-beneficiario', OBITO, params, op);
    expect(again).toMatchObject({ field: 'beneficiario', value: `O cadastro de ${b.nome} já está cancelado (óbito).` });
  });

  it('switches off the portal account of the deceased: the dependent demo user cannot sign in any more', async () => {
    const [d] = await query<{ id: number; nome: string; matricula: string }>(
      pjf.database.db,
      sql`select b.id, b.nome, b.matricula from beneficiarios b join usuarios u on u.beneficiario_id = b.id where u.login = 'dependente'`,
    );
    const params = { beneficiario: String(d.id), dataObito: '01/11/2026' };
    expect((await preview('cancelamento-beneficiario', OBITO, params, op)).resumo).toBe(
      `O cadastro de ${d.nome} (${d.matricula}) será cancelado por óbito em 01/11/2026 (motivo 44 do SIB), com o cartão ativo. O acesso ao portal (dependente) será desativado.`,
    );
    const j = await run('cancelamento-beneficiario', OBITO, params, op);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain('Acesso ao portal desativado: dependente.');
    const login = await pjf.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'dependente', password: 'Demo-2026' } });
    expect(login.statusCode).not.toBe(200);
    const [trail] = await query<{ depois: Record<string, unknown> }>(pjf.database.db, sql`select depois from trilha_eventos where entidade = 'usuario' order by id desc limit 1`);
    expect(trail.depois).toEqual({ ativo: false, motivo: 'Óbito do beneficiário' });
  });

  it('pjf does not have the copass processes (Migração de Plano, Pensionista)', async () => {
    for (const [tipo, comando] of [
      ['migracao-plano', '/util/processo/migracao'],
      ['pensionista', '/util/processo/pensionista'],
    ]) {
      const res = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros: {} } });
      expect(res.statusCode, comando).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
  });

  it('refuses a date in the future (both sides), before the birth or the adhesion; other clients do not have the command', async () => {
    const [b] = await query<{ id: number; nasc: string; adesao: string }>(
      pjf.database.db,
      sql`select id, data_nascimento::text as nasc, data_adesao::text as adesao from beneficiarios where situacao = 'ATIVO' and data_adesao > data_nascimento + 365 order by id limit 1`,
    );
    const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const fut = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'cancelamento-beneficiario', comando: OBITO, parametros: { beneficiario: String(b.id), dataObito: `01/01/${ano + 1}` } } });
    expect(alertsOf(fut.body)[0]).toMatchObject({ field: 'dataObito', value: 'A data do óbito não pode ser futura.' });
    const antesNasc = new Date(Date.parse(b.nasc) - 86_400_000).toISOString().slice(0, 10);
    expect(await previewRefused('cancelamento-beneficiario', OBITO, { beneficiario: String(b.id), dataObito: br(antesNasc) }, op)).toMatchObject({
      field: 'dataObito',
      value: `A data do óbito não pode ser anterior ao nascimento (${br(b.nasc)}).`,
    });
    const antesAdesao = new Date(Date.parse(b.adesao) - 86_400_000).toISOString().slice(0, 10);
    expect(await previewRefused('cancelamento-beneficiario', OBITO, { beneficiario: String(b.id), dataObito: br(antesAdesao) }, op)).toMatchObject({
      field: 'dataObito',
      value: `A data do óbito não pode ser anterior à adesão ao plano (${br(b.adesao)}).`,
    });
    // copass (the main app) does not have it
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'cancelamento-beneficiario', comando: OBITO, parametros: { beneficiario: String(b.id), dataObito: '01/01/2026' } } });
    expect(res.statusCode).toBe(403);
  });
});

const MIG = '/util/processo/migracao';

describe('migração de plano', () => {
  it('moves the beneficiaries of a plan in one company to another plan from a date: history with the run, trail, the rest untouched', async () => {
    const alvo = await one<{ origem: number; destino: number; empresa: number; n: number; fora: number; nome_origem: string; nome_destino: string }>(
      sql`select o.id as origem, d.id as destino, b.empresa, count(*)::int as n,
            (select count(*)::int from beneficiarios x where x.produto = o.id and x.situacao in ('ATIVO', 'SUSPENSO') and x.empresa is distinct from b.empresa) as fora,
            o.nome as nome_origem, d.nome as nome_destino
          from beneficiarios b join produtos o on o.id = b.produto
            join lateral (select id, nome from produtos d where (d.contratacao = 'INDIVIDUAL') = (o.contratacao = 'INDIVIDUAL') and d.ativo and d.id <> o.id order by d.id limit 1) d on true
          where b.situacao in ('ATIVO', 'SUSPENSO') and b.empresa is not null
          group by o.id, d.id, d.nome, b.empresa having count(*) >= 3 order by count(*) desc, o.id limit 1`,
    );
    expect(alvo, 'a plan with beneficiaries in a company, and another plan of the same kind').toBeDefined();
    const params = { origem: String(alvo.origem), destino: String(alvo.destino), alcance: 'EMPRESA', empresa: String(alvo.empresa), vigencia: '01/10/2026' };
    const p = await preview('migracao-plano', MIG, params);
    expect(p.total).toBe(alvo.n);
    expect(p.resumo).toMatch(new RegExp(`^${alvo.n} beneficiários passam do plano ${alvo.nome_origem} \\(ANS \\d{9}\\) para o ${alvo.nome_destino} \\(ANS \\d{9}\\) a partir de 01/10/2026; o plano anterior fica no histórico de mudanças de plano\\.$`));
    expect(p.amostra.length).toBe(Math.min(8, alvo.n));
    const ids = (await query<{ id: number; adesao: string }>(db(), sql`select id, data_adesao::text as adesao from beneficiarios where produto = ${alvo.origem} and empresa = ${alvo.empresa} and situacao in ('ATIVO', 'SUSPENSO') order by id`));

    const j = await run('migracao-plano', MIG, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`${alvo.n} beneficiários migrados para o plano ${alvo.nome_destino}`);
    const now = await query<{ id: number; produto: number }>(db(), sql`select id, produto from beneficiarios where id in (${sql.join(ids.map((r) => sql`${r.id}`), sql`, `)}) order by id`);
    expect(now.every((r) => r.produto === alvo.destino)).toBe(true);
    const hist = await query<{ beneficiario_id: number; produto_anterior: number; produto_novo: number; vigencia: string }>(
      db(),
      sql`select beneficiario_id, produto_anterior, produto_novo, vigencia::text from mudancas_plano where execucao_id = ${j.id} order by beneficiario_id`,
    );
    expect(hist).toEqual(ids.map((r) => ({ beneficiario_id: r.id, produto_anterior: alvo.origem, produto_novo: alvo.destino, vigencia: r.adesao > '2026-10-01' ? r.adesao : '2026-10-01' })));
    const [trail] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'beneficiario' and (depois->>'produto')::int = ${alvo.destino} and (antes->>'produto')::int = ${alvo.origem}`);
    expect(trail.n).toBe(alvo.n);
    // the plan's other beneficiaries stay where they were
    const [resto] = await query<{ n: number }>(db(), sql`select count(*)::int as n from beneficiarios where produto = ${alvo.origem} and situacao in ('ATIVO', 'SUSPENSO')`);
    expect(resto.n).toBe(alvo.fora);
    expect((await preview('migracao-plano', MIG, params)).resumo).toMatch(/^Nenhum beneficiário ativo ou suspenso do plano .+ nesta seleção\.$/);
  });

  it('refuses the same plan, a date in the future and a plan of another kind of contract, on the field', async () => {
    const planos = await query<{ id: number; nome: string; contratacao: string }>(db(), sql`select id, nome, contratacao from produtos where ativo order by id`);
    const a = planos[0];
    const b = planos.find((x) => (x.contratacao === 'INDIVIDUAL') !== (a.contratacao === 'INDIVIDUAL'))!;
    const same = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'migracao-plano', comando: MIG, parametros: { origem: String(a.id), destino: String(a.id), alcance: 'PLANO', vigencia: `01/01/${ano + 1}` } } });
    expect(alertsOf(same.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'destino', value: 'Escolha um plano diferente do atual.' }),
        expect.objectContaining({ field: 'vigencia', value: 'A data de início no novo plano não pode ser futura: rode a migração no dia.' }),
      ]),
    );
    const outro = await previewRefused('migracao-plano', MIG, { origem: String(a.id), destino: String(b.id), alcance: 'PLANO', vigencia: '01/10/2026' });
    expect(outro.field).toBe('destino');
    expect(outro.value).toMatch(new RegExp(`^O novo plano precisa ser, como o atual, (individual ou familiar|coletivo): ${b.nome} é .+\\.$`));
  });
});

const PEN = '/util/processo/pensionista';

describe('pensionista', () => {
  it('the demo has titulars of each class, pensioners among them, and families waiting for one', async () => {
    const classes = await query<{ classe: string | null; n: number }>(db(), sql`select classe, count(*)::int as n from beneficiarios where relacao_dependencia = '1' group by classe order by classe`);
    expect(classes.map((c) => c.classe)).toEqual(['A', 'E', 'I', 'P']);
    const [dep] = await query<{ n: number }>(db(), sql`select count(*)::int as n from beneficiarios where relacao_dependencia <> '1' and classe is not null`);
    expect(dep.n).toBe(0);
  });

  it('a spouse of a titular who died becomes the titular of class P, the children follow; shown on the record and in the trail', async () => {
    const d = await one<{ id: number; nome: string; matricula: string; titular: number; tnome: string; filhos: number }>(
      sql`select d.id, d.nome, d.matricula, d.titular, t.nome as tnome,
            (select count(*)::int from beneficiarios f where f.titular = t.id and f.id <> d.id and f.situacao <> 'CANCELADO') as filhos
          from beneficiarios d join beneficiarios t on t.id = d.titular
          where d.relacao_dependencia = '3' and d.situacao = 'ATIVO' and t.situacao = 'CANCELADO' and t.motivo_cancelamento = '44' order by d.id limit 1`,
    );
    expect(d, 'a seeded family waiting for its pensioner').toBeDefined();
    expect(d.filhos).toBeGreaterThanOrEqual(1);
    const params = { dependente: String(d.id), transferirDependentes: true };
    const p = await preview('pensionista', PEN, params);
    expect(p.resumo).toMatch(
      new RegExp(`^${d.nome} \\(${d.matricula}\\), cônjuge/companheiro\\(a\\) de ${d.tnome} \\(óbito em \\d{2}/\\d{2}/\\d{4}\\), passa a titular da classe P \\(pensionista\\), com a mesma matrícula e o mesmo plano\\. (O outro dependente ativo passa|Os ${d.filhos} demais dependentes ativos passam) para o grupo do pensionista\\.$`),
    );
    expect(p.total).toBe(d.filhos);
    const j = await run('pensionista', PEN, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`${d.nome} (${d.matricula}) passou a pensionista (classe P) no lugar de ${d.tnome}`);
    const rec = await operadora({ method: 'GET', url: `/api/beneficiarios/${d.id}` });
    expect(rec.json().result).toMatchObject({ classe: 'P', relacaoDependencia: '1', titular: null, matricula: d.matricula });
    const [filhos] = await query<{ n: number }>(db(), sql`select count(*)::int as n from beneficiarios where titular = ${d.id}`);
    expect(filhos.n).toBe(d.filhos);
    const [trail] = await query<{ depois: Record<string, unknown> }>(db(), sql`select depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(d.id)} order by id desc limit 1`);
    expect(trail.depois).toMatchObject({ relacaoDependencia: '1', classe: 'P', titular: null });
    // the list of beneficiaries filters by the class
    const lista = await operadora({ method: 'GET', url: `/api/recursos/beneficiarios?classe.eq=P&limit=200` });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(JSON.stringify(lista.json())).toContain(d.nome);

    expect(await previewRefused('pensionista', PEN, params)).toMatchObject({ field: 'dependente', value: `${d.nome} já é pensionista.` });
  });

  it('refuses the dependent of a living titular', async () => {
    const d = await one<{ id: number; tnome: string; tmat: string }>(
      sql`select d.id, t.nome as tnome, t.matricula as tmat from beneficiarios d join beneficiarios t on t.id = d.titular where d.situacao = 'ATIVO' and t.situacao = 'ATIVO' order by d.id limit 1`,
    );
    expect(await previewRefused('pensionista', PEN, { dependente: String(d.id) })).toMatchObject({
      field: 'dependente',
      value: `O titular ${d.tnome} (${d.tmat}) não está cancelado por óbito: registre o óbito antes de inscrever o pensionista.`,
    });
  });
});

const LOTE = '/util/processo/processo-alteracao-matricula';

describe('alteração de matrícula em lote (arquivo CSV)', () => {
  it('applies the good lines whole and reports each bad one with its line number, in the preview, the log and the result CSV', async () => {
    const ativos = await query<{ id: number; nome: string; matricula: string }>(
      db(),
      sql`select id, nome, matricula from beneficiarios where situacao = 'ATIVO' and matricula >= '0000003000' and id not in (select beneficiario_id from matriculas_anteriores) order by id limit 7`,
    );
    const cancelado = await one<{ nome: string; matricula: string }>(sql`select nome, matricula from beneficiarios where situacao = 'CANCELADO' order by id limit 1`);
    const [a, b, c, d, e, f, g] = ativos;
    const csv = [
      'matricula_anterior;matricula_nova',
      `${a.matricula};7100000001`,
      `${Number(b.matricula)};7100000002`, // the spreadsheet dropped the leading zeros
      'abc;123',
      `${c.matricula};7100000001`,
      '9999999999;7100000009',
      `${cancelado.matricula};7100000010`,
      `${d.matricula};${e.matricula}`,
      `${f.matricula}`,
      '',
      `${e.matricula};${e.matricula}`,
      `${g.matricula};${a.matricula}`, // a chain: the result would depend on the order of the lines
    ].join('\r\n');
    const arquivo = await sendFile(t.app, tokenOperadora, 'matriculas.csv', Buffer.from(`${csv}\r\n`, 'utf8'));
    const params = { motivo: 'Nova numeração funcional', arquivo };
    const erros = [
      'Linha 4: Matrícula "abc" inválida: use até 10 dígitos.',
      'Linha 5: A matrícula nova 7100000001 já aparece na linha 2.',
      'Linha 6: A matrícula 9999999999 não existe.',
      `Linha 7: O cadastro de ${cancelado.nome} está cancelado: a matrícula de um cadastro cancelado não muda.`,
      `Linha 8: A matrícula ${e.matricula} já é de ${e.nome}.`,
      'Linha 9: Informe a matrícula atual e a nova, separadas por ponto e vírgula (;).',
      `Linha 11: A matrícula nova é igual à atual (${e.matricula}).`,
      `Linha 12: A matrícula nova ${a.matricula} é a atual da linha 2: faça essa troca em outro arquivo.`,
    ];
    const p = await preview('alteracao-matricula-lote', LOTE, params);
    expect(p.resumo).toBe('2 matrículas serão alteradas; 8 linhas com erro não serão aplicadas.');
    expect(p.total).toBe(10);
    // up to ten lines: the errors first
    expect(p.amostra).toEqual([...erros, `Linha 2: ${a.matricula} → 7100000001 · ${a.nome}`, `Linha 3: ${b.matricula} → 7100000002 · ${b.nome}`].slice(0, 10));

    const j = await run('alteracao-matricula-lote', LOTE, params);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(j.log.filter((l) => l.nivel === 'aviso').map((l) => l.mensagem)).toEqual(erros);
    expect(logOf(j)).toContain('2 matrículas alteradas; 8 linhas não aplicadas. Motivo: Nova numeração funcional.');
    const now = await query<{ id: number; matricula: string }>(db(), sql`select id, matricula from beneficiarios where id in (${a.id}, ${b.id}, ${c.id}, ${d.id}, ${e.id}, ${f.id}, ${g.id}) order by id`);
    expect(Object.fromEntries(now.map((r) => [r.id, r.matricula]))).toEqual({
      [a.id]: '7100000001', [b.id]: '7100000002', [c.id]: c.matricula, [d.id]: d.matricula, [e.id]: e.matricula, [f.id]: f.matricula, [g.id]: g.matricula,
    });
    const hist = await query<{ beneficiario_id: number; matricula: string; matricula_nova: string }>(db(), sql`select beneficiario_id, matricula, matricula_nova from matriculas_anteriores where execucao_id = ${j.id} order by beneficiario_id`);
    expect(hist).toEqual([
      { beneficiario_id: a.id, matricula: a.matricula, matricula_nova: '7100000001' },
      { beneficiario_id: b.id, matricula: b.matricula, matricula_nova: '7100000002' },
    ]);
    const [trail] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'beneficiario' and depois->>'motivoAlteracaoMatricula' = 'Nova numeração funcional'`);
    expect(trail.n).toBe(2);
    // the result of every line, as the operator hands it back to HR
    const res = j.arquivos.find((x) => x.nome.startsWith('alteracao-matricula-'))!;
    const linhas = (await operadora({ method: 'GET', url: `/api/arquivos/${res.id}` })).rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).toBe('Linha;Matrícula anterior;Matrícula nova;Beneficiário;Resultado');
    expect(linhas.slice(1, 3)).toEqual([`2;${a.matricula};7100000001;${a.nome};alterada`, `3;${b.matricula};7100000002;${b.nome};alterada`]);
    expect(linhas).toHaveLength(1 + 10);
    expect(linhas[3]).toBe('4;abc;123;;"Matrícula ""abc"" inválida: use até 10 dígitos."');
  });

  it('refuses a run without a file, a file of no lines, and a file sent by someone else', async () => {
    const sem = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'alteracao-matricula-lote', comando: LOTE, parametros: { motivo: 'x' } } });
    expect(alertsOf(sem.body)[0]).toMatchObject({ field: 'arquivo', value: 'Escolha o arquivo a importar.' });
    const vazio = await sendFile(t.app, tokenOperadora, 'vazio.csv', Buffer.from('matricula_anterior;matricula_nova\r\n', 'utf8'));
    expect(await previewRefused('alteracao-matricula-lote', LOTE, { motivo: 'x', arquivo: vazio })).toMatchObject({ field: 'arquivo', value: 'O arquivo não tem nenhuma linha de matrícula.' });
    const admin = await loginAs(t.app, 'admin');
    const alheio = await sendFile(t.app, admin, 'outro.csv', Buffer.from('0000001000;7200000000\r\n', 'utf8'));
    expect(await previewRefused('alteracao-matricula-lote', LOTE, { motivo: 'x', arquivo: alheio })).toMatchObject({ field: 'arquivo', value: 'O arquivo enviado não foi encontrado: escolha-o de novo.' });
  });
});

describe('alteração de matrícula em lote: um arquivo de mais de um bloco', () => {
  it('renumbers every active beneficiary of the demo in one file (blocks of 200 lines), each in the history once', async () => {
    const todos = await query<{ id: number; matricula: string }>(db(), sql`select id, matricula from beneficiarios where situacao <> 'CANCELADO' order by id`);
    expect(todos.length).toBeGreaterThan(200);
    const csv = todos.map((b, i) => `${b.matricula};${String(8_000_000_000 + i)}`).join('\n');
    const arquivo = await sendFile(t.app, tokenOperadora, 'todos.csv', Buffer.from(`matricula_anterior;matricula_nova\n${csv}\n`, 'latin1'));
    const inicio = Date.now();
    const j = await run('alteracao-matricula-lote', LOTE, { motivo: 'Renumeração geral', arquivo });
    const ms = Date.now() - inicio;
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(logOf(j)).toContain(`${todos.length} matrículas alteradas; 0 linhas não aplicadas.`);
    const [n] = await query<{ n: number; distintas: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct beneficiario_id)::int as distintas from matriculas_anteriores where execucao_id = ${j.id}`,
    );
    expect(n).toEqual({ n: todos.length, distintas: todos.length });
    const [{ fora }] = await query<{ fora: number }>(db(), sql`select count(*)::int as fora from beneficiarios where situacao <> 'CANCELADO' and matricula not like '8%'`);
    expect(fora).toBe(0);
    console.info(`lote de ${todos.length} matrículas: ${ms} ms do envio ao fim`);
  });
});

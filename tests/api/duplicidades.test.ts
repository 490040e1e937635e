import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { JobDetail } from '../../src/shared/jobs';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Registrations of the same person (the demo has ten: six by CPF, four by name and birth date without CPF):
 * found, listed without changes, merged one by one (Unificação de Matrícula) and all at once (Tratar Duplicidade),
 * history moved to the kept registration, the other cancelled as an undue inclusion, everything in the trail.
 */

let t: TestApp;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
}, 120_000);
afterAll(() => t?.close());

const DUP = '/util/processo/tratar-duplicidade-beneficiarios';
const UNI = '/util/processo/unificacao-matricula';

async function run(tipo: string, comando: string, parametros: object): Promise<JobDetail> {
  const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  return waitForJob(operadora, res.json().result.id as number);
}
const preview = async (tipo: string, comando: string, parametros: object) => {
  const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; resumo: string; amostra: string[] };
};
const cancelados = async () => (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from beneficiarios where situacao = 'CANCELADO'`))[0].n;

describe('duplicidades de beneficiários', () => {
  it('finds the demo’s duplicates by CPF, by name and birth date, and by either', async () => {
    const cpf = await preview('tratar-duplicidade', DUP, { criterio: 'CPF', acao: 'RELATORIO' });
    const nome = await preview('tratar-duplicidade', DUP, { criterio: 'NOME_NASCIMENTO', acao: 'RELATORIO' });
    const ambos = await preview('tratar-duplicidade', DUP, { criterio: 'AMBOS', acao: 'RELATORIO' });
    expect(cpf.resumo).toMatch(/^6 grupos com 12 matrículas/);
    // the six by CPF share name and birth date too: found once each by either criterion
    expect(nome.resumo).toMatch(/^(\d+) grupos/);
    expect(Number(nome.resumo.match(/^(\d+)/)![1])).toBeGreaterThanOrEqual(10);
    expect(Number(ambos.resumo.match(/^(\d+)/)![1])).toBe(Number(nome.resumo.match(/^(\d+)/)![1]));
  });

  it('lists them without changing anything (CSV with the decision for each)', async () => {
    const antes = await cancelados();
    const j = await run('tratar-duplicidade', DUP, { criterio: 'CPF', acao: 'RELATORIO' });
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(await cancelados()).toBe(antes);
    const csv = (await operadora({ method: 'GET', url: `/api/arquivos/${j.arquivos[0].id}` })).rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('Grupo;Matrícula;Nome;CPF;Nascimento;Adesão;Situação;Decisão');
    expect(csv).toHaveLength(1 + 12);
    expect(csv.filter((l) => l.endsWith(';a manter'))).toHaveLength(6);
    expect(csv.filter((l) => /;unificar em \d{10}$/.test(l))).toHaveLength(6);
  });

  it('merges one registration into another: history moves, the other is cancelled (SIB 46), both in the trail', async () => {
    // a seeded pair whose second registration carries an authorization
    const [par] = await query<{ manter: number; unificar: number; mat: string }>(
      t.database.db,
      sql`select min(b.id) as manter, max(b.id) as unificar, max(b.matricula) as mat from beneficiarios b where b.cpf is not null
          group by b.cpf having count(*) = 2 and bool_or(exists (select 1 from autorizacoes a where a.beneficiario_id = b.id and b.id <> (select min(x.id) from beneficiarios x where x.cpf = b.cpf)))`,
    );
    expect(par).toBeDefined();
    const p = await preview('unificacao-matricula', UNI, { manter: String(par.manter), unificar: String(par.unificar) });
    expect(p.resumo).toMatch(new RegExp(`^A matrícula ${par.mat} será unificada na \\d{10} e cancelada\\.$`));
    const j = await run('unificacao-matricula', UNI, { manter: String(par.manter), unificar: String(par.unificar) });
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(j.log.map((l) => l.mensagem).join('\n')).toMatch(new RegExp(`Matrícula ${par.mat} unificada na \\d{10} \\(.+\\): 1 autorização\\.`));
    const [dup] = await query<{ situacao: string; motivo_cancelamento: string }>(t.database.db, sql`select situacao, motivo_cancelamento from beneficiarios where id = ${par.unificar}`);
    expect(dup).toEqual({ situacao: 'CANCELADO', motivo_cancelamento: '46' });
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from autorizacoes where beneficiario_id = ${par.unificar}`);
    expect(n).toBe(0);
    const trail = await query<{ registro_id: string }>(t.database.db, sql`select registro_id from trilha_eventos where entidade = 'beneficiario' and usuario_login = 'operadora' and registro_id in (${String(par.manter)}, ${String(par.unificar)})`);
    expect(trail.map((x) => Number(x.registro_id)).sort()).toEqual([par.manter, par.unificar].sort());
  });

  it('refuses the same registration twice, a cancelled one, and a user without the command', async () => {
    const same = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'unificacao-matricula', comando: UNI, parametros: { manter: '5', unificar: '5' } } });
    expect(alertsOf(same.body)[0]).toMatchObject({ field: 'unificar', value: 'Escolha duas matrículas diferentes.' });
    const [c] = await query<{ id: number; matricula: string }>(t.database.db, sql`select id, matricula from beneficiarios where situacao = 'CANCELADO' and motivo_cancelamento = '46' limit 1`);
    const j = await run('unificacao-matricula', UNI, { manter: '1', unificar: String(c.id) });
    expect(j.status).toBe('falhou');
    expect(j.erro).toBe(`A matrícula ${c.matricula} já está cancelada.`);
    const res = await beneficiario({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'tratar-duplicidade', comando: DUP, parametros: { criterio: 'CPF', acao: 'RELATORIO' } } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });

  it('merges every group at once into its oldest active registration, then finds none', async () => {
    const antes = await cancelados();
    const j = await run('tratar-duplicidade', DUP, { criterio: 'AMBOS', acao: 'UNIFICAR' });
    expect(j.status, j.erro ?? '').toBe('concluida');
    const feitas = Number(j.log.map((l) => l.mensagem).find((m) => m.includes('matrículas unificadas'))!.match(/^(\d+)/)![1]);
    expect(feitas).toBeGreaterThanOrEqual(9);
    expect(await cancelados()).toBe(antes + feitas);
    const depois = await preview('tratar-duplicidade', DUP, { criterio: 'AMBOS', acao: 'RELATORIO' });
    expect(depois.resumo).toMatch(/^(Nenhuma duplicidade encontrada|\d+ grupos? com .*análise manual)/);
  });
});

describe('desvincular matrícula', () => {
  const DES = '/util/processo/desvincula-matricula';
  it('previews and turns an active dependent into the titular of a family of its own, in the trail', async () => {
    const [d] = await query<{ id: number; nome: string; matricula: string; titular: number }>(
      t.database.db,
      sql`select b.id, b.nome, b.matricula, b.titular from beneficiarios b join usuarios u on true
          where b.titular is not null and b.situacao = 'ATIVO' and u.login = 'dependente' and b.id <> u.beneficiario_id order by b.id limit 1`,
    );
    const p = await preview('desvincula-matricula', DES, { dependente: String(d.id), motivo: 'Maioridade' });
    expect(p.resumo).toMatch(new RegExp(`^${d.nome} \\(${d.matricula}\\) deixa o grupo de .+ e passa a titular, com a mesma matrícula e o mesmo plano\\.$`));
    const j = await run('desvincula-matricula', DES, { dependente: String(d.id), motivo: 'Maioridade' });
    expect(j.status, j.erro ?? '').toBe('concluida');
    const [now] = await query<{ relacao_dependencia: string; titular: number | null }>(t.database.db, sql`select relacao_dependencia, titular from beneficiarios where id = ${d.id}`);
    expect(now).toEqual({ relacao_dependencia: '1', titular: null });
    const [trail] = await query<{ depois: { motivoDesvinculo: string } }>(t.database.db, sql`select depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(d.id)} order by id desc limit 1`);
    expect(trail.depois.motivoDesvinculo).toBe('Maioridade');
    // a titular has nothing to leave: refused on the field, in Portuguese
    const again = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'desvincula-matricula', comando: DES, parametros: { dependente: String(d.id), motivo: 'x' } } });
    expect(again.statusCode).toBe(400);
    expect(alertsOf(again.body)[0]).toMatchObject({ field: 'dependente', value: `${d.nome} já é titular: não há grupo familiar de que desvincular.` });
    const sem = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'desvincula-matricula', comando: DES, parametros: { dependente: String(d.id) } } });
    expect(alertsOf(sem.body)[0]).toMatchObject({ field: 'motivo', value: 'O campo Motivo é obrigatório.' });
  });
});

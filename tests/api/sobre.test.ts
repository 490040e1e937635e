import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import type { Sobre } from '../../src/shared/sobre';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Cadastro › Configurações › Sobre (GET /api/configuracoes/sobre, issue 17): the version of package.json, the client,
 * the environment (AMBIENTE, else what the process is), the database actually in use with its migrations, and the
 * official schemas and data shipped (files with their SHA-256, rows they fill); only for who holds analisecomsc on
 * autorizacao (spec §2.1).
 */

let t: TestApp;
const ROOT = join(import.meta.dirname, '../..');
const get = async (token?: string) => {
  const res = await as(t.app, token)({ method: 'GET', url: '/api/configuracoes/sobre' });
  return { status: res.statusCode, body: res.body, sobre: (res.statusCode === 200 ? res.json().result : undefined) as Sobre };
};
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('Sobre', () => {
  it('tells the version, client, environment and the database in use, with its applied migrations', async () => {
    const { status, body, sobre } = await get(await loginAs(t.app, 'admin'));
    expect(status, body).toBe(200);
    expect(sobre.versao).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(sobre.cliente).toEqual({ id: t.ctx.settings.id, nome: t.ctx.settings.nome });
    expect(sobre.ambiente).toBe('Testes automatizados');
    // run from the sources (tsx, vitest): no build date nor commit to tell
    expect(sobre.compilacao).toBeNull();
    expect(sobre.commit).toBeNull();
    expect(sobre.node).toBe(process.versions.node);
    expect(sobre.papel).toBe('API e execução de processos');

    expect(sobre.banco.tipo).toBe(process.env.PG_TEST_URL ? 'PostgreSQL' : 'PGlite');
    const [{ server_version }] = await query<{ server_version: string }>(t.database.db, sql`show server_version`);
    expect(sobre.banco.versao).toBe(server_version);
    expect(sobre.banco.versao).toMatch(/^\d+(\.\d+)?/);
    const journal = JSON.parse(readFileSync(join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8')).entries as { tag: string }[];
    const arquivos = readdirSync(join(ROOT, 'src/server/db/migrations')).filter((f) => f.endsWith('.sql')).sort();
    expect(sobre.banco.migracoes).toBe(arquivos.length);
    expect(sobre.banco.pendentes).toBe(0);
    expect(`${sobre.banco.ultimaMigracao}.sql`).toBe(arquivos.at(-1));
    expect(sobre.banco.ultimaMigracao).toBe(journal.at(-1)!.tag);
  });

  it('lists the official schemas and data with licence, origin and the SHA-256 of every shipped file', async () => {
    const { sobre } = await get(await loginAs(t.app, 'operadora'));
    expect(sobre.fontes.map((f) => f.id)).toEqual(['tiss-4.03.00', 'tiss-4.01.00', 'tiss-monitoramento-1.01.00', 'tuss-22', 'cid-10']);
    for (const f of sobre.fontes) {
      expect(f.licenca.length, f.id).toBeGreaterThan(40);
      expect(f.origem, f.id).toMatch(/commit [0-9a-f]{7}|ANS/);
      expect(f.arquivos.length, f.id).toBeGreaterThan(0);
    }
    // every schema file of each TISS folder, hashed apart here
    for (const [id, pasta] of [['tiss-4.03.00', '4.03.00'], ['tiss-4.01.00', '4.01.00'], ['tiss-monitoramento-1.01.00', 'monitoramento-1.01.00']]) {
      const dir = join(ROOT, 'src/server/tiss/xsd', pasta);
      const esperado = readdirSync(dir).sort().map((nome) => ({ nome, bytes: readFileSync(join(dir, nome)).length, sha256: sha256(join(dir, nome)) }));
      expect(sobre.fontes.find((f) => f.id === id)!.arquivos, id).toEqual(esperado);
      expect(sobre.fontes.find((f) => f.id === id)!.licenca, id).toContain('CC BY-ND 3.0');
    }
    expect(sobre.fontes.find((f) => f.id === 'tiss-4.03.00')!.arquivos.map((a) => a.nome)).toContain('tissV4_03_00.xsd');
    const tuss = sobre.fontes.find((f) => f.id === 'tuss-22')!;
    expect(tuss.arquivos).toEqual([{ nome: 'tuss-22-procedimentos.csv', bytes: expect.any(Number), sha256: sha256(join(ROOT, 'src/server/db/seed/dados/tuss-22-procedimentos.csv')) }]);
    const [{ n: procedimentos }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from procedimentos`);
    expect(tuss.registros).toBe(procedimentos);
    expect(procedimentos).toBeGreaterThan(5000);
  });

  it('counts the rows each source fills as they are now, and names the environment the installation sets', async () => {
    const admin = await loginAs(t.app, 'admin');
    const antes = (await get(admin)).sobre.fontes.find((f) => f.id === 'cid-10')!.registros!;
    expect(antes).toBeGreaterThan(0);
    await query(t.database.db, sql`insert into cids (codigo, descricao) values ('U999', 'Código de teste da tela Sobre')`);
    expect((await get(admin)).sobre.fontes.find((f) => f.id === 'cid-10')!.registros).toBe(antes + 1);
    await t.configure({ AMBIENTE: 'Homologação' });
    expect((await get(admin)).sobre.ambiente).toBe('Homologação');
  });

  it('is refused without analisecomsc on autorizacao, and without a session', async () => {
    for (const login of ['auditor', 'prestador', 'beneficiario', 'ouvidoria']) expect((await get(await loginAs(t.app, login))).status, login).toBe(403);
    expect((await get()).status).toBe(401);
  });
});

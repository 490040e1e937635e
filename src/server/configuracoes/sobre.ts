import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FONTES, type ArquivoFonte, type FonteOficial, type Sobre } from '../../shared/sobre';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { MIGRATIONS_DIR, ROOT } from '../paths';

/** Set by scripts/build-server.mjs (esbuild `define`) in the bundle `npm start` runs; absent under tsx and in tests. */
declare const __BUILD__: { data: string; commit: string | null } | undefined;
const BUILD = typeof __BUILD__ === 'undefined' ? null : __BUILD__;

const VERSAO = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const INICIADO_EM = new Date().toISOString();
const PAPEL = { all: 'API e execução de processos', api: 'Somente API', worker: 'Somente execução de processos' } as const;

/** The environment's name: AMBIENTE when the installation sets it, else what the process itself tells. */
export function ambienteDe(config: AppContext['config'], env: NodeJS.ProcessEnv = process.env): string {
  if (config.ambiente) return config.ambiente;
  if (env.NODE_ENV === 'test') return 'Testes automatizados';
  return BUILD ? 'Não informado (defina AMBIENTE: produção, homologação, treinamento…)' : 'Desenvolvimento (executando do código-fonte)';
}

let arquivos: Map<string, ArquivoFonte[]> | null = null;
/** Each source's files with size and SHA-256, read once: they ship with the release and never change under it. */
function arquivosDasFontes(): Map<string, ArquivoFonte[]> {
  if (!arquivos) {
    arquivos = new Map();
    for (const f of FONTES) {
      const dir = join(ROOT, f.pasta);
      const nomes = f.arquivos ?? readdirSync(dir).filter((n) => !n.startsWith('.')).sort();
      arquivos.set(
        f.id,
        nomes.map((nome) => {
          const bytes = readFileSync(join(dir, nome));
          return { nome, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
        }),
      );
    }
  }
  return arquivos;
}

const JOURNAL = (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries;

async function banco(db: Db, postgres: boolean): Promise<Sobre['banco']> {
  const [v] = await query<{ server_version: string }>(db, sql`show server_version`);
  // drizzle's migrators (PGlite and node-postgres alike) record each applied migration in drizzle.__drizzle_migrations
  const [m] = await query<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const aplicadas = m?.n ?? 0;
  return {
    tipo: postgres ? 'PostgreSQL' : 'PGlite',
    versao: v?.server_version ?? '',
    migracoes: aplicadas,
    ultimaMigracao: aplicadas > 0 ? (JOURNAL[aplicadas - 1]?.tag ?? null) : null,
    pendentes: Math.max(0, JOURNAL.length - aplicadas),
  };
}

/** What the about screen shows: the installation, its database and the official sources it ships. */
export async function sobre(ctx: AppContext): Promise<Sobre> {
  const { db, config, settings } = ctx;
  const porFonte = arquivosDasFontes();
  const contagens = new Map<string, number>();
  for (const tabela of new Set(FONTES.flatMap((f) => (f.tabela ? [f.tabela] : [])))) {
    const [r] = await query<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(tabela)}`);
    contagens.set(tabela, r?.n ?? 0);
  }
  const fontes: FonteOficial[] = FONTES.map(({ pasta: _p, arquivos: _a, tabela, ...f }) => ({
    ...f,
    arquivos: porFonte.get(f.id) ?? [],
    ...(tabela ? { registros: contagens.get(tabela) ?? 0 } : {}),
  }));
  return {
    versao: VERSAO,
    commit: BUILD?.commit ?? null,
    compilacao: BUILD?.data ?? null,
    cliente: { id: settings.id, nome: settings.nome },
    ambiente: ambienteDe(config),
    banco: await banco(db, !!config.databaseUrl),
    papel: PAPEL[config.role],
    node: process.versions.node,
    iniciadoEm: INICIADO_EM,
    fontes,
  };
}

export function configuracoesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/configuracoes/sobre', { config: { access: { command: '/cadastro/configuracoes/about' } } }, async () => ({ result: await sobre(ctx) }));
}

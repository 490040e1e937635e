import { isClientCode, type ClientCode } from '../shared/clients';

/** Server settings from the environment, read once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; absent = embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  client: ClientCode;
  tokenTtlHours: number;
  /** Failed logins allowed per login (and per address ×4) within the window. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Size of the generated demo data (people, requests); 'demo' for the product, 'test' for tests. */
  seedSize: 'test' | 'demo' | 'bench';
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const client = env.CLIENT ?? 'copass';
  if (!isClientCode(client)) throw new Error(`CLIENT inválido: ${client}`);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data/pglite',
    client,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 12),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginWindowMinutes: Number(env.LOGIN_WINDOW_MINUTES ?? 15),
    seedSize: (env.SEED_SIZE as ServerConfig['seedSize']) ?? 'demo',
  };
}

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
  /** 'all' serves the API and runs jobs; 'api' only serves; 'worker' only runs jobs (another process, PostgreSQL). */
  role: 'all' | 'api' | 'worker';
  /** Runs one process works on at once (default 1 on PGlite, 2 per process on PostgreSQL). */
  jobConcurrency: number;
  /** A running job not heard from in this many seconds is taken as dead (its worker stopped): at least 10. */
  jobHeartbeatSeconds: number;
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
    role: env.ROLE === 'worker' || env.ROLE === 'api' ? env.ROLE : 'all',
    // the embedded database has one connection and shares the API's thread: one run at a time keeps the office served
    jobConcurrency: Math.max(1, Math.min(16, Number(env.JOB_CONCURRENCY ?? (env.DATABASE_URL ? 2 : 1)) || 1)),
    jobHeartbeatSeconds: Math.max(10, Number(env.JOB_HEARTBEAT_SECONDS ?? 30) || 30),
  };
}

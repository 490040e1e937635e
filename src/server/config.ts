import { passwordHashN } from './auth/passwords';
import { FLAG_KEYS, isClientCode, type ClientCode, type FlagKey } from '../shared/clients';

/** Server settings from the environment, read once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; absent = embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  client: ClientCode;
  tokenTtlHours: number;
  /** A session unused for this long ends (besides the absolute tokenTtlHours). */
  sessionIdleMinutes: number;
  /** Free failed attempts per account × address before waits start (per address ×4, per account from unknown addresses ×2). */
  loginMaxFailures: number;
  /** A throttling key quiet for this long is forgotten. */
  loginWindowMinutes: number;
  /** The first wait after the free attempts; it doubles with each further attempt, up to loginMaxDelayMinutes. */
  loginDelaySeconds: number;
  loginMaxDelayMinutes: number;
  /** Fastify trustProxy: which proxies' X-Forwarded-For gives the client address (false: the socket's address). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** scrypt cost (N): 2^17 (OWASP); lower only under NODE_ENV=test (PASSWORD_HASH_N), so tests that log in often stay fast. */
  passwordHashN: number;
  /** Size of the generated demo data (people, requests); 'demo' for the product, 'test' for tests. */
  seedSize: 'test' | 'demo' | 'bench';
  /** 'all' serves the API and runs jobs; 'api' only serves; 'worker' only runs jobs (another process, PostgreSQL). */
  role: 'all' | 'api' | 'worker';
  /** Runs one process works on at once (default 1 on PGlite, 2 per process on PostgreSQL). */
  jobConcurrency: number;
  /** A running job not heard from in this many seconds is taken as dead (its worker stopped): at least 10. */
  jobHeartbeatSeconds: number;
  /** The mail server the outbox sends through; absent: messages wait in the outbox ("pendente"). */
  smtp?: SmtpConfig;
  /** The CMIS document repository (browser binding) the documents go to; absent: they wait in the queue ("pendente"). */
  cmis?: CmisConfig;
  /** Client switches this installation turns on beyond the client's defaults (FLAGS_ON, comma separated). */
  flagsOn: FlagKey[];
  /** HTTPS served by this process (TLS_CERT_FILE and TLS_KEY_FILE: PEM files, read at boot). */
  tls?: { cert: string; key: string };
  /** The browser reaches the portal over HTTPS (TLS here, or TLS_PROXY=1: a proxy in front terminates it): answers carry HSTS. */
  https: boolean;
  /** The installation's name for its environment (AMBIENTE: produção, homologação, treinamento…), shown on the about screen. */
  ambiente?: string;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** 'tls' from the first byte (port 465); 'starttls' upgrades the plain connection, and is required then; 'none' sends in the clear. */
  secure: 'tls' | 'starttls' | 'none';
  user?: string;
  pass?: string;
  /** The sender's address (From:). */
  from: string;
}

function readSmtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = Number(env.SMTP_PORT ?? 587);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`SMTP_PORT inválida: ${env.SMTP_PORT}`);
  const secure = env.SMTP_SECURE ?? (port === 465 ? 'tls' : 'starttls');
  if (secure !== 'tls' && secure !== 'starttls' && secure !== 'none') throw new Error(`SMTP_SECURE inválido: ${secure} (tls, starttls ou none)`);
  const from = env.SMTP_FROM?.trim();
  // fail at boot, not at the first message: a sender is part of the setting
  if (!from || !/^[^\s@<>]+@[^\s@<>]+$/.test(from)) throw new Error('SMTP_FROM (o endereço do remetente) é obrigatório quando SMTP_HOST está definido.');
  return { host, port, secure, user: env.SMTP_USER || undefined, pass: env.SMTP_PASS || undefined, from };
}

export interface CmisConfig {
  /** The browser binding's service URL (CMIS 1.1), e.g. https://ged.exemplo.com.br/cmis/browser. */
  url: string;
  /** The repository id; absent: the first the service answers. */
  repositorio?: string;
  usuario?: string;
  senha?: string;
  /** The folder (from the repository's root) the portal's documents go under. */
  pasta: string;
}

function readCmis(env: NodeJS.ProcessEnv): CmisConfig | undefined {
  const url = env.CMIS_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Error(`CMIS_URL inválida: ${url} (http:// ou https://)`);
  const pasta = (env.CMIS_PASTA?.trim() || '/Portal').replace(/\/+$/, '');
  if (!pasta.startsWith('/')) throw new Error(`CMIS_PASTA inválida: ${pasta} (um caminho a partir da raiz, como /Portal)`);
  return { url: url.replace(/\/+$/, ''), repositorio: env.CMIS_REPOSITORIO?.trim() || undefined, usuario: env.CMIS_USUARIO || undefined, senha: env.CMIS_SENHA || undefined, pasta };
}

/** A switch the product does not know is a typo that would silently do nothing: refused at boot. */
function readFlags(v: string | undefined): FlagKey[] {
  const keys = (v ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  for (const k of keys) if (!(FLAG_KEYS as readonly string[]).includes(k)) throw new Error(`FLAGS_ON: chave desconhecida ${k}`);
  return keys as FlagKey[];
}

/** A positive number setting (a whole one for counts), refused at boot when it is not one. */
function positive(env: NodeJS.ProcessEnv, name: string, dflt: number, whole = false): number {
  const v = env[name] === undefined || env[name] === '' ? dflt : Number(env[name]);
  if (!Number.isFinite(v) || v <= 0 || (whole && !Number.isInteger(v))) throw new Error(`${name} inválido: ${env[name]}`);
  return v;
}

/** TRUST_PROXY: 'true' (any proxy: only behind one that overwrites X-Forwarded-For), a hop count, or addresses/CIDRs separated by commas. */
function readTrustProxy(v: string | undefined): ServerConfig['trustProxy'] {
  const s = v?.trim() ?? '';
  if (!s || s === 'false') return false;
  if (s === 'true') return true;
  if (/^\d+$/.test(s)) {
    const hops = Number(s);
    return (_address, hop) => hop < hops;
  }
  return s.split(',').map((a) => a.trim()).filter(Boolean);
}

/** Both files or neither: half a TLS setting would silently serve plain HTTP. */
function readTls(env: NodeJS.ProcessEnv): ServerConfig['tls'] {
  const cert = env.TLS_CERT_FILE?.trim();
  const key = env.TLS_KEY_FILE?.trim();
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error('TLS_CERT_FILE e TLS_KEY_FILE são exigidos juntos (certificado e chave PEM).');
  return { cert, key };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const client = env.CLIENT ?? 'copass';
  const tls = readTls(env);
  if (!isClientCode(client)) throw new Error(`CLIENT inválido: ${client}`);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data/pglite',
    client,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 12),
    sessionIdleMinutes: positive(env, 'SESSION_IDLE_MINUTES', 30),
    loginMaxFailures: positive(env, 'LOGIN_MAX_FAILURES', 5, true),
    loginWindowMinutes: positive(env, 'LOGIN_WINDOW_MINUTES', 24 * 60),
    loginDelaySeconds: positive(env, 'LOGIN_DELAY_SECONDS', 60),
    loginMaxDelayMinutes: positive(env, 'LOGIN_MAX_DELAY_MINUTES', 60),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    passwordHashN: passwordHashN(env),
    seedSize: (env.SEED_SIZE as ServerConfig['seedSize']) ?? 'demo',
    role: env.ROLE === 'worker' || env.ROLE === 'api' ? env.ROLE : 'all',
    // the embedded database has one connection and shares the API's thread: one run at a time keeps the office served
    jobConcurrency: Math.max(1, Math.min(16, Number(env.JOB_CONCURRENCY ?? (env.DATABASE_URL ? 2 : 1)) || 1)),
    jobHeartbeatSeconds: Math.max(10, Number(env.JOB_HEARTBEAT_SECONDS ?? 30) || 30),
    smtp: readSmtp(env),
    cmis: readCmis(env),
    flagsOn: readFlags(env.FLAGS_ON),
    tls,
    https: !!tls || env.TLS_PROXY === '1',
    ambiente: env.AMBIENTE?.trim().slice(0, 60) || undefined,
  };
}

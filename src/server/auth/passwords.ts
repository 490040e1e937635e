import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt parameters (Password Storage Cheat Sheet): N=2^17, r=8, p=1. */
export const OWASP_SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** Stored hashes above this cost are refused rather than computed (a corrupt row must not take the server's memory). */
const MAX_N = 2 ** 20;

/**
 * The cost new hashes get: 2^17, or PASSWORD_HASH_N under NODE_ENV=test only (test suites log in hundreds of times;
 * 2^17 costs ~0.7 s and 128 MiB each). One reading, used by the config and by the seed.
 */
export function passwordHashN(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV !== 'test') return OWASP_SCRYPT_N;
  const n = Number(env.PASSWORD_HASH_N ?? 2 ** 14);
  if (!Number.isInteger(Math.log2(n)) || n < 2 ** 10 || n > OWASP_SCRYPT_N) throw new Error(`PASSWORD_HASH_N inválido: ${env.PASSWORD_HASH_N}`);
  return n;
}

/**
 * At most two hashes at once per process: each takes 128·N·r bytes (128 MiB at 2^17), so a burst of logins queues
 * here instead of exhausting memory (and the libuv pool the file system also uses).
 */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  // Node's default maxmem (32 MiB) refuses N=2^17: allow what these parameters need, with room
  const maxmem = 256 * (opts.N ?? 0) * (opts.r ?? R) * (opts.p ?? P);
  return limited(() => new Promise((resolve, reject) => scrypt(password, salt, keylen, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key)))));
}

interface Parsed { n: number; r: number; p: number; salt: Buffer; key: Buffer }

/** scrypt$N$r$p$salt$hash (base64): the parameters travel with the hash, so older hashes still verify. */
function parse(stored: string): Parsed | undefined {
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !keyB64) return undefined;
  const parsed = { n: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
  if (!Number.isInteger(Math.log2(parsed.n)) || parsed.n > MAX_N || parsed.r < 1 || parsed.r > 32 || parsed.p < 1 || parsed.p > 4 || parsed.key.length < 16) return undefined;
  return parsed;
}

/** Passwords are never stored or logged in clear. */
export async function hashPassword(password: string, n: number = passwordHashN()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { N: n, r: R, p: P });
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const key = await scryptAsync(password, h.salt, h.key.length, { N: h.n, r: h.r, p: h.p });
  return timingSafeEqual(key, h.key);
}

/** Whether a hash was made with other parameters than today's: rehashed at the next successful login. */
export function needsRehash(stored: string, n: number): boolean {
  const h = parse(stored);
  return !h || h.n !== n || h.r !== R || h.p !== P || h.key.length !== KEYLEN;
}

const dummies = new Map<number, Promise<string>>();
/** A hash at today's cost to compare against when the login does not exist, so timing does not reveal it. */
export function dummyHash(n: number): Promise<string> {
  let d = dummies.get(n);
  if (!d) dummies.set(n, (d = hashPassword(randomBytes(16).toString('base64'), n)));
  return d;
}

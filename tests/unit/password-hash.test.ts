import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, OWASP_SCRYPT_N, passwordHashN, verifyPassword } from '../../src/server/auth/passwords';
import { readConfig } from '../../src/server/config';

describe('password hashing (scrypt, OWASP parameters)', () => {
  it('uses N=2^17 outside tests, whatever PASSWORD_HASH_N says', () => {
    expect(OWASP_SCRYPT_N).toBe(131_072);
    expect(passwordHashN({ NODE_ENV: 'production', PASSWORD_HASH_N: '1024' })).toBe(131_072);
    expect(passwordHashN({})).toBe(131_072);
    expect(readConfig({ NODE_ENV: 'production' }).passwordHashN).toBe(131_072);
    // a lower cost only under NODE_ENV=test, and never a nonsense one
    expect(passwordHashN({ NODE_ENV: 'test' })).toBe(16_384);
    expect(() => passwordHashN({ NODE_ENV: 'test', PASSWORD_HASH_N: '1000' })).toThrow(/PASSWORD_HASH_N/);
  });

  it('hashes at 2^17 within the memory limit, stores the parameters and verifies', { timeout: 30_000 }, async () => {
    const h = await hashPassword('Demo-2026', OWASP_SCRYPT_N);
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('Demo-2026', h)).toBe(true);
    expect(await verifyPassword('demo-2026', h)).toBe(false);
    expect(needsRehash(h, OWASP_SCRYPT_N)).toBe(false);
  });

  it('asks for a rehash of hashes made with other parameters, and refuses corrupt ones', async () => {
    const old = await hashPassword('x', 2 ** 14);
    expect(needsRehash(old, OWASP_SCRYPT_N)).toBe(true);
    expect(await verifyPassword('x', old)).toBe(true);
    // a stored cost beyond reason is refused rather than computed
    expect(await verifyPassword('x', old.replace('$16384$', '$1073741824$'))).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(needsRehash('md5$abc', OWASP_SCRYPT_N)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and reads addresses, hop counts or true', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = readConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, i: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });

  it('refuses a nonsense throttling or idle setting at boot', () => {
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => readConfig({ LOGIN_MAX_FAILURES: 'x' })).toThrow(/LOGIN_MAX_FAILURES/);
    expect(() => readConfig({ LOGIN_MAX_FAILURES: '2.5' })).toThrow(/LOGIN_MAX_FAILURES/);
    expect(readConfig({ LOGIN_MAX_FAILURES: '100000' }).loginMaxFailures).toBe(100_000);
  });
});

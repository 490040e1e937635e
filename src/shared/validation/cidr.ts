/**
 * IP addresses and networks (CIDR) of the access rules, IPv4 and IPv6, parsed to integers: the same code checks what
 * the administrator types (on the screen and on the server) and matches the client's address on every request.
 * Strict on purpose: no octal-looking octets (010), no zone ids, no host bits beyond the prefix.
 */

export interface IpAddr {
  v: 4 | 6;
  n: bigint;
}

export interface Cidr extends IpAddr {
  bits: number;
}

function ipv4(s: string): bigint | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function ipv6(s: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || s.length > 45) return undefined;
  let tail: bigint | undefined;
  let text = s;
  // an IPv4 tail (::ffff:192.0.2.1) is two groups
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tail = ipv4(text.slice(lastColon + 1));
    if (tail === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const group = (h: string) => (h === '' ? [] : h.split(':'));
  const head = group(halves[0]);
  const rest = halves.length === 2 ? group(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tail !== undefined) n = (n & ~0xffffffffn) | tail;
  return n;
}

/** An address as a client has it: IPv4, or IPv6 (an IPv4-mapped one, ::ffff:a.b.c.d, is taken as the IPv4 it maps). */
export function parseIp(s: string): IpAddr | undefined {
  const t = s.trim();
  const v4 = ipv4(t);
  if (v4 !== undefined) return { v: 4, n: v4 };
  const v6 = ipv6(t);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { v: 4, n: v6 & 0xffffffffn };
  return { v: 6, n: v6 };
}

const width = (v: 4 | 6) => (v === 4 ? 32 : 128);
const mask = (v: 4 | 6, bits: number) => ((1n << BigInt(width(v))) - 1n) ^ ((1n << BigInt(width(v) - bits)) - 1n);

export type CidrResult = { ok: true; cidr: Cidr } | { ok: false; hostBits?: string };

/** 'a.b.c.d/n', an IPv6 network, or a bare address (one host). Host bits set beyond the prefix are refused, with the network meant. */
export function parseCidr(s: string): CidrResult {
  const [addr, prefix, extra] = s.trim().split('/');
  if (extra !== undefined || !addr) return { ok: false };
  const ip = parseIp(addr);
  // the mapped form is only for addresses: a network is written in its own family
  if (!ip || (ip.v === 4 && addr.includes(':'))) return { ok: false };
  let bits = width(ip.v);
  if (prefix !== undefined) {
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > width(ip.v)) return { ok: false };
    bits = Number(prefix);
  }
  const net = ip.n & mask(ip.v, bits);
  if (net !== ip.n) return { ok: false, hostBits: `${formatIp({ v: ip.v, n: net })}/${bits}` };
  return { ok: true, cidr: { v: ip.v, n: net, bits } };
}

export function formatIp(ip: IpAddr): string {
  if (ip.v === 4) return [24n, 16n, 8n, 0n].map((s) => String((ip.n >> s) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((ip.n >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  // the longest run of zero groups becomes '::'
  let best = [-1, 0];
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best[1] && j - i > 1) best = [i, j - i];
    i = j;
  }
  if (best[0] < 0) return groups.join(':');
  return `${groups.slice(0, best[0]).join(':')}::${groups.slice(best[0] + best[1]).join(':')}`;
}

export const formatCidr = (c: Cidr) => `${formatIp(c)}/${c.bits}`;

export function cidrContains(c: Cidr, ip: IpAddr): boolean {
  return c.v === ip.v && (ip.n & mask(c.v, c.bits)) === c.n;
}

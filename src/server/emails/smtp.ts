import { randomUUID } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import type { SmtpConfig } from '../config';

/**
 * A small SMTP client (RFC 5321) over node:net/tls: one connection carries a batch of messages (EHLO once, then
 * MAIL/RCPT/DATA per message, RSET after a refused one). Plain-text UTF-8 messages, base64-encoded, so any accent
 * survives any relay. No dependency: the outbox needs only this much.
 */

export interface Mensagem {
  para: string;
  assunto: string;
  corpo: string;
}

/** A failure the user reads (pt-BR, with the server's own answer). `conexao`: the connection is gone, stop the batch. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly conexao: boolean,
  ) {
    super(message);
  }
}

export interface SmtpSession {
  send(m: Mensagem): Promise<void>;
  close(): Promise<void>;
}

interface Reply {
  code: number;
  text: string;
}

const TIMEOUT_MS = 20_000;
const LOCAL = new Set(['127.0.0.1', '::1', 'localhost']);

/** Reads replies (possibly multi-line: "250-…" until "250 …") from a socket that may be swapped for its TLS wrapper. */
class Conn {
  private buf = '';
  private replies: Reply[] = [];
  private pending: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private lines: string[] = [];
  private readonly onData = (chunk: Buffer) => this.feed(chunk.toString('utf8'));
  private readonly onError = (err: Error) => this.fail(new SmtpError(`Falha na conexão com o servidor de e-mail: ${err.message}`, true));
  private readonly onClose = () => this.fail(new SmtpError('O servidor de e-mail encerrou a conexão.', true));
  private readonly onTimeout = () => {
    this.fail(new SmtpError('O servidor de e-mail não respondeu a tempo.', true));
    this.socket.destroy();
  };

  constructor(public socket: net.Socket) {
    this.attach(socket);
  }

  attach(s: net.Socket) {
    this.socket = s;
    s.setTimeout(TIMEOUT_MS);
    s.on('data', this.onData).on('error', this.onError).on('close', this.onClose).on('timeout', this.onTimeout);
  }

  detach() {
    this.socket.off('data', this.onData).off('error', this.onError).off('close', this.onClose).off('timeout', this.onTimeout);
  }

  private feed(text: string) {
    this.buf += text;
    let i: number;
    while ((i = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, i).replace(/\r$/, '');
      this.buf = this.buf.slice(i + 1);
      this.lines.push(line);
      // "250-" continues the reply, "250 " (or a bare code) ends it
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.map((l) => l.slice(4)).join(' ').trim() };
        this.lines = [];
        if (this.pending) {
          const p = this.pending;
          this.pending = null;
          p.resolve(reply);
        } else this.replies.push(reply);
      }
    }
  }

  private fail(err: Error) {
    if (this.failure) return;
    this.failure = err;
    this.pending?.reject(err);
    this.pending = null;
  }

  read(): Promise<Reply> {
    const r = this.replies.shift();
    if (r) return Promise.resolve(r);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  async command(line: string | null, expect: number[], oQue: string): Promise<Reply> {
    if (line != null) this.socket.write(`${line}\r\n`);
    const reply = await this.read();
    if (!expect.includes(reply.code)) throw new SmtpError(`O servidor de e-mail recusou ${oQue}: ${reply.code} ${reply.text}`.trim(), reply.code === 421);
    return reply;
  }
}

function connect(cfg: SmtpConfig): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => (err ? reject(new SmtpError(`Não foi possível conectar ao servidor de e-mail ${cfg.host}:${cfg.port}: ${err.message}`, true)) : resolve(s));
    const s: net.Socket =
      cfg.secure === 'tls'
        ? tls.connect({ host: cfg.host, port: cfg.port, servername: net.isIP(cfg.host) ? undefined : cfg.host }, () => done())
        : net.connect({ host: cfg.host, port: cfg.port }, () => done());
    s.once('error', done);
    s.setTimeout(TIMEOUT_MS, () => {
      s.destroy();
      done(new Error('tempo esgotado'));
    });
  });
}

const ehloName = (cfg: SmtpConfig) => cfg.from.split('@')[1] ?? 'localhost';

/** Opens a session: greeting, EHLO, STARTTLS when asked, AUTH when a user is set. */
export async function openSmtp(cfg: SmtpConfig): Promise<SmtpSession> {
  const socket = await connect(cfg);
  const conn = new Conn(socket);
  let secured = cfg.secure === 'tls';
  try {
    await conn.command(null, [220], 'a conexão');
    let ehlo = await conn.command(`EHLO ${ehloName(cfg)}`, [250], 'a saudação (EHLO)');
    if (cfg.secure === 'starttls') {
      if (!/\bSTARTTLS\b/i.test(ehlo.text)) throw new SmtpError('O servidor de e-mail não oferece STARTTLS (use SMTP_SECURE=tls, ou none numa rede confiável).', true);
      await conn.command('STARTTLS', [220], 'o STARTTLS');
      conn.detach();
      const upgraded = await new Promise<tls.TLSSocket>((resolve, reject) => {
        const t = tls.connect({ socket, servername: net.isIP(cfg.host) ? undefined : cfg.host }, () => resolve(t));
        t.once('error', (e) => reject(new SmtpError(`Falha no TLS com o servidor de e-mail: ${e.message}`, true)));
      });
      conn.attach(upgraded);
      secured = true;
      ehlo = await conn.command(`EHLO ${ehloName(cfg)}`, [250], 'a saudação (EHLO)');
    }
    if (cfg.user) {
      // a password never crosses the network in the clear (a relay on this machine is the exception)
      if (!secured && !LOCAL.has(cfg.host)) throw new SmtpError('A senha do servidor de e-mail não é enviada sem criptografia: use SMTP_SECURE=tls ou starttls.', true);
      const auth = /\bAUTH\b([^\n]*)/i.exec(ehlo.text)?.[1] ?? '';
      if (/\bPLAIN\b/i.test(auth)) {
        await conn.command(`AUTH PLAIN ${Buffer.from(`\0${cfg.user}\0${cfg.pass ?? ''}`).toString('base64')}`, [235], 'o usuário e a senha');
      } else if (/\bLOGIN\b/i.test(auth)) {
        await conn.command('AUTH LOGIN', [334], 'a autenticação');
        await conn.command(Buffer.from(cfg.user).toString('base64'), [334], 'o usuário');
        await conn.command(Buffer.from(cfg.pass ?? '').toString('base64'), [235], 'o usuário e a senha');
      } else throw new SmtpError('O servidor de e-mail não oferece autenticação PLAIN nem LOGIN.', true);
    }
  } catch (err) {
    conn.socket.destroy();
    throw err;
  }

  return {
    async send(m) {
      try {
        await conn.command(`MAIL FROM:<${cfg.from}>`, [250], 'o remetente');
        await conn.command(`RCPT TO:<${m.para}>`, [250, 251], 'o destinatário');
        await conn.command('DATA', [354], 'a mensagem');
        await conn.command(`${mensagemMime(cfg.from, m)}\r\n.`, [250], 'a mensagem');
      } catch (err) {
        // a refused message leaves the session usable for the next one
        if (err instanceof SmtpError && !err.conexao) await conn.command('RSET', [250], 'o RSET').catch(() => undefined);
        throw err;
      }
    },
    async close() {
      await conn.command('QUIT', [221], 'o QUIT').catch(() => undefined);
      conn.detach();
      conn.socket.destroy();
    },
  };
}

/** Base64 lines of at most 76 characters (RFC 2045). */
const base64Lines = (s: string) => (Buffer.from(s, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** A header value in RFC 2047 encoded words when it is not plain ASCII, each word whole UTF-8 characters. */
export function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let cur = '';
  for (const ch of value) {
    if (Buffer.byteLength(cur + ch) > 45) {
      words.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur) words.push(cur);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** The message as DATA carries it: headers, a blank line, the body in base64 (no line can start with a dot). */
export function mensagemMime(from: string, m: Mensagem, now = new Date()): string {
  const corpo = m.corpo.replace(/\r?\n/g, '\r\n');
  return [
    `From: ${from}`,
    `To: ${m.para}`,
    `Subject: ${encodeHeader(m.assunto.replace(/[\r\n]+/g, ' '))}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(corpo),
  ].join('\r\n');
}

import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { encodeHeader } from '../../src/server/emails/smtp';
import { APP_MSG } from '../../src/shared/messages';
import type { JobDetail } from '../../src/shared/jobs';
import { todayIso } from '../../src/shared/dates';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Mala direta to providers: the outbox gets one message per provider (trail entry each), sent through SMTP when
 * configured (a fake SMTP server on a local port here) and left "pendente" otherwise; the run's CSV lists them.
 */

const ATIVOS = '/util/processo/email-prestador-ativo';
const UM = '/util/processo/envio-email-prestador';

/** A fake SMTP server: AUTH PLAIN, refuses recipients at "recusado@…" with 550, keeps what it received. */
interface Recebida {
  auth: string | null;
  from: string;
  to: string;
  data: string;
}
function fakeSmtp() {
  const recebidas: Recebida[] = [];
  const server: Server = createServer((s: Socket) => {
    let buf = '';
    let inData = false;
    let auth: string | null = null;
    let cur: Partial<Recebida> = {};
    let data: string[] = [];
    s.write('220 fake.smtp ESMTP\r\n');
    s.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            recebidas.push({ auth, from: cur.from!, to: cur.to!, data: data.join('\r\n') });
            cur = {};
            data = [];
            s.write('250 2.0.0 Ok: queued\r\n');
          } else data.push(line);
          continue;
        }
        const [verb] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            s.write('250-fake.smtp\r\n250-8BITMIME\r\n250 AUTH PLAIN LOGIN\r\n');
            break;
          case 'AUTH':
            auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
            s.write('235 2.7.0 Authentication successful\r\n');
            break;
          case 'MAIL':
            cur.from = /<(.*)>/.exec(line)![1];
            s.write('250 2.1.0 Ok\r\n');
            break;
          case 'RCPT':
            cur.to = /<(.*)>/.exec(line)![1];
            s.write(cur.to.startsWith('recusado@') ? '550 5.1.1 Caixa postal inexistente\r\n' : '250 2.1.5 Ok\r\n');
            break;
          case 'DATA':
            inData = true;
            s.write('354 End data with <CR><LF>.<CR><LF>\r\n');
            break;
          case 'RSET':
            cur = {};
            s.write('250 2.0.0 Ok\r\n');
            break;
          case 'QUIT':
            s.end('221 2.0.0 Bye\r\n');
            break;
          default:
            s.write('502 5.5.2 Error: command not recognized\r\n');
        }
      }
    });
  });
  return { server, recebidas };
}

/** The decoded subject and body of a received message. */
function ler(data: string) {
  const [head, body] = data.split('\r\n\r\n');
  const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(head)![1];
  const decode = (s: string) => s.replace(/=\?UTF-8\?B\?([^?]*)\?=(\r\n )?/g, (_m, b: string) => Buffer.from(b, 'base64').toString('utf8'));
  return { subject: decode(subject), body: Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8'), head };
}

let t: TestApp;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
let prestadorUser: ReturnType<typeof as>;
let fake: ReturnType<typeof fakeSmtp>;
let smtpPort: number;

beforeAll(async () => {
  fake = fakeSmtp();
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  smtpPort = (fake.server.address() as { port: number }).port;
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  prestadorUser = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake?.server.close(r));
});

const until = (id: number) => waitForJob(operadora, id);

async function executar(tipo: string, comando: string, parametros: Record<string, unknown>) {
  const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await until(res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  return job;
}

const csvDe = async (job: JobDetail) => {
  const arq = job.arquivos.find((a) => a.tipo === 'text/csv')!;
  const res = await operadora({ method: 'GET', url: `/api/arquivos/${arq.id}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(';'));
};

type Email = { id: number; prestador_id: number; para: string; nome: string; assunto: string; corpo: string; status: string; erro: string | null; tentativas: number; enviado_em: string | null };
const emailsDa = (job: JobDetail) => query<Email>(t.database.db, sql`select * from emails where execucao_id = ${job.id} order by id`);

const hoje = todayIso();
/** Active providers with an address in a UF, as the spec reads "ativo": within the validity period today. */
const ativosComEmail = (uf: string) =>
  query<{ id: number; nome: string; email: string }>(
    t.database.db,
    sql`select id, nome, email from prestadores where uf = ${uf} and email like '%@%.%' and inicio_vigencia <= ${hoje} and (fim_vigencia is null or fim_vigencia >= ${hoje}) order by id`,
  );

const mensagem = { assunto: 'Atualização da tabela de preços, {nome}', corpo: 'Prezado(a) {nome},\n\nA nova tabela de preços vale a partir de 1º de março.\n\nAtenciosamente,\nOperadora' };

describe('e-mail para prestadores ativos, sem servidor de e-mail', () => {
  it('previews how many active providers of the UF get it, with names and addresses', async () => {
    const alvo = await ativosComEmail('MG');
    expect(alvo.length).toBeGreaterThan(1);
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'email-prestador-ativo', comando: ATIVOS, parametros: { uf: 'MG', ...mensagem } } });
    expect(res.statusCode, res.body).toBe(200);
    const previa = res.json().result;
    expect(previa.total).toBe(alvo.length);
    expect(previa.resumo).toContain(`${alvo.length} prestadores receberão a mensagem.`);
    expect(previa.amostra.length).toBe(Math.min(8, alvo.length));
    expect(previa.amostra[0]).toMatch(/^.+ · [^@\s]+@[^@\s]+$/);
  });

  it('writes one pending message per provider, with {nome} replaced, a trail entry each, the log and the CSV', async () => {
    await t.configure({ SMTP_HOST: '' });
    const alvo = await ativosComEmail('MG');
    const job = await executar('email-prestador-ativo', ATIVOS, { uf: 'MG', ...mensagem });
    const rows = await emailsDa(job);
    expect(rows.map((r) => r.prestador_id)).toEqual(alvo.map((p) => p.id));
    expect(rows.every((r) => r.status === 'pendente' && r.tentativas === 0 && r.enviado_em == null)).toBe(true);
    const primeiro = alvo[0];
    expect(rows[0]).toMatchObject({ para: primeiro.email, nome: primeiro.nome, assunto: `Atualização da tabela de preços, ${primeiro.nome}` });
    expect(rows[0].corpo).toBe(`Prezado(a) ${primeiro.nome},\n\nA nova tabela de preços vale a partir de 1º de março.\n\nAtenciosamente,\nOperadora`);

    const [{ n }] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from trilha_eventos where entidade = 'email' and acao = 'insert' and usuario_login = 'operadora' and (depois->>'execucaoId')::int = ${job.id}`,
    );
    expect(n).toBe(alvo.length);
    expect(job.log.map((l) => l.mensagem)).toEqual(
      expect.arrayContaining([
        `Servidor de e-mail (SMTP) não configurado: ${alvo.length} mensagens ficaram pendentes na caixa de saída.`,
        `${alvo.length} mensagens escritas na caixa de saída: 0 enviadas, 0 com erro, ${alvo.length} pendentes.`,
      ]),
    );
    const csv = await csvDe(job);
    expect(csv[0]).toEqual(['Mensagem', 'Código do prestador', 'Prestador', 'E-mail', 'Assunto', 'Situação', 'Tentativas', 'Enviado em', 'Erro']);
    expect(csv).toHaveLength(alvo.length + 1);
    expect(csv[1].slice(2, 4)).toEqual([primeiro.nome, primeiro.email]);
    expect(csv[1][5]).toBe('Pendente');
  });

  it('filters by specialty (first or second) and leaves out providers out of their validity or without an address', async () => {
    const [esp] = await query<{ id: number }>(t.database.db, sql`select especialidade as id from prestadores where uf = 'MG' group by especialidade order by count(*) desc limit 1`);
    const [semEmail] = await query<{ id: number }>(t.database.db, sql`select id from prestadores where uf = 'MG' and especialidade = ${esp.id} and inicio_vigencia <= ${hoje} and (fim_vigencia is null or fim_vigencia >= ${hoje}) order by id limit 1`);
    await t.database.db.execute(sql`update prestadores set email = null where id = ${semEmail.id}`);
    const [{ n }] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from prestadores where uf = 'MG' and (especialidade = ${esp.id} or especialidade2 = ${esp.id}) and email is not null and inicio_vigencia <= ${hoje} and (fim_vigencia is null or fim_vigencia >= ${hoje})`,
    );
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'email-prestador-ativo', comando: ATIVOS, parametros: { uf: 'MG', especialidade: String(esp.id), ...mensagem } } });
    expect(res.json().result.total).toBe(n);
    expect(res.json().result.resumo).toContain('1 prestador ativo sem e-mail válido fica de fora.');
  });

  it('checks the parameters on the server, field by field, in Portuguese', async () => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'email-prestador-ativo', comando: ATIVOS, parametros: { cidade: '1', assunto: 'Linha 1\nBcc: x@y.z' } } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'corpo', value: 'O campo Mensagem é obrigatório.' }),
        expect.objectContaining({ field: 'assunto', value: 'O assunto deve ter uma linha só.' }),
        expect.objectContaining({ field: 'uf', value: 'Informe a UF da cidade.' }),
      ]),
    );
    const um = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'envio-email-prestador', comando: UM, parametros: { assunto: 'Oi' } } });
    expect(um.statusCode).toBe(400);
    expect(alertsOf(um.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'prestador', value: 'O campo Prestador é obrigatório.' }),
        expect.objectContaining({ field: 'corpo', value: 'O campo Mensagem é obrigatório.' }),
      ]),
    );
    // a provider without an address is refused on the provider's field, at preview and at queue time
    const [sem] = await query<{ id: number }>(t.database.db, sql`select id from prestadores where email is null limit 1`);
    for (const url of ['/api/execucoes/previa', '/api/execucoes']) {
      const r = await operadora({ method: 'POST', url, payload: { tipo: 'envio-email-prestador', comando: UM, parametros: { prestador: String(sem.id), ...mensagem } } });
      if (url.endsWith('previa')) {
        expect(r.statusCode).toBe(400);
        expect(alertsOf(r.body)[0]).toMatchObject({ field: 'prestador', value: 'Este prestador não tem e-mail cadastrado: informe o e-mail no cadastro do prestador.' });
      } else {
        // queued (the parameters are well formed): the run itself refuses, with the same reason
        expect(r.statusCode, r.body).toBe(201);
        const job = await until(r.json().result.id);
        expect(job.status).toBe('falhou');
        expect(job.erro).toBe('Este prestador não tem e-mail cadastrado: informe o e-mail no cadastro do prestador.');
      }
    }
  });

  it('refuses users without the command, at preview and at queue time', async () => {
    for (const who of [beneficiario, prestadorUser]) {
      for (const url of ['/api/execucoes/previa', '/api/execucoes']) {
        for (const [tipo, comando] of [['email-prestador-ativo', ATIVOS], ['envio-email-prestador', UM]]) {
          const res = await who({ method: 'POST', url, payload: { tipo, comando, parametros: { prestador: '1', ...mensagem } } });
          expect(res.statusCode).toBe(403);
          expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
        }
      }
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'envio-email-prestador', comando: UM, parametros: mensagem } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('envio pelo servidor de e-mail (SMTP falso)', () => {
  let demo: { id: number; nome: string; email: string };
  beforeAll(async () => {
    [demo] = await query(t.database.db, sql`select id, nome, email from prestadores where codigo = '100001'`);
    await t.configure({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'none', SMTP_USER: 'mala', SMTP_PASS: 'segredo', SMTP_FROM: 'mala-direta@operadora.example' });
  });

  it('sends the message to the chosen provider and marks it "enviado"', async () => {
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'envio-email-prestador', comando: UM, parametros: { prestador: String(demo.id), ...mensagem } } });
    expect(prev.statusCode, prev.body).toBe(200);
    expect(prev.json().result).toMatchObject({ total: 1, amostra: [`${demo.nome} · ${demo.email}`] });
    const antes = fake.recebidas.length;
    const job = await executar('envio-email-prestador', UM, { prestador: String(demo.id), ...mensagem });
    const [row] = await emailsDa(job);
    expect(row).toMatchObject({ prestador_id: demo.id, para: demo.email, status: 'enviado', tentativas: 1, erro: null });
    expect(row.enviado_em).not.toBeNull();
    const got = fake.recebidas.slice(antes);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ auth: '\0mala\0segredo', from: 'mala-direta@operadora.example', to: demo.email });
    const lida = ler(got[0].data);
    expect(lida.subject).toBe(`Atualização da tabela de preços, ${demo.nome}`);
    expect(lida.body).toBe(`Prezado(a) ${demo.nome},\r\n\r\nA nova tabela de preços vale a partir de 1º de março.\r\n\r\nAtenciosamente,\r\nOperadora`);
    expect(lida.head).toMatch(/^Content-Type: text\/plain; charset=UTF-8$/m);
    expect(job.log.map((l) => l.mensagem)).toContain('1 mensagem escrita na caixa de saída: 1 enviada, 0 com erro, 0 pendentes.');
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'email' and registro_id = ${String(row.id)} and acao = 'update' and depois->>'status' = 'enviado'`);
    expect(n).toBe(1);
    const csv = await csvDe(job);
    expect(csv[1][5]).toBe('Enviado');
  });

  it('marks a message the server refuses as "erro" with the server’s answer, and goes on with the others', async () => {
    const alvo = await ativosComEmail('SP');
    expect(alvo.length).toBeGreaterThan(2);
    await t.database.db.execute(sql`update prestadores set email = 'recusado@nada.example' where id = ${alvo[1].id}`);
    const antes = fake.recebidas.length;
    const job = await executar('email-prestador-ativo', ATIVOS, { uf: 'SP', ...mensagem });
    const rows = await emailsDa(job);
    expect(rows).toHaveLength(alvo.length);
    const recusada = rows.find((r) => r.prestador_id === alvo[1].id)!;
    expect(recusada).toMatchObject({ status: 'erro', tentativas: 1, erro: 'O servidor de e-mail recusou o destinatário: 550 5.1.1 Caixa postal inexistente' });
    expect(rows.filter((r) => r.status === 'enviado')).toHaveLength(alvo.length - 1);
    expect(fake.recebidas.length - antes).toBe(alvo.length - 1);
    expect(job.log.map((l) => l.mensagem)).toContain(`${alvo.length} mensagens escritas na caixa de saída: ${alvo.length - 1} enviadas, 1 com erro, 0 pendentes.`);
    const csv = await csvDe(job);
    const linha = csv.find((c) => c[3] === 'recusado@nada.example')!;
    expect(linha[5]).toBe('Erro');
    expect(linha[8]).toBe('O servidor de e-mail recusou o destinatário: 550 5.1.1 Caixa postal inexistente');
  });

  it('leaves the messages pending when the server cannot be reached, and says why', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    await t.configure({ SMTP_PORT: String(port) });
    const job = await executar('envio-email-prestador', UM, { prestador: String(demo.id), ...mensagem });
    const [row] = await emailsDa(job);
    expect(row.status).toBe('pendente');
    expect(job.log.find((l) => l.nivel === 'erro')?.mensagem).toMatch(new RegExp(`^Não foi possível conectar ao servidor de e-mail 127\\.0\\.0\\.1:${port}: .*1 mensagem ficou pendente na caixa de saída\\.$`));
  });
});

describe('cabeçalhos do e-mail', () => {
  it('encodes a subject with accents in UTF-8 words that decode back whole', () => {
    expect(encodeHeader('Plain subject')).toBe('Plain subject');
    const long = 'Atualização cadastral obrigatória — prestadores credenciados de São João del-Rei';
    const enc = encodeHeader(long);
    expect(enc.split('\r\n ').every((w) => /^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/.test(w) && w.length <= 75)).toBe(true);
    expect(ler(`Subject: ${enc}\r\n\r\n`).subject).toBe(long);
  });
});

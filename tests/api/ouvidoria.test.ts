import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { prazoApos } from '../../src/server/ouvidoria/prazos';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { adicionarDiasUteis } from '../../src/shared/dias-uteis';
import type { ListPage } from '../../src/shared/lists/types';
import { MSG_PRIMEIRA_INSTANCIA, msgRegistrada, msgTransicaoRecusada, type ManifestacaoDetalhe, type ManifestacaoLinha } from '../../src/shared/ouvidoria';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/**
 * Ouvidoria: registering a manifestação (the RN 623 protocol from the operator's daily counter, unique under parallel
 * registrations; the first-instance protocol of complaints; the attachments), its deadline in business days (weekends,
 * national holidays and the operator's state's, not another state's nor optional days off), the workflow (routing
 * with internal notes, the answer, the rating, reopening), the extension to 30 business days, the family's scope and
 * the trail.
 */

let t: TestApp;
let ouv: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
let benefToken: string;
let dep: ReturnType<typeof as>;
let prest: ReturnType<typeof as>;
let titularId: number;
let dependenteId: number;
let outroId: number;
let registroAns: string;
let aut: { numero: string };
const HOJE = hojeSaoPaulo();

const base = (over: Record<string, unknown> = {}) => ({
  beneficiarioId: titularId,
  tipo: 'RECLAMACAO',
  assunto: 'AUTORIZACAO',
  descricao: 'A autorização da ressonância foi negada sem explicação e o atendimento não resolveu.',
  protocoloPrimeiraInstancia: '99999920250101000001',
  contato: 'PORTAL',
  ...over,
});
const registrar = async (body: Record<string, unknown>, call = ouv) => {
  const res = await call({ method: 'POST', url: '/api/ouvidoria/manifestacoes', payload: body });
  return { status: res.statusCode, body: res.body, d: (res.statusCode === 201 ? res.json().result : undefined) as ManifestacaoDetalhe };
};
const ler = (id: number, call = ouv) => call({ method: 'GET', url: `/api/ouvidoria/manifestacoes/${id}` });
const passo = (id: number, body: Record<string, unknown>, call = ouv) => call({ method: 'POST', url: `/api/ouvidoria/manifestacoes/${id}/transicao`, payload: body });
const lista = async (qs = '', call = ouv) => {
  const res = await call({ method: 'GET', url: `/api/ouvidoria/manifestacoes?limit=500${qs ? `&${qs}` : ''}` });
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<ManifestacaoLinha> };
};

beforeAll(async () => {
  t = await startTestApp();
  ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
  benefToken = await loginAs(t.app, 'beneficiario');
  benef = as(t.app, benefToken);
  dep = as(t.app, await loginAs(t.app, 'dependente'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  const db = t.database.db;
  [{ id: titularId }] = await query<{ id: number }>(db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf}`);
  [{ id: dependenteId }] = await query<{ id: number }>(db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.dependente.cpf}`);
  [{ id: outroId }] = await query<{ id: number }>(db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.suspenso.cpf}`);
  [{ registro_ans: registroAns }] = await query<{ registro_ans: string }>(db, sql`select registro_ans from operadoras order by id limit 1`);
  [aut] = await query<{ numero: string }>(db, sql`select numero from autorizacoes where beneficiario_id = ${titularId} order by id limit 1`);
}, 60_000);
afterAll(() => t.close());

describe('the deadline in business days', () => {
  it('skips weekends, national holidays and the operator’s state holidays, not another state’s nor optional days off', async () => {
    const db = t.database.db;
    // a clean week in 2030: Wed 02/01 registered; Fri 04/01 national, Mon 07/01 MG (the operator's UF), Tue 08/01 SP, Wed 09/01 optional
    await query(
      db,
      sql`insert into feriados (data, descricao, abrangencia, uf, ponto_facultativo) values
        ('2030-01-04', 'Feriado nacional de teste', 'NACIONAL', null, false),
        ('2030-01-07', 'Feriado estadual de MG de teste', 'ESTADUAL', 'MG', false),
        ('2030-01-08', 'Feriado estadual de SP de teste', 'ESTADUAL', 'SP', false),
        ('2030-01-09', 'Ponto facultativo de teste', 'NACIONAL', null, true)`,
    );
    // business days after 02/01: Thu 03, (Fri 04 national, weekend 05-06, Mon 07 MG), Tue 08, Wed 09, Thu 10, Fri 11, Mon 14, Tue 15
    expect(await prazoApos(db, '2030-01-02', 7)).toBe('2030-01-15');
    expect(await prazoApos(db, '2030-01-02', 1)).toBe('2030-01-03');
    expect(await prazoApos(db, '2030-01-02', 2)).toBe('2030-01-08');
    // the same count by hand over a plain calendar: 30 business days, no holidays after these
    expect(await prazoApos(db, '2030-01-02', 30)).toBe(adicionarDiasUteis('2030-01-02', 30, new Set(['2030-01-04', '2030-01-07'])));
  });
});

describe('registering', () => {
  it('gives the RN 623 protocol at once, a deadline of 7 business days and the first step, with the trail', async () => {
    const r = await registrar(base({ autorizacao: aut.numero }));
    expect(r.status, r.body).toBe(201);
    expect(alertsOf(r.body)).toEqual([{ type: 'success', value: msgRegistrada(r.d.protocolo) }]);
    expect(r.d.protocolo).toMatch(new RegExp(`^${registroAns}${HOJE.replaceAll('-', '')}\\d{6}$`));
    expect(r.d.status).toBe('REGISTRADA');
    expect(r.d.diasRestantes).toBe(7);
    expect(r.d.prazo).toBe(await prazoApos(t.database.db, HOJE, 7));
    expect(r.d.autorizacao?.numero).toBe(aut.numero);
    expect(r.d.historico.map((h) => [h.acao, h.para])).toEqual([['registrar', 'REGISTRADA']]);
    const trail = await query<{ acao: string; depois: { protocolo: string } }>(t.database.db, sql`select acao, depois from trilha_eventos where entidade = 'manifestacao' and registro_id = ${String(r.d.id)}`);
    expect(trail.map((x) => [x.acao, x.depois.protocolo])).toEqual([['insert', r.d.protocolo]]);
  });

  it('refuses a complaint without the first-instance protocol and other bad input, beside each field', async () => {
    const r = await registrar(base({ protocoloPrimeiraInstancia: '', descricao: 'curta', tipo: 'XX', contato: 'EMAIL' }));
    expect(r.status).toBe(400);
    const campos = alertsOf(r.body).map((a) => [a.field, a.value]);
    expect(campos).toEqual(
      expect.arrayContaining([
        ['tipo', 'Informe o tipo da manifestação.'],
        ['descricao', 'Descrição: ao menos 10 caracteres.'],
        ['contatoValor', 'Informe o e-mail para a resposta.'],
      ]),
    );
    const s = await registrar(base({ protocoloPrimeiraInstancia: null }));
    expect(alertsOf(s.body).map((a) => [a.field, a.value])).toEqual([['protocoloPrimeiraInstancia', MSG_PRIMEIRA_INSTANCIA]]);
    // a suggestion needs no first-instance contact
    expect((await registrar(base({ tipo: 'SUGESTAO', protocoloPrimeiraInstancia: null }))).status).toBe(201);
    // another beneficiary's authorization
    const o = await registrar(base({ beneficiarioId: outroId, autorizacao: aut.numero }));
    expect(o.status).toBe(400);
    expect(alertsOf(o.body)[0]).toMatchObject({ field: 'autorizacao', value: `A autorização nº ${aut.numero} é de outro beneficiário.` });
  });

  it('numbers parallel registrations uniquely and without gaps', async () => {
    const n = 12;
    const rs = await Promise.all(Array.from({ length: n }, (_, i) => registrar(base({ descricao: `Reclamação paralela número ${i} sobre a rede.` }), i % 2 ? ouv : benef)));
    for (const r of rs) expect(r.status, r.body).toBe(201);
    const seqs = rs.map((r) => Number(r.d.protocolo.slice(14))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(n);
    expect(seqs[n - 1] - seqs[0]).toBe(n - 1);
    const [{ ultimo }] = await query<{ ultimo: number }>(t.database.db, sql`select ultimo from atendimento_numeracao where dia = ${HOJE}`);
    expect(Number(ultimo)).toBe(seqs[n - 1]);
  });

  it('registers a double submission once (Idempotency-Key): the repeat gets the first protocol back, also in parallel', async () => {
    const comChave = (chave: string, call = benef) => call({ method: 'POST', url: '/api/ouvidoria/manifestacoes', payload: base({ descricao: `Reclamação enviada duas vezes (${chave}).` }), headers: { 'idempotency-key': chave } });
    const [{ n: antes }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from manifestacoes`);
    const a = await comChave('manif-repetida-1');
    const b = await comChave('manif-repetida-1');
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().result.protocolo).toBe(a.json().result.protocolo);
    const pares = await Promise.all(Array.from({ length: 5 }, (_, k) => Promise.all([comChave(`manif-par-${k}-xx`), comChave(`manif-par-${k}-xx`)])));
    for (const [x, y] of pares) {
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 201]);
      expect(x.json().result.id).toBe(y.json().result.id);
    }
    // the same key from another user is that user's own submission; an authorization's key is another kind
    const outro = await comChave('manif-repetida-1', ouv);
    expect(outro.statusCode).toBe(201);
    const [{ n: depois }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from manifestacoes`);
    expect(depois - antes).toBe(1 + 5 + 1);
    expect((await comChave('curta')).statusCode).toBe(400);
  });

  it('links the first-instance contact when the protocol is the service desk’s', async () => {
    const [a] = await query<{ protocolo: string }>(t.database.db, sql`select protocolo from atendimentos where beneficiario_id = ${titularId} order by id limit 1`);
    const r = await registrar(base({ protocoloPrimeiraInstancia: a.protocolo }));
    expect(r.status, r.body).toBe(201);
    expect(r.d.atendimento?.protocolo).toBe(a.protocolo);
  });

  it('lets a beneficiary register for the family (through the portal) and not for another family', async () => {
    const r = await registrar(base({ beneficiarioId: dependenteId, canal: 'TELEFONE' }), benef);
    expect(r.status, r.body).toBe(201);
    expect(r.d.canal).toBe('PORTAL');
    const o = await registrar(base({ beneficiarioId: outroId }), benef);
    expect(o.status).toBe(403);
    expect((await registrar(base(), prest)).status).toBe(403);
  });

  it('carries the attachments the registering user sent, read by the family and the ombudsman, not by another', async () => {
    const arquivo = await sendFile(t.app, benefToken, 'negativa.pdf');
    const r = await registrar(base({ anexos: [arquivo] }), benef);
    expect(r.status, r.body).toBe(201);
    expect(r.d.anexos.map((a) => a.nome)).toEqual(['negativa.pdf']);
    expect((await ouv({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(200);
    expect((await dep({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(200);
    expect((await prest({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(404);
    // the file is the manifestação's now: it is not attached twice, and nobody attaches another's file
    expect((await registrar(base({ anexos: [arquivo] }), benef)).status).toBe(400);
    expect((await registrar(base({ anexos: [arquivo] }))).status).toBe(400);
  });
});

describe('the workflow', () => {
  it('routes with internal notes the family never reads, answers, is rated by the family and reopened', async () => {
    const { d } = await registrar(base({ beneficiarioId: titularId }), benef);
    const segredo = 'NOTA INTERNA: o auditor errou a análise do laudo';
    let r = await passo(d.id, { acao: 'analisar', version: d.version });
    expect(r.statusCode, r.body).toBe(200);
    r = await passo(d.id, { acao: 'encaminhar', version: r.json().result.version, area: 'AUTORIZACAO', nota: segredo });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toMatchObject({ status: 'AGUARDANDO_AREA', area: 'AUTORIZACAO' });
    // the family: the status, never the note nor the area
    const visto = await ler(d.id, benef);
    expect(visto.statusCode).toBe(200);
    expect(visto.body).not.toContain('NOTA INTERNA');
    expect(visto.json().result).toMatchObject({ status: 'AGUARDANDO_AREA', area: null, acoes: [] });
    // a family step the status does not allow, and a staff step the family may never take
    expect((await passo(d.id, { acao: 'avaliar', version: r.json().result.version, satisfacao: 5 }, benef)).statusCode).toBe(422);
    expect((await passo(d.id, { acao: 'responder', version: r.json().result.version, resposta: 'Resposta forjada pela família.' }, benef)).statusCode).toBe(403);

    r = await passo(d.id, { acao: 'retornar', version: r.json().result.version, nota: 'Área: autorização revista e liberada.' });
    expect(r.statusCode, r.body).toBe(200);
    const vazia = await passo(d.id, { acao: 'responder', version: r.json().result.version });
    expect(vazia.statusCode).toBe(400);
    expect(alertsOf(vazia.body)[0]).toMatchObject({ field: 'resposta', value: 'Escreva a resposta ao beneficiário.' });
    r = await passo(d.id, { acao: 'responder', version: r.json().result.version, resposta: 'Sua autorização foi revista e liberada. Pedimos desculpas.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toMatchObject({ status: 'RESPONDIDA', diasRestantes: null });

    const lido = (await ler(d.id, benef)).json().result as ManifestacaoDetalhe;
    expect(lido.resposta).toBe('Sua autorização foi revista e liberada. Pedimos desculpas.');
    expect(lido.acoes).toEqual(['avaliar', 'reabrir']);
    expect(JSON.stringify(lido)).not.toMatch(/NOTA INTERNA|autorização revista e liberada\./);
    expect(lido.historico.filter((h) => h.acao !== 'registrar').every((h) => h.usuario === 'Ouvidoria')).toBe(true);

    // a stale version is a conflict
    const velho = await passo(d.id, { acao: 'avaliar', version: lido.version - 1, satisfacao: 4 }, benef);
    expect(velho.statusCode).toBe(409);
    expect(alertsOf(velho.body)[0].value).toBe(APP_MSG.conflito);
    r = await passo(d.id, { acao: 'avaliar', version: lido.version, satisfacao: 4, nota: 'Resolvido, obrigado.' }, benef);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toMatchObject({ status: 'ENCERRADA', satisfacao: 4 });

    const refuse = await passo(d.id, { acao: 'responder', version: r.json().result.version, resposta: 'De novo a mesma resposta.' });
    expect(refuse.statusCode).toBe(422);
    expect(alertsOf(refuse.body)[0].value).toBe(msgTransicaoRecusada('responder', 'ENCERRADA'));

    r = await passo(d.id, { acao: 'reabrir', version: r.json().result.version, nota: 'Voltou a ser negada no laboratório.' }, dep);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toMatchObject({ status: 'REABERTA', satisfacao: null, diasRestantes: 7 });

    const trilha = await query<{ acao: string; depois: { acao?: string } }>(t.database.db, sql`select acao, depois from trilha_eventos where entidade = 'manifestacao' and registro_id = ${String(d.id)} order by id`);
    expect(trilha.map((x) => x.depois.acao ?? x.acao)).toEqual(['insert', 'analisar', 'encaminhar', 'retornar', 'responder', 'avaliar', 'reabrir']);
  });

  it('refuses reopening after the period', async () => {
    const { d } = await registrar(base());
    const r = await passo(d.id, { acao: 'responder', version: d.version, resposta: 'Respondida há muito tempo, segundo o teste.' });
    await query(t.database.db, sql`update manifestacoes set respondida_em = now() - interval '40 days' where id = ${d.id}`);
    const x = await passo(d.id, { acao: 'reabrir', version: r.json().result.version, nota: 'Tarde demais.' }, benef);
    expect(x.statusCode).toBe(422);
    expect(alertsOf(x.body)[0].value).toMatch(/^O prazo para reabrir esta manifestação terminou em \d{2}\/\d{2}\/\d{4}\.$/);
  });

  it('extends the deadline once to 30 business days with a justification, the ombudsman only', async () => {
    const { d } = await registrar(base());
    const sem = await ouv({ method: 'POST', url: `/api/ouvidoria/manifestacoes/${d.id}/prorrogacao`, payload: { version: d.version, justificativa: '' } });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)[0]).toMatchObject({ field: 'justificativa', value: 'Informe a justificativa da prorrogação (caso complexo).' });
    const fam = await benef({ method: 'POST', url: `/api/ouvidoria/manifestacoes/${d.id}/prorrogacao`, payload: { version: d.version, justificativa: 'Pedido pela família, não vale.' } });
    expect(fam.statusCode).toBe(403);
    const ok = await ouv({ method: 'POST', url: `/api/ouvidoria/manifestacoes/${d.id}/prorrogacao`, payload: { version: d.version, justificativa: 'Caso complexo: depende de parecer da junta médica.' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ prazo: await prazoApos(t.database.db, HOJE, 30), prorrogada: true, diasRestantes: 30, podeProrrogar: false });
    const de_novo = await ouv({ method: 'POST', url: `/api/ouvidoria/manifestacoes/${d.id}/prorrogacao`, payload: { version: ok.json().result.version, justificativa: 'Mais uma vez, por favor.' } });
    expect(de_novo.statusCode).toBe(422);
    expect(alertsOf(de_novo.body)[0].value).toBe('O prazo desta manifestação já foi prorrogado.');
  });
});

describe('the list and who sees what', () => {
  it('shows the desk every manifestação by urgency, late ones flagged; the family only its own', async () => {
    const { d } = await registrar(base({ beneficiarioId: outroId, protocoloPrimeiraInstancia: null, tipo: 'ELOGIO' }));
    // one late: its deadline two weeks ago
    const atrasada = (await registrar(base())).d;
    await query(t.database.db, sql`update manifestacoes set prazo = ${adicionarDiasUteis('2020-01-01', 0, new Set())} where id = ${atrasada.id}`);
    const l = await lista();
    expect(l.status, l.body).toBe(200);
    const rows = l.page.rows;
    expect(rows[0]).toMatchObject({ id: atrasada.id, atrasada: true });
    expect(rows[0].diasRestantes!).toBeLessThan(0);
    // open ones by deadline, then the answered (no days left)
    const abertas = rows.filter((r) => r.diasRestantes != null);
    expect(abertas.map((r) => r.prazo)).toEqual([...abertas.map((r) => r.prazo)].sort());
    expect(rows.findIndex((r) => r.diasRestantes == null)).toBeGreaterThanOrEqual(abertas.length);
    expect(rows.some((r) => r.id === d.id)).toBe(true);

    const fam = await lista('', benef);
    expect(fam.status, fam.body).toBe(200);
    expect(fam.page.rows.length).toBeGreaterThan(0);
    const ids = await query<{ id: number; beneficiario_id: number }>(t.database.db, sql`select id, beneficiario_id from manifestacoes`);
    const donos = new Map(ids.map((r) => [r.id, r.beneficiario_id]));
    for (const r of fam.page.rows) expect([titularId, dependenteId]).toContain(donos.get(r.id));
    // another family's manifestação: not found, also by a step
    const outra = await ler(d.id, benef);
    expect(outra.statusCode).toBe(404);
    expect(outra.body).not.toContain(d.descricao);
    expect((await passo(d.id, { acao: 'reabrir', version: 1, nota: 'Tentativa.' }, benef)).statusCode).toBe(404);
  });

  it('refuses the provider and a user without a session', async () => {
    const p = await lista('', prest);
    expect(p.status).toBe(403);
    expect(alertsOf(p.body)[0].value).toBe(APP_MSG.acessoNegado);
    expect((await t.app.inject({ method: 'GET', url: '/api/ouvidoria/manifestacoes' })).statusCode).toBe(401);
  });

  it('offers the family its members and the ombudsman any beneficiary by name', async () => {
    const f = await benef({ method: 'GET', url: '/api/ouvidoria/beneficiarios' });
    expect(f.json().result.map((b: { id: number }) => b.id).sort()).toEqual([titularId, dependenteId].sort());
    const o = await ouv({ method: 'GET', url: `/api/ouvidoria/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}` });
    expect(o.json().result.map((b: { id: number }) => b.id)).toContain(outroId);
  });
});

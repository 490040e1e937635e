import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { hojeSaoPaulo, horaSaoPaulo, msgTransicaoRecusada, type AtendimentoDetalhe, type AtendimentoLinha } from '../../src/shared/atendimentos';
import type { ListPage, ListSummary } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Atendimentos (/operadora/atendimentos): registering a contact (the shared schema on the server: pt-BR refusals by
 * field; the related authorization checked to exist and to be the person's), the RN 623/2024 protocol (the operator's
 * ANS registration + AAAAMMDD + the day's sequence: unique and gapless under parallel registrations), the transitions
 * of the shared table with history and trail, the 409 of a stale version; the list (filters, order, pages); the seed's
 * consistency; and who may reach any of it.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let titularId: number;
let registroAns: string;
let aut: { numero: string; beneficiario_id: number; prestador_id: number };
const HOJE = hojeSaoPaulo();
const DIA = HOJE.replaceAll('-', '');
const ontem = () => {
  const d = new Date(`${HOJE}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10).split('-').reverse().join('/');
};

const base = () => ({
  pessoaTipo: 'BENEFICIARIO',
  beneficiarioId: titularId,
  canal: 'TELEFONE',
  motivo: 'CARTEIRINHA',
  descricao: 'Pede a segunda via da carteirinha; orientada a usar a carteirinha virtual.',
  data: ontem(),
  horaInicio: '09:10',
  horaFim: '09:22',
});
const registrar = async (body: Record<string, unknown>, call = op) => {
  const res = await call({ method: 'POST', url: '/api/atendimentos', payload: body });
  return { status: res.statusCode, body: res.body, d: (res.statusCode === 201 ? res.json().result : undefined) as AtendimentoDetalhe };
};
const transicao = (id: number, body: Record<string, unknown>, call = op) => call({ method: 'POST', url: `/api/atendimentos/${id}/transicao`, payload: body });
const lista = async (qs = '', call = op) => {
  const res = await call({ method: 'GET', url: `/api/atendimentos${qs ? `?${qs}` : ''}` });
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<AtendimentoLinha> };
};
const idsOf = async (qs: string) => {
  const l = await lista(`${qs}${qs ? '&' : ''}limit=500`);
  expect(l.status, l.body).toBe(200);
  return l.page.rows.map((r) => r.id);
};
const campo = (body: string) => alertsOf(body).map((a) => [a.field, a.value]);

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  [{ id: titularId }] = await query<{ id: number }>(t.database.db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf}`);
  [{ registro_ans: registroAns }] = await query<{ registro_ans: string }>(t.database.db, sql`select registro_ans from operadoras order by id limit 1`);
  [aut] = await query<typeof aut>(t.database.db, sql`select numero, beneficiario_id, prestador_id from autorizacoes order by id limit 1`);
}, 60_000);
afterAll(() => t.close());

describe('the demo contacts', () => {
  it('have RN 623 protocols in order of start within each day, counters that continue them, and a history that ends in the status', async () => {
    const rows = await query<{ id: number; protocolo: string; status: string; version: number; dia: string; passos: number; ultimo: string; resultado: string | null; pessoa: boolean; autok: boolean }>(
      t.database.db,
      sql`select a.id, a.protocolo, a.status, a.version, to_char(a.inicio at time zone 'America/Sao_Paulo', 'YYYYMMDD') as dia, count(h.id)::int as passos,
          (select h2.para from atendimento_historico h2 where h2.atendimento_id = a.id order by h2.em desc, h2.id desc limit 1) as ultimo, a.resultado,
          (a.beneficiario_id is not null) <> (a.prestador_id is not null) as pessoa,
          a.autorizacao_id is null or exists (select 1 from autorizacoes au where au.id = a.autorizacao_id
            and (au.beneficiario_id = a.beneficiario_id or au.prestador_id = a.prestador_id) and au.data_solicitacao <= (a.inicio at time zone 'America/Sao_Paulo')::date) as autok
        from atendimentos a join atendimento_historico h on h.atendimento_id = a.id group by a.id order by a.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const r of rows) {
      expect(r.protocolo, r.protocolo).toMatch(new RegExp(`^${registroAns}${r.dia}\\d{6}$`));
      expect(r.ultimo, r.protocolo).toBe(r.status);
      expect(r.version, r.protocolo).toBe(r.passos);
      expect(r.pessoa, r.protocolo).toBe(true);
      expect(r.autok, r.protocolo).toBe(true);
      expect(r.resultado == null, r.protocolo).toBe(r.status !== 'CONCLUIDO');
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['EM_ANDAMENTO', 'CONCLUIDO', 'CANCELADO']));
    // each day's sequence is 1..n, without gaps, and its counter holds n; the counter is the operator's, shared with
    // the manifestações and the membership requests registered that day (their demo rows too)
    const outros = await query<{ protocolo: string }>(t.database.db, sql`select protocolo from manifestacoes union all select protocolo from solicitacoes_adesao`);
    const porDia = new Map<string, number[]>();
    for (const p of [...rows.map((r) => r.protocolo), ...outros.map((o) => o.protocolo)]) {
      const dia = p.slice(6, 14);
      porDia.set(dia, [...(porDia.get(dia) ?? []), Number(p.slice(14))]);
    }
    const contadores = new Map((await query<{ dia: string; ultimo: number }>(t.database.db, sql`select to_char(dia, 'YYYYMMDD') as dia, ultimo from atendimento_numeracao`)).map((c) => [c.dia, c.ultimo]));
    for (const [dia, seqs] of porDia) {
      expect(seqs.sort((a, b) => a - b), dia).toEqual(seqs.map((_, i) => i + 1));
      expect(contadores.get(dia), dia).toBe(seqs.length);
    }
  });
});

describe('registering a contact', () => {
  it('answers 201 with the 20-digit protocol of today, the duration, the attendant, the first history step and a trail entry', async () => {
    const { status, body, d } = await registrar({ ...base(), motivo: 'AUTORIZACAO', pessoaTipo: 'BENEFICIARIO', beneficiarioId: aut.beneficiario_id, autorizacao: aut.numero });
    expect(status, body).toBe(201);
    expect(alertsOf(body)[0]).toMatchObject({ type: 'success', value: `Atendimento registrado sob o protocolo nº ${d.protocolo}.` });
    expect(d.protocolo).toMatch(new RegExp(`^${registroAns}${DIA}\\d{6}$`));
    expect(d.protocolo).toHaveLength(20);
    expect(d).toMatchObject({ status: 'EM_ANDAMENTO', canal: 'TELEFONE', motivo: 'AUTORIZACAO', duracao: 12, atendenteNome: 'Olívia Operadora', version: 1, resultado: null });
    expect(d.autorizacao).toMatchObject({ numero: aut.numero });
    expect(d.historico).toEqual([expect.objectContaining({ acao: 'registrar', de: null, para: 'EM_ANDAMENTO', usuario: 'Olívia Operadora' })]);
    const trilha = await query<{ acao: string; usuario_login: string; depois: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, usuario_login, depois from trilha_eventos where entidade = 'atendimento' and registro_id = ${String(d.id)}`,
    );
    expect(trilha).toHaveLength(1);
    expect(trilha[0]).toMatchObject({ acao: 'insert', usuario_login: 'operadora', depois: expect.objectContaining({ protocolo: d.protocolo, status: 'EM_ANDAMENTO' }) });
    const get = await op({ method: 'GET', url: `/api/atendimentos/${d.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.json().result).toEqual(d);
  });

  it('takes a provider from its registry, and a contact still going on (no end)', async () => {
    const [p] = await query<{ id: number; nome: string; codigo: string }>(t.database.db, sql`select id, nome, codigo from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
    const r = await registrar({ ...base(), pessoaTipo: 'PRESTADOR', prestadorId: p.id, motivo: 'FINANCEIRO', data: HOJE, horaInicio: '00:00', horaFim: '' });
    expect(r.status, r.body).toBe(201);
    expect(r.d).toMatchObject({ pessoaNome: p.nome, pessoaCodigo: p.codigo, beneficiarioId: null, prestadorId: p.id, fim: null, duracao: null });
  });

  it('refuses what is wrong, field by field, in pt-BR, and writes nothing', async () => {
    const [{ n: antes }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from atendimentos`);
    const amanha = new Date(Date.parse(`${HOJE}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const casos: [Record<string, unknown>, string, string][] = [
      [{ descricao: '  ' }, 'descricao', 'Descreva o atendimento.'],
      [{ descricao: 'x'.repeat(2001) }, 'descricao', 'Descrição: no máximo 2000 caracteres.'],
      [{ canal: 'FAX' }, 'canal', 'Informe o canal do atendimento.'],
      [{ motivo: 'OUTRO' }, 'motivo', 'Informe o motivo do atendimento.'],
      [{ pessoaTipo: 'EMPRESA' }, 'pessoaTipo', 'Informe se o contato é de beneficiário ou de prestador.'],
      [{ beneficiarioId: undefined }, 'beneficiarioId', 'Escolha o beneficiário atendido.'],
      [{ pessoaTipo: 'PRESTADOR' }, 'prestadorId', 'Escolha o prestador atendido.'],
      [{ data: amanha }, 'data', 'A data do atendimento não pode ser futura.'],
      [{ data: '31/02/2025' }, 'data', 'Data do atendimento inválida. Use DD/MM/AAAA.'],
      [{ horaInicio: '' }, 'horaInicio', 'Informe a hora de início.'],
      [{ horaInicio: '25:00' }, 'horaInicio', 'Hora de início inválida. Use HH:MM.'],
      [{ horaFim: '09:00' }, 'horaFim', 'O término deve ser depois do início.'],
      [{ horaInicio: '08:00', horaFim: '17:00' }, 'horaFim', 'Um atendimento dura no máximo 8 horas.'],
      [{ autorizacao: 'abc' }, 'autorizacao', 'Número da autorização inválido: use só os dígitos da guia.'],
      [{ protocoloDocumento: '123' }, 'protocoloDocumento', 'Protocolo de documento inválido. Use AAAA/NNNNNN.'],
    ];
    for (const [patch, field, msg] of casos) {
      const r = await registrar({ ...base(), ...patch });
      expect(r.status, `${JSON.stringify(patch)} ${r.body}`).toBe(400);
      expect(campo(r.body), JSON.stringify(patch)).toContainEqual([field, msg]);
    }
    // the server's own checks: what does not exist, an authorization of someone else
    expect(campo((await registrar({ ...base(), beneficiarioId: 2_000_000_000 })).body)).toEqual([['beneficiarioId', 'Beneficiário não encontrado.']]);
    expect(campo((await registrar({ ...base(), autorizacao: '99999999999' })).body)).toEqual([['autorizacao', 'Autorização nº 99999999999 não encontrada.']]);
    const [outra] = await query<{ numero: string }>(t.database.db, sql`select numero from autorizacoes where beneficiario_id <> ${titularId} limit 1`);
    expect(campo((await registrar({ ...base(), autorizacao: outra.numero })).body)).toEqual([['autorizacao', `A autorização nº ${outra.numero} é de outro beneficiário.`]]);
    expect(campo((await registrar({ ...base(), protocoloDocumento: '1999/999999' })).body)).toEqual([['protocoloDocumento', 'Protocolo de documento nº 1999/999999 não encontrado.']]);
    const [{ n: depois }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from atendimentos`);
    expect(depois).toBe(antes);
  });

  it('links an existing document protocol', async () => {
    const [p] = await query<{ numero: string }>(t.database.db, sql`select numero from protocolos_documentos order by id limit 1`);
    const r = await registrar({ ...base(), motivo: 'REEMBOLSO', protocoloDocumento: p.numero });
    expect(r.status, r.body).toBe(201);
    expect(r.d.protocoloDocumento).toMatchObject({ numero: p.numero });
  });

  it('gives distinct, consecutive protocols to registrations made at the same moment', async () => {
    const N = 20;
    const results = await Promise.all(Array.from({ length: N }, (_, k) => registrar({ ...base(), descricao: `Contato em lote ${k + 1}` })));
    for (const r of results) expect(r.status, r.body).toBe(201);
    const seqs = results.map((r) => Number(r.d.protocolo.slice(14))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(N);
    expect(seqs.at(-1)! - seqs[0]).toBe(N - 1);
    const [{ ultimo }] = await query<{ ultimo: number }>(t.database.db, sql`select ultimo from atendimento_numeracao where dia = ${HOJE}`);
    const [{ max }] = await query<{ max: string }>(t.database.db, sql`select max(protocolo) as max from atendimentos where protocolo like ${`${registroAns}${DIA}%`}`);
    expect(Number(max.slice(14))).toBe(Number(ultimo));
  });
});

describe('the transitions', () => {
  it('concludes with an outcome (closing the end when open), reopens with a reason, refuses steps the table does not allow', async () => {
    const { d } = await registrar({ ...base(), data: HOJE, horaInicio: '00:00', horaFim: null });
    const semResultado = await transicao(d.id, { acao: 'concluir', version: 1 });
    expect(campo(semResultado.body)).toEqual([['resultado', 'Informe o resultado do atendimento.']]);
    const fim = await transicao(d.id, { acao: 'concluir', version: 1, resultado: 'RESOLVIDO', nota: 'Carteirinha virtual liberada.' });
    expect(fim.statusCode, fim.body).toBe(200);
    expect(alertsOf(fim.body)[0].value).toBe(`Atendimento ${d.protocolo} concluído: resolvido no contato.`);
    const c = fim.json().result as AtendimentoDetalhe;
    expect(c).toMatchObject({ status: 'CONCLUIDO', resultado: 'RESOLVIDO', version: 2 });
    expect(c.fim).not.toBeNull();
    expect(c.duracao).toBeGreaterThanOrEqual(0);
    for (const acao of ['concluir', 'cancelar'] as const) {
      const x = await transicao(d.id, { acao, version: 2, nota: 'tentativa', resultado: 'RESOLVIDO' });
      expect(x.statusCode, `${acao} ${x.body}`).toBe(422);
      expect(alertsOf(x.body)[0].value).toBe(msgTransicaoRecusada(acao, 'CONCLUIDO'));
    }
    expect(campo((await transicao(d.id, { acao: 'reabrir', version: 2 })).body)).toEqual([['nota', 'Informe o motivo da reabertura.']]);
    const reab = await transicao(d.id, { acao: 'reabrir', version: 2, nota: 'Beneficiária retornou: o aplicativo ainda não mostra a carteirinha.' });
    expect(reab.statusCode, reab.body).toBe(200);
    expect(reab.json().result).toMatchObject({ status: 'EM_ANDAMENTO', resultado: null, justificativa: 'Beneficiária retornou: o aplicativo ainda não mostra a carteirinha.', version: 3 });
    const cancel = await transicao(d.id, { acao: 'cancelar', version: 3, nota: 'Registrado em duplicidade.' });
    const r = cancel.json().result as AtendimentoDetalhe;
    expect(r.historico.map((h) => [h.acao, h.de, h.para, h.resultado])).toEqual([
      ['registrar', null, 'EM_ANDAMENTO', null],
      ['concluir', 'EM_ANDAMENTO', 'CONCLUIDO', 'RESOLVIDO'],
      ['reabrir', 'CONCLUIDO', 'EM_ANDAMENTO', null],
      ['cancelar', 'EM_ANDAMENTO', 'CANCELADO', null],
    ]);
    const reabrirCancelado = await transicao(d.id, { acao: 'reabrir', version: 4, nota: 'x' });
    expect(reabrirCancelado.statusCode).toBe(422);
    expect(alertsOf(reabrirCancelado.body)[0].value).toBe('Não é possível reabrir um atendimento com status "Cancelado".');
    const trilha = await query<{ acao: string }>(t.database.db, sql`select acao from trilha_eventos where entidade = 'atendimento' and registro_id = ${String(d.id)} order by id`);
    expect(trilha.map((e) => e.acao)).toEqual(['insert', 'update', 'update', 'update']);
  });

  it('answers 409 with the clear message to a stale version and changes nothing', async () => {
    const { d } = await registrar(base());
    const [a, b] = await Promise.all([transicao(d.id, { acao: 'concluir', version: 1, resultado: 'ENCAMINHADO' }), transicao(d.id, { acao: 'cancelar', version: 1, nota: 'Duplicado.' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(alertsOf((a.statusCode === 409 ? a : b).body)[0].value).toBe(APP_MSG.conflito);
    const atual = (await op({ method: 'GET', url: `/api/atendimentos/${d.id}` })).json().result as AtendimentoDetalhe;
    expect(atual.historico).toHaveLength(2);
  });

  it('answers 404 for a contact that does not exist and 400 for a bad action', async () => {
    expect((await op({ method: 'GET', url: '/api/atendimentos/999999' })).statusCode).toBe(404);
    expect((await transicao(999_999, { acao: 'cancelar', version: 1, nota: 'x' })).statusCode).toBe(404);
    expect(campo((await transicao(1, { acao: 'arquivar', version: 1 })).body)).toContainEqual(['acao', 'Ação inválida.']);
  });
});

describe('the list', () => {
  const fx: Record<string, AtendimentoDetalhe> = {};
  beforeAll(async () => {
    const r = async (k: string, patch: Record<string, unknown>) => (fx[k] = (await registrar({ ...base(), ...patch })).d);
    await r('jan', { data: '15/01/2024', canal: 'PRESENCIAL', motivo: 'RECLAMACAO', pessoaTipo: 'BENEFICIARIO', beneficiarioId: titularId });
    await r('fev', { data: '20/02/2024', canal: 'CHAT', motivo: 'REEMBOLSO' });
    await r('fev2', { data: '20/02/2024', canal: 'CHAT', motivo: 'REDE', horaInicio: '10:00', horaFim: '10:05' });
    await transicao(fx.fev2.id, { acao: 'concluir', version: 1, resultado: 'RESOLVIDO' });
  });

  it('lists the newest first, with the duration, and pages by cursor', async () => {
    const all = await lista('limit=500');
    expect(all.status, all.body).toBe(200);
    const keys = all.page.rows.map((r) => `${r.inicio}#${String(r.id).padStart(8, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(all.page.rows.find((r) => r.id === fx.fev2.id)).toMatchObject({ duracao: 5, status: 'CONCLUIDO', atendenteNome: 'Olívia Operadora' });
    const p1 = await lista('limit=3');
    const p2 = await lista(`limit=3&after=${p1.page.next}`);
    expect([...p1.page.rows, ...p2.page.rows].map((r) => r.id)).toEqual(all.page.rows.slice(0, 6).map((r) => r.id));
  });

  it('filters by protocol, person, channel, reason, status, period and attendant', async () => {
    expect(await idsOf(`protocolo=${fx.jan.protocolo}`)).toEqual([fx.jan.id]);
    expect(await idsOf(`protocolo=${Number(fx.jan.protocolo.slice(14))}`)).toContain(fx.jan.id);
    expect(await idsOf('protocolo=abc')).toEqual([]);
    expect(await idsOf('de=01/01/2024&ate=31/01/2024')).toEqual([fx.jan.id]);
    expect(await idsOf('de=20/02/2024&ate=20/02/2024')).toEqual([fx.fev2.id, fx.fev.id]);
    expect(await idsOf('de=20/02/2024&ate=20/02/2024&status=CONCLUIDO')).toEqual([fx.fev2.id]);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&canal=PRESENCIAL')).toEqual([fx.jan.id]);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&motivo=REDE')).toEqual([fx.fev2.id]);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&pessoa=beatriz%20almeida')).toHaveLength(3);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&atendente=olivia')).toHaveLength(3);
    expect(await idsOf('de=01/01/2024&ate=31/12/2024&atendente=marcos%20tavares')).toEqual([]);
    const resumo = await op({ method: 'GET', url: '/api/atendimentos/resumo?de=01/01/2024&ate=31/12/2024' });
    expect((resumo.json().result as ListSummary).total).toBe(3);
  });

  it('refuses invalid filters with the message and the parameter', async () => {
    const casos: [string, string, string][] = [
      ['status=PERDIDO', 'status', 'Selecione uma opção válida em Status.'],
      ['canal=FAX', 'canal', 'Selecione uma opção válida em Canal.'],
      ['de=31/02/2024', 'de', 'Período de: data inválida. Use DD/MM/AAAA.'],
      ['de=10/03/2024&ate=01/03/2024', 'ate', 'O período termina antes de começar.'],
    ];
    for (const [qs, field, msg] of casos) {
      const l = await lista(qs);
      expect(l.status, `${qs} ${l.body}`).toBe(400);
      expect(alertsOf(l.body).find((x) => x.field === field)?.value, `${qs}: ${l.body}`).toBe(msg);
    }
  });
});

describe('who may reach it', () => {
  it('refuses anyone without the command (403 with the message) and anyone without a session (401)', async () => {
    const { d } = await registrar(base());
    const calls = [
      { method: 'GET' as const, url: '/api/atendimentos' },
      { method: 'GET' as const, url: '/api/atendimentos/resumo' },
      { method: 'GET' as const, url: `/api/atendimentos/vizinhos?id=${d.id}` },
      { method: 'GET' as const, url: `/api/atendimentos/${d.id}` },
      { method: 'GET' as const, url: '/api/atendimentos/beneficiarios?termo=Beatriz' },
      { method: 'POST' as const, url: '/api/atendimentos', payload: base() },
      { method: 'POST' as const, url: `/api/atendimentos/${d.id}/transicao`, payload: { acao: 'cancelar', version: 1, nota: 'x' } },
    ];
    for (const login of ['prestador', 'prestadoradm', 'beneficiario', 'dependente', 'auditor', 'ouvidoria']) {
      const call = as(t.app, await loginAs(t.app, login));
      for (const c of calls) {
        const res = await call(c);
        expect(res.statusCode, `${login} ${c.method} ${c.url}`).toBe(403);
        expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
      }
    }
    for (const c of calls) expect((await as(t.app, undefined)(c)).statusCode).toBe(401);
  });

  it('the admin reaches it; nothing secret leaves', async () => {
    const admin = as(t.app, await loginAs(t.app, 'admin'));
    const l = await lista('limit=500', admin);
    expect(l.status).toBe(200);
    const one = await admin({ method: 'GET', url: `/api/atendimentos/${l.page.rows[0].id}` });
    // no secret key (a description may well say "informada a senha" of an authorization)
    for (const body of [l.body, one.body]) expect(body).not.toMatch(/"\w*(senha|hash|token)\w*"\s*:/i);
  });

  it('the form fills "now" in the operator’s time', () => {
    expect(horaSaoPaulo(new Date('2026-03-14T15:07:00Z'))).toBe('12:07');
  });
});

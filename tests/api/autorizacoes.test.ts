import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { CLIENT_MESSAGES } from '../../src/shared/clients';
import { APP_MSG } from '../../src/shared/messages';
import { MSG_JUSTIFICATIVA_NEGATIVA, type AutorizacaoDetalhe, type AutorizacaoLinha } from '../../src/shared/autorizacoes';
import type { ListPage } from '../../src/shared/lists/types';

type ListaAutorizacoes = ListPage<AutorizacaoLinha>;
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

let t: TestApp;
let tokens: Record<'auditor' | 'prestador' | 'operadora' | 'beneficiario', string>;
let benef: number;
let outroPrestador: number;
let meuPrestador: number;
const PROF = { conselho: '06', numero: '770001', uf: 'MG' };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const [b] = await query<{ id: number }>(db, sql`select id from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date) order by id limit 1`);
  benef = b.id;
  const [u] = await query<{ prestador_id: number }>(db, sql`select prestador_id from usuarios where login = 'prestador'`);
  const [p2] = await query<{ id: number }>(db, sql`select id from prestadores where id <> ${u.prestador_id} order by id limit 1`);
  outroPrestador = p2.id;
  meuPrestador = u.prestador_id;
  const [esp] = await query<{ id: number }>(db, sql`select id from especialidades order by id limit 1`);
  await db.execute(sql`insert into profissionais (nome, cpf, conselho, numero_conselho, uf_conselho, especialidade, ativo) values ('Dra. Helena Teste', '52998224725', 'CRM', '770001', 'MG', ${esp.id}, true)`);
  await db.execute(sql`insert into profissionais (nome, cpf, conselho, numero_conselho, uf_conselho, ativo) values ('Dr. Sem Especialidade', '11144477735', 'CRM', '770002', 'MG', true)`);
  tokens = {
    auditor: await loginAs(t.app, 'auditor'),
    prestador: await loginAs(t.app, 'prestador'),
    operadora: await loginAs(t.app, 'operadora'),
    beneficiario: await loginAs(t.app, 'beneficiario'),
  };
  // each user's own medical order, sent once (the same file may go with several of its sender's requests)
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) pdfs[who] = await sendFile(t.app, tokens[who]);
}, 60_000);
afterAll(() => t.close());

const call = (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: unknown) => as(t.app, tokens[who])({ method, url, ...(payload ? { payload: payload as object } : {}) });

const pdfs = {} as Record<'auditor' | 'prestador' | 'operadora' | 'beneficiario', number>;
function pedido(extra: Record<string, unknown> = {}, who: keyof typeof pdfs = 'prestador') {
  return {
    beneficiarioId: benef,
    profissional: PROF,
    carater: '1',
    indicacaoClinica: 'Dor lombar há 3 meses, sem melhora com analgésicos.',
    itens: [
      { tabela: '22', codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 10 },
      { tabela: '22', codigo: '40301630', descricao: 'Hemograma completo', quantidade: 4 },
    ],
    anexos: [{ arquivoId: pdfs[who], tipoDocumento: '03', tag: 'autorizacao_pedido_medico' }],
    ...extra,
  };
}

async function criar(who: keyof typeof tokens = 'prestador', extra: Record<string, unknown> = {}, tipo = 'sp-sadt'): Promise<AutorizacaoDetalhe> {
  const res = await call(who, 'POST', `/api/autorizacoes/tipo/${tipo}`, pedido(extra, who));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result;
}
const decidir = (id: number, body: Record<string, unknown>, who: keyof typeof tokens = 'auditor') => call(who, 'POST', `/api/autorizacoes/${id}/decisao`, body);

describe('creation', () => {
  it('a provider creates an SP/SADT request that goes to audit (Em análise) with its items, attachment and history', async () => {
    const d = await criar();
    expect(d.status).toBe(2);
    expect(d.tipo).toBe('SP_SADT');
    expect(d.itensDetalhe).toHaveLength(2);
    expect(d.anexos[0].tag).toBe('autorizacao_pedido_medico');
    expect(d.profissional.cbo).toMatch(/^\d{6}$/);
    expect(d.historico[0]).toMatchObject({ acao: 'criar', para: 2, usuario: 'Paulo Prestador' });
    expect(d.senha).toBeNull();
    const fila = await call('auditor', 'GET', `/api/autorizacoes/fila/medica?statusAutorizacao=Em%20An%C3%A1lise&numero=${d.numero}`);
    expect(fila.statusCode).toBe(200);
    expect((fila.json().result as ListaAutorizacoes).rows.map((r) => r.id)).toEqual([d.id]);
  });

  it("a guide's total is the exact sum of its items, beyond a 32-bit integer of centavos (money is 64-bit)", async () => {
    const db = t.database.db;
    // an OPME-grade price: R$ 9.000.000,00 a unit; 3 units pass 2^31 centavos (R$ 21,4 milhões)
    const [rm] = await query<{ valor: string | number }>(db, sql`select valor from procedimentos where codigo = '40808041'`);
    await db.execute(sql`update procedimentos set valor = 900000000 where codigo = '40808041'`);
    const [hemo] = await query<{ valor: string | number }>(db, sql`select valor from procedimentos where codigo = '40301630'`);
    try {
      const d = await criar('prestador', { itens: [{ tabela: '22', codigo: '40808041', descricao: 'RM', quantidade: 3 }, { tabela: '22', codigo: '40301630', descricao: 'Hemograma', quantidade: 2 }] });
      expect(d.itensDetalhe.map((i) => i.valor)).toEqual([900000000, Number(hemo.valor)]);
      expect(d.valor).toBe(3 * 900000000 + 2 * Number(hemo.valor));
      expect(d.valor).toBeGreaterThan(2 ** 31);
    } finally {
      await db.execute(sql`update procedimentos set valor = ${rm.valor} where codigo = '40808041'`);
    }
  });

  it('a consultation is authorized at once with a senha valid for 30 days', async () => {
    const d = await criar('prestador', { itens: [{ codigo: '10101012', descricao: 'Consulta em consultório', quantidade: 1 }], anexos: [] }, 'consulta');
    expect(d.status).toBe(1);
    expect(d.senha).toMatch(/^\d{9}$/);
    expect(d.validadeSenha).not.toBeNull();
    expect(d.itensDetalhe[0].quantidadeAutorizada).toBe(1);
  });

  it('refuses a request without the medical order attachment, an unknown CRM, and a professional without specialty (client messages)', async () => {
    let res = await call('prestador', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({ anexos: [] }));
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe('Anexe o pedido médico.');
    res = await call('prestador', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({ profissional: { conselho: '06', numero: '000000', uf: 'MG' } }));
    expect(res.statusCode).toBe(422);
    expect(alertsOf(res.body)[0].value).toBe(CLIENT_MESSAGES.crmSolicitanteNaoEncontrado);
    res = await call('prestador', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({ profissional: { conselho: '06', numero: '770002', uf: 'MG' } }));
    expect(res.statusCode).toBe(422);
    expect(alertsOf(res.body)[0].value).toBe(CLIENT_MESSAGES.medicoSemEspecialidade);
  });

  it('checks eligibility: suspended, cancelled, emergency in carência', async () => {
    const db = t.database.db;
    const [[s], [c], [k]] = await Promise.all(
      ['SUSPENSO', 'CANCELADO', 'ATIVO'].map((sit) => query<{ id: number }>(db, sql`select id from beneficiarios where situacao = 'ATIVO' and id <> ${benef} order by id desc limit 1 offset ${sit.length}`)),
    );
    await db.execute(sql`update beneficiarios set situacao = 'SUSPENSO' where id = ${s.id}`);
    await db.execute(sql`update beneficiarios set situacao = 'CANCELADO' where id = ${c.id}`);
    await db.execute(sql`update beneficiarios set fim_carencia = current_date + 30 where id = ${k.id}`);
    const tries: [number, string, string][] = [
      [s.id, '1', CLIENT_MESSAGES.beneficiarioSuspenso],
      [c.id, '1', CLIENT_MESSAGES.beneficiarioInativo],
      [k.id, '2', CLIENT_MESSAGES.urgenciaCarencia],
    ];
    for (const [id, carater, msg] of tries) {
      const res = await call('prestador', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({ beneficiarioId: id, carater }));
      expect(res.statusCode, res.body).toBe(422);
      expect(alertsOf(res.body)[0].value).toBe(msg);
    }
  });

  it('an extension (prorrogação) continues the same beneficiary\'s hospitalization of this provider; it lands in Prorrogações and in the medical queue', async () => {
    const INT = { tipoInternacao: '2', regimeInternacao: '1', diariasSolicitadas: 3, previsaoOpme: false, previsaoQuimio: false };
    const internacao = await criar('prestador', { cid: 'K359', clinicos: INT }, 'internacao');
    const sadt = await criar();
    const prorrogar = (extra: Record<string, unknown>, who: keyof typeof tokens = 'prestador') =>
      call(who, 'POST', '/api/autorizacoes/tipo/prorrogacao', pedido({ itens: [{ codigo: '60000775', descricao: 'Diária de enfermaria', quantidade: 2 }], ...extra }, who));
    const erro = async (extra: Record<string, unknown>, msg: string) => {
      const res = await prorrogar(extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(alertsOf(res.body)[0]).toMatchObject({ value: msg, field: 'referenciaId' });
    };
    await erro({}, 'Informe a guia referenciada.');
    await erro({ referenciaId: sadt.id }, 'A prorrogação deve referenciar uma guia de internação.');
    const [outraFamilia] = await query<{ id: number }>(t.database.db, sql`select id from beneficiarios where situacao = 'ATIVO' and id <> ${benef} and (fim_carencia is null or fim_carencia < current_date) order by id limit 1`);
    await erro({ referenciaId: internacao.id, beneficiarioId: outraFamilia.id }, 'A guia referenciada é de outro beneficiário.');
    // another provider's hospitalization answers as missing
    const [alheia] = await query<{ id: number; beneficiario_id: number }>(
      t.database.db,
      sql`select a.id, a.beneficiario_id from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id where a.tipo = 'INTERNACAO' and ${meuPrestador} not in (a.prestador_id, coalesce(a.prestador_executante_id, 0)) and b.situacao = 'ATIVO' and (b.fim_carencia is null or b.fim_carencia < current_date) limit 1`,
    );
    expect(alheia, 'uma internação de outro prestador na semente').toBeDefined();
    await erro({ referenciaId: alheia.id, beneficiarioId: alheia.beneficiario_id }, 'Guia referenciada não encontrada.');
    const ok = await prorrogar({ referenciaId: internacao.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const p = ok.json().result as AutorizacaoDetalhe;
    expect(p).toMatchObject({ tipo: 'PRORROGACAO', status: 2 });
    const lista = await call('prestador', 'GET', '/api/autorizacoes/lista/prorrogacoes?limit=500');
    expect(lista.statusCode, lista.body).toBe(200);
    const rows = (lista.json().result as ListaAutorizacoes).rows;
    expect(rows.map((r) => r.id)).toContain(p.id);
    expect(rows.every((r) => r.tipo === 'PRORROGACAO')).toBe(true);
    const fila = await call('auditor', 'GET', `/api/autorizacoes/fila/medica?statusAutorizacao=Em%20An%C3%A1lise&numero=${p.numero}`);
    expect((fila.json().result as ListaAutorizacoes).rows.map((r) => r.id)).toEqual([p.id]);
    // the auditor decides extensions in the queue; who lists Prorrogações may request them, so the auditor does not
    expect((await call('auditor', 'GET', '/api/autorizacoes/lista/prorrogacoes')).statusCode).toBe(403);
    expect((await prorrogar({ referenciaId: internacao.id, prestadorSolicitanteId: undefined }, 'auditor')).statusCode).toBe(403);
  });

  it('a primary-care (APS) guide is issued without a medical order and authorized at once; Guias APS and Guias sem Ônus Emitidas list only their type', async () => {
    const aps = await criar('operadora', { prestadorSolicitanteId: outroPrestador, itens: [{ codigo: '10101012', descricao: 'Consulta em consultório', quantidade: 1 }], anexos: [] }, 'aps');
    expect(aps).toMatchObject({ tipo: 'APS', status: 1 });
    expect(aps.senha).toMatch(/^\d{9}$/);
    const semPedido = await call('operadora', 'POST', '/api/autorizacoes/tipo/sem-onus', pedido({ prestadorSolicitanteId: outroPrestador, anexos: [] }, 'operadora'));
    expect(semPedido.statusCode).toBe(400);
    expect(alertsOf(semPedido.body)[0]).toMatchObject({ value: 'Anexe o pedido médico.', field: 'anexos' });
    const semOnus = await criar('operadora', { prestadorSolicitanteId: outroPrestador, itens: [{ codigo: '40301630', descricao: 'Hemograma completo', quantidade: 1 }] }, 'sem-onus');
    for (const [url, tipo, id] of [
      ['/api/autorizacoes/lista/guias-aps', 'APS', aps.id],
      ['/api/autorizacoes/lista/guias-sem-onus', 'SEM_ONUS', semOnus.id],
    ] as const) {
      const res = await call('operadora', 'GET', `${url}?limit=500`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json().result as ListaAutorizacoes).rows;
      expect(rows.map((r) => r.id)).toContain(id);
      expect(rows.every((r) => r.tipo === tipo)).toBe(true);
    }
  });

  it('a beneficiary cannot create a request (command visibility guards the endpoint)', async () => {
    const res = await call('beneficiario', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({}, 'beneficiario'));
    expect(res.statusCode).toBe(403);
  });
});

describe('decisions and transitions', () => {
  it('authorizes: status 1, every item in full, senha and validity; the history records who and when', async () => {
    const d = await criar();
    const res = await decidir(d.id, { acao: 'autorizar', version: d.version });
    expect(res.statusCode, res.body).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r.status).toBe(1);
    expect(r.senha).toMatch(/^\d{9}$/);
    expect(r.itensDetalhe.map((i) => i.quantidadeAutorizada)).toEqual([10, 4]);
    expect(r.historico.at(-1)).toMatchObject({ acao: 'autorizar', de: 2, para: 1, usuario: 'Aurora Auditora' });
    const [trilha] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'autorizacao' and registro_id = ${String(d.id)}`);
    expect(trilha.n).toBe(2);
  });

  it('authorizes partially per item quantity with a negativa code (status 7)', async () => {
    const d = await criar();
    const [a, b] = d.itensDetalhe;
    let res = await decidir(d.id, { acao: 'autorizarParcial', version: d.version, itens: [{ id: a.id, quantidadeAutorizada: 6 }] });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toContain('motivo da negativa');
    res = await decidir(d.id, { acao: 'autorizarParcial', version: d.version, itens: [{ id: a.id, quantidadeAutorizada: 11, motivoNegativa: '1423' }] });
    expect(res.statusCode).toBe(400);
    res = await decidir(d.id, { acao: 'autorizarParcial', version: d.version, itens: [{ id: a.id, quantidadeAutorizada: 6, motivoNegativa: '1423' }, { id: b.id, quantidadeAutorizada: 4 }] });
    expect(res.statusCode, res.body).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r.status).toBe(7);
    expect(r.itensDetalhe.map((i) => [i.quantidadeSolicitada, i.quantidadeAutorizada, i.motivoNegativa])).toEqual([
      [10, 6, '1423'],
      [4, 4, null],
    ]);
    expect(r.senha).not.toBeNull();
  });

  it('denies with a reason per item and a written justification; a denied request cannot be authorized afterwards', async () => {
    const d = await criar();
    const todos = d.itensDetalhe.map((i) => ({ id: i.id, motivoNegativa: '1438' }));
    const justificativa = 'Fora da diretriz de utilização do Rol para o quadro descrito.';
    // no justification, or one too short: refused with the message, nothing changes
    for (const motivo of [undefined, null, '   ', 'Não cabe.']) {
      const res = await decidir(d.id, { acao: 'negar', version: d.version, motivo, itens: todos });
      expect(res.statusCode, String(motivo)).toBe(400);
      expect(alertsOf(res.body)[0].value).toBe(MSG_JUSTIFICATIVA_NEGATIVA);
    }
    expect(((await call('auditor', 'GET', `/api/autorizacoes/${d.id}`)).json().result as AutorizacaoDetalhe).status).toBe(d.status);
    let res = await decidir(d.id, { acao: 'negar', version: d.version, motivo: justificativa, itens: [{ id: d.itensDetalhe[0].id, motivoNegativa: '1426' }] });
    expect(res.statusCode).toBe(400);
    res = await decidir(d.id, { acao: 'negar', version: d.version, motivo: justificativa, itens: todos });
    expect(res.statusCode, res.body).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r.status).toBe(3);
    expect(r.historico.at(-1)).toMatchObject({ acao: 'negar', motivo: justificativa });
    expect(r.itensDetalhe.every((i) => i.quantidadeAutorizada === 0 && i.motivoNegativa === '1438')).toBe(true);
    for (const acao of ['autorizar', 'pedirDocumentos', 'cancelar']) {
      const again = await decidir(d.id, { acao, version: r.version, motivo: 'x', responsavel: 'y' });
      expect(again.statusCode).toBe(422);
      expect(alertsOf(again.body)[0].value).toContain('Negado');
    }
  });

  it('asks justification (4), the provider answers (back to 2), asks documents (5), then authorizes', async () => {
    const d = await criar();
    let res = await decidir(d.id, { acao: 'pedirJustificativa', version: d.version });
    expect(res.statusCode).toBe(400);
    res = await decidir(d.id, { acao: 'pedirJustificativa', version: d.version, motivo: 'Enviar laudo da radiografia prévia.' });
    expect(res.json().result.status).toBe(4);
    // asking twice is refused: 4 → 4 is not a transition
    expect((await decidir(d.id, { acao: 'pedirJustificativa', version: 2, motivo: 'de novo' })).statusCode).toBe(422);
    res = await call('prestador', 'POST', `/api/autorizacoes/${d.id}/resposta`, { acao: 'responder', version: 2, motivo: 'Segue a justificativa: falha do tratamento conservador.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe(2);
    // the auditor's decisions are not the provider's
    expect((await call('prestador', 'POST', `/api/autorizacoes/${d.id}/resposta`, { acao: 'autorizar', version: 3 })).statusCode).toBe(403);
    expect((await call('prestador', 'POST', `/api/autorizacoes/${d.id}/decisao`, { acao: 'autorizar', version: 3 })).statusCode).toBe(403);
    res = await decidir(d.id, { acao: 'pedirDocumentos', version: 3, motivo: 'Anexar relatório médico.' });
    expect(res.json().result.status).toBe(5);
    res = await decidir(d.id, { acao: 'autorizar', version: 4 });
    expect(res.json().result.status).toBe(1);
    expect((res.json().result as AutorizacaoDetalhe).historico.map((h) => h.para)).toEqual([2, 4, 2, 5, 1]);
  });

  it('the provider answers with documents only (no text); the history names them and the request lists them', async () => {
    const d = await criar();
    await decidir(d.id, { acao: 'pedirDocumentos', version: d.version, motivo: 'Anexar laudo da ressonância anterior.' });
    let res = await call('prestador', 'POST', `/api/autorizacoes/${d.id}/resposta`, { acao: 'responder', version: 2 });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe('Escreva a justificativa técnica ou anexe os documentos pedidos.');
    // documents belong to the answer only
    res = await decidir(d.id, { acao: 'autorizar', version: 2, anexos: [{ arquivoId: pdfs.auditor, tag: 'autorizacao_resposta_auditoria' }] });
    expect(res.statusCode).toBe(400);
    res = await call('prestador', 'POST', `/api/autorizacoes/${d.id}/resposta`, {
      acao: 'responder',
      version: 2,
      anexos: [
        { arquivoId: await sendFile(t.app, tokens.prestador, 'laudo-rm-2024.pdf'), tag: 'autorizacao_resposta_auditoria' },
        { arquivoId: await sendFile(t.app, tokens.prestador, 'relatorio-medico.pdf'), tag: 'autorizacao_resposta_auditoria' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r.status).toBe(2);
    expect(r.anexos.map((a) => [a.nome, a.tag])).toEqual([
      ['pedido-medico.pdf', 'autorizacao_pedido_medico'],
      ['laudo-rm-2024.pdf', 'autorizacao_resposta_auditoria'],
      ['relatorio-medico.pdf', 'autorizacao_resposta_auditoria'],
    ]);
    expect(r.historico.at(-1)).toMatchObject({ acao: 'responder', de: 5, para: 2, usuario: 'Paulo Prestador', motivo: null, anexos: ['laudo-rm-2024.pdf', 'relatorio-medico.pdf'] });
    expect(r.historico.at(-1)!.emNomeDoPrestador).toBeUndefined();
  });

  it('the operator answers for the provider (recorded as such); the auditor and the beneficiary may not answer', async () => {
    const [me] = await query<{ beneficiario_id: number }>(t.database.db, sql`select beneficiario_id from usuarios where login = 'beneficiario'`);
    const d = await criar('prestador', { beneficiarioId: me.beneficiario_id });
    await decidir(d.id, { acao: 'pedirJustificativa', version: d.version, motivo: 'Justificar a quantidade.' });
    const body = { acao: 'responder', version: 2, motivo: 'Prestador informou por telefone: protocolo de 10 sessões.' };
    expect((await call('auditor', 'POST', `/api/autorizacoes/${d.id}/resposta`, body)).statusCode).toBe(403);
    expect((await call('beneficiario', 'POST', `/api/autorizacoes/${d.id}/resposta`, body)).statusCode).toBe(403);
    const res = await call('operadora', 'POST', `/api/autorizacoes/${d.id}/resposta`, body);
    expect(res.statusCode, res.body).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r.status).toBe(2);
    expect(r.historico.at(-1)).toMatchObject({ acao: 'responder', de: 4, para: 2, usuario: 'Olívia Operadora', motivo: body.motivo, emNomeDoPrestador: true });
    // an unknown request is a 404, not a 403
    expect((await call('operadora', 'POST', '/api/autorizacoes/2147483647/resposta', body)).statusCode).toBe(404);
  });

  it('cancels only with the reason and the responsible user (client message); a cancelled request is final', async () => {
    const d = await criar();
    let res = await decidir(d.id, { acao: 'cancelar', version: d.version, motivo: 'Solicitação duplicada' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe(CLIENT_MESSAGES.cancelamentoAutorizacao);
    res = await decidir(d.id, { acao: 'cancelar', version: d.version, responsavel: 'Aurora Auditora' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe(CLIENT_MESSAGES.cancelamentoAutorizacao);
    res = await decidir(d.id, { acao: 'cancelar', version: d.version, motivo: 'Solicitação duplicada', responsavel: 'Aurora Auditora' });
    expect(res.statusCode).toBe(200);
    const r: AutorizacaoDetalhe = res.json().result;
    expect(r).toMatchObject({ status: 6, motivo: 'Solicitação duplicada', responsavel: 'Aurora Auditora' });
    expect((await decidir(d.id, { acao: 'autorizar', version: r.version })).statusCode).toBe(422);
    expect((await decidir(d.id, { acao: 'cancelar', version: r.version, motivo: 'a', responsavel: 'b' })).statusCode).toBe(422);
  });

  it('an authorized request can still be cancelled; a partial one too', async () => {
    const d = await criar();
    const a = (await decidir(d.id, { acao: 'autorizar', version: 1 })).json().result;
    const c = await decidir(d.id, { acao: 'cancelar', version: a.version, motivo: 'Beneficiário desistiu', responsavel: 'Central' });
    expect(c.json().result.status).toBe(6);
  });

  it('two auditors deciding the same request: the second gets 409 with the clear message and nothing changes', async () => {
    const d = await criar();
    const first = await decidir(d.id, { acao: 'autorizar', version: d.version });
    expect(first.statusCode).toBe(200);
    const second = await decidir(d.id, { acao: 'negar', version: d.version, itens: d.itensDetalhe.map((i) => ({ id: i.id, motivoNegativa: '1426' })) }, 'operadora');
    expect(second.statusCode).toBe(409);
    expect(alertsOf(second.body)[0].value).toBe(APP_MSG.conflito);
    const now = (await call('auditor', 'GET', `/api/autorizacoes/${d.id}`)).json().result as AutorizacaoDetalhe;
    expect(now.status).toBe(1);
    expect(now.historico).toHaveLength(2);
  });
});

describe("the request form's pickers", () => {
  it('the operator finds beneficiaries by name (accents and case ignored), CPF or card; a provider only by the exact card or CPF', async () => {
    const [b] = await query<{ nome: string; cpf: string; carteirinha: string }>(t.database.db, sql`select nome, cpf, carteirinha from beneficiarios where id = ${benef}`);
    const por = async (who: 'prestador' | 'operadora', termo: string) => call(who, 'GET', `/api/autorizacoes/beneficiarios?termo=${encodeURIComponent(termo)}`);
    const ids = async (who: 'prestador' | 'operadora', termo: string) => ((await por(who, termo)).json().result as { id: number }[]).map((r) => r.id);
    const folded = b.nome.split(' ').slice(0, 2).join(' ').toUpperCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    expect(await ids('operadora', folded)).toContain(benef);
    expect(await ids('operadora', b.cpf)).toEqual([benef]);
    // a provider attends any beneficiary but cannot browse them (LGPD: health data): no name, no partial document
    const porNome = await por('prestador', folded);
    expect(porNome.statusCode).toBe(400);
    expect(alertsOf(porNome.body)[0]).toMatchObject({ field: 'termo', value: 'Informe a carteirinha (16 dígitos) ou o CPF do beneficiário.' });
    expect(await ids('prestador', b.cpf.slice(0, 6))).toEqual([]);
    expect(await ids('prestador', b.cpf)).toEqual([benef]);
    expect(await ids('prestador', b.carteirinha)).toEqual([benef]);
    expect(await ids('prestador', `${b.carteirinha.slice(0, 4)} ${b.carteirinha.slice(4, 8)} ${b.carteirinha.slice(8)}`)).toEqual([benef]);
    expect((await call('prestador', 'GET', '/api/autorizacoes/beneficiarios?termo=a')).statusCode).toBe(400);
    expect((await call('beneficiario', 'GET', '/api/autorizacoes/beneficiarios?termo=ana')).statusCode).toBe(403);
  });

  it('professionals by name or council number, with the TISS council code and the specialty CBO', async () => {
    const res = await call('prestador', 'GET', '/api/autorizacoes/profissionais?termo=770001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual([expect.objectContaining({ nome: 'Dra. Helena Teste', conselho: '06', conselhoSigla: 'CRM', numero: '770001', uf: 'MG', cbo: expect.stringMatching(/^\d{6}$/) })]);
    const porNome = (await call('operadora', 'GET', '/api/autorizacoes/profissionais?termo=dra.%20helena')).json().result as { numero: string }[];
    expect(porNome.map((p) => p.numero)).toContain('770001');
    expect((await call('beneficiario', 'GET', '/api/autorizacoes/profissionais?termo=helena')).statusCode).toBe(403);
  });
});

describe('record rules and lists', () => {
  it("a provider cannot see another provider's requests (detail, lists, decisions)", async () => {
    const outro = await criar('operadora', { prestadorSolicitanteId: outroPrestador });
    expect((await call('prestador', 'GET', `/api/autorizacoes/${outro.id}`)).statusCode).toBe(403);
    expect((await call('auditor', 'GET', `/api/autorizacoes/${outro.id}`)).statusCode).toBe(200);
    const lista = (await call('prestador', 'GET', '/api/autorizacoes?limit=500')).json().result as ListaAutorizacoes;
    expect(lista.rows.length).toBeGreaterThan(0);
    expect(lista.rows.some((r) => r.id === outro.id)).toBe(false);
    const [u] = await query<{ prestador_id: number }>(t.database.db, sql`select prestador_id from usuarios where login = 'prestador'`);
    const donos = await query<{ prestador_id: number; prestador_executante_id: number | null }>(
      t.database.db,
      sql`select prestador_id, prestador_executante_id from autorizacoes where id in (${sql.join(lista.rows.map((r) => sql`${r.id}`), sql`, `)})`,
    );
    expect(donos.every((r) => r.prestador_id === u.prestador_id || r.prestador_executante_id === u.prestador_id)).toBe(true);
    expect((await call('prestador', 'POST', `/api/autorizacoes/${outro.id}/resposta`, { acao: 'cancelar', version: 1, motivo: 'x', responsavel: 'y' })).statusCode).toBe(403);
    // a provider may not create in another provider's name
    expect((await call('prestador', 'POST', '/api/autorizacoes/tipo/sp-sadt', pedido({ prestadorSolicitanteId: outroPrestador }))).statusCode).toBe(403);
    // and the audit queues are not the provider's
    expect((await call('prestador', 'GET', '/api/autorizacoes/fila/medica')).statusCode).toBe(403);
  });

  it("a beneficiary follows only the family's requests", async () => {
    const [me] = await query<{ beneficiario_id: number }>(t.database.db, sql`select beneficiario_id from usuarios where login = 'beneficiario'`);
    const mine = await criar('prestador', { beneficiarioId: me.beneficiario_id });
    const res = await call('beneficiario', 'GET', '/api/autorizacoes/beneficiario');
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().result as ListaAutorizacoes).rows;
    expect(rows.some((r) => r.id === mine.id)).toBe(true);
    expect((await call('beneficiario', 'GET', `/api/autorizacoes/${mine.id}`)).statusCode).toBe(200);
    const [fora] = await query<{ id: number }>(
      t.database.db,
      sql`select id from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date)
        and coalesce(titular, id) <> (select coalesce(titular, id) from beneficiarios where id = ${me.beneficiario_id}) order by id limit 1`,
    );
    const other = await criar('prestador', { beneficiarioId: fora.id });
    expect((await call('beneficiario', 'GET', `/api/autorizacoes/${other.id}`)).statusCode).toBe(403);
    const again = (await call('beneficiario', 'GET', '/api/autorizacoes/beneficiario')).json().result as ListaAutorizacoes;
    expect(again.rows.some((r) => r.id === other.id)).toBe(false);
  });

  it('the medical queue filters by period, status, urgency and procedure, urgent first; the list and history carry totals', async () => {
    const urg = await criar('prestador', { carater: '2' });
    const hoje = new Date();
    const br = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    const res = await call('auditor', 'GET', `/api/autorizacoes/fila/medica?inicio=${br(new Date(hoje.getTime() - 360 * 86400000))}&termino=${br(hoje)}&statusAutorizacao=Em%20An%C3%A1lise`);
    expect(res.statusCode, res.body).toBe(200);
    const l = res.json().result as ListaAutorizacoes;
    expect(l.rows.every((r) => r.status === 2)).toBe(true);
    expect(l.rows[0].carater).toBe('2');
    expect(l.rows.some((r) => r.id === urg.id)).toBe(true);
    const porProc = (await call('auditor', 'GET', '/api/autorizacoes/fila/medica?procedimento=40808041&carater=2')).json().result as ListaAutorizacoes;
    expect(porProc.rows.map((r) => r.id)).toContain(urg.id);
    expect(porProc.rows.every((r) => r.carater === '2')).toBe(true);
    expect((await call('auditor', 'GET', '/api/autorizacoes/fila/medica?inicio=31/02/x')).statusCode).toBe(400);
    const hist = await call('auditor', 'GET', `/api/autorizacoes/historico?beneficiarioId=${benef}`);
    expect(hist.statusCode).toBe(200);
    const h = hist.json().result as ListaAutorizacoes;
    expect(h.totals!.solicitados).toBe(h.total);
    expect(h.totals!.autorizados).toBeGreaterThan(0);
    expect((await call('auditor', 'GET', '/api/autorizacoes/historico')).statusCode).toBe(400);
  });
});

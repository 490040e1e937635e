import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { familyOf } from '../../src/server/policy';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { MSG_ANEXOS, msgSolicitada, msgTransicaoRecusada, type AdesaoDetalhe, type AdesaoLinha } from '../../src/shared/adesoes';
import type { ListPage } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import { isValidDocument } from '../../src/shared/validation/br';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/**
 * Adesão Dependente Familiar: the titular asks to add a dependent (data checked beside each field, documents
 * attached), the operator approves — the dependent is created in the family with the SIB's fields and the titular's
 * plan, a new matrícula of the family's root and a card issued — or refuses with a reason; the titular withdraws.
 * The family sees only its own requests; every step goes to the trail.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let opToken: string;
let benef: ReturnType<typeof as>;
let benefToken: string;
let dep: ReturnType<typeof as>;
let prest: ReturnType<typeof as>;
let ouv: ReturnType<typeof as>;
let titularId: number;
let outroTitular: { id: number; nome: string };
let registroAns: string;
const HOJE = hojeSaoPaulo();

/** A CPF with its check digits from 9 base digits (as the Receita computes them). */
function cpf(base: string): string {
  const d = [...base].map(Number);
  const dv = (n: number) => ((d.slice(0, n).reduce((s, x, i) => s + x * (n + 1 - i), 0) * 10) % 11) % 10;
  d.push(dv(9));
  d.push(dv(10));
  return d.join('');
}
const CPF_LAURA = cpf('418305726');
const CPF_MIGUEL = cpf('527461093');
const CPF_OUTRA = cpf('630187254');

const pedido = (over: Record<string, unknown> = {}) => ({
  nome: 'Laura Almeida Souza',
  cpf: CPF_LAURA,
  dataNascimento: '14/03/2019',
  sexo: '3',
  relacaoDependencia: '4',
  nomeMae: 'Beatriz Almeida Souza',
  observacao: 'Filha adotiva: segue a certidão com a averbação.',
  ...over,
});
const solicitar = async (body: Record<string, unknown>, call = benef) => {
  const res = await call({ method: 'POST', url: '/api/adesoes', payload: body });
  return { status: res.statusCode, body: res.body, d: (res.statusCode === 201 ? res.json().result : undefined) as AdesaoDetalhe };
};
const ler = (id: number, call = op) => call({ method: 'GET', url: `/api/adesoes/${id}` });
const decidir = (id: number, body: Record<string, unknown>, call = op) => call({ method: 'POST', url: `/api/adesoes/${id}/decisao`, payload: body });
const lista = async (qs = '', call = op) => {
  const res = await call({ method: 'GET', url: `/api/adesoes?limit=500${qs ? `&${qs}` : ''}` });
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<AdesaoLinha> };
};
const doc = async (token = benefToken, nome = 'certidao-nascimento.pdf') => sendFile(t.app, token, nome);

beforeAll(async () => {
  t = await startTestApp();
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
  benefToken = await loginAs(t.app, 'beneficiario');
  benef = as(t.app, benefToken);
  dep = as(t.app, await loginAs(t.app, 'dependente'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  ouv = as(t.app, await loginAs(t.app, 'ouvidoria'));
  const db = t.database.db;
  [{ id: titularId }] = await query<{ id: number }>(db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf}`);
  // another active family, with no spouse yet (the spouse case below)
  [outroTitular] = await query<{ id: number; nome: string }>(
    db,
    sql`select t.id, t.nome from beneficiarios t where t.relacao_dependencia = '1' and t.titular is null and t.situacao = 'ATIVO' and t.id <> ${titularId}
      and not exists (select 1 from beneficiarios c where c.titular = t.id and c.relacao_dependencia = '3') order by t.id limit 1`,
  );
  [{ registro_ans: registroAns }] = await query<{ registro_ans: string }>(db, sql`select registro_ans from operadoras order by id limit 1`);
}, 60_000);
afterAll(() => t.close());

describe('asking', () => {
  it('gives the titular the RN 623 protocol at once, with the documents, the first step and the trail', async () => {
    const arquivo = await doc();
    const r = await solicitar(pedido({ anexos: [arquivo] }));
    expect(r.status, r.body).toBe(201);
    expect(alertsOf(r.body)).toEqual([{ type: 'success', value: msgSolicitada(r.d.protocolo) }]);
    expect(r.d.protocolo).toMatch(new RegExp(`^${registroAns}${HOJE.replaceAll('-', '')}\\d{6}$`));
    expect(r.d).toMatchObject({ status: 'SOLICITADA', titularId, nome: 'Laura Almeida Souza', cpf: CPF_LAURA, dataNascimento: '2019-03-14', relacaoDependencia: '4', dependente: null });
    expect(r.d.anexos.map((a) => a.nome)).toEqual(['certidao-nascimento.pdf']);
    expect(r.d.historico.map((h) => [h.acao, h.para])).toEqual([['solicitar', 'SOLICITADA']]);
    // the titular may only withdraw it
    expect(r.d.acoes).toEqual(['cancelar']);
    const trail = await query<{ acao: string; depois: { protocolo: string; cpf: string } }>(t.database.db, sql`select acao, depois from trilha_eventos where entidade = 'solicitacaoadesao' and registro_id = ${String(r.d.id)}`);
    expect(trail.map((x) => [x.acao, x.depois.protocolo, x.depois.cpf])).toEqual([['insert', r.d.protocolo, CPF_LAURA]]);
    // the operator reads the documents; a provider does not
    expect((await op({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(200);
    expect((await prest({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(404);
    // the same file cannot go with a second request
    expect((await solicitar(pedido({ cpf: CPF_OUTRA, nome: 'Outra Pessoa Souza', anexos: [arquivo] }))).status).toBe(400);
  });

  it('refuses bad data beside each field, all at once', async () => {
    const futuro = `${Number(HOJE.slice(0, 4)) + 1}-01-01`;
    const r = await solicitar(pedido({ nome: 'Laura', cpf: '12345678900', dataNascimento: futuro, relacaoDependencia: '1', sexo: 'X', nomeMae: '' }));
    expect(r.status).toBe(400);
    const campos = Object.fromEntries(alertsOf(r.body).map((a) => [a.field, a.value]));
    expect(campos).toMatchObject({
      nome: 'Nome do dependente: informe o nome completo, só com letras.',
      cpf: 'CPF inválido: os dígitos verificadores não conferem.',
      dataNascimento: 'A data de nascimento não pode ser futura.',
      relacaoDependencia: 'Informe o parentesco com o titular.',
      sexo: 'Informe o sexo.',
      nomeMae: 'Informe o nome da mãe do dependente.',
      anexos: MSG_ANEXOS,
    });
  });

  it('refuses the CPF of an active beneficiary and a second request for the same CPF', async () => {
    const ja = await solicitar(pedido({ cpf: DEMO_PESSOAS.dependente.cpf, anexos: [await doc()] }));
    expect(ja.status).toBe(400);
    expect(alertsOf(ja.body)[0]).toMatchObject({ field: 'cpf', value: expect.stringContaining(DEMO_PESSOAS.dependente.nome) });
    const dup = await solicitar(pedido({ anexos: [await doc()] }));
    expect(dup.status).toBe(400);
    expect(alertsOf(dup.body)[0]).toMatchObject({ field: 'cpf', value: expect.stringMatching(/^Já há uma solicitação de adesão aguardando análise para o CPF/) });
  });

  it('lets only a titular ask: the dependent and other roles are refused; the staff ask for a titular they choose', async () => {
    expect((await solicitar(pedido({ cpf: CPF_OUTRA, anexos: [] }), dep)).status).toBe(403);
    expect((await solicitar(pedido({ cpf: CPF_OUTRA, anexos: [] }), prest)).status).toBe(403);
    expect((await solicitar(pedido({ cpf: CPF_OUTRA, anexos: [] }), ouv)).status).toBe(403);
    // the staff must say whose family; a dependent is not a titular
    const sem = await solicitar(pedido({ cpf: CPF_OUTRA, anexos: [await doc(opToken)] }), op);
    expect(alertsOf(sem.body)).toEqual([{ type: 'error', field: 'titularId', value: 'Escolha o titular da família.' }]);
    const [{ id: dependenteId }] = await query<{ id: number }>(t.database.db, sql`select id from beneficiarios where cpf = ${DEMO_PESSOAS.dependente.cpf}`);
    const depComo = await solicitar(pedido({ cpf: CPF_OUTRA, titularId: dependenteId, anexos: [await doc(opToken)] }), op);
    expect(alertsOf(depComo.body)[0]).toMatchObject({ field: 'titularId', value: `${DEMO_PESSOAS.dependente.nome} é dependente: escolha o titular da família.` });
  });
});

describe('deciding', () => {
  it('approves: the dependent joins the family with the SIB fields, the titular’s plan and address, a new matrícula and a card', async () => {
    const db = t.database.db;
    const r = await solicitar(pedido({ nome: 'Miguel Almeida Souza', cpf: CPF_MIGUEL, cns: '', dataNascimento: '02/08/2021', sexo: '1', anexos: [await doc()] }));
    expect(r.status, r.body).toBe(201);
    // the titular's family does not see the staff's buttons; the operator does not see the titular's
    expect((await ler(r.d.id)).json().result.acoes).toEqual(['aprovar', 'recusar']);
    // a family cannot approve; an old version is a conflict
    expect((await decidir(r.d.id, { acao: 'aprovar', version: r.d.version }, benef)).statusCode).toBe(403);
    const velho = await decidir(r.d.id, { acao: 'aprovar', version: r.d.version + 1 });
    expect(velho.statusCode).toBe(409);
    expect(alertsOf(velho.body)[0].value).toBe(APP_MSG.conflito);

    const antes = (await familyOf(t.ctx, titularId))!.ids;
    const res = await decidir(r.d.id, { acao: 'aprovar', version: r.d.version });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result as AdesaoDetalhe;
    expect(d.status).toBe('APROVADA');
    expect(d.dependente).not.toBeNull();
    const depois = (await familyOf(t.ctx, titularId))!.ids;
    expect(depois).toEqual([...antes, d.dependente!.id]);

    const [novo] = await query<Record<string, unknown>>(
      db,
      sql`select b.matricula, b.carteirinha, b.nome, b.cpf, b.nome_mae, b.sexo, to_char(b.data_nascimento, 'YYYY-MM-DD') as nasc, b.relacao_dependencia, b.titular, b.situacao,
          to_char(b.data_adesao, 'YYYY-MM-DD') as adesao, b.produto = t.produto as mesmo_plano, b.cidade = t.cidade and b.cep = t.cep as mesmo_endereco, t.matricula as t_matricula
        from beneficiarios b join beneficiarios t on t.id = b.titular where b.id = ${d.dependente!.id}`,
    );
    expect(novo).toMatchObject({
      nome: 'Miguel Almeida Souza', cpf: CPF_MIGUEL, nome_mae: 'Beatriz Almeida Souza', sexo: '1', nasc: '2021-08-02', relacao_dependencia: '4',
      titular: titularId, situacao: 'ATIVO', adesao: HOJE, mesmo_plano: true, mesmo_endereco: true,
    });
    // the family's root and a sequence no one has; the card: prefix, matrícula and the mod-97 check
    const mat = novo.matricula as string;
    expect(mat.slice(0, 8)).toBe((novo.t_matricula as string).slice(0, 8));
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from beneficiarios where matricula = ${mat}`);
    expect(n).toBe(1);
    const card = novo.carteirinha as string;
    expect(card).toHaveLength(16);
    expect(card.slice(4, 14)).toBe(mat);
    expect(Number(BigInt(card.slice(0, 14)) % 97n)).toBe(Number(card.slice(14)));
    expect(d.dependente).toMatchObject({ matricula: mat, carteirinha: card, validade: `${Number(HOJE.slice(0, 4)) + 1}-12-31` });
    const cards = await query<{ via: number; situacao: string; motivo: string; carteirinha: string }>(db, sql`select via, situacao, motivo, carteirinha from cartoes where beneficiario_id = ${d.dependente!.id}`);
    expect(cards).toEqual([{ via: 1, situacao: 'ATIVO', motivo: 'PRIMEIRA_VIA', carteirinha: card }]);
    // the new dependent is in the trail, and so are the card and the step
    const trail = await query<{ entidade: string; acao: string }>(
      db,
      sql`select entidade, acao from trilha_eventos where (entidade = 'beneficiario' and registro_id = ${String(d.dependente!.id)}) or (entidade = 'solicitacaoadesao' and registro_id = ${String(d.id)}) or (entidade = 'cartao' and (depois->>'beneficiarioId')::int = ${d.dependente!.id}) order by id`,
    );
    expect(trail).toEqual([
      { entidade: 'solicitacaoadesao', acao: 'insert' },
      { entidade: 'beneficiario', acao: 'insert' },
      { entidade: 'cartao', acao: 'insert' },
      { entidade: 'solicitacaoadesao', acao: 'update' },
    ]);
    // decided once: approving again is refused with the workflow's message
    const de_novo = await decidir(d.id, { acao: 'aprovar', version: d.version });
    expect(de_novo.statusCode).toBe(422);
    expect(alertsOf(de_novo.body)[0].value).toBe(msgTransicaoRecusada('aprovar', 'APROVADA'));
    // the titular reads the approval as the operator's, with the card
    const visto = (await ler(d.id, benef)).json().result as AdesaoDetalhe;
    expect(visto.historico.map((h) => [h.acao, h.usuario])).toEqual([['solicitar', 'Beatriz Beneficiária'], ['aprovar', 'Operadora']]);
    expect(visto.dependente?.carteirinha).toBe(card);
  });

  it('refuses with a reason the titular reads; the titular withdraws their own, the staff cannot', async () => {
    const [lau] = (await lista(`status=SOLICITADA&dependente=${encodeURIComponent('Laura Almeida')}`)).page.rows;
    const sem = await decidir(lau.id, { acao: 'recusar', version: lau.version });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)).toEqual([{ type: 'error', field: 'nota', value: 'Informe o motivo da recusa.' }]);
    const motivo = 'A certidão enviada não traz a averbação da adoção: envie a certidão atualizada em uma nova solicitação.';
    const ok = await decidir(lau.id, { acao: 'recusar', version: lau.version, nota: motivo });
    expect(ok.statusCode, ok.body).toBe(200);
    const visto = (await ler(lau.id, benef)).json().result as AdesaoDetalhe;
    expect(visto).toMatchObject({ status: 'RECUSADA', motivo, dependente: null, acoes: [] });
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from beneficiarios where cpf = ${CPF_LAURA}`);
    expect(n).toBe(0);

    // refused, the CPF may be asked again; the titular withdraws it, the operator may not
    const r = await solicitar(pedido({ anexos: [await doc()] }));
    expect(r.status, r.body).toBe(201);
    expect((await decidir(r.d.id, { acao: 'cancelar', version: r.d.version })).statusCode).toBe(403);
    const c = await decidir(r.d.id, { acao: 'cancelar', version: r.d.version }, benef);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().result.status).toBe('CANCELADA');
  });

  it('keeps one active spouse per family, also when approving', async () => {
    const a = await solicitar(pedido({ titularId: outroTitular.id, nome: 'Renata Campos Vieira', cpf: cpf('741852963'), relacaoDependencia: '3', dataNascimento: '20/05/1985', nomeMae: 'Sônia Campos Vieira', anexos: [await doc(opToken)] }), op);
    const b = await solicitar(pedido({ titularId: outroTitular.id, nome: 'Juliana Prado Reis', cpf: cpf('852963741'), relacaoDependencia: '3', dataNascimento: '11/11/1987', nomeMae: 'Marta Prado Reis', anexos: [await doc(opToken)] }), op);
    expect([a.status, b.status], b.body).toEqual([201, 201]);
    expect((await decidir(a.d.id, { acao: 'aprovar', version: a.d.version })).statusCode).toBe(200);
    const recusa = await decidir(b.d.id, { acao: 'aprovar', version: b.d.version });
    expect(recusa.statusCode).toBe(400);
    expect(alertsOf(recusa.body)[0].value).toBe('A família já tem um cônjuge ou companheiro(a) ativo: Renata Campos Vieira.');
    // nothing of the refused approval stays
    expect((await ler(b.d.id)).json().result.status).toBe('SOLICITADA');
  });
});

describe('scope', () => {
  it('shows the family only its titular’s requests; another family’s answers as missing', async () => {
    const outras = (await lista(`titular=${encodeURIComponent(outroTitular.nome)}`)).page.rows;
    expect(outras.length).toBeGreaterThan(0);
    const minhas = (await lista('', benef)).page.rows;
    expect(minhas.length).toBeGreaterThanOrEqual(3);
    expect(new Set(minhas.map((m) => m.titularNome))).toEqual(new Set([DEMO_PESSOAS.titular.nome]));
    expect((await ler(outras[0].id, benef)).statusCode).toBe(404);
    expect((await decidir(outras[0].id, { acao: 'cancelar', version: outras[0].version }, benef)).statusCode).toBe(404);
    // roles without the screen
    for (const who of [dep, prest, ouv]) expect((await lista('', who)).status).toBe(403);
    expect(isValidDocument('cpf', CPF_LAURA)).toBe(true);
  });
});

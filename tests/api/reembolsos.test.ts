import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { MSG_REEMBOLSO } from '../../src/server/policy';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { isoToBr } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import type { ListPage } from '../../src/shared/lists/types';
import { msgSolicitado, msgTransicaoRecusada, PRAZO_PAGAMENTO_DIAS, REEMBOLSO_MSG, type ReembolsoDetalhe, type ReembolsoLinha } from '../../src/shared/reembolsos';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/**
 * Reembolso (issue 15, flow 7): the titular asks for a family member with the receipt (checked beside each field;
 * money in centavos, never more than two decimals), gets the RN 623 protocol; the desk protocols; the billing staff
 * analyse — free choice (3122), the network (3135), the plan's reimbursement table times its multiple, limited to
 * what was paid — and release or deny; the family follows it. Scope, segregation, idempotency and the trail.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let adm: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
let benefToken: string;
let opToken: string;
let prest: ReturnType<typeof as>;
let titularId: number;
let dependenteId: number;
let outroId: number;
const HOJE = hojeSaoPaulo();
const ONTEM = somarDias(HOJE, -1);
const db = () => t.ctx.db;
const count = async (table: string) => (await query<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

/** A CPF no provider or professional has (the professional out of the network). */
let cpfFora: string;
let consulta: { id: number; codigo: string };
/** A procedure priced by its reference value (no porte), odd, for the 1.5× rounding. */
let semPorte: { id: number; codigo: string; valor: number };
let porte2B: number;

const pedido = (over: Record<string, unknown> = {}) => ({
  beneficiarioId: dependenteId,
  profissionalNome: 'Dra. Renata Campos Lima',
  profissionalConselho: 'CRM',
  profissionalNumero: '45871',
  profissionalUf: 'MG',
  profissionalDocumento: cpfFora,
  procedimentoId: consulta.id,
  quantidade: 1,
  dataAtendimento: isoToBr(ONTEM),
  valorPago: 350_00,
  observacao: 'Consulta pediátrica particular.',
  ...over,
});
const solicitar = async (body: Record<string, unknown>, call = benef, chave?: string) => {
  const res = await call({ method: 'POST', url: '/api/reembolsos', payload: body, headers: chave ? { 'idempotency-key': chave } : {} });
  return { status: res.statusCode, body: res.body, d: ([200, 201].includes(res.statusCode) ? res.json().result : undefined) as ReembolsoDetalhe };
};
const passo = (tela: 'protocolos' | 'analises' | '', id: number, body: Record<string, unknown>, call = op) =>
  call({ method: 'POST', url: `/api/reembolsos${tela ? `/${tela}` : ''}/${id}/passo`, payload: body });
const ler = async (id: number, call = op, tela: 'protocolos' | 'analises' | '' = 'analises') => call({ method: 'GET', url: `/api/reembolsos${tela ? `/${tela}` : ''}/${id}` });
const detalheDe = async (id: number, call = op, tela: 'protocolos' | 'analises' | '' = 'analises') => (await ler(id, call, tela)).json().result as ReembolsoDetalhe;
const planoDaFamilia = async (nome: string) =>
  db().execute(sql`update beneficiarios set produto = (select id from produtos where nome = ${nome}) where id in (${titularId}, ${dependenteId})`);
/** Protocol then analyse: the request as the analysis left it. */
const protocolarEAnalisar = async (id: number, call = op) => {
  let d = await detalheDe(id, call, 'protocolos');
  const p = await passo('protocolos', id, { acao: 'protocolar', version: d.version }, call);
  expect(p.statusCode, p.body).toBe(200);
  d = p.json().result;
  const a = await passo('analises', id, { acao: 'analisar', version: d.version }, call);
  expect(a.statusCode, a.body).toBe(200);
  return a.json().result as ReembolsoDetalhe;
};

beforeAll(async () => {
  t = await startTestApp();
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
  adm = as(t.app, await loginAs(t.app, 'admin'));
  benefToken = await loginAs(t.app, 'beneficiario');
  benef = as(t.app, benefToken);
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  [{ id: titularId }] = await query<{ id: number }>(db(), sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.titular.matricula}`);
  [{ id: dependenteId }] = await query<{ id: number }>(db(), sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.dependente.matricula}`);
  [{ id: outroId }] = await query<{ id: number }>(db(), sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.suspenso.matricula}`);
  do cpfFora = generateCpf().replace(/\D/g, '');
  while ((await query(db(), sql`select 1 from prestadores where cpf = ${cpfFora} union all select 1 from profissionais where cpf = ${cpfFora}`)).length);
  [consulta] = await query<{ id: number; codigo: string }>(db(), sql`select id, codigo from procedimentos where codigo = '10101012'`);
  [semPorte] = await query<{ id: number; codigo: string; valor: number }>(
    db(),
    sql`select id, codigo, valor::int as valor from procedimentos where porte is null and ativo and valor % 2 = 1 and coalesce(sexo, 'A') = 'A' order by codigo limit 1`,
  );
  [{ valor: porte2B }] = await query<{ valor: number }>(
    db(),
    sql`select h.valor::int as valor from portes_honorarios h join tabelas_precos t on t.id = h.tabela_preco where t.codigo = 'CBHPM5' and h.porte = '2B' order by h.inicio_vigencia desc limit 1`,
  );
  await planoDaFamilia('Master Nacional');
}, 120_000);
afterAll(() => t?.close());

describe('Reembolso: pedido, protocolo, análise e liberação', () => {
  it('the plans carry free choice and the reimbursement table as reference data', async () => {
    const rows = await query<{ nome: string; livre_escolha: boolean; tabela: string | null; multiplo: string | null }>(
      db(),
      sql`select p.nome, p.livre_escolha, t.codigo as tabela, p.multiplo_reembolso::text as multiplo from produtos p left join tabelas_precos t on t.id = p.tabela_reembolso order by p.nome`,
    );
    expect(rows.find((r) => r.nome === 'Master Nacional')).toEqual({ nome: 'Master Nacional', livre_escolha: true, tabela: 'CBHPM5', multiplo: '2.00' });
    expect(rows.find((r) => r.nome === 'Empresarial Plus')).toMatchObject({ livre_escolha: true, tabela: 'CBHPM5', multiplo: '1.50' });
    expect(rows.find((r) => r.nome === 'Essencial Enfermaria')).toMatchObject({ livre_escolha: true, tabela: 'CBHPM5', multiplo: '1.00' });
    expect(rows.find((r) => r.nome === 'Odonto Clássico')).toMatchObject({ livre_escolha: false, tabela: null, multiplo: null });
    // the product form refuses free choice without a table
    const [p] = await query<{ id: number; version: number }>(db(), sql`select id, version from produtos where nome = 'Odonto Clássico'`);
    const r = await op({ method: 'GET', url: `/api/recursos/produtos/${p.id}` });
    const put = await op({ method: 'PUT', url: `/api/recursos/produtos/${p.id}`, payload: { ...r.json().result, livreEscolha: true, tabelaReembolso: null, version: p.version } });
    expect(put.statusCode).toBe(400);
    expect(alertsOf(put.body).map((a) => a.value)).toContain('Informe a tabela de reembolso do plano de livre escolha.');
  });

  it('refuses bad requests beside their fields, in Portuguese, storing nothing', async () => {
    const antes = [await count('reembolsos'), await count('reembolso_historico'), await count('reembolso_anexos')];
    const recibo = await sendFile(t.app, benefToken, 'recibo.pdf');
    const casos: [Record<string, unknown>, string, string][] = [
      [pedido({ anexos: [] }), 'anexos', REEMBOLSO_MSG.anexos],
      [pedido({ anexos: [recibo], profissionalDocumento: '123.456.789-00' }), 'profissionalDocumento', 'CPF inválido: os dígitos verificadores não conferem.'],
      [pedido({ anexos: [recibo], profissionalDocumento: '1234' }), 'profissionalDocumento', 'CPF ou CNPJ inválido: informe os 11 dígitos do CPF ou os 14 do CNPJ.'],
      [pedido({ anexos: [recibo], dataAtendimento: isoToBr(somarDias(HOJE, 1)) }), 'dataAtendimento', REEMBOLSO_MSG.dataFutura],
      [pedido({ anexos: [recibo], dataAtendimento: isoToBr(somarDias(HOJE, -400)) }), 'dataAtendimento', REEMBOLSO_MSG.dataAntiga],
      [pedido({ anexos: [recibo], dataAtendimento: '31/02/2026' }), 'dataAtendimento', 'Data do atendimento inválida. Use DD/MM/AAAA.'],
      // more than two decimals (350,005 in reais is 35000.5 centavos) is never rounded in silence
      [pedido({ anexos: [recibo], valorPago: 35000.5 }), 'valorPago', REEMBOLSO_MSG.valorInvalido],
      [pedido({ anexos: [recibo], valorPago: '350,00' }), 'valorPago', REEMBOLSO_MSG.valorInvalido],
      [pedido({ anexos: [recibo], valorPago: 0 }), 'valorPago', REEMBOLSO_MSG.valorZero],
      [pedido({ anexos: [recibo], valorPago: null }), 'valorPago', REEMBOLSO_MSG.valorVazio],
      [pedido({ anexos: [recibo], valorPago: 100_000_001 }), 'valorPago', REEMBOLSO_MSG.valorMaximo],
      [pedido({ anexos: [recibo], procedimentoId: null }), 'procedimentoId', REEMBOLSO_MSG.procedimento],
      [pedido({ anexos: [recibo], quantidade: 0 }), 'quantidade', 'A quantidade é de pelo menos 1.'],
      [pedido({ anexos: [recibo], profissionalConselho: 'XYZ' }), 'profissionalConselho', 'Informe o conselho profissional.'],
    ];
    for (const [body, campo, msg] of casos) {
      const r = await solicitar(body);
      expect(r.status, `${campo}: ${r.body}`).toBe(400);
      expect(alertsOf(r.body), campo).toContainEqual(expect.objectContaining({ value: msg, field: campo }));
    }
    // every refusal at once, each beside its field
    const varios = await solicitar(pedido({ anexos: [], valorPago: 0, profissionalNome: '' }));
    expect(alertsOf(varios.body).map((a) => a.field).sort()).toEqual(['anexos', 'profissionalNome', 'valorPago']);
    // another family's member; a file sent by someone else
    const alheio = await solicitar(pedido({ beneficiarioId: outroId, anexos: [recibo] }));
    expect(alheio.status).toBe(403);
    expect(alertsOf(alheio.body)[0].value).toBe(MSG_REEMBOLSO);
    const doOperador = await sendFile(t.app, opToken, 'recibo-operador.pdf');
    const arquivoAlheio = await solicitar(pedido({ anexos: [doOperador] }));
    expect(arquivoAlheio.status).toBe(400);
    expect(alertsOf(arquivoAlheio.body)[0]).toMatchObject({ value: 'Anexo não encontrado: envie o arquivo de novo.', field: 'anexos' });
    // a provider does not reach the beneficiary's screen at all
    expect((await solicitar(pedido({ anexos: [recibo] }), prest)).status).toBe(403);
    expect([await count('reembolsos'), await count('reembolso_historico'), await count('reembolso_anexos')]).toEqual(antes);
  });

  let id: number;
  it('the titular asks for the dependent with the receipt and gets the protocol; a repeated submission is the same request', async () => {
    const recibo = await sendFile(t.app, benefToken, 'recibo-consulta.pdf');
    const chave = `reemb-${Date.now()}`;
    const r = await solicitar(pedido({ anexos: [recibo] }), benef, chave);
    expect(r.status, r.body).toBe(201);
    expect(r.d.protocolo).toMatch(/^\d{20}$/);
    expect(alertsOf(r.body)[0].value).toBe(msgSolicitado(r.d.protocolo));
    expect(r.d).toMatchObject({ status: 'SOLICITADO', beneficiarioNome: DEMO_PESSOAS.dependente.nome, valorPago: 350_00, valorLiberado: null, procedimentoCodigo: '10101012', acoes: ['cancelar'] });
    expect(r.d.anexos.map((a) => a.nome)).toEqual(['recibo-consulta.pdf']);
    id = r.d.id;
    const n = await count('reembolsos');
    const de_novo = await solicitar(pedido({ anexos: [recibo] }), benef, chave);
    expect(de_novo.status).toBe(200);
    expect(de_novo.d.id).toBe(id);
    expect(await count('reembolsos')).toBe(n);
    // the same care asked again (another submission) is recognised
    const recibo2 = await sendFile(t.app, benefToken, 'recibo-consulta-2.pdf');
    const dup = await solicitar(pedido({ anexos: [recibo2] }));
    expect(dup.status).toBe(400);
    expect(alertsOf(dup.body)[0]).toMatchObject({ value: `Este atendimento já tem um pedido de reembolso (protocolo nº ${r.d.protocolo}).`, field: 'dataAtendimento' });
    const [trilha] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'reembolso' and registro_id = ${String(id)} and acao = 'insert'`);
    expect(trilha.n).toBe(1);
  });

  it('the family sees its own requests only; the receipt is read by the family and the staff, not by others', async () => {
    // another family's request, registered at the desk
    const recibo = await sendFile(t.app, opToken, 'recibo-outra-familia.pdf');
    const alheio = await solicitar(pedido({ beneficiarioId: outroId, anexos: [recibo] }), op);
    expect(alheio.status, alheio.body).toBe(201);
    const lista = (await benef({ method: 'GET', url: '/api/reembolsos?limit=100' })).json().result as ListPage<ReembolsoLinha>;
    expect(lista.rows.map((r) => r.id)).toContain(id);
    expect(lista.rows.map((r) => r.id)).not.toContain(alheio.d.id);
    expect(lista.rows.every((r) => ([DEMO_PESSOAS.titular.nome, DEMO_PESSOAS.dependente.nome] as string[]).includes(r.beneficiarioNome))).toBe(true);
    const fora = await ler(alheio.d.id, benef, '');
    expect(fora.statusCode).toBe(404);
    expect(fora.body).not.toContain(DEMO_PESSOAS.suspenso.nome);
    expect((await benef({ method: 'GET', url: `/api/arquivos/${recibo}` })).statusCode).toBe(404);
    expect((await ler(id, benef, '')).statusCode).toBe(200);
    expect((await ler(id, prest, '')).statusCode).toBe(403);
    const d = await detalheDe(id);
    const arquivo = d.anexos[0].id;
    expect((await op({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(200);
    expect((await benef({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(200);
    expect((await prest({ method: 'GET', url: `/api/arquivos/${arquivo}` })).statusCode).toBe(404);
    // the beneficiary does not protocol nor analyse (the staff's screens)
    expect((await passo('protocolos', id, { acao: 'protocolar', version: d.version }, benef)).statusCode).toBe(403);
    expect((await passo('analises', id, { acao: 'analisar', version: d.version }, benef)).statusCode).toBe(403);
    // the desk's screen does not take the analysis' steps (its schema knows only its own)
    const errada = await passo('protocolos', id, { acao: 'liberar', version: d.version });
    expect(errada.statusCode).toBe(400);
  });

  it('protocols, analyses by the plan table (2B × 2, limited to what was paid) and releases with "Liberado"; the family reads it', async () => {
    let d = await detalheDe(id, op, 'protocolos');
    expect(d.acoes).toEqual(['protocolar', 'negar']);
    // analysing before the protocol: the workflow's refusal
    const cedo = await passo('analises', id, { acao: 'analisar', version: d.version });
    expect(cedo.statusCode).toBe(422);
    expect(alertsOf(cedo.body)[0].value).toBe(msgTransicaoRecusada('analisar', 'SOLICITADO'));
    const p = await passo('protocolos', id, { acao: 'protocolar', version: d.version });
    expect(p.statusCode, p.body).toBe(200);
    d = p.json().result;
    expect(d.status).toBe('PROTOCOLADO');
    expect(d.prazoPagamento).toBe(somarDias(HOJE, PRAZO_PAGAMENTO_DIAS));
    // a stale version: 409, nothing moves
    expect((await passo('analises', id, { acao: 'analisar', version: d.version - 1 })).statusCode).toBe(409);
    const a = await passo('analises', id, { acao: 'analisar', version: d.version });
    expect(a.statusCode, a.body).toBe(200);
    d = a.json().result;
    const tabela = porte2B * 2;
    expect(d).toMatchObject({ status: 'ANALISADO', produtoNome: 'Master Nacional', valorTabela: tabela, valorLiberado: Math.min(tabela, 350_00), motivo: 'Liberado', glosa: null, acoes: ['liberar', 'negar'] });
    expect(d.calculo!.passos.map((x) => [x.base, x.fator, x.resultado])).toEqual([
      [porte2B, '—', porte2B],
      [porte2B, '× 2,0000', tabela],
    ]);
    expect(d.calculo!.verificacoes.map((v) => v.glosa)).toEqual([null, null]);
    const l = await passo('analises', id, { acao: 'liberar', version: d.version });
    expect(l.statusCode, l.body).toBe(200);
    expect(alertsOf(l.body)[0].value).toBe(`Reembolso ${d.protocolo} liberado: R$\u00a0${(tabela / 100).toFixed(2).replace('.', ',')}.`);
    const fam = await detalheDe(id, benef, '');
    expect(fam).toMatchObject({ status: 'LIBERADO', motivo: 'Liberado', valorLiberado: tabela, acoes: [] });
    // the family reads the operator's steps as the operator's
    expect(fam.historico.map((h) => [h.acao, h.usuario])).toEqual([
      ['solicitar', (await query<{ nome: string }>(db(), sql`select nome from usuarios where login = 'beneficiario'`))[0].nome],
      ['protocolar', 'Operadora'],
      ['analisar', 'Operadora'],
      ['liberar', 'Operadora'],
    ]);
    const trilha = await query<{ depois: { status: string } }>(db(), sql`select depois from trilha_eventos where entidade = 'reembolso' and registro_id = ${String(id)} and acao = 'update' order by id`);
    expect(trilha.map((x) => x.depois.status)).toEqual(['PROTOCOLADO', 'ANALISADO', 'LIBERADO']);
    // a closed request takes no step
    const fim = await passo('analises', id, { acao: 'negar', version: fam.version, nota: 'tarde demais' });
    expect(fim.statusCode).toBe(422);
    expect(alertsOf(fim.body)[0].value).toBe(msgTransicaoRecusada('negar', 'LIBERADO'));
  });

  it('limits to what was paid, rounds the 1.5 multiple half up per unit, then the quantity', async () => {
    await planoDaFamilia('Empresarial Plus');
    const recibo = await sendFile(t.app, benefToken, 'recibo-sessoes.pdf');
    const r = await solicitar(pedido({ beneficiarioId: titularId, procedimentoId: semPorte.id, quantidade: 3, valorPago: 999_999_00, anexos: [recibo] }));
    expect(r.status, r.body).toBe(201);
    const d = await protocolarEAnalisar(r.d.id);
    const unit = Math.floor((semPorte.valor * 3) / 2) + 1; // odd × 1.5 ends in ,5 centavo: half up
    expect(d.valorTabela).toBe(unit * 3);
    expect(d.valorLiberado).toBe(unit * 3);
    expect(d.calculo!.passos.map((x) => x.resultado)).toEqual([semPorte.valor, unit, unit * 3]);
    // paid less than the table: the amount paid
    const recibo2 = await sendFile(t.app, benefToken, 'recibo-barato.pdf');
    const b = await solicitar(pedido({ beneficiarioId: titularId, dataAtendimento: isoToBr(somarDias(HOJE, -3)), valorPago: 12_34, anexos: [recibo2] }));
    const db2 = await protocolarEAnalisar(b.d.id);
    expect(db2).toMatchObject({ valorTabela: Math.round(porte2B * 1.5), valorLiberado: 12_34, motivo: 'Liberado' });
    expect(db2.calculo!.passos.at(-1)).toMatchObject({ regra: 'Limitado ao valor pago pelo beneficiário', resultado: 12_34 });
    await planoDaFamilia('Master Nacional');
  });

  it('glosa 3122 in a plan without free choice: no release, denial with the reason', async () => {
    await planoDaFamilia('Odonto Clássico');
    const recibo = await sendFile(t.app, benefToken, 'recibo-3122.pdf');
    const r = await solicitar(pedido({ dataAtendimento: isoToBr(somarDias(HOJE, -5)), anexos: [recibo] }));
    const d = await protocolarEAnalisar(r.d.id);
    expect(d).toMatchObject({ status: 'ANALISADO', glosa: { codigo: '3122', descricao: 'Reembolso em plano sem livre escolha' }, valorLiberado: 0, valorTabela: null });
    expect(d.motivo).toBe('3122 – Reembolso em plano sem livre escolha');
    const lib = await passo('analises', d.id, { acao: 'liberar', version: d.version });
    expect(lib.statusCode).toBe(422);
    expect(alertsOf(lib.body)[0].value).toBe(REEMBOLSO_MSG.glosado('3122', 'Reembolso em plano sem livre escolha'));
    const semMotivo = await passo('analises', d.id, { acao: 'negar', version: d.version });
    expect(semMotivo.statusCode).toBe(400);
    expect(alertsOf(semMotivo.body)[0]).toMatchObject({ value: 'Informe o motivo da negativa.', field: 'nota' });
    const nega = await passo('analises', d.id, { acao: 'negar', version: d.version, nota: 'Plano Odonto Clássico sem livre escolha (cláusula 12).' });
    expect(nega.statusCode, nega.body).toBe(200);
    expect(await detalheDe(d.id, benef, '')).toMatchObject({ status: 'NEGADO', motivo: 'Plano Odonto Clássico sem livre escolha (cláusula 12).', glosa: { codigo: '3122' }, valorLiberado: 0 });
    await planoDaFamilia('Master Nacional');
  });

  it('glosa 3135 when the receipt is of a network provider or a professional linked to one', async () => {
    const recibo = await sendFile(t.app, benefToken, 'recibo-3135.pdf');
    const r = await solicitar(pedido({ dataAtendimento: isoToBr(somarDias(HOJE, -6)), profissionalNome: DEMO_PESSOAS.prestador.nome, profissionalDocumento: DEMO_PESSOAS.prestador.cnpj, anexos: [recibo] }));
    expect(r.status, r.body).toBe(201);
    const d = await protocolarEAnalisar(r.d.id);
    expect(d.glosa).toEqual({ codigo: '3135', descricao: 'Profissional do reembolso pertence à rede' });
    expect(d.calculo!.verificacoes[1].resultado).toContain(DEMO_PESSOAS.prestador.nome);
    // a professional of the network found by the council registration
    const [pf] = await query<{ conselho: string; numero: string; uf: string }>(
      db(),
      sql`select conselho, numero_conselho as numero, uf_conselho as uf from profissionais where ativo and prestador is not null and numero_conselho ~ '^[0-9A-Za-z-]+$' order by id limit 1`,
    );
    const recibo2 = await sendFile(t.app, benefToken, 'recibo-3135-b.pdf');
    const r2 = await solicitar(pedido({ dataAtendimento: isoToBr(somarDias(HOJE, -7)), profissionalConselho: pf.conselho, profissionalNumero: pf.numero, profissionalUf: pf.uf, anexos: [recibo2] }));
    expect(r2.status, r2.body).toBe(201);
    expect((await protocolarEAnalisar(r2.d.id)).glosa?.codigo).toBe('3135');
  });

  it('whoever registered a request (the staff on a beneficiary’s behalf) does not protocol nor decide it; another user does', async () => {
    const recibo = await sendFile(t.app, opToken, 'recibo-balcao.pdf');
    const r = await solicitar(pedido({ beneficiarioId: titularId, dataAtendimento: isoToBr(somarDias(HOJE, -8)), anexos: [recibo] }), op);
    expect(r.status, r.body).toBe(201);
    const d = await detalheDe(r.d.id, op, 'protocolos');
    expect(d).toMatchObject({ acoes: [], segregado: true });
    const mesmo = await passo('protocolos', d.id, { acao: 'protocolar', version: d.version });
    expect(mesmo.statusCode).toBe(403);
    expect(alertsOf(mesmo.body)[0].value).toBe(REEMBOLSO_MSG.segregacao);
    expect((await detalheDe(d.id)).status).toBe('SOLICITADO');
    const outro = await passo('protocolos', d.id, { acao: 'protocolar', version: d.version }, adm);
    expect(outro.statusCode, outro.body).toBe(200);
    // the family does not cancel what the desk has protocolled, and the staff never "withdraw" for it
    const fam = await detalheDe(d.id, benef, '');
    const cancela = await passo('', d.id, { acao: 'cancelar', version: fam.version }, benef);
    expect(cancela.statusCode).toBe(422);
    expect((await passo('', d.id, { acao: 'cancelar', version: fam.version }, op)).statusCode).toBe(403);
  });

  it('the family withdraws a request still waiting; not another family’s', async () => {
    const recibo = await sendFile(t.app, benefToken, 'recibo-desiste.pdf');
    const r = await solicitar(pedido({ dataAtendimento: isoToBr(somarDias(HOJE, -9)), anexos: [recibo] }));
    const ok = await passo('', r.d.id, { acao: 'cancelar', version: r.d.version, nota: 'Reembolsado pela empresa.' }, benef);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ status: 'CANCELADO', acoes: [] });
    const alheio = (await query<{ id: number; version: number }>(db(), sql`select id, version from reembolsos where beneficiario_id = ${outroId} and status = 'SOLICITADO' limit 1`))[0];
    const r2 = await passo('', alheio.id, { acao: 'cancelar', version: alheio.version }, benef);
    expect(r2.statusCode).toBe(404);
    expect(alertsOf(r2.body)[0].value).toBe('Pedido de reembolso não encontrado.');
    expect((await query<{ status: string }>(db(), sql`select status from reembolsos where id = ${alheio.id}`))[0].status).toBe('SOLICITADO');
  });

  it('the analysis list totals the paid and released amounts exactly', async () => {
    const r = await op({ method: 'GET', url: '/api/reembolsos/analises/resumo?status=LIBERADO' });
    expect(r.statusCode, r.body).toBe(200);
    const [s] = await query<{ pago: string; liberado: string }>(db(), sql`select sum(valor_pago_centavos)::text as pago, sum(valor_liberado_centavos)::text as liberado from reembolsos where status = 'LIBERADO'`);
    expect(r.json().result.totals).toEqual({ valorPago: Number(s.pago), valorLiberado: Number(s.liberado) });
    const fila = (await op({ method: 'GET', url: '/api/reembolsos/protocolos?status=SOLICITADO&limit=100' })).json().result as ListPage<ReembolsoLinha>;
    expect(fila.rows.every((x) => x.status === 'SOLICITADO')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Intercâmbio (copass): the partner's file of authorizations (received in the own network, priced by the provider's
 * table; sent to the partner's network, valued as it informs), the monthly movement per partner (each authorization
 * once), the exclusion of cards (removecartoes) and the analysis list with its totals. Values are worked out here
 * from the tables, apart from the product's pricing.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let opToken: string;
type Who = ReturnType<typeof as>;
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.database.db, s);

let parceira: { id: number; codigo: string; nome: string };
let prest: { id: number; codigo: string };
let proc: { codigo: string; valor: number };
let proprio: { id: number; cartao: string; nome: string };
const hoje = todayIso();
const dia = (n: number) => isoToBr(new Date(Date.parse(`${hoje}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10));
const cartao = (n: number) => `0032${String(9_000_000_000_000 + n)}`;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
  [parceira] = await q(sql`select id, codigo, nome from intercambios where codigo = '0032'`);
  // a provider priced by the procedure's reference value (no contracted table, no price class)
  [prest] = await q(sql`select id, codigo from prestadores where inicio_vigencia <= current_date - 60 and (fim_vigencia is null or fim_vigencia > current_date) order by id limit 1`);
  await t.database.db.execute(sql`update prestadores set tabela_preco = null, classe_preco = null where id = ${prest.id}`);
  const [p] = await q<{ codigo: string; valor: string }>(sql`select codigo, valor from procedimentos where codigo = '10101012'`);
  proc = { codigo: p.codigo, valor: Number(p.valor) };
  const [b] = await q<{ id: number; nome: string; matricula: string }>(sql`select id, nome, matricula from beneficiarios where situacao = 'ATIVO' and cartao_intercambio is null order by id desc limit 1`);
  proprio = { id: b.id, nome: b.nome, cartao: `0064${b.matricula}777` };
  await t.database.db.execute(sql`update beneficiarios set cartao_intercambio = ${proprio.cartao} where id = ${b.id}`);
}, 180_000);
afterAll(() => t?.close());

async function rodar(who: Who, tipo: string, comando: string, parametros: Record<string, unknown>) {
  const pv = await who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
  expect(pv.statusCode, pv.body).toBe(200);
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  return { previa: pv.json().result as { total: number; resumo: string; amostra: string[] }, job };
}

const CAB = 'direcao;numero;cartao;nome;nascimento;validade;data_atendimento;prestador;procedimento;quantidade;valor;senha';
async function importar(linhas: string[]) {
  const arquivo = await sendFile(t.app, opToken, 'intercambio.csv', Buffer.from([CAB, ...linhas].join('\n'), 'utf8'));
  return rodar(op, 'intercambio-autorizacoes', '/util/processo/autorizacao-intercambio', { intercambio: parceira.id, arquivo });
}

describe('Processar Autorizações de Intercâmbio', () => {
  it('records the partner’s authorizations line by line, with the own network’s price and the partner’s cards', async () => {
    const r = await importar([
      `R;RIO-1001;${cartao(1)};Ana Beatriz Lopes;12/04/1980;31/12/2030;${dia(40)};${prest.codigo};${proc.codigo};2;;S-77`,
      `R;RIO-1002;${cartao(2)};Bruno Tavares;01/01/1975;;${dia(35)};${prest.codigo};${proc.codigo};1;;`,
      `E;RIO-E1;${proprio.cartao};;;;${dia(30)};Hospital Copacabana;${proc.codigo};1;1.234,56;`,
      `R;RIO-1003;0031${String(9_000_000_000_000 + 3)};Carla Dias;01/01/1990;;${dia(20)};${prest.codigo};${proc.codigo};1;;`,
      `R;RIO-1001;${cartao(1)};Ana Beatriz Lopes;12/04/1980;;${dia(20)};${prest.codigo};${proc.codigo};1;;`,
      `E;RIO-E2;00649999999999999;;;;${dia(20)};Hospital Copacabana;${proc.codigo};1;100,00;`,
      `R;RIO-1004;${cartao(4)};Diego Lima;01/01/1990;;31/02/2026;${prest.codigo};${proc.codigo};1;;`,
      `X;RIO-1005;${cartao(5)};Edu;;;${dia(10)};${prest.codigo};${proc.codigo};1;;`,
    ]);
    const brl = (c: number) => `R$ ${(c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(r.previa.resumo.replace(/\s/g, ' ')).toBe(`${parceira.nome}: 2 autorizações recebidas (${brl(proc.valor * 3)} pela rede própria, 2 cartões) e 1 enviada (R$ 1.234,56) serão gravadas; 5 linhas recusadas.`);
    const auts = await q<{ numero_origem: string; direcao: string; valor_centavos: string; quantidade: number; cartao_id: number | null; beneficiario_id: number | null; senha: string | null }>(
      sql`select numero_origem, direcao, valor_centavos, quantidade, cartao_id, beneficiario_id, senha from autorizacoes_intercambio where intercambio_id = ${parceira.id} order by numero_origem`,
    );
    expect(auts.map((a) => [a.numero_origem, a.direcao, Number(a.valor_centavos)])).toEqual([
      ['RIO-1001', 'RECEBIDA', proc.valor * 2],
      ['RIO-1002', 'RECEBIDA', proc.valor],
      ['RIO-E1', 'ENVIADA', 123_456],
    ]);
    expect(auts[0].senha).toBe('S-77');
    expect(auts[2].beneficiario_id).toBe(proprio.id);
    const cards = await q<{ numero: string; nome: string; validade: string | null }>(sql`select numero, nome, validade::text from cartoes_intercambio where intercambio_id = ${parceira.id} order by numero`);
    expect(cards).toEqual([
      { numero: cartao(1), nome: 'Ana Beatriz Lopes', validade: '2030-12-31' },
      { numero: cartao(2), nome: 'Bruno Tavares', validade: null },
    ]);
    const log = (await op({ method: 'GET', url: `/api/execucoes/${r.job.id}` })).json().result.log as { mensagem: string }[];
    const m = log.map((l) => l.mensagem);
    expect(m).toContain(`Linha 5: O cartão 0031${String(9_000_000_000_000 + 3)} não é de ${parceira.nome}: o cartão da parceira começa por 0032.`);
    expect(m).toContain('Linha 6: A autorização RIO-1001 já aparece na linha 2.');
    expect(m).toContain('Linha 7: Cartão de intercâmbio 00649999999999999 não é de nenhum beneficiário próprio.');
    expect(m).toContain('Linha 8: Data do atendimento "31/02/2026" inválida: use DD/MM/AAAA.');
    expect(m).toContain('Linha 9: Direção "X" inválida: use R (recebida, rede própria) ou E (enviada, rede da parceira).');
    expect((await q(sql`select 1 from trilha_eventos where entidade = 'autorizacaointercambio'`)).length).toBeGreaterThanOrEqual(3);
    // the same number again is refused: it was received
    const again = await importar([`R;RIO-1002;${cartao(2)};Bruno Tavares;01/01/1975;;${dia(35)};${prest.codigo};${proc.codigo};1;;`]);
    expect(again.previa.resumo).toContain('1 linha recusada');
  });

  it('lists them with the search view and the totals to charge and to pay', async () => {
    const res = await op({ method: 'GET', url: `/api/intercambio/autorizacoes?parceira=${parceira.id}&limit=100` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result.rows as { numero: string; situacao: string; valor: number; cartao: string }[];
    expect(rows.map((r) => r.numero).sort()).toEqual(['RIO-1001', 'RIO-1002', 'RIO-E1']);
    expect(rows.every((r) => r.situacao === 'A_FATURAR')).toBe(true);
    const resumo = (await op({ method: 'GET', url: `/api/intercambio/autorizacoes/resumo?parceira=${parceira.id}` })).json().result;
    expect(resumo.totals).toEqual({ receber: proc.valor * 3, pagar: 123_456 });
    const env = (await op({ method: 'GET', url: `/api/intercambio/autorizacoes?parceira=${parceira.id}&direcao=ENVIADA` })).json().result.rows;
    expect(env).toHaveLength(1);
    expect(env[0].cartao).toBe(proprio.cartao);
    expect((await op({ method: 'GET', url: `/api/intercambio/autorizacoes?cartao=${cartao(1)}` })).json().result.rows).toHaveLength(1);
  });

  it('is refused to users without the command', async () => {
    const aud = as(t.app, await loginAs(t.app, 'auditor'));
    const r = await aud({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'intercambio-movimento', comando: '/util/processo/movimento-intercambio', parametros: { competencia: '012026' } } });
    expect(r.statusCode).toBe(403);
    const pr = as(t.app, await loginAs(t.app, 'prestador'));
    const l = await pr({ method: 'GET', url: '/api/intercambio/autorizacoes' });
    expect(l.statusCode).toBe(403);
    expect(alertsOf(l.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('Processar Movimento de Intercâmbio', () => {
  it('closes the month with each partner once, and a second run finds nothing', async () => {
    const comp = `${hoje.slice(5, 7)}${hoje.slice(0, 4)}`;
    const r = await rodar(op, 'intercambio-movimento', '/util/processo/movimento-intercambio', { competencia: comp, intercambio: parceira.id });
    expect(r.previa.resumo).toBe(`1 movimento será fechado em ${hoje.slice(5, 7)}/${hoje.slice(0, 4)} com 3 autorizações.`);
    const [m] = await q<{ id: number; recebidas: number; valor_receber_centavos: string; enviadas: number; valor_pagar_centavos: string; arquivo_id: number }>(
      sql`select id, recebidas, valor_receber_centavos, enviadas, valor_pagar_centavos, arquivo_id from movimentos_intercambio where intercambio_id = ${parceira.id}`,
    );
    expect([m.recebidas, Number(m.valor_receber_centavos), m.enviadas, Number(m.valor_pagar_centavos)]).toEqual([2, proc.valor * 3, 1, 123_456]);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from autorizacoes_intercambio where movimento_id = ${m.id}`))[0].n).toBe(3);
    const csv = (await op({ method: 'GET', url: `/api/arquivos/${m.arquivo_id}` })).rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(5);
    expect(csv.at(-1)).toContain(`a cobrar ${proc.valor * 3}; a pagar 123456; saldo ${proc.valor * 3 - 123_456}`);
    expect(r.job.arquivos[0].nome).toBe(`intercambio-0032-${hoje.slice(0, 7).replace('-', '')}.csv`);
    const de = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'intercambio-movimento', comando: '/util/processo/movimento-intercambio', parametros: { competencia: comp, intercambio: parceira.id } } });
    expect(de.json().result.resumo).toMatch(/^Nenhuma autorização de intercâmbio a faturar/);
    const futura = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'intercambio-movimento', comando: '/util/processo/movimento-intercambio', parametros: { competencia: '122099' } } });
    expect(futura.statusCode).toBe(400);
    expect(alertsOf(futura.body)[0].value).toBe('A competência não pode ser futura.');
  });
});

describe('Exclusão de Cartões de Intercâmbio', () => {
  it('excludes a card, with the trail, and an excluded card receives nothing more', async () => {
    const p = { intercambio: parceira.id, criterio: 'CARTAO', cartao: cartao(2), motivo: 'Cartão substituído pela parceira.' };
    const r = await rodar(op, 'intercambio-exclusao-cartoes', '/util/processo/exclusao-cartao-intercambio', p);
    expect(r.previa.resumo).toBe('1 cartão será excluído pelo motivo "Cartão substituído pela parceira.".');
    const [c] = await q<{ id: number; situacao: string; excluido_em: string; motivo_exclusao: string }>(sql`select id, situacao, excluido_em::text, motivo_exclusao from cartoes_intercambio where numero = ${cartao(2)}`);
    expect(c).toMatchObject({ situacao: 'EXCLUIDO', excluido_em: hoje, motivo_exclusao: 'Cartão substituído pela parceira.' });
    const [tr] = await q<{ depois: Record<string, unknown> }>(sql`select depois from trilha_eventos where entidade = 'cartaointercambio' and registro_id = ${String(c.id)} order by id desc limit 1`);
    expect(tr.depois).toMatchObject({ situacao: 'EXCLUIDO', motivoExclusao: 'Cartão substituído pela parceira.' });
    const again = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'intercambio-exclusao-cartoes', comando: '/util/processo/exclusao-cartao-intercambio', parametros: p } });
    const j = await waitForJob(op, again.json().result.id);
    expect(j.status).toBe('falhou');
    expect(j.erro).toBe('Este cartão já está excluído.');
    const imp = await importar([`R;RIO-2001;${cartao(2)};Bruno Tavares;01/01/1975;;${dia(1)};${prest.codigo};${proc.codigo};1;;`]);
    const log = (await op({ method: 'GET', url: `/api/execucoes/${imp.job.id}` })).json().result.log as { mensagem: string }[];
    expect(log.map((l) => l.mensagem)).toContain(`Linha 2: Cartão ${cartao(2)} excluído em ${isoToBr(hoje)}: não recebe novas autorizações.`);
    // the expired ones of the partner: counted by their validity
    const venc = await op({
      method: 'POST',
      url: '/api/execucoes/previa',
      payload: { tipo: 'intercambio-exclusao-cartoes', comando: '/util/processo/exclusao-cartao-intercambio', parametros: { intercambio: parceira.id, criterio: 'VENCIDOS', data: isoToBr(hoje), motivo: 'Vencidos.' } },
    });
    const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from cartoes_intercambio where intercambio_id = ${parceira.id} and situacao = 'ATIVO' and validade <= current_date`);
    expect(venc.json().result.total).toBe(n);
    const semData = await op({
      method: 'POST',
      url: '/api/execucoes/previa',
      payload: { tipo: 'intercambio-exclusao-cartoes', comando: '/util/processo/exclusao-cartao-intercambio', parametros: { intercambio: parceira.id, criterio: 'SEM_USO', motivo: 'Sem uso.' } },
    });
    expect(semData.statusCode).toBe(400);
    expect(alertsOf(semData.body).find((a) => a.field === 'data')?.value).toBe('Informe a data.');
  });
});

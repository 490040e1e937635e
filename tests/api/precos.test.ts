import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import type { CalculoResposta } from '../../src/shared/precos';
import { linha } from '../../src/shared/processos/layout';
import { LAYOUT_BRASINDICE } from '../../src/shared/processos/precos';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Prices: the calculation from the declared tables (base, price class, executing role, access route, urgency fee by
 * day and hour, quantity, the plan's share), the repricing of open authorizations, the provider's price list, the
 * procedure rules export and the Brasíndice import.
 */

let t: TestApp;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
let prestadorUser: ReturnType<typeof as>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  prestadorUser = as(t.app, await loginAs(t.app, 'prestador'));
}, 120_000);
afterAll(() => t?.close());

type Prest = { id: number; nome: string };
const prestadorDe = async (where: ReturnType<typeof sql>) =>
  (await query<Prest>(db(), sql`select p.id, p.nome from prestadores p where ${where} and p.inicio_vigencia <= '2025-03-01' and (p.fim_vigencia is null or p.fim_vigencia >= '2025-12-31') order by p.id limit 1`))[0];
const procId = async (codigo: string) => (await query<{ id: number; valor: string }>(db(), sql`select id, valor from procedimentos where codigo = ${codigo}`))[0];

describe('cálculo de procedimento', () => {
  let medico: Prest;
  let hospital: Prest;
  let clinica: Prest;
  beforeAll(async () => {
    medico = await prestadorDe(sql`p.tipo_pessoa = 'F' and p.classe_preco = (select id from classes_precos where codigo = 'CP01')`);
    hospital = await prestadorDe(sql`p.nome like 'Hospital%' and p.uf = 'MG'`);
    clinica = await prestadorDe(sql`p.tipo_pessoa = 'J' and p.nome not like 'Hospital%'`);
  });
  const calcular = (payload: Record<string, unknown>) => operadora({ method: 'POST', url: '/api/precos/calculo', payload });

  it('prices the consultation by the CBHPM fee size 2B, times the class factor, each step explained', async () => {
    const consulta = await procId('10101012');
    const r1 = await calcular({ prestador: medico.id, procedimento: consulta.id, data: '10/03/2025', quantidade: '1' });
    expect(r1.statusCode, r1.body).toBe(200);
    const a = r1.json().result as CalculoResposta;
    expect(a.prestador).toMatchObject({ nome: medico.nome, tabela: 'CBHPM 5ª edição', classe: 'CP01 – Tabela padrão' });
    expect(a.preco).toMatchObject({ ok: true, valorUnitario: 9000, valorTotal: 9000 });
    if (!a.preco.ok) throw new Error();
    expect(a.preco.passos).toEqual([
      { regra: 'Porte de honorário 2B da tabela CBHPM 5ª edição', base: 9000, fator: '—', resultado: 9000 },
      { regra: 'Classe de preço CP01 – Tabela padrão', base: 9000, fator: '× 1,0000', resultado: 9000 },
    ]);
    // a hospital of reference: 20 % on top; two consultations
    const r2 = await calcular({ prestador: hospital.id, procedimento: consulta.id, data: '10/03/2025', quantidade: '2' });
    const b = r2.json().result as CalculoResposta;
    if (!b.preco.ok) throw new Error(r2.body);
    expect(b.preco.passos.map((p) => [p.regra, p.base, p.fator, p.resultado])).toEqual([
      ['Porte de honorário 2B da tabela CBHPM 5ª edição', 9000, '—', 9000],
      ['Classe de preço CP03 – Hospitais de referência', 9000, '× 1,2000', 10800],
      ['Quantidade', 10800, '× 2', 21600],
    ]);
  });

  it('prices by the reference value under the own TUSS table (no fee sizes), with the clinic class, rounded to the centavo', async () => {
    const hemograma = await procId('40304361');
    const r = await calcular({ prestador: clinica.id, procedimento: hemograma.id, data: '10/03/2025', quantidade: '1' });
    const a = r.json().result as CalculoResposta;
    if (!a.preco.ok) throw new Error(r.body);
    const valor = Number(hemograma.valor);
    const comFator = Math.floor((valor * 105 + 50) / 100);
    expect(a.preco.passos).toEqual([
      { regra: 'Valor de referência do procedimento 40304361', base: valor, fator: '—', resultado: valor },
      { regra: 'Classe de preço CP04 – Clínicas credenciadas', base: valor, fator: '× 1,0500', resultado: comFator },
    ]);
  });

  it('applies the executing role, the access route and the urgency fee of the weekend or the night', async () => {
    const cesariana = await procId('31309054');
    const base = Number(cesariana.valor);
    const r = await calcular({ prestador: medico.id, procedimento: cesariana.id, data: '15/03/2025', quantidade: '1', grauParticipacao: '01', viaAcesso: '2', tecnica: '1', urgencia: true, hora: '10:30' });
    const a = r.json().result as CalculoResposta;
    if (!a.preco.ok) throw new Error(r.body);
    const aux = Math.floor((base * 30 + 50) / 100);
    const via = Math.floor((aux * 50 + 50) / 100);
    const urg = via + Math.floor((via * 30 + 50) / 100);
    expect(a.preco.passos.slice(2).map((p) => [p.regra, p.fator, p.resultado])).toEqual([
      ['Função executante: Primeiro auxiliar', '30%', aux],
      ['Via de acesso: Mesma via, técnica convencional', '50%', via],
      ['Taxa de urgência: Fim de semana e feriados, 00:00 a 23:59 em sábados, domingos e feriados', '+ 30%', urg],
    ]);
    // a weekday at 20:00 falls in the night window; at 10:00 no window applies (a note says so)
    const noite = (await calcular({ prestador: medico.id, procedimento: cesariana.id, data: '12/03/2025', quantidade: '1', urgencia: true, hora: '20:00' })).json().result as CalculoResposta;
    if (!noite.preco.ok) throw new Error();
    expect(noite.preco.passos.at(-1)).toMatchObject({ regra: 'Taxa de urgência: Noturno em dias úteis, 19:00 a 07:00 em dias úteis', fator: '+ 30%' });
    const dia = (await calcular({ prestador: medico.id, procedimento: cesariana.id, data: '12/03/2025', quantidade: '1', urgencia: true, hora: '10:00' })).json().result as CalculoResposta;
    if (!dia.preco.ok) throw new Error();
    expect(dia.preco.passos).toHaveLength(2);
    expect(dia.preco.notas).toContain('Urgência às 10:00 de 12/03/2025: nenhuma faixa de taxa de urgência se aplica.');
    // Tiradentes (a national holiday on a Monday) counts as the weekend
    const feriado = (await calcular({ prestador: medico.id, procedimento: cesariana.id, data: '21/04/2025', quantidade: '1', urgencia: true, hora: '10:00' })).json().result as CalculoResposta;
    if (!feriado.preco.ok) throw new Error();
    expect(feriado.preco.passos.at(-1)!.regra).toMatch(/^Taxa de urgência: Fim de semana e feriados, .* \(feriado: /);
  });

  it("shows the plan's coparticipation with its cap, without changing the provider's price", async () => {
    const [odonto] = await query<{ id: number }>(db(), sql`select id from produtos where nome = 'Odonto Clássico'`);
    const proc = await procId('84000198');
    const r = await calcular({ prestador: clinica.id, procedimento: proc.id, data: '10/03/2025', quantidade: '10', produto: odonto.id });
    const a = r.json().result as CalculoResposta;
    if (!a.preco.ok) throw new Error(r.body);
    const vinte = Math.floor((a.preco.valorTotal * 20 + 50) / 100);
    expect(a.coparticipacao!.passos[0]).toEqual({ regra: 'Coparticipação do plano Odonto Clássico', base: a.preco.valorTotal, fator: '20%', resultado: vinte });
    expect(a.coparticipacao!.valor).toBe(Math.min(vinte, 1500));
    if (vinte > 1500) expect(a.coparticipacao!.passos[1]).toMatchObject({ regra: 'Teto da coparticipação por procedimento', resultado: 1500 });
    expect(a.coparticipacao!.notas).toContain('Carência de 30 dias contada da adesão (acordo padrão do plano Odonto Clássico).');
  });

  it('refuses, in Portuguese, what the tables do not declare and what the form misses', async () => {
    const consulta = await procId('10101012');
    const sem = await calcular({ prestador: medico.id, procedimento: consulta.id, data: '10/03/2025', quantidade: '1', grauParticipacao: '05' });
    expect(sem.statusCode).toBe(422);
    expect(alertsOf(sem.body)[0].value).toBe('Não há percentual de função executante em vigência para Instrumentador em 10/03/2025.');
    const antes = await calcular({ prestador: medico.id, procedimento: consulta.id, data: '10/03/2010', quantidade: '1' });
    expect(alertsOf(antes.body)[0].value).toBe('O procedimento 10101012 não está em vigência em 10/03/2010.');
    const faltam = await calcular({ urgencia: true, quantidade: '0' });
    expect(faltam.statusCode).toBe(400);
    const campos = Object.fromEntries(alertsOf(faltam.body).map((a) => [a.field, a.value]));
    expect(Object.keys(campos).sort()).toEqual(['data', 'hora', 'prestador', 'procedimento', 'quantidade']);
    expect(campos.hora).toBe('Informe a hora do atendimento: a taxa de urgência depende dela.');
  });

  it('is refused to who does not have the command', async () => {
    for (const who of [beneficiario, prestadorUser]) {
      const r = await who({ method: 'POST', url: '/api/precos/calculo', payload: {} });
      expect(r.statusCode).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/precos/calculo', payload: {} })).statusCode).toBe(401);
  });
});

const fila = (tipo: string, comando: string, parametros: Record<string, unknown>) => operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
const previa = (tipo: string, comando: string, parametros: Record<string, unknown>) => operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
const baixar = async (id: number) => (await operadora({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload;
const iso2br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const reais = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, '0')}`;

describe('recálculo de atendimento', () => {
  const COMANDO = '/util/processo/recalculo-atendimento';
  const TIPO = 'recalculo-atendimento';
  type ItemEsperado = { id: number; autorizacao_id: number; numero: string; status: number; antes: string; quantidade: number; codigo: string; proc_valor: string; porte: string | null; tabela: string | null; fator: string | null };
  let prestador: number;
  let inicio: string;
  let fim: string;
  let itens: ItemEsperado[];
  beforeAll(async () => {
    // a clinic that executes or asks for open guides: its guides were priced at the reference value, without its class
    const [g] = await query<{ p: number; d: string }>(
      db(),
      sql`select coalesce(a.prestador_executante_id, a.prestador_id) as p, a.data_solicitacao::text as d from autorizacoes a
          join prestadores pr on pr.id = coalesce(a.prestador_executante_id, a.prestador_id)
          where a.status in (2, 4, 5) and pr.tipo_pessoa = 'J' and exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and i.tabela = '22')
          order by a.id limit 1`,
    );
    prestador = g.p;
    inicio = `${g.d.slice(0, 4)}-01-01`;
    fim = `${g.d.slice(0, 4)}-12-31`;
    itens = await query<ItemEsperado>(
      db(),
      sql`select i.id, i.autorizacao_id, a.numero, a.status, i.valor_centavos as antes, i.quantidade_solicitada as quantidade, i.codigo, p.valor as proc_valor, p.porte, tp.codigo as tabela, cp.fator::text as fator
          from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
          join prestadores pr on pr.id = coalesce(a.prestador_executante_id, a.prestador_id)
          left join tabelas_precos tp on tp.id = pr.tabela_preco left join classes_precos cp on cp.id = pr.classe_preco
          left join procedimentos p on p.codigo = i.codigo and i.tabela = '22'
          where (a.prestador_id = ${prestador} or a.prestador_executante_id = ${prestador}) and a.data_solicitacao between ${inicio} and ${fim}
          order by a.id, i.seq`,
    );
  });
  /** The expected unit value, computed here from the tables' numbers: porte 2B under CBHPM, else the reference value; times the class. */
  const esperado = (i: ItemEsperado) => {
    if (i.proc_valor == null) return Number(i.antes);
    const base = i.porte === '2B' && i.tabela === 'CBHPM5' ? 9000 : Number(i.proc_valor);
    const pts = Math.round(Number(i.fator ?? '1') * 10000);
    return Math.floor((base * pts + 5000) / 10000);
  };
  const params = () => ({ inicio: iso2br(inicio), fim: iso2br(fim), prestador: String(prestador) });

  it('previews how many open guides change and the total difference, without writing', async () => {
    const abertos = itens.filter((i) => [2, 4, 5].includes(i.status));
    const guias = new Map<number, { antes: number; depois: number }>();
    for (const i of abertos) {
      const g = guias.get(i.autorizacao_id) ?? { antes: 0, depois: 0 };
      g.antes += Number(i.antes) * i.quantidade;
      g.depois += esperado(i) * i.quantidade;
      guias.set(i.autorizacao_id, g);
    }
    const mudam = [...guias.values()].filter((g) => g.antes !== g.depois);
    const dif = mudam.reduce((s, g) => s + g.depois - g.antes, 0);
    expect(mudam.length).toBeGreaterThan(0);
    const r = await previa(TIPO, COMANDO, params());
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json().result;
    expect(res.total).toBe(mudam.length);
    expect(res.resumo).toBe(`${mudam.length} de ${guias.size} ${guias.size === 1 ? 'autorização aberta muda' : 'autorizações abertas mudam'} de valor; diferença total de ${dif < 0 ? '-' : '+'}R$\u00a0${reais(Math.abs(dif))}.`.replace(/(\d)(\d{3}),/, '$1.$2,'));
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'autorizacao'`);
    expect(n).toBe(0);
  });

  it('writes the new item values and totals of the open guides only, with the trail and the before/after report', async () => {
    const q = await fila(TIPO, COMANDO, params());
    expect(q.statusCode, q.body).toBe(201);
    const job = await waitForJob(operadora, q.json().result.id);
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const depois = new Map((await query<{ id: number; valor: string }>(db(), sql`select id, valor_centavos as valor from autorizacao_itens where id in (${sql.join(itens.map((i) => sql`${i.id}`), sql`, `)})`)).map((r) => [r.id, Number(r.valor)]));
    for (const i of itens) expect(depois.get(i.id), `item ${i.id} (status ${i.status})`).toBe([2, 4, 5].includes(i.status) ? esperado(i) : Number(i.antes));
    // each guide is worth the sum of its items again
    const [soma] = await query<{ n: number }>(db(), sql`select count(*)::int as n from autorizacoes a where a.valor_centavos <> (select sum(i.quantidade_solicitada * i.valor_centavos) from autorizacao_itens i where i.autorizacao_id = a.id)`);
    expect(soma.n).toBe(0);
    const mudaram = itens.filter((i) => [2, 4, 5].includes(i.status) && esperado(i) !== Number(i.antes));
    const guias = [...new Set(mudaram.map((i) => i.autorizacao_id))];
    const trilha = await query<{ registro_id: string; antes: { valor: number }; depois: { valor: number; recalculo: number }; usuario_login: string }>(
      db(),
      sql`select registro_id, antes, depois, usuario_login from trilha_eventos where entidade = 'autorizacao' and acao = 'update' order by id`,
    );
    expect(trilha.map((r) => Number(r.registro_id)).sort((a, b) => a - b)).toEqual(guias.sort((a, b) => a - b));
    expect(trilha[0]).toMatchObject({ usuario_login: 'operadora', depois: { recalculo: job.id } });

    const csv = job.arquivos.find((a) => a.nome.endsWith('.csv'))!;
    const texto = Buffer.from(await baixar(csv.id)).toString('utf8');
    expect(texto.startsWith('\uFEFFGuia;Data da solicitação;Prestador;Item;Código TUSS;Descrição;Quantidade;Valor unitário antes;Valor unitário depois;Total antes;Total depois;Diferença;Observação\r\n')).toBe(true);
    const linhas = texto.slice(1).trimEnd().split('\r\n').slice(1);
    expect(linhas).toHaveLength(mudaram.length);
    const m = mudaram[0];
    const linha = linhas.find((l) => l.startsWith(`${m.numero};`) && l.includes(`;${m.codigo};`))!;
    const cel = linha.split(';');
    expect(cel.slice(-6)).toEqual([reais(Number(m.antes)), reais(esperado(m)), reais(Number(m.antes) * m.quantidade), reais(esperado(m) * m.quantidade), reais((esperado(m) - Number(m.antes)) * m.quantidade), '']);
    const pdf = job.arquivos.find((a) => a.nome.endsWith('.pdf'))!;
    expect(Buffer.from(await baixar(pdf.id)).subarray(0, 5).toString()).toBe('%PDF-');
    // run again: nothing left to change
    const outra = (await previa(TIPO, COMANDO, params())).json().result;
    expect(outra.total).toBe(0);
    expect(outra.resumo).toMatch(/já (está|estão) com os preços das tabelas em vigência: nada a alterar\.$/);
  });

  it('checks the period and refuses who may not run it', async () => {
    const r = await previa(TIPO, COMANDO, { inicio: '10/03/2025', fim: '01/03/2025' });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)).toEqual([expect.objectContaining({ field: 'fim', value: 'A data final não pode ser anterior à inicial.' })]);
    const b = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: params() } });
    expect(b.statusCode).toBe(403);
  });
});

describe('exportar tabela de preço do prestador', () => {
  const COMANDO = '/util/exportacao/tabela-preco-prestador';
  const TIPO = 'exportacao-tabela-preco-prestador';
  it('writes every procedure in force, priced for the provider at the date, in CSV and XLSX', async () => {
    const [h] = await query<{ id: number; nome: string }>(db(), sql`select id, nome from prestadores where nome like 'Hospital%' and inicio_vigencia <= '2025-06-01' and (fim_vigencia is null or fim_vigencia > '2025-06-01') order by id limit 1`);
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from procedimentos p join grupos_procedimentos g on g.id = p.grupo where g.codigo = '001' and p.ativo and p.inicio_vigencia <= '2025-06-01' and (p.fim_vigencia is null or p.fim_vigencia >= '2025-06-01')`);
    const [g] = await query<{ id: number }>(db(), sql`select id from grupos_procedimentos where codigo = '001'`);
    const params = { prestador: String(h.id), data: '01/06/2025', grupo: String(g.id), formato: 'csv' };
    const pv = (await previa(TIPO, COMANDO, params)).json().result;
    expect(pv.resumo).toBe(`${n} procedimentos em vigência em 01/06/2025 entram na tabela de ${h.nome}.`);
    const job = await waitForJob(operadora, (await fila(TIPO, COMANDO, params)).json().result.id);
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const texto = Buffer.from(await baixar(job.arquivos[0].id)).toString('utf8');
    const linhas = texto.slice(1).trimEnd().split('\r\n');
    expect(linhas[0]).toBe('Código TUSS;Descrição;Grupo;Porte;Valor de referência;Base do preço;Classe de preço;Valor contratado');
    expect(linhas).toHaveLength(n + 1);
    const consulta = linhas.find((l) => l.startsWith('10101012;'))!.split(';');
    expect(consulta.slice(3)).toEqual(['2B', consulta[4], 'Porte de honorário 2B da tabela CBHPM 5ª edição', 'CP03 – Hospitais de referência (× 1,2000)', '108,00']);
    const xlsx = await waitForJob(operadora, (await fila(TIPO, COMANDO, { ...params, formato: 'xlsx' })).json().result.id);
    const bytes = Buffer.from(await baixar(xlsx.arquivos[0].id));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('exportar regras de procedimento', () => {
  const COMANDO = '/util/exportacao/regra-procedimento';
  const TIPO = 'exportacao-regra-procedimento';
  it('writes each procedure with its plans’ default agreements in the declared layout', async () => {
    const [odonto] = await query<{ id: number; registro_ans: string }>(db(), sql`select id, registro_ans from produtos where nome = 'Odonto Clássico'`);
    const acordos = await query<{ codigo: string; coberto: boolean; exige_autorizacao: boolean; carencia_dias: number | null; percentual: string | null; teto: string | null }>(
      db(),
      sql`select p.codigo, a.coberto, a.exige_autorizacao, a.carencia_dias, a.percentual_coparticipacao::text as percentual, a.valor_maximo_coparticipacao as teto
          from acordos_padrao_procedimentos a join procedimentos p on p.id = a.procedimento
          where a.produto = ${odonto.id} and a.inicio_vigencia <= '2025-06-01' and (a.fim_vigencia is null or a.fim_vigencia >= '2025-06-01') order by p.codigo`,
    );
    const params = { data: '01/06/2025', produto: String(odonto.id), somenteComAcordo: true };
    const pv = (await previa(TIPO, COMANDO, params)).json().result;
    expect(pv.resumo).toBe(`${acordos.length} procedimentos e ${acordos.length} acordos padrão entram no arquivo.`);
    const job = await waitForJob(operadora, (await fila(TIPO, COMANDO, params)).json().result.id);
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const texto = Buffer.from(await baixar(job.arquivos[0].id)).toString('latin1');
    const linhas = texto.split('\r\n');
    expect(linhas.pop()).toBe('');
    for (const l of linhas) expect(l).toHaveLength(150);
    const [op] = await query<{ registro_ans: string }>(db(), sql`select registro_ans from operadoras order by id limit 1`);
    expect(linhas[0].slice(0, 7)).toBe(op.registro_ans.padStart(7, '0'));
    expect(linhas[0].slice(15, 23)).toBe('01062025');
    expect(linhas).toHaveLength(2 + 2 * acordos.length);
    expect(linhas.at(-1)!.slice(0, 17)).toBe(`9${String(acordos.length).padStart(8, '0')}${String(acordos.length).padStart(8, '0')}`);
    // the 84000198 agreement: covered, no prior authorization, 30 days, 20 %, cap R$ 15,00
    const i = linhas.findIndex((l) => l.startsWith('184000198'));
    expect(linhas[i].slice(89, 91)).toBe('AS');
    expect(linhas[i].slice(107, 110)).toBe('001');
    const ac = linhas[i + 1];
    expect(ac.slice(0, 18)).toBe(`284000198${odonto.registro_ans.padStart(9, '0')}`);
    expect(ac.slice(18, 58)).toBe('ODONTO CLASSICO'.padEnd(40));
    expect(ac.slice(58, 81)).toBe('SNN' + '030' + '02000' + '000000001500');
    expect(ac.slice(81, 97)).toBe('01012024' + '00000000');
    const a = acordos.find((x) => x.codigo === '84000198')!;
    expect([a.coberto, a.exige_autorizacao, a.carencia_dias, a.percentual, Number(a.teto)]).toEqual([true, false, 30, '20.00', 1500]);
  });
});

describe('atualização do brasíndice', () => {
  const COMANDO = '/util/processo/brasindice';
  const TIPO = 'brasindice';
  type Med = { id: number; codigo_laboratorio: string; codigo_item: string; codigo_apresentacao: string; codigo_tuss: string; descricao: string; laboratorio: string; pmc: string; pfb: string };
  let meds: Med[];
  let arquivo: Buffer;
  let token: string;
  beforeAll(async () => {
    token = await loginAs(t.app, 'operadora');
    meds = await query<Med>(db(), sql`select id, codigo_laboratorio, codigo_item, codigo_apresentacao, codigo_tuss, descricao, laboratorio, pmc, pfb from brasindice_medicamentos order by id limit 2`);
    const reg = LAYOUT_BRASINDICE.registros[0];
    const de = (m: Med, pmc: number, pf: number) =>
      linha(reg, { tipo: 'MED', codigoLaboratorio: m.codigo_laboratorio, codigoItem: m.codigo_item, codigoApresentacao: m.codigo_apresentacao, codigoTuss: m.codigo_tuss, descricao: m.descricao.split(' - ')[0], laboratorio: m.laboratorio, apresentacao: m.descricao.split(' - ')[1] ?? '', pmc, pf, edicao: '202601', vigencia: '2026-01-15' });
    const nova = linha(reg, { tipo: 'MAT', codigoLaboratorio: '412', codigoItem: '07731', codigoApresentacao: '0002', codigoTuss: '', descricao: 'Cateter intravenoso periférico 22G', laboratorio: 'BD', apresentacao: 'Unidade estéril', pmc: 412, pf: 298, edicao: '202601', vigencia: '2026-01-15' });
    const pmc0 = Number(meds[0].pmc);
    const linhas = [
      de(meds[0], Math.round(pmc0 * 1.05), Math.round((pmc0 * 1.05) / 1.38)),
      de(meds[1], Number(meds[1].pmc) + 100, Number(meds[1].pfb) + 72),
      nova,
      nova.slice(0, 200),
      de(meds[1], 500, 900).replace(/^MED/, 'MED'),
      nova.slice(0, -8) + '31022026',
      de(meds[0], 100, 50),
    ];
    arquivo = Buffer.from(`${linhas.join('\r\n')}\r\n`, 'latin1');
  });
  const enviar = async () => sendFile(t.app, token, 'brasindice-202601.txt', arquivo);

  it('reads the demo edition kept in the file manager: medicines adjusted, two new catheters, one refused line', async () => {
    const [f] = await query<{ id: number }>(db(), sql`select id from arquivos where contexto = 'gerenciador' and nome = 'Brasíndice edição 2026-01.txt'`);
    const bytes = Buffer.from(await baixar(f.id));
    const id = await sendFile(t.app, token, 'Brasíndice edição 2026-01.txt', bytes);
    const [{ meds: nMeds, mats }] = await query<{ meds: number; mats: number }>(db(), sql`select (select count(*)::int from brasindice_medicamentos) as meds, (select count(*)::int from brasindice_materiais) as mats`);
    const res = (await previa(TIPO, COMANDO, { arquivo: id })).json().result;
    expect(res.resumo).toMatch(new RegExp(`^${nMeds + mats + 3} linhas: 2 apresentações novas, \\d+ alteradas e \\d+ sem alteração; 1 linha recusada\\. ${nMeds} valores de referência de materiais e medicamentos mudam\\.$`));
    expect(res.amostra[0]).toMatch(new RegExp(`^Linha ${nMeds + mats + 3}: o preço de fábrica \\(\\d{10}\\) é maior que o PMC \\(\\d{10}\\)\\.$`));
  });

  it('previews new, changed and unchanged presentations and the refused lines with their numbers', async () => {
    const id = await enviar();
    const r = await previa(TIPO, COMANDO, { arquivo: id });
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json().result;
    expect(res.resumo).toBe('7 linhas: 1 apresentação nova, 2 alteradas e 0 sem alteração; 4 linhas recusadas. 2 valores de referência de materiais e medicamentos mudam.');
    expect(res.amostra.slice(0, 4)).toEqual([
      'Linha 4: tem 200 posições; o layout tem 237.',
      'Linha 5: o preço de fábrica (0000000900) é maior que o PMC (0000000500).',
      'Linha 6: data de vigência "31022026" inválida (DDMMAAAA).',
      'Linha 7: apresentação repetida (já está na linha 1).',
    ]);
    const sem = await previa(TIPO, COMANDO, {});
    expect(alertsOf(sem.body)).toEqual([expect.objectContaining({ field: 'arquivo', value: 'Escolha o arquivo a importar.' })]);
  });

  it('updates the prices with history and trail, and the TUSS reference value follows the PMC', async () => {
    const id = await enviar();
    const job = await waitForJob(operadora, (await fila(TIPO, COMANDO, { arquivo: id })).json().result.id);
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const novoPmc = Math.round(Number(meds[0].pmc) * 1.05);
    const [m0] = await query<{ pmc: string; pfb: string; edicao: string; laboratorio: string }>(db(), sql`select pmc, pfb, edicao, laboratorio from brasindice_medicamentos where id = ${meds[0].id}`);
    expect([Number(m0.pmc), Number(m0.pfb), m0.edicao]).toEqual([novoPmc, Math.round((Number(meds[0].pmc) * 1.05) / 1.38), '202601']);
    const [ref] = await query<{ id: number; valor: string }>(db(), sql`select id, valor from medicamentos where codigo = ${meds[0].codigo_tuss}`);
    expect(Number(ref.valor)).toBe(novoPmc);
    const [mat] = await query<{ id: number; pmc: string; descricao: string }>(db(), sql`select id, pmc, descricao from brasindice_materiais where codigo_laboratorio = '412' and codigo_item = '07731' and codigo_apresentacao = '0002'`);
    expect({ ...mat, pmc: Number(mat.pmc) }).toMatchObject({ pmc: 412, descricao: 'CATETER INTRAVENOSO PERIFERICO 22G - UNIDADE ESTERIL' });
    const hist = (
      await query<{ entidade: string; registro_id: number; campo: string; antes: string | null; depois: string; vigencia: string }>(
        db(),
        sql`select entidade, registro_id, campo, valor_anterior_centavos::text as antes, valor_novo_centavos::text as depois, vigencia::text as vigencia from historico_precos where execucao_id = ${job.id} order by id`,
      )
    ).map((h) => ({ ...h, antes: h.antes == null ? null : Number(h.antes), depois: Number(h.depois) }));
    expect(hist).toContainEqual({ entidade: 'medicamento', registro_id: ref.id, campo: 'valor', antes: Number(meds[0].pmc), depois: novoPmc, vigencia: '2026-01-15' });
    expect(hist).toContainEqual({ entidade: 'brasindicematerial', registro_id: mat.id, campo: 'pmc', antes: null, depois: 412, vigencia: '2026-01-15' });
    const trilha = await query<{ entidade: string; acao: string; n: number }>(db(), sql`select entidade, acao, count(*)::int as n from trilha_eventos where entidade in ('brasindicemedicamento', 'brasindicematerial', 'medicamento') group by 1, 2 order by 1, 2`);
    expect(trilha).toEqual([
      { entidade: 'brasindicematerial', acao: 'insert', n: 1 },
      { entidade: 'brasindicemedicamento', acao: 'update', n: 2 },
      { entidade: 'medicamento', acao: 'update', n: 2 },
    ]);
    expect(job.log.filter((l) => l.nivel === 'aviso').map((l) => l.mensagem)).toContain('Linha 6: data de vigência "31022026" inválida (DDMMAAAA).');
    const csv = Buffer.from(await baixar(job.arquivos[0].id)).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFLinha;Tipo;Laboratório;Item;Apresentação;Código TUSS;Descrição;PMC antes;PMC depois;PF antes;PF depois;Valor de referência antes;Situação');
    expect(csv).toContain('\r\n4;;;;;;;;;;;;"Recusada: Linha 4: tem 200 posições; o layout tem 237."\r\n');
    // the same file again: nothing changes
    const again = (await previa(TIPO, COMANDO, { arquivo: await enviar() })).json().result;
    expect(again.resumo).toBe('7 linhas: 0 apresentações novas, 0 alteradas e 3 sem alteração; 4 linhas recusadas. 0 valores de referência de materiais e medicamentos mudam.');
  });

  it('refuses a file sent by someone else', async () => {
    const outro = await sendFile(t.app, await loginAs(t.app, 'admin'), 'brasindice.txt', arquivo);
    const r = await previa(TIPO, COMANDO, { arquivo: outro });
    expect(r.statusCode).toBe(422);
    expect(alertsOf(r.body)[0].value).toBe('O arquivo enviado não foi encontrado: escolha-o de novo.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import type { CalculoResposta } from '../../src/shared/precos';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

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

void waitForJob;

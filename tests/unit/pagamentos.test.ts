import { describe, expect, it } from 'vitest';
import { inteiroPorExtenso, valorPorExtenso } from '../../src/shared/pagamentos/extenso';
import { calcularRpa, faixaDe, type TabelasRpa } from '../../src/shared/pagamentos/rpa';
import { analisarReembolso } from '../../src/shared/reembolsos/calculo';
import type { ProcedimentoPreco, TabelasDePreco } from '../../src/shared/precos/calculo';

/** The 2025 tables the product seeds (Receita Federal, from May 2025; INSS ceiling 2025; ISS 2 %). */
const T: TabelasRpa = {
  aliquotaInss: '11.00',
  tetoInss: 815_741,
  faixasIrrf: [
    { faixaInicial: 0, faixaFinal: 242_880, aliquota: '0.00', deducao: 0 },
    { faixaInicial: 242_881, faixaFinal: 282_665, aliquota: '7.50', deducao: 18_216 },
    { faixaInicial: 282_666, faixaFinal: 375_105, aliquota: '15.00', deducao: 39_416 },
    { faixaInicial: 375_106, faixaFinal: 466_468, aliquota: '22.50', deducao: 67_549 },
    { faixaInicial: 466_469, faixaFinal: null, aliquota: '27.50', deducao: 90_873 },
  ],
  minimoIrrf: 1_000,
  aliquotaIss: '2.00',
};

describe('RPA withholdings', () => {
  it('exempt income: no IRRF, INSS and ISS only', () => {
    // 2.000,00: INSS 220,00; base 1.780,00 is below the first taxed bracket
    expect(calcularRpa(2_000_00, T)).toMatchObject({ inss: 220_00, irrf: 0, iss: 40_00, valorLiquido: 1_740_00 });
  });
  it('every bracket boundary to the centavo', () => {
    expect(faixaDe(T.faixasIrrf, 242_880)?.aliquota).toBe('0.00');
    expect(faixaDe(T.faixasIrrf, 242_881)?.aliquota).toBe('7.50');
    expect(faixaDe(T.faixasIrrf, 466_469)?.aliquota).toBe('27.50');
    // 5.000,00: INSS 550,00, base 4.450,00 at 22,5 % − 675,49 = 325,76
    expect(calcularRpa(5_000_00, T)).toMatchObject({ inss: 550_00, baseIrrf: 4_450_00, irrf: 325_76 });
  });
  it('two RPAs of a month withhold what one of their total would', () => {
    const um = calcularRpa(5_000_00, T);
    const a = calcularRpa(3_000_00, T);
    const b = calcularRpa(2_000_00, T, { bruto: 3_000_00, inss: a.inss, irrf: a.irrf });
    expect(a.inss + b.inss).toBe(um.inss);
    expect(a.irrf + b.irrf).toBe(um.irrf);
  });
  it('the INSS ceiling over the month', () => {
    const a = calcularRpa(7_000_00, T);
    const b = calcularRpa(7_000_00, T, { bruto: 7_000_00, inss: a.inss, irrf: a.irrf });
    expect(a.inss + b.inss).toBe(89_732); // 11 % of 8.157,41, half up
    expect(b.baseInss).toBe(8_157_41 - 7_000_00);
  });
  it('no ISS rate registered: none withheld, said in a note', () => {
    const r = calcularRpa(1_000_00, { ...T, aliquotaIss: null });
    expect(r.iss).toBe(0);
    expect(r.notas.join(' ')).toContain('ISS não retido');
  });
});

describe('amounts in words', () => {
  it.each([
    [0, 'zero real'],
    [1, 'um centavo'],
    [100, 'um real'],
    [1_01, 'um real e um centavo'],
    [100_00, 'cem reais'],
    [101_00, 'cento e um reais'],
    [1_000_00, 'mil reais'],
    [1_100_00, 'mil e cem reais'],
    [2_030_00, 'dois mil e trinta reais'],
    [2_591_91, 'dois mil quinhentos e noventa e um reais e noventa e um centavos'],
    [1_000_000_00, 'um milhão de reais'],
    [1_200_000_00, 'um milhão e duzentos mil reais'],
    [2_345_678_90, 'dois milhões trezentos e quarenta e cinco mil seiscentos e setenta e oito reais e noventa centavos'],
  ])('%i centavos', (c, texto) => expect(valorPorExtenso(c)).toBe(texto));
  it('teens and tens', () => {
    expect(inteiroPorExtenso(15)).toBe('quinze');
    expect(inteiroPorExtenso(90)).toBe('noventa');
    expect(inteiroPorExtenso(999)).toBe('novecentos e noventa e nove');
  });
});

describe('reimbursement analysis', () => {
  const tabelas: TabelasDePreco = {
    tabelas: new Map([[1, { id: 1, codigo: 'CBHPM5', descricao: 'CBHPM 5ª edição', ativo: true, inicioVigencia: '2024-01-01', fimVigencia: null }]]),
    classes: new Map(),
    portes: [{ porte: '2B', valor: 9_000, tabelaPreco: 1, inicioVigencia: '2024-01-01', fimVigencia: null }],
    funcoes: [],
    vias: [],
    urgencias: [],
    feriados: [],
  };
  const consulta: ProcedimentoPreco = { id: 1, codigo: '10101012', descricao: 'Consulta', porte: '2B', valor: 5_000, ativo: true, inicioVigencia: '2000-01-01', fimVigencia: null };
  const sessao: ProcedimentoPreco = { id: 2, codigo: '50000470', descricao: 'Sessão', porte: null, valor: 3_333, ativo: true, inicioVigencia: '2000-01-01', fimVigencia: null };
  const plano = { id: 1, nome: 'Master', livreEscolha: true, tabelaReembolso: 1, multiploReembolso: '2.50' };
  const glosas = new Map([
    ['3122', 'Reembolso em plano sem livre escolha'],
    ['3135', 'Profissional do reembolso pertence à rede'],
  ]);
  const base = { plano, rede: null, procedimento: consulta, data: '2026-03-10', quantidade: 1, valorPago: 500_00, glosas };
  it('the table fee times the multiple, up to what was paid', () => {
    expect(analisarReembolso(tabelas, base)).toMatchObject({ ok: true, glosa: null, valorTabela: 225_00, valorLiberado: 225_00 });
    expect(analisarReembolso(tabelas, { ...base, valorPago: 100_00 })).toMatchObject({ valorTabela: 225_00, valorLiberado: 100_00 });
  });
  it('the reference value when the table has no fee size; the multiple per unit, half up, then the quantity', () => {
    // 33,33 × 2,5 = 83,325 → 83,33; × 4 sessions
    expect(analisarReembolso(tabelas, { ...base, procedimento: sessao, quantidade: 4 })).toMatchObject({ valorTabela: 333_32, valorLiberado: 333_32 });
  });
  it('glosas 3122 (no free choice) before 3135 (the network)', () => {
    const rede = { prestadorId: 9, nome: 'Clínica da Rede', como: 'O CNPJ do recibo' };
    expect(analisarReembolso(tabelas, { ...base, plano: { ...plano, livreEscolha: false }, rede })).toMatchObject({ glosa: '3122', valorLiberado: 0, valorTabela: null });
    expect(analisarReembolso(tabelas, { ...base, rede })).toMatchObject({ glosa: '3135', valorLiberado: 0 });
  });
  it('a free-choice plan without a table cannot be priced', () => {
    expect(analisarReembolso(tabelas, { ...base, plano: { ...plano, tabelaReembolso: null } })).toEqual({ ok: false, motivo: 'O plano Master é de livre escolha mas não tem tabela de reembolso: cadastre-a em Produtos.' });
  });
});

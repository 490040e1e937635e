import { describe, expect, it } from 'vitest';
import { calcularRetencoesPj, vencimentoDe, type TabelasPj } from '../../src/shared/pagamentos/retencoes';

const PJ: TabelasPj = {
  aliquotas: [
    { tributo: 'IRRF', aliquota: '1.50', codigoReceita: '1708' },
    { tributo: 'PIS', aliquota: '0.65', codigoReceita: '5952' },
    { tributo: 'COFINS', aliquota: '3.00', codigoReceita: '5952' },
    { tributo: 'CSLL', aliquota: '1.00', codigoReceita: '5952' },
    { tributo: 'ISS', aliquota: '5.00', codigoReceita: null },
  ],
  natureza: { codigo: '15026', retemIr: true, retemCsrf: true },
  minimoIrrf: 10_00,
  minimoPcc: 10_00,
};

describe('withholdings on a legal entity', () => {
  it('each tax on the gross, rounded half up to the centavo on its own', () => {
    const c = calcularRetencoesPj(1_201_22, PJ);
    expect(c.retencoes.map((r) => [r.tributo, r.valor])).toEqual([
      ['IRRF', 18_02], // 1.801,83 centavos
      ['PIS', 7_81], // 780,79
      ['COFINS', 36_04], // 3.603,66
      ['CSLL', 12_01], // 1.201,22
      ['ISS', 60_06], // 6.006,10
    ]);
    expect(c.total).toBe(133_94);
    expect(c.liquido).toBe(1_067_28);
  });
  it('IRRF and PIS/COFINS/CSLL up to R$ 10,00 are not withheld; ISS still is', () => {
    // R$ 600,00: IRRF 9,00 (dispensed); PCC 3,90 + 18,00 + 6,00 = 27,90 (withheld)
    const a = calcularRetencoesPj(600_00, PJ);
    expect(a.retencoes.map((r) => r.tributo)).toEqual(['PIS', 'COFINS', 'CSLL', 'ISS']);
    expect(a.notas[0]).toContain('IRRF de R$\u00a09,00 não retido');
    // R$ 200,00: PCC 1,30 + 6,00 + 2,00 = 9,30 (dispensed together)
    const b = calcularRetencoesPj(200_00, PJ);
    expect(b.retencoes.map((r) => [r.tributo, r.valor])).toEqual([['ISS', 10_00]]);
    expect(b.notas.some((n) => n.startsWith('PIS/COFINS/CSLL de R$\u00a09,30 não retidos'))).toBe(true);
  });
  it('a nature without IR or CSRF, and a Simples Nacional group (ISS only)', () => {
    expect(calcularRetencoesPj(1_000_00, { ...PJ, natureza: { codigo: '15001', retemIr: true, retemCsrf: false } }).retencoes.map((r) => r.tributo)).toEqual(['IRRF', 'ISS']);
    const simples = calcularRetencoesPj(1_000_00, { ...PJ, aliquotas: [{ tributo: 'ISS', aliquota: '2.00', codigoReceita: null }] });
    expect(simples.retencoes.map((r) => [r.tributo, r.valor])).toEqual([['ISS', 20_00]]);
    expect(simples.liquido).toBe(980_00);
  });
  it('payables fall due on day 20 of the next month', () => {
    expect(vencimentoDe('2026-03')).toBe('2026-04-20');
    expect(vencimentoDe('2026-12')).toBe('2027-01-20');
  });
});

describe('PPSC (contraprestação não ganha) pro rata die', () => {
  it('a contract from day 15: on 31/03 the days 1–14 of April still run (14 of 31)', async () => {
    const { ppcng } = await import('../../src/shared/processos/contabilidade');
    expect(ppcng(310_00, 15, '2026-03')).toEqual({ inicio: '2026-03-15', fim: '2026-04-14', periodo: 31, naoDecorridos: 14, valor: 140_00 });
    // day 1: the whole month elapsed, nothing unearned; day 31 in a 30-day month starts on the 30th
    expect(ppcng(500_00, 1, '2026-03').valor).toBe(0);
    expect(ppcng(300_00, 31, '2026-04')).toEqual({ inicio: '2026-04-30', fim: '2026-05-30', periodo: 31, naoDecorridos: 30, valor: 290_32 });
    // half up: 100,00 × 1/28
    expect(ppcng(100_00, 2, '2026-02').valor).toBe(Math.round((100_00 * 1) / 28));
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rng } from '../fixtures/random';
import { formatMoney, formatMoneyPlain, MAX_CENTAVOS, parseMoney, percentOf, sumMoney, timesQuantity, toCentavos, toDecimalString } from '../../src/shared/money';

describe('money: integer centavos', () => {
  it('sums 1,000,000 random amounts exactly, as typed text, against a BigInt reference', () => {
    const next = rng(20261124);
    let reference = 0n;
    const amounts: number[] = [];
    let floatReais = 0;
    for (let i = 0; i < 1_000_000; i++) {
      // amounts from R$ 0,01 to R$ 99.999.999,99, typed as a person would ('12.345,67'), some negative (refunds)
      const reais = Math.floor(next() * 100_000_000);
      const cents = Math.floor(next() * 100);
      const negative = next() < 0.1;
      const text = `${negative ? '-' : ''}${String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents).padStart(2, '0')}`;
      // the reference reads the digits of the text itself, in BigInt
      reference += BigInt(text.replace(/[.,]/g, ''));
      const parsed = parseMoney(text);
      if (parsed === undefined) throw new Error(`não leu ${text}`);
      amounts.push(parsed);
      floatReais += Number(text.replace(/\./g, '').replace(',', '.'));
    }
    const total = sumMoney(amounts);
    expect(BigInt(total)).toBe(reference);
    expect(formatMoneyPlain(total).replace(/[.,]/g, '')).toBe(reference.toString());
    // what a float of reais would have answered: not the same centavos (the reason money is never a float)
    expect(Math.round(floatReais * 100)).not.toBe(total);
  }, 60_000);

  it('parses what people type and refuses what is not an amount', () => {
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('R$\u00a01.234,5')).toBe(123450);
    expect(parseMoney('1234')).toBe(123400);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('0,01')).toBe(1);
    expect(parseMoney('-3,5')).toBe(-350);
    expect(parseMoney(',5')).toBe(50);
    for (const bad of ['', 'abc', '1,234,5', '1,999', '12.34.5', '1e3', '10.1234', '1.23,4', '--1', '99999999999999,00']) expect(parseMoney(bad), bad).toBeUndefined();
  });

  it('formats exactly, in the pt-BR currency format', () => {
    expect(formatMoney(123456)).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1234.56));
    expect(formatMoney(-5)).toBe('-R$\u00a00,05');
    expect(formatMoney(MAX_CENTAVOS)).toBe('R$\u00a09.999.999.999.999,99');
    expect(toDecimalString(123456)).toBe('1234.56');
    expect(toDecimalString(-7)).toBe('-0.07');
    fc.assert(fc.property(fc.integer({ min: -MAX_CENTAVOS, max: MAX_CENTAVOS }), (c) => parseMoney(formatMoney(c)) === c && parseMoney(formatMoneyPlain(c)) === c));
  });

  it('reads database values: bigint, numeric text and numbers, refusing fractions and overflow', () => {
    expect(toCentavos(12345n)).toBe(12345);
    expect(toCentavos('9007199254')).toBe(9007199254);
    expect(toCentavos(null)).toBeNull();
    expect(() => toCentavos(12.5)).toThrow();
    expect(() => toCentavos('1e20')).toThrow();
    expect(() => toCentavos(Number.MAX_SAFE_INTEGER)).toThrow();
  });

  it('multiplies by quantities and takes percentages with integer arithmetic (half up)', () => {
    expect(timesQuantity(1999, 3)).toBe(5997);
    expect(() => timesQuantity(100, 1.5)).toThrow();
    expect(percentOf(10000, 1250)).toBe(1250); // 12,5 % of R$ 100,00
    expect(percentOf(333, 5000)).toBe(167); // 50 % of R$ 3,33 = 1,665 → 1,67
    expect(percentOf(-333, 5000)).toBe(-167);
    expect(percentOf(105, 13000)).toBe(137); // 130 % of R$ 1,05 = 1,365 → 1,37
  });
});

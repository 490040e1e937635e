import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { barrasI25, boleto, campoLivreBB, fatorVencimento, lerBarrasI25, modulo10, nossoNumeroBB } from '../../src/shared/financeiro/boleto';

describe('boleto de cobrança (FEBRABAN)', () => {
  it('fator de vencimento com o reinício de 22/02/2025', () => {
    expect(fatorVencimento('2000-07-03')).toBe(1000);
    expect(fatorVencimento('2025-02-21')).toBe(9999);
    expect(fatorVencimento('2025-02-22')).toBe(1000);
    expect(fatorVencimento('2026-12-10')).toBe(1000 + 656);
  });

  it('módulo 10 dos campos da linha digitável', () => {
    // the BCB example of field 1: 00190.00009 → digit 9
    expect(modulo10('001900000')).toBe(9);
  });

  it('linha digitável e código de barras válidos, lidos de volta pela @brazilian-utils', () => {
    const nn = nossoNumeroBB('1234567', 42);
    expect(nn).toBe('12345670000000042');
    const b = boleto('001', '2026-12-10', 123456, campoLivreBB(nn, '17'));
    expect(b.codigoBarras).toHaveLength(44);
    expect(b.linhaDigitavel).toHaveLength(47);
    expect(isValidBoleto(b.linhaDigitavel)).toBe(true);
    const info = getBoletoInfo(b.linhaDigitavel, { referenceDate: new Date('2026-11-01T12:00:00Z') })!;
    expect(info.amount).toBe(123456);
    expect(info.bankCode).toBe('001');
    expect(info.expirationDate!.toISOString().slice(0, 10)).toBe('2026-12-10');
    // a digit changed fails the check digits
    const errada = b.linhaDigitavel.slice(0, 20) + ((Number(b.linhaDigitavel[20]) + 1) % 10) + b.linhaDigitavel.slice(21);
    expect(isValidBoleto(errada)).toBe(false);
    expect(b.linhaFormatada).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });

  it('as barras do intercalado 2 de 5 carregam os 44 dígitos', () => {
    const b = boleto('001', '2026-12-10', 98765, campoLivreBB(nossoNumeroBB('7654321', 9), '17'));
    const larguras = barrasI25(b.codigoBarras);
    // start (4) + 22 pairs × 10 elements + stop (3)
    expect(larguras).toHaveLength(4 + 220 + 3);
    expect(lerBarrasI25(larguras)).toBe(b.codigoBarras);
  });
});

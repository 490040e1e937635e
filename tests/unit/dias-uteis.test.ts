import { describe, expect, it } from 'vitest';
import { adicionarDiasUteis, diasUteisRestantes, ehDiaUtil } from '../../src/shared/dias-uteis';
import { prazoTexto } from '../../src/shared/ouvidoria';

/** Business days over ISO days: weekends and the given holidays skipped; the days left signed (late is negative). */
describe('dias úteis', () => {
  // 2026-11-20 (Friday): Consciência Negra, national since 2024; 2026-11-02 (Monday): Finados
  const feriados = new Set(['2026-11-20', '2026-11-02']);

  it('counts from the next business day, skipping weekends and holidays', () => {
    expect(ehDiaUtil('2026-11-21', feriados)).toBe(false); // Saturday
    expect(ehDiaUtil('2026-11-20', feriados)).toBe(false);
    expect(ehDiaUtil('2026-11-19', feriados)).toBe(true);
    // Wed 18 → Thu 19, (Fri 20 holiday, weekend), Mon 23, Tue 24, Wed 25, Thu 26, Fri 27, Mon 30
    expect(adicionarDiasUteis('2026-11-18', 7, feriados)).toBe('2026-11-30');
    // registered on a Saturday: Monday is the first day
    expect(adicionarDiasUteis('2026-10-31', 1, feriados)).toBe('2026-11-03');
    expect(adicionarDiasUteis('2026-11-18', 0, feriados)).toBe('2026-11-18');
  });

  it('tells the business days left, 0 on the day, negative once late (also over a weekend)', () => {
    expect(diasUteisRestantes('2026-11-18', '2026-11-30', feriados)).toBe(7);
    expect(diasUteisRestantes('2026-11-30', '2026-11-30', feriados)).toBe(0);
    // Friday holiday and the weekend remain before Monday's deadline: one business day (the Monday)
    expect(diasUteisRestantes('2026-11-19', '2026-11-23', feriados)).toBe(1);
    expect(diasUteisRestantes('2026-12-01', '2026-11-30', feriados)).toBe(-1);
    expect(diasUteisRestantes('2026-12-05', '2026-12-04', feriados)).toBe(-1);
    expect(diasUteisRestantes('2026-12-08', '2026-11-30', feriados)).toBe(-6);
  });

  it('reads in Portuguese', () => {
    expect(prazoTexto(7)).toBe('7 dias úteis');
    expect(prazoTexto(1)).toBe('1 dia útil');
    expect(prazoTexto(0)).toBe('Vence hoje');
    expect(prazoTexto(-2)).toBe('Atrasada há 2 dias úteis');
    expect(prazoTexto(null)).toBe('—');
  });
});

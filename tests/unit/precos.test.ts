import { describe, expect, it } from 'vitest';
import { decimalInt, dentroDaFaixa, fatorEmPontos, precificar, textoFator, textoPercentual, type PrestadorPreco, type ProcedimentoPreco, type TabelasDePreco } from '../../src/shared/precos/calculo';

/** The pricing function on hand-made tables: every step from a declared row, rounded to the centavo. */

const VIG = { inicioVigencia: '2024-01-01', fimVigencia: null };
const tabelas: TabelasDePreco = {
  tabelas: new Map([[1, { id: 1, codigo: 'CBHPM5', descricao: 'CBHPM 5ª edição', ativo: true, ...VIG }]]),
  classes: new Map([[7, { id: 7, codigo: 'CP03', descricao: 'Hospitais de referência', fator: '1.2000', ativo: true }]]),
  portes: [
    { porte: '3B', valor: 12_750, tabelaPreco: 1, inicioVigencia: '2024-01-01', fimVigencia: '2024-12-31' },
    { porte: '3B', valor: 13_333, tabelaPreco: 1, inicioVigencia: '2025-01-01', fimVigencia: null },
  ],
  funcoes: [
    { grauParticipacao: '01', percentual: '30.00', classePreco: null, ...VIG },
    { grauParticipacao: '01', percentual: '35.00', classePreco: 7, ...VIG },
  ],
  vias: [{ viaAcesso: '3', tecnica: '2', percentual: '80.00', ...VIG }],
  urgencias: [{ descricao: 'Noturno', horaInicio: '1900', horaFim: '0700', diasSemana: 'UTEIS', percentual: '30.00', ...VIG }],
  feriados: [{ data: '2025-11-20', descricao: 'Consciência Negra', abrangencia: 'NACIONAL', uf: null, cidade: null, pontoFacultativo: false }],
};
const prestador: PrestadorPreco = { id: 1, nome: 'Hospital', tabelaPreco: 1, classePreco: 7, uf: 'MG', cidade: null, ...VIG };
const proc: ProcedimentoPreco = { id: 1, codigo: '30602246', descricao: 'Cirurgia', porte: '3B', valor: 99_999, ativo: true, ...VIG };

describe('precificar', () => {
  it('takes the fee size in force at the date, then the class, the class’s own role percentage and the route', () => {
    const p = precificar(tabelas, prestador, proc, '2025-03-12', { urgencia: false, hora: null, viaAcesso: '3', tecnica: '2', grauParticipacao: '01', quantidade: 1 });
    if (!p.ok) throw new Error(p.motivo);
    // 13.333 × 1,2 = 15.999,6 → 16.000; × 35 % = 5.600; × 80 % = 4.480
    expect(p.passos.map((s) => [s.base, s.fator, s.resultado])).toEqual([
      [13_333, '—', 13_333],
      [13_333, '× 1,2000', 16_000],
      [16_000, '35%', 5_600],
      [5_600, '80%', 4_480],
    ]);
    const antes = precificar(tabelas, prestador, proc, '2024-06-03');
    expect(antes.ok && antes.passos[0].base).toBe(12_750);
  });

  it('applies the night window across midnight on working days only; a holiday is not a working day', () => {
    const noite = precificar(tabelas, prestador, proc, '2025-03-12', { urgencia: true, hora: '0630', viaAcesso: null, tecnica: null, grauParticipacao: null, quantidade: 1 });
    expect(noite.ok && noite.passos.at(-1)).toMatchObject({ base: 16_000, fator: '+ 30%', resultado: 20_800 });
    const feriado = precificar(tabelas, prestador, proc, '2025-11-20', { urgencia: true, hora: '2200', viaAcesso: null, tecnica: null, grauParticipacao: null, quantidade: 1 });
    expect(feriado.ok && feriado.passos).toHaveLength(2);
    expect(dentroDaFaixa('1900', '0700', '0700')).toBe(false);
    expect(dentroDaFaixa('1900', '0700', '1900')).toBe(true);
    expect(dentroDaFaixa('0000', '2359', '2359')).toBe(true);
  });

  it('refuses a procedure out of force and falls back to the reference value without a porte', () => {
    expect(precificar(tabelas, prestador, { ...proc, fimVigencia: '2024-12-31' }, '2025-01-02')).toEqual({ ok: false, motivo: 'O procedimento 30602246 não está em vigência em 02/01/2025.' });
    const ref = precificar(tabelas, prestador, { ...proc, porte: null }, '2025-01-02');
    expect(ref.ok && ref.valorUnitario).toBe(119_999);
  });

  it('reads decimals as integers, exactly', () => {
    expect(fatorEmPontos('1.0500')).toBe(10_500);
    expect(decimalInt('0.1', 2)).toBe(10);
    expect(() => decimalInt('1.005', 2)).toThrow();
    expect(textoFator(9_000)).toBe('× 0,9000');
    expect(textoPercentual(3_050)).toBe('30,50%');
  });
});

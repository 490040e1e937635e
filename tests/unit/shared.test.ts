import { describe, expect, it } from 'vitest';
import { auditoriaDefaultQuery } from '../../src/shared/default-query';
import { instantToBr } from '../../src/shared/dates';
import { formatDate } from '../../src/shared/format';
import { formatMoney } from '../../src/shared/money';
import { buildAbility } from '../../src/shared/permissions';
import { fold } from '../../src/shared/text';

describe('formats', () => {
  it('money in BRL with pt-BR formatting and dates as DD/MM/YYYY', () => {
    expect(formatMoney(123450).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
  });
});

describe('fold', () => {
  it('removes accents and case, keeps one char per char, folds ª and º', () => {
    expect(fold('Autorização')).toBe('autorizacao');
    expect(fold('2ª Via Nº')).toBe('2a via no');
    expect(fold('Ação').length).toBe('Ação'.length);
  });
});

describe('permissions', () => {
  it("parses 'subject:action' strings; manage on all passes every check", () => {
    const a = buildAbility(['usuario:list', 'report:rep075', 'bad', ':x', 'y:']);
    expect(a.can('list', 'usuario')).toBe(true);
    expect(a.can('rep075', 'report')).toBe(true);
    expect(a.can('rep076', 'report')).toBe(false);
    expect(a.can('insert', 'usuario')).toBe(false);
    expect(buildAbility(['all:manage']).can('anything', 'whatever')).toBe(true);
    expect(buildAbility([]).can('list', 'usuario')).toBe(false);
  });
});

describe('audit default query (spec §2.5)', () => {
  it('sets inicio 360 days ago, termino today and status Em Análise when inicio is missing', () => {
    const q = auditoriaDefaultQuery(new URLSearchParams('prestador=5'), new Date(2026, 10, 21, 12));
    expect(q?.get('inicio')).toBe('26/11/2025');
    expect(q?.get('termino')).toBe('21/11/2026');
    expect(q?.get('statusAutorizacao')).toBe('Em Análise');
    expect(q?.get('prestador')).toBe('5');
    expect(auditoriaDefaultQuery(new URLSearchParams('inicio=01/01/2026'))).toBeUndefined();
  });
});

describe('instants on screen (São Paulo, whatever the machine’s zone)', () => {
  it('shows DD/MM/AAAA HH:mm in the operator’s calendar', () => {
    // 02:30 UTC on the 11th is 23:30 on the 10th in São Paulo (UTC−3, no daylight saving since 2019)
    expect(instantToBr('2024-03-11T02:30:00Z')).toBe('10/03/2024 23:30');
    expect(instantToBr(new Date('2026-11-24T12:05:59.999Z'))).toBe('24/11/2026 09:05');
    expect(instantToBr('não é data')).toBe('');
    expect(instantToBr(null)).toBe('');
  });
});

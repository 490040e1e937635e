// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/shared/resources';
import { COLUMN_TYPES } from '../../src/shared/resources/define';
import { columnsOf, optionsColumn } from '../../src/web/grid/columns';
import { displayValue, formatNumber } from '../../src/shared/resources/display';
import { GRID_LOCALE_PT_BR } from '../../src/web/grid/locale';
import { sanitizedHtmlString } from '../../src/web/grid/sanitize';
import { resources } from '../../src/shared/resources';

describe('html column: sanitized, never raw', () => {
  it('keeps formatting and drops scripts, handlers and unsafe links', () => {
    expect(sanitizedHtmlString('<p>Olá <strong>mundo</strong></p>')).toBe('<p>Olá <strong>mundo</strong></p>');
    expect(sanitizedHtmlString('<img src=x onerror="alert(1)"><script>alert(2)</script><b onclick="x()">ok</b>')).toBe('<b>ok</b>');
    expect(sanitizedHtmlString('<a href="javascript:alert(1)">x</a><a href="https://ans.gov.br">ans</a>')).toBe('<a>x</a><a href="https://ans.gov.br" target="_blank" rel="noopener noreferrer">ans</a>');
    expect(sanitizedHtmlString('<div><iframe src="//evil"></iframe>texto</div>')).toBe('texto');
  });
});

describe('column types (spec §3)', () => {
  it('every type of the spec is used by some resource grid', () => {
    const used = new Set(resources.flatMap((r) => r.grid.map((g) => g.type)));
    const missing = COLUMN_TYPES.filter((t) => !used.has(t) && !['sort', 'button', 'dropdown'].includes(t));
    // 'button' and 'dropdown' live in the options column; 'sort' is any sortable column
    expect(missing).toEqual([]);
  });

  it('formats pt-BR values: money, percent, dates, masks, enums, references', () => {
    const proc = resourceByName.get('procedimento')!;
    expect(displayValue(proc.fields.valor, 123450)).toBe('R$\u00a01.234,50'); // centavos
    expect(formatNumber({ kind: 'decimal', label: '', precision: 7, scale: 2, format: 'percent' }, 12.5)).toBe('12,50%');
    expect(displayValue(proc.fields.inicioVigencia, '2021-04-01')).toBe('01/04/2021');
    expect(displayValue(proc.fields.sexo, 'F')).toBe('Feminino');
    expect(displayValue(proc.fields.grupo, 3, { id: 1, version: 1, grupoLabel: 'Cirurgias' }, 'grupo')).toBe('Cirurgias');
    const emp = resourceByName.get('empresa')!;
    expect(displayValue(emp.fields.cnpj, '11444777000161')).toBe('11.444.777/0001-61');
  });

  it('has the options column of spec §9 (160 px, Opções) and builds columns for every resource', () => {
    const o = optionsColumn();
    expect([o.headerName, o.width, o.minWidth, o.maxWidth]).toEqual(['Opções', 160, 160, 160]);
    for (const r of resources) {
      const cols = columnsOf(r);
      expect(cols.map((c) => c.field)).toEqual(r.grid.map((g) => g.field));
      expect(cols.every((c) => typeof c.headerName === 'string' && c.headerName.length > 0)).toBe(true);
    }
  });

  it('speaks pt-BR', () => {
    expect(GRID_LOCALE_PT_BR.noRowsToShow).toBe('Nenhum registro encontrado');
    expect(GRID_LOCALE_PT_BR.loadingOoo).toBe('Carregando…');
    expect(Object.keys(GRID_LOCALE_PT_BR).length).toBeGreaterThan(200);
  });
});

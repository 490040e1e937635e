import { describe, expect, it } from 'vitest';
import { changesOf, fieldLabel, trailValue } from '../../src/shared/trail';
import { resources } from '../../src/shared/resources';

/** The change trail reads as a person would: no option codes, no record ids where a label is known, no derived keys. */
describe('trail values', () => {
  const antes = { id: 7, version: 1, sexo: '1', cidade: 3106200, cidadeLabel: 'Belo Horizonte/MG', dataNascimento: '1980-02-01', ativo: true };
  const depois = { id: 7, version: 2, sexo: '3', cidade: 3550308, cidadeLabel: 'São Paulo/SP', dataNascimento: '1980-02-01', ativo: false };

  it('lists the changed fields without the derived `<key>Label` of a reference', () => {
    expect(changesOf({ antes, depois }).map(([k]) => k)).toEqual(['sexo', 'cidade', 'dataNascimento', 'ativo']);
    // a field that only looks like a derived label stays
    expect(changesOf({ antes: null, depois: { rotuloLabel: 'x' } }).map(([k]) => k)).toEqual(['rotuloLabel']);
  });

  it("shows an option's label, a reference's record label, dates and booleans in pt-BR", () => {
    const sexo = resources.find((r) => r.name === 'beneficiario')!.fields.sexo as unknown as { options: { value: string; label: string }[] };
    expect(trailValue('beneficiario', 'sexo', '1', antes)).toBe(sexo.options.find((o) => o.value === '1')!.label);
    expect(trailValue('beneficiario', 'sexo', '1', antes)).not.toBe('1');
    expect(trailValue('beneficiario', 'cidade', 3550308, depois)).toBe('São Paulo/SP');
    expect(trailValue('beneficiario', 'dataNascimento', '1980-02-01', antes)).toBe('01/02/1980');
    expect(trailValue('autorizacao', 'urgente', true, null)).toBe('Sim');
    expect(trailValue('beneficiario', 'sexo', null, antes)).toBe('—');
  });

  it('every enum and reference field of every resource reads as a label in the trail', () => {
    for (const r of resources)
      for (const [k, fd] of Object.entries(r.fields as Record<string, { kind: string; options?: { value: string; label: string }[] }>)) {
        expect(fieldLabel(r.name, k), `${r.name}.${k}`).not.toBe(k);
        if (fd.kind === 'enum') for (const o of fd.options!) expect(trailValue(r.name, k, o.value, null)).toBe(o.label);
        if (fd.kind === 'ref') expect(trailValue(r.name, k, 1, { [`${k}Label`]: 'Rótulo' })).toBe('Rótulo');
      }
  });
});

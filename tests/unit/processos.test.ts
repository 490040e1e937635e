import { describe, expect, it } from 'vitest';
import { registry } from '../../commands';
import { PROCESSOS } from '../../src/shared/processos';
import { COMANDOS_COM_EXECUCAO } from '../../src/shared/processos/catalog';
import { larguraDe, linha } from '../../src/shared/processos/layout';
import { paramsSchema } from '../../src/shared/processos/schema';
import { boundPaths, screenFor } from '../../src/web/screens';

/** The declared processes: the tiny catalog equals the declarations, each is a real command of its kind, layouts add up. */
describe('processos declarados', () => {
  it('the catalog of the first load lists exactly the declared processes', () => {
    expect([...COMANDOS_COM_EXECUCAO].sort()).toEqual(PROCESSOS.map((p) => p.comando).sort());
  });
  it('each serves a registered process or export command, which opens the job screen', () => {
    for (const p of PROCESSOS) {
      const c = registry.match(p.comando);
      expect(c, p.comando).toBeDefined();
      // an import the spec's tree files as a route (the TISS lot) is bound to the job screen by its path
      if (c!.kind === 'route') expect(boundPaths(), p.comando).toContain(p.comando);
      else expect(['process', 'export']).toContain(c!.kind);
      expect(screenFor(c!), p.comando).toBeTypeOf('function');
    }
  });
  it('a field condition names a declared field, and the schema drops names it does not declare', () => {
    for (const p of PROCESSOS) {
      for (const [k, f] of Object.entries(p.campos)) if (f.when) expect(p.campos[f.when.field], `${p.comando}: ${k}`).toBeDefined();
      const r = paramsSchema(p).safeParse({ ...(p.padroes?.() ?? {}), naoDeclarado: 'x' });
      if (r.success) expect(r.data).not.toHaveProperty('naoDeclarado');
    }
  });
  it('every record of a layout writes lines of its declared width', () => {
    for (const p of PROCESSOS)
      for (const l of p.layouts ?? [])
        for (const r of l.registros) expect(linha(r, {}).length, `${l.titulo}: ${r.nome}`).toBe(larguraDe(r));
  });
});

describe('mala direta: o marcador {nome}', () => {
  it('puts the provider’s name in every {nome} of the subject or body, and leaves other braces alone', async () => {
    const { comNome } = await import('../../src/shared/processos/emails');
    expect(comNome('Olá, {nome}! {nome}, confira {data}.', ' Clínica Santa Luzia Ltda ')).toBe('Olá, Clínica Santa Luzia Ltda! Clínica Santa Luzia Ltda, confira {data}.');
    expect(comNome('Sem marcador', 'X')).toBe('Sem marcador');
  });
});

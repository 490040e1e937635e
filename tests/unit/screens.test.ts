import { describe, expect, it } from 'vitest';
import { registry } from '../../commands';
import { TIPOS, TIPO_KEYS } from '../../src/shared/autorizacoes';
import { LISTAS } from '../../src/shared/autorizacoes/listas';
import { EXPORTACOES_AGUARDANDO } from '../../src/shared/processos/aguardando';
import { COMANDOS_COM_EXECUCAO } from '../../src/shared/processos/catalog';
import { LEIAUTES_PENDENTES } from '../../src/shared/processos/leiautes-pendentes';
import { RELATORIOS_AGUARDANDO } from '../../src/shared/relatorios/aguardando';
import { COMANDOS_COM_RELATORIO } from '../../src/shared/relatorios/comandos';
import { resources } from '../../src/shared/resources';
import { autorizacoesScreens } from '../../src/web/autorizacoes/screens';
import { boundPaths, screenFor } from '../../src/web/screens';

describe('screen bindings (web layer)', () => {
  it('every path bound to a screen is a registered command', () => {
    for (const p of boundPaths()) expect(registry.match(p), p).toBeDefined();
  });

  it('the authorization screen serves exactly the guide types and the lists', () => {
    const esperado = new Set<string>([...TIPO_KEYS.map((t) => TIPOS[t].command), ...LISTAS.map((l) => l.command)]);
    expect(Object.keys(autorizacoesScreens).sort()).toEqual([...esperado].sort());
  });

  it('by kind: a resource list opens the resource screen; a report the report screen or, waiting for its data, the waiting one', () => {
    const bancos = registry.match('/cadastro/base/bancos')!;
    expect(screenFor(bancos)).toBeTypeOf('function');
    for (const r of resources) expect(screenFor(registry.match(r.command)!), r.command).toBeTypeOf('function');
    const declared = new Set<string>(COMANDOS_COM_RELATORIO);
    const waiting = new Set(Object.keys(RELATORIOS_AGUARDANDO));
    for (const c of registry.all.filter((x) => x.kind === 'report')) {
      if (declared.has(c.path) || waiting.has(c.path)) expect(screenFor(c), c.path).toBeTypeOf('function');
      else expect(screenFor(c), c.path).toBeUndefined();
    }
    const folder = registry.match('/cadastro/base')!;
    expect(screenFor(folder)).toBeUndefined();
  });

  it('an export opens the job screen when declared, the waiting one when its data is not recorded yet, never both', () => {
    const declared = new Set<string>(COMANDOS_COM_EXECUCAO);
    const waiting = [...Object.keys(EXPORTACOES_AGUARDANDO), ...Object.keys(LEIAUTES_PENDENTES)];
    for (const path of waiting) {
      expect(['export', 'process'], path).toContain(registry.match(path as never)?.kind);
      expect(declared.has(path), path).toBe(false);
    }
    const own = new Set(boundPaths());
    for (const c of registry.all.filter((x) => x.kind === 'export')) {
      if (declared.has(c.path) || waiting.includes(c.path) || own.has(c.path)) expect(screenFor(c), c.path).toBeTypeOf('function');
      else expect(screenFor(c), c.path).toBeUndefined();
    }
  });

  it('every process and export opens a screen: none is left on the not-built page', () => {
    for (const c of registry.all.filter((x) => x.kind === 'export' || x.kind === 'process')) expect(screenFor(c), c.path).toBeTypeOf('function');
  });
});

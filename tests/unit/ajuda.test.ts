import { describe, expect, it } from 'vitest';
import { registry, type CommandPath } from '../../commands';
import { AJUDA_VIEWS } from '../../commands/modules/ajuda';
import { PAGINAS, TECLAS_ATENDIMENTO, TECLAS_DECISAO, TECLAS_MANIFESTACAO, TECLAS_PROTOCOLO, TECLAS_RESPOSTA, textoDaPagina } from '../../src/shared/ajuda/paginas';
import { formatMoneyPlain } from '../../src/shared/money';
import { LIMITE_IMEDIATO } from '../../src/server/autorizacoes/service';
import { ATALHOS as ATALHOS_ATENDIMENTO } from '../../src/web/atendimentos/Atendimento';
import { ATALHOS_DECISAO } from '../../src/web/autorizacoes/Decisao';
import { ATALHO_RESPOSTA } from '../../src/web/autorizacoes/Resposta';
import { ATALHOS as ATALHOS_MANIFESTACAO } from '../../src/web/ouvidoria/Manifestacao';
import { ATALHOS as ATALHOS_PROTOCOLO } from '../../src/web/protocolos/Protocolo';
import { screenFor } from '../../src/web/screens';

/** The help pages (issue 17): one per help command, reachable from the palette, and true to the screens they describe. */
describe('help pages', () => {
  const comandos = registry.all.filter((c) => c.path === '/cadastro/ajuda' && c.query);

  it('every help command has its page and every page its command, hidden from the tiles, with the help permission', () => {
    expect(comandos.map((c) => c.query!.view).sort()).toEqual(Object.keys(PAGINAS).sort());
    expect([...AJUDA_VIEWS].sort()).toEqual(Object.keys(PAGINAS).sort());
    for (const c of comandos) {
      expect(c.hidden, c.id).toBe(true);
      expect(c.can, c.id).toEqual(['list', 'ajuda']);
      expect(c.title, c.id).toMatch(/^Ajuda: /);
      // the location opens this command (the router and the palette go by it)
      expect(registry.match('/cadastro/ajuda', { view: c.query!.view })).toBe(c);
      expect(screenFor(c), c.id).toBeTypeOf('function');
    }
    expect(registry.match('/cadastro/ajuda')!.query).toBeUndefined();
  });

  it('links only to folders and built screens (never to the "not built" page)', () => {
    for (const [view, p] of Object.entries(PAGINAS))
      for (const s of p.secoes)
        for (const b of s.blocos)
          if ('telas' in b)
            for (const path of b.telas) {
              const c = registry.match(path as CommandPath);
              expect(c, `${view}: ${path}`).toBeDefined();
              // a folder opens its tiles; anything else, a screen of its own
              if (c!.kind !== 'folder') expect(screenFor(c!), `${view}: ${path}`).toBeTypeOf('function');
            }
  });

  it('lists each screen’s shortcuts exactly as the screen binds them', () => {
    const pares = (xs: readonly { label: string; descricao: string }[]) => xs.map((x) => [x.label, x.descricao]);
    expect(TECLAS_DECISAO.map(([k]) => k)).toEqual(ATALHOS_DECISAO.map((a) => a.label));
    expect(TECLAS_RESPOSTA.map(([k]) => k)).toEqual([ATALHO_RESPOSTA.label]);
    expect(TECLAS_MANIFESTACAO).toEqual(pares(ATALHOS_MANIFESTACAO));
    expect(TECLAS_ATENDIMENTO).toEqual(pares(ATALHOS_ATENDIMENTO));
    expect(TECLAS_PROTOCOLO.map(([k]) => k)).toEqual(ATALHOS_PROTOCOLO.map((a) => a.label));
  });

  it('quotes the immediate-authorization limit the server applies', () => {
    expect(textoDaPagina(PAGINAS.autorizacoes)).toContain(`R$ ${formatMoneyPlain(LIMITE_IMEDIATO)}`);
  });

  it('reads as Portuguese for people: no code identifiers', () => {
    for (const [view, p] of Object.entries(PAGINAS)) {
      const t = textoDaPagina(p);
      expect(t, view).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(t, view).not.toMatch(/\b[a-z]{2,}[A-Z][a-zA-Z]*\b/);
      expect(t.length, view).toBeGreaterThan(400);
    }
  });
});

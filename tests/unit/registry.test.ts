import { describe, expect, it } from 'vitest';
import { locationKey, registry } from '../../commands';
import { ICON_NAMES } from '../../commands/icons';
import { CLIENT_CODES, FLAG_KEYS } from '../../src/shared/clients';

const { all, root } = registry;
const byPath = (path: string, view?: string) => all.find((c) => c.path === path && c.query?.view === view);

describe('registry invariants', () => {
  it('ids and locations (path + view query) are unique', () => {
    const dup = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
    expect(dup(all.map((c) => c.id))).toEqual([]);
    expect(dup(all.map((c) => locationKey(c.path, c.query)))).toEqual([]);
  });

  it('paths are absolute, lowercase, without a trailing slash', () => {
    for (const c of all) expect(c.path, c.id).toMatch(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/);
  });

  it('every command but the root has a parent, which is a proper prefix of its path', () => {
    for (const c of all) {
      const p = registry.parentOf(c);
      if (c === root) {
        expect(p).toBeUndefined();
        continue;
      }
      expect(p, c.path).toBeDefined();
      expect(p!.path === '/' || c.path.startsWith(`${p!.path}/`), c.path).toBe(true);
    }
  });

  it('only top-level groups hang from the root', () => {
    const floating = all.filter((c) => c !== root && registry.parentOf(c) === root && c.path.split('/').length > 2);
    expect(floating.map((c) => c.path)).toEqual([]);
    expect(registry.childrenOf(root).map((c) => c.path)).toEqual([
      '/cadastro', '/contrato', '/dashboard', '/financeiro', '/ans-operadora', '/operadora', '/ouvidoria', '/principal', '/relatorio', '/util',
    ]);
  });

  it('every can is [non-empty action, non-empty lowercase subject], and only the root has none', () => {
    for (const c of all) {
      if (c === root) continue;
      expect(c.can, c.path).toBeDefined();
      const [action, subject] = c.can!;
      expect(action, c.path).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(subject, c.path).toMatch(/^[a-z][a-z0-9]*$/);
    }
  });

  it('icons, flags and clients are known names', () => {
    for (const c of all) {
      expect(ICON_NAMES, c.path).toContain(c.icon);
      if (c.flag) expect(FLAG_KEYS, c.path).toContain(c.flag);
      for (const k of c.clients ?? []) expect(CLIENT_CODES, c.path).toContain(k);
      if (c.clients) expect(c.clients.length, c.path).toBeGreaterThan(0);
    }
  });

  it('titles are pt-BR labels (capitalized, no slug)', () => {
    for (const c of all) {
      expect(c.title.trim(), c.path).toBe(c.title);
      expect(c.title, c.path).toMatch(/^([A-ZÀ-Ú0-9]|e[A-Z])/);
      expect(c.title, c.path).not.toMatch(/[a-z]-[a-z]{3,}/);
    }
    expect(byPath('/cadastro/base/grau-parentescos')?.title).toBe('Grau de Parentesco');
    expect(byPath('/financeiro/pagamento/contas-pagar')?.title).toBe('Contas a Pagar');
    expect(byPath('/principal/autorizacao/auditoria/auditoria-medica')?.title).toBe('Auditoria Médica');
    expect(byPath('/principal/atendimento-autorizacao')?.title).toBe('Atender Autorização');
  });

  it('reports carry a repNNN code on [repNNN, report], or are pending with their folder permission', () => {
    // the one report the spec gives its own list permission instead of a code (spec §2.1: list/cancelamentoadesao)
    const propria: Record<string, readonly [string, string]> = { '/cadastro/ans/relatorio/saude-suplementar/relatorio/cancelamento-adesao': ['list', 'cancelamentoadesao'] };
    for (const c of all.filter((x) => x.kind === 'report')) {
      if (propria[c.path]) {
        expect(c.repPending, c.path).toBe(true);
        expect(c.can, c.path).toEqual(propria[c.path]);
        continue;
      }
      if (c.rep) {
        expect(c.rep, c.path).toMatch(/^rep\d{3}$/);
        expect(c.can, c.path).toEqual([c.rep, 'report']);
        expect(c.repPending, c.path).toBeFalsy();
      } else {
        expect(c.repPending, c.path).toBe(true);
        const parent = registry.parentOf(c)!;
        const manageAll = c.can?.[0] === 'manage' && c.can?.[1] === 'all';
        expect(manageAll || (c.can?.[0] === parent.can?.[0] && c.can?.[1] === parent.can?.[1]), c.path).toBe(true);
      }
    }
    // a report code elsewhere keeps its kind (the rep359 export)
    expect(byPath('/util/exportacao/notas-fiscais-servicos-tomados')).toMatchObject({ kind: 'export', rep: 'rep359', can: ['rep359', 'report'] });
  });

  it('kinds follow the tree: processes under /util/processo, exports under /util/exportacao, links with href', () => {
    for (const c of all) {
      if (c.kind === 'process') expect(c.path.startsWith('/util/processo/'), c.path).toBe(true);
      if (c.kind === 'export') expect(c.path.startsWith('/util/exportacao/'), c.path).toBe(true);
      if (c.kind === 'link') expect(c.href, c.path).toMatch(/^https:\/\//);
      if (c.path.startsWith('/util/processo/') && c.kind !== 'folder') expect(c.kind, c.path).toBe('process');
      if (c.path.startsWith('/util/exportacao/') && c.kind !== 'folder') expect(c.kind, c.path).toBe('export');
      if (c.kind === 'export' && !c.rep) expect(c.can, c.path).toEqual(['exportacao', 'exportacao']);
      if (c.kind === 'folder' && c !== root) expect(c.hidden, c.path).toBeFalsy();
    }
    expect(byPath('/financeiro/links/link/ans')).toMatchObject({ kind: 'link', href: 'https://www.gov.br/ans' });
    expect(byPath('/util/processo/exclusao-cartao-intercambio')?.can).toEqual(['removecartoes', 'procint']);
    expect(byPath('/util/ura')?.can).toEqual(['ura', 'protocolodocumento']);
  });

  it('keeps the paths other code depends on', () => {
    const expected: Record<string, Partial<(typeof all)[number]>> = {
      '/cadastro/acesso/usuarios': { can: ['list', 'usuario'] },
      '/cadastro/beneficiarios': { can: ['list', 'beneficiariologado'] },
      '/cadastro/beneficiarios/atualizacao-cadastral': {},
      '/cadastro/beneficiarios/consulta': {},
      '/cadastro/beneficiarios/cartaovirtual': { can: ['list', 'beneficiariologado'], flag: 'beneficiario.cartaovirtual' },
      '/cadastro/prestadores': { can: ['list', 'prestadorlogado'] },
      '/cadastro/consulta-elegibilidade': {},
      '/cadastro/pessoa/beneficiarios': {},
      '/cadastro/pessoa/beneficiarios/busca/sib': { hidden: true },
      '/cadastro/pessoa/prestadores': {},
      '/principal/autorizacao/auditoria/auditoria-medica': {},
      '/principal/autorizacao/auditoria/auditoria-odontologica': {},
      '/principal/autorizacao/autorizacoes': {},
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario': {},
      '/relatorio/rede-credenciada/cidadeespecialidade': { rep: 'rep075' },
      '/relatorio/rede-credenciada/prestador-tabela-preco-contratado': { rep: 'rep316' },
      '/financeiro/pagamento/contas-pagar': { can: ['list', 'contaspagar'] },
      '/util/ura': { can: ['ura', 'protocolodocumento'] },
      '/ouvidoria/registro-manifestacao': { can: ['insert', 'manifestacao'] },
      '/relatorio/beneficiario/extratos': { kind: 'folder' },
      '/contrato/precificacao/indexadores': { can: ['list', 'indexador'] },
      '/contrato/tabela/odonto/dentes': { can: ['list', 'dente'] },
      '/cadastro/base/bancos': {},
      '/relatorio/gerencia/logins-permissao': { can: ['manage', 'all'] },
    };
    for (const [path, props] of Object.entries(expected)) expect(byPath(path), path).toMatchObject(props);
  });

  it('two views on one path are told apart by a view query', () => {
    const fichas = all.filter((c) => c.path === '/financeiro/fichas-financeiras');
    expect(fichas.map((c) => c.query?.view)).toEqual([undefined, 'segunda-via-boleto']);
    expect(registry.match('/financeiro/fichas-financeiras', { view: 'segunda-via-boleto' })?.title).toBe('Segunda Via de Boleto');
    expect(registry.match('/financeiro/fichas-financeiras')?.title).toBe('Fichas Financeiras');
  });
});

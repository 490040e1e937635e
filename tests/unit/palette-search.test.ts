import { describe, expect, it } from 'vitest';
import { buildSearchIndex, fieldScore, matchPositions, TIER, type SearchDoc } from '../../src/web/palette/search';

const docs: SearchDoc[] = [
  { title: 'Contas a Pagar', trail: 'Financeiro › Pagamento', path: '/financeiro/pagamento/contas-pagar' },
  { title: 'Contas a Receber', trail: 'Financeiro › Recebimento', path: '/financeiro/recebimento/contas-receber' },
  { title: 'Cidade/Especialidade', trail: 'Relatórios › Rede Credenciada', path: '/relatorio/rede-credenciada/cidadeespecialidade', code: 'rep075' },
  { title: 'Autorização', trail: 'Principal', path: '/principal/autorizacao' },
  { title: 'Auditoria Médica', trail: 'Principal › Autorização › Auditoria', path: '/principal/autorizacao/auditoria/auditoria-medica' },
  { title: '2ª Via Protocolo', trail: 'Principal › TISS', path: '/principal/tiss/segunda-via' },
  { title: 'Histórico de Contas a Pagar do Exercício Anterior', trail: 'Financeiro › Pagamento › Configuração', path: '/financeiro/pagamento/configuracao/historicos-contas-pagar' },
  { title: 'Beneficiários', trail: 'Cadastro › Pessoa', path: '/cadastro/pessoa/beneficiarios', keywords: ['titular', 'segurado'] },
  { title: 'Tabelas Atuais', trail: 'Relatórios › Rede Credenciada', path: '/relatorio/rede-credenciada/tabelas-atuais', code: 'rep083' },
];
const index = buildSearchIndex(docs);
const titles = (q: string, opts?: Parameters<typeof index.search>[1]) => [...index.search(q, opts)].map((i) => docs[i].title);

describe('palette matcher', () => {
  it('is accent- and case-insensitive', () => {
    expect(titles('autorizacao')[0]).toBe('Autorização');
    expect(titles('AUTORIZAÇÃO')[0]).toBe('Autorização');
    expect(titles('auditoria medica')[0]).toBe('Auditoria Médica');
  });

  it('matches word starts across words ("cid esp")', () => {
    expect(titles('cid esp')[0]).toBe('Cidade/Especialidade');
  });

  it('finds a report by its code', () => {
    expect(titles('rep075')).toEqual(['Cidade/Especialidade']);
    expect(titles('075')[0]).toBe('Cidade/Especialidade');
  });

  it('folds ª and º ("2a via" finds "2ª Via")', () => {
    expect(titles('2a via')[0]).toBe('2ª Via Protocolo');
  });

  it('ranks whole words over word starts over inner matches', () => {
    expect(fieldScore('contas a pagar', 'pagar')).toBe(TIER.whole);
    expect(fieldScore('contas a pagar', 'pag')).toBe(TIER.start);
    expect(fieldScore('contas a pagar', 'aga')).toBe(TIER.inner);
    expect(fieldScore('contas a pagar', 'cap')).toBe(TIER.acronym);
    expect(fieldScore('contas a pagar', 'ctpg')).toBe(TIER.scattered);
    expect(fieldScore('contas a pagar', 'xyz')).toBe(0);
  });

  it('prefers the shorter title among equal matches and the title over the trail', () => {
    expect(titles('contas pagar').slice(0, 2)).toEqual(['Contas a Pagar', 'Histórico de Contas a Pagar do Exercício Anterior']);
    // "financeiro" is only in trails: still found
    expect(titles('financeiro')).toContain('Contas a Receber');
    // "pagamento" in a trail beats nothing, but a title match ranks first
    expect(index.score(0, 'pagar')).toBeGreaterThan(index.score(0, 'pagamento'));
  });

  it('searches keywords and path', () => {
    expect(titles('segurado')).toEqual(['Beneficiários']);
    expect(titles('cidadeespecialidade')).toEqual(['Cidade/Especialidade']);
  });

  it('fuzzy: scattered letters in order still match, below contiguous ones', () => {
    expect(titles('ctspgr')).toContain('Contas a Pagar');
    expect(titles('zzz')).toEqual([]);
  });

  it('recent and frequent use breaks ties after match quality', () => {
    const boost = new Uint8Array(docs.length);
    expect(titles('contas')[0]).toBe('Contas a Pagar');
    boost[1] = 50; // "Contas a Receber" used a lot
    index.reset();
    expect(titles('contas', { boost })[0]).toBe('Contas a Receber');
    // but it never beats a better match
    expect(titles('contas pagar', { boost })[0]).toBe('Contas a Pagar');
    index.reset();
  });

  it('an empty query lists recent entries first, then the rest in menu order', () => {
    const boost = new Uint8Array(docs.length);
    boost[4] = 20;
    boost[2] = 90;
    index.reset();
    expect(titles('', { boost }).slice(0, 3)).toEqual(['Cidade/Especialidade', 'Auditoria Médica', 'Contas a Pagar']);
    index.reset();
  });

  it('typing forward gives the same answer as searching from scratch', () => {
    const fresh = buildSearchIndex(docs);
    for (const q of ['c', 'co', 'con', 'cont', 'conta', 'contas', 'contas ', 'contas p', 'contas pa', 'contas pag']) {
      const incremental = [...index.search(q)];
      fresh.reset();
      expect(incremental).toEqual([...fresh.search(q)]);
    }
  });

  it('restricts to a scope', () => {
    expect(titles('', { only: (i) => !!docs[i].code, scopeKey: '#' })).toEqual(['Cidade/Especialidade', 'Tabelas Atuais']);
    expect(titles('tabelas', { only: (i) => !!docs[i].code, scopeKey: '#' })).toEqual(['Tabelas Atuais']);
  });

  it('marks the matched letters at their place in the original title', () => {
    expect(matchPositions('Autorização', 'autorizacao')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(matchPositions('Cidade/Especialidade', 'cid esp')).toEqual([0, 1, 2, 7, 8, 9]);
    expect(matchPositions('2ª Via Protocolo', '2a via')).toEqual([0, 1, 3, 4, 5]);
    expect(matchPositions('Contas a Pagar', 'cap')).toEqual([0, 7, 9]);
  });
});

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escreverMensagem } from '../../src/server/tiss/escrita';
import { conferirHash, hashContent, hashInformado, tissHash } from '../../src/server/tiss/hash';
import { CharsetError, decodeXml, encodeLatin1 } from '../../src/server/tiss/latin1';
import { centavosDe, LoteInvalido, lerLote, padraoDeclarado } from '../../src/server/tiss/lote';
import { ROOT } from '../../src/server/paths';
import { validarXml, XSD_DIR } from '../../src/server/tiss/xsd';
import { filhosLote, loteGrande, loteTiss, type OpcoesLote } from '../fixtures/tiss-lotes';

const BASE: OpcoesLote = {
  origem: { codigoPrestadorNaOperadora: '0042' },
  numeroLote: '77',
  guias: [
    { numero: 'G-1', carteira: '00012345', senha: 'S1', itens: [{ codigo: '40301010', quantidade: 2, valorUnitario: 1234 }, { codigo: '40302040', valorUnitario: 999_99 }] },
    { numero: 'G-2', carteira: '00012346', itens: [{ codigo: '10101012', valorUnitario: 150_00 }] },
  ],
};
const texto = (b: Buffer) => decodeXml(b).text;
/** The lot with one text replaced (and its hash left as it was). */
const trocar = (b: Buffer, de: string, para: string) => {
  const t = b.toString('latin1');
  expect(t).toContain(de);
  return Buffer.from(t.replace(de, para), 'latin1');
};

describe('TISS schemas', () => {
  // the ANS package next to the repository (../shared/tiss), where the issue keeps it
  const ANS = join(ROOT, '../shared/tiss');
  it.skipIf(!existsSync(ANS))('ships the ANS files byte-identical to ../shared/tiss', () => {
    for (const v of ['4.03.00', '4.01.00', 'monitoramento-1.01.00']) {
      const nomes = readdirSync(join(ANS, v)).sort();
      expect(readdirSync(join(XSD_DIR, v)).filter((f) => f.endsWith('.xsd')).sort()).toEqual(nomes);
      for (const n of nomes) expect(readFileSync(join(XSD_DIR, v, n)).equals(readFileSync(join(ANS, v, n))), `${v}/${n}`).toBe(true);
    }
  });

  it.each([
    ['4.03.00', 'SP-SADT'],
    ['4.03.00', 'CONSULTA'],
    ['4.01.00', 'SP-SADT'],
    ['4.01.00', 'CONSULTA'],
  ] as const)('a %s lot of %s guides built here validates against its schema', (padrao, tipo) => {
    const b = loteTiss({ ...BASE, padrao, tipo });
    expect(validarXml(b, padrao)).toEqual([]);
    expect(padraoDeclarado(texto(b))).toBe(padrao);
  });

  it('4.03.00 accepts the alphanumeric CNPJ that 4.01.00 refuses', () => {
    const o: OpcoesLote = { ...BASE, origem: { CNPJ: '12ABC34501DE35' } };
    expect(validarXml(loteTiss({ ...o, padrao: '4.03.00' }), '4.03.00')).toEqual([]);
    const erros = validarXml(loteTiss({ ...o, padrao: '4.01.00' }), '4.01.00');
    expect(erros[0].mensagem).toBe('Elemento CNPJ: o valor "12ABC34501DE35" não está no formato exigido ([0-9]{14}).');
  });

  it('a schema error names the line of the lot and says what is wrong in Portuguese', () => {
    const b = loteTiss(BASE);
    const linha = texto(b).split('\n').findIndex((l) => l.includes('<ans:numeroCarteira>00012346<')) + 1;
    const erros = validarXml(trocar(b, '<ans:numeroCarteira>00012346</ans:numeroCarteira>', '<ans:numeroCarteira>000123460000000000000000</ans:numeroCarteira>'), '4.03.00');
    expect(erros).toEqual([{ linha, mensagem: 'Elemento numeroCarteira: o valor tem 24 caracteres; o limite é 20.' }]);
  });

  it.each([
    ['<ans:registroANS>123456</ans:registroANS>', '<ans:registroANS>12345</ans:registroANS>', 'Elemento registroANS: o valor "12345" não está no formato exigido ([0-9]{6}).'],
    ['<ans:valorTotalGeral>150.00</ans:valorTotalGeral>', '<ans:valorTotalGeral>150.005</ans:valorTotalGeral>', 'Elemento valorTotalGeral: o valor "150.005" tem mais de 2 casas decimais.'],
    ['<ans:caraterAtendimento>1</ans:caraterAtendimento>', '<ans:caraterAtendimento>7</ans:caraterAtendimento>', 'Elemento caraterAtendimento: o valor "7" não é um dos códigos aceitos (1, 2).'],
    ['<ans:dataExecucao>2026-11-10</ans:dataExecucao>', '<ans:dataExecucao>10/11/2026</ans:dataExecucao>', 'Elemento dataExecucao: "10/11/2026" não é uma data válida (AAAA-MM-DD).'],
    ['<ans:atendimentoRN>N</ans:atendimentoRN>', '', 'Elemento dadosBeneficiario: falta o elemento obrigatório atendimentoRN.'],
    ['<ans:numeroLote>77</ans:numeroLote>', '<ans:lote>77</ans:lote>', 'Elemento lote: elemento fora do lugar; era esperado numeroLote.'],
  ])('refuses %s → %s with a Portuguese message', (de, para, mensagem) => {
    const erros = validarXml(trocar(loteTiss(BASE), de, para), '4.03.00');
    expect(erros.length).toBeGreaterThan(0);
    expect(erros[0].mensagem).toBe(mensagem);
    expect(erros[0].linha).toBeGreaterThan(1);
  });

  it('a file that is not well-formed XML, or not TISS, is refused as such', () => {
    const quebrado = trocar(loteTiss(BASE), '</ans:numeroLote>', '</ans:numeroLot>');
    expect(validarXml(quebrado, '4.03.00')[0].mensagem).toMatch(/^XML mal formado: a marca numeroLote foi aberta e fechada como numeroLot\.$/);
    expect(validarXml(Buffer.from('<?xml version="1.0"?><nota>x</nota>'), '4.03.00')).toEqual([{ linha: 1, mensagem: 'Elemento nota: não é uma mensagem TISS (o elemento raiz deve ser mensagemTISS).' }]);
    expect(validarXml(Buffer.alloc(0), '4.03.00')[0].mensagem).toMatch(/^XML mal formado/);
  });

  it('never loads an external entity a message declares', () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<ans:mensagemTISS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas"><ans:cabecalho>&e;</ans:cabecalho></ans:mensagemTISS>`;
    expect(validarXml(Buffer.from(xml), '4.03.00')).toEqual([{ linha: 2, mensagem: 'XML mal formado: uma mensagem TISS não declara DOCTYPE.' }]);
  });

  it('validates a 100-guide lot and refuses 101 guides in one lot', () => {
    const base = { origem: { codigoPrestadorNaOperadora: '1' } as const, carteira: '1', codigos: ['40301010', '40302040'] };
    expect(validarXml(loteGrande(100, base), '4.03.00')).toEqual([]);
    const erros = validarXml(loteGrande(101, base), '4.03.00');
    expect(erros[0].mensagem).toBe('Elemento guiaSP-SADT: elemento não previsto neste ponto da mensagem.');
  });
});

describe('epílogo hash', () => {
  it('is the MD5 of the text of every element in order, without the hash itself, over ISO-8859-1', () => {
    const b = escreverMensagem([['cabecalho', [['a', 'Ação'], ['b', 'x & y']]]]);
    const t = texto(b);
    expect(hashContent(t)).toBe('Açãox & y');
    expect(hashInformado(t)).toBe(tissHash(t));
    // the known MD5 of those ISO-8859-1 bytes, computed apart
    expect(hashInformado(t)).toBe(createHash('md5').update(Buffer.from([0x41, 0xe7, 0xe3, 0x6f, 0x78, 0x20, 0x26, 0x20, 0x79])).digest('hex'));
    expect(conferirHash(t, hashInformado(t)!)).toBe('ISO-8859-1');
  });

  it('ignores the layout between tags but not a changed value', () => {
    const t = texto(loteTiss(BASE));
    const h = hashInformado(t)!;
    expect(conferirHash(t.replace(/\n\s*/g, ''), h)).toBe('ISO-8859-1');
    expect(conferirHash(t.replace('<ans:valorUnitario>12.34<', '<ans:valorUnitario>12.35<'), h)).toBeNull();
    expect(conferirHash(t, h.toUpperCase())).toBe('ISO-8859-1');
  });

  it('accepts a hash a counterpart computed over UTF-8 and says so', () => {
    const t = texto(loteTiss(BASE));
    const utf8 = createHash('md5').update(Buffer.from(hashContent(t), 'utf8')).digest('hex');
    expect(hashContent(t)).toMatch(/CLÍNICA SÃO JOSÉ/);
    expect(conferirHash(t, utf8)).toBe('UTF-8');
  });
});

describe('ISO-8859-1', () => {
  it('decodes by the declaration and encodes only what ISO-8859-1 holds', () => {
    expect(decodeXml(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Ação</a>', 'latin1'))).toEqual({ text: '<?xml version="1.0" encoding="ISO-8859-1"?><a>Ação</a>', charset: 'ISO-8859-1' });
    expect(decodeXml(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a>Ação</a>', 'utf8')).text).toContain('Ação');
    expect(() => decodeXml(Buffer.from([0x3c, 0x61, 0x3e, 0xe7, 0x3c, 0x2f, 0x61, 0x3e]))).toThrow(CharsetError);
    expect(() => decodeXml(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a/>'))).toThrow(CharsetError);
    expect([...encodeLatin1('ção')]).toEqual([0xe7, 0xe3, 0x6f]);
    expect(() => encodeLatin1('5 €')).toThrow(CharsetError);
  });
});

describe('reading a lot', () => {
  it('turns guides and items into the product terms, money in exact centavos', () => {
    const lote = lerLote(texto(loteTiss(BASE)));
    expect(lote).toMatchObject({ padrao: '4.03.00', tipoTransacao: 'ENVIO_LOTE_GUIAS', origem: { codigo: '0042' }, registroANS: '123456', numeroLote: '77', tipoGuia: 'SP-SADT' });
    expect(lote.guias.map((g) => [g.numeroGuiaPrestador, g.senha, g.numeroCarteira, g.valorTotal])).toEqual([
      ['G-1', 'S1', '00012345', 2 * 1234 + 999_99],
      ['G-2', null, '00012346', 150_00],
    ]);
    expect(lote.guias[0].itens).toEqual([
      { sequencial: 1, data: '2026-11-10', codigoTabela: '22', codigoProcedimento: '40301010', descricao: 'PROCEDIMENTO', quantidade: 2, valorUnitario: 1234, valorTotal: 2468 },
      { sequencial: 2, data: '2026-11-10', codigoTabela: '22', codigoProcedimento: '40302040', descricao: 'PROCEDIMENTO', quantidade: 1, valorUnitario: 999_99, valorTotal: 999_99 },
    ]);
    const consulta = lerLote(texto(loteTiss({ ...BASE, tipo: 'CONSULTA' })));
    expect(consulta.tipoGuia).toBe('CONSULTA');
    expect(consulta.guias[1].itens).toEqual([{ sequencial: 1, data: '2026-11-10', codigoTabela: '22', codigoProcedimento: '10101012', descricao: null, quantidade: 1, valorUnitario: 150_00, valorTotal: 150_00 }]);
    expect(filhosLote(BASE)).toHaveLength(2);
  });

  it('refuses a value with more than two decimals instead of rounding it', () => {
    expect(centavosDe('10.50')).toBe(1050);
    expect(centavosDe('10.500')).toBe(1050);
    expect(centavosDe('7')).toBe(700);
    expect(centavosDe('0.1')).toBe(10);
    expect(() => centavosDe('10.005')).toThrow(LoteInvalido);
    expect(() => centavosDe('1e3')).toThrow(LoteInvalido);
  });
});

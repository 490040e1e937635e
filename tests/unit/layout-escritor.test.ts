import { describe, expect, it } from 'vitest';
import { formatoDe, larguraDe, LayoutInvalido, linha, linhaCsv, posicoes, type RegistroLayout } from '../../src/shared/processos/layout';

/** The generic fixed-width writer: every export's lines come out of `linha`, so its rules are pinned here. */
const REG: RegistroLayout = {
  nome: 'Detalhe',
  campos: [
    { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
    { nome: 'cpf', descricao: 'CPF', tamanho: 11, formato: 'N' },
    { nome: 'nome', descricao: 'Nome', tamanho: 12, formato: 'A' },
    { nome: 'data', descricao: 'Data', tamanho: 8, formato: 'D' },
    { nome: 'valor', descricao: 'Valor em centavos', tamanho: 7, formato: 'V' },
    { nome: 'saldo', descricao: 'Saldo em centavos', tamanho: 6, formato: 'V', sinal: true },
  ],
};
const campo = (l: string, nome: string) => {
  const c = posicoes(REG).find((x) => x.nome === nome)!;
  return l.slice(c.inicio - 1, c.fim);
};

describe('escritor de layout de largura fixa', () => {
  it('pads numbers with zeros on the left, text with spaces on the right, and writes dates as DDMMAAAA', () => {
    const l = linha(REG, { cpf: '529.982.247-25', nome: 'Ana', data: '2026-03-05', valor: 73_882, saldo: 4_000 });
    expect(l).toBe('1' + '52998224725' + 'ANA         ' + '05032026' + '0073882' + '+04000');
    expect(l.length).toBe(larguraDe(REG));
  });

  it('upper-cases text without accents and cuts it at the field’s size', () => {
    const l = linha(REG, { nome: 'Conceição Ñúñez Gonçalves' });
    expect(campo(l, 'nome')).toBe('CONCEICAO NU');
    expect(linha(REG, { nome: 'São João ª º' }).slice(12, 24)).toBe('SAO JOAO A O');
  });

  it('writes empty values as zeros or spaces, keeping the record’s width', () => {
    const l = linha(REG, {});
    expect(l).toBe('1' + '0'.repeat(11) + ' '.repeat(12) + '0'.repeat(8) + '0'.repeat(7) + '+00000');
  });

  it('signs a negative value where the layout has a sign, and refuses it where it has none', () => {
    expect(campo(linha(REG, { saldo: -1_250 }), 'saldo')).toBe('-01250');
    expect(() => linha(REG, { valor: -1 })).toThrow(new LayoutInvalido('Valor em centavos: valor negativo (-1 centavos) num campo sem sinal.'));
  });

  it('refuses a number that does not fit or is not whole, instead of cutting it', () => {
    expect(() => linha(REG, { valor: 10_000_000 })).toThrow('Valor em centavos: 8 dígitos para 7 posições.');
    expect(() => linha(REG, { saldo: 100_000 })).toThrow('Saldo em centavos: 6 dígitos para 5 posições.');
    expect(() => linha(REG, { valor: 12.5 })).toThrow('Valor em centavos: o valor 12.5 não é um número inteiro de centavos.');
    expect(() => linha(REG, { cpf: 123456789012 })).toThrow('CPF: 12 dígitos para 11 posições.');
    expect(() => linha(REG, { cpf: -5 })).toThrow('CPF: o valor -5 não é um número inteiro não negativo.');
    expect(() => linha(REG, { data: '05/03/2026' })).toThrow('Data: 05/03/2026 não é uma data.');
  });

  it('keeps the record type constant whatever the row says', () => {
    expect(linha(REG, { tipo: '9' })[0]).toBe('1');
  });

  it('tells the screen each format, with where a signed value carries its sign', () => {
    expect(formatoDe(REG.campos[4])).toBe('Valor em centavos, sem vírgula, zeros à esquerda');
    expect(formatoDe(REG.campos[5])).toBe('Valor em centavos, sem vírgula, zeros à esquerda; sinal + ou − na 1ª posição');
    expect(formatoDe(REG.campos[2])).toBe('Alfanumérico, maiúsculas sem acento, espaços à direita');
  });

  it('writes a delimited line by the same rules, without padding: identifiers keep their zeros, amounts are plain centavos', () => {
    expect(linhaCsv(REG, ';', { cpf: '012.345.678-90', nome: 'José; "Zé" da Silva', data: '2026-03-05', valor: 4_000, saldo: -150 })).toBe('1;01234567890;JOSE   ZE  D;05032026;4000;-150');
    expect(linhaCsv(REG, ';', { valor: 0 })).toBe('1;;;;0;');
    expect(() => linhaCsv(REG, ';', { valor: -1 })).toThrow(LayoutInvalido);
    expect(() => linhaCsv(REG, ';', { cpf: '123456789012' })).toThrow('CPF: 12 dígitos para 11 posições.');
  });
});

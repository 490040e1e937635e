import { describe, expect, it } from 'vitest';
import { checkFile, FILE_MAX_BYTES, FILE_MSG, sanitizeFileName, sniffFile } from '../../src/shared/files';

/** Files are typed by their content, limited to 20 MB, and their names made safe. */
const enc = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(64).fill(0x20)]);

describe('sniffFile', () => {
  it('knows PDF, PNG, JPEG and ZIP by their signatures, whatever the name says', () => {
    expect(sniffFile(enc('%PDF-1.7\n%âãÏÓ'), 'pedido.txt')).toBe('pdf');
    expect(sniffFile(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'x.pdf')).toBe('png');
    expect(sniffFile(bytes(0xff, 0xd8, 0xff, 0xe0), 'foto')).toBe('jpeg');
    expect(sniffFile(bytes(0x50, 0x4b, 0x03, 0x04), 'lote.zip')).toBe('zip');
  });
  it('reads XML (with or without BOM), CSV by name and separators, and plain text', () => {
    expect(sniffFile(enc('<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS/>'))).toBe('xml');
    expect(sniffFile(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<lote>')]))).toBe('xml');
    expect(sniffFile(enc('codigo;descricao\n10101012;Consulta'), 'tabela.csv')).toBe('csv');
    expect(sniffFile(enc('codigo;descricao\n10101012;Consulta'), 'tabela.txt')).toBe('txt');
    expect(sniffFile(new Uint8Array([0x4a, 0x6f, 0xe3, 0x6f]), 'latin1.txt')).toBe('txt');
  });
  it('refuses executables and other binaries, even named .pdf', () => {
    expect(sniffFile(bytes(0x4d, 0x5a, 0x90, 0x00, 0x03), 'pedido.pdf')).toBeNull();
    expect(sniffFile(bytes(0x7f, 0x45, 0x4c, 0x46, 0x02), 'pedido.pdf')).toBeNull();
    expect(sniffFile(enc('#!/bin/sh\nrm -rf /'), 'pedido.txt')).toBeNull();
    expect(sniffFile(bytes(0xd0, 0xcf, 0x11, 0xe0), 'antigo.doc')).toBeNull();
  });
});

describe('checkFile', () => {
  it('refuses an empty file, one over 20 MB and a renamed executable with clear messages', () => {
    expect(checkFile(new Uint8Array(0), 'a.pdf')).toEqual({ ok: false, message: FILE_MSG.vazio });
    const big = new Uint8Array(FILE_MAX_BYTES + 1);
    big.set(enc('%PDF-1.4'));
    expect(checkFile(big, 'grande.pdf')).toEqual({ ok: false, message: 'O arquivo passa do limite de 20 MB.' });
    expect(checkFile(bytes(0x4d, 0x5a), 'virus.pdf')).toEqual({ ok: false, message: FILE_MSG.tipo });
  });
  it('accepts exactly 20 MB, and only the kinds a field accepts', () => {
    const limit = new Uint8Array(FILE_MAX_BYTES);
    limit.set(enc('%PDF-1.4'));
    expect(checkFile(limit, 'limite.pdf')).toEqual({ ok: true, kind: 'pdf' });
    const r = checkFile(enc('<a/>'), 'x.xml', ['pdf', 'png', 'jpeg']);
    expect(r).toEqual({ ok: false, message: 'Tipo de arquivo não aceito aqui: envie PDF, PNG, JPEG. O tipo é conferido pelo conteúdo, não pelo nome.' });
  });
});

describe('sanitizeFileName', () => {
  it('drops paths and control characters and puts the extension of the real type', () => {
    expect(sanitizeFileName('C:\\Users\\ana\\Pedido médico.PDF', 'pdf')).toBe('Pedido médico.pdf');
    expect(sanitizeFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(sanitizeFileName('a\u0000b\r\nc".exe', 'pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('...', 'png')).toBe('arquivo.png');
    expect(sanitizeFileName('x'.repeat(400) + '.pdf', 'pdf')).toHaveLength(144);
  });
});

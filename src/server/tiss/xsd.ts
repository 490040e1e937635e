import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XmlError, XmlParseError, XmlValidateError, XsdValidator, xmlRegisterInputProvider, type ErrorDetail } from 'libxml2-wasm';
import { ROOT } from '../paths';
import { mensagemDoEsquema } from './xsd-mensagens';

/**
 * XSD validation of TISS messages against the ANS schemas shipped in src/server/tiss/xsd (byte-identical copies).
 * Each version's schema is compiled once, on first use (about 0.3 s), and kept: a 100-guide lot then validates in
 * milliseconds. Only the schema files themselves can be read while compiling (an input provider over those buffers,
 * never the file system), and a message never loads anything (no DTD, no entities from outside).
 */

export const XSD_DIR = join(ROOT, 'src/server/tiss/xsd');

/** The message versions the product reads and writes, and the file that opens each schema. */
export const VERSOES = {
  '4.03.00': 'tissV4_03_00.xsd',
  '4.01.00': 'tissV4_01_00.xsd',
  'monitoramento-1.01.00': 'tissMonitoramentoV1_01_00.xsd',
} as const;
export type VersaoXsd = keyof typeof VERSOES;
export const PADROES_LOTE = ['4.03.00', '4.01.00'] as const satisfies readonly VersaoXsd[];

export interface ErroEsquema {
  /** The line of the message where the schema is broken (1-based; 0 when the parser could not tell). */
  linha: number;
  mensagem: string;
}

let provider: XmlBufferInputProvider | undefined;
const validators = new Map<VersaoXsd, XsdValidator>();

function schemaProvider(): XmlBufferInputProvider {
  if (!provider) {
    const files: Record<string, Uint8Array> = {};
    for (const v of Object.keys(VERSOES)) {
      const dir = join(XSD_DIR, v);
      for (const f of readdirSync(dir)) if (f.endsWith('.xsd')) files[join(dir, f)] = readFileSync(join(dir, f));
    }
    provider = new XmlBufferInputProvider(files);
    xmlRegisterInputProvider(provider);
  }
  return provider;
}

function validatorOf(versao: VersaoXsd): XsdValidator {
  let v = validators.get(versao);
  if (!v) {
    schemaProvider();
    const path = join(XSD_DIR, versao, VERSOES[versao]);
    const doc = XmlDocument.fromBuffer(readFileSync(path), { url: path });
    try {
      v = XsdValidator.fromDoc(doc);
    } finally {
      doc.dispose();
    }
    validators.set(versao, v);
  }
  return v;
}

/** Compiles a version's schema ahead of the first message (the server warms up, the bench measures apart). */
export const prepararEsquema = (versao: VersaoXsd) => void validatorOf(versao);

const DOCTYPE = /<!DOCTYPE/i;
const MSG_DOCTYPE = 'XML mal formado: uma mensagem TISS não declara DOCTYPE.';
const MSG_ILEGIVEL = 'XML mal formado: o arquivo não pôde ser lido como XML.';
const linhaDe = (text: string, index: number) => text.slice(0, index).split('\n').length;

const erros = (details: readonly ErrorDetail[]): ErroEsquema[] =>
  details.map((d) => ({ linha: d.line ?? 0, mensagem: mensagemDoEsquema(d.message.trim()) }));

/**
 * Validates a message (its bytes, in the encoding its declaration names) against the schema of `versao`.
 * Returns the errors, the first ones first; an empty list means the message is valid.
 */
export function validarXml(bytes: Uint8Array, versao: VersaoXsd): ErroEsquema[] {
  const validator = validatorOf(versao);
  // a TISS message never has a DTD; one declared could only be there to pull entities in
  const dtd = DOCTYPE.exec(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1'));
  if (dtd) return [{ linha: linhaDe(dtd.input, dtd.index), mensagem: MSG_DOCTYPE }];
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes);
  } catch (e) {
    if (e instanceof XmlParseError) return erros(e.details);
    throw e;
  }
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    if (e instanceof XmlValidateError) return erros(e.details);
    // libxml2 gave up without details (content it cannot represent): refused the same way, never a crash
    if (e instanceof XmlError) return [{ linha: 0, mensagem: MSG_ILEGIVEL }];
    throw e;
  } finally {
    doc.dispose();
  }
}

import { tissHash } from './hash';
import { encodeLatin1 } from './latin1';

/**
 * Writing TISS messages: an element tree in schema order (a tuple per element; absent optional elements are left out
 * as null), laid out one element per line, in ISO-8859-1, with the epílogo hash computed over what was written.
 */

export type No = readonly [nome: string, conteudo: string | number | readonly (No | null | undefined | false)[]];

export const NS = 'http://www.ans.gov.br/padroes/tiss/schemas';

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function escrever(no: No, nivel: number, out: string[]): void {
  const [nome, conteudo] = no;
  const pad = '  '.repeat(nivel);
  if (typeof conteudo !== 'object') {
    out.push(`${pad}<ans:${nome}>${escapar(String(conteudo))}</ans:${nome}>`);
    return;
  }
  out.push(`${pad}<ans:${nome}>`);
  for (const filho of conteudo) if (filho) escrever(filho, nivel + 1, out);
  out.push(`${pad}</ans:${nome}>`);
}

/** The message's text: the root (`mensagemTISS`, or `mensagemEnvioANS` of the Monitoramento) with the given children and the epílogo holding `hash` as given. */
export function textoMensagem(filhos: readonly (No | null | undefined | false)[], hash: string, raiz = 'mensagemTISS', ns = NS): string {
  const out = ['<?xml version="1.0" encoding="ISO-8859-1"?>', `<ans:${raiz} xmlns:ans="${ns}">`];
  for (const f of filhos) if (f) escrever(f, 1, out);
  out.push('  <ans:epilogo>', `    <ans:hash>${hash}</ans:hash>`, '  </ans:epilogo>', `</ans:${raiz}>`, '');
  return out.join('\n');
}

/** The message in ISO-8859-1 bytes, its epílogo hash computed over its own content. */
export function escreverMensagem(filhos: readonly (No | null | undefined | false)[], raiz = 'mensagemTISS', ns = NS): Buffer {
  const semHash = textoMensagem(filhos, '', raiz, ns);
  return encodeLatin1(textoMensagem(filhos, tissHash(semHash), raiz, ns));
}

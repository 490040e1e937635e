import type { Centavos } from '../money';

/**
 * An amount in words, as a receipt writes it: 1.234,56 → "mil duzentos e trinta e quatro reais e cinquenta e seis
 * centavos". Whole centavos up to R$ 999.999.999.999,99.
 */
const UNIDADES = ['', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze', 'treze', 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const DEZENAS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const CENTENAS = ['', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos', 'oitocentos', 'novecentos'];
const ESCALAS: [string, string][] = [
  ['', ''],
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
];

/** 1…999 in words. */
function ate999(n: number): string {
  if (n === 100) return 'cem';
  const c = Math.floor(n / 100);
  const r = n % 100;
  const partes: string[] = [];
  if (c) partes.push(CENTENAS[c]);
  if (r) partes.push(r < 20 ? UNIDADES[r] : [DEZENAS[Math.floor(r / 10)], UNIDADES[r % 10]].filter(Boolean).join(' e '));
  return partes.join(' e ');
}

/** A whole number in words ("zero" for 0). */
export function inteiroPorExtenso(n: number): string {
  if (n === 0) return 'zero';
  const grupos: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 1000)) grupos.push(v % 1000);
  const partes: { texto: string; valor: number }[] = [];
  for (let i = grupos.length - 1; i >= 0; i--) {
    const g = grupos[i];
    if (!g) continue;
    const [um, varios] = ESCALAS[i];
    const texto = i === 1 && g === 1 ? 'mil' : `${ate999(g)}${um ? ` ${g === 1 ? um : varios}` : ''}`;
    partes.push({ texto, valor: g });
  }
  // "e" before the last group when it is below 100 or a round hundred ("mil e cem", "dois mil e trinta")
  return partes
    .map((p, i) => (i > 0 && i === partes.length - 1 && (p.valor < 100 || p.valor % 100 === 0) ? `e ${p.texto}` : p.texto))
    .join(' ');
}

export function valorPorExtenso(c: Centavos): string {
  const reais = Math.floor(Math.abs(c) / 100);
  const cent = Math.abs(c) % 100;
  const partes: string[] = [];
  if (reais) {
    // "um milhão de reais", "dois bilhões de reais": a round million takes "de"
    const texto = inteiroPorExtenso(reais);
    const de = reais >= 1_000_000 && reais % 1_000_000 === 0 ? ' de' : '';
    partes.push(`${texto}${de} ${reais === 1 ? 'real' : 'reais'}`);
  }
  if (cent) partes.push(`${inteiroPorExtenso(cent)} ${cent === 1 ? 'centavo' : 'centavos'}`);
  if (!partes.length) return 'zero real';
  return `${c < 0 ? 'menos ' : ''}${partes.join(' e ')}`;
}

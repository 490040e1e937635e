import { formatMoney, percentOf, type Centavos } from '../money';
import { pontosBase, textoPercentual } from '../precos/calculo';

/**
 * The withholdings on a payment to a legal-entity provider (contas a pagar), pure and in whole centavos:
 * - IRRF: the group's rate (1,5 % for professional services, RIR/2018 art. 714, DARF 1708) on the gross, when the
 *   income nature retains IR; up to the minimum retention (R$ 10,00, Lei 9.430/96 art. 67) it is not withheld;
 * - PIS, COFINS, CSLL (0,65 % + 3 % + 1 %, Lei 10.833/2003 art. 30, DARF 5952), each on the gross, when the nature
 *   retains CSRF; their sum up to the minimum (R$ 10,00, art. 31 §3 as Lei 13.137/2015 wrote it) is not withheld;
 * - ISS: the group's municipal rate on the gross (LC 116/2003 art. 6), when the group has one.
 * A tax without a rate in the provider's group is not withheld: the Simples Nacional group has only ISS (Lei
 * 10.833/2003 art. 32; IN SRF 765/2007 for the IRRF). Each tax rounds half up to the centavo on its own (`percentOf`),
 * as each is a line of its DARF; the net is the gross less their sum.
 * A natural person's withholdings are its RPA's (src/shared/pagamentos/rpa.ts: INSS, progressive IRRF, ISS).
 */

export type Tributo = 'IRRF' | 'PIS' | 'COFINS' | 'CSLL' | 'ISS' | 'INSS';
export const TRIBUTOS_PJ: readonly Tributo[] = ['IRRF', 'PIS', 'COFINS', 'CSLL', 'ISS'];
const PCC: readonly Tributo[] = ['PIS', 'COFINS', 'CSLL'];

/** Payables fall due on this day of the month after their competência (the operator's production payment day). */
export const PRAZO_PAGAMENTO_DIA = 20;
export function vencimentoDe(competencia: string): string {
  const [a, m] = competencia.split('-').map(Number);
  const ano = m === 12 ? a + 1 : a;
  const mes = m === 12 ? 1 : m + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(PRAZO_PAGAMENTO_DIA).padStart(2, '0')}`;
}

export interface AliquotaGrupo {
  tributo: Tributo;
  /** numeric(7,2) as the database gives it ('1.50'). */
  aliquota: string;
  codigoReceita: string | null;
}

export interface TabelasPj {
  aliquotas: readonly AliquotaGrupo[];
  natureza: { codigo: string; retemIr: boolean; retemCsrf: boolean };
  minimoIrrf: Centavos;
  minimoPcc: Centavos;
}

export interface Retencao {
  tributo: Tributo;
  codigoReceita: string | null;
  naturezaRendimento: string | null;
  base: Centavos;
  aliquota: string | null;
  valor: Centavos;
}

export interface CalculoRetencoesPj {
  retencoes: Retencao[];
  total: Centavos;
  liquido: Centavos;
  notas: string[];
}

export function calcularRetencoesPj(bruto: Centavos, t: TabelasPj): CalculoRetencoesPj {
  const notas: string[] = [];
  const rate = (tributo: Tributo) => t.aliquotas.find((a) => a.tributo === tributo);
  const linha = (tributo: Tributo): Retencao | null => {
    const a = rate(tributo);
    if (!a) return null;
    return { tributo, codigoReceita: a.codigoReceita, naturezaRendimento: t.natureza.codigo, base: bruto, aliquota: a.aliquota, valor: percentOf(bruto, pontosBase(a.aliquota)) };
  };
  const out: Retencao[] = [];
  const ir = t.natureza.retemIr ? linha('IRRF') : null;
  if (ir && ir.valor > 0 && ir.valor <= t.minimoIrrf) notas.push(`IRRF de ${formatMoney(ir.valor)} não retido: até ${formatMoney(t.minimoIrrf)} a retenção é dispensada (Lei 9.430/96, art. 67).`);
  else if (ir && ir.valor > 0) out.push(ir);
  const pcc = t.natureza.retemCsrf ? PCC.map(linha).filter((x): x is Retencao => x != null && x.valor > 0) : [];
  const somaPcc = pcc.reduce((s, x) => s + x.valor, 0);
  if (pcc.length && somaPcc <= t.minimoPcc) notas.push(`PIS/COFINS/CSLL de ${formatMoney(somaPcc)} não retidos: até ${formatMoney(t.minimoPcc)} a retenção é dispensada (Lei 10.833/2003, art. 31, § 3º).`);
  else out.push(...pcc);
  const iss = linha('ISS');
  if (iss && iss.valor > 0) out.push({ ...iss, naturezaRendimento: null });
  if (!t.natureza.retemIr && !t.natureza.retemCsrf) notas.push(`A natureza ${t.natureza.codigo} não tem retenção de IR nem de CSRF.`);
  const total = out.reduce((s, x) => s + x.valor, 0);
  return { retencoes: out, total, liquido: bruto - total, notas };
}

/** '1.50' → '1,5%' for the screens and the logs. */
export const textoAliquota = (aliquota: string | null) => (aliquota == null ? 'tabela progressiva' : textoPercentual(pontosBase(aliquota)));

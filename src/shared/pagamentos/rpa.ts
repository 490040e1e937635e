import { formatMoney, percentOf, sumMoney, type Centavos } from '../money';
import { pontosBase, textoPercentual } from '../precos/calculo';

/**
 * The withholdings of a Recibo de Pagamento a Autônomo (issue 15, flow 5), pure and in whole centavos:
 * - INSS: the individual contributor's 11 % (the tax table's rate for natural persons) on the income up to the month's
 *   ceiling (the INSS limit in force): the month's contribution less what earlier RPAs of the month already withheld;
 * - IRRF: the progressive table in force (bracket rate less its deduction) on the month's income less the month's INSS,
 *   less what earlier RPAs withheld; a tax up to the minimum retention (R$ 10,00, Law 9.430/96 art. 67) is not withheld;
 * - ISS: the municipal rate for natural persons on this RPA's income (none registered: not withheld).
 * Every percentage rounds half up to the centavo (`percentOf`); the month's sums make two RPAs of a month withhold what
 * one RPA of their total would.
 */

export interface FaixaIrrf {
  faixaInicial: Centavos;
  faixaFinal: Centavos | null;
  /** numeric(7,2) as the database gives it ('27.50'). */
  aliquota: string;
  deducao: Centavos | null;
}

export interface TabelasRpa {
  /** The INSS rate of natural persons ('11.00'). */
  aliquotaInss: string;
  tetoInss: Centavos;
  faixasIrrf: readonly FaixaIrrf[];
  minimoIrrf: Centavos;
  /** The ISS rate of natural persons, null when none is registered (the municipality's fixed ISS: nothing withheld). */
  aliquotaIss: string | null;
}

/** What earlier RPAs of the same provider in the same month added up to. */
export interface AcumuladoMes {
  bruto: Centavos;
  inss: Centavos;
  irrf: Centavos;
}

export interface LinhaCalculo {
  rotulo: string;
  base: Centavos | null;
  fator: string;
  valor: Centavos;
}

export interface CalculoRpa {
  valorBruto: Centavos;
  baseInss: Centavos;
  inss: Centavos;
  baseIrrf: Centavos;
  irrf: Centavos;
  iss: Centavos;
  valorLiquido: Centavos;
  linhas: LinhaCalculo[];
  notas: string[];
}

/** The bracket of a base (the first whose range holds it; brackets are contiguous to the centavo). */
export function faixaDe(faixas: readonly FaixaIrrf[], base: Centavos): FaixaIrrf | undefined {
  return [...faixas].sort((a, b) => a.faixaInicial - b.faixaInicial).find((f) => base >= f.faixaInicial && (f.faixaFinal == null || base <= f.faixaFinal)) ??
    // a base between two brackets' bounds (a table typed with a gap): the highest bracket starting below it
    [...faixas].sort((a, b) => b.faixaInicial - a.faixaInicial).find((f) => base >= f.faixaInicial);
}

export function calcularRpa(bruto: Centavos, t: TabelasRpa, antes: AcumuladoMes = { bruto: 0, inss: 0, irrf: 0 }): CalculoRpa {
  const linhas: LinhaCalculo[] = [];
  const notas: string[] = [];
  const mes = sumMoney([antes.bruto, bruto]);
  linhas.push({ rotulo: 'Valor bruto dos serviços', base: null, fator: '—', valor: bruto });

  // INSS on the month's income up to the ceiling, less what the month's earlier RPAs withheld
  const ptsInss = pontosBase(t.aliquotaInss);
  const baseMesInss = Math.min(mes, t.tetoInss);
  const inssMes = percentOf(baseMesInss, ptsInss);
  const inss = Math.max(0, inssMes - antes.inss);
  const baseInss = Math.max(0, baseMesInss - Math.min(antes.bruto, t.tetoInss));
  if (mes > t.tetoInss) notas.push(`O INSS incide até o teto de ${formatMoney(t.tetoInss)} no mês.`);
  if (antes.bruto > 0) notas.push(`Outros RPAs do mês somam ${formatMoney(antes.bruto)}: o INSS e o IRRF são calculados sobre o mês e descontam o já retido (INSS ${formatMoney(antes.inss)}, IRRF ${formatMoney(antes.irrf)}).`);
  linhas.push({ rotulo: 'INSS (contribuinte individual)', base: baseInss, fator: textoPercentual(ptsInss), valor: inss });

  // IRRF on the month's income less the month's INSS, by the bracket of that base
  const baseMesIrrf = mes - (antes.inss + inss);
  const faixa = faixaDe(t.faixasIrrf, baseMesIrrf);
  let irrf = 0;
  let fatorIrrf = 'isento';
  if (faixa) {
    const ptsIr = pontosBase(faixa.aliquota);
    const impostoMes = Math.max(0, percentOf(baseMesIrrf, ptsIr) - (faixa.deducao ?? 0));
    irrf = Math.max(0, impostoMes - antes.irrf);
    fatorIrrf = ptsIr ? `${textoPercentual(ptsIr)} (dedução ${formatMoney(faixa.deducao ?? 0)})` : 'isento';
    if (irrf > 0 && irrf <= t.minimoIrrf) {
      notas.push(`IRRF de ${formatMoney(irrf)} não retido: até ${formatMoney(t.minimoIrrf)} a retenção é dispensada (Lei 9.430/96, art. 67).`);
      irrf = 0;
    }
  } else notas.push('Nenhuma faixa da tabela de IRRF em vigência alcança a base: IRRF não retido.');
  const baseIrrf = Math.max(0, baseMesIrrf);
  linhas.push({ rotulo: 'IRRF (tabela progressiva)', base: baseMesIrrf, fator: fatorIrrf, valor: irrf });

  // ISS on this RPA's income
  let iss = 0;
  if (t.aliquotaIss == null) notas.push('Sem alíquota de ISS para pessoa física na tabela de impostos: ISS não retido (ISS fixo do município).');
  else {
    const ptsIss = pontosBase(t.aliquotaIss);
    iss = percentOf(bruto, ptsIss);
    linhas.push({ rotulo: 'ISS', base: bruto, fator: textoPercentual(ptsIss), valor: iss });
  }
  const valorLiquido = bruto - inss - irrf - iss;
  linhas.push({ rotulo: 'Valor líquido', base: null, fator: '—', valor: valorLiquido });
  return { valorBruto: bruto, baseInss, inss, baseIrrf, irrf, iss, valorLiquido, linhas, notas };
}

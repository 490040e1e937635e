import { isoToBr } from '../dates';
import { formatMoney, percentOf, timesQuantity, type Centavos } from '../money';
import { fatorEmPontos, precificar, textoFator, type Passo, type ProcedimentoPreco, type TabelasDePreco } from '../precos/calculo';
import { GLOSA_PROFISSIONAL_DA_REDE, GLOSA_SEM_LIVRE_ESCOLHA, type Calculo, type Verificacao } from './index';

/**
 * The analysis of a reimbursement (issue 15, flow 7), pure: the plan's free choice (3122 when it has none), the
 * professional outside the network (3135 when the receipt's issuer is a network provider or a professional linked
 * to one), then the price by the plan's reimbursement table — the base of `precificar` (the table's fee size, or the
 * procedure's reference value) times the plan's multiple, per unit, times the quantity — limited to what the
 * beneficiary paid. Whole centavos at every step.
 */

export interface PlanoReembolso {
  id: number;
  nome: string;
  livreEscolha: boolean;
  tabelaReembolso: number | null;
  /** numeric(6,2) as the database gives it ('2.00'). */
  multiploReembolso: string | null;
}

/** The network provider the receipt's issuer was found to be, and how. */
export interface RedeEncontrada {
  prestadorId: number;
  nome: string;
  como: string;
}

export type Analise =
  | { ok: true; glosa: string | null; valorTabela: Centavos | null; valorLiberado: Centavos; calculo: Calculo }
  | { ok: false; motivo: string };

export function analisarReembolso(
  t: TabelasDePreco,
  o: {
    plano: PlanoReembolso;
    rede: RedeEncontrada | null;
    procedimento: ProcedimentoPreco;
    data: string;
    quantidade: number;
    valorPago: Centavos;
    /** Table 38's descriptions by code (the reasons' reference table). */
    glosas: ReadonlyMap<string, string>;
  },
): Analise {
  const { plano, rede } = o;
  const verificacoes: Verificacao[] = [];
  const descricao = (c: string) => o.glosas.get(c) ?? c;
  verificacoes.push(
    plano.livreEscolha
      ? { regra: `Livre escolha do plano ${plano.nome}`, resultado: 'O plano reembolsa atendimentos fora da rede.', glosa: null }
      : { regra: `Livre escolha do plano ${plano.nome}`, resultado: `O plano não tem livre escolha: ${descricao(GLOSA_SEM_LIVRE_ESCOLHA)}.`, glosa: GLOSA_SEM_LIVRE_ESCOLHA },
  );
  verificacoes.push(
    rede
      ? { regra: 'Profissional fora da rede', resultado: `${rede.como} é da rede: ${rede.nome}. ${descricao(GLOSA_PROFISSIONAL_DA_REDE)}.`, glosa: GLOSA_PROFISSIONAL_DA_REDE }
      : { regra: 'Profissional fora da rede', resultado: 'Nem o CPF/CNPJ nem o registro no conselho são de prestador ou profissional da rede.', glosa: null },
  );
  const glosa = verificacoes.find((v) => v.glosa)?.glosa ?? null;
  if (glosa) return { ok: true, glosa, valorTabela: null, valorLiberado: 0, calculo: { verificacoes, passos: [], notas: [] } };

  if (plano.tabelaReembolso == null) return { ok: false, motivo: `O plano ${plano.nome} é de livre escolha mas não tem tabela de reembolso: cadastre-a em Produtos.` };
  const tabela = t.tabelas.get(plano.tabelaReembolso);
  const notas: string[] = [];
  if (!tabela) return { ok: false, motivo: `A tabela de reembolso do plano ${plano.nome} não existe mais: cadastre-a em Produtos.` };
  // the reimbursement table priced as a provider with that table and no class would be (the engine of every price)
  const preco = precificar(
    t,
    { id: 0, nome: `Tabela de reembolso do plano ${plano.nome}`, tabelaPreco: tabela.id, classePreco: null, uf: null, cidade: null, inicioVigencia: '0001-01-01', fimVigencia: null },
    o.procedimento,
    o.data,
  );
  if (!preco.ok) return { ok: false, motivo: preco.motivo };
  const base = preco.passos[0];
  if (base.regra.startsWith('Valor de referência')) notas.push(`A tabela ${tabela.descricao} não tem porte para o procedimento ${o.procedimento.codigo} em ${isoToBr(o.data)}: vale o valor de referência.`);
  const passos: Passo[] = [base];
  const pts = fatorEmPontos(plano.multiploReembolso ?? '1');
  const unitario = percentOf(base.resultado, pts);
  passos.push({ regra: `Múltiplo de reembolso do plano ${plano.nome}`, base: base.resultado, fator: textoFator(pts), resultado: unitario });
  const valorTabela = timesQuantity(unitario, o.quantidade);
  if (o.quantidade !== 1) passos.push({ regra: 'Quantidade', base: unitario, fator: `× ${o.quantidade}`, resultado: valorTabela });
  let valorLiberado = valorTabela;
  if (o.valorPago < valorTabela) {
    valorLiberado = o.valorPago;
    passos.push({ regra: 'Limitado ao valor pago pelo beneficiário', base: valorTabela, fator: 'limite', resultado: o.valorPago });
  } else if (o.valorPago > valorTabela) notas.push(`O beneficiário pagou ${formatMoney(o.valorPago)}; o reembolso vai até o valor da tabela, ${formatMoney(valorTabela)}.`);
  return { ok: true, glosa: null, valorTabela, valorLiberado, calculo: { verificacoes, passos, notas } };
}

import { defineProcesso } from './define';
import { arquivo, cabecalho, campo, campos, CNPJ, COMPETENCIA, GERACAO, mesAtual, reg, regras, rodape, TIPO } from './folha';
import type { Layout } from './layout';

/**
 * The competência's billing as accounting entries for the client's accounting system (Master Contábil): per family,
 * the contribution (the monthly fees, the company's share included) and the coparticipation, each debited and
 * credited to the accounts of its mapping (Financeiro › Configuração Financeira › Mapeamento do Plano de Contas)
 * in force on the competência's last day.
 */

/** The mapping origins this file posts, with how the screen and the messages name them. */
export const ORIGENS_CONTABEIS = [
  ['CONTRIBUICAO', 'Contribuição'],
  ['COPARTICIPACAO', 'Coparticipação'],
] as const;

const LARGURA = 200;

export const LAYOUT_MASTER_CONTABIL: Layout = {
  titulo: 'Lançamentos contábeis (Master Contábil)',
  arquivo: arquivo(LARGURA, 'CONTABIL', '; um lançamento por família e origem (contribuição, coparticipação) com valor'),
  registros: [
    cabecalho(LARGURA, CNPJ, COMPETENCIA, GERACAO),
    reg('Lançamento', LARGURA, [
      TIPO('1'),
      campo('data', 'Data do lançamento (último dia da competência)', 8, 'D'),
      campo('debito', 'Conta de débito (plano de contas)', 9, 'N'),
      campo('credito', 'Conta de crédito (plano de contas)', 9, 'N'),
      campo('valor', 'Valor, em centavos', 15, 'V'),
      campo('origem', 'Origem: 1 contribuição, 2 coparticipação', 1, 'N'),
      campo('documento', 'Documento: matrícula do titular', 10, 'N'),
      campo('historico', 'Histórico: o padrão do mapeamento, a competência e o titular', 120, 'A'),
    ]),
    rodape(LARGURA, 15),
  ],
};

const { competencia, empresa, produto } = campos('');

export const masterContabil = defineProcesso({
  comando: '/util/exportacao/master-contabil',
  tipo: 'master-contabil',
  descricao:
    'Gera os lançamentos contábeis da cobrança da competência para o Master Contábil: por família, a contribuição (as mensalidades, com a parte paga pela empresa) e a coparticipação, nas contas de débito e crédito do Mapeamento do Plano de Contas em vigor no último dia da competência.',
  campos: { competencia, empresa, produto },
  regras,
  previa: true,
  layouts: [LAYOUT_MASTER_CONTABIL],
  padroes: () => ({ competencia: mesAtual() }),
});

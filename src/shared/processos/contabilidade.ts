import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import { arquivo, cabecalho, campo, CNPJ, COMPETENCIA, GERACAO, mesAtual, reg, regras, TIPO } from './folha';
import type { Layout } from './layout';

/**
 * The accounting processes of §2.7 (copass): the month's entries from billing, glosas and withholdings by the
 * chart-of-accounts mapping (Processar Movimento Contábil), and the reversal of a payment's income (Estorno de
 * Rendimento). Layouts declared once and shown on each screen.
 */

const competencia = f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano do movimento (MM/AAAA).' });
const motivo = f.text('Motivo', { max: 500, help: 'Obrigatório para estornar: vai para a trilha de auditoria.' });

/** The origins the month's movement posts, in the order the file lists them. */
export const ORIGENS_MOVIMENTO = [
  ['EVENTO_CONHECIDO', 'Evento conhecido (faturado)'],
  ['GLOSA', 'Glosa'],
  ['IMPOSTO', 'Imposto retido'],
] as const;
export type OrigemMovimento = (typeof ORIGENS_MOVIMENTO)[number][0];

const LARGURA = 200;
export const LAYOUT_MOVIMENTO_CONTABIL: Layout = {
  titulo: 'Movimento contábil do mês',
  arquivo: arquivo(LARGURA, 'MOVCONTABIL', '; um lançamento (débito e crédito do mesmo valor) por evento; no estorno, os mesmos lançamentos com débito e crédito trocados'),
  registros: [
    cabecalho(LARGURA, CNPJ, COMPETENCIA, GERACAO, campo('operacao', 'Operação: G geração, E estorno', 1, 'A')),
    reg('Lançamento', LARGURA, [
      TIPO('1'),
      campo('lancamento', 'Número do lançamento', 10, 'N'),
      campo('data', 'Data do lançamento', 8, 'D'),
      campo('debito', 'Conta de débito (plano de contas)', 9, 'N'),
      campo('credito', 'Conta de crédito (plano de contas)', 9, 'N'),
      campo('valor', 'Valor, em centavos', 15, 'V'),
      campo('origem', 'Origem: 1 evento conhecido, 2 glosa, 3 imposto retido', 1, 'N'),
      campo('documento', 'Documento: protocolo de recebimento ou número do pagamento', 12, 'N'),
      campo('estornoDe', 'Lançamento estornado (zeros na geração)', 10, 'N'),
      campo('historico', 'Histórico: o padrão do mapeamento e o documento', 120, 'A'),
    ]),
    reg('Rodapé', LARGURA, [
      TIPO('9'),
      campo('quantidade', 'Quantidade de lançamentos', 6, 'N'),
      campo('debitos', 'Soma dos débitos, em centavos', 15, 'V'),
      campo('creditos', 'Soma dos créditos, em centavos (igual à dos débitos)', 15, 'V'),
    ]),
  ],
};

const OPERACOES = [['GERAR', 'Gerar o movimento do mês'], ['ESTORNAR', 'Estornar o movimento do mês']] as const;
export const MSG_MOTIVO_ESTORNO = 'Informe o motivo do estorno (até 500 caracteres).';

export const regrasMovimento = (v: Values): RuleIssue[] => [
  ...regras(v),
  ...(v.operacao === 'ESTORNAR' && !(typeof v.motivo === 'string' && v.motivo.trim().length >= 5) ? [{ field: 'motivo', message: MSG_MOTIVO_ESTORNO }] : []),
];

export const movimentoContabil = defineProcesso({
  comando: '/util/processo/movimento-contabil',
  tipo: 'movimento-contabil',
  descricao:
    'Gera os lançamentos contábeis do mês pelo Mapeamento do Plano de Contas: os eventos conhecidos (o valor informado dos protocolos de faturamento recebidos no mês), as glosas das análises encerradas no mês e as retenções dos pagamentos a prestadores consolidados no mês, cada um com débito e crédito do mesmo valor. Um mês é gerado uma vez; o estorno lança o inverso, com o motivo, e libera o mês para gerar de novo.',
  campos: { competencia, operacao: f.enum('Operação', OPERACOES, { required: true, default: 'GERAR' }), motivo: { ...motivo, when: { field: 'operacao', in: ['ESTORNAR'] } } },
  regras: regrasMovimento,
  previa: true,
  altera: true,
  layouts: [LAYOUT_MOVIMENTO_CONTABIL],
  padroes: () => ({ competencia: mesAtual(), operacao: 'GERAR' }),
});

// ---- Estorno de Rendimento --------------------------------------------------------------------------------------

export const MSG_PAGAMENTO_ESTORNO = 'Informe o número do pagamento (10 dígitos).';
export const estornoRendimento = defineProcesso({
  comando: '/util/processo/estorno-rendimento',
  tipo: 'estorno-rendimento',
  descricao:
    'Estorna o rendimento de um pagamento a prestador: o pagamento e as suas retenções (IRRF, PIS, COFINS, CSLL, INSS, ISS) deixam de ser declarados na EFD-Reinf e no arquivo de contas a pagar, e os lançamentos contábeis das retenções são estornados. A prévia mostra o que muda; o motivo vai para a trilha de auditoria.',
  campos: {
    pagamento: f.text('Número do pagamento', { max: 12, pattern: '\\d{10}', example: '2026000001', required: true, help: 'O número do pagamento a prestador (Pagamentos a pagar).' }),
    motivo: { ...motivo, required: true, help: 'Por que o rendimento é estornado: vai para a trilha de auditoria.' },
  },
  regras: (v) => (typeof v.motivo === 'string' && v.motivo.trim().length > 0 && v.motivo.trim().length < 5 ? [{ field: 'motivo', message: 'Descreva o motivo com pelo menos 5 caracteres.' }] : []),
  previa: true,
  altera: true,
});

// ---- Processar Plano de Contas ------------------------------------------------------------------------------------

export const MAX_LINHAS_PLANO_CONTA = 5_000;
export const LAYOUT_PLANO_CONTA: Layout = {
  titulo: 'Plano de contas (CSV)',
  arquivo:
    'CSV, uma conta por linha, colunas separadas por ponto e vírgula (;), UTF-8 ou ISO-8859-1; a primeira linha pode ser o cabeçalho "codigo;descricao;tipo;natureza;aceita_lancamento;ativo". Uma conta que já existe (mesmo código) é alterada; as demais são incluídas; nenhuma é excluída.',
  separador: ';',
  registros: [
    {
      nome: 'Linha (uma por conta)',
      campos: [
        { nome: 'codigo', descricao: 'Código da conta, 9 dígitos (pontos aceitos: 1.2.3.11.00)', tamanho: 13, formato: 'N', entrada: '9 dígitos; o 1º diz o grupo: 1 ativo, 2 passivo ou patrimônio líquido, 3 receita, 4 despesa' },
        { nome: 'descricao', descricao: 'Descrição', tamanho: 150, formato: 'A', entrada: 'Texto' },
        { nome: 'tipo', descricao: 'Tipo da conta', tamanho: 1, formato: 'A', entrada: 'S sintética ou A analítica' },
        { nome: 'natureza', descricao: 'Natureza', tamanho: 7, formato: 'A', entrada: 'ATIVO, PASSIVO, PL, RECEITA ou DESPESA' },
        { nome: 'aceitaLancamento', descricao: 'Aceita lançamento', tamanho: 1, formato: 'A', entrada: 'S ou N (só conta analítica aceita)' },
        { nome: 'ativo', descricao: 'Ativa', tamanho: 1, formato: 'A', entrada: 'S ou N (em branco: S)' },
      ],
    },
  ],
};

export const planoConta = defineProcesso({
  comando: '/util/processo/plano-conta',
  tipo: 'plano-conta',
  descricao:
    'Importa o plano de contas de um arquivo: cada linha é conferida antes (código de 9 dígitos, natureza coerente com o grupo do código, tipo, lançamento só em conta analítica) e, se alguma tiver erro, nada é gravado. A prévia mostra as contas incluídas e as alteradas, campo a campo; a execução grava tudo numa transação, com a trilha de auditoria.',
  campos: {},
  entrada: { rotulo: 'Arquivo do plano de contas', formatos: ['csv', 'txt'], ajuda: 'CSV com uma conta por linha (veja o layout abaixo); até 20 MB.', layout: LAYOUT_PLANO_CONTA },
  previa: true,
  altera: true,
});

// ---- Processar PPSC -----------------------------------------------------------------------------------------------

/**
 * What PPSC is here (the spec names it only by its path, /financeiro/contabil-financeiro/movimento-contabil/ppsc, in the
 * accounting movement beside the recognition of coparticipations and payments and the provisions; its command's
 * keywords say "provisão para prêmios ou contraprestações não ganhas", PPCNG): the provision of the monthly fees
 * billed for a coverage period that has not yet elapsed at the month's end. ANS plan of accounts (RN 528/2022): the
 * PPCNG is the fee of each contract pro rata die over its coverage period; a family whose coverage starts on day 15
 * (its anniversary: the titular's enrolment day) has, on the 31st, the days from the 1st to the 14th of the next month
 * still to run. Computed from the competência's fees (src/server/financeiro/cobranca.ts) and enrolment days.
 */
export function ppcng(mensalidade: number, diaAniversario: number, competencia: string) {
  const [a, m] = competencia.split('-').map(Number);
  const dias = (ano: number, mes: number) => new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  const [a2, m2] = m === 12 ? [a + 1, 1] : [a, m + 1];
  const inicio = Date.UTC(a, m - 1, Math.min(diaAniversario, dias(a, m)));
  const fim = Date.UTC(a2, m2 - 1, Math.min(diaAniversario, dias(a2, m2)));
  const periodo = Math.round((fim - inicio) / 86_400_000);
  const naoDecorridos = Math.round((fim - Date.UTC(a2, m2 - 1, 1)) / 86_400_000);
  // half up to the centavo, in integers: (v × d + p/2) / p
  const valor = periodo > 0 ? Math.floor((mensalidade * naoDecorridos * 2 + periodo) / (periodo * 2)) : 0;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { inicio: iso(inicio), fim: iso(fim - 86_400_000), periodo, naoDecorridos, valor };
}

const LARGURA_PPSC = 120;
export const LAYOUT_PPSC: Layout = {
  titulo: 'PPSC (contraprestação não ganha) da competência',
  arquivo: arquivo(LARGURA_PPSC, 'PPSC', '; uma linha por família com contraprestação a decorrer no fim do mês'),
  registros: [
    cabecalho(LARGURA_PPSC, CNPJ, COMPETENCIA, GERACAO),
    reg('Família', LARGURA_PPSC, [
      TIPO('1'),
      campo('matricula', 'Matrícula do titular', 10, 'N'),
      campo('nome', 'Nome do titular', 40, 'A'),
      campo('inicio', 'Início do período de cobertura (dia do aniversário do contrato)', 8, 'D'),
      campo('fim', 'Fim do período de cobertura', 8, 'D'),
      campo('periodo', 'Dias do período', 2, 'N'),
      campo('naoDecorridos', 'Dias a decorrer depois do fim do mês', 2, 'N'),
      campo('mensalidade', 'Contraprestação da competência, em centavos', 13, 'V'),
      campo('ppsc', 'Contraprestação não ganha (PPSC), em centavos', 13, 'V'),
    ]),
    reg('Rodapé', LARGURA_PPSC, [TIPO('9'), campo('quantidade', 'Quantidade de famílias', 7, 'N'), campo('mensalidade', 'Soma das contraprestações, em centavos', 15, 'V'), campo('ppsc', 'Soma da PPSC, em centavos', 15, 'V')]),
  ],
};

export const ppsc = defineProcesso({
  comando: '/util/processo/ppsc',
  tipo: 'ppsc',
  descricao:
    'Constitui a PPSC (provisão de prêmios ou contraprestações não ganhas, PPCNG) do fim do mês: para cada família, a parte da contraprestação da competência cujo período de cobertura (do dia do aniversário do contrato ao dia anterior no mês seguinte) ainda não decorreu, pro rata dia. Lança a provisão pelo Mapeamento do Plano de Contas (origem PPSC) e reverte a do mês anterior.',
  campos: { competencia },
  regras,
  previa: true,
  altera: true,
  layouts: [LAYOUT_PPSC],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- QDC Movimento ------------------------------------------------------------------------------------------------

/**
 * What QDC Movimento is here: the spec lists only "QDC (copass, aeco): financeiro, movimento" among the processes, with
 * no screen or field of its own. Read in context (the same two clients run the accounting movement and the PPSC; its
 * sibling is "financeiro"), it is taken as the quadro demonstrativo de contas of the month's accounting movement: per
 * account of the chart, the debits, the credits and the month's balance of the entries written by Processar
 * Movimento Contábil, Estorno de Rendimento and Processar PPSC, totals proven equal. An interpretation, stated on the
 * screen. QDC Financeiro (src/shared/processos/recebiveis.ts, built at the same time) reads QDC as the quadro
 * demonstrativo de contribuições of the autogestões and leaves "movimento" to the members' movement: if the client
 * confirms that reading, this command becomes the plan's members' movement of the month instead.
 */
const LARGURA_QDC = 200;
export const LAYOUT_QDC_MOVIMENTO: Layout = {
  titulo: 'QDC Movimento (quadro das contas no mês)',
  arquivo: arquivo(LARGURA_QDC, 'QDC', '; uma linha por conta com movimento no mês, em ordem de código'),
  registros: [
    cabecalho(LARGURA_QDC, CNPJ, COMPETENCIA, GERACAO),
    reg('Conta', LARGURA_QDC, [
      TIPO('1'),
      campo('conta', 'Conta contábil (plano de contas)', 9, 'N'),
      campo('descricao', 'Descrição da conta', 100, 'A'),
      campo('lancamentos', 'Quantidade de lançamentos na conta', 7, 'N'),
      campo('debitos', 'Débitos do mês, em centavos', 15, 'V'),
      campo('creditos', 'Créditos do mês, em centavos', 15, 'V'),
      { nome: 'saldo', descricao: 'Saldo do mês (débitos − créditos), em centavos', tamanho: 16, formato: 'V', sinal: true },
    ]),
    reg('Rodapé', LARGURA_QDC, [TIPO('9'), campo('contas', 'Quantidade de contas', 6, 'N'), campo('debitos', 'Soma dos débitos, em centavos', 15, 'V'), campo('creditos', 'Soma dos créditos, em centavos (igual)', 15, 'V')]),
  ],
};

export const qdcMovimento = defineProcesso({
  comando: '/util/processo/qdc/movimento',
  tipo: 'qdc-movimento',
  descricao:
    'Gera o quadro das contas do movimento contábil do mês (QDC Movimento, como este portal o entende: o quadro demonstrativo de contas): para cada conta do plano de contas com lançamentos na competência, os débitos, os créditos e o saldo do mês, dos lançamentos do Processar Movimento Contábil, do Estorno de Rendimento e do Processar PPSC; a soma dos débitos é conferida com a dos créditos.',
  campos: { competencia },
  regras,
  previa: true,
  layouts: [LAYOUT_QDC_MOVIMENTO],
  padroes: () => ({ competencia: mesAtual() }),
});

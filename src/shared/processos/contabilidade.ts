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

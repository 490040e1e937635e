import { todayIso } from '../dates';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import { campos as camposFolha, competenciaIso, mesAtual, regras as regraCompetencia } from './folha';
import type { CampoLayout, Layout, RegistroLayout } from './layout';

/**
 * The receivables (títulos de contribuição) and the files that carry them: the boletos of a competência, the CNAB 240
 * remittance that registers them at the bank and the bank's return that settles them, the e-mail with the boleto,
 * the DMED of a year, the reversals, and the QDC's finance statement. One title per family and competência, issued
 * from the billing calculation (src/server/financeiro/cobranca.ts).
 */

/** The collection account the boletos are issued under: Banco do Brasil, 7-digit convênio (its free field, src/shared/financeiro/boleto.ts). */
export const BANCOS_COBRANCA = [['001', '001 · Banco do Brasil']] as const;

const CONTA = {
  banco: f.enum('Banco', BANCOS_COBRANCA, { required: true, default: '001', help: 'O campo livre do código de barras segue o padrão do banco: Banco do Brasil, convênio de 7 dígitos.' }),
  agencia: f.text('Agência', { max: 6, pattern: '\\d{1,5}-?[0-9Xx]', example: '3064-3', required: true, default: '3064-3', help: 'Com o dígito.' }),
  conta: f.text('Conta', { max: 15, pattern: '\\d{1,12}-?[0-9Xx]', example: '40122-7', required: true, default: '40122-7', help: 'Com o dígito.' }),
  convenio: f.text('Convênio de cobrança', { max: 7, pattern: '\\d{7}', example: '2874561', required: true, default: '2874561', help: 'Os 7 dígitos do convênio no banco: começam o nosso número.' }),
  carteira: f.text('Carteira', { max: 2, pattern: '\\d{2}', example: '17', required: true, default: '17' }),
};

/** The due day of the competência's boletos: the day of the month after it, 1 to 28 (every month has it). */
export const vencimentoDe = (competencia: string, dia: number) => {
  const d = new Date(Date.UTC(Number(competencia.slice(0, 4)), Number(competencia.slice(5, 7)), dia));
  return d.toISOString().slice(0, 10);
};

export const boletoLote = defineProcesso({
  comando: '/util/exportacao/boleto-lote',
  tipo: 'boleto-lote',
  descricao:
    'Emite os títulos da competência (um por família: mensalidades pela faixa etária, menos o subsídio da empresa, mais a coparticipação) e gera os boletos num PDF, um por página, com o código de barras e a linha digitável. Famílias que já têm título na competência não ganham outro: o boleto dele sai de novo.',
  campos: {
    competencia: camposFolha('').competencia,
    empresa: camposFolha('').empresa,
    produto: camposFolha('').produto,
    diaVencimento: f.integer('Dia do vencimento', { min: 1, max: 28, required: true, default: 10, help: 'No mês seguinte ao da competência.' }),
    ...CONTA,
  },
  secoes: [
    { title: 'Títulos', fields: ['competencia', 'empresa', 'produto', 'diaVencimento'] },
    { title: 'Conta de cobrança', fields: ['banco', 'agencia', 'conta', 'convenio', 'carteira'] },
  ],
  regras: regraCompetencia,
  previa: true,
  altera: true,
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- CNAB 240 (FEBRABAN) -------------------------------------------------------------------------------------------

const c = (nome: string, descricao: string, tamanho: number, formato: CampoLayout['formato'], fixo?: string): CampoLayout => ({ nome, descricao, tamanho, formato, ...(fixo != null ? { fixo } : {}) });
const brancos = (tamanho: number, nome = 'brancos') => c(nome, 'Uso exclusivo FEBRABAN/CNAB (brancos)', tamanho, 'A');
const controle = (lote: string | null, tipo: string) => [
  c('banco', 'Código do banco na compensação', 3, 'N'),
  lote != null ? c('lote', 'Lote de serviço', 4, 'N', lote) : c('lote', 'Lote de serviço', 4, 'N'),
  c('tipo', 'Tipo de registro', 1, 'N', tipo),
];
const conta = (prefixo = '') => [
  c(`${prefixo}agencia`, 'Agência mantenedora da conta', 5, 'N'),
  c(`${prefixo}agenciaDv`, 'Dígito verificador da agência', 1, 'A'),
  c(`${prefixo}conta`, 'Número da conta corrente', 12, 'N'),
  c(`${prefixo}contaDv`, 'Dígito verificador da conta', 1, 'A'),
  c(`${prefixo}agContaDv`, 'Dígito verificador da agência/conta', 1, 'A'),
];
const detalhe = (segmento: string) => [...controle(null, '3'), c('sequencial', 'Nº sequencial do registro no lote', 5, 'N'), c('segmento', 'Código do segmento', 1, 'A', segmento), brancos(1, 'brancos1')];

/** 240 positions each, checked at load: a field too many or too few fails here. */
function r240(nome: string, campos: CampoLayout[]): RegistroLayout {
  const n = campos.reduce((s, x) => s + x.tamanho, 0);
  if (n !== 240) throw new Error(`${nome}: ${n} posições para 240`);
  return { nome, campos };
}

export const CNAB_HEADER_ARQUIVO = (remessa: boolean) =>
  r240('Header de arquivo (tipo 0)', [
    ...controle('0000', '0'),
    brancos(9, 'brancos1'),
    c('tipoInscricao', 'Tipo de inscrição da empresa (2 = CNPJ)', 1, 'N', '2'),
    c('cnpj', 'CNPJ da empresa', 14, 'N'),
    c('convenio', 'Código do convênio no banco', 20, 'A'),
    ...conta(),
    c('empresa', 'Nome da empresa', 30, 'A'),
    c('nomeBanco', 'Nome do banco', 30, 'A'),
    brancos(10, 'brancos2'),
    c('remessaRetorno', 'Código remessa/retorno (1 remessa, 2 retorno)', 1, 'N', remessa ? '1' : '2'),
    c('geracao', 'Data de geração do arquivo', 8, 'D'),
    c('hora', 'Hora de geração (HHMMSS)', 6, 'N'),
    c('nsa', 'Nº sequencial do arquivo (NSA)', 6, 'N'),
    c('versao', 'Nº da versão do layout do arquivo', 3, 'N', '103'),
    c('densidade', 'Densidade de gravação', 5, 'N', '01600'),
    c('reservadoBanco', 'Para uso reservado do banco', 20, 'A'),
    c('reservadoEmpresa', 'Para uso reservado da empresa', 20, 'A'),
    brancos(29, 'brancos3'),
  ]);

export const CNAB_HEADER_LOTE = (remessa: boolean) =>
  r240('Header de lote de cobrança (tipo 1)', [
    ...controle('0001', '1'),
    c('operacao', 'Tipo de operação (R remessa, T retorno)', 1, 'A', remessa ? 'R' : 'T'),
    c('servico', 'Tipo de serviço (01 cobrança)', 2, 'N', '01'),
    brancos(2, 'brancos1'),
    c('versaoLote', 'Nº da versão do layout do lote', 3, 'N', '060'),
    brancos(1, 'brancos2'),
    c('tipoInscricao', 'Tipo de inscrição da empresa (2 = CNPJ)', 1, 'N', '2'),
    c('cnpj', 'CNPJ da empresa', 15, 'N'),
    c('convenio', 'Código do convênio no banco', 20, 'A'),
    ...conta(),
    c('empresa', 'Nome da empresa', 30, 'A'),
    c('mensagem1', 'Mensagem 1', 40, 'A'),
    c('mensagem2', 'Mensagem 2', 40, 'A'),
    c('numeroRemessa', 'Nº da remessa/retorno', 8, 'N'),
    c('gravacao', 'Data de gravação', 8, 'D'),
    c('credito', 'Data do crédito', 8, 'D'),
    brancos(33, 'brancos3'),
  ]);

export const CNAB_SEGMENTO_P = r240('Detalhe, segmento P (um por título)', [
  ...detalhe('P'),
  c('movimento', 'Código de movimento remessa (01 entrada de títulos)', 2, 'N', '01'),
  ...conta(),
  c('nossoNumero', 'Nosso número (identificação do título no banco)', 20, 'A'),
  c('carteira', 'Código da carteira (1 cobrança simples)', 1, 'N', '1'),
  c('cadastramento', 'Forma de cadastramento (1 com cadastramento)', 1, 'N', '1'),
  c('documento', 'Tipo de documento (1 tradicional)', 1, 'A', '1'),
  c('emissaoBoleto', 'Emissão do boleto (2 cliente emite)', 1, 'N', '2'),
  c('distribuicao', 'Distribuição do boleto (2 cliente distribui)', 1, 'A', '2'),
  c('numeroDocumento', 'Número do documento de cobrança', 15, 'A'),
  c('vencimento', 'Data de vencimento do título', 8, 'D'),
  c('valor', 'Valor nominal do título, em centavos', 15, 'V'),
  c('agenciaCobradora', 'Agência encarregada da cobrança', 5, 'N'),
  c('agenciaCobradoraDv', 'Dígito verificador da agência cobradora', 1, 'A'),
  c('especie', 'Espécie do título (04 duplicata de serviço)', 2, 'N', '04'),
  c('aceite', 'Identificação de título aceito/não aceito', 1, 'A', 'N'),
  c('emissao', 'Data da emissão do título', 8, 'D'),
  c('codigoJuros', 'Código do juro de mora (3 isento)', 1, 'N', '3'),
  c('dataJuros', 'Data do juro de mora', 8, 'N'),
  c('juros', 'Juro de mora por dia/taxa', 15, 'V'),
  c('codigoDesconto', 'Código do desconto 1 (0 sem desconto)', 1, 'N', '0'),
  c('dataDesconto', 'Data do desconto 1', 8, 'N'),
  c('desconto', 'Valor/percentual a ser concedido', 15, 'V'),
  c('iof', 'Valor do IOF a ser recolhido', 15, 'V'),
  c('abatimento', 'Valor do abatimento', 15, 'V'),
  c('usoEmpresa', 'Identificação do título na empresa', 25, 'A'),
  c('protesto', 'Código para protesto (3 não protestar)', 1, 'N', '3'),
  c('prazoProtesto', 'Número de dias para protesto', 2, 'N'),
  c('baixa', 'Código para baixa/devolução (1 baixar/devolver)', 1, 'N', '1'),
  c('prazoBaixa', 'Número de dias para baixa/devolução', 3, 'N', '060'),
  c('moeda', 'Código da moeda (09 real)', 2, 'N', '09'),
  c('contrato', 'Nº do contrato da operação de crédito', 10, 'N'),
  brancos(1, 'brancos2'),
]);

export const CNAB_SEGMENTO_Q = r240('Detalhe, segmento Q (pagador do título)', [
  ...detalhe('Q'),
  c('movimento', 'Código de movimento remessa (01 entrada de títulos)', 2, 'N', '01'),
  c('tipoInscricao', 'Tipo de inscrição do pagador (1 CPF)', 1, 'N', '1'),
  c('cpf', 'Número de inscrição do pagador', 15, 'N'),
  c('nome', 'Nome do pagador', 40, 'A'),
  c('endereco', 'Endereço do pagador', 40, 'A'),
  c('bairro', 'Bairro', 15, 'A'),
  c('cep', 'CEP', 5, 'N'),
  c('sufixoCep', 'Sufixo do CEP', 3, 'N'),
  c('cidade', 'Cidade', 15, 'A'),
  c('uf', 'Unidade da federação', 2, 'A'),
  c('tipoInscricaoAvalista', 'Tipo de inscrição do sacador/avalista (0 nenhum)', 1, 'N', '0'),
  c('inscricaoAvalista', 'Número de inscrição do sacador/avalista', 15, 'N'),
  c('avalista', 'Nome do sacador/avalista', 40, 'A'),
  c('bancoCorrespondente', 'Código do banco correspondente na compensação', 3, 'N'),
  c('nossoNumeroCorrespondente', 'Nosso nº no banco correspondente', 20, 'A'),
  brancos(8, 'brancos2'),
]);

export const CNAB_SEGMENTO_T = r240('Detalhe de retorno, segmento T (um por título)', [
  ...detalhe('T'),
  c('movimento', 'Código de movimento retorno (06 liquidação, 02 entrada confirmada, 09 baixa)', 2, 'N'),
  ...conta(),
  c('nossoNumero', 'Nosso número', 20, 'A'),
  c('carteira', 'Código da carteira', 1, 'N'),
  c('numeroDocumento', 'Número do documento de cobrança', 15, 'A'),
  c('vencimento', 'Data do vencimento do título', 8, 'D'),
  c('valor', 'Valor nominal do título, em centavos', 15, 'V'),
  c('bancoCobrador', 'Número do banco cobrador/recebedor', 3, 'N'),
  c('agenciaCobradora', 'Agência cobradora/recebedora', 5, 'N'),
  c('agenciaCobradoraDv', 'Dígito verificador da agência cobradora', 1, 'A'),
  c('usoEmpresa', 'Identificação do título na empresa', 25, 'A'),
  c('moeda', 'Código da moeda', 2, 'N'),
  c('tipoInscricao', 'Tipo de inscrição do pagador', 1, 'N'),
  c('cpf', 'Número de inscrição do pagador', 15, 'N'),
  c('nome', 'Nome do pagador', 40, 'A'),
  c('contrato', 'Nº do contrato da operação de crédito', 10, 'N'),
  c('tarifa', 'Valor da tarifa/custas, em centavos', 15, 'V'),
  c('motivos', 'Identificação para rejeições, tarifas, custas, liquidação e baixas', 10, 'A'),
  brancos(17, 'brancos2'),
]);

export const CNAB_SEGMENTO_U = r240('Detalhe de retorno, segmento U (valores do pagamento)', [
  ...detalhe('U'),
  c('movimento', 'Código de movimento retorno', 2, 'N'),
  c('juros', 'Juros/multa/encargos, em centavos', 15, 'V'),
  c('desconto', 'Valor do desconto concedido', 15, 'V'),
  c('abatimento', 'Valor do abatimento concedido/cancelado', 15, 'V'),
  c('iof', 'Valor do IOF recolhido', 15, 'V'),
  c('valorPago', 'Valor pago pelo pagador, em centavos', 15, 'V'),
  c('valorLiquido', 'Valor líquido a ser creditado, em centavos', 15, 'V'),
  c('outrasDespesas', 'Valor de outras despesas', 15, 'V'),
  c('outrosCreditos', 'Valor de outros créditos', 15, 'V'),
  c('dataOcorrencia', 'Data da ocorrência (do pagamento)', 8, 'D'),
  c('dataCredito', 'Data da efetivação do crédito', 8, 'D'),
  c('ocorrenciaPagador', 'Código da ocorrência do pagador', 4, 'A'),
  c('dataOcorrenciaPagador', 'Data da ocorrência do pagador', 8, 'N'),
  c('valorOcorrenciaPagador', 'Valor da ocorrência do pagador', 15, 'V'),
  c('complemento', 'Complemento da ocorrência do pagador', 30, 'A'),
  c('bancoCorrespondente', 'Código do banco correspondente na compensação', 3, 'N'),
  c('nossoNumeroCorrespondente', 'Nosso nº no banco correspondente', 20, 'A'),
  brancos(7, 'brancos2'),
]);

export const CNAB_TRAILER_LOTE = r240('Trailer de lote (tipo 5)', [
  ...controle('0001', '5'),
  brancos(9, 'brancos1'),
  c('registros', 'Quantidade de registros do lote (com header e trailer)', 6, 'N'),
  c('titulosSimples', 'Cobrança simples: quantidade de títulos', 6, 'N'),
  c('valorSimples', 'Cobrança simples: valor total dos títulos, em centavos', 17, 'V'),
  c('titulosVinculada', 'Cobrança vinculada: quantidade de títulos', 6, 'N'),
  c('valorVinculada', 'Cobrança vinculada: valor total', 17, 'V'),
  c('titulosCaucionada', 'Cobrança caucionada: quantidade de títulos', 6, 'N'),
  c('valorCaucionada', 'Cobrança caucionada: valor total', 17, 'V'),
  c('titulosDescontada', 'Cobrança descontada: quantidade de títulos', 6, 'N'),
  c('valorDescontada', 'Cobrança descontada: valor total', 17, 'V'),
  c('aviso', 'Número do aviso de lançamento', 8, 'A'),
  brancos(117, 'brancos2'),
]);

export const CNAB_TRAILER_ARQUIVO = r240('Trailer de arquivo (tipo 9)', [
  ...controle('9999', '9'),
  brancos(9, 'brancos1'),
  c('lotes', 'Quantidade de lotes do arquivo', 6, 'N'),
  c('registros', 'Quantidade de registros do arquivo', 6, 'N'),
  c('contas', 'Quantidade de contas para conciliação', 6, 'N'),
  brancos(205, 'brancos2'),
]);

/**
 * FEBRABAN "Layout padrão de arquivos CNAB 240", versão 10.11 (arquivo 103, lote de cobrança 060): the remittance
 * that registers titles (segments P and Q) and the return that reports them (segments T and U). The record type is in
 * position 8 and the segment in position 14, so every line is 240 characters wide.
 */
export const LAYOUT_CNAB240_REMESSA: Layout = {
  titulo: 'CNAB 240 FEBRABAN v10.11 — remessa de cobrança',
  arquivo: 'Texto de 240 posições, ASCII, CRLF; nome CB<DDMM>-<NSA>.txt (um lote de cobrança; o banco o recebe como .REM)',
  registros: [CNAB_HEADER_ARQUIVO(true), CNAB_HEADER_LOTE(true), CNAB_SEGMENTO_P, CNAB_SEGMENTO_Q, CNAB_TRAILER_LOTE, CNAB_TRAILER_ARQUIVO],
};

export const LAYOUT_CNAB240_RETORNO: Layout = {
  titulo: 'CNAB 240 FEBRABAN v10.11 — retorno de cobrança',
  arquivo: 'Texto de 240 posições, CRLF; registros 0, 1, 3 (segmentos T e U em pares), 5 e 9',
  registros: [CNAB_HEADER_ARQUIVO(false), CNAB_HEADER_LOTE(false), CNAB_SEGMENTO_T, CNAB_SEGMENTO_U, CNAB_TRAILER_LOTE, CNAB_TRAILER_ARQUIVO],
};

export const remessaRecebimentoBanco = defineProcesso({
  comando: '/util/exportacao/remessa-recebimento-banco',
  tipo: 'remessa-cobranca-cnab240',
  descricao:
    'Gera a remessa CNAB 240 (FEBRABAN) dos títulos em aberto ainda não registrados no banco: um segmento P (o título) e um Q (o pagador) por título, no lote de cobrança. Os títulos enviados ficam marcados com a remessa e não entram na próxima.',
  campos: {
    competencia: f.text('Competência', { max: 6, mask: '##/####', help: 'Em branco: os títulos de todas as competências ainda não enviados.' }),
    banco: CONTA.banco,
  },
  regras: (v) => (v.competencia && !competenciaIso(v.competencia) ? [{ field: 'competencia', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' }] : []),
  previa: true,
  altera: true,
  layouts: [LAYOUT_CNAB240_REMESSA],
});

export const retornoCobranca = defineProcesso({
  comando: '/financeiro/recebimento/remessas-recebimentos',
  tipo: 'retorno-cobranca-cnab240',
  descricao:
    'Importa o arquivo de retorno CNAB 240 do banco: cada liquidação (segmentos T e U com movimento 06) registra o pagamento do título pelo nosso número e o marca como pago. O arquivo é conferido antes de gravar (banco, convênio, trailers); cada linha recusada aparece com o motivo no registro e no CSV da execução.',
  campos: {},
  previa: true,
  altera: true,
  entrada: { rotulo: 'Arquivo de retorno CNAB 240', formatos: ['txt'], ajuda: 'O arquivo .RET do banco, salvo como .txt.', layout: LAYOUT_CNAB240_RETORNO },
});

// ---- e-mail, DMED, reversals, QDC ----------------------------------------------------------------------------------

export const envioComunicadoBoleto = defineProcesso({
  comando: '/util/processo/envio-comunicado-boleto-lote',
  tipo: 'comunicado-boleto-lote',
  descricao:
    'Escreve na caixa de saída um e-mail por família com o boleto da competência: valor, vencimento, nosso número e a linha digitável para pagar. Famílias sem e-mail válido no cadastro do titular ficam de fora e são contadas. Com o SMTP configurado, as mensagens são enviadas na mesma execução.',
  campos: {
    competencia: camposFolha('').competencia,
    assunto: f.text('Assunto', { max: 150, required: true, default: 'Boleto do plano de saúde — competência {competencia}' }),
    mensagem: f.text('Mensagem', { max: 2000, multiline: true, required: true, default: 'Prezado(a) {nome},\n\nSegue o boleto da sua contribuição ao plano de saúde.' }),
  },
  regras: regraCompetencia,
  previa: true,
  altera: true,
  padroes: () => ({ competencia: mesAtual() }),
});

/** A year the DMED can be about: from 2010 (IN RFB 985/2009) to the current one. */
const regraAno = (v: Values): RuleIssue[] => {
  const a = Number(v.anoCalendario);
  return v.anoCalendario != null && (a < 2010 || a > Number(todayIso().slice(0, 4))) ? [{ field: 'anoCalendario', message: `Ano-calendário inválido: de 2010 a ${todayIso().slice(0, 4)}.` }] : [];
};

/**
 * DMED, as the Receita Federal publishes it (IN RFB nº 985/2009 and the yearly "Leiaute da DMED" of the Programa
 * Gerador): pipe-delimited records, each line ending in "|", values as integers of centavos without separators, dates
 * AAAAMMDD. An operator (OPPAS) lists each titular (TOP, by CPF) with what they paid, their reimbursements per
 * provider (RTOP), and each dependent (DTOP) with their own payments and reimbursements (RDTOP). Shown on the screen
 * and used by the writer; the line order is the declaration's hierarchy.
 */
export const LAYOUT_DMED: Layout = {
  titulo: 'DMED — Declaração de Serviços Médicos e de Saúde (Receita Federal)',
  arquivo: 'Texto ISO-8859-1, CRLF, campos separados por "|" e cada linha terminada em "|"; nome DMED-<ano-calendário>-<CNPJ>.txt',
  separador: '|',
  registros: [
    { nome: 'Dmed (abertura)', campos: [c('id', 'Identificador do registro', 4, 'A', 'Dmed'), c('anoReferencia', 'Ano de referência (entrega)', 4, 'N'), c('anoCalendario', 'Ano-calendário', 4, 'N'), c('retificadora', 'Indicador de retificadora (S/N)', 1, 'A'), c('recibo', 'Número do recibo (retificadora)', 12, 'N'), c('leiaute', 'Identificador de estrutura do leiaute', 7, 'A')] },
    { nome: 'RESPO (responsável pelo preenchimento)', campos: [c('id', 'Identificador do registro', 5, 'A', 'RESPO'), c('cpf', 'CPF', 11, 'N'), c('nome', 'Nome', 60, 'A'), c('ddd', 'DDD', 2, 'N'), c('telefone', 'Telefone', 9, 'N'), c('ramal', 'Ramal', 6, 'N'), c('fax', 'Fax', 9, 'N'), c('email', 'Correio eletrônico', 50, 'A')] },
    { nome: 'DECPJ (declarante pessoa jurídica)', campos: [c('id', 'Identificador do registro', 5, 'A', 'DECPJ'), c('cnpj', 'CNPJ', 14, 'N'), c('nome', 'Nome empresarial', 150, 'A'), c('tipo', 'Tipo do declarante (2 operadora de plano privado de assistência à saúde)', 1, 'N', '2'), c('registroAns', 'Registro ANS', 6, 'N'), c('cnes', 'CNES', 7, 'N'), c('cpfResponsavel', 'CPF do responsável perante o CNPJ', 11, 'N'), c('situacaoEspecial', 'Indicador de situação especial (S/N)', 1, 'A', 'N'), c('dataEvento', 'Data do evento (situação especial)', 8, 'N')] },
    { nome: 'OPPAS (operadora de plano privado de assistência à saúde)', campos: [c('id', 'Identificador do registro', 5, 'A', 'OPPAS')] },
    { nome: 'TOP (titular do plano)', campos: [c('id', 'Identificador do registro', 3, 'A', 'TOP'), c('cpf', 'CPF do titular', 11, 'N'), c('nome', 'Nome do titular', 60, 'A'), c('valor', 'Valor pago no ano, em centavos', 13, 'V')] },
    { nome: 'RTOP (reembolso do titular, por prestador)', campos: [c('id', 'Identificador do registro', 4, 'A', 'RTOP'), c('documento', 'CPF ou CNPJ do prestador', 14, 'N'), c('nome', 'Nome do prestador', 150, 'A'), c('valor', 'Valor do reembolso do ano, em centavos', 13, 'V'), c('anterior', 'Valor do reembolso de anos anteriores, em centavos', 13, 'V')] },
    { nome: 'DTOP (dependente do titular)', campos: [c('id', 'Identificador do registro', 4, 'A', 'DTOP'), c('cpf', 'CPF do dependente', 11, 'N'), c('nascimento', 'Data de nascimento AAAAMMDD', 8, 'N'), c('nome', 'Nome do dependente', 60, 'A'), c('relacao', 'Relação de dependência (03 cônjuge, 04 companheiro, 06 filho, 08 enteado, 10 pai/mãe, 11 agregado/outros)', 2, 'N'), c('valor', 'Valor pago no ano, em centavos', 13, 'V')] },
    { nome: 'RDTOP (reembolso do dependente, por prestador)', campos: [c('id', 'Identificador do registro', 5, 'A', 'RDTOP'), c('documento', 'CPF ou CNPJ do prestador', 14, 'N'), c('nome', 'Nome do prestador', 150, 'A'), c('valor', 'Valor do reembolso do ano, em centavos', 13, 'V'), c('anterior', 'Valor do reembolso de anos anteriores, em centavos', 13, 'V')] },
    { nome: 'FIMDmed (encerramento)', campos: [c('id', 'Identificador do registro', 7, 'A', 'FIMDmed')] },
  ],
};

export const dmed = defineProcesso({
  comando: '/util/exportacao/receita-federal/dmed',
  tipo: 'dmed',
  descricao:
    'Gera o arquivo da DMED (Declaração de Serviços Médicos e de Saúde, IN RFB nº 985/2009) do ano-calendário: por titular (TOP) e dependente (DTOP) o que cada um pagou ao plano no ano — a parte de cada membro nos títulos pagos, pela data do pagamento — e os reembolsos liberados no ano, por prestador (RTOP, RDTOP).',
  campos: {
    anoCalendario: f.integer('Ano-calendário', { min: 2010, max: 2099, required: true, help: 'O ano dos pagamentos; a declaração é entregue no ano seguinte.' }),
    retificadora: f.enum('Tipo de declaração', [['N', 'Original'], ['S', 'Retificadora']], { required: true, default: 'N' }),
    recibo: f.text('Número do recibo da declaração a retificar', { max: 12, pattern: '\\d{12}', when: { field: 'retificadora', in: ['S'] }, help: '12 dígitos.' }),
    leiaute: f.text('Identificador da estrutura do leiaute', { max: 7, pattern: '[A-Za-z0-9]{7}', required: true, help: 'O código de 7 caracteres que a Receita publica com o leiaute do ano (Ato Declaratório Executivo Cofis), o mesmo do Programa Gerador da DMED do ano de entrega.' }),
    responsavelCpf: f.doc('CPF do responsável pelo preenchimento', 'cpf', { required: true }),
    responsavelNome: f.text('Nome do responsável', { max: 60, required: true }),
    responsavelDdd: f.text('DDD', { max: 2, pattern: '\\d{2}', required: true }),
    responsavelTelefone: f.text('Telefone', { max: 9, pattern: '\\d{8,9}', required: true }),
    responsavelEmail: f.text('E-mail', { max: 50, format: 'email' }),
    responsavelCnpjCpf: f.doc('CPF do responsável perante o CNPJ', 'cpf', { required: true }),
  },
  secoes: [
    { title: 'Declaração', fields: ['anoCalendario', 'retificadora', 'recibo', 'leiaute'] },
    { title: 'Responsável (RESPO)', fields: ['responsavelCpf', 'responsavelNome', 'responsavelDdd', 'responsavelTelefone', 'responsavelEmail', 'responsavelCnpjCpf'] },
  ],
  regras: (v) => {
    const out = regraAno(v);
    if (v.retificadora === 'S' && !v.recibo) out.push({ field: 'recibo', message: 'A retificadora informa o número do recibo da declaração original.' });
    return out;
  },
  previa: true,
  layouts: [LAYOUT_DMED],
  padroes: () => ({ anoCalendario: String(Number(todayIso().slice(0, 4)) - 1) }),
});

const nossoNumero = f.text('Nosso número', { max: 17, pattern: '\\d{17}', required: true, help: 'Os 17 dígitos impressos no boleto.' });
const motivo = f.text('Motivo do estorno', { max: 500, required: true, multiline: true });

export const estornoContribuicao = defineProcesso({
  comando: '/util/processo/estorno-contribuicao',
  tipo: 'estorno-contribuicao',
  descricao:
    'Estorna um título de contribuição emitido com erro (família, valor ou competência): o título passa a estornado com o motivo, deixa de ser cobrado e a família pode receber um título novo na competência. Um título com pagamento registrado só é estornado depois do estorno do pagamento (Estorno de Contas de Contribuição).',
  campos: { nossoNumero, motivo },
  previa: true,
  altera: true,
});

export const estornoContasContribuicao = defineProcesso({
  comando: '/util/processo/estorno-contas-contribuicao',
  tipo: 'estorno-contas-contribuicao',
  descricao:
    'Estorna o pagamento registrado de um título (baixa indevida, retorno bancário lançado em duplicidade, cheque devolvido): o pagamento fica estornado com o motivo, sai da DMED e o título volta a aberto.',
  campos: { nossoNumero, motivo },
  previa: true,
  altera: true,
});

/**
 * QDC Financeiro (copass, aeco): the "quadro demonstrativo de contribuições" these self-managed plans (autogestões)
 * show their sponsor each month: per plan, the titles issued, received, open and reversed in the competências chosen.
 * QDC Movimento (the members' movement) is another command.
 */
export const LAYOUT_QDC_FINANCEIRO: Layout = {
  titulo: 'QDC Financeiro (quadro demonstrativo de contribuições)',
  arquivo: 'CSV separado por ";", UTF-8 com BOM, CRLF, a primeira linha com os nomes das colunas; nome qdc-financeiro-<AAAAMM>-<AAAAMM>.csv',
  separador: ';',
  registros: [
    {
      nome: 'Linha (uma por competência e plano, e o total da competência)',
      campos: [
        c('competencia', 'Competência AAAAMM', 6, 'N'),
        c('plano', 'Plano (TOTAL na linha da competência)', 150, 'A'),
        c('emitidos', 'Títulos emitidos', 7, 'N'),
        c('valorEmitido', 'Valor emitido, em centavos', 13, 'V'),
        c('pagos', 'Títulos pagos', 7, 'N'),
        c('valorRecebido', 'Valor recebido, em centavos', 13, 'V'),
        c('vencidos', 'Em aberto vencidos', 7, 'N'),
        c('valorVencido', 'Valor em aberto vencido, em centavos', 13, 'V'),
        c('aVencer', 'Em aberto a vencer', 7, 'N'),
        c('valorAVencer', 'Valor em aberto a vencer, em centavos', 13, 'V'),
        c('estornados', 'Títulos estornados', 7, 'N'),
        c('valorEstornado', 'Valor estornado, em centavos', 13, 'V'),
        c('inadimplencia', 'Inadimplência (valor vencido ÷ valor emitido), em centésimos de ponto percentual', 5, 'N'),
      ],
    },
  ],
};

export const qdcFinanceiro = defineProcesso({
  comando: '/util/processo/qdc/financeiro',
  tipo: 'qdc-financeiro',
  descricao:
    'Gera o quadro demonstrativo de contribuições (QDC) financeiro: por competência e plano, a quantidade e o valor dos títulos emitidos, recebidos, em aberto (vencidos e a vencer) e estornados, e a inadimplência. Uma planilha CSV.',
  campos: {
    inicio: f.text('Competência inicial', { max: 6, mask: '##/####', required: true }),
    fim: f.text('Competência final', { max: 6, mask: '##/####', required: true }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    const a = v.inicio ? competenciaIso(v.inicio) : undefined;
    const b = v.fim ? competenciaIso(v.fim) : undefined;
    if (v.inicio && !a) out.push({ field: 'inicio', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' });
    if (v.fim && !b) out.push({ field: 'fim', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' });
    if (a && b && b < a) out.push({ field: 'fim', message: 'A competência final não pode ser anterior à inicial.' });
    return out;
  },
  previa: true,
  layouts: [LAYOUT_QDC_FINANCEIRO],
  padroes: () => ({ inicio: `01/${todayIso().slice(0, 4)}`, fim: mesAtual() }),
});

/** Overdue titles on a date (copass): one CSV line per title, for the collection desk. */
export const LAYOUT_RECEBIMENTO_ATRASO: Layout = {
  titulo: 'Recebimentos em atraso',
  arquivo: 'CSV separado por ";", UTF-8 com BOM, CRLF, a primeira linha com os nomes das colunas; nome recebimentos-atraso-<AAAAMMDD>.csv',
  separador: ';',
  registros: [
    {
      nome: 'Título vencido (um por título em aberto)',
      campos: [
        c('matricula', 'Matrícula do titular', 10, 'N'),
        c('nome', 'Nome do titular', 150, 'A'),
        c('cpf', 'CPF do titular', 11, 'N'),
        c('competencia', 'Competência AAAAMM', 6, 'N'),
        c('nossoNumero', 'Nosso número', 17, 'N'),
        c('vencimento', 'Vencimento', 8, 'D'),
        c('diasAtraso', 'Dias de atraso', 5, 'N'),
        c('valor', 'Valor do título, em centavos', 11, 'V'),
        c('telefone', 'Celular ou telefone', 20, 'A'),
        c('email', 'E-mail', 120, 'A'),
      ],
    },
  ],
};

export const recebimentoAtraso = defineProcesso({
  comando: '/util/exportacao/recebimento-atraso',
  tipo: 'recebimento-atraso',
  descricao: 'Gera a planilha dos títulos vencidos e não pagos até a data-base: titular, competência, nosso número, vencimento, dias de atraso, valor e os contatos para a cobrança.',
  campos: {
    dataBase: f.date('Data-base', { required: true, help: 'Títulos com vencimento anterior a esta data e ainda em aberto.' }),
    diasMinimos: f.integer('Atraso mínimo (dias)', { min: 1, max: 3650, default: 1, required: true }),
  },
  previa: true,
  layouts: [LAYOUT_RECEBIMENTO_ATRASO],
  padroes: () => {
    const h = todayIso();
    return { dataBase: `${h.slice(8, 10)}/${h.slice(5, 7)}/${h.slice(0, 4)}` };
  },
});

/** The boleto by SMS (copass): the bulk-upload file of the operator's SMS provider, one message per family. */
export const LAYOUT_SMS_BOLETO: Layout = {
  titulo: 'Envio de boleto por SMS (arquivo do provedor)',
  arquivo: 'CSV separado por ";", UTF-8 com BOM, CRLF, a primeira linha com os nomes das colunas; nome sms-boleto-<AAAAMM>.csv; a mensagem tem até 160 caracteres',
  separador: ';',
  registros: [
    {
      nome: 'Mensagem (uma por título em aberto com celular)',
      campos: [c('celular', 'Celular com DDD (só dígitos)', 11, 'N'), c('nome', 'Nome do titular', 150, 'A'), c('nossoNumero', 'Nosso número', 17, 'N'), c('mensagem', 'Mensagem (até 160 caracteres)', 160, 'A')],
    },
  ],
};

export const smsBoleto = defineProcesso({
  comando: '/util/exportacao/sms-boleto',
  tipo: 'sms-boleto',
  descricao:
    'Gera o arquivo de envio em massa do provedor de SMS com o boleto da competência: uma mensagem por família com título em aberto e celular no cadastro do titular — valor, vencimento e a linha digitável. Famílias sem celular ficam de fora e são contadas.',
  campos: { competencia: camposFolha('').competencia },
  regras: regraCompetencia,
  previa: true,
  layouts: [LAYOUT_SMS_BOLETO],
  padroes: () => ({ competencia: mesAtual() }),
});

export const PROCESSOS_RECEBIVEIS = [boletoLote, remessaRecebimentoBanco, retornoCobranca, envioComunicadoBoleto, dmed, estornoContribuicao, estornoContasContribuicao, qdcFinanceiro, recebimentoAtraso, smsBoleto];

import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import { arquivo, cabecalho, campo, CNPJ, COMPETENCIA, GERACAO, mesAtual, reg, regras, TIPO } from './folha';
import type { CampoLayout, Layout } from './layout';

/**
 * Payables and the federal-revenue files made of them (issue 13, §2.7): the month's payments to providers with their
 * withholdings (src/shared/pagamentos/retencoes.ts) for the finance system, and the EFD-Reinf R-4000 events of the
 * income paid and the taxes withheld. Each layout is declared once and shown on its export's screen.
 */

const competencia = f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano (MM/AAAA).' });

// ---- contas a pagar ---------------------------------------------------------------------------------------------

const LARGURA_CP = 240;
export const LAYOUT_CONTAS_PAGAR: Layout = {
  titulo: 'Contas a pagar (sistema financeiro)',
  arquivo: arquivo(LARGURA_CP, 'CONTASPAGAR', '; um registro 1 por pagamento seguido dos registros 2 das suas retenções'),
  registros: [
    cabecalho(LARGURA_CP, CNPJ, COMPETENCIA, GERACAO),
    reg('Pagamento (um por pagamento a prestador)', LARGURA_CP, [
      TIPO('1'),
      campo('numero', 'Número do pagamento', 12, 'N'),
      campo('tipoPessoa', 'Pessoa: F física (RPA), J jurídica', 1, 'A'),
      campo('documento', 'CPF ou CNPJ do prestador', 14, 'N'),
      campo('codigo', 'Código do prestador', 20, 'A'),
      campo('nome', 'Nome do prestador', 60, 'A'),
      campo('competencia', 'Competência AAAAMM', 6, 'N'),
      campo('vencimento', 'Data de vencimento', 8, 'D'),
      campo('protocolos', 'Quantidade de protocolos pagos', 5, 'N'),
      campo('bruto', 'Valor bruto, em centavos', 15, 'V'),
      campo('retencoes', 'Total das retenções, em centavos', 15, 'V'),
      campo('liquido', 'Valor líquido a pagar, em centavos', 15, 'V'),
      campo('banco', 'Banco (código de compensação)', 3, 'N'),
      campo('agencia', 'Agência', 6, 'A'),
      campo('conta', 'Conta', 15, 'A'),
      campo('natureza', 'Natureza de rendimento (Tabela 01 da EFD-Reinf)', 5, 'N'),
    ]),
    reg('Retenção (uma por tributo retido no pagamento)', LARGURA_CP, [
      TIPO('2'),
      campo('numero', 'Número do pagamento', 12, 'N'),
      campo('tributo', 'Tributo: IRRF, PIS, COFINS, CSLL, INSS, ISS', 6, 'A'),
      campo('codigoReceita', 'Código da receita (DARF), zeros quando não há', 4, 'N'),
      campo('base', 'Base de cálculo, em centavos', 15, 'V'),
      campo('aliquota', 'Alíquota em centésimos de ponto (150 = 1,5 %); zeros na tabela progressiva', 5, 'N'),
      campo('valor', 'Valor retido, em centavos', 15, 'V'),
    ]),
    reg('Rodapé', LARGURA_CP, [
      TIPO('9'),
      campo('quantidade', 'Quantidade de pagamentos', 6, 'N'),
      campo('retencoesQtd', 'Quantidade de retenções', 6, 'N'),
      campo('bruto', 'Soma dos valores brutos, em centavos', 15, 'V'),
      campo('retencoes', 'Soma das retenções, em centavos', 15, 'V'),
      campo('liquido', 'Soma dos valores líquidos, em centavos', 15, 'V'),
    ]),
  ],
};

export const contasPagar = defineProcesso({
  comando: '/util/exportacao/contas-pagar',
  tipo: 'contas-pagar',
  descricao:
    'Gera para o sistema financeiro as contas a pagar da competência: cada pagamento consolidado a prestador (pessoa jurídica ou profissional com RPA), com o vencimento, o valor bruto, cada retenção (IRRF, PIS, COFINS, CSLL, INSS, ISS) com base, alíquota e código da receita, e o líquido. Pagamentos com rendimento estornado ficam fora.',
  campos: { competencia, prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores.' }) },
  regras,
  previa: true,
  layouts: [LAYOUT_CONTAS_PAGAR],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- EFD-Reinf --------------------------------------------------------------------------------------------------

/** The leiaute the events follow: EFD-Reinf versão 2.1.2 (schemas v2_01_02), series R-4000. */
export const REINF_VERSAO = '2.1.2';
export const REINF_NS = {
  lote: 'http://www.reinf.esocial.gov.br/schemas/envioLoteEventosAssincrono/v1_00_00',
  r4010: 'http://www.reinf.esocial.gov.br/schemas/evt4010PagtoBeneficiarioPF/v2_01_02',
  r4020: 'http://www.reinf.esocial.gov.br/schemas/evt4020PagtoBeneficiarioPJ/v2_01_02',
} as const;
/** The Receita accepts at most 50 events in one asynchronous lot (Manual de Orientação ao Desenvolvedor). */
export const REINF_EVENTOS_POR_LOTE = 50;

const el = (nome: string, descricao: string, tamanho: number, formatoTexto: string): CampoLayout => ({ nome, descricao, tamanho, formato: 'A', formatoTexto });
const DATA = 'Data AAAA-MM-DD';
const VALOR = 'Decimal com vírgula e 2 casas (1201,22)';
const IDE_EVENTO = [
  el('ideEvento/indRetif', 'Indicativo de retificação: 1 original', 1, 'Numérico'),
  el('ideEvento/perApur', 'Período de apuração', 7, 'AAAA-MM'),
  el('ideEvento/tpAmb', 'Ambiente: 1 produção, 2 produção restrita', 1, 'Numérico'),
  el('ideEvento/procEmi', 'Processo de emissão: 1 aplicativo do contribuinte', 1, 'Numérico'),
  el('ideEvento/verProc', 'Versão do aplicativo emissor', 20, 'Texto'),
  el('ideContri/tpInsc', 'Tipo de inscrição do contribuinte: 1 CNPJ', 1, 'Numérico'),
  el('ideContri/nrInsc', 'Raiz do CNPJ da operadora (8 dígitos)', 8, 'Numérico'),
  el('ideEstab/tpInscEstab', 'Tipo de inscrição do estabelecimento pagador: 1 CNPJ', 1, 'Numérico'),
  el('ideEstab/nrInscEstab', 'CNPJ do estabelecimento pagador', 14, 'Numérico'),
];

export const LAYOUT_REINF: Layout = {
  titulo: `EFD-Reinf, leiaute ${REINF_VERSAO} (R-4010 e R-4020)`,
  arquivo: `XML UTF-8; um lote de envio assíncrono (envioLoteEventosAssincrono v1_00_00) a cada ${REINF_EVENTOS_POR_LOTE} eventos, nome REINF_<AAAAMM>_<lote>.xml; um evento por beneficiário no período; os eventos saem sem assinatura, para o assinador da operadora (certificado ICP-Brasil) transmitir`,
  xml: true,
  registros: [
    {
      nome: 'R-4020 Pagamentos a pessoa jurídica (Reinf/evtRetPJ)',
      campos: [
        ...IDE_EVENTO,
        el('ideBenef/cnpjBenef', 'CNPJ do prestador (dígitos verificadores conferidos)', 14, 'Numérico'),
        el('ideBenef/nmBenef', 'Razão social do prestador', 70, 'Texto'),
        el('idePgto/natRend', 'Natureza do rendimento (Tabela 01, beneficiário PJ)', 5, 'Numérico'),
        el('infoPgto/dtFG', 'Data do fato gerador: a consolidação do pagamento (crédito)', 10, DATA),
        el('infoPgto/vlrBruto', 'Valor bruto', 17, VALOR),
        el('retencoes/vlrBaseIR', 'Base do IRRF', 17, VALOR),
        el('retencoes/vlrIR', 'IRRF retido', 17, VALOR),
        el('retencoes/vlrBaseCSLL', 'Base da CSLL', 17, VALOR),
        el('retencoes/vlrCSLL', 'CSLL retida', 17, VALOR),
        el('retencoes/vlrBaseCofins', 'Base da COFINS', 17, VALOR),
        el('retencoes/vlrCofins', 'COFINS retida', 17, VALOR),
        el('retencoes/vlrBasePP', 'Base do PIS/PASEP', 17, VALOR),
        el('retencoes/vlrPP', 'PIS/PASEP retido', 17, VALOR),
      ],
    },
    {
      nome: 'R-4010 Pagamentos a pessoa física fora do eSocial (Reinf/evtRetPF)',
      campos: [
        ...IDE_EVENTO,
        el('ideBenef/cpfBenef', 'CPF do prestador (dígitos verificadores conferidos)', 11, 'Numérico'),
        el('ideBenef/nmBenef', 'Nome do prestador', 70, 'Texto'),
        el('idePgto/natRend', 'Natureza do rendimento (Tabela 01, beneficiário PF, fora do grupo 10)', 5, 'Numérico'),
        el('infoPgto/dtFG', 'Data do fato gerador: a consolidação do pagamento', 10, DATA),
        el('infoPgto/vlrRendBruto', 'Rendimento bruto', 17, VALOR),
        el('infoPgto/vlrRendTrib', 'Rendimento tributável (bruto menos o INSS retido)', 17, VALOR),
        el('infoPgto/vlrIR', 'IRRF retido', 17, VALOR),
      ],
    },
  ],
};

const AMBIENTES = [['1', 'Produção'], ['2', 'Produção restrita (testes)']] as const;

export const efdReinf = defineProcesso({
  comando: '/util/exportacao/receita-federal/efd',
  tipo: 'efd-reinf',
  descricao: `Gera os eventos da EFD-Reinf (leiaute ${REINF_VERSAO}, série R-4000) do período de apuração: R-4020 para os pagamentos a pessoas jurídicas, com a natureza do rendimento e o IRRF, a CSLL, a COFINS e o PIS retidos, e R-4010 para pagamentos a pessoas físicas de natureza fora do grupo 10. O rendimento do trabalho dos profissionais com RPA vai ao eSocial (S-1200 e S-1210), não à EFD-Reinf. CNPJ, CPF e natureza são conferidos antes: o que a Receita recusaria fica fora e é listado no registro da execução.`,
  campos: { competencia: { ...competencia, label: 'Período de apuração' }, ambiente: f.enum('Ambiente', AMBIENTES, { required: true, default: '2' }) },
  regras,
  previa: true,
  layouts: [LAYOUT_REINF],
  padroes: () => ({ competencia: mesAtual(), ambiente: '2' }),
});

// ---- DIRF (extinct from 2025) -------------------------------------------------------------------------------------

/**
 * DIRF: replaced by the EFD-Reinf and the eSocial for facts from 01/01/2025 (IN RFB 2.043/2021, art. 3º § 1º, as IN
 * RFB 2.181/2024 wrote it); the DIRF 2025, of calendar year 2024, was the last one. The export builds the years it
 * applies to and refuses 2025 on with where the information goes now.
 */
export const DIRF_ULTIMO_ANO = 2024;
export const DIRF_MSG_EXTINTA =
  'A DIRF foi extinta para os pagamentos a partir de 1º de janeiro de 2025 (IN RFB nº 2.043/2021, art. 3º, § 1º, na redação da IN RFB nº 2.181/2024): as retenções de 2025 em diante são informadas mensalmente na EFD-Reinf (série R-4000) e no eSocial. Use Exportar EFD-Reinf. A DIRF só é gerada para os anos-calendário até 2024.';

export const regrasDirf = (v: Values): RuleIssue[] => {
  const ano = typeof v.anoCalendario === 'string' ? Number(v.anoCalendario) : NaN;
  if (v.anoCalendario == null || v.anoCalendario === '') return [];
  if (!/^\d{4}$/.test(String(v.anoCalendario)) || ano < 2010) return [{ field: 'anoCalendario', message: 'Ano-calendário inválido: informe os 4 dígitos do ano, de 2010 a 2024.' }];
  if (ano > DIRF_ULTIMO_ANO) return [{ field: 'anoCalendario', message: DIRF_MSG_EXTINTA }];
  return [];
};

const pipe = (nome: string, descricao: string, tamanho: number, formato: CampoLayout['formato'], fixo?: string): CampoLayout => ({ nome, descricao, tamanho, formato, ...(fixo != null ? { fixo } : {}) });
const FIM = pipe('fim', 'Fim do registro (a linha termina em "|")', 0, 'A', '');
const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const mensal = (id: string, oque: string) => ({
  nome: `${id} ${oque} (um por beneficiário e código de receita)`,
  campos: [
    pipe('id', 'Identificador do registro', 5, 'A', id),
    ...MESES.map((m, i) => pipe(`m${i + 1}`, `${oque} de ${m}, em centavos sem separador (vazio quando não há)`, 15, 'V')),
    pipe('m13', '13º salário (vazio: não se aplica a prestadores)', 15, 'V'),
    FIM,
  ],
});

export const LAYOUT_DIRF: Layout = {
  titulo: 'DIRF (até o ano-calendário 2024)',
  arquivo:
    'Texto ISO-8859-1, CRLF, campos separados por "|" e cada registro terminado em "|", nome DIRF_<ano>.txt; importado pelo programa gerador da DIRF do ano; valores em centavos sem separador; ordem: Dirf, RESPO, DECPJ, e por código de receita IDREC seguido dos beneficiários (BPFDEC ou BPJDEC com RTRT, RTPO e RTIRF), FIMDirf',
  separador: '|',
  registros: [
    {
      nome: 'Dirf (identificação da declaração)',
      campos: [
        pipe('id', 'Identificador do registro', 4, 'A', 'Dirf'),
        pipe('anoReferencia', 'Ano de referência (o da entrega)', 4, 'N'),
        pipe('anoCalendario', 'Ano-calendário', 4, 'N'),
        pipe('retificadora', 'Retificadora: S ou N', 1, 'A', 'N'),
        pipe('recibo', 'Número do recibo da declaração retificada (vazio)', 12, 'N'),
        pipe('estrutura', 'Identificador de estrutura do leiaute (publicado pela Receita para o ano)', 7, 'A'),
        FIM,
      ],
    },
    {
      nome: 'RESPO (responsável pelo preenchimento)',
      campos: [pipe('id', 'Identificador do registro', 5, 'A', 'RESPO'), pipe('cpf', 'CPF do responsável', 11, 'N'), pipe('nome', 'Nome do responsável', 60, 'A'), pipe('ddd', 'DDD', 2, 'N'), pipe('telefone', 'Telefone', 9, 'N'), pipe('ramal', 'Ramal', 6, 'N'), pipe('fax', 'Fax', 9, 'N'), pipe('email', 'Correio eletrônico', 50, 'A'), FIM],
    },
    {
      nome: 'DECPJ (declarante pessoa jurídica: a operadora)',
      campos: [
        pipe('id', 'Identificador do registro', 5, 'A', 'DECPJ'),
        pipe('cnpj', 'CNPJ da operadora', 14, 'N'),
        pipe('nome', 'Nome empresarial', 150, 'A'),
        pipe('natureza', 'Natureza do declarante: 0 pessoa jurídica de direito privado', 1, 'N', '0'),
        pipe('cpfResponsavel', 'CPF do responsável perante o CNPJ', 11, 'N'),
        ...['sócio ostensivo de SCP', 'depositário de crédito de decisão judicial', 'instituição administradora de fundo ou clube de investimento', 'rendimentos pagos a residentes no exterior', 'plano privado de assistência à saúde (coletivo empresarial)', 'pagamentos a entidades imunes ou isentas', 'fundação pública de direito privado', 'situação especial'].map((d, i) =>
          pipe(`ind${i + 6}`, `Indicador: ${d} (S ou N)`, 1, 'A', 'N'),
        ),
        pipe('dataEvento', 'Data do evento da situação especial (vazio)', 8, 'D'),
        FIM,
      ],
    },
    { nome: 'IDREC (código de receita)', campos: [pipe('id', 'Identificador do registro', 5, 'A', 'IDREC'), pipe('codigo', 'Código da receita (DARF): 0588 trabalho sem vínculo, 1708 serviços profissionais, 5952 PIS/COFINS/CSLL', 4, 'N'), FIM] },
    { nome: 'BPFDEC (beneficiário pessoa física)', campos: [pipe('id', 'Identificador do registro', 6, 'A', 'BPFDEC'), pipe('cpf', 'CPF do prestador', 11, 'N'), pipe('nome', 'Nome', 60, 'A'), pipe('dataLaudo', 'Data do laudo de moléstia grave (vazio)', 8, 'D'), pipe('alimentando', 'Alimentando: N', 1, 'A', 'N'), pipe('previdencia', 'Previdência complementar: N', 1, 'A', 'N'), FIM] },
    { nome: 'BPJDEC (beneficiário pessoa jurídica)', campos: [pipe('id', 'Identificador do registro', 6, 'A', 'BPJDEC'), pipe('cnpj', 'CNPJ do prestador', 14, 'N'), pipe('nome', 'Nome empresarial', 150, 'A'), FIM] },
    mensal('RTRT', 'Rendimento tributável'),
    mensal('RTPO', 'Previdência oficial (INSS retido)'),
    mensal('RTIRF', 'Imposto retido'),
    { nome: 'FIMDirf (fim da declaração)', campos: [pipe('id', 'Identificador do registro', 7, 'A', 'FIMDirf'), FIM] },
  ],
};

export const dirf = defineProcesso({
  comando: '/util/exportacao/receita-federal/dirf',
  tipo: 'dirf',
  descricao: `Gera a DIRF de um ano-calendário até 2024: os rendimentos pagos aos prestadores (pessoas físicas com RPA e pessoas jurídicas) mês a mês e o imposto e as contribuições retidos, por código de receita, para o programa gerador da Receita. ${DIRF_MSG_EXTINTA}`,
  campos: {
    anoCalendario: f.text('Ano-calendário', { max: 4, mask: '####', required: true, help: 'Até 2024: de 2025 em diante as retenções vão à EFD-Reinf e ao eSocial.' }),
    estrutura: f.text('Identificador de estrutura do leiaute', { max: 7, pattern: '[A-Za-z0-9]{7}', example: 'VR4QLM8', required: true, case: 'upper', help: 'Os 7 caracteres que a Receita publica no leiaute da DIRF do ano.' }),
    cpfResponsavel: f.doc('CPF do responsável', 'cpf', { required: true }),
    nomeResponsavel: f.text('Nome do responsável', { max: 60, required: true }),
    ddd: f.text('DDD', { max: 2, mask: '##', required: true }),
    telefone: f.text('Telefone', { max: 9, pattern: '\\d{8,9}', example: '32151234', required: true }),
    email: f.text('E-mail do responsável', { max: 50, format: 'email' }),
  },
  regras: regrasDirf,
  previa: true,
  layouts: [LAYOUT_DIRF],
  padroes: () => ({ anoCalendario: String(DIRF_ULTIMO_ANO) }),
});

// ---- eSocial (RPA professionals) ----------------------------------------------------------------------------------

/** The leiaute the events follow: eSocial versão S-1.3 (schemas v_S_01_03_00). */
export const ESOCIAL_VERSAO = 'S-1.3';
export const ESOCIAL_NS = {
  s1200: 'http://www.esocial.gov.br/schema/evt/evtRemun/v_S_01_03_00',
  s1210: 'http://www.esocial.gov.br/schema/evt/evtPgtos/v_S_01_03_00',
} as const;
/** eSocial category 701: contribuinte individual, autônomo em geral (Tabela 01). */
export const CATEGORIA_AUTONOMO = '701';
const DEC = 'Decimal com ponto e 2 casas (3000.00)';
const IDE_ESOCIAL = [
  el('ideEvento/indRetif', 'Indicativo de retificação: 1 original', 1, 'Numérico'),
  el('ideEvento/perApur', 'Período de apuração', 7, 'AAAA-MM'),
  el('ideEvento/tpAmb', 'Ambiente: 1 produção, 2 produção restrita', 1, 'Numérico'),
  el('ideEvento/procEmi', 'Processo de emissão: 1 aplicativo do empregador', 1, 'Numérico'),
  el('ideEvento/verProc', 'Versão do aplicativo emissor', 20, 'Texto'),
  el('ideEmpregador/tpInsc', 'Tipo de inscrição: 1 CNPJ', 1, 'Numérico'),
  el('ideEmpregador/nrInsc', 'Raiz do CNPJ da operadora (8 dígitos)', 8, 'Numérico'),
];
export const LAYOUT_ESOCIAL_RPA: Layout = {
  titulo: `eSocial, leiaute ${ESOCIAL_VERSAO} (S-1200 e S-1210 dos RPAs)`,
  arquivo: 'XML UTF-8, um evento por arquivo: S1200_<AAAAMM>_<CPF>.xml e S1210_<AAAAMM>_<CPF>.xml; sem assinatura, para o assinador da operadora (certificado ICP-Brasil) transmitir',
  xml: true,
  registros: [
    {
      nome: 'S-1200 Remuneração do contribuinte individual (eSocial/evtRemun)',
      campos: [
        IDE_ESOCIAL[0],
        el('ideEvento/indApuracao', 'Apuração: 1 mensal', 1, 'Numérico'),
        ...IDE_ESOCIAL.slice(1),
        el('ideTrabalhador/cpfTrab', 'CPF do profissional (dígitos verificadores conferidos)', 11, 'Numérico'),
        el('infoComplem/nmTrab', 'Nome do profissional (sem cadastro S-2300)', 70, 'Texto'),
        el('infoComplem/dtNascto', 'Data de nascimento do profissional', 10, DATA),
        el('dmDev/ideDmDev', 'Demonstrativo: o número do RPA', 30, 'Texto'),
        el('dmDev/codCateg', `Categoria ${CATEGORIA_AUTONOMO}: contribuinte individual, autônomo em geral`, 3, 'Numérico'),
        el('ideEstabLot/tpInsc', 'Tipo de inscrição do estabelecimento: 1 CNPJ', 1, 'Numérico'),
        el('ideEstabLot/nrInsc', 'CNPJ do estabelecimento', 14, 'Numérico'),
        el('ideEstabLot/codLotacao', 'Lotação tributária (tabela S-1020 da operadora)', 30, 'Texto'),
        el('itensRemun/codRubr', 'Rubrica (tabela S-1010): honorários, INSS, IRRF e ISS retidos', 30, 'Texto'),
        el('itensRemun/ideTabRubr', 'Tabela de rubricas', 8, 'Texto'),
        el('itensRemun/vrRubr', 'Valor da rubrica', 17, DEC),
      ],
    },
    {
      nome: 'S-1210 Pagamento (eSocial/evtPgtos)',
      campos: [
        ...IDE_ESOCIAL,
        el('ideBenef/cpfBenef', 'CPF do profissional', 11, 'Numérico'),
        el('infoPgto/dtPgto', 'Data do pagamento: a consolidação do pagamento', 10, DATA),
        el('infoPgto/tpPgto', 'Tipo: 1 pagamento de remuneração (S-1200)', 2, 'Numérico'),
        el('infoPgto/perRef', 'Período de referência: a competência do RPA', 7, 'AAAA-MM'),
        el('infoPgto/ideDmDev', 'Demonstrativo pago: o número do RPA', 30, 'Texto'),
        el('infoPgto/vrLiq', 'Valor líquido pago', 17, DEC),
      ],
    },
  ],
};

const rubrica = (label: string, padrao: string) => f.text(label, { max: 30, required: true, default: padrao, help: 'Código da rubrica na tabela S-1010 da operadora.' });
export const esocialRpa = defineProcesso({
  comando: '/util/exportacao/receita-federal/e-social',
  tipo: 'esocial-rpa',
  descricao: `Gera os eventos do eSocial (leiaute ${ESOCIAL_VERSAO}) dos profissionais pagos por RPA: o S-1200 de cada RPA da competência (honorários, INSS, IRRF e ISS retidos em rubricas da operadora, categoria ${CATEGORIA_AUTONOMO}) e o S-1210 de cada RPA pago no mês. É por eles que o rendimento do trabalho e o IRRF desses profissionais chegam à Receita, no lugar da DIRF. CPF, nascimento e rubricas são conferidos antes: o que o eSocial recusaria fica fora e é listado no registro da execução.`,
  campos: {
    competencia: { ...competencia, label: 'Período de apuração' },
    ambiente: f.enum('Ambiente', AMBIENTES, { required: true, default: '2' }),
    codLotacao: f.text('Lotação tributária', { max: 30, required: true, default: '001', help: 'Código da lotação na tabela S-1020 da operadora.' }),
    ideTabRubr: f.text('Tabela de rubricas', { max: 8, required: true, default: '1' }),
    rubricaHonorarios: rubrica('Rubrica de honorários', 'RPA001'),
    rubricaInss: rubrica('Rubrica do INSS retido', 'RPA002'),
    rubricaIrrf: rubrica('Rubrica do IRRF retido', 'RPA003'),
    rubricaIss: rubrica('Rubrica do ISS retido', 'RPA004'),
  },
  regras,
  previa: true,
  layouts: [LAYOUT_ESOCIAL_RPA],
  padroes: () => ({ competencia: mesAtual(), ambiente: '2' }),
});

// ---- SEFIP (GFIP) -------------------------------------------------------------------------------------------------

/**
 * SEFIP/GFIP: the FGTS went to the FGTS Digital from competência 03/2024 (Portaria MTE nº 240/2024) and the social
 * security contributions are declared in the DCTFWeb from the eSocial and the EFD-Reinf events; from 03/2024 no
 * competência is declared in the SEFIP any more. The export says so and refuses those competências; for earlier ones
 * it lists the autonomous professionals' RPAs the GFIP would carry (category 13), without writing the SEFIP.RE file,
 * whose layout (SEFIP 8.4) this portal does not have.
 */
export const SEFIP_ULTIMA = '2024-02';
export const SEFIP_MSG_SUBSTITUIDA =
  'A GFIP/SEFIP não é mais usada a partir da competência 03/2024: o FGTS é declarado no FGTS Digital e as contribuições previdenciárias na DCTFWeb, com os dados do eSocial (S-1200 e S-1210) e da EFD-Reinf. Use Exportar eSocial e Exportar EFD-Reinf.';
export const regrasSefip = (v: Values): RuleIssue[] => {
  const r = regras(v);
  if (r.length || typeof v.competencia !== 'string' || v.competencia.length !== 6) return r;
  const iso = `${v.competencia.slice(2)}-${v.competencia.slice(0, 2)}`;
  return iso > SEFIP_ULTIMA ? [{ field: 'competencia', message: SEFIP_MSG_SUBSTITUIDA }] : [];
};
export const sefip = defineProcesso({
  comando: '/util/exportacao/receita-federal/sefip',
  tipo: 'sefip',
  descricao: `${SEFIP_MSG_SUBSTITUIDA} Para competências até 02/2024, lista os RPAs de contribuintes individuais (categoria 13 da GFIP) da competência, com a remuneração e o INSS retido, para conferência com a GFIP entregue; o arquivo SEFIP.RE não é gerado por este portal.`,
  campos: { competencia: { ...competencia, help: 'Até 02/2024.' } },
  regras: regrasSefip,
  previa: true,
  padroes: () => ({ competencia: '022024' }),
});

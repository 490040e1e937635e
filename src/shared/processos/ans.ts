import { f, type RuleIssue, type Values } from '../resources/define';
import { periodoDoTrimestre, trimestresRecentes } from '../sip/analise';
import { todayIso } from '../dates';
import { defineProcesso } from './define';
import { competenciaIso, mesAtual, regras } from './folha';
import type { CampoLayout, Layout, RegistroLayout } from './layout';

/**
 * The ANS's monthly and quarterly files (spec §2.7 /util/exportacao, DOMAIN.md §1.9, §3, §3b). Monitoramento TISS has
 * a public XSD (shipped in src/server/tiss/xsd/monitoramento-1.01.00) and is validated against it; the SIB's XSD is
 * not public (DOMAIN.md §7), so its structure is declared here once, from the third-party evidence DOMAIN.md §3
 * cites, and shown on the screen.
 */

/** Versions of `dm_versao_monitor` in the 1.01.00 schema: the file's versaoPadrao (the current 1.06.00 schema is not public). */
export const VERSOES_MONITORAMENTO = [['1.01.00', '1.01.00'], ['1.00.01', '1.00.01'], ['1.00.00', '1.00.00']] as const;

/** The schema's maxOccurs of guiaMonitoramento: a competência with more guides goes in several files. */
export const MAX_GUIAS_MONITORAMENTO = 10_000;

const competencia = (help: string) => f.text('Competência', { max: 6, mask: '##/####', required: true, help });

export const monitoramentoTiss = defineProcesso({
  comando: '/util/exportacao/monitoramento-tiss',
  tipo: 'ans-monitoramento-tiss',
  descricao:
    'Gera o arquivo mensal do Monitoramento TISS (mensagemEnvioANS): uma guiaMonitoramento por guia faturada cuja análise foi encerrada na competência e por reembolso liberado nela, em ISO-8859-1, com o hash MD5 no epílogo e validado pelo XSD da ANS. Sem movimento, o arquivo leva semMovimentoInclusao; acima de 10.000 guias, um arquivo a cada 10.000.',
  campos: {
    competencia: competencia('Mês do processamento das guias (MM/AAAA).'),
    versao: f.enum('Versão do padrão', VERSOES_MONITORAMENTO, { required: true, default: '1.01.00', help: 'versaoPadrao do cabeçalho; o arquivo é validado pelo XSD 1.01.00.' }),
  },
  regras,
  previa: true,
  padroes: () => ({ competencia: mesAtual(), versao: '1.01.00' }),
});

// ---- SIB ---------------------------------------------------------------------------------------------------------

/** An element of the SIB structure: path, description, maximum size, format as written. */
const el = (nome: string, descricao: string, tamanho: number, formato: string): CampoLayout => ({ nome, descricao: `${nome}: ${descricao}`, tamanho, formato: 'A', entrada: formato });
const TEXTO = 'Texto, maiúsculas sem acento';
const DIGITOS = 'Só dígitos';
const DATA = 'Data AAAA-MM-DD';

const IDENTIFICACAO = [
  el('identificacao/cpf', 'CPF (obrigatório para o titular e para quem tem 18 anos ou mais; dígitos conferidos)', 11, DIGITOS),
  el('identificacao/cns', 'Cartão Nacional de Saúde (dígito conferido)', 15, DIGITOS),
  el('identificacao/nome', 'Nome do beneficiário', 70, TEXTO),
  el('identificacao/sexo', 'Sexo: 1 masculino, 3 feminino', 1, DIGITOS),
  el('identificacao/dataNascimento', 'Data de nascimento', 10, DATA),
  el('identificacao/nomeMae', 'Nome da mãe (obrigatório, nome completo)', 70, TEXTO),
];
const ENDERECO = [
  el('endereco/logradouro', 'Logradouro', 50, TEXTO),
  el('endereco/numero', 'Número', 5, TEXTO),
  el('endereco/complemento', 'Complemento', 15, TEXTO),
  el('endereco/bairro', 'Bairro', 30, TEXTO),
  el('endereco/codigoMunicipio', 'Município (IBGE, 7 dígitos)', 7, DIGITOS),
  el('endereco/codigoMunicipioResidencia', 'Município de residência (IBGE, 7 dígitos)', 7, DIGITOS),
  el('endereco/cep', 'CEP', 8, DIGITOS),
  el('endereco/tipoEndereco', 'Tipo de endereço: 2 residencial', 1, DIGITOS),
  el('endereco/resideExterior', 'Reside no exterior: 0 não', 1, DIGITOS),
];
const CONTRATO = [
  el('vinculo/numeroPlanoANS', 'Registro do plano na ANS (RPS, 9 dígitos)', 9, DIGITOS),
  el('vinculo/coberturaParcialTemporaria', 'Cobertura parcial temporária: 0 não, 1 sim', 1, DIGITOS),
  el('vinculo/itensExcluidosCobertura', 'Itens excluídos da cobertura: 0 não', 1, DIGITOS),
  el('vinculo/cnpjEmpresaContratante', 'CNPJ da empresa contratante (planos coletivos)', 14, DIGITOS),
];
const VINCULO = [
  el('vinculo/codigoBeneficiario', 'Código do beneficiário na operadora (matrícula)', 30, TEXTO),
  el('vinculo/relacaoDependencia', 'Relação de dependência: 1 titular, 3 cônjuge, 4 filho, 6 enteado, 8 pai/mãe, 10 agregado', 2, DIGITOS),
  el('vinculo/ccoBeneficiarioTitular', 'CCO do titular (dependentes cujo titular já tem CCO)', 12, DIGITOS),
  el('vinculo/codigoBeneficiarioTitular', 'Matrícula do titular (dependentes cujo titular ainda não tem CCO)', 30, TEXTO),
  el('vinculo/dataContratacao', 'Data da adesão ao plano', 10, DATA),
  ...CONTRATO,
];
const CCO = el('cco', 'Código de controle operacional devolvido pela ANS na inclusão (obrigatório em todo movimento que não é inclusão)', 12, DIGITOS);
const reg = (nome: string, campos: CampoLayout[]): RegistroLayout => ({ nome, campos });

export const ESTRUTURA_SIB: Layout = {
  titulo: 'SIB — movimentação cadastral de beneficiários (mensagemSIB)',
  arquivo:
    'XML em ISO-8859-1, namespace http://www.ans.gov.br/padroes/sib/schemas; nome <registro ANS (6)><AAAAMMDDHHMMSS>.SBX; o epílogo leva o hash MD5 do texto de todos os elementos. O XSD da ANS (sib.xsd) não é público: esta estrutura segue as evidências citadas no DOMAIN.md §3.',
  xml: true,
  registros: [
    reg('Cabeçalho', [
      el('cabecalho/identificacaoTransacao/tipoTransacao', 'Sempre "ATUALIZACAO SIB"', 20, TEXTO),
      el('cabecalho/identificacaoTransacao/sequencialTransacao', 'Número da remessa', 12, DIGITOS),
      el('cabecalho/identificacaoTransacao/dataHoraRegistroTransacao', 'Data e hora da geração', 19, 'AAAA-MM-DDTHH:MM:SS'),
      el('cabecalho/origem/registroANS', 'Registro ANS da operadora', 6, DIGITOS),
      el('cabecalho/destino/cnpj', 'CNPJ da ANS (03589068000146)', 14, DIGITOS),
      el('cabecalho/versaoPadrao', 'Versão do padrão (1.1)', 3, TEXTO),
      el('cabecalho/identificacaoSoftwareGerador/nomeAplicativo', 'Aplicativo que gerou', 30, TEXTO),
    ]),
    reg('Inclusão (beneficiário novo, sem CCO)', [...IDENTIFICACAO, ...ENDERECO, ...VINCULO]),
    reg('Retificação (dados cadastrais corrigidos ou alterados)', [CCO, ...IDENTIFICACAO, ...ENDERECO, ...VINCULO]),
    reg('Mudança contratual (troca de plano)', [CCO, el('dataMudancaContratual', 'Data de vigência do novo plano', 10, DATA), ...CONTRATO]),
    reg('Cancelamento', [CCO, el('dataCancelamento', 'Data do cancelamento', 10, DATA), el('motivoCancelamento', 'Motivo: 41 a 48', 2, DIGITOS)]),
    reg('Reativação', [CCO, el('dataReativacao', 'Data da reativação', 10, DATA)]),
    reg('Sem movimento', [el('mensagem/operadoraParaANS/beneficiarios', 'Bloco vazio: nada mudou desde a remessa anterior', 0, 'Vazio')]),
    reg('Epílogo', [el('epilogo/hash', 'MD5 (hex) do texto de todos os elementos, em ISO-8859-1, sem o próprio hash', 32, 'Hexadecimal minúsculo')]),
  ],
};

export const sib = defineProcesso({
  comando: '/util/exportacao/sib',
  tipo: 'ans-sib',
  descricao:
    'Gera o arquivo mensal do SIB (.SBX): as inclusões, retificações, mudanças contratuais, cancelamentos e reativações de beneficiários desde a última remessa, ou "sem movimento". Quem tem CPF ou CNS com dígito que não confere, nome da mãe ausente, ou movimento sem CCO fica fora do arquivo e é listado no registro da execução.',
  campos: { competencia: competencia('Mês a que a movimentação se refere (MM/AAAA); o arquivo vai à ANS até o dia 5 do mês seguinte.') },
  regras,
  previa: true,
  layouts: [ESTRUTURA_SIB],
  padroes: () => ({ competencia: mesAtual() }),
});

// ---- SIP ---------------------------------------------------------------------------------------------------------

/** 'TAAAA' (the mask's raw text, T/AAAA) → 'AAAA-T'; undefined when it is not a quarter. */
export function trimestreIso(raw: unknown): string | undefined {
  const m = typeof raw === 'string' ? /^([1-4])(\d{4})$/.exec(raw) : null;
  const t = m ? `${m[2]}-${m[1]}` : undefined;
  return t && periodoDoTrimestre(t) ? t : undefined;
}
const regrasTrimestre = (v: Values): RuleIssue[] => (v.trimestre && !trimestreIso(v.trimestre) ? [{ field: 'trimestre', message: 'Trimestre inválido: informe o trimestre (1 a 4) e o ano, como T/AAAA.' }] : []);

export const ESTRUTURA_SIP: Layout = {
  titulo: 'SIP — eventos e despesas assistenciais do trimestre (mensagemSIP)',
  arquivo:
    'XML em ISO-8859-1; nome <registro ANS>_<ddmmaaaa da data-base, o último dia do trimestre>_<AAAAMMDDHHMMSS>.xsip; cabeçalho, mensagem e epílogo, com o hash MD5 sobre todos os caracteres do arquivo (o hash em branco ao calcular). O XSD da ANS (sipV1_02) não é público: os quadros são os da Análise do SIP (item assistencial, UF e tipo de contratação).',
  xml: true,
  registros: [
    reg('Cabeçalho', [
      el('cabecalho/identificacaoTransacao/tipoTransacao', 'Sempre "ENVIO SIP"', 20, TEXTO),
      el('cabecalho/identificacaoTransacao/sequencialTransacao', 'Número da remessa', 12, DIGITOS),
      el('cabecalho/identificacaoTransacao/dataHoraRegistroTransacao', 'Data e hora da geração', 19, 'AAAA-MM-DDTHH:MM:SS'),
      el('cabecalho/origem/registroANS', 'Registro ANS da operadora', 6, DIGITOS),
      el('cabecalho/destino/cnpj', 'CNPJ da ANS (03589068000146)', 14, DIGITOS),
      el('cabecalho/trimestre', 'Trimestre AAAA-T', 6, TEXTO),
      el('cabecalho/dataBase', 'Último dia do trimestre', 10, DATA),
    ]),
    reg('Tipo de contratação (um por tipo)', [
      el('contratacao/tipoContratacao', '1 individual/familiar, 2 coletivo empresarial, 3 coletivo por adesão', 1, DIGITOS),
      el('contratacao/beneficiariosExpostos', 'Beneficiários fora da carência no fim do trimestre (nacional)', 9, DIGITOS),
    ]),
    reg('UF e item assistencial (um por UF × item com eventos)', [
      el('contratacao/uf/sigla', 'UF de residência do beneficiário', 2, TEXTO),
      el('contratacao/uf/item/codigo', 'Item assistencial: A consultas, B outros ambulatoriais, C exames, D terapias, E internações, G demais despesas, H odontologia', 1, TEXTO),
      el('contratacao/uf/item/eventos', 'Quantidade de eventos faturados no trimestre (pela data do atendimento)', 9, DIGITOS),
      el('contratacao/uf/item/despesa', 'Despesa liberada pela análise das contas, em reais com ponto e 2 casas', 15, 'Decimal 0.00'),
    ]),
    reg('Epílogo', [el('epilogo/hash', 'MD5 (hex) de todos os caracteres do arquivo, com o hash em branco, em ISO-8859-1', 32, 'Hexadecimal minúsculo')]),
  ],
};

export const sip = defineProcesso({
  comando: '/util/exportacao/sip',
  tipo: 'ans-sip',
  descricao:
    'Gera o arquivo trimestral do SIP (.xsip): por tipo de contratação, UF e item assistencial, os eventos faturados no trimestre e a despesa liberada pela análise, com os beneficiários fora da carência; as contas que a Análise do SIP deixa fora (beneficiário não identificado, sem UF, fora da vigência, ainda em análise) não entram.',
  campos: { trimestre: f.text('Trimestre', { max: 5, mask: '#/####', required: true, help: 'Trimestre (1 a 4) e ano, como T/AAAA.' }) },
  regras: regrasTrimestre,
  previa: true,
  layouts: [ESTRUTURA_SIP],
  padroes: () => {
    const t = trimestresRecentes(todayIso(), 1)[0];
    return { trimestre: `${t.slice(5)}/${t.slice(0, 4)}` };
  },
});

// ---- RPS ---------------------------------------------------------------------------------------------------------

const PRESTADOR_RPS = [
  el('prestador/tipoPessoa', 'F pessoa física, J pessoa jurídica', 1, TEXTO),
  el('prestador/cpfCnpj', 'CPF ou CNPJ do prestador', 14, DIGITOS),
  el('prestador/cnes', 'CNES (9999999 quando o prestador não tem)', 7, DIGITOS),
  el('prestador/nome', 'Nome ou razão social', 70, TEXTO),
  el('prestador/codigoMunicipio', 'Município do prestador (IBGE, 7 dígitos)', 7, DIGITOS),
  el('prestador/uf', 'UF do prestador', 2, TEXTO),
];
export const ESTRUTURA_RPS: Layout = {
  titulo: 'RPS — movimentação da rede dos produtos (mensagemRPS)',
  arquivo:
    'XML em ISO-8859-1; nome RPS_<registro ANS>_<AAAAMMDDHHMMSS>.xml; o epílogo leva o hash MD5 do texto de todos os elementos. O XSD do RPS (IN ANS 3/2022) não é público: esta estrutura leva os movimentos de Movimentos RPS e as alterações cadastrais dos prestadores em rede.',
  xml: true,
  registros: [
    reg('Cabeçalho', [
      el('cabecalho/registroANS', 'Registro ANS da operadora', 6, DIGITOS),
      el('cabecalho/sequencialTransacao', 'Número da remessa', 12, DIGITOS),
      el('cabecalho/dataHoraRegistroTransacao', 'Data e hora da geração', 19, 'AAAA-MM-DDTHH:MM:SS'),
    ]),
    reg('Inclusão na rede (RPI)', [el('inclusao/tipoMovimento', 'Sempre RPI', 3, TEXTO), ...PRESTADOR_RPS, el('inclusao/numeroPlanoANS', 'Registro do produto na ANS', 9, DIGITOS), el('inclusao/dataInicio', 'Data da inclusão', 10, DATA)]),
    reg('Alteração cadastral do prestador em rede (RPA)', [el('alteracao/tipoMovimento', 'Sempre RPA', 3, TEXTO), ...PRESTADOR_RPS, el('alteracao/dataAlteracao', 'Data da alteração do cadastro', 10, DATA)]),
    reg('Exclusão da rede (RPE)', [
      el('exclusao/tipoMovimento', 'Sempre RPE', 3, TEXTO),
      ...PRESTADOR_RPS,
      el('exclusao/numeroPlanoANS', 'Registro do produto na ANS', 9, DIGITOS),
      el('exclusao/dataExclusao', 'Data da exclusão', 10, DATA),
      el('exclusao/motivoExclusao', 'Motivo: 1 a 6 (Movimentos RPS)', 1, DIGITOS),
    ]),
    reg('Epílogo', [el('epilogo/hash', 'MD5 (hex) do texto de todos os elementos, em ISO-8859-1, sem o próprio hash', 32, 'Hexadecimal minúsculo')]),
  ],
};

export const rps = defineProcesso({
  comando: '/util/exportacao/rps',
  tipo: 'ans-rps',
  descricao:
    'Gera o arquivo do RPS com os movimentos da rede ainda não enviados: inclusões (RPI) e exclusões (RPE) de Movimentos RPS e as alterações cadastrais (RPA) dos prestadores em rede desde a última remessa. Os movimentos enviados passam a "Enviado à ANS".',
  campos: {},
  previa: true,
  altera: true,
  layouts: [ESTRUTURA_RPS],
});

// ---- Radar TISS --------------------------------------------------------------------------------------------------

const col = (nome: string, descricao: string, tamanho: number, formato: CampoLayout['formato']): CampoLayout => ({ nome, descricao, tamanho, formato });

/** Channels a billed guide arrives by, as the Radar TISS counts them. */
export const CANAIS_RADAR = [
  ['xml', 'Lote XML (arquivo TISS enviado pelo prestador)'],
  ['portal', 'Digitada no portal pelo prestador'],
  ['papel', 'Papel (guia entregue à operadora e digitada por ela)'],
] as const;

export const LAYOUT_RADAR_TISS: Layout = {
  titulo: 'Radar TISS — guias recebidas por prestador e canal',
  arquivo:
    'CSV separado por ";", UTF-8 com BOM, CRLF, a primeira linha com os nomes das colunas; nome radar-tiss-<AAAAMM inicial>-<AAAAMM final>.csv. Uma linha por competência (mês do recebimento) e prestador, e uma linha de total por competência (prestador em branco).',
  separador: ';',
  registros: [
    {
      nome: 'Prestador na competência',
      campos: [
        col('competencia', 'Competência AAAAMM (mês do recebimento)', 6, 'N'),
        col('documento', 'CPF ou CNPJ do prestador', 14, 'N'),
        col('cnes', 'CNES do prestador', 7, 'N'),
        col('prestador', 'Nome do prestador', 70, 'A'),
        col('xml', 'Guias recebidas em lote XML', 9, 'N'),
        col('portal', 'Guias digitadas no portal pelo prestador', 9, 'N'),
        col('papel', 'Guias em papel digitadas pela operadora', 9, 'N'),
        col('total', 'Total de guias', 9, 'N'),
        col('percentualEletronico', 'Percentual eletrônico (XML e portal) em centésimos de ponto: 9950 = 99,50 %', 5, 'N'),
      ],
    },
  ],
};

const regrasPeriodo = (v: Values): RuleIssue[] => {
  const out: RuleIssue[] = [];
  for (const k of ['inicio', 'fim'] as const) if (v[k] && !competenciaIso(v[k])) out.push({ field: k, message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' });
  const a = competenciaIso(v.inicio);
  const b = competenciaIso(v.fim);
  if (a && b && a > b) out.push({ field: 'fim', message: 'A competência final não pode ser anterior à inicial.' });
  return out;
};

export const radarTiss = defineProcesso({
  comando: '/util/exportacao/radar-tiss',
  tipo: 'ans-radar-tiss',
  descricao:
    'Gera a planilha (CSV) do uso do padrão TISS no período: por competência e prestador, as guias faturadas recebidas em lote XML, digitadas no portal pelo prestador e entregues em papel (digitadas pela operadora), com o total e o percentual eletrônico.',
  campos: {
    inicio: f.text('Competência inicial', { max: 6, mask: '##/####', required: true, help: 'Mês do recebimento (MM/AAAA).' }),
    fim: f.text('Competência final', { max: 6, mask: '##/####', required: true, help: 'Mês do recebimento (MM/AAAA).' }),
  },
  regras: regrasPeriodo,
  previa: true,
  layouts: [LAYOUT_RADAR_TISS],
  padroes: () => ({ inicio: mesAtual(), fim: mesAtual() }),
});

// ---- DIOPS cadastral ---------------------------------------------------------------------------------------------

export const ESTRUTURA_DIOPS_CADASTRAL: Layout = {
  titulo: 'DIOPS — informações cadastrais do trimestre (mensagemDIOPS)',
  arquivo:
    'XML em ISO-8859-1; nome DIOPS_CADASTRAL_<registro ANS>_<AAAA>T<T>.xml; o epílogo leva o hash MD5 do texto de todos os elementos. O XSD do DIOPS não é público: os dados vêm do cadastro da operadora (Operadoras), das empresas contratantes e da carteira de beneficiários no fim do trimestre.',
  xml: true,
  registros: [
    reg('Cabeçalho', [el('cabecalho/registroANS', 'Registro ANS da operadora', 6, DIGITOS), el('cabecalho/cnpj', 'CNPJ da operadora', 14, DIGITOS), el('cabecalho/trimestre', 'Trimestre AAAA-T', 6, TEXTO), el('cabecalho/dataBase', 'Último dia do trimestre', 10, DATA)]),
    reg('Operadora', [
      el('operadora/razaoSocial', 'Razão social', 150, TEXTO),
      el('operadora/nomeFantasia', 'Nome fantasia', 150, TEXTO),
      el('operadora/modalidade', 'Modalidade (autogestão, cooperativa médica, medicina de grupo…)', 20, TEXTO),
      el('operadora/endereco/logradouro', 'Logradouro da sede', 120, TEXTO),
      el('operadora/endereco/numero', 'Número', 10, TEXTO),
      el('operadora/endereco/complemento', 'Complemento', 60, TEXTO),
      el('operadora/endereco/bairro', 'Bairro', 60, TEXTO),
      el('operadora/endereco/codigoMunicipio', 'Município (IBGE, 7 dígitos)', 7, DIGITOS),
      el('operadora/endereco/uf', 'UF', 2, TEXTO),
      el('operadora/endereco/cep', 'CEP', 8, DIGITOS),
      el('operadora/telefone', 'Telefone', 11, DIGITOS),
      el('operadora/email', 'E-mail', 120, 'Texto'),
      el('operadora/site', 'Site', 200, 'Texto'),
    ]),
    reg('Responsáveis', [
      el('representanteLegal/nome', 'Representante legal junto à ANS', 150, TEXTO),
      el('representanteLegal/cpf', 'CPF', 11, DIGITOS),
      el('representanteLegal/cargo', 'Cargo', 60, TEXTO),
      el('responsavelTecnico/nome', 'Responsável técnico (diretor técnico)', 150, TEXTO),
      el('responsavelTecnico/cpf', 'CPF', 11, DIGITOS),
      el('responsavelTecnico/crm', 'CRM', 15, TEXTO),
      el('responsavelTecnico/ufCrm', 'UF do CRM', 2, TEXTO),
      el('auditorIndependente/razaoSocial', 'Auditor independente', 150, TEXTO),
      el('auditorIndependente/cnpj', 'CNPJ do auditor', 14, DIGITOS),
    ]),
    reg('Carteira no fim do trimestre (um por tipo de contratação)', [
      el('carteira/tipoContratacao', '1 individual/familiar, 2 coletivo empresarial, 3 coletivo por adesão', 1, DIGITOS),
      el('carteira/beneficiarios', 'Beneficiários ativos ou suspensos no último dia do trimestre', 9, DIGITOS),
      el('carteira/planos', 'Planos (produtos) com beneficiários', 5, DIGITOS),
      el('carteira/empresasContratantes', 'Empresas contratantes com beneficiários (coletivos)', 7, DIGITOS),
    ]),
    reg('Epílogo', [el('epilogo/hash', 'MD5 (hex) do texto de todos os elementos, em ISO-8859-1, sem o próprio hash', 32, 'Hexadecimal minúsculo')]),
  ],
};

export const diopsCadastral = defineProcesso({
  comando: '/util/exportacao/diops/cadastral',
  tipo: 'ans-diops-cadastral',
  descricao:
    'Gera as informações cadastrais do DIOPS do trimestre: a identificação, a sede e os contatos da operadora, o representante legal, o responsável técnico e o auditor independente (do cadastro em Operadoras) e a carteira de beneficiários no fim do trimestre por tipo de contratação. Um dado que falta no cadastro da operadora é apontado, e nada é gerado até ser preenchido.',
  campos: { trimestre: f.text('Trimestre', { max: 5, mask: '#/####', required: true, help: 'Trimestre (1 a 4) e ano, como T/AAAA.' }) },
  regras: regrasTrimestre,
  previa: true,
  layouts: [ESTRUTURA_DIOPS_CADASTRAL],
  padroes: () => {
    const t = trimestresRecentes(todayIso(), 1)[0];
    return { trimestre: `${t.slice(5)}/${t.slice(0, 4)}` };
  },
});

/** The ANS exports built, in PROCESSOS (index.ts) and COMANDOS_COM_EXECUCAO (catalog.ts). */
export const PROCESSOS_ANS = [monitoramentoTiss, sib, sip, rps, radarTiss, diopsCadastral];

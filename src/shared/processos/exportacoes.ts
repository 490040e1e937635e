import { f } from '../resources/define';
import { defineProcesso } from './define';
import type { Layout, RegistroLayout } from './layout';
import { mesCorrente, periodoValido, ultimosDias } from './protocolos';

/**
 * Client-owned export files (spec §2.7 /util/exportacao): the audit's mailing and the Nexia audit company's file
 * (copass), the official gazette's publication (copass), the enrolment batch (bhtrans) and the membership
 * cancellation batch (copass). Each is a fixed-width text file declared once as a Layout: the writer builds every line
 * from it and the screen shows it. None of them changes a record.
 */

const ARQUIVO = (nome: string) => `Texto de largura fixa, ASCII, maiúsculas sem acento, fim de linha CRLF; registro 0 (cabeçalho), 1 (detalhe) e 9 (trailer); nome ${nome}`;

const cabecalho = (titulo: number, extra: RegistroLayout['campos']): RegistroLayout => ({
  nome: 'Cabeçalho (primeiro registro)',
  campos: [
    { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '0' },
    { nome: 'registroAns', descricao: 'Registro da operadora na ANS', tamanho: 6, formato: 'N' },
    { nome: 'geracao', descricao: 'Data da geração', tamanho: 8, formato: 'D' },
    { nome: 'inicio', descricao: 'Início do período', tamanho: 8, formato: 'D' },
    { nome: 'fim', descricao: 'Fim do período', tamanho: 8, formato: 'D' },
    ...extra,
    { nome: 'brancos', descricao: 'Brancos', tamanho: titulo, formato: 'A' },
  ],
});

const trailer = (campos: RegistroLayout['campos'], brancos: number): RegistroLayout => ({
  nome: 'Trailer (último registro)',
  campos: [{ nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '9' }, ...campos, { nome: 'brancos', descricao: 'Brancos', tamanho: brancos, formato: 'A' }],
});

// ---- Mala direta de auditoria (copass) ----------------------------------------------------------------------------

/** One line per beneficiary with an audited request in the period, with the postal address (300 positions). */
export const LAYOUT_MALA_DIRETA_AUDITORIA: Layout = {
  titulo: 'Mala direta de auditoria',
  arquivo: ARQUIVO('mala-direta-auditoria-<início>-<fim>.txt; 300 posições por registro'),
  registros: [
    cabecalho(269, []),
    {
      nome: 'Detalhe (um por beneficiário)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'matricula', descricao: 'Matrícula', tamanho: 10, formato: 'N' },
        { nome: 'nome', descricao: 'Nome do beneficiário', tamanho: 60, formato: 'A' },
        { nome: 'logradouro', descricao: 'Logradouro', tamanho: 60, formato: 'A' },
        { nome: 'numero', descricao: 'Número', tamanho: 10, formato: 'A' },
        { nome: 'complemento', descricao: 'Complemento', tamanho: 30, formato: 'A' },
        { nome: 'bairro', descricao: 'Bairro', tamanho: 40, formato: 'A' },
        { nome: 'cidade', descricao: 'Cidade', tamanho: 40, formato: 'A' },
        { nome: 'uf', descricao: 'UF', tamanho: 2, formato: 'A' },
        { nome: 'cep', descricao: 'CEP', tamanho: 8, formato: 'N' },
        { nome: 'guias', descricao: 'Solicitações auditadas no período', tamanho: 4, formato: 'N' },
        { nome: 'ultima', descricao: 'Data da última solicitação auditada', tamanho: 8, formato: 'D' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 27, formato: 'A' },
      ],
    },
    trailer([{ nome: 'quantidade', descricao: 'Quantidade de beneficiários', tamanho: 8, formato: 'N' }], 291),
  ],
};

export const malaDiretaAuditoria = defineProcesso({
  comando: '/util/exportacao/mala-direta-auditoria',
  tipo: 'mala-direta-auditoria',
  descricao:
    'Gera o arquivo de mala direta dos beneficiários que tiveram solicitações de autorização encaminhadas à auditoria no período (pela data da solicitação), com o endereço para correspondência. Beneficiários sem CEP ficam de fora e são contados no registro da execução.',
  campos: {
    inicio: f.date('Solicitadas a partir de', { required: true }),
    fim: f.date('Solicitadas até', { required: true }),
  },
  regras: (v) => periodoValido(v),
  previa: true,
  layouts: [LAYOUT_MALA_DIRETA_AUDITORIA],
  padroes: mesCorrente,
});

// ---- Auditoria Nexia (copass) ---------------------------------------------------------------------------------

/** One line per item of each request the audit decided in the period (300 positions). */
export const LAYOUT_NEXIA: Layout = {
  titulo: 'Arquivo de auditoria Nexia',
  arquivo: ARQUIVO('nexia-auditoria-<início>-<fim>.txt; 300 posições por registro; valores em centavos; o número do lote volta no arquivo de retorno da empresa'),
  registros: [
    cabecalho(261, [{ nome: 'lote', descricao: 'Número do lote de auditoria', tamanho: 8, formato: 'N' }]),
    {
      nome: 'Detalhe (um por item da solicitação auditada)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'guia', descricao: 'Número da guia na operadora', tamanho: 20, formato: 'A' },
        { nome: 'tipoGuia', descricao: 'Tipo de guia', tamanho: 20, formato: 'A' },
        { nome: 'solicitacao', descricao: 'Data da solicitação', tamanho: 8, formato: 'D' },
        { nome: 'carteirinha', descricao: 'Carteirinha do beneficiário', tamanho: 16, formato: 'N' },
        { nome: 'beneficiario', descricao: 'Nome do beneficiário', tamanho: 50, formato: 'A' },
        { nome: 'prestador', descricao: 'Código do prestador solicitante', tamanho: 10, formato: 'N' },
        { nome: 'documentoPrestador', descricao: 'CNPJ ou CPF do prestador', tamanho: 14, formato: 'A' },
        { nome: 'tabela', descricao: 'Tabela TISS do item', tamanho: 2, formato: 'N' },
        { nome: 'procedimento', descricao: 'Código do procedimento (TUSS)', tamanho: 10, formato: 'N' },
        { nome: 'descricao', descricao: 'Descrição do procedimento', tamanho: 60, formato: 'A' },
        { nome: 'qtdSolicitada', descricao: 'Quantidade solicitada', tamanho: 4, formato: 'N' },
        { nome: 'qtdAutorizada', descricao: 'Quantidade autorizada', tamanho: 4, formato: 'N' },
        { nome: 'valorUnitario', descricao: 'Valor unitário (centavos)', tamanho: 12, formato: 'V' },
        { nome: 'valorSolicitado', descricao: 'Valor solicitado do item (centavos)', tamanho: 12, formato: 'V' },
        { nome: 'valorAutorizado', descricao: 'Valor autorizado do item (centavos)', tamanho: 12, formato: 'V' },
        { nome: 'decisao', descricao: 'Status TISS da guia (1 autorizado, 2 em análise, 3 negado, 7 parcial)', tamanho: 1, formato: 'N' },
        { nome: 'motivoNegativa', descricao: 'Motivo da negativa do item (tabela 38)', tamanho: 4, formato: 'N' },
        { nome: 'decisaoEm', descricao: 'Data da decisão', tamanho: 8, formato: 'D' },
        { nome: 'auditor', descricao: 'Auditor', tamanho: 32, formato: 'A' },
      ],
    },
    trailer(
      [
        { nome: 'quantidade', descricao: 'Quantidade de itens', tamanho: 8, formato: 'N' },
        { nome: 'guias', descricao: 'Quantidade de guias', tamanho: 8, formato: 'N' },
        { nome: 'totalSolicitado', descricao: 'Total solicitado (centavos)', tamanho: 15, formato: 'V' },
        { nome: 'totalAutorizado', descricao: 'Total autorizado (centavos)', tamanho: 15, formato: 'V' },
      ],
      253,
    ),
  ],
};

/** What a Nexia lot carries: the audit's decisions of the period (for the company's review) or the requests still awaiting it (for its opinion). */
export const SITUACOES_LOTE_NEXIA = [
  ['DECIDIDAS', 'Decididas pela auditoria (revisão)'],
  ['PENDENTES', 'Em análise na auditoria (parecer)'],
] as const;

export const nexiaAuditoria = defineProcesso({
  comando: '/util/exportacao/nexia-auditoria',
  tipo: 'nexia-auditoria',
  descricao:
    'Gera para a empresa de auditoria Nexia o arquivo de um lote de solicitações de autorização: as decididas pela auditoria no período (pela data da decisão), para a revisão da empresa, ou as que aguardam a auditoria (pela data da solicitação), para o parecer dela. Em cada item: guia, beneficiário, prestador, procedimento, quantidades e valores, a decisão, o motivo da negativa e o auditor. Cada arquivo vira um lote em Lotes de Integração de Auditoria, onde se importa o retorno da empresa.',
  campos: {
    situacao: f.enum('Solicitações', SITUACOES_LOTE_NEXIA, { default: 'DECIDIDAS', help: 'Em branco: as decididas.' }),
    inicio: f.date('De', { required: true, help: 'Decididas: data da decisão; em análise: data da solicitação.' }),
    fim: f.date('Até', { required: true }),
  },
  regras: (v) => periodoValido(v),
  previa: true,
  layouts: [LAYOUT_NEXIA],
  padroes: mesCorrente,
});

// ---- Imprensa Oficial (copass) ----------------------------------------------------------------------------------

export const MOVIMENTOS_PUBLICACAO = [
  ['AMBOS', 'Inclusões e exclusões'],
  ['INCLUSOES', 'Só inclusões (adesões)'],
  ['EXCLUSOES', 'Só exclusões (cancelamentos)'],
] as const;

/** The publication of the period's inclusions and exclusions of beneficiaries; the CPF is masked (LGPD, 200 positions). */
export const LAYOUT_IMPRENSA_OFICIAL: Layout = {
  titulo: 'Publicação na Imprensa Oficial',
  arquivo: ARQUIVO('imprensa-oficial-<início>-<fim>.txt; 200 posições por registro; CPF publicado com os 3 primeiros e os 2 últimos dígitos ocultos'),
  registros: [
    cabecalho(9, [{ nome: 'titulo', descricao: 'Título da publicação', tamanho: 160, formato: 'A' }]),
    {
      nome: 'Detalhe (um por beneficiário incluído ou excluído)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'movimento', descricao: 'I = inclusão, E = exclusão', tamanho: 1, formato: 'A' },
        { nome: 'data', descricao: 'Data da adesão ou do cancelamento', tamanho: 8, formato: 'D' },
        { nome: 'matricula', descricao: 'Matrícula', tamanho: 10, formato: 'N' },
        { nome: 'nome', descricao: 'Nome do beneficiário', tamanho: 60, formato: 'A' },
        { nome: 'cpf', descricao: 'CPF mascarado (***.999.999-**)', tamanho: 14, formato: 'A' },
        { nome: 'vinculo', descricao: 'T = titular, D = dependente', tamanho: 1, formato: 'A' },
        { nome: 'plano', descricao: 'Plano', tamanho: 40, formato: 'A' },
        { nome: 'motivo', descricao: 'Motivo do cancelamento (exclusões)', tamanho: 50, formato: 'A' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 15, formato: 'A' },
      ],
    },
    trailer(
      [
        { nome: 'inclusoes', descricao: 'Quantidade de inclusões', tamanho: 6, formato: 'N' },
        { nome: 'exclusoes', descricao: 'Quantidade de exclusões', tamanho: 6, formato: 'N' },
      ],
      187,
    ),
  ],
};

export const imprensaOficial = defineProcesso({
  comando: '/util/exportacao/imprensa-oficial',
  tipo: 'imprensa-oficial',
  descricao:
    'Gera o arquivo para publicação na Imprensa Oficial das inclusões (adesões) e exclusões (cancelamentos) de beneficiários no período, com o CPF mascarado.',
  campos: {
    inicio: f.date('A partir de', { required: true }),
    fim: f.date('Até', { required: true }),
    movimento: f.enum('Publicar', MOVIMENTOS_PUBLICACAO, { required: true, default: 'AMBOS' }),
  },
  regras: (v) => periodoValido(v),
  previa: true,
  layouts: [LAYOUT_IMPRENSA_OFICIAL],
  padroes: mesCorrente,
});

/** ***.456.789-** : what a public gazette may print of a CPF (the middle six digits). */
export const cpfMascarado = (cpf: string | null | undefined) => (cpf && /^\d{11}$/.test(cpf) ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '');

// ---- Lote de implantação (bhtrans) --------------------------------------------------------------------------------

/** The enrolment batch: every beneficiary who joined in the period, with what the plan's administrator registers (300 positions). */
export const LAYOUT_LOTE_IMPLANTACAO: Layout = {
  titulo: 'Lote de implantação de beneficiários',
  arquivo: ARQUIVO('lote-implantacao-<início>-<fim>.txt; 300 posições por registro'),
  registros: [
    cabecalho(269, []),
    {
      nome: 'Detalhe (um por beneficiário)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'matricula', descricao: 'Matrícula', tamanho: 10, formato: 'N' },
        { nome: 'titular', descricao: 'Matrícula do titular (a própria, para o titular)', tamanho: 10, formato: 'N' },
        { nome: 'relacao', descricao: 'Relação de dependência (SIB)', tamanho: 2, formato: 'N' },
        { nome: 'nome', descricao: 'Nome', tamanho: 60, formato: 'A' },
        { nome: 'cpf', descricao: 'CPF', tamanho: 11, formato: 'N' },
        { nome: 'cns', descricao: 'Cartão Nacional de Saúde', tamanho: 15, formato: 'N' },
        { nome: 'nascimento', descricao: 'Data de nascimento', tamanho: 8, formato: 'D' },
        { nome: 'sexo', descricao: 'Sexo (M, F)', tamanho: 1, formato: 'A' },
        { nome: 'mae', descricao: 'Nome da mãe', tamanho: 60, formato: 'A' },
        { nome: 'registroPlano', descricao: 'Registro do plano na ANS', tamanho: 9, formato: 'N' },
        { nome: 'adesao', descricao: 'Data de adesão', tamanho: 8, formato: 'D' },
        { nome: 'carteirinha', descricao: 'Carteirinha', tamanho: 16, formato: 'N' },
        { nome: 'cep', descricao: 'CEP', tamanho: 8, formato: 'N' },
        { nome: 'uf', descricao: 'UF', tamanho: 2, formato: 'A' },
        { nome: 'cidade', descricao: 'Código IBGE da cidade', tamanho: 7, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 72, formato: 'A' },
      ],
    },
    trailer([{ nome: 'quantidade', descricao: 'Quantidade de beneficiários', tamanho: 8, formato: 'N' }], 291),
  ],
};

export const loteImplantacao = defineProcesso({
  comando: '/util/exportacao/lote-implantacao',
  tipo: 'lote-implantacao',
  descricao: 'Gera o lote de implantação dos beneficiários com adesão no período (titulares e dependentes), com os dados de cadastro, o plano e o endereço.',
  campos: {
    inicio: f.date('Adesões a partir de', { required: true }),
    fim: f.date('Adesões até', { required: true }),
  },
  regras: (v) => periodoValido(v),
  previa: true,
  layouts: [LAYOUT_LOTE_IMPLANTACAO],
  padroes: () => ultimosDias(30),
});

// ---- Remessa de cancelamento de adesão (copass) ----------------------------------------------------------------

/** The cancelled memberships of the period, with the SIB reason (200 positions). */
export const LAYOUT_CANCELAMENTO_ADESAO: Layout = {
  titulo: 'Remessa de cancelamento de adesão',
  arquivo: ARQUIVO('remessa-cancelamento-adesao-<início>-<fim>.txt; 200 posições por registro'),
  registros: [
    cabecalho(169, []),
    {
      nome: 'Detalhe (um por adesão cancelada)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'matricula', descricao: 'Matrícula', tamanho: 10, formato: 'N' },
        { nome: 'titular', descricao: 'Matrícula do titular (a própria, para o titular)', tamanho: 10, formato: 'N' },
        { nome: 'vinculo', descricao: 'T = titular, D = dependente', tamanho: 1, formato: 'A' },
        { nome: 'nome', descricao: 'Nome', tamanho: 60, formato: 'A' },
        { nome: 'cpf', descricao: 'CPF', tamanho: 11, formato: 'N' },
        { nome: 'registroPlano', descricao: 'Registro do plano na ANS', tamanho: 9, formato: 'N' },
        { nome: 'adesao', descricao: 'Data de adesão', tamanho: 8, formato: 'D' },
        { nome: 'cancelamento', descricao: 'Data do cancelamento', tamanho: 8, formato: 'D' },
        { nome: 'motivo', descricao: 'Motivo do cancelamento (SIB, 41 a 48)', tamanho: 2, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 80, formato: 'A' },
      ],
    },
    trailer([{ nome: 'quantidade', descricao: 'Quantidade de cancelamentos', tamanho: 8, formato: 'N' }], 191),
  ],
};

export const remessaCancelamentoAdesao = defineProcesso({
  comando: '/util/exportacao/remessa-cancelamento-adesao',
  tipo: 'remessa-cancelamento-adesao',
  descricao: 'Gera a remessa das adesões canceladas no período (pela data do cancelamento), com o motivo do SIB, titulares e dependentes.',
  campos: {
    inicio: f.date('Cancelados a partir de', { required: true }),
    fim: f.date('Cancelados até', { required: true }),
  },
  regras: (v) => periodoValido(v),
  previa: true,
  layouts: [LAYOUT_CANCELAMENTO_ADESAO],
  padroes: mesCorrente,
});

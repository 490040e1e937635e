import { todayIso } from '../dates';
import { STATUS_LABEL, TRANSICOES, type Status } from '../autorizacoes';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import type { Layout } from './layout';

/**
 * Prices (spec §2.7: /processo/recalculo-atendimento, /exportacao/tabela-preco-prestador,
 * /exportacao/regra-procedimento, /processo/brasindice): every price comes from the one pricing function
 * (src/shared/precos/calculo.ts).
 */

/**
 * An authorization is open while it still waits for a decision: the statuses from which it may still be authorized
 * (em análise, aguardando justificativa, aguardando documentação). An authorized, denied or cancelled one keeps the
 * value it was decided with.
 */
export const STATUS_ABERTOS: readonly Status[] = TRANSICOES.autorizar.de;
export const ABERTOS_TEXTO = STATUS_ABERTOS.map((s) => STATUS_LABEL[s].toLowerCase()).join(', ');

const periodo = (v: Values, max = 366): RuleIssue[] => {
  const out: RuleIssue[] = [];
  if (typeof v.inicio === 'string' && typeof v.fim === 'string') {
    if (v.fim < v.inicio) out.push({ field: 'fim', message: 'A data final não pode ser anterior à inicial.' });
    else if (Date.parse(v.fim) - Date.parse(v.inicio) > max * 86_400_000) out.push({ field: 'fim', message: 'O período pode ter no máximo um ano.' });
  }
  return out;
};
const mesCorrente = () => {
  const hoje = todayIso();
  return { inicio: `01/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`, fim: `${hoje.slice(8, 10)}/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}` };
};
const hojeBr = () => {
  const h = todayIso();
  return `${h.slice(8, 10)}/${h.slice(5, 7)}/${h.slice(0, 4)}`;
};

export const recalculoAtendimento = defineProcesso({
  comando: '/util/processo/recalculo-atendimento',
  tipo: 'recalculo-atendimento',
  descricao: `Depois de uma mudança nas tabelas de preço, recalcula o valor dos procedimentos das autorizações ainda abertas (${ABERTOS_TEXTO}) solicitadas no período, pelas tabelas em vigência na data de cada solicitação e o contrato do prestador executante (ou do solicitante). Grava o novo valor de cada item e o total da guia, com a trilha, e gera o relatório antes e depois (CSV e PDF).`,
  campos: {
    inicio: f.date('Solicitadas a partir de', { required: true }),
    fim: f.date('Solicitadas até', { required: true }),
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores. Vale o solicitante ou o executante da guia.' }),
  },
  regras: (v) => periodo(v),
  previa: true,
  altera: true,
  padroes: mesCorrente,
});

export const FORMATOS_TABELA = [
  ['csv', 'CSV (Excel)'],
  ['xlsx', 'XLSX (planilha)'],
] as const;

export const tabelaPrecoPrestador = defineProcesso({
  comando: '/util/exportacao/tabela-preco-prestador',
  tipo: 'exportacao-tabela-preco-prestador',
  descricao:
    'A tabela de preços contratada do prestador numa data: cada procedimento TUSS em vigência com o valor de referência, a base do preço (porte da tabela contratada ou valor de referência), a classe de preço e o valor calculado. Não altera nenhum registro.',
  campos: {
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', required: true }),
    data: f.date('Preços em', { required: true, help: 'Valem as tabelas e a classe em vigência nesta data.' }),
    grupo: f.ref('Grupo de procedimentos', 'grupoprocedimento', { help: 'Em branco: todos os grupos.' }),
    formato: f.enum('Formato', FORMATOS_TABELA, { required: true, default: 'csv' }),
  },
  previa: true,
  padroes: () => ({ data: hojeBr() }),
});

/**
 * The procedure rules file: what the repository models as rules per procedure — its own (sex restriction, ANS Rol,
 * validity) and the default agreement of each plan (coverage, prior authorization, medical audit, waiting period,
 * coparticipation and its cap). A procedure record is followed by its agreement records.
 */
export const LAYOUT_REGRAS: Layout = {
  titulo: 'Arquivo de regras de procedimento',
  arquivo: 'Texto, uma linha por registro de 150 posições, ASCII, fim de linha CRLF; nome regras-procedimento-<data>.txt',
  registros: [
    {
      nome: 'Cabeçalho (primeiro registro)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '0' },
        { nome: 'registroAns', descricao: 'Registro da operadora na ANS', tamanho: 6, formato: 'N' },
        { nome: 'geracao', descricao: 'Data da geração', tamanho: 8, formato: 'D' },
        { nome: 'referencia', descricao: 'Data de referência das regras', tamanho: 8, formato: 'D' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 127, formato: 'A' },
      ],
    },
    {
      nome: 'Procedimento (um por procedimento em vigência)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'codigo', descricao: 'Código TUSS', tamanho: 8, formato: 'N' },
        { nome: 'descricao', descricao: 'Descrição', tamanho: 80, formato: 'A' },
        { nome: 'sexo', descricao: 'Sexo: A ambos, M masculino, F feminino', tamanho: 1, formato: 'A' },
        { nome: 'rol', descricao: 'Consta do Rol ANS: S ou N', tamanho: 1, formato: 'A' },
        { nome: 'inicioVigencia', descricao: 'Início da vigência', tamanho: 8, formato: 'D' },
        { nome: 'fimVigencia', descricao: 'Fim da vigência (zeros: sem fim)', tamanho: 8, formato: 'D' },
        { nome: 'acordos', descricao: 'Quantidade de registros de acordo que seguem', tamanho: 3, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 40, formato: 'A' },
      ],
    },
    {
      nome: 'Acordo padrão do plano (segue o seu procedimento)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '2' },
        { nome: 'codigo', descricao: 'Código TUSS', tamanho: 8, formato: 'N' },
        { nome: 'registroAnsPlano', descricao: 'Registro do plano na ANS', tamanho: 9, formato: 'N' },
        { nome: 'plano', descricao: 'Nome do plano', tamanho: 40, formato: 'A' },
        { nome: 'coberto', descricao: 'Coberto: S ou N', tamanho: 1, formato: 'A' },
        { nome: 'autorizacao', descricao: 'Exige autorização prévia: S ou N', tamanho: 1, formato: 'A' },
        { nome: 'auditoria', descricao: 'Exige auditoria médica: S ou N', tamanho: 1, formato: 'A' },
        { nome: 'carencia', descricao: 'Carência em dias', tamanho: 3, formato: 'N' },
        { nome: 'coparticipacao', descricao: 'Coparticipação em centésimos de % (2000 = 20,00%)', tamanho: 5, formato: 'N' },
        { nome: 'teto', descricao: 'Teto da coparticipação em centavos (zeros: sem teto)', tamanho: 12, formato: 'V' },
        { nome: 'inicioVigencia', descricao: 'Início da vigência do acordo', tamanho: 8, formato: 'D' },
        { nome: 'fimVigencia', descricao: 'Fim da vigência do acordo (zeros: sem fim)', tamanho: 8, formato: 'D' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 53, formato: 'A' },
      ],
    },
    {
      nome: 'Trailer (último registro)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '9' },
        { nome: 'procedimentos', descricao: 'Quantidade de registros de procedimento', tamanho: 8, formato: 'N' },
        { nome: 'acordos', descricao: 'Quantidade de registros de acordo', tamanho: 8, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 133, formato: 'A' },
      ],
    },
  ],
};

export const regraProcedimento = defineProcesso({
  comando: '/util/exportacao/regra-procedimento',
  tipo: 'exportacao-regra-procedimento',
  descricao:
    'O arquivo das regras de cada procedimento numa data: sexo, Rol ANS e vigência do procedimento, e o acordo padrão de cada plano (cobertura, autorização prévia, auditoria médica, carência, coparticipação e teto), no layout abaixo. Não altera nenhum registro.',
  campos: {
    data: f.date('Regras em', { required: true, help: 'Valem os procedimentos e acordos em vigência nesta data.' }),
    produto: f.ref('Plano', 'produto', { help: 'Em branco: os acordos de todos os planos.' }),
    somenteComAcordo: f.boolean('Só procedimentos com acordo padrão', { default: true, help: 'Desmarque para listar todos os procedimentos em vigência.' }),
  },
  previa: true,
  layouts: [LAYOUT_REGRAS],
  padroes: () => ({ data: hojeBr() }),
});

/**
 * The Brasíndice price file this import reads, one record per presentation. The magazine's own files vary by edition
 * and contract; this is the one accepted, declared once: fixed width (TXT) or the same fields in the same order
 * separated by ';' (CSV, a header line allowed). Prices in centavos, without separators.
 */
export const LAYOUT_BRASINDICE: Layout = {
  titulo: 'Arquivo de preços do Brasíndice',
  arquivo: 'Texto de 237 posições por linha (ou CSV com os mesmos campos, na mesma ordem, separados por ";"), UTF-8 ou ISO-8859-1, fim de linha CRLF ou LF',
  registros: [
    {
      nome: 'Preço (uma linha por apresentação)',
      campos: [
        { nome: 'tipo', descricao: 'MED medicamento ou MAT material', tamanho: 3, formato: 'A' },
        { nome: 'codigoLaboratorio', descricao: 'Código do laboratório no Brasíndice', tamanho: 3, formato: 'N' },
        { nome: 'codigoItem', descricao: 'Código do item', tamanho: 5, formato: 'N' },
        { nome: 'codigoApresentacao', descricao: 'Código da apresentação', tamanho: 4, formato: 'N' },
        { nome: 'codigoTuss', descricao: 'Código TUSS (tabela 19 ou 20; zeros: sem TUSS)', tamanho: 8, formato: 'N' },
        { nome: 'descricao', descricao: 'Descrição do item', tamanho: 80, formato: 'A' },
        { nome: 'laboratorio', descricao: 'Nome do laboratório', tamanho: 40, formato: 'A' },
        { nome: 'apresentacao', descricao: 'Descrição da apresentação', tamanho: 60, formato: 'A' },
        { nome: 'pmc', descricao: 'PMC (material: preço) em centavos', tamanho: 10, formato: 'N' },
        { nome: 'pf', descricao: 'Preço de fábrica em centavos', tamanho: 10, formato: 'N' },
        { nome: 'edicao', descricao: 'Edição da revista (AAAANN)', tamanho: 6, formato: 'N' },
        { nome: 'vigencia', descricao: 'Início da vigência do preço', tamanho: 8, formato: 'D' },
      ],
    },
  ],
};

export const brasindice = defineProcesso({
  comando: '/util/processo/brasindice',
  tipo: 'brasindice',
  descricao:
    'Importa o arquivo de preços do Brasíndice: inclui as apresentações novas e atualiza PMC e PF das que já existem (Brasíndice Materiais e Medicamentos), e o valor de referência do material ou medicamento de mesmo código TUSS, com o histórico de preços e a trilha. Linhas fora do layout são recusadas e listadas com o número da linha.',
  campos: {},
  previa: true,
  altera: true,
  entrada: { rotulo: 'Arquivo do Brasíndice', formatos: ['txt', 'csv'], ajuda: 'Texto de posições fixas ou CSV separado por ";", no layout abaixo.', layout: LAYOUT_BRASINDICE },
});

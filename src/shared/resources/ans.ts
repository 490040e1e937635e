import { TIPOS } from '../autorizacoes';
import { ITENS_SIP } from '../sip/analise';
import { defineResource, f, type RuleIssue } from './define';
import { grupoProduto, produto } from './operadora';
import type { EnumField } from './define';

/**
 * Spec §2.4 /ans-operadora: the configuration the ANS obligations read, kept by the operator.
 * - SIP items (Gerências SIP): which guide types and TUSS codes feed each assistance item of the SIP (RN 545/2022),
 *   in order of precedence, and the operator's expected events per quarter. The SIP analysis, its file and rep276
 *   classify every event by these rows (src/server/sip/analise.ts `carregarItensSip`); the seed holds the rules the
 *   code had before (src/shared/sip/analise.ts ITENS_SIP), so the figures did not move when the rules became data.
 * - TPS (Taxa de Saúde Suplementar por plano, Lei 9.961/2000 art. 20, I): the value per beneficiary, the quotas a year,
 *   the age above which a beneficiary is not counted (§ 1º) and the discount percentages of the law's tables by kind of
 *   plan, each with its validity: the figures of the law are typed by the operator, never fixed in code.
 * - IDSS (Índice de Desempenho da Saúde Suplementar): the indicators by dimension, with formula note, weight and the
 *   operator's target; those the portal's own data can compute name their calculation, the others carry the value
 *   the ANS published.
 */

const ANS = '/ans-operadora';
const opcoes = (fd: unknown) => (fd as EnumField).options.map((o) => [o.value, o.label] as const);

const lista = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/** The guide types and TUSS prefixes of a SIP item row, as lists (blank entries dropped). */
export const tiposDoItem = (v: unknown) => lista(v);
export const prefixosDoItem = (v: unknown) => lista(v);

export const itemSipConfig = defineResource({
  name: 'gerenciasip',
  command: `${ANS}/gerencias-sip`,
  table: 'itens_sip',
  label: { singular: 'Item do SIP', plural: 'Itens do SIP', gender: 'm' },
  fields: {
    item: f.enum(
      'Item do SIP',
      ITENS_SIP.map((i) => [i.item, `${i.item} · ${i.titulo}`] as const),
      // not unique: an item may have more than one row of rules (each at its own precedence)
      { required: true },
    ),
    ordem: f.integer('Precedência', { required: true, min: 1, max: 99, help: 'O evento vai para o primeiro item (na ordem crescente) cuja regra ele atende; o G fica com o que nenhum outro atende.' }),
    tiposGuia: f.text('Tipos de guia', { max: 200, help: `Tipos de guia cujos itens são todos deste item, separados por vírgula (${Object.keys(TIPOS).join(', ')}).` }),
    prefixosTuss: f.text('Códigos TUSS (início)', { max: 300, help: 'Começo dos códigos da tabela 22 que são deste item, separados por vírgula (ex.: 101010 para as consultas).' }),
    metaTrimestral: f.integer('Meta de eventos no trimestre', { min: 0, max: 2_000_000_000, help: 'Quantos eventos a operadora espera no trimestre (opcional): o relatório Configuração do SIP compara com os do trimestre.' }),
    descricao: f.text('Descrição', { max: 400, multiline: true }),
  },
  display: 'item',
  grid: [{ field: 'item', type: 'tag', width: 200 }, 'ordem', { field: 'tiposGuia', type: 'text', width: 180 }, { field: 'prefixosTuss', type: 'text', width: 190 }, 'metaTrimestral'],
  search: ['item'],
  sort: { field: 'ordem' },
  rules: (v) => {
    const out: RuleIssue[] = [];
    const invalidos = tiposDoItem(v.tiposGuia).filter((t) => !Object.hasOwn(TIPOS, t));
    if (invalidos.length) out.push({ field: 'tiposGuia', message: `Tipo de guia desconhecido: ${invalidos.join(', ')}.` });
    const ruins = prefixosDoItem(v.prefixosTuss).filter((p) => !/^\d{1,10}$/.test(p));
    if (ruins.length) out.push({ field: 'prefixosTuss', message: `Use só dígitos em cada código, separados por vírgula: ${ruins.join(', ')}.` });
    return out;
  },
});

export const baseTps = defineResource({
  name: 'basetps',
  command: `${ANS}/bases-tps`,
  table: 'bases_tps',
  label: { singular: 'Base de cálculo da TPS', plural: 'Bases de cálculo da TPS', gender: 'f' },
  fields: {
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    valorBeneficiario: f.money('Valor por beneficiário no ano', { required: true, help: 'Lei 9.961/2000, art. 20, I: o valor multiplicado pelo número médio de usuários de cada plano.' }),
    parcelasAno: f.integer('Parcelas no ano', { required: true, min: 1, max: 12, help: 'Art. 20, § 2º: a taxa é devida anualmente e recolhida nos meses de março, junho, setembro e dezembro; cada trimestre recolhe o valor anual dividido por este número.' }),
    idadeLimite: f.integer('Não conta acima de (anos)', { required: true, min: 0, max: 130, help: 'Art. 20, § 1º: o número médio de usuários não inclui os maiores de sessenta anos.' }),
    descontosDesde: f.date('Descontos para planos comercializados desde', { help: 'Planos com início de comercialização anterior não recebem os descontos (vazio: todos recebem).' }),
    observacao: f.observacao(),
  },
  display: 'inicioVigencia',
  grid: ['inicioVigencia', 'fimVigencia', 'valorBeneficiario', 'parcelasAno', 'idadeLimite', 'descontosDesde'],
  search: ['inicioVigencia'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
  rules: (v) => (v.fimVigencia && v.inicioVigencia && String(v.fimVigencia) < String(v.inicioVigencia) ? [{ field: 'fimVigencia', message: 'O fim da vigência é anterior ao início.' }] : []),
});

export const CRITERIOS_TPS = [
  ['SEGMENTACAO', 'Segmentação'],
  ['ABRANGENCIA', 'Abrangência'],
  ['CONTRATACAO', 'Contratação'],
] as const;
export const EFEITOS_TPS = [
  ['DESCONTO', 'Desconto'],
  ['ACRESCIMO', 'Acréscimo'],
] as const;

export const descontoTps = defineResource({
  name: 'descontotps',
  command: `${ANS}/descontos-tps`,
  table: 'descontos_tps',
  label: { singular: 'Percentual da TPS', plural: 'Percentuais da TPS', gender: 'm' },
  fields: {
    criterio: f.enum('Critério', CRITERIOS_TPS, { required: true }),
    segmentacao: f.enum('Segmentação', opcoes(grupoProduto.fields.segmentacao), { when: { field: 'criterio', in: ['SEGMENTACAO'] } }),
    abrangencia: f.enum('Abrangência', opcoes(produto.fields.abrangencia), { when: { field: 'criterio', in: ['ABRANGENCIA'] } }),
    contratacao: f.enum('Contratação', opcoes(produto.fields.contratacao), { when: { field: 'criterio', in: ['CONTRATACAO'] } }),
    efeito: f.enum('Efeito', EFEITOS_TPS, { required: true, default: 'DESCONTO' }),
    percentual: f.percent('Percentual', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    fundamento: f.text('Fundamento', { max: 200, help: 'A tabela do Anexo II da Lei 9.961/2000 (ou a norma) de onde vem o percentual.' }),
  },
  display: 'criterio',
  // the grid fits 1400 px beside the side search (tests/e2e/relatorios-ans.test.ts); the form shows every field
  grid: ['criterio', 'segmentacao', 'abrangencia', 'efeito', 'percentual', 'inicioVigencia'],
  search: ['criterio', 'efeito'],
  sort: { field: 'criterio' },
  rules: (v) => {
    const out: RuleIssue[] = [];
    const campo = v.criterio === 'SEGMENTACAO' ? 'segmentacao' : v.criterio === 'ABRANGENCIA' ? 'abrangencia' : v.criterio === 'CONTRATACAO' ? 'contratacao' : null;
    if (campo && (v[campo] == null || v[campo] === '')) out.push({ field: campo, message: 'Escolha a que tipo de plano o percentual se aplica.' });
    if (v.fimVigencia && v.inicioVigencia && String(v.fimVigencia) < String(v.inicioVigencia)) out.push({ field: 'fimVigencia', message: 'O fim da vigência é anterior ao início.' });
    return out;
  },
});

export const DIMENSOES_IDSS = [
  ['IDQS', 'Qualidade em Atenção à Saúde'],
  ['IDGA', 'Garantia de Acesso'],
  ['IDSM', 'Sustentabilidade no Mercado'],
  ['IDGR', 'Gestão de Processos e Regulação'],
] as const;

/** What the portal computes from its own data; INFORMADO: the value the ANS published (typed in the indicator). */
export const CALCULOS_IDSS = [
  ['INFORMADO', 'Informado pela ANS'],
  ['QUALIDADE_CADASTRAL', 'Qualidade cadastral (CPF, CNS e nome da mãe)'],
  ['PARTO_CESAREO', 'Proporção de parto cesáreo'],
  ['CONSULTAS', 'Consultas médicas por beneficiário'],
  ['INTERNACOES', 'Internações por 1.000 beneficiários'],
] as const;
export type CalculoIdss = (typeof CALCULOS_IDSS)[number][0];

export const SENTIDOS_IDSS = [
  ['MAIOR', 'Quanto maior, melhor'],
  ['MENOR', 'Quanto menor, melhor'],
] as const;

export const indicadorIdss = defineResource({
  name: 'indicadoridss',
  command: `${ANS}/indicadores-idss`,
  table: 'indicadores_idss',
  label: { singular: 'Indicador do IDSS', plural: 'Indicadores do IDSS', gender: 'm' },
  fields: {
    dimensao: f.enum('Dimensão', DIMENSOES_IDSS, { required: true }),
    codigo: f.text('Código', { max: 10, required: true, unique: true }),
    nome: f.nome(150),
    formula: f.text('Fórmula', { max: 500, multiline: true, help: 'Como a ficha técnica da ANS calcula o indicador (numerador, denominador, período).' }),
    calculo: f.enum('Cálculo', CALCULOS_IDSS, { required: true, default: 'INFORMADO', help: 'O que o portal calcula com os próprios dados; os demais usam o valor publicado pela ANS.' }),
    valorInformado: f.decimal('Valor publicado pela ANS', { precision: 12, scale: 4, min: -1_000_000, max: 1_000_000, when: { field: 'calculo', in: ['INFORMADO'] } }),
    peso: f.decimal('Peso', { precision: 6, scale: 2, min: 0, max: 100, required: true }),
    meta: f.decimal('Meta da operadora', { precision: 12, scale: 4, min: -1_000_000, max: 1_000_000 }),
    sentido: f.enum('Sentido', SENTIDOS_IDSS, { required: true, default: 'MAIOR' }),
    ativo: f.ativo(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/relatorios-ans.test.ts); the form shows every field
  grid: ['codigo', { field: 'nome', type: 'text', width: 300 }, 'dimensao', 'calculo', 'peso'],
  search: ['dimensao', 'codigo', 'nome', 'calculo'],
  sort: { field: 'codigo' },
});

export const ansResources = [itemSipConfig, baseTps, descontoTps, indicadorIdss];

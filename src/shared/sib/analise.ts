import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../resources/pessoas';

/**
 * Análise do SIB (spec §2.7; DOMAIN §3): the quality of the beneficiary base for the ANS's SIB file, rule by rule.
 * The SIB's critics were relaxed, but CPF, CNS and nome da mãe still weigh in the IDSS "qualidade cadastral", and a
 * beneficiary without a CCO after the competência that included them was never accepted by the ANS. Each rule is
 * declared here once, with its text; its condition in SQL is in src/server/sib/analise.ts (a record keyed by these
 * rules, so a rule without SQL fails the build), over the beneficiaries still in the SIB (not cancelled: active and
 * suspended).
 */

export const REGRAS_SIB = [
  {
    regra: 'cpf-ausente',
    titulo: 'CPF ausente',
    descricao: 'Titular, ou dependente de 18 anos ou mais, sem CPF. O CPF é obrigatório no SIB para o titular e para quem já é maior de idade.',
  },
  { regra: 'cpf-invalido', titulo: 'CPF inválido', descricao: 'CPF informado com dígito verificador que não confere, ou com todos os dígitos iguais.' },
  { regra: 'cns-ausente', titulo: 'CNS ausente', descricao: 'Beneficiário sem o Cartão Nacional de Saúde: conta contra a qualidade cadastral (IDSS).' },
  { regra: 'cns-invalido', titulo: 'CNS inválido', descricao: 'CNS que não começa por 1, 2, 7, 8 ou 9 ou cujo dígito verificador não confere.' },
  {
    regra: 'nome-mae',
    titulo: 'Nome da mãe ausente ou genérico',
    descricao: 'Nome da mãe em branco, de uma palavra só ou um marcador como "NÃO INFORMADO" ou "IGNORADA".',
  },
  {
    regra: 'cco-ausente',
    titulo: 'Sem CCO após a última competência',
    descricao: 'Aderiu até a última competência enviada ao SIB e ainda não tem o CCO que a ANS devolve na inclusão.',
  },
  {
    regra: 'datas',
    titulo: 'Datas inválidas',
    descricao: 'Nascimento antes de 1900 ou no futuro, adesão no futuro ou adesão anterior ao nascimento.',
  },
  { regra: 'endereco', titulo: 'Endereço sem CEP ou município', descricao: 'O SIB pede o CEP e o código IBGE do município de residência.' },
  { regra: 'dependente-sem-titular', titulo: 'Dependente sem titular', descricao: 'Dependente sem o titular ligado: o SIB exige o CCO do titular no vínculo.' },
] as const;

export type RegraSib = (typeof REGRAS_SIB)[number]['regra'];
export const regraSib = (r: string) => REGRAS_SIB.find((x) => x.regra === r);

/**
 * The last competência already sent to the ANS on a day (ISO): the file of a month goes by the 5th of the next one,
 * so until the 5th the last one sent is two months back. Answers 'YYYY-MM'.
 */
export function ultimaCompetencia(hojeIso: string): string {
  const [a, m, d] = hojeIso.split('-').map(Number);
  const back = d > 5 ? 1 : 2;
  const idx = a * 12 + (m - 1) - back;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}
/** 'YYYY-MM' → 'MM/AAAA'. */
export const competenciaBr = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;

/** GET /api/analise-sib/regras: how many beneficiaries each rule finds. */
export interface ResumoSib {
  /** Beneficiaries still in the SIB (not cancelled). */
  base: number;
  competencia: string;
  regras: { regra: RegraSib; total: number }[];
  /** How long the counting took on the server (ms). */
  ms: number;
}

/** A beneficiary a rule finds, as the list shows it. */
export interface BeneficiarioSibRow {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  cns: string | null;
  nomeMae: string;
  dataNascimento: string;
  relacaoDependencia: string;
  dataAdesao: string;
  cco: string | null;
  situacao: string;
  cep: string | null;
}

export const ANALISE_SIB_LIST = defineList({
  key: 'analise-sib',
  command: '/util/analise/analise-sib',
  endpoint: '/analise-sib',
  noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    regra: f.enum(
      'Regra',
      REGRAS_SIB.map((r) => [r.regra, r.titulo] as const),
    ),
    matricula: f.text('Matrícula', { max: 10 }),
    nome: f.text('Nome', { max: 150 }),
    cpf: f.doc('CPF', 'cpf'),
    cns: f.doc('CNS', 'cns'),
    nomeMae: f.text('Nome da mãe', { max: 150 }),
    dataNascimento: f.date('Nascimento'),
    relacaoDependencia: f.enum('Relação', RELACOES_DEPENDENCIA),
    dataAdesao: f.date('Adesão'),
    cco: f.text('CCO', { max: 12 }),
    situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
  },
  search: [
    { field: 'regra', op: 'eq', param: 'regra' },
    { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    { field: 'situacao', op: 'eq', param: 'situacao', options: ['ATIVO', 'SUSPENSO'] },
    { field: 'relacaoDependencia', op: 'eq', param: 'relacao' },
  ],
  requires: { anyOf: ['regra'], message: 'Escolha a regra.' },
  scope: { entity: 'beneficiario' },
  columns: [
    { key: 'matricula' },
    { key: 'nome' },
    { key: 'cpf' },
    { key: 'cns' },
    { key: 'nomeMae' },
    { key: 'dataNascimento' },
    { key: 'relacaoDependencia' },
    { key: 'dataAdesao' },
    { key: 'cco' },
    { key: 'situacao', type: 'tag', tones: { ATIVO: 'ok', SUSPENSO: 'warn' } },
  ],
  // each rule's partial index is on (nome_busca, id): the list reads in that order without sorting
  sort: [{ field: 'nome', dir: 'asc' }],
  sortable: ['nome'],
  pageSize: 50,
});

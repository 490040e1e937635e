import type { fakerPT_BR } from '@faker-js/faker';
import { getBanks, getCbo, getHolidays, getMunicipalities } from '@brazilian-utils/brazilian-utils';
import { BRASINDICE_MATERIAIS, BRASINDICE_MEDICAMENTOS, MATERIAIS_SEMENTE, MEDICAMENTOS_SEMENTE, PACOTES, SERVICOS_APS, TAXAS, centavos } from './catalogo';
import { carteirinhaDe, DEMO_PESSOAS } from './people';
import { fnv, tuss } from './tuss';
import { todayIso } from '../../../shared/dates';
import { somarDias } from '../../../shared/dias-uteis';

/**
 * Seed entries of the resource tables, keyed by resource name. Real lists where a package or a public list ships
 * them (FEBRABAN banks, CBO, holidays, SIB kinship codes, FDI teeth, TISS domains, glosa codes); TUSS 22 and CID-10
 * whole from seed/dados (seed/tuss.ts); the operator's price tables as data (seed/catalogo.ts); every other table
 * with the rows an operator would keep. Fields an entry leaves out are filled by seed/resources.ts (null where
 * optional): no table relies on generated values for what a user reads.
 */

export type SeedRow = Record<string, unknown>;
/** Money values in these rows are integer centavos (shared/money.ts), as the columns hold them. */
export interface SeedContext {
  size: 'test' | 'demo' | 'bench';
  faker: typeof fakerPT_BR;
  /** Ids already seeded for a resource (references). */
  ids(name: string): number[];
  /** The id of a seeded record by its natural key (codigo, sigla…): a reference to a known row. */
  idOf(name: string, key: string): number | null;
}
export interface SeedEntry {
  rows?: SeedRow[] | ((ctx: SeedContext) => SeedRow[]);
  descricoes?: string[];
  count?: number;
  /** Seeded elsewhere. */
  skip?: boolean;
}

/** The TPS percentages of the demonstration are data to be checked against the law, never the law itself. */
const TPS_DEMO = 'Valor de demonstração: confira na tabela do Anexo II da Lei 9.961/2000.';

/** The demonstration's own operator: the default client's (COPASS) name and a registration in the ANS's six digits. */
export const OPERADORA_PROPRIA = { registroAns: '416991', nomeFantasia: 'COPASS Saúde' } as const;

const pairs = (list: [string, string][], a = 'codigo', b = 'descricao') => list.map(([x, y]) => ({ [a]: x, [b]: y }));

/**
 * TISS dm_CBOS subset (DOMAIN §1.6): CBO-S codes accepted on guides, the specialties of the seeded professionals and
 * providers (the last four, also in dm_CBOS, give the demo its oncologists, radiotherapists, surgeons and labs).
 */
const CBO_S = [
  '225125', '225124', '225250', '225120', '225270', '225151', '225320', '225133', '223208', '223212', '223240', '223248', '223505', '223605', '223710', '223810', '251510',
  '225121', '225330', '225225', '225335',
];
const CBO_SEED = [...new Set([...CBO_S, '225103', '225105', '225106', '225109', '225110', '225112', '225115', '225118', '225121', '225122', '225127', '225130', '225135', '225140', '225145', '225150', '225155', '225160', '225165', '225170', '225175', '225180', '225185', '225195', '225203', '225210', '225215', '225220', '225225', '225230', '225235', '225240', '225255', '225260', '225265', '225275', '225280', '225285', '225290', '225295', '225305', '225310', '225315', '225325', '225330', '225335', '225340', '225345', '225350', '322205', '322230', '515105', '411010', '252210'])];

/** TUSS table 38 (glosas e negativas) subset of DOMAIN §5. */
const GLOSAS: [string, string, string][] = [
  ['1001', 'Número da carteira inválido', '10'], ['1006', 'Atendimento após o desligamento do beneficiário', '10'], ['1007', 'Atendimento dentro da carência do beneficiário', '10'],
  ['1206', 'CPF / CNPJ inválido', '12'], ['1308', 'Guia já apresentada', '13'], ['1402', 'Procedimento não autorizado', '14'], ['1403', 'Não existe número de senha de autorização', '14'],
  ['1405', 'Data de validade da senha expirada', '14'], ['1408', 'Quantidade de serviço acima da autorizada', '14'], ['1410', 'Serviço solicitado em carência', '14'],
  ['1423', 'Quantidade de serviço solicitada acima da permitida', '14'], ['1426', 'Solicitação não autorizada pela auditoria', '14'], ['1427', 'Necessidade de auditoria médica', '14'],
  ['1438', 'Procedimento não atende a diretriz de utilização (DUT) do Rol', '14'], ['1509', 'Código CID inválido', '15'], ['1702', 'Cobrança de serviço em duplicidade', '17'],
  ['1705', 'Valor apresentado a maior', '17'], ['1714', 'Valor do serviço superior ao valor de tabela', '17'], ['1801', 'Procedimento inválido', '18'],
  ['1802', 'Procedimento incompatível com o sexo do beneficiário', '18'], ['1803', 'Idade do beneficiário incompatível com o procedimento', '18'],
  ['1808', 'Procedimento não conforme com o CID', '18'], ['2902', 'Glosa mantida', '29'], ['2907', 'Prazo de 180 dias para recurso de glosa ultrapassado', '29'],
  ['3092', 'Valor acatado por glosa indevida após recurso', '31'], ['3095', 'Recurso de glosa acatado', '31'], ['3109', 'Procedimento não consta do Rol', '31'],
  ['3112', 'Desconto de coparticipação/franquia conforme contrato', '31'], ['3122', 'Reembolso em plano sem livre escolha', '31'],
  ['3135', 'Profissional do reembolso pertence à rede', '31'], ['3137', 'Procedimento prevê coparticipação/franquia', '31'],
];

const ACOMODACOES: [string, string, string][] = [
  ['02', 'Quarto privativo/particular', 'INDIVIDUAL'], ['11', 'Apartamento de luxo', 'INDIVIDUAL'], ['12', 'Apartamento simples', 'INDIVIDUAL'], ['13', 'Apartamento standard', 'INDIVIDUAL'],
  ['14', 'Apartamento suíte', 'INDIVIDUAL'], ['21', 'Berçário normal', 'COLETIVO'], ['22', 'Berçário patológico/prematuro', 'COLETIVO'], ['27', 'Hospital dia apartamento', 'INDIVIDUAL'],
  ['28', 'Hospital dia enfermaria', 'COLETIVO'], ['31', 'Enfermaria de 3 leitos', 'COLETIVO'], ['32', 'Enfermaria de 4 ou mais leitos', 'COLETIVO'], ['38', 'Semi UTI adulto geral', 'COLETIVO'],
  ['41', 'Quarto coletivo de 2 leitos', 'COLETIVO'], ['51', 'UTI adulto geral', 'COLETIVO'], ['52', 'UTI infantil/pediátrica', 'COLETIVO'], ['53', 'UTI neonatal', 'COLETIVO'],
  ['57', 'UTI coronariana', 'COLETIVO'], ['58', 'UTI neurológica', 'COLETIVO'], ['59', 'UTI queimados', 'COLETIVO'],
];

const TEETH: SeedRow[] = (() => {
  const names = ['Incisivo central', 'Incisivo lateral', 'Canino', 'Primeiro pré-molar', 'Segundo pré-molar', 'Primeiro molar', 'Segundo molar', 'Terceiro molar'];
  const decid = ['Incisivo central decíduo', 'Incisivo lateral decíduo', 'Canino decíduo', 'Primeiro molar decíduo', 'Segundo molar decíduo'];
  const side = ['superior direito', 'superior esquerdo', 'inferior esquerdo', 'inferior direito'];
  const out: SeedRow[] = [];
  for (let q = 1; q <= 8; q++) {
    const perm = q <= 4;
    const list = perm ? names : decid;
    list.forEach((n, i) => out.push({ codigo: `${q}${i + 1}`, descricao: `${n} ${side[(q - 1) % 4]}`, denticao: perm ? 'PERMANENTE' : 'DECIDUA', arcada: (q - 1) % 4 < 2 ? 'SUPERIOR' : 'INFERIOR', grupoIdx: perm ? (i < 2 ? 0 : i === 2 ? 1 : i < 5 ? 2 : 3) : i < 2 ? 0 : i === 2 ? 1 : 3 }));
  }
  return out;
})();

const COUNTRIES: [string, string, string, string, string][] = [
  ['BR', 'BRA', '1058', 'Brasil', 'Brasileira'], ['AR', 'ARG', '0639', 'Argentina', 'Argentina'], ['BO', 'BOL', '0973', 'Bolívia', 'Boliviana'], ['CL', 'CHL', '1589', 'Chile', 'Chilena'],
  ['CO', 'COL', '1694', 'Colômbia', 'Colombiana'], ['PY', 'PRY', '5860', 'Paraguai', 'Paraguaia'], ['PE', 'PER', '5894', 'Peru', 'Peruana'], ['UY', 'URY', '8451', 'Uruguai', 'Uruguaia'],
  ['VE', 'VEN', '8508', 'Venezuela', 'Venezuelana'], ['US', 'USA', '2496', 'Estados Unidos', 'Norte-americana'], ['PT', 'PRT', '6076', 'Portugal', 'Portuguesa'],
  ['ES', 'ESP', '2453', 'Espanha', 'Espanhola'], ['IT', 'ITA', '3867', 'Itália', 'Italiana'], ['DE', 'DEU', '0230', 'Alemanha', 'Alemã'], ['FR', 'FRA', '2755', 'França', 'Francesa'],
  ['JP', 'JPN', '3999', 'Japão', 'Japonesa'], ['CN', 'CHN', '1600', 'China', 'Chinesa'], ['AO', 'AGO', '0400', 'Angola', 'Angolana'], ['HT', 'HTI', '3417', 'Haiti', 'Haitiana'],
];

/** A tiny SVG badge (the ISO code on a colored band) as a data URI, for the image column. */
function badge(code: string, color: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="24"><rect width="36" height="24" rx="3" fill="${color}"/><text x="18" y="16" font-family="sans-serif" font-size="11" font-weight="700" fill="#fff" text-anchor="middle">${code}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const CAPITAIS = [3550308, 3304557, 3106200, 4106902, 2927408, 4314902, 5300108];

/** A CNPJ with its check digits from a 12-digit base (DOMAIN §4): the demo's companies, deterministic. */
function cnpjDe(base: string): string {
  const dv = (s: string, pesos: number[]) => {
    const r = [...s].reduce((acc, d, i) => acc + Number(d) * pesos[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${d1}${dv(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}`;
}
/** IBGE code of a municipality of Minas Gerais, by name (from @brazilian-utils' IBGE list). */
const cidadeMg = (nome: string) => Number(getMunicipalities('MG').find((m) => m.name === nome)!.code);

/** The client companies of the collective plans: [corporate name, trade name, city, CEP, area code, start of contract]. */
const EMPRESAS: [string, string, string, string, string, string][] = [
  ['Metalúrgica Vale do Aço Ltda', 'Vale do Aço Metalúrgica', 'Ipatinga', '35160208', '31', '2016-03-01'],
  ['Transportadora Rodominas Ltda', 'Rodominas', 'Contagem', '32210130', '31', '2018-07-01'],
  ['Supermercados Bom Preço Mineiro Ltda', 'Bom Preço Mineiro', 'Belo Horizonte', '30140071', '31', '2015-01-01'],
  ['Construtora Horizonte Azul S.A.', 'Horizonte Azul', 'Belo Horizonte', '30380403', '31', '2019-02-01'],
  ['Laticínios Serra da Canastra Ltda', 'Laticínios Canastra', 'Divinópolis', '35500024', '37', '2020-05-01'],
  ['Escola Técnica Santa Efigênia Ltda', 'Colégio Santa Efigênia', 'Belo Horizonte', '30260070', '31', '2017-02-01'],
  ['Cooperativa dos Cafeicultores do Sul de Minas', 'Coopercafé Sul de Minas', 'Varginha', '37002000', '35', '2014-09-01'],
  ['Savassi Sistemas de Informação Ltda', 'Savassi Sistemas', 'Belo Horizonte', '30112000', '31', '2021-04-01'],
  ['Hotel Pampulha Palace Ltda', 'Pampulha Palace', 'Belo Horizonte', '31270705', '31', '2022-01-01'],
  ['Indústria Têxtil Cataguases Ltda', 'Têxtil Cataguases', 'Cataguases', '36770001', '32', '2013-06-01'],
  ['Farmácias Popular Mineira Ltda', 'Popular Mineira', 'Juiz de Fora', '36010000', '32', '2023-03-01'],
  ['Autopeças Triângulo Ltda', 'Triângulo Autopeças', 'Uberlândia', '38400100', '34', '2024-01-01'],
];
const slugDe = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
/** A procedure group's id by its description (seed/tuss.ts names the groups). */
const grupoTuss = (ctx: SeedContext, descricao: string) => ctx.idOf('grupoprocedimento', tuss().grupos.find((g) => g.descricao === descricao)!.codigo);

/**
 * Free choice (livre escolha) and the reimbursement table of the plans that have it: the medical plans reimburse care
 * outside the network up to the CBHPM table times a multiple (the basic ones once, the national one twice); the dental
 * plan does not (glosa 3122).
 */
const REEMBOLSO_PLANOS: Record<string, number> = { 'Essencial Enfermaria': 1, 'Essencial Apartamento': 1, 'Master Nacional': 2, 'Empresarial Plus': 1.5 };
function reembolsoDe(ctx: SeedContext, nome: string) {
  const multiplo = REEMBOLSO_PLANOS[nome];
  return multiplo ? { livreEscolha: true, tabelaReembolso: ctx.idOf('tabpreco', 'CBHPM5'), multiploReembolso: multiplo } : { livreEscolha: false, tabelaReembolso: null, multiploReembolso: null };
}

export const RESOURCE_SEEDS: Record<string, SeedEntry> = {
  // ---- ANS obligations (/ans-operadora): the SIP items (migration), the TPS base
  // of Lei 9.961/2000 art. 20 and demonstration percentages and IDSS indicators the operator checks and edits
  // the rules come with migration 0047 (the ones the code held); the demonstration's quarterly targets: seed/ans.ts
  gerenciasip: { skip: true },
  basetps: {
    rows: [
      { inicioVigencia: '2000-01-28', fimVigencia: null, valorBeneficiario: centavos(2), parcelasAno: 4, idadeLimite: 60, descontosDesde: null, observacao: 'Lei 9.961/2000, art. 20, I e §§ 1º e 2º.' },
    ],
  },
  descontotps: {
    rows: [
      { criterio: 'SEGMENTACAO', segmentacao: 'AMB', efeito: 'DESCONTO', percentual: 30, inicioVigencia: '2000-01-28', fundamento: TPS_DEMO },
      { criterio: 'SEGMENTACAO', segmentacao: 'ODONTO', efeito: 'DESCONTO', percentual: 50, inicioVigencia: '2000-01-28', fundamento: TPS_DEMO },
      { criterio: 'SEGMENTACAO', segmentacao: 'HOSP', efeito: 'DESCONTO', percentual: 10, inicioVigencia: '2000-01-28', fundamento: TPS_DEMO },
      { criterio: 'ABRANGENCIA', abrangencia: 'MUNICIPAL', efeito: 'DESCONTO', percentual: 20, inicioVigencia: '2000-01-28', fundamento: TPS_DEMO },
      { criterio: 'ABRANGENCIA', abrangencia: 'ESTADUAL', efeito: 'DESCONTO', percentual: 10, inicioVigencia: '2000-01-28', fundamento: TPS_DEMO },
    ],
  },
  indicadoridss: {
    rows: [
      { dimensao: 'IDQS', codigo: '1.1', nome: 'Proporção de parto cesáreo', calculo: 'PARTO_CESAREO', formula: 'Partos cesáreos ÷ total de partos faturados no período × 100 (os glosados por inteiro não contam).', peso: 2, meta: 60, sentido: 'MENOR' },
      { dimensao: 'IDQS', codigo: '1.2', nome: 'Programa de promoção da saúde e prevenção de riscos e doenças', calculo: 'INFORMADO', valorInformado: 0.75, formula: 'Pontuação publicada pela ANS (0 a 1).', peso: 1, meta: 0.8, sentido: 'MAIOR' },
      { dimensao: 'IDGA', codigo: '2.1', nome: 'Taxa de consultas médicas ambulatoriais', calculo: 'CONSULTAS', formula: 'Consultas médicas faturadas no período (TUSS 101010…) ÷ beneficiários ativos no fim do período.', peso: 1, meta: 1.2, sentido: 'MAIOR' },
      { dimensao: 'IDGA', codigo: '2.2', nome: 'Taxa de internação hospitalar', calculo: 'INTERNACOES', formula: 'Guias de resumo de internação faturadas no período × 1.000 ÷ beneficiários ativos no fim do período.', peso: 1, meta: 40, sentido: 'MENOR' },
      { dimensao: 'IDSM', codigo: '3.1', nome: 'Índice geral de reclamação (IGR)', calculo: 'INFORMADO', valorInformado: 12.4, formula: 'Reclamações NIP ÷ beneficiários × 100.000, publicado pela ANS.', peso: 2, meta: 15, sentido: 'MENOR' },
      { dimensao: 'IDGR', codigo: '4.1', nome: 'Índice de qualidade cadastral (SIB)', calculo: 'QUALIDADE_CADASTRAL', formula: 'Beneficiários ativos no fim do período com CPF, CNS e nome da mãe informados ÷ beneficiários ativos × 100.', peso: 2, meta: 95, sentido: 'MAIOR' },
      { dimensao: 'IDGR', codigo: '4.2', nome: 'Razão de completude do envio dos dados do Padrão TISS', calculo: 'INFORMADO', valorInformado: 0.91, formula: 'Eventos enviados no Monitoramento TISS ÷ eventos informados no DIOPS, publicado pela ANS.', peso: 1, meta: 0.95, sentido: 'MAIOR' },
    ].map((r) => ({ valorInformado: null, ativo: true, ...r })),
  },
  // ---- notices on the home (never generated rows: each one shows on somebody's home)
  aviso: {
    rows: () => [
      { titulo: 'Bem-vindo ao novo portal', mensagem: '<p>Use <strong>Ctrl+K</strong> para encontrar qualquer tela, relatório ou processo.</p>', tipo: 'info', prioridade: 'NORMAL', publico: 'TODOS', perfil: null, cliente: null, inicio: somarDias(todayIso(), -10), fim: null },
      {
        titulo: 'Atualização cadastral',
        mensagem: '<p>Mantenha seu telefone e e-mail atualizados para receber os tokens de autorização.</p>',
        tipo: 'warning',
        prioridade: 'ALTA',
        publico: 'PERFIL',
        perfil: 'beneficiario',
        cliente: null,
        inicio: somarDias(todayIso(), -5),
        fim: somarDias(todayIso(), 60),
      },
    ],
  },
  // ---- base
  banco: { rows: () => getBanks().map((b) => ({ codigo: b.code, ispb: b.ispb, nome: b.name.slice(0, 150), nomeReduzido: b.name.replace(/ S\.?A\.?$/i, '').slice(0, 60), site: null, ativo: true })) },
  cbo: {
    rows: () =>
      CBO_SEED.map((c) => getCbo(c))
        .filter((c): c is NonNullable<typeof c> => !!c)
        .map((c) => ({ codigo: c.code, descricao: c.description.slice(0, 200), cboS: CBO_S.includes(c.code), ativo: true })),
  },
  // CID-10 whole, from seed/dados (seed/tuss.ts), before the other tables
  cid: { skip: true },
  classificacaoestabelecimento: {
    rows: pairs([['HG', 'Hospital geral'], ['HE', 'Hospital especializado'], ['HD', 'Hospital-dia'], ['PS', 'Pronto-socorro geral'], ['CL', 'Clínica especializada'], ['LA', 'Laboratório de análises clínicas'], ['DI', 'Centro de diagnóstico por imagem'], ['CO', 'Consultório isolado']]).map((r, i) => ({ ...r, tipo: ['HOSPITAL', 'HOSPITAL', 'HOSPITAL', 'PRONTO_SOCORRO', 'CLINICA', 'LABORATORIO', 'CLINICA', 'CONSULTORIO'][i] })),
  },
  declaracao: {
    rows: [
      { titulo: 'Declaração de Saúde', tipo: 'SAUDE', texto: '<p>Declaro que as informações prestadas sobre <strong>doenças ou lesões preexistentes</strong> são verdadeiras.</p>', inicioVigencia: '2022-01-01' },
      { titulo: 'Declaração de Cancelamento de Adesão', tipo: 'CANCELAMENTO', texto: '<p>A exclusão do titular cancela o <strong>grupo familiar</strong>; débitos anteriores continuam devidos.</p>', inicioVigencia: '2022-01-01' },
      { titulo: 'Declaração Anual de Quitação de Débitos', tipo: 'QUITACAO', texto: '<p>Declaramos a quitação dos débitos do exercício anterior.</p>', inicioVigencia: '2023-01-01' },
      { titulo: 'Declaração de Permanência', tipo: 'PERMANENCIA', texto: '<p>Declaramos, para fins de portabilidade de carências, o tempo de permanência no plano.</p>', inicioVigencia: '2023-01-01' },
    ],
  },
  especialidade: {
    rows: () =>
      CBO_S.map((c, i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao: getCbo(c)!.description.replace(/^Médico /, '').replace(/^./, (x) => x.toUpperCase()), cbo: c, conselho: c.startsWith('2251') || c.startsWith('2252') || c.startsWith('2253') ? '06' : c.startsWith('2232') ? '08' : c.startsWith('2235') ? '02' : c.startsWith('2236') ? '05' : c.startsWith('2237') ? '07' : c.startsWith('2238') ? '04' : '09', rqe: c.startsWith('225') && c !== '225125', ativo: true })),
  },
  estadocivil: { rows: pairs([['1', 'Solteiro(a)'], ['2', 'Casado(a)'], ['3', 'Divorciado(a)'], ['4', 'Viúvo(a)'], ['5', 'Separado(a) judicialmente'], ['6', 'União estável']]) },
  feriado: {
    rows: () =>
      [2025, 2026, 2027].flatMap((year) =>
        getHolidays({ year, stateCode: 'MG' }).map((h) => ({ data: `${h.date.getFullYear()}-${String(h.date.getMonth() + 1).padStart(2, '0')}-${String(h.date.getDate()).padStart(2, '0')}`, descricao: h.name.slice(0, 80), abrangencia: h.type === 'state' ? 'ESTADUAL' : 'NACIONAL', uf: h.type === 'state' ? 'MG' : null, cidade: null, pontoFacultativo: h.type === 'optional' })),
      ),
  },
  grauparentesco: {
    rows: [
      { codigo: '1', descricao: 'Beneficiário titular', dependente: false, idadeLimite: null },
      { codigo: '3', descricao: 'Cônjuge/companheiro(a)', dependente: true, idadeLimite: null },
      { codigo: '4', descricao: 'Filho(a)', dependente: true, idadeLimite: 24 },
      { codigo: '6', descricao: 'Enteado(a)', dependente: true, idadeLimite: 24 },
      { codigo: '8', descricao: 'Pai/mãe', dependente: true, idadeLimite: null },
      { codigo: '10', descricao: 'Agregado/outros', dependente: true, idadeLimite: null },
    ],
  },
  pendencia: {
    rows: [
      ['Documento de identidade ilegível', 'CADASTRO', 15, false], ['Comprovante de residência ausente', 'CADASTRO', 30, false], ['Declaração de saúde não assinada', 'CADASTRO', 15, true],
      ['Pedido médico ausente', 'AUTORIZACAO', 5, true], ['Laudo sem CID', 'AUTORIZACAO', 5, true], ['Guia sem assinatura do beneficiário', 'FATURAMENTO', 30, false],
      ['Nota fiscal divergente', 'FATURAMENTO', 15, false], ['Dados bancários incompletos', 'FINANCEIRO', 10, false],
    ].map(([descricao, area, prazoDias, bloqueiaAtendimento], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, area, prazoDias, bloqueiaAtendimento })),
  },
  programasaude: {
    rows: [
      { codigo: 'HIPER', nome: 'Controle da Hipertensão', icone: 'coracao', publicoAlvo: 'Hipertensos acima de 40 anos', inicioVigencia: '2021-03-01' },
      { codigo: 'GEST', nome: 'Gestação Saudável', icone: 'bebe', publicoAlvo: 'Gestantes', inicioVigencia: '2020-08-01' },
      { codigo: 'DIAB', nome: 'Cuidado com o Diabetes', icone: 'maca', publicoAlvo: 'Diabéticos tipo 2', inicioVigencia: '2021-03-01' },
      { codigo: 'ATIVO', nome: 'Vida Ativa', icone: 'corrida', publicoAlvo: 'Sedentários e obesos', inicioVigencia: '2022-05-02' },
      { codigo: 'RESP', nome: 'Respira Bem', icone: 'pulmao', publicoAlvo: 'Asmáticos e DPOC', inicioVigencia: '2023-04-03' },
      { codigo: 'MENTE', nome: 'Saúde Mental em Dia', icone: 'mente', publicoAlvo: 'Beneficiários com ansiedade ou depressão', inicioVigencia: '2024-01-15' },
    ],
  },
  questionario: {
    rows: [
      ['Declaração de Saúde - Adesão', 'DECLARACAO_SAUDE', 24, true], ['Pesquisa de Satisfação - Atendimento', 'SATISFACAO', 10, false],
      ['Estratificação de Risco Cardiovascular', 'RISCO', 18, false], ['Avaliação da Ouvidoria', 'OUVIDORIA', 6, false],
    ].map(([titulo, finalidade, perguntas, obrigatorio]) => ({ titulo, finalidade, perguntas, obrigatorio })),
  },
  situacaofaturamento: {
    rows: pairs([['1', 'Recebido'], ['2', 'Em análise'], ['3', 'Liberado para pagamento'], ['4', 'Encerrado sem pagamento'], ['5', 'Analisado e aguardando liberação para pagamento'], ['6', 'Pagamento efetuado'], ['7', 'Não localizado'], ['8', 'Aguardando informação complementar'], ['9', 'Cancelado']]).map((r, i) => ({ ...r, permiteRecurso: ['3', '4', '6'].includes(r.codigo as string), cor: ['#5b6b7f', '#b7791f', '#2f855a', '#9b2c2c', '#2b6cb0', '#276749', '#718096', '#c05621', '#4a5568'][i] })),
  },
  // TISS dm_unidadeMedida (tissSimpleTypes 4.03.00): code, abbreviation and name
  unidademedida: {
    rows: [
      ['AMP', 'Ampola'], ['BUI', 'Bilhões de Unidades Internacionais'], ['BG', 'Bisnaga'], ['BOLS', 'Bolsa'], ['CX', 'Caixa'], ['CAP', 'Cápsula'], ['CARP', 'Carpule'],
      ['COM', 'Comprimido'], ['DOSE', 'Dose'], ['DRG', 'Drágea'], ['ENV', 'Envelope'], ['FLAC', 'Flaconete'], ['FR', 'Frasco'], ['FA', 'Frasco-ampola'], ['GAL', 'Galão'],
      ['GLOB', 'Glóbulo'], ['GTS', 'Gotas'], ['G', 'Grama'], ['L', 'Litro'], ['MCG', 'Microgramas'], ['MUI', 'Milhões de Unidades Internacionais'], ['MG', 'Miligrama'],
      ['ML', 'Mililitro'], ['OVL', 'Óvulo'], ['PAS', 'Pastilha'], ['LT', 'Lata'], ['PER', 'Pérola'], ['PIL', 'Pílula'], ['PT', 'Pote'], ['KG', 'Quilograma'], ['SER', 'Seringa'],
      ['SUP', 'Supositório'], ['TABLE', 'Tablete'], ['TUB', 'Tubete'], ['TB', 'Tubo'], ['UN', 'Unidade'], ['UI', 'Unidade Internacional'], ['CM', 'Centímetro'], ['CONJ', 'Conjunto'],
      ['KIT', 'Kit'], ['MÇ', 'Maço'], ['M', 'Metro'], ['PC', 'Pacote'], ['PÇ', 'Peça'], ['RL', 'Rolo'], ['GY', 'Gray'], ['CGY', 'Centgray'], ['PAR', 'Par'],
      ['ADES', 'Adesivo transdérmico'], ['COM EFEV', 'Comprimido efervescente'], ['COM MST', 'Comprimido mastigável'], ['SACHE', 'Sachê'],
    ].map(([sigla, descricao], i) => ({ codigo: String(i + 1).padStart(3, '0'), sigla, descricao })),
  },


  // ---- fundamento
  campocriticado: {
    rows: [
      ['Carteira do beneficiário', 'GUIA', 'numeroCarteira', '1001', true], ['CNS do beneficiário', 'BENEFICIARIO', 'cns', '1002', false],
      ['CPF/CNPJ do contratado', 'PRESTADOR', 'cnpjContratado', '1206', true], ['CBO do solicitante', 'GUIA', 'CBOS', '1213', true],
      ['CID principal', 'GUIA', 'diagnosticoCID', '1509', false], ['Número da guia no prestador', 'GUIA', 'numeroGuiaPrestador', '1307', true],
      ['Senha de autorização', 'GUIA', 'senha', '1403', true], ['Quantidade executada', 'GUIA', 'quantidadeExecutada', '1408', false],
      ['Valor unitário', 'GUIA', 'valorUnitario', '1705', false], ['CNPJ da empresa contratante', 'EMPRESA', 'cnpj', null, true],
    ].map(([descricao, entidade, campo, glosa, bloqueante], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, entidade, campo, glosa, bloqueante })),
  },
  // 14xx deny an authorization and also glosa a bill item billed without one (1402, 1403): both uses
  motivo: { rows: GLOSAS.map(([codigo, descricao, grupo]) => ({ codigo, descricao, grupo, tipo: grupo === '29' || grupo === '31' ? 'GLOSA' : 'AMBOS', inicioVigencia: '2023-01-01', fimVigencia: null })) },
  motivoafastamento: {
    rows: [
      ['Licença-maternidade', false], ['Auxílio-doença', false], ['Licença sem vencimentos', true], ['Serviço militar', true], ['Acidente de trabalho', false], ['Cessão a outro órgão', false],
    ].map(([descricao, suspendeCobranca], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, suspendeCobranca, exigeDocumento: true })),
  },
  motivodesligamento: {
    rows: [
      ['41', 'Rompimento do contrato por iniciativa do beneficiário'], ['42', 'Desligamento da empresa (coletivo empresarial)'], ['43', 'Inadimplência'], ['44', 'Óbito'],
      ['45', 'Transferência de carteira'], ['46', 'Inclusão indevida'], ['47', 'Fraude'], ['48', 'Portabilidade de carências'],
    ].map(([codigoSib, descricao], i) => ({ codigo: String(i + 1).padStart(2, '0'), descricao, codigoSib, exigeDocumento: ['41', '42', '44', '47', '48'].includes(codigoSib) })),
  },
  motivosaida: {
    rows: [
      ['11', 'Alta curado'], ['12', 'Alta melhorado'], ['14', 'Alta a pedido'], ['15', 'Alta com previsão de retorno para acompanhamento'], ['16', 'Alta por evasão'], ['18', 'Alta por outros motivos'],
      ['31', 'Transferido para outro estabelecimento'], ['32', 'Transferência para internação domiciliar'], ['41', 'Óbito com declaração de óbito fornecida pelo médico assistente'], ['51', 'Encerramento administrativo'],
    ].map(([codigoTiss, descricao]) => ({ codigo: codigoTiss, descricao, codigoTiss, exigeDocumento: ['31', '32', '41'].includes(codigoTiss) })),
  },

  // ---- localizacao
  cidade: { skip: true },
  // people: seed/people.ts (families, providers, suppliers and professionals generated in SQL)
  beneficiario: { skip: true },
  prestador: { skip: true },
  prestadorindireto: { skip: true },
  profissional: { skip: true },
  fornecedor: { skip: true },
  distrito: {
    rows: [
      ['Barreiro', 3106200], ['Venda Nova', 3106200], ['Pampulha', 3106200], ['Santa Felicidade', 4106902], ['Boqueirão', 4106902], ['Itapuã', 2927408], ['Paranoá', 5300108], ['Jacarepaguá', 3304557],
    ].map(([nome, cidade]) => ({ nome, cidade, codigoIbge: null })),
  },
  unimed: {
    rows: [
      ['0031', 'Unimed Belo Horizonte', 3106200], ['0032', 'Unimed Rio', 3304557], ['0033', 'Unimed Curitiba', 4106902], ['0034', 'Unimed Porto Alegre', 4314902], ['0035', 'Unimed Salvador', 2927408], ['0036', 'Unimed Brasília', 5300108],
    ].map(([codigo, nome, cidade]) => ({ codigo, nome, cidade, cnpj: cnpjDe(`${10_000_000 + (fnv(String(nome)) % 89_999_999)}0001`), registroAns: null, telefone: null, email: null })),
  },
  pais: {
    rows: COUNTRIES.map(([codigo, sigla3, codigoBacen, nome, nacionalidade], i) => ({ codigo, sigla3, codigoBacen, nome, nacionalidade, bandeira: badge(codigo, ['#0b7a3e', '#2b6cb0', '#b42318', '#7c3aed', '#c2410c'][i % 5]) })),
  },

  // ---- percentualizacao
  tipoacomodacao: { rows: ACOMODACOES.map(([codigo, descricao, padrao]) => ({ codigo, descricao, padrao, percentual: padrao === 'INDIVIDUAL' ? 130 : 100 })) },
  percentualfuncaoexecutante: {
    rows: [['00', 100], ['01', 30], ['02', 20], ['03', 20], ['04', 20], ['06', 30]].map(([grauParticipacao, percentual]) => ({ grauParticipacao, percentual, classePreco: null, inicioVigencia: '2024-01-01', fimVigencia: null })),
  },
  percentualtaxaurgencia: {
    rows: [
      { descricao: 'Noturno em dias úteis', horaInicio: '1900', horaFim: '0700', diasSemana: 'UTEIS', percentual: 30, inicioVigencia: '2024-01-01' },
      { descricao: 'Fim de semana e feriados', horaInicio: '0000', horaFim: '2359', diasSemana: 'FIM_SEMANA', percentual: 30, inicioVigencia: '2024-01-01' },
    ],
  },
  percentualviaacesso: {
    rows: [['1', '1', 100], ['2', '1', 50], ['3', '1', 70], ['1', '2', 100], ['2', '2', 60], ['3', '2', 80]].map(([viaAcesso, tecnica, percentual]) => ({ viaAcesso, tecnica, percentual, inicioVigencia: '2024-01-01' })),
  },
  classepreco: { rows: pairs([['CP01', 'Tabela padrão'], ['CP02', 'Rede própria'], ['CP03', 'Hospitais de referência'], ['CP04', 'Clínicas credenciadas']]).map((r, i) => ({ ...r, fator: [1, 0.9, 1.2, 1.05][i] })) },
  // the default agreement per plan and TUSS procedure: statutory carências (24 h urgency, 300 days childbirth, 180 days
  // otherwise, 24 months of CPT), none in the company plan, coparticipation as in `coparticipacao` for the plans with it
  acordopadraoprocedimentobeneficio: {
    rows: (ctx) => {
      const SEM_CARENCIA = 'Coletivo empresarial com 30 ou mais vidas: sem carência.';
      const CPT = 'Cobertura parcial temporária de 24 meses para obesidade declarada na adesão; diretriz de utilização do Rol.';
      const FORA_DO_ROL = 'Fora do Rol da ANS e sem cobertura contratual adicional.';
      // [plan, TUSS code, covered, prior authorization, medical audit, coparticipation %, cap in reais, carência in days, start, end, note]
      type Acordo = [string, string, boolean, boolean, boolean, number | null, number | null, number | null, string, string | null, string | null];
      const acordos: Acordo[] = [
        ['Essencial Enfermaria', '10101012', true, false, false, 0, null, 30, '2024-01-01', null, null],
        ['Essencial Enfermaria', '10101039', true, false, false, 0, null, 1, '2024-01-01', null, 'Urgência e emergência: carência de 24 horas.'],
        ['Essencial Enfermaria', '40304361', true, false, false, 0, null, 30, '2024-01-01', null, null],
        ['Essencial Enfermaria', '41101014', true, true, false, 0, null, 180, '2024-01-01', null, null],
        ['Essencial Enfermaria', '41001079', true, true, false, 0, null, 180, '2024-01-01', null, null],
        ['Essencial Enfermaria', '31309054', true, true, false, 0, null, 300, '2024-01-01', null, 'Parto a termo: carência de 300 dias.'],
        ['Essencial Enfermaria', '31309127', true, true, false, 0, null, 300, '2024-01-01', null, 'Parto a termo: carência de 300 dias.'],
        ['Essencial Enfermaria', '31002390', true, true, true, 0, null, 730, '2024-01-01', null, CPT],
        ['Essencial Enfermaria', '40202658', false, false, false, null, null, null, '2024-01-01', null, FORA_DO_ROL],
        ['Essencial Apartamento', '10101012', true, false, false, 30, 40, 30, '2024-01-01', null, null],
        ['Essencial Apartamento', '10101039', true, false, false, 30, 40, 1, '2024-01-01', null, 'Urgência e emergência: carência de 24 horas.'],
        ['Essencial Apartamento', '40304361', true, false, false, 20, 30, 30, '2024-01-01', null, null],
        ['Essencial Apartamento', '40302040', true, false, false, 20, 30, 30, '2024-01-01', null, null],
        ['Essencial Apartamento', '41101014', true, true, false, 30, 200, 180, '2022-01-01', '2023-12-31', 'Substituído pela regra de 2024 (20%, teto de R$ 150,00).'],
        ['Essencial Apartamento', '41101014', true, true, false, 20, 150, 180, '2024-01-01', null, null],
        ['Essencial Apartamento', '41001079', true, true, false, 20, 120, 180, '2024-01-01', null, null],
        ['Essencial Apartamento', '50000160', true, true, false, 30, 25, 180, '2024-01-01', null, 'Autorização a cada série de 10 sessões.'],
        ['Essencial Apartamento', '31309054', true, true, false, 0, null, 300, '2024-01-01', null, 'Parto a termo: carência de 300 dias.'],
        ['Essencial Apartamento', '31002218', true, true, true, 0, null, 730, '2024-01-01', null, CPT],
        ['Essencial Apartamento', '30726034', true, true, true, 0, null, 180, '2024-01-01', null, 'OPME: auditoria da prótese antes da autorização.'],
        ['Master Nacional', '10101012', true, false, false, 0, null, 30, '2024-01-01', null, null],
        ['Master Nacional', '40808041', true, false, false, 0, null, 30, '2024-01-01', null, null],
        ['Master Nacional', '41101014', true, true, false, 0, null, 180, '2024-01-01', null, null],
        ['Master Nacional', '40201082', true, true, false, 0, null, 180, '2024-01-01', null, null],
        ['Master Nacional', '40103528', true, true, false, 0, null, 180, '2024-01-01', null, null],
        ['Master Nacional', '30912105', true, true, true, 0, null, 180, '2024-01-01', null, 'OPME: stent auditado antes da autorização.'],
        ['Master Nacional', '31002390', true, true, true, 0, null, 730, '2024-01-01', null, CPT],
        ['Master Nacional', '20104413', false, false, false, null, null, null, '2024-01-01', null, FORA_DO_ROL],
        ['Empresarial Plus', '10101012', true, false, false, 0, null, 0, '2024-01-01', null, SEM_CARENCIA],
        ['Empresarial Plus', '40304361', true, false, false, 0, null, 0, '2024-01-01', null, SEM_CARENCIA],
        ['Empresarial Plus', '41101014', true, true, false, 0, null, 0, '2024-01-01', null, SEM_CARENCIA],
        ['Empresarial Plus', '20104219', true, true, false, 0, null, 0, '2024-01-01', null, 'Sessões conforme a diretriz de utilização do Rol.'],
        ['Empresarial Plus', '31309054', true, true, false, 0, null, 0, '2024-01-01', null, SEM_CARENCIA],
        ['Empresarial Plus', '31002390', true, true, true, 0, null, 0, '2024-01-01', null, SEM_CARENCIA],
        ['Odonto Clássico', '81000065', true, false, false, 0, null, 0, '2024-01-01', null, null],
        ['Odonto Clássico', '81000049', true, false, false, 0, null, 1, '2024-01-01', null, 'Urgência odontológica: carência de 24 horas.'],
        ['Odonto Clássico', '84000198', true, false, false, 20, 15, 30, '2024-01-01', null, null],
        ['Odonto Clássico', '85300047', true, false, false, 20, 20, 90, '2024-01-01', null, null],
        ['Odonto Clássico', '85100099', true, false, false, 30, 30, 90, '2024-01-01', null, null],
        ['Odonto Clássico', '82000875', true, false, false, 30, 40, 90, '2024-01-01', null, null],
        ['Odonto Clássico', '85200140', true, true, false, 30, 90, 180, '2024-01-01', null, 'Autorização com radiografia periapical inicial.'],
        ['Odonto Clássico', '86000098', false, false, false, null, null, null, '2024-01-01', null, 'Ortodontia fora da cobertura do plano.'],
      ];
      return acordos.map(([nome, codigo, coberto, exigeAutorizacao, exigeAuditoria, percentualCoparticipacao, teto, carenciaDias, inicioVigencia, fimVigencia, observacao]) => ({
        produto: ctx.idOf('produto', nome),
        procedimento: ctx.idOf('procedimento', codigo),
        coberto,
        exigeAutorizacao,
        exigeAuditoria,
        percentualCoparticipacao,
        valorMaximoCoparticipacao: teto === null ? null : centavos(teto),
        carenciaDias,
        inicioVigencia,
        fimVigencia,
        observacao,
      }));
    },
  },

  // ---- contrato
  // latest readings (IBGE, FGV): 12-month variation in %; the ANS ceiling of individual plans for May 2025–April 2026
  indexador: {
    rows: [
      ['IPCA', 'Índice de Preços ao Consumidor Amplo', 'MENSAL', 5.35, '2025-06-30'], ['INPC', 'Índice Nacional de Preços ao Consumidor', 'MENSAL', 5.18, '2025-06-30'],
      ['IGPM', 'Índice Geral de Preços do Mercado', 'MENSAL', 4.39, '2025-06-30'], ['VCMH', 'Variação do Custo Médico-Hospitalar', 'ANUAL', null, null],
      ['ANS', 'Índice de reajuste da ANS (individuais)', 'ANUAL', 6.06, '2025-05-01'],
    ].map(([sigla, descricao, periodicidade, valorAtual, dataReferencia]) => ({ sigla, descricao, periodicidade, valorAtual, dataReferencia })),
  },
  tabpreco: {
    rows: (ctx) =>
      [['CBHPM5', 'CBHPM 5ª edição', '22', 'IPCA'], ['TUSS22', 'TUSS Procedimentos - tabela própria', '22', 'IPCA'], ['BRASMAT', 'Brasíndice Materiais', '19', null], ['BRASMED', 'Brasíndice Medicamentos', '20', null], ['DIARIAS', 'Diárias e taxas', '18', 'IPCA']].map(
        ([codigo, descricao, tabelaTiss, indexador]) => ({ codigo, descricao, tabelaTiss, indexador: indexador ? ctx.idOf('indexador', indexador) : null, valorCh: null, valorUco: codigo === 'CBHPM5' ? 21.16 : null, inicioVigencia: '2024-01-01' }),
      ),
  },
  portehonorario: { rows: (ctx) => ['1A', '1B', '1C', '2A', '2B', '2C', '3A', '3B', '3C', '4A', '4B', '4C'].map((porte, i) => ({ porte, valor: 2000 + i * 1750, tabelaPreco: ctx.ids('tabpreco')[0], inicioVigencia: '2024-01-01' })) },

  // ---- tabela
  // TUSS 22 whole, with its groups, prices and sex restrictions, from seed/dados (seed/tuss.ts)
  grupoprocedimento: { skip: true },
  procedimento: { skip: true },
  grupoacessoprocedimento: { rows: pairs([['LIVRE', 'Acesso livre (sem autorização)'], ['AUTPRV', 'Autorização prévia'], ['AUDMED', 'Auditoria médica'], ['OPME', 'OPME e alto custo']]).map((r, i) => ({ ...r, exigeAutorizacao: i > 0, exigeAuditoria: i > 1, prazoDiasUteis: [0, 5, 10, 21][i] })) },
  grupotiss: { rows: [['001', 'Consultas médicas', '1'], ['010', 'Exames laboratoriais', '2'], ['020', 'Exames de imagem', '2'], ['030', 'Terapias', '2'], ['040', 'Internações clínicas', '3'], ['050', 'Internações cirúrgicas', '3'], ['060', 'Procedimentos odontológicos', '4'], ['070', 'Honorários médicos', '5']].map(([codigo, descricao, tipoEvento]) => ({ codigo, descricao, tipoEvento })) },
  grupodente: { rows: pairs([['INC', 'Incisivos'], ['CAN', 'Caninos'], ['PMOL', 'Pré-molares'], ['MOL', 'Molares']]) },
  dente: { rows: (ctx) => TEETH.map(({ grupoIdx, ...t }) => ({ ...t, grupo: ctx.ids('grupodente')[grupoIdx as number] })) },
  facedente: { rows: pairs([['M', 'Mesial'], ['D', 'Distal'], ['O', 'Oclusal'], ['V', 'Vestibular'], ['L', 'Lingual'], ['P', 'Palatina'], ['I', 'Incisal']], 'sigla') },
  regiaodente: {
    rows: pairs(
      [['AS', 'Arcada superior'], ['AI', 'Arcada inferior'], ['ASAI', 'Arcadas superior e inferior'], ['HASD', 'Hemi-arco superior direito'], ['HASE', 'Hemi-arco superior esquerdo'], ['HAID', 'Hemi-arco inferior direito'], ['HAIE', 'Hemi-arco inferior esquerdo'],
        ['S1', 'Sextante 1'], ['S2', 'Sextante 2'], ['S3', 'Sextante 3'], ['S4', 'Sextante 4'], ['S5', 'Sextante 5'], ['S6', 'Sextante 6'], ['LG', 'Língua'], ['PA', 'Palato'], ['SO', 'Soalho da boca']],
      'sigla',
    ),
  },
  material: {
    rows: (ctx) => MATERIAIS_SEMENTE.map(({ area: _area, unidade, ...m }) => ({ ...m, unidade: ctx.idOf('unidademedida', unidade), ativo: true })),
  },
  medicamento: {
    rows: (ctx) => MEDICAMENTOS_SEMENTE.map(({ laboratorio: _lab, unidade, ...m }) => ({ ...m, unidade: ctx.idOf('unidademedida', unidade), ativo: true })),
  },
  brasindicematerial: { rows: BRASINDICE_MATERIAIS as unknown as SeedRow[] },
  brasindicemedicamento: { rows: BRASINDICE_MEDICAMENTOS as unknown as SeedRow[] },
  pacote: {
    rows: (ctx) =>
      PACOTES.map(([codigo, descricao, procedimento, reais, diarias]) => ({ codigo, descricao, procedimentoPrincipal: ctx.idOf('procedimento', procedimento), valor: centavos(reais), diarias, inicioVigencia: '2025-01-01', fimVigencia: null, ativo: true })),
  },
  servicoaps: {
    rows: (ctx) => SERVICOS_APS.map(([codigo, descricao, profissional, procedimento, reais]) => ({ codigo, descricao, profissional, procedimento: ctx.idOf('procedimento', procedimento), valor: centavos(reais), ativo: true })),
  },
  taxa: { rows: TAXAS.map(([codigo, descricao, tipo, reais]) => ({ codigo, descricao, tipo, valor: centavos(reais), inicioVigencia: '2025-01-01', fimVigencia: null, ativo: true })) },

  // ---- operadora
  operadora: {
    rows: [
      // the installation's own operator (the first row): the header's client, the virtual card, protocols and exports
      // read it; populate() gives it the name of the client the database is created for
      { registroAns: OPERADORA_PROPRIA.registroAns, cnpj: '11222333000181', razaoSocial: 'Caixa de Assistência à Saúde dos Servidores', nomeFantasia: OPERADORA_PROPRIA.nomeFantasia, modalidade: 'AUTOGESTAO', uf: 'MG', logo: badge('CS', '#0b5cab'), site: 'https://www.saudedemo.example' },
      { registroAns: '123456', cnpj: '03589068000146', razaoSocial: 'Operadora Parceira de Intercâmbio', nomeFantasia: 'Parceira', modalidade: 'COOPERATIVA', uf: 'SP', logo: badge('OP', '#0f8a6d'), site: null },
    ],
  },
  grupoproduto: { rows: pairs([['001', 'Planos ambulatoriais'], ['002', 'Planos hospitalares com obstetrícia'], ['003', 'Planos odontológicos'], ['004', 'Planos empresariais']]).map((r, i) => ({ ...r, segmentacao: ['AMB', 'HOSP_OBST', 'ODONTO', 'AMB_HOSP'][i] })) },
  produto: {
    rows: (ctx) =>
      ['Essencial Enfermaria', 'Essencial Apartamento', 'Master Nacional', 'Odonto Clássico', 'Empresarial Plus'].map((nome, i) => ({ registroAns: String(400_000_000 + (fnv(nome) % 99_999_999)), nome, grupo: ctx.ids('grupoproduto')[[1, 1, 1, 2, 3][i]], contratacao: ['INDIVIDUAL', 'INDIVIDUAL', 'ADESAO', 'INDIVIDUAL', 'EMPRESARIAL'][i], abrangencia: i === 2 ? 'NACIONAL' : 'ESTADUAL', acomodacao: i === 0 ? 'COLETIVO' : 'INDIVIDUAL', fatorModerador: i % 2 ? 'COPARTICIPACAO' : 'NENHUM', inicioComercializacao: '2019-03-01', ...reembolsoDe(ctx, nome) })),
  },
  empresa: {
    rows: EMPRESAS.map(([razaoSocial, nomeFantasia, cidade, cep, ddd, inicioContrato], i) => ({
      cnpj: cnpjDe(`${10_000_000 + (fnv(razaoSocial) % 89_999_999)}0001`),
      razaoSocial,
      nomeFantasia,
      cidade: cidadeMg(cidade),
      cep,
      telefone: `${ddd}3${String(2_100_000 + ((i * 7_919) % 900_000)).padStart(7, '0')}`,
      email: `rh@${slugDe(nomeFantasia)}.com.br`,
      inicioContrato,
      ativo: true,
    })),
  },
  setorempresa: {
    rows: [
      ['Autorizações', '2101'], ['Cadastro', '2102'], ['Faturamento', '2201'], ['Financeiro', '2301'], ['Ouvidoria', '1102'], ['Auditoria médica', '2103'], ['Relacionamento', '1101'],
    ].map(([descricao, centroCusto], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, centroCusto, email: `${slugDe(descricao)}@saudedemo.example` })),
  },
  configuracaoresponsavelprotocolo: {
    rows: (ctx) =>
      [
        ['AUTORIZACAO', 0, 'Mariana Campos Ribeiro', 5], ['REEMBOLSO', 3, 'Paulo Henrique Duarte', 30], ['OUVIDORIA', 4, 'Luciana Araújo Teixeira', 7],
        ['CADASTRO', 1, 'Renato Guimarães Lima', 10], ['FATURAMENTO', 2, 'Cláudia Monteiro Reis', 30],
      ].map(([tipoProtocolo, setor, responsavel, prazoDiasUteis]) => ({
        tipoProtocolo,
        setor: ctx.ids('setorempresa')[setor as number],
        responsavel,
        email: `${slugDe(String(responsavel).split(' ')[0])}.${slugDe(String(responsavel).split(' ').at(-1)!)}@saudedemo.example`,
        prazoDiasUteis,
      })),
  },
  tag: { rows: [['autorizacao_pedido_medico', 'Pedido médico', 'AUTORIZACAO'], ['laudo', 'Laudo', 'AUTORIZACAO'], ['nota_fiscal', 'Nota fiscal', 'PROTOCOLO'], ['documento_identidade', 'Documento de identidade', 'BENEFICIARIO']].map(([codigo, descricao, aplicacao], i) => ({ codigo: codigo.toUpperCase(), descricao, aplicacao, documentoObrigatorio: i === 0, cor: ['#c53030', '#2b6cb0', '#2f855a', '#6b46c1'][i] })) },
  tipocargo: {
    rows: [
      ['Analista', '252105', 'TECNICO'], ['Assistente administrativo', '411010', 'OPERACIONAL'], ['Auditor médico', '225125', 'TECNICO'], ['Coordenador', '142105', 'GESTAO'],
      ['Gerente', '142105', 'GESTAO'], ['Diretor', '131205', 'DIRETORIA'],
    ].map(([descricao, cbo, nivel], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, cbo, nivel })),
  },
  classificacaomatricula: { rows: [['T', 'Titular', 'T'], ['D', 'Dependente', 'D'], ['A', 'Agregado', 'A'], ['P', 'Pensionista', 'P']].map(([codigo, descricao, classe]) => ({ codigo, descricao, classe, contribui: classe !== 'P' })) },
  tipocoparticipacao: { rows: pairs([['001', 'Consultas eletivas'], ['002', 'Exames simples'], ['003', 'Exames de alta complexidade'], ['004', 'Terapias']]).map((r, i) => ({ ...r, base: ['VALOR_FIXO', 'PERCENTUAL', 'PERCENTUAL', 'VALOR_FIXO'][i] })) },
  // coparticipation of the plans with that moderating factor: by kind of event and group of procedures
  coparticipacao: {
    rows: (ctx) => {
      const produto = ctx.idOf('produto', 'Essencial Apartamento');
      const tipos = ctx.ids('tipocoparticipacao');
      return (
        [
          [0, 'Consultas, visitas hospitalares ou acompanhamento de pacientes', 30, 40],
          [1, 'Bioquímica (sangue, urina e outros materiais)', 20, 30],
          [2, 'Ressonância magnética', 20, 150],
          [2, 'Tomografia computadorizada', 20, 120],
          [3, 'Reabilitação', 30, 25],
        ] as [number, string, number, number][]
      ).map(([t, grupo, percentual, maximo]) => ({ produto, tipo: tipos[t], grupoProcedimento: grupoTuss(ctx, grupo), percentual, valorMaximo: centavos(maximo), inicioVigencia: '2024-01-01', fimVigencia: null }));
    },
  },
  limitecoparticipacao: {
    rows: (ctx) => [
      { produto: ctx.idOf('produto', 'Essencial Apartamento'), periodo: 'MENSAL', valorLimite: centavos(300), multiploMensalidade: 1, inicioVigencia: '2024-01-01', fimVigencia: null },
      { produto: ctx.idOf('produto', 'Essencial Apartamento'), periodo: 'ANUAL', valorLimite: centavos(2400), multiploMensalidade: 8, inicioVigencia: '2024-01-01', fimVigencia: null },
      { produto: ctx.idOf('produto', 'Odonto Clássico'), periodo: 'MENSAL', valorLimite: centavos(150), multiploMensalidade: 3, inicioVigencia: '2024-01-01', fimVigencia: null },
    ],
  },
  // the ten age bands of RN ANS 63/2003 (the last at most six times the first), per plan
  faixaetaria: {
    rows: (ctx) => {
      const faixas = [[0, 18], [19, 23], [24, 28], [29, 33], [34, 38], [39, 43], [44, 48], [49, 53], [54, 58], [59, 120]];
      const fator = [1, 1.2, 1.35, 1.45, 1.55, 1.75, 2.1, 2.6, 3.4, 5.9];
      const base: [string, number][] = [['Essencial Enfermaria', 189.9], ['Essencial Apartamento', 259.9], ['Master Nacional', 389.9], ['Empresarial Plus', 214.5]];
      return [
        ...base.flatMap(([nome, reais]) => faixas.map(([idadeInicial, idadeFinal], i) => ({ produto: ctx.idOf('produto', nome), idadeInicial, idadeFinal, valor: Math.round(reais * fator[i] * 10) * 10, inicioVigencia: '2025-05-01' }))),
        { produto: ctx.idOf('produto', 'Odonto Clássico'), idadeInicial: 0, idadeFinal: 120, valor: centavos(39.9), inicioVigencia: '2025-05-01' },
      ];
    },
  },
  joia: {
    rows: (ctx) =>
      [['Essencial Enfermaria', 0, 58, 150, 1], ['Essencial Enfermaria', 59, 120, 300, 3], ['Essencial Apartamento', 0, 58, 200, 1], ['Essencial Apartamento', 59, 120, 400, 3]].map(
        ([nome, idadeInicial, idadeFinal, reais, parcelas]) => ({ produto: ctx.idOf('produto', nome as string), idadeInicial, idadeFinal, valor: centavos(reais as number), parcelas, inicioVigencia: '2024-01-01' }),
      ),
  },
  subsidiocontribuicao: {
    rows: (ctx) =>
      ctx.ids('empresa').slice(0, 6).map((empresa, i) => ({
        empresa,
        produto: ctx.idOf('produto', 'Empresarial Plus'),
        percentual: [50, 70, 80, 100, 60, 75][i],
        valorMaximo: [centavos(600), centavos(800), null, null, centavos(500), centavos(700)][i],
        inicioVigencia: '2024-01-01',
        fimVigencia: null,
      })),
  },
  permissaodata: {
    rows: [
      ['FATURAMENTO', '092025', '2025-10-01', '2025-10-10', 'Reabertura para reapresentação de lotes glosados.'], ['AUTORIZACAO', '102025', '2025-10-01', '2025-10-31', 'Autorizações retroativas de urgência do mês.'],
      ['CONTAS_PAGAR', '092025', '2025-10-01', '2025-10-05', 'Lançamento de notas fiscais recebidas após o fechamento.'], ['CONTABIL', '122024', '2025-01-02', '2025-01-31', 'Ajustes de encerramento do exercício de 2024.'],
    ].map(([processo, competencia, dataInicio, dataFim, observacao]) => ({ processo, competencia, dataInicio, dataFim, observacao })),
  },
  percentualreducaomargem: {
    // bands in minimum wages of 2025 (R$ 1.518,00)
    rows: [['Renda até 2 salários mínimos', 0, 303_600, 50], ['Renda de 2 a 5 salários mínimos', 303_601, 759_000, 30], ['Renda acima de 5 salários mínimos', 759_001, 99_999_999, 10]].map(
      ([descricao, faixaInicial, faixaFinal, percentual]) => ({ descricao, faixaInicial, faixaFinal, percentual, inicioVigencia: '2025-01-01' }),
    ),
  },
  situacaocontratante: {
    rows: [['Ativo', true, true], ['Suspenso por inadimplência', false, true], ['Em cancelamento', true, true], ['Cancelado', false, false]].map(([descricao, permiteAtendimento, geraCobranca], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, permiteAtendimento, geraCobranca })),
  },
  taxacartao: {
    rows: [['Primeira emissão de cartão', 'EMISSAO', 0], ['Segunda via de cartão', 'SEGUNDA_VIA', 15], ['Reemissão por perda ou roubo', 'PERDA', 15], ['Reemissão por cartão danificado', 'DANO', 10]].map(
      ([descricao, motivo, reais], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, motivo, valor: centavos(reais as number) }),
    ),
  },
  tipocontribuicao: {
    rows: [['Mensalidade', 'MENSALIDADE', '311110000'], ['Coparticipação', 'COPARTICIPACAO', '311110000'], ['Joia de adesão', 'JOIA', '311110000'], ['Taxa de cartão', 'TAXA', null], ['Acerto financeiro', 'ACERTO', null]].map(
      ([descricao, natureza, contaContabil], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, natureza, contaContabil }),
    ),
  },
  tipodesconto: {
    rows: [['Desconto por adimplência', 5, false], ['Desconto família', 10, false], ['Desconto aposentado', 15, true], ['Desconto judicial', null, true]].map(([descricao, percentual, exigeAprovacao], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, percentual, exigeAprovacao })),
  },
  tipopagamento: {
    rows: (ctx) =>
      [['Boleto bancário', 'BOLETO', '001'], ['Débito automático', 'DEBITO', '341'], ['Desconto em folha', 'FOLHA', null], ['Pix', 'PIX', null]].map(([descricao, forma, banco], i) => ({
        codigo: String(i + 1).padStart(3, '0'),
        descricao,
        forma,
        banco: banco ? ctx.idOf('banco', banco) : null,
      })),
  },
  fundosocial: {
    rows: [['Fundo de solidariedade', 1.5, '2023-01-01'], ['Fundo de assistência a aposentados', 2, '2023-01-01']].map(([descricao, percentual, inicioVigencia], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, percentual, inicioVigencia })),
  },
  // the demo people (seed/people.ts) who receive a subsidy
  fundosocialbeneficiario: {
    rows: (ctx) =>
      (
        [
          [1, DEMO_PESSOAS.titular, 30],
          [0, DEMO_PESSOAS.suspenso, 50],
          [0, DEMO_PESSOAS.carencia, 100],
        ] as const
      ).map(([fundo, p, percentualSubsidio]) => ({ fundo: ctx.ids('fundosocial')[fundo], carteira: carteirinhaDe(p.matricula), cpf: p.cpf, percentualSubsidio, inicioVigencia: '2025-01-01', fimVigencia: null })),
  },
  cotauniao: { rows: ['012025', '022025', '032025'].map((competencia, i) => ({ competencia, valorPerCapita: 18000 + i * 250, percentualUniao: 50 })) },
  fundoreserva: { rows: ['012025', '022025', '032025', '042025'].map((competencia, i) => ({ competencia, percentual: 5, valorProvisionado: 12_000_000 + i * 350_000 })) },

  // ---- financeiro
  planoconta: {
    rows: [
      ['100000000', 'Ativo', 'SINTETICA', 'ATIVO'], ['121000000', 'Aplicações financeiras', 'SINTETICA', 'ATIVO'], ['123110000', 'Contraprestações a receber', 'ANALITICA', 'ATIVO'],
      ['200000000', 'Passivo', 'SINTETICA', 'PASSIVO'], ['211110000', 'Provisão de eventos a liquidar', 'ANALITICA', 'PASSIVO'], ['311110000', 'Contraprestações efetivas', 'ANALITICA', 'RECEITA'],
      ['411110000', 'Eventos indenizáveis - consultas', 'ANALITICA', 'DESPESA'], ['411120000', 'Eventos indenizáveis - exames', 'ANALITICA', 'DESPESA'], ['411130000', 'Eventos indenizáveis - internações', 'ANALITICA', 'DESPESA'],
      ['122110000', 'Bancos - conta movimento', 'ANALITICA', 'ATIVO'], ['215110000', 'Tributos e contribuições a recolher', 'ANALITICA', 'PASSIVO'],
      ['216110000', 'Provisão de prêmios/contraprestações não ganhas - PPCNG', 'ANALITICA', 'PASSIVO'],
    ].map(([codigo, descricao, tipo, natureza]) => ({ codigo, descricao, tipo, natureza, aceitaLancamento: tipo === 'ANALITICA' })),
  },
  eventomensal: {
    rows: (ctx) =>
      [['Mensalidade titular', 'RECEITA', '311110000', 10, null], ['Mensalidade dependente', 'RECEITA', '311110000', 10, null], ['Coparticipação do mês', 'RECEITA', '311110000', 10, null], ['Taxa administrativa', 'RECEITA', '311110000', 10, 1500], ['Repasse de intercâmbio', 'DESPESA', '211110000', 20, null]].map(
        ([descricao, natureza, conta, diaVencimento, valorPadrao], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, natureza, contaContabil: ctx.idOf('planoconta', conta as string), diaVencimento, valorPadrao }),
      ),
  },
  mapeamentoplanoconta: {
    rows: (ctx) =>
      [
        ['CONTRIBUICAO', '123110000', '311110000', 'Contraprestação emitida no mês'], ['COPARTICIPACAO', '123110000', '311110000', 'Coparticipação cobrada do beneficiário'],
        ['PAGAMENTO_PRESTADOR', '211110000', '122110000', 'Pagamento de produção de prestador'], ['REEMBOLSO', '211110000', '122110000', 'Reembolso pago ao beneficiário'],
        ['IMPOSTO', '211110000', '215110000', 'Imposto retido na fonte sobre pagamento'],
        // events known from billed guides (avisados) and the glosas that reverse part of them; the unearned share of the month's fees
        ['EVENTO_CONHECIDO', '411110000', '211110000', 'Evento conhecido faturado pelo prestador'], ['GLOSA', '211110000', '411110000', 'Glosa de evento faturado'],
        ['PPSC', '311110000', '216110000', 'Provisão de contraprestação não ganha (PPSC)'],
      ].map(([origem, d, c, historico]) => ({ origem, contaDebito: ctx.idOf('planoconta', d), contaCredito: ctx.idOf('planoconta', c), historico, inicioVigencia: '2024-01-01' })),
  },
  tabelajurosmulta: { rows: [{ descricao: 'Padrão contribuições', percentualMulta: 2, jurosMensal: 1, tipoJuros: 'SIMPLES', diasCarencia: 0, inicioVigencia: '2023-01-01' }] },
  tabelaparcelamentovalor: { rows: [[0, 50_000, 3], [50_001, 200_000, 6], [200_001, 1_000_000, 12], [1_000_001, 99_999_900, 24]].map(([valorInicial, valorFinal, parcelasMaximas]) => ({ valorInicial, valorFinal, parcelasMaximas, percentualEntrada: 40, parcelaMinima: 4000, inicioVigencia: '2024-01-01' })) },
  formapagamento: { rows: [['1', 'Depósito/transferência'], ['2', 'Carteira'], ['3', 'Boleto/DDA'], ['4', 'Dinheiro/cheque']].map(([codigoTiss, descricao]) => ({ codigo: codigoTiss, descricao, codigoTiss, exigeContaBancaria: codigoTiss === '1' })) },
  grupoimposto: { rows: [['PF', 'Pessoa física - autônomo', 'F'], ['PJ', 'Pessoa jurídica - lucro presumido', 'J'], ['PJS', 'Pessoa jurídica - Simples Nacional', 'J']].map(([codigo, descricao, pessoa]) => ({ codigo, descricao, pessoa })) },
  tipoimposto: { rows: [['01', 'IRRF', 'FEDERAL'], ['02', 'ISS', 'MUNICIPAL'], ['03', 'INSS', 'FEDERAL'], ['04', 'PIS', 'FEDERAL'], ['05', 'COFINS', 'FEDERAL'], ['06', 'CSLL', 'FEDERAL']].map(([codigoTiss, descricao, esfera]) => ({ codigo: descricao, descricao, codigoTiss, esfera })) },
  irrf: {
    rows: [[0, 242_880, 0, 0], [242_881, 282_665, 7.5, 18_216], [282_666, 375_105, 15, 39_416], [375_106, 466_468, 22.5, 67_549], [466_469, null, 27.5, 90_873]].map(([faixaInicial, faixaFinal, aliquota, deducao]) => ({ faixaInicial, faixaFinal, aliquota, deducao, inicioVigencia: '2025-05-01' })),
  },
  ipca: {
    rows: [['012025', 0.16, 4.56], ['022025', 1.31, 5.06], ['032025', 0.56, 5.48], ['042025', 0.43, 5.53], ['052025', 0.26, 5.32], ['062025', 0.24, 5.35]].map(([competencia, variacaoMensal, acumulado12Meses]) => ({
      competencia,
      variacaoMensal,
      acumulado12Meses,
    })),
  },
  // IOF on credit operations of individuals: the fixed additional rate
  iof: { rows: [{ faixaInicial: 0, faixaFinal: null, aliquota: 0.38, deducao: null, inicioVigencia: '2008-01-03', fimVigencia: null }] },
  // ceiling of the INSS contribution salary
  limiteimposto: {
    rows: (ctx) => [
      { tipoImposto: ctx.idOf('tipoimposto', 'INSS'), valorLimite: 778_602, inicioVigencia: '2024-01-01', fimVigencia: '2024-12-31' },
      { tipoImposto: ctx.idOf('tipoimposto', 'INSS'), valorLimite: 815_741, inicioVigencia: '2025-01-01', fimVigencia: null },
    ],
  },
  // withholding on payments to providers: IRRF and PIS/COFINS/CSLL (DARF 1708, 5952) of companies, ISS, INSS of individuals
  // (the RPA: INSS 11 %, the minimum ISS rate of 2 %, LC 116/2003 art. 8-A; IRRF by the progressive table)
  tabelaimposto: {
    rows: (ctx) =>
      [['IRRF', 'PJ', 1.5, '1708'], ['PIS', 'PJ', 0.65, '5952'], ['COFINS', 'PJ', 3, '5952'], ['CSLL', 'PJ', 1, '5952'], ['ISS', 'PJ', 5, null], ['ISS', 'PJS', 2, null], ['INSS', 'PF', 11, null], ['IRRF', 'PF', 27.5, '0588'], ['ISS', 'PF', 2, null]].map(
        ([tipo, grupo, aliquota, codigoReceita]) => ({ tipoImposto: ctx.idOf('tipoimposto', tipo as string), grupo: ctx.idOf('grupoimposto', grupo as string), aliquota, codigoReceita, inicioVigencia: '2025-01-01' }),
      ),
  },
  taxaboleto: {
    rows: (ctx) =>
      [['001', '017', 2.9], ['341', '109', 3.5], ['237', '009', 3.2], ['104', '014', 2.5], ['033', '101', 3.1]].map(([banco, carteira, reais]) => ({ banco: ctx.idOf('banco', banco as string), carteira, valor: centavos(reais as number), repassaBeneficiario: false, inicioVigencia: '2025-01-01' })),
  },
  retencaominima: { rows: [['IRRF', 1000], ['PCC', 1000], ['ISS', 0], ['INSS', 0]].map(([tributo, valorMinimo]) => ({ tributo, valorMinimo, inicioVigencia: '2024-01-01' })) },
  sigla: { rows: [['NF', 'Nota fiscal', 'DOCUMENTO'], ['RPA', 'Recibo de pagamento a autônomo', 'DOCUMENTO'], ['DP', 'Duplicata', 'TITULO'], ['CNAB', 'Remessa CNAB 240', 'REMESSA']].map(([s, descricao, uso]) => ({ sigla: s, descricao, uso })) },
  tipocontaspagar: {
    rows: (ctx) =>
      [['Pagamento a prestador', '211110000', true], ['Reembolso a beneficiário', '211110000', false], ['Fornecedor', null, true], ['Impostos e contribuições', '215110000', false], ['Folha de pagamento', null, false]].map(
        ([descricao, conta, retemImpostos], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, contaContabil: conta ? ctx.idOf('planoconta', conta as string) : null, retemImpostos }),
      ),
  },
  tipodocumento: {
    rows: [['Nota fiscal de serviço', 'NFS-E', true], ['Recibo', 'REC', false], ['Fatura', 'FAT', false], ['Guia de recolhimento', 'GR', true]].map(([descricao, sigla, fiscal], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, sigla, fiscal })),
  },
  historicocontaspagar: {
    rows: (ctx) =>
      [['Pagamento de produção médica', '211110000'], ['Pagamento de reembolso', '211110000'], ['Pagamento de fornecedor', null]].map(([descricao, conta], i) => ({ codigo: String(i + 1).padStart(3, '0'), descricao, contaContabil: conta ? ctx.idOf('planoconta', conta) : null })),
  },
  tipocontasreceber: {
    rows: (ctx) =>
      [['Mensalidades', '123110000'], ['Coparticipações', '123110000'], ['Acordos de débito', '123110000'], ['Intercâmbio a receber', null]].map(([descricao, conta], i) => ({
        codigo: String(i + 1).padStart(3, '0'),
        descricao,
        contaContabil: conta ? ctx.idOf('planoconta', conta) : null,
        tabelaJuros: conta ? ctx.ids('tabelajurosmulta')[0] : null,
      })),
  },
  // EFD-Reinf Tabela 01 (natureza dos rendimentos), codes and descriptions as the Receita Federal publishes them (the table
  // as TOTVS FINA028 and e-Cidade ship it), IR and CSRF from its 'Tributo' column; the codes this operator pays providers,
  // landlords, lenders, brokers and claimants with. R-4000 series mandatory for facts from 01/09/2023 (IN RFB 2.133/2023).
  // Group 17 applies only to federal payers: kept for reference, inactive here.
  naturezarendimento: {
    rows: (
      [
        ['10001', 'Rendimento decorrente do trabalho com vínculo empregatício', 'PF', true, false],
        ['10002', 'Rendimento decorrente do trabalho sem vínculo empregatício', 'PF', true, false],
        ['10004', 'Participação nos lucros ou resultados (PLR)', 'PF', true, false],
        ['10010', 'Bolsa ao médico residente', 'PF', false, false],
        ['11003', 'Decorrente de Decisão da Justiça dos Estados/Distrito Federal', 'AMBOS', true, false],
        ['11005', 'Decisão Judicial - Importâncias pagas a título de indenizações por danos morais, decorrentes de sentença judicial.', 'AMBOS', true, false],
        ['12022', 'Rendimentos auferidos nas operações de mútuo de recursos financeiros entre pessoa física e pessoa jurídica e entre pessoas jurídicas, inclusive controladoras, controladas, coligadas e interligadas', 'AMBOS', true, false],
        ['12099', 'Demais rendimentos de Capital', 'AMBOS', true, false],
        ['13002', 'Rendimentos de Locação ou Sublocação', 'AMBOS', true, false],
        ['13005', 'Importâncias pagas ao locador pelo contrato celebrado (luvas, prêmios etc.)', 'AMBOS', true, false],
        ['13007', 'Juros decorrente da alienação a prazo de bens', 'AMBOS', true, false],
        ['15001', 'Importâncias pagas ou creditadas a cooperativas de trabalho relativas a serviços pessoais que lhes forem prestados por associados destas ou colocados à disposição', 'PJ', true, false],
        ['15002', 'Importâncias pagas ou creditadas a associações de profissionais ou assemelhadas, relativas a serviços pessoais que lhes forem prestados por associados destas ou colocados à disposição', 'PJ', true, true],
        ['15003', 'Remuneração de Serviços de administração de bens ou negócios em geral, exceto consórcios ou fundos mútuos para aquisição de bens', 'PJ', true, true],
        ['15004', 'Remuneração de Serviços de advocacia', 'PJ', true, true],
        ['15005', 'Remuneração de Serviços de análise clínica laboratorial', 'PJ', true, true],
        ['15008', 'Remuneração de Serviços de assessoria e consultoria técnica, exceto serviço de assistência técnica prestado a terceiros e concernente a ramo de indústria ou comércio explorado pelo prestador do serviço', 'PJ', true, true],
        ['15010', 'Remuneração de Serviços de auditoria', 'PJ', true, true],
        ['15011', 'Remuneração de Serviços de avaliação e perícia', 'PJ', true, true],
        ['15012', 'Remuneração de Serviços de biologia e biomedicina', 'PJ', true, true],
        ['15014', 'Remuneração de Serviços de consultoria', 'PJ', true, true],
        ['15015', 'Remuneração de Serviços de contabilidade', 'PJ', true, true],
        ['15020', 'Remuneração de Serviços de ensino e treinamento', 'PJ', true, true],
        ['15022', 'Remuneração de Serviços de fisioterapia', 'PJ', true, true],
        ['15023', 'Remuneração de Serviços de fonoaudiologia', 'PJ', true, true],
        ['15026', 'Remuneração de Serviços de medicina, exceto aquela prestada por ambulatório, banco de sangue, casa de saúde, casa de recuperação ou repouso sob orientação médica, hospital e pronto-socorro', 'PJ', true, true],
        ['15027', 'Remuneração de Serviços de nutricionismo e dietética', 'PJ', true, true],
        ['15028', 'Remuneração de Serviços de odontologia', 'PJ', true, true],
        ['15032', 'Remuneração de Serviços de programação', 'PJ', true, true],
        ['15033', 'Remuneração de Serviços de prótese', 'PJ', true, true],
        ['15034', 'Remuneração de Serviços de psicologia e psicanálise', 'PJ', true, true],
        ['15036', 'Remuneração de Serviços de radiologia e radioterapia', 'PJ', true, true],
        ['15039', 'Remuneração de Serviços de terapêutica ocupacional', 'PJ', true, true],
        ['15043', 'Remuneração de Serviços de Limpeza', 'PJ', true, true],
        ['15044', 'Remuneração de Serviços de Conservação e Manutenção, exceto reformas e obras assemelhadas', 'PJ', true, true],
        ['15045', 'Remuneração de Serviços de Segurança, Vigilância e Transporte de valores', 'PJ', true, true],
        ['15046', 'Remuneração de Serviços Locação de Mão de obra', 'PJ', true, true],
        ['15099', 'Demais Rendimentos de serviços técnicos, de assistência técnica, de assistência administrativa e semelhantes', 'PJ', true, true],
        ['17005', 'Serviços hospitalares de que trata o art. 30 da Instrução Normativa RFB nº 1.234, de 11 de janeiro de 2012', 'PJ', true, true],
        ['17025', 'Serviços prestados por associações profissionais ou assemelhadas e cooperativas', 'PJ', true, true],
        ['17027', 'Seguro Saúde', 'PJ', true, true],
        ['20001', 'Rendimento de Serviços de propaganda e publicidade', 'PJ', true, false],
        ['20009', 'Importâncias a título de comissões e corretagens relativas a prestação de serviço de administração de convênios', 'PJ', true, false],
        ['20010', 'Demais Importâncias a título de comissões, corretagens, ou qualquer outra importância paga/creditada pela representação comercial ou pela mediação na realização de negócios civis e comerciais', 'PJ', true, false],
      ] as const
    ).map(([codigo, descricao, tipoBeneficiario, retemIr, retemCsrf]) => ({
      codigo,
      descricao,
      grupo: codigo.slice(0, 2),
      tipoBeneficiario,
      retemIr,
      retemCsrf,
      ativo: !codigo.startsWith('17'),
      inicioVigencia: '2023-09-01',
    })),
  },
  quotaemprestimo: { rows: [{ descricao: 'Quota padrão', valorMaximo: 500_000, parcelasMaximas: 12, taxaJurosMensal: 1.2, inicioVigencia: '2024-01-01' }] },
};

export { CAPITAIS };

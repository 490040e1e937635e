import type { fakerPT_BR } from '@faker-js/faker';
import { getBanks, getCbo, getHolidays } from '@brazilian-utils/brazilian-utils';

/**
 * Seed entries of the resource tables, keyed by resource name. Real lists where a package or a public list ships
 * them (FEBRABAN banks, CBO, holidays, SIB kinship codes, FDI teeth, TUSS and CID-10 subsets, TISS domains,
 * glosa codes); otherwise the descriptions an operator would keep, with the remaining fields generated.
 * A resource without an entry gets a few generated rows.
 */

export type SeedRow = Record<string, unknown>;
/** Money values in these rows are integer centavos (shared/money.ts), as the columns hold them. */
export interface SeedContext {
  size: 'test' | 'demo' | 'bench';
  faker: typeof fakerPT_BR;
  /** Ids already seeded for a resource (references). */
  ids(name: string): number[];
}
export interface SeedEntry {
  rows?: SeedRow[] | ((ctx: SeedContext) => SeedRow[]);
  descricoes?: string[];
  count?: number;
  /** Seeded elsewhere. */
  skip?: boolean;
}

const pairs = (list: [string, string][], a = 'codigo', b = 'descricao') => list.map(([x, y]) => ({ [a]: x, [b]: y }));

/** TISS dm_CBOS subset (DOMAIN §1.6): CBO-S codes accepted on guides. */
const CBO_S = ['225125', '225124', '225250', '225120', '225270', '225151', '225320', '225133', '223208', '223212', '223240', '223248', '223505', '223605', '223710', '223810', '251510'];
const CBO_SEED = [...CBO_S, '225103', '225105', '225106', '225109', '225110', '225112', '225115', '225118', '225121', '225122', '225127', '225130', '225135', '225140', '225145', '225150', '225155', '225160', '225165', '225170', '225175', '225180', '225185', '225195', '225203', '225210', '225215', '225220', '225225', '225230', '225235', '225240', '225255', '225260', '225265', '225275', '225280', '225285', '225290', '225295', '225305', '225310', '225315', '225325', '225330', '225335', '225340', '225345', '225350', '322205', '322230', '515105', '411010', '252210'];

/** Procedures: TUSS table 22 subset verified in DOMAIN §2.1 (code, description, group code). */
const TUSS: [string, string][] = [
  ['10101012', 'Consulta em consultório (no horário normal ou preestabelecido)'], ['10101039', 'Consulta em pronto socorro'], ['10102019', 'Visita hospitalar (paciente internado)'],
  ['40304361', 'Hemograma com contagem de plaquetas ou frações'], ['40302040', 'Glicose - pesquisa e/ou dosagem'], ['40301605', 'Colesterol total - pesquisa e/ou dosagem'],
  ['40301630', 'Creatinina - pesquisa e/ou dosagem'], ['40302733', 'Hemoglobina glicada (A1c) - pesquisa e/ou dosagem'], ['40311210', 'Rotina de urina (caracteres físicos, elementos anormais e sedimentoscopia)'],
  ['40302830', 'Vitamina D 25-hidroxi - pesquisa e/ou dosagem'], ['40101010', 'ECG convencional de até 12 derivações'], ['40101045', 'Teste ergométrico convencional'],
  ['40805026', 'RX - Tórax - 2 incidências'], ['40808041', 'Mamografia digital bilateral'], ['40808130', 'Densitometria óssea - coluna e fêmur'], ['40901122', 'US - Abdome total'],
  ['40901106', 'Ecodopplercardiograma transtorácico'], ['41001010', 'TC - Crânio'], ['41101014', 'RM - Crânio (encéfalo)'], ['40201120', 'Endoscopia digestiva alta'],
  ['40201082', 'Colonoscopia (inclui a retossigmoidoscopia)'], ['20104219', 'Sessão de psicoterapia individual'], ['50000462', 'Consulta em psicologia'],
  ['50000160', 'Atendimento fisioterapêutico ambulatorial em paciente com disfunção músculo-esquelética'], ['30909031', 'Hemodiálise crônica (por sessão)'],
  ['41203070', 'Radioterapia convencional de megavoltagem - por campo'], ['31003079', 'Apendicectomia'], ['31005128', 'Colecistectomia sem colangiografia'], ['31309054', 'Cesariana'],
  ['81000030', 'Consulta odontológica'], ['81000049', 'Consulta odontológica de urgência'],
];
/** Group (grupos-procedimentos code) by the first digits of a TUSS code. */
const GROUPS: [string, string, string][] = [
  ['10', 'Consultas, visitas hospitalares ou acompanhamento de pacientes', '1'], ['20', 'Procedimentos clínicos ambulatoriais e hospitalares', '2'],
  ['30', 'Procedimentos cirúrgicos e invasivos', '3'], ['40', 'Procedimentos diagnósticos e terapêuticos', '4'], ['41', 'Exames de imagem de alta complexidade', '4'],
  ['50', 'Outras áreas da saúde', '5'], ['81', 'Odontologia - diagnóstico', '8'],
];

/** CID-10 subset (DOMAIN §2.2, no dot) with common primary-care diagnoses. */
const CIDS: [string, string, string?][] = [
  ['A09', 'Diarreia e gastroenterite de origem infecciosa presumível'], ['C509', 'Neoplasia maligna da mama, não especificada'], ['E119', 'Diabetes mellitus não-insulino-dependente - sem complicações'],
  ['F329', 'Episódio depressivo não especificado'], ['F411', 'Ansiedade generalizada'], ['I10', 'Hipertensão essencial (primária)'], ['I219', 'Infarto agudo do miocárdio não especificado'],
  ['J069', 'Infecção aguda das vias aéreas superiores não especificada'], ['J189', 'Pneumonia não especificada'], ['J45', 'Asma'], ['K359', 'Apendicite aguda sem outra especificação'],
  ['K802', 'Calculose da vesícula biliar sem colecistite'], ['M545', 'Dor lombar baixa'], ['N390', 'Infecção do trato urinário de localização não especificada'],
  ['O800', 'Parto espontâneo cefálico', 'F'], ['R51', 'Cefaleia'], ['Z000', 'Exame médico geral'], ['Z348', 'Supervisão de outras gravidezes normais', 'F'],
  ['C61', 'Neoplasia maligna da próstata', 'M'], ['N185', 'Doença renal crônica, estádio 5'], ['E669', 'Obesidade não especificada'], ['U071', 'COVID-19, vírus identificado'],
];

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

export const RESOURCE_SEEDS: Record<string, SeedEntry> = {
  // ---- base
  banco: { rows: () => getBanks().map((b) => ({ codigo: b.code, ispb: b.ispb, nome: b.name.slice(0, 150), nomeReduzido: b.name.replace(/ S\.?A\.?$/i, '').slice(0, 60), site: null, ativo: true })) },
  cbo: {
    rows: () =>
      CBO_SEED.map((c) => getCbo(c))
        .filter((c): c is NonNullable<typeof c> => !!c)
        .map((c) => ({ codigo: c.code, descricao: c.description.slice(0, 200), cboS: CBO_S.includes(c.code), ativo: true })),
  },
  cid: { rows: CIDS.map(([codigo, descricao, sexo]) => ({ codigo, descricao, restricaoSexo: sexo ?? null, causaObito: false, ativo: true })) },
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
  pendencia: { descricoes: ['Documento de identidade ilegível', 'Comprovante de residência ausente', 'Declaração de saúde não assinada', 'Pedido médico ausente', 'Laudo sem CID', 'Guia sem assinatura do beneficiário', 'Nota fiscal divergente', 'Dados bancários incompletos'] },
  programasaude: {
    rows: [
      { codigo: 'HIPER', nome: 'Controle da Hipertensão', icone: 'coracao', publicoAlvo: 'Hipertensos acima de 40 anos' },
      { codigo: 'GEST', nome: 'Gestação Saudável', icone: 'bebe', publicoAlvo: 'Gestantes' },
      { codigo: 'DIAB', nome: 'Cuidado com o Diabetes', icone: 'maca', publicoAlvo: 'Diabéticos tipo 2' },
      { codigo: 'ATIVO', nome: 'Vida Ativa', icone: 'corrida', publicoAlvo: 'Sedentários e obesos' },
      { codigo: 'RESP', nome: 'Respira Bem', icone: 'pulmao', publicoAlvo: 'Asmáticos e DPOC' },
      { codigo: 'MENTE', nome: 'Saúde Mental em Dia', icone: 'mente', publicoAlvo: 'Beneficiários com ansiedade ou depressão' },
    ],
  },
  questionario: { descricoes: ['Declaração de Saúde - Adesão', 'Pesquisa de Satisfação - Atendimento', 'Estratificação de Risco Cardiovascular', 'Avaliação da Ouvidoria'] },
  situacaofaturamento: {
    rows: pairs([['1', 'Recebido'], ['2', 'Em análise'], ['3', 'Liberado para pagamento'], ['4', 'Encerrado sem pagamento'], ['5', 'Analisado e aguardando liberação para pagamento'], ['6', 'Pagamento efetuado'], ['7', 'Não localizado'], ['8', 'Aguardando informação complementar'], ['9', 'Cancelado']]).map((r) => ({ ...r, permiteRecurso: ['3', '4', '6'].includes(r.codigo as string) })),
  },
  unidademedida: {
    rows: [['AMP', 'Ampola'], ['CAP', 'Cápsula'], ['COM', 'Comprimido'], ['ML', 'Mililitro'], ['MG', 'Miligrama'], ['UN', 'Unidade'], ['FR', 'Frasco'], ['G', 'Grama'], ['CX', 'Caixa'], ['BG', 'Bisnaga'], ['ENV', 'Envelope'], ['SER', 'Seringa']].map(([sigla, descricao], i) => ({ codigo: String(i + 1).padStart(3, '0'), sigla, descricao })),
  },

  // ---- fundamento
  campocriticado: { descricoes: ['Carteira do beneficiário', 'CNS do beneficiário', 'CPF/CNPJ do contratado', 'CBO do solicitante', 'CID principal', 'Data de realização', 'Quantidade executada', 'Valor unitário'] },
  motivo: { rows: GLOSAS.map(([codigo, descricao, grupo]) => ({ codigo, descricao, grupo, tipo: grupo === '14' ? 'NEGATIVA' : grupo === '29' || grupo === '31' ? 'GLOSA' : 'AMBOS', inicioVigencia: '2023-01-01', fimVigencia: null })) },
  motivoafastamento: { descricoes: ['Licença-maternidade', 'Auxílio-doença', 'Licença sem vencimentos', 'Serviço militar', 'Acidente de trabalho', 'Cessão a outro órgão'] },
  motivodesligamento: {
    rows: [
      ['41', 'Rompimento do contrato por iniciativa do beneficiário'], ['42', 'Desligamento da empresa (coletivo empresarial)'], ['43', 'Inadimplência'], ['44', 'Óbito'],
      ['45', 'Transferência de carteira'], ['46', 'Inclusão indevida'], ['47', 'Fraude'], ['48', 'Portabilidade de carências'],
    ].map(([codigoSib, descricao], i) => ({ codigo: String(i + 1).padStart(2, '0'), descricao, codigoSib })),
  },
  motivosaida: {
    rows: [
      ['11', 'Alta curado'], ['12', 'Alta melhorado'], ['14', 'Alta a pedido'], ['15', 'Alta com previsão de retorno para acompanhamento'], ['16', 'Alta por evasão'], ['18', 'Alta por outros motivos'],
      ['31', 'Transferido para outro estabelecimento'], ['32', 'Transferência para internação domiciliar'], ['41', 'Óbito com declaração de óbito fornecida pelo médico assistente'], ['51', 'Encerramento administrativo'],
    ].map(([codigoTiss, descricao]) => ({ codigo: codigoTiss, descricao, codigoTiss })),
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
    ].map(([nome, cidade]) => ({ nome, cidade })),
  },
  unimed: {
    rows: [
      ['0031', 'Unimed Belo Horizonte', 3106200], ['0032', 'Unimed Rio', 3304557], ['0033', 'Unimed Curitiba', 4106902], ['0034', 'Unimed Porto Alegre', 4314902], ['0035', 'Unimed Salvador', 2927408], ['0036', 'Unimed Brasília', 5300108],
    ].map(([codigo, nome, cidade]) => ({ codigo, nome, cidade })),
  },
  pais: {
    rows: COUNTRIES.map(([codigo, sigla3, codigoBacen, nome, nacionalidade], i) => ({ codigo, sigla3, codigoBacen, nome, nacionalidade, bandeira: badge(codigo, ['#0b7a3e', '#2b6cb0', '#b42318', '#7c3aed', '#c2410c'][i % 5]) })),
  },

  // ---- percentualizacao
  tipoacomodacao: { rows: ACOMODACOES.map(([codigo, descricao, padrao]) => ({ codigo, descricao, padrao, percentual: padrao === 'INDIVIDUAL' ? 130 : 100 })) },
  percentualfuncaoexecutante: {
    rows: [['00', 100], ['01', 30], ['02', 20], ['03', 20], ['04', 20], ['06', 30]].map(([grauParticipacao, percentual]) => ({ grauParticipacao, percentual, inicioVigencia: '2024-01-01', fimVigencia: null })),
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

  // ---- contrato
  indexador: { rows: [['IPCA', 'Índice de Preços ao Consumidor Amplo'], ['INPC', 'Índice Nacional de Preços ao Consumidor'], ['IGPM', 'Índice Geral de Preços do Mercado'], ['VCMH', 'Variação do Custo Médico-Hospitalar'], ['ANS', 'Índice de reajuste da ANS (individuais)']].map(([sigla, descricao], i) => ({ sigla, descricao, periodicidade: i < 3 ? 'MENSAL' : 'ANUAL' })) },
  tabpreco: { rows: [['CBHPM5', 'CBHPM 5ª edição', '22'], ['TUSS22', 'TUSS Procedimentos - tabela própria', '22'], ['BRASMAT', 'Brasíndice Materiais', '19'], ['BRASMED', 'Brasíndice Medicamentos', '20'], ['DIARIAS', 'Diárias e taxas', '18']].map(([codigo, descricao, tabelaTiss]) => ({ codigo, descricao, tabelaTiss, inicioVigencia: '2024-01-01' })) },
  portehonorario: { rows: (ctx) => ['1A', '1B', '1C', '2A', '2B', '2C', '3A', '3B', '3C', '4A', '4B', '4C'].map((porte, i) => ({ porte, valor: 2000 + i * 1750, tabelaPreco: ctx.ids('tabpreco')[0], inicioVigencia: '2024-01-01' })) },

  // ---- tabela
  grupoprocedimento: { rows: GROUPS.map(([codigo, descricao, capitulo]) => ({ codigo, descricao, capitulo })) },
  procedimento: {
    rows: (ctx) => {
      const groupIds = ctx.ids('grupoprocedimento');
      const real = TUSS.map(([codigo, descricao], i) => {
        const g = GROUPS.findIndex(([c]) => codigo.startsWith(c));
        return { codigo, descricao, grupo: groupIds[g >= 0 ? g : 0], valor: (40 + ((i * 37) % 900)) * 100, sexo: codigo === '31309054' ? 'F' : 'A', rol: true, inicioVigencia: '2021-04-01' };
      });
      if (ctx.size === 'test') return real;
      const extra = Array.from({ length: 400 }, (_, i) => ({
        codigo: String(40400000 + i * 7).padStart(8, '0'),
        descricao: `${ctx.faker.helpers.arrayElement(['Dosagem de', 'Pesquisa de', 'Cultura de', 'Avaliação de', 'Sessão de'])} ${ctx.faker.science.chemicalElement().name.toLowerCase()}`,
        grupo: groupIds[3],
        inicioVigencia: '2022-01-01',
      }));
      return [...real, ...extra];
    },
  },
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
  material: { descricoes: ['Luva de procedimento não estéril', 'Seringa descartável 10 ml', 'Cateter intravenoso periférico 22G', 'Fio de sutura nylon 3-0', 'Gaze estéril 7,5 x 7,5 cm', 'Stent coronário farmacológico', 'Prótese de quadril total'] },
  medicamento: { descricoes: ['Dipirona sódica 500 mg/ml solução injetável', 'Ceftriaxona 1 g pó para solução injetável', 'Omeprazol 40 mg pó liofilizado', 'Soro fisiológico 0,9% 500 ml', 'Enoxaparina 40 mg/0,4 ml', 'Ondansetrona 8 mg/4 ml'] },
  brasindicematerial: { descricoes: ['Equipo macrogotas', 'Cateter de Foley 2 vias', 'Compressa cirúrgica', 'Bolsa coletora de urina'] },
  brasindicemedicamento: { descricoes: ['Paracetamol 500 mg comprimido', 'Amoxicilina 500 mg cápsula', 'Losartana 50 mg comprimido', 'Metformina 850 mg comprimido'] },
  pacote: { descricoes: ['Parto cesáreo - pacote', 'Colecistectomia videolaparoscópica - pacote', 'Apendicectomia - pacote', 'Check-up executivo'] },
  servicoaps: { descricoes: ['Consulta com médico de família', 'Acolhimento de enfermagem', 'Grupo de educação alimentar', 'Atendimento psicológico breve', 'Avaliação fisioterapêutica'] },
  taxa: { rows: [['60000333', 'Taxa de sala cirúrgica', '07'], ['60000660', 'Diária de apartamento', '05'], ['60000775', 'Diária de UTI adulto', '05'], ['60001003', 'Oxigênio por hora', '01'], ['60000023', 'Taxa de observação', '07']].map(([codigo, descricao, tipo], i) => ({ codigo, descricao, tipo, valor: [35000, 42000, 180000, 1250, 8500][i], inicioVigencia: '2024-01-01' })) },

  // ---- operadora
  operadora: {
    rows: [
      { registroAns: '999999', cnpj: '11222333000181', razaoSocial: 'Caixa de Assistência à Saúde Demonstração', nomeFantasia: 'Saúde Demo', modalidade: 'AUTOGESTAO', uf: 'MG', logo: badge('SD', '#0b5cab'), site: 'https://www.saudedemo.example' },
      { registroAns: '123456', cnpj: '03589068000146', razaoSocial: 'Operadora Parceira de Intercâmbio', nomeFantasia: 'Parceira', modalidade: 'COOPERATIVA', uf: 'SP', logo: badge('OP', '#0f8a6d'), site: null },
    ],
  },
  grupoproduto: { descricoes: ['Planos ambulatoriais', 'Planos hospitalares com obstetrícia', 'Planos odontológicos', 'Planos empresariais'] },
  produto: {
    rows: (ctx) =>
      ['Essencial Enfermaria', 'Essencial Apartamento', 'Master Nacional', 'Odonto Clássico', 'Empresarial Plus'].map((nome, i) => ({ registroAns: String(470000000 + i * 1111), nome, grupo: ctx.ids('grupoproduto')[i % 4], contratacao: ['INDIVIDUAL', 'INDIVIDUAL', 'ADESAO', 'INDIVIDUAL', 'EMPRESARIAL'][i], abrangencia: i === 2 ? 'NACIONAL' : 'ESTADUAL', acomodacao: i === 0 ? 'COLETIVO' : 'INDIVIDUAL', fatorModerador: i % 2 ? 'COPARTICIPACAO' : 'NENHUM', inicioComercializacao: '2019-03-01' })),
  },
  empresa: { count: 12 },
  setorempresa: { descricoes: ['Autorizações', 'Cadastro', 'Faturamento', 'Financeiro', 'Ouvidoria', 'Auditoria médica', 'Relacionamento'] },
  tag: { rows: [['autorizacao_pedido_medico', 'Pedido médico', 'AUTORIZACAO'], ['laudo', 'Laudo', 'AUTORIZACAO'], ['nota_fiscal', 'Nota fiscal', 'PROTOCOLO'], ['documento_identidade', 'Documento de identidade', 'BENEFICIARIO']].map(([codigo, descricao, aplicacao], i) => ({ codigo: codigo.toUpperCase(), descricao, aplicacao, documentoObrigatorio: i === 0 })) },
  tipocargo: { descricoes: ['Analista', 'Assistente administrativo', 'Auditor médico', 'Coordenador', 'Gerente', 'Diretor'] },
  classificacaomatricula: { rows: [['T', 'Titular', 'T'], ['D', 'Dependente', 'D'], ['A', 'Agregado', 'A'], ['P', 'Pensionista', 'P']].map(([codigo, descricao, classe]) => ({ codigo, descricao, classe })) },
  tipocoparticipacao: { descricoes: ['Consultas eletivas', 'Exames simples', 'Exames de alta complexidade', 'Terapias'] },
  situacaocontratante: { descricoes: ['Ativo', 'Suspenso por inadimplência', 'Em cancelamento', 'Cancelado'] },
  taxacartao: { descricoes: ['Emissão de cartão', 'Segunda via de cartão'] },
  tipocontribuicao: { descricoes: ['Mensalidade', 'Coparticipação', 'Joia de adesão', 'Taxa de cartão', 'Acerto financeiro'] },
  tipodesconto: { descricoes: ['Desconto por adimplência', 'Desconto família', 'Desconto aposentado', 'Desconto judicial'] },
  tipopagamento: { descricoes: ['Boleto bancário', 'Débito automático', 'Desconto em folha', 'Pix'] },
  fundosocial: { descricoes: ['Fundo de solidariedade', 'Fundo de assistência a aposentados'] },
  cotauniao: { rows: ['012025', '022025', '032025'].map((competencia, i) => ({ competencia, valorPerCapita: 18000 + i * 250, percentualUniao: 50 })) },
  fundoreserva: { rows: ['012025', '022025', '032025', '042025'].map((competencia, i) => ({ competencia, percentual: 5, valorProvisionado: 12_000_000 + i * 350_000 })) },

  // ---- financeiro
  planoconta: {
    rows: [
      ['100000000', 'Ativo', 'SINTETICA', 'ATIVO'], ['121000000', 'Aplicações financeiras', 'SINTETICA', 'ATIVO'], ['123110000', 'Contraprestações a receber', 'ANALITICA', 'ATIVO'],
      ['200000000', 'Passivo', 'SINTETICA', 'PASSIVO'], ['211110000', 'Provisão de eventos a liquidar', 'ANALITICA', 'PASSIVO'], ['311110000', 'Contraprestações efetivas', 'ANALITICA', 'RECEITA'],
      ['411110000', 'Eventos indenizáveis - consultas', 'ANALITICA', 'DESPESA'], ['411120000', 'Eventos indenizáveis - exames', 'ANALITICA', 'DESPESA'], ['411130000', 'Eventos indenizáveis - internações', 'ANALITICA', 'DESPESA'],
    ].map(([codigo, descricao, tipo, natureza]) => ({ codigo, descricao, tipo, natureza, aceitaLancamento: tipo === 'ANALITICA' })),
  },
  eventomensal: { descricoes: ['Mensalidade titular', 'Mensalidade dependente', 'Coparticipação do mês', 'Taxa administrativa', 'Repasse de intercâmbio'] },
  tabelajurosmulta: { rows: [{ descricao: 'Padrão contribuições', percentualMulta: 2, jurosMensal: 1, tipoJuros: 'SIMPLES', diasCarencia: 0, inicioVigencia: '2023-01-01' }] },
  tabelaparcelamentovalor: { rows: [[0, 50_000, 3], [50_001, 200_000, 6], [200_001, 1_000_000, 12], [1_000_001, 99_999_900, 24]].map(([valorInicial, valorFinal, parcelasMaximas]) => ({ valorInicial, valorFinal, parcelasMaximas, percentualEntrada: 40, parcelaMinima: 4000, inicioVigencia: '2024-01-01' })) },
  formapagamento: { rows: [['1', 'Depósito/transferência'], ['2', 'Carteira'], ['3', 'Boleto/DDA'], ['4', 'Dinheiro/cheque']].map(([codigoTiss, descricao]) => ({ codigo: codigoTiss, descricao, codigoTiss, exigeContaBancaria: codigoTiss === '1' })) },
  grupoimposto: { rows: [['PF', 'Pessoa física - autônomo', 'F'], ['PJ', 'Pessoa jurídica - lucro presumido', 'J'], ['PJS', 'Pessoa jurídica - Simples Nacional', 'J']].map(([codigo, descricao, pessoa]) => ({ codigo, descricao, pessoa })) },
  tipoimposto: { rows: [['01', 'IRRF', 'FEDERAL'], ['02', 'ISS', 'MUNICIPAL'], ['03', 'INSS', 'FEDERAL'], ['04', 'PIS', 'FEDERAL'], ['05', 'COFINS', 'FEDERAL'], ['06', 'CSLL', 'FEDERAL']].map(([codigoTiss, descricao, esfera]) => ({ codigo: descricao, descricao, codigoTiss, esfera })) },
  irrf: {
    rows: [[0, 242_880, 0, 0], [242_881, 282_665, 7.5, 18_216], [282_666, 375_105, 15, 39_416], [375_106, 466_468, 22.5, 67_549], [466_469, null, 27.5, 90_873]].map(([faixaInicial, faixaFinal, aliquota, deducao]) => ({ faixaInicial, faixaFinal, aliquota, deducao, inicioVigencia: '2025-05-01' })),
  },
  ipca: { rows: [['012025', 0.16], ['022025', 1.31], ['032025', 0.56], ['042025', 0.43], ['052025', 0.26], ['062025', 0.24]].map(([competencia, variacaoMensal]) => ({ competencia, variacaoMensal })) },
  retencaominima: { rows: [['IRRF', 1000], ['PCC', 1000], ['ISS', 0], ['INSS', 0]].map(([tributo, valorMinimo]) => ({ tributo, valorMinimo, inicioVigencia: '2024-01-01' })) },
  sigla: { rows: [['NF', 'Nota fiscal', 'DOCUMENTO'], ['RPA', 'Recibo de pagamento a autônomo', 'DOCUMENTO'], ['DP', 'Duplicata', 'TITULO'], ['CNAB', 'Remessa CNAB 240', 'REMESSA']].map(([s, descricao, uso]) => ({ sigla: s, descricao, uso })) },
  tipocontaspagar: { descricoes: ['Pagamento a prestador', 'Reembolso a beneficiário', 'Fornecedor', 'Impostos e contribuições', 'Folha de pagamento'] },
  tipodocumento: { descricoes: ['Nota fiscal de serviço', 'Recibo', 'Fatura', 'Guia de recolhimento'] },
  historicocontaspagar: { descricoes: ['Pagamento de produção médica', 'Pagamento de reembolso', 'Pagamento de fornecedor'] },
  tipocontasreceber: { descricoes: ['Mensalidades', 'Coparticipações', 'Acordos de débito', 'Intercâmbio a receber'] },
  quotaemprestimo: { rows: [{ descricao: 'Quota padrão', valorMaximo: 500_000, parcelasMaximas: 12, taxaJurosMensal: 1.2, inicioVigencia: '2024-01-01' }] },
};

export { CAPITAIS };

import type { Tipo } from '../../../shared/autorizacoes';
import { MATERIAIS_SEMENTE, TAXAS } from './catalogo';
import { cidsDoTamanho, tuss, type Procedimento } from './tuss';

/**
 * What each kind of provider asks the operator for. A provider's specialty (its CBO) gives it a profile; the profile
 * says which guide types it sends, which beneficiaries it sees, and from which pool of TUSS codes (or materials,
 * daily rates) and CID-10 diagnoses each guide type draws its items. Pools are rules over the loaded reference
 * tables (code prefixes, words of the description), never lists of invented items; a few very common codes weigh
 * more, as they do in any operator's production.
 */

export type Perfil =
  | 'CLINICO' | 'PEDIATRIA' | 'GINECOLOGIA' | 'CARDIOLOGIA' | 'ORTOPEDIA' | 'ANESTESIOLOGIA' | 'RADIOLOGIA' | 'PSIQUIATRIA' | 'ONCOLOGIA' | 'RADIOTERAPIA'
  | 'CIRURGIA' | 'LABORATORIO' | 'ODONTO_CLINICO' | 'ENDODONTIA' | 'ORTODONTIA' | 'PERIODONTIA' | 'ENFERMAGEM' | 'FISIOTERAPIA' | 'NUTRICAO'
  | 'FONOAUDIOLOGIA' | 'PSICOLOGIA';

/** Specialty (CBO-S, seed/resource-data.ts) → profile. */
export const PERFIL_DO_CBO: Record<string, Perfil> = {
  '225125': 'CLINICO', '225124': 'PEDIATRIA', '225250': 'GINECOLOGIA', '225120': 'CARDIOLOGIA', '225270': 'ORTOPEDIA', '225151': 'ANESTESIOLOGIA',
  '225320': 'RADIOLOGIA', '225133': 'PSIQUIATRIA', '225121': 'ONCOLOGIA', '225330': 'RADIOTERAPIA', '225225': 'CIRURGIA', '225335': 'LABORATORIO',
  '223208': 'ODONTO_CLINICO', '223212': 'ENDODONTIA', '223240': 'ORTODONTIA', '223248': 'PERIODONTIA', '223505': 'ENFERMAGEM', '223605': 'FISIOTERAPIA',
  '223710': 'NUTRICAO', '223810': 'FONOAUDIOLOGIA', '251510': 'PSICOLOGIA',
};
export const PERFIS_ODONTO: readonly Perfil[] = ['ODONTO_CLINICO', 'ENDODONTIA', 'ORTODONTIA', 'PERIODONTIA'];

/** The pool a guide draws its items from. */
export type PoolKind = 'consulta' | 'sadt' | 'internacao' | 'prorrogacao' | 'odonto' | 'aps' | 'quimio' | 'radio' | 'opme';

/** Beneficiaries a profile sees: everyone, women of 18 to 49 (gynecology and obstetrics) or children under 14. */
export type Segmento = 'TODOS' | 'MULHERES' | 'CRIANCAS';

const HOSPITALAR: Tipo[] = ['CONSULTA', 'SP_SADT', 'INTERNACAO', 'PRORROGACAO', 'ORCAMENTO', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'PRE_AUTORIZACAO'];
const OUTRAS_AREAS: Tipo[] = ['SP_SADT', 'APS', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS'];
/** Guide types each profile sends: dentists only dental guides, labs and imaging centers only exams… */
export const TIPOS_DO_PERFIL: Record<Perfil, Tipo[]> = {
  CLINICO: [...HOSPITALAR, 'APS'],
  PEDIATRIA: [...HOSPITALAR, 'APS'],
  GINECOLOGIA: [...HOSPITALAR, 'APS'],
  CARDIOLOGIA: [...HOSPITALAR, 'ANEXO_OPME'],
  ORTOPEDIA: [...HOSPITALAR, 'ANEXO_OPME'],
  CIRURGIA: [...HOSPITALAR, 'ANEXO_OPME'],
  PSIQUIATRIA: HOSPITALAR,
  ONCOLOGIA: [...HOSPITALAR, 'ANEXO_QUIMIO'],
  RADIOTERAPIA: ['CONSULTA', 'SP_SADT', 'PRE_AUTORIZACAO', 'ANEXO_RADIO'],
  ANESTESIOLOGIA: ['CONSULTA', 'SP_SADT', 'PRE_AUTORIZACAO'],
  RADIOLOGIA: ['SP_SADT', 'ORCAMENTO', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS', 'PRE_AUTORIZACAO'],
  LABORATORIO: ['SP_SADT', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS'],
  ODONTO_CLINICO: ['ODONTO', 'ANEXO_ODONTO'],
  ENDODONTIA: ['ODONTO', 'ANEXO_ODONTO'],
  ORTODONTIA: ['ODONTO', 'ANEXO_ODONTO'],
  PERIODONTIA: ['ODONTO', 'ANEXO_ODONTO'],
  ENFERMAGEM: OUTRAS_AREAS,
  FISIOTERAPIA: OUTRAS_AREAS,
  NUTRICAO: OUTRAS_AREAS,
  FONOAUDIOLOGIA: ['SP_SADT', 'COMPROVANTE_PRESENCIAL', 'SEM_ONUS'],
  PSICOLOGIA: OUTRAS_AREAS,
};

// ---- procedure pools ---------------------------------------------------------------------------------------------

interface Regra {
  /** Code prefixes (TUSS 22). */
  prefixos?: string[];
  /** Exact codes. */
  codigos?: string[];
  /** Words of the description (accents and case ignored), within the prefixes when both are given. */
  texto?: RegExp;
  exceto?: RegExp;
  /** Copies of each code in the pool (frequency). */
  peso?: number;
}

/** The most requested laboratory tests (blood count, glucose, lipids, kidney, liver, thyroid, urine, stool…). */
const LAB_COMUNS = [
  '40304361', '40302040', '40301605', '40301583', '40301591', '40302547', '40301630', '40302580', '40302733', '40311210', '40316521', '40316491', '40302504',
  '40302512', '40302318', '40302423', '40316270', '40316572', '40310213', '40303110', '40301150', '40302830',
];
const LAB: Regra[] = [{ prefixos: ['403'] }, { codigos: LAB_COMUNS, peso: 40 }];
/** The most requested images: chest X-ray, abdominal and breast ultrasound, mammography, CT and MRI of head, chest and spine. */
const IMAGEM_COMUNS = ['40805026', '40901122', '40901114', '40808041', '41001079', '41001010', '41101014', '41101227', '40808130', '40901300'];
const IMAGEM: Regra[] = [{ prefixos: ['408', '409', '410', '411'], exceto: /intervencionist|embolizacao|drenagem|biopsia|puncao|quimioterapia/ }, { codigos: IMAGEM_COMUNS, peso: 15 }];
const CONSULTA_MEDICA: Regra[] = [{ codigos: ['10101012'] }];
const VISITA: Regra[] = [{ codigos: ['10102019'], peso: 30 }];
const QUIMIO: Regra[] = [{ prefixos: ['2010', '2020'], texto: /^terapia (oncologica|antineoplasica)/ }];
const RADIO: Regra[] = [{ prefixos: ['4120'], texto: /radioterapia|braquiterapia|radiocirurgia|betaterapia|planejamento|simulacao|colimacao|imobilizacao|filme de verificacao|colocacao ou retirada/ }];
const so5 = (texto: RegExp): Regra[] => [{ prefixos: ['5'], texto }];
const FISIO = /fisioterap|pilates|hidroterapia|quiropraxia|reeducacao postural|baropodometria|estabilometria|ventilometria|eletroterapeutica/;

const POOLS: Record<Perfil, Partial<Record<PoolKind, Regra[]>>> = {
  CLINICO: {
    consulta: CONSULTA_MEDICA,
    sadt: [...LAB, ...IMAGEM, { codigos: ['40101010', '40201120', '40201082', '40105148'], peso: 10 }],
    internacao: [...VISITA, { codigos: ['10104011'], peso: 5 }, { prefixos: ['202'] }],
    aps: CONSULTA_MEDICA,
  },
  PEDIATRIA: {
    consulta: [...CONSULTA_MEDICA, { codigos: ['10106146'] }],
    sadt: [...LAB, { prefixos: ['40805', '40901'] }, { codigos: ['40805026', '40901122'], peso: 15 }],
    internacao: [...VISITA, { codigos: ['10103015', '10103023', '10103031', '10104020'] }, { prefixos: ['202'] }],
    aps: [...CONSULTA_MEDICA, { codigos: ['10106146'] }],
  },
  GINECOLOGIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [
      ...LAB,
      { prefixos: ['40901'], texto: /mamas|transvaginal|obstetric|abdome inferior feminino|pelve feminino|endovaginal|histerossonografia/ },
      { codigos: ['40808033', '40808041', '40601137', '41301102', '41301099', '40316866', '41101189', '41101480', '40808130'], peso: 8 },
    ],
    internacao: [{ prefixos: ['313'] }, { prefixos: ['30602'] }, { codigos: ['31309054', '31309127'], peso: 25 }],
    aps: CONSULTA_MEDICA,
  },
  CARDIOLOGIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [
      { prefixos: ['40101'] }, { codigos: ['20102011', '20102020', '20102038', '40901106', '40901360', '40901076', '41101138', '41001087'], peso: 6 },
      { prefixos: ['40701'] }, { codigos: ['40301605', '40301583', '40301591', '40302547', '40302040', '40301630', '40302318'], peso: 10 },
    ],
    internacao: [...VISITA, { prefixos: ['30911', '30912', '30904', '30903', '30902'] }],
  },
  ORTOPEDIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [{ prefixos: ['408'], exceto: /intervencionist|embolizacao|drenagem|contrastad|mamografia|densitometria/ }, { prefixos: ['41101'], texto: /articular|coluna|membro|coxa|perna|pe |mao|bacia|ombro|joelho|punho/ }, { prefixos: ['41001'], texto: /articula|coluna|membro|bacia/ }, { codigos: ['40901220', '40808130', '41101316', '41101227'], peso: 8 }],
    internacao: [{ prefixos: ['307'] }, { codigos: ['30724058', '30726034', '30733057'], peso: 10 }],
  },
  CIRURGIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [...LAB, { prefixos: ['40901', '41001'] }, { codigos: ['40201120', '40201082', '40901122', '40901130'], peso: 10 }],
    internacao: [{ prefixos: ['310', '301', '30602', '30212', '30213'] }, { codigos: ['31005497', '31003583', '31009115', '31004202', '31003079'], peso: 15 }],
  },
  PSIQUIATRIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [{ codigos: LAB_COMUNS }, { codigos: ['40103170', '40103234', '20104219'], peso: 5 }],
    internacao: [...VISITA, { codigos: ['20104170'] }],
  },
  ONCOLOGIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [{ codigos: LAB_COMUNS, peso: 3 }, { prefixos: ['41001', '41101'] }, { codigos: ['40708128', '40706010', '40601170', '40601188'], peso: 5 }],
    internacao: [...VISITA, ...QUIMIO],
    quimio: QUIMIO,
  },
  RADIOTERAPIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [{ codigos: ['41001079', '41001010', '41101472', '41101669', '40805026'] }, { prefixos: ['41001'] }],
    radio: RADIO,
  },
  ANESTESIOLOGIA: {
    consulta: CONSULTA_MEDICA,
    sadt: [{ prefixos: ['31602', '316'] }],
  },
  RADIOLOGIA: {
    sadt: [...IMAGEM, { prefixos: ['407'] }],
  },
  LABORATORIO: {
    sadt: [...LAB, { prefixos: ['406', '405'] }],
  },
  ODONTO_CLINICO: { odonto: [{ prefixos: ['810', '840', '851', '854', '830'] }, { prefixos: ['820'], texto: /exodontia|ulectomia|ulotomia|alveoloplastia|biopsia|sutura|drenagem|frenulectomia|frenotomia/ }, { codigos: ['81000030', '81000065', '84000198'], peso: 10 }] },
  ENDODONTIA: { odonto: [{ prefixos: ['852'] }, { codigos: ['81000030', '81000065', '81000421'], peso: 4 }] },
  ORTODONTIA: { odonto: [{ prefixos: ['860'] }, { codigos: ['81000030', '81000065'], peso: 4 }] },
  PERIODONTIA: { odonto: [{ prefixos: ['853', '840'] }, { codigos: ['81000030', '81000065'], peso: 4 }] },
  ENFERMAGEM: { sadt: [{ prefixos: ['5'], texto: /enfermagem|enfermeiro|cuidador/, exceto: /fonoaudiolog|psiquiatric/ }], aps: [{ codigos: ['50000705'] }] },
  FISIOTERAPIA: { sadt: so5(FISIO), aps: [{ codigos: ['50000144', '50000748'] }] },
  NUTRICAO: { sadt: so5(/nutricionista/), aps: [{ codigos: ['50000560'] }] },
  FONOAUDIOLOGIA: { sadt: [...so5(/fonoaudiolog/), { codigos: ['40103072', '40103099', '40103439'] }] },
  PSICOLOGIA: { sadt: so5(/psicolog|psicoterapia|ludoterapia|psicomotricidade/), aps: [{ codigos: ['50000462', '50001183'] }] },
};

/** Profiles whose hospital guides are surgeries: their budgets and pre-authorizations are for the operation. */
const CIRURGICOS: readonly Perfil[] = ['GINECOLOGIA', 'CARDIOLOGIA', 'ORTOPEDIA', 'CIRURGIA'];

/** The pool each guide type draws from, for a profile (orçamento and pré-autorização: the surgery, or else the exams). */
export function tipoDoPool(perfil: Perfil, tipo: Tipo): PoolKind {
  const has = (k: PoolKind) => !!POOLS[perfil][k];
  switch (tipo) {
    case 'CONSULTA':
      return 'consulta';
    case 'SP_SADT':
      return 'sadt';
    case 'INTERNACAO':
      return 'internacao';
    case 'PRORROGACAO':
      return 'prorrogacao';
    case 'ODONTO':
    case 'ANEXO_ODONTO':
      return 'odonto';
    case 'APS':
      return 'aps';
    case 'ANEXO_QUIMIO':
      return 'quimio';
    case 'ANEXO_RADIO':
      return 'radio';
    case 'ANEXO_OPME':
      return 'opme';
    case 'ORCAMENTO':
    case 'PRE_AUTORIZACAO':
      return CIRURGICOS.includes(perfil) ? 'internacao' : 'sadt';
    case 'COMPROVANTE_PRESENCIAL':
    case 'SEM_ONUS':
      return has('consulta') ? 'consulta' : 'sadt';
  }
}

export const segmentoDe = (perfil: Perfil): Segmento => (perfil === 'GINECOLOGIA' ? 'MULHERES' : perfil === 'PEDIATRIA' ? 'CRIANCAS' : 'TODOS');

// ---- diagnoses -----------------------------------------------------------------------------------------------------

/** CID-10 categories (first three characters; ranges inclusive) of the diagnoses behind each profile's hospital guides. */
const CID_DO_PERFIL: Partial<Record<Perfil | 'ONCOLOGICO', string[]>> = {
  ONCOLOGICO: ['C00-C97'],
  CLINICO: ['A09', 'A41', 'E10-E14', 'I50', 'J12-J18', 'J44', 'J45', 'K29', 'K92', 'N10', 'N39'],
  PEDIATRIA: ['A08', 'A09', 'J06', 'J12-J18', 'J20', 'J21', 'J45', 'P07', 'P22', 'P59'],
  GINECOLOGIA: ['O20-O48', 'O60-O75', 'O80-O84', 'N70-N77', 'N80-N85', 'N92', 'N93', 'D25', 'D27'],
  CARDIOLOGIA: ['I20-I25', 'I44-I50'],
  ORTOPEDIA: ['M16', 'M17', 'M23', 'M47', 'M51', 'M54', 'M75', 'S42', 'S52', 'S72', 'S82', 'S83'],
  CIRURGIA: ['K35-K38', 'K40-K46', 'K56', 'K57', 'K60-K62', 'K80-K83', 'E04', 'E05', 'L02', 'L05'],
  PSIQUIATRIA: ['F10', 'F20', 'F25', 'F29', 'F31', 'F32', 'F33', 'F41'],
  ONCOLOGIA: ['C00-C97'],
};
const naFaixa = (cat: string, faixa: string) => {
  const [a, b = a] = faixa.split('-');
  return cat >= a && cat <= b;
};
/** Which diagnoses a guide of a type carries (types with a CID: internação, quimio and radio attachments). */
export const grupoCidDe = (perfil: Perfil, tipo: Tipo): string | null =>
  tipo === 'ANEXO_QUIMIO' || tipo === 'ANEXO_RADIO' ? 'ONCOLOGICO' : tipo === 'INTERNACAO' && CID_DO_PERFIL[perfil] ? perfil : null;

// ---- the pools as rows -------------------------------------------------------------------------------------------

/** R$ 500,00: the unit value up to which the simple rules authorize at once (server/autorizacoes/service.ts). */
export const LIMITE_IMEDIATO = 50_000;
export type Sexo = 'M' | 'F';

export interface LinhaPool {
  chave: string;
  tabela: string;
  codigo: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
function aplica(r: Regra, p: Procedimento, d: string): boolean {
  if (r.codigos && !r.codigos.includes(p.codigo)) return false;
  if (r.prefixos && !r.prefixos.some((x) => p.codigo.startsWith(x))) return false;
  if (r.texto && !r.texto.test(d)) return false;
  if (r.exceto && r.exceto.test(d)) return false;
  return true;
}

/**
 * Every pool as rows (one per copy of a code): procedure pools keyed `perfil|pool|sexo|faixa` — faixa 'S' holds the
 * items the simple rules authorize at once (unit value up to R$ 500), 'C' the ones that go to audit (above it, or
 * the same items when there are none: then the quantity sends the guide to audit), 'T' all; CID pools keyed
 * `CID|grupo|sexo`. A procedure or diagnosis restricted to the other sex is left out of each sex's pool.
 */
export function linhasDosPools(size: 'test' | 'demo' | 'bench'): LinhaPool[] {
  const { procedimentos } = tuss();
  const folded = procedimentos.map((p) => fold(p.descricao));
  const out: LinhaPool[] = [];
  const push = (chave: string, tabela: string, codigos: string[]) => codigos.forEach((codigo) => out.push({ chave, tabela, codigo }));
  for (const perfil of Object.keys(POOLS) as Perfil[]) {
    for (const [tipo, regras] of Object.entries(POOLS[perfil]) as [PoolKind, Regra[]][]) {
      for (const sexo of ['M', 'F'] as Sexo[]) {
        const itens: Procedimento[] = [];
        for (const r of regras) {
          const achados = procedimentos.filter((p, i) => (p.sexo === 'A' || p.sexo === sexo) && aplica(r, p, folded[i]));
          for (let k = 0; k < (r.peso ?? 1); k++) itens.push(...achados);
        }
        if (!itens.length) throw new Error(`semente: pool vazio ${perfil}/${tipo}/${sexo}`);
        const simples = itens.filter((p) => p.valor <= LIMITE_IMEDIATO);
        const caros = itens.filter((p) => p.valor > LIMITE_IMEDIATO);
        const chave = `${perfil}|${tipo}|${sexo}`;
        push(`${chave}|T`, '22', itens.map((p) => p.codigo));
        push(`${chave}|S`, '22', (simples.length ? simples : itens).map((p) => p.codigo));
        push(`${chave}|C`, '22', (caros.length ? caros : itens).map((p) => p.codigo));
      }
    }
  }
  // hospital extensions: daily rates (TUSS 18) for every profile that admits patients — children's ICU and nursery
  // for pediatrics, the adults' rooms and ICUs for the others
  const diarias = (pediatria: boolean) =>
    TAXAS.filter(([, d, tipo]) => tipo === '05' && (pediatria ? !/adulto/.test(d) : !/neonatal|pediátrica/.test(d))).map(([codigo]) => codigo);
  for (const perfil of Object.keys(POOLS) as Perfil[]) {
    if (!POOLS[perfil].internacao) continue;
    for (const sexo of ['M', 'F'] as Sexo[]) for (const f of ['T', 'S', 'C']) push(`${perfil}|prorrogacao|${sexo}|${f}`, '18', diarias(perfil === 'PEDIATRIA'));
  }
  // OPME attachments: the OPME materials of the surgeon's area (TUSS 19); breast implants only for women
  for (const [perfil, area] of [['ORTOPEDIA', 'ORTOPEDIA'], ['CARDIOLOGIA', 'CARDIOLOGIA'], ['CIRURGIA', 'CIRURGIA']] as const) {
    for (const sexo of ['M', 'F'] as Sexo[]) {
      const itens = MATERIAIS_SEMENTE.filter((m) => m.opme && m.area === area && (sexo === 'F' || !/mamaria/.test(fold(m.descricao)))).map((m) => m.codigo);
      for (const f of ['T', 'S', 'C']) push(`${perfil}|opme|${sexo}|${f}`, '19', itens);
    }
  }
  // diagnoses
  const todos = cidsDoTamanho(size);
  for (const [grupo, faixas] of Object.entries(CID_DO_PERFIL)) {
    for (const sexo of ['M', 'F'] as Sexo[]) {
      const codigos = todos.filter((c) => (!c.restricaoSexo || c.restricaoSexo === sexo) && faixas.some((f) => naFaixa(c.codigo.slice(0, 3), f))).map((c) => c.codigo);
      push(`CID|${grupo}|${sexo}`, 'CID', codigos.length ? codigos : todos.filter((c) => !c.restricaoSexo && c.codigo.startsWith('R')).map((c) => c.codigo));
    }
  }
  return out;
}

/** (profile, guide type) rows: the pool, the beneficiaries and the diagnoses of each combination a profile sends. */
export function perfisTipos(): { perfil: Perfil; tipo: Tipo; pool: PoolKind; segmento: Segmento; grupoCid: string | null }[] {
  return (Object.keys(TIPOS_DO_PERFIL) as Perfil[]).flatMap((perfil) =>
    TIPOS_DO_PERFIL[perfil].map((tipo) => ({ perfil, tipo, pool: tipoDoPool(perfil, tipo), segmento: segmentoDe(perfil), grupoCid: grupoCidDe(perfil, tipo) })),
  );
}

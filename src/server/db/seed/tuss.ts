import { sql } from 'drizzle-orm';
import { cid as defCid } from '../../../shared/resources/base';
import { procedimento as defProcedimento } from '../../../shared/resources/tabela';
import type { Db } from '../client';
import { readDados } from './csv';

/**
 * The reference tables of procedures (TUSS table 22) and diagnoses (CID-10), loaded from the CSV files in dados/
 * (see dados/README.md): every code with its real description. What the files do not carry is derived here by
 * documented rules — the procedure groups, a reference price per procedure and the procedures restricted to one
 * sex — so the same file always gives the same table.
 */

export type Capitulo = '1' | '2' | '3' | '4' | '5' | '8';

export interface GrupoProcedimento {
  /** Three digits, in the order of the group's first TUSS code. */
  codigo: string;
  descricao: string;
  grupoRol: string;
  capitulo: Capitulo;
}
export interface Procedimento {
  codigo: string;
  descricao: string;
  /** Index in `grupos`. */
  grupo: number;
  /** Reference price in centavos. */
  valor: number;
  sexo: 'A' | 'F' | 'M';
  /** In the ANS Rol (the correlation file gives the Rol's chapter, group and subgroup only to Rol procedures). */
  rol: boolean;
  /** The CSV's Rol group (upper case, as published), or '' outside the Rol. */
  grupoCsv: string;
}
export interface Cid {
  codigo: string;
  descricao: string;
  restricaoSexo: 'M' | 'F' | null;
  /** DATASUS CAUSAOBITO: 'N' marks a code not accepted as the underlying cause of death. */
  causaObito: boolean;
}

// ---- groups ----------------------------------------------------------------------------------------------------

/** The Rol chapters of the CSV and the TUSS chapter (first digit of the code) each stands for. */
const CAPITULO_ROL: Record<string, Capitulo> = {
  'PROCEDIMENTOS GERAIS': '1',
  'PROCEDIMENTOS CLÍNICOS AMBULATORIAIS E HOSPITALARES': '2',
  'PROCEDIMENTOS CIRÚRGICOS E INVASIVOS': '3',
  'PROCEDIMENTOS DIAGNÓSTICOS E TERAPÊUTICOS': '4',
};

/**
 * Groups of the codes outside the Rol whose prefix no Rol row shares (the rule below finds nothing for them):
 * prosthesis on implants and orthodontics, which the Rol does not cover.
 */
const GRUPOS_FORA_DO_ROL: [prefixo: string, grupo: string, subgrupo: string, capitulo: Capitulo][] = [
  ['855', 'ODONTOLOGIA', 'PRÓTESE SOBRE IMPLANTE', '8'],
  ['860', 'ODONTOLOGIA', 'ORTODONTIA', '8'],
];
/** Last resort by the code's first digit (TUSS 22 chapters, DOMAIN §2.1). */
const CAPITULO_POR_DIGITO: Record<string, [string, Capitulo]> = {
  '1': ['CONSULTAS E VISITAS', '1'],
  '2': ['PROCEDIMENTOS CLÍNICOS', '2'],
  '3': ['PROCEDIMENTOS CIRÚRGICOS E INVASIVOS', '3'],
  '4': ['PROCEDIMENTOS DIAGNÓSTICOS E TERAPÊUTICOS', '4'],
  '5': ['OUTRAS ÁREAS DA SAÚDE', '5'],
  '8': ['ODONTOLOGIA', '8'],
};

/** Acronyms kept in capitals when a Rol name is written in sentence case. */
const SIGLAS = /\b(ecg|te|batd|bbtd|rm|tc|us)\b/g;
const fraseDe = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim().toLocaleLowerCase('pt-BR').replace(SIGLAS, (x) => x.toUpperCase());
  return t.charAt(0).toLocaleUpperCase('pt-BR') + t.slice(1);
};
/** Subgroup names that say nothing alone: the group's name goes in front. */
const GENERICO = /^(PROCEDIMENTOS|DIVERSOS|OUTROS PROCEDIMENTOS)/;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

// ---- prices ----------------------------------------------------------------------------------------------------

/**
 * Reference price bands in reais by code prefix (the longest prefix wins): TUSS chapter, then the CBHPM group
 * (3 digits) or subgroup (5 digits) where one kind of procedure costs differently (a dialysis session is not a
 * cardiac surgery). Each code's price is a deterministic point of its band (hash of the code, geometric scale).
 */
export const FAIXAS_PRECO: readonly [prefixo: string, min: number, max: number][] = [
  // consultations, visits
  ['1', 90, 250], ['10102', 80, 180], ['10103', 150, 450], ['10104', 180, 650], ['10105', 300, 2500], ['10106', 100, 450],
  // clinical procedures (outpatient and hospital)
  ['2', 40, 600], ['20103', 35, 180], ['20104', 60, 900], ['202', 90, 1500],
  // surgery and invasive procedures, by system
  ['3', 400, 25000], ['301', 400, 3500], ['302', 800, 12000], ['303', 600, 7000], ['304', 800, 8000], ['305', 700, 6000], ['306', 1200, 12000],
  ['307', 900, 18000], ['30711', 150, 600], ['30712', 150, 600], ['308', 2000, 22000], ['309', 2500, 25000], ['30909', 350, 900],
  ['30913', 600, 3500], ['310', 1200, 18000], ['311', 1000, 15000], ['312', 800, 9000], ['313', 700, 9000], ['31309', 1400, 5500],
  ['314', 3000, 25000], ['315', 9000, 25000], ['316', 150, 1500],
  // diagnosis and therapy (SADT)
  ['4', 60, 1500], ['401', 30, 900], ['402', 250, 2200], ['403', 4, 80], ['40314', 150, 1200], ['404', 60, 1200], ['405', 300, 2500],
  ['406', 40, 650], ['407', 300, 2500], ['408', 60, 320], ['40813', 600, 2500], ['40814', 600, 2500], ['409', 90, 480], ['410', 300, 1300],
  ['41002', 600, 2500], ['411', 600, 2500], ['412', 150, 2500], ['41203', 250, 2500], ['41204', 80, 600], ['41205', 900, 2500],
  ['41206', 100, 900], ['413', 60, 700], ['414', 50, 600], ['415', 60, 700],
  // other health professions (physiotherapy, psychology, nutrition, speech therapy, nursing)
  ['5', 40, 250],
  // dentistry
  ['8', 40, 1200], ['81', 40, 200], ['82', 80, 900], ['83', 50, 300], ['84', 40, 150], ['851', 60, 400], ['852', 200, 1000], ['853', 80, 600],
  ['854', 250, 1200], ['855', 500, 1200], ['86', 150, 1200], ['87', 40, 300],
];

/** Minor surgical acts, by the description's first words. */
const PEQUENO_ATO = /^(biopsia|puncao|drenagem|tamponamento|curativo|retirada|sutura|cauterizacao|exerese de lesao|infiltracao|imobilizacao|reducao incruenta|troca de)/;

/** FNV-1a (32 bits) of a text: the deterministic "random" of the reference data. */
export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The price of a code, in centavos: its band's minimum times (max/min)^u, u from the code's hash (cheaper values
 * more frequent, as in real tables; a minor surgical act low in its band). Rounded as price tables are: to the centavo below R$ 100, to ten centavos
 * up to R$ 1.000, to whole reais above.
 */
export function precoDe(codigo: string, descricao = ''): number {
  let band: readonly [string, number, number] | undefined;
  for (const b of FAIXAS_PRECO) if (codigo.startsWith(b[0]) && (!band || b[0].length > band[0].length)) band = b;
  const [, min, max] = band ?? ['', 50, 500];
  // a minor act inside a surgical group (a biopsy, a puncture, a drainage…) sits at the bottom of the group's band
  const u = (fnv(codigo) / 0x1_0000_0000) * (codigo.startsWith('3') && PEQUENO_ATO.test(fold(descricao)) ? 0.3 : 1);
  const reais = min * (max / min) ** u;
  const centavos = reais * 100;
  if (reais < 100) return Math.round(centavos);
  if (reais < 1000) return Math.round(centavos / 10) * 10;
  return Math.round(reais) * 100;
}

// ---- sex -------------------------------------------------------------------------------------------------------

/**
 * Procedures only one sex undergoes, by words of the description (accents and case ignored): pregnancy, delivery,
 * uterus, ovaries, vagina, vulva… → F; prostate, testicles, scrotum, penis, vasectomy… → M. Mammography stays 'A'
 * (men have it too: gynecomastia, male breast cancer). A description naming organs of both sexes, or listing the
 * organ among alternatives ("tireóide ou escroto ou pênis"), stays 'A'; so do the exceptions below. Before the words,
 * the Rol group of a code (its own, or the one its prefix gives) of the female or male genital system decides.
 */
const FEMININO = new RegExp(
  '\\b(' +
    [
      'parto', 'partos', 'cesariana', 'histerectomia', 'histeroscopia', 'histerossalpingografia', 'histerossonografia', 'utero', 'uterin[ao]s?',
      'ovario', 'ovarios', 'ovarian[ao]', 'ooforectomia', 'ooforoplastia', 'anexectomia', 'salping\\w*', 'tubaria', 'tubas', 'vagina', 'vaginal',
      'vaginoscopia', 'vulva', 'vulvar', 'vulvectomia', 'colposcopia', 'colpo\\w*', 'cervico-vaginal', 'endometri\\w*', 'miomectomia', 'obstetric[ao]s?',
      'gestacao', 'gestacional', 'gravidez', 'gestante', 'fetal', 'feto', 'fetos', 'amnio\\w*', 'placenta\\w*', 'puerper\\w*', 'bartholin\\w*',
      'bartolin\\w*', 'clitoris', 'ovulacao', 'feminino', 'feminina', 'episiotomia', 'transvaginal', 'endovaginal', 'cerclagem', 'nucal',
      'histerossalpingo\\w*', 'ninfoplastia', 'perineoplastia',
    ].join('|') +
    ')\\b',
);
const MASCULINO = new RegExp(
  '\\b(' +
    [
      'prostat\\w*', 'vasectomia', 'orqui\\w*', 'testicul\\w*', 'escroto', 'escrotal', 'penis', 'penian[ao]', 'epididim\\w*', 'vesiculas seminais',
      'hidrocele', 'varicocele', 'postectomia', 'fimose', 'parafimose', 'cordao espermatico', 'cordoes espermaticos', 'esperm\\w*', 'deferent\\w*',
      'masculino', 'cavernosometria', 'cavernosografia', 'priapismo', 'circuncisao', 'balanopostite',
    ].join('|') +
    ')\\b',
);
/**
 * Words that look like one sex but are not here: the newborn attended at delivery, a cardiologist's assistance in
 * surgery or delivery, an eye graft of amniotic membrane, anal cerclage and colposcopy, fetal haemoglobin of adults,
 * skin thermometry listing body regions.
 */
const NAO_SEXO = /recem-nascido|assistencia cardiologica|membrana amniotica|cerclagem anal|colposcopia anal|hemoglob\w*\.? fetal|alfa-?feto|antiesperm|celulas fetais|termometria cutanea/;
/** The Rol groups of the genital systems decide before any word. */
const SEXO_DO_GRUPO: Record<string, 'F' | 'M'> = { 'SISTEMA GENITAL E REPRODUTOR FEMININO': 'F', 'SISTEMA GENITAL E REPRODUTOR MASCULINO': 'M' };

export function sexoDe(descricao: string): 'A' | 'F' | 'M' {
  // an organ listed among alternatives in parentheses ("tireóide ou escroto ou pênis") does not decide
  const d = fold(descricao).replace(/\([^()]*\bou\b[^()]*\)/g, ' ');
  if (NAO_SEXO.test(d)) return 'A';
  const f = FEMININO.test(d);
  const m = MASCULINO.test(d);
  return f === m ? 'A' : f ? 'F' : 'M';
}

// ---- loading -------------------------------------------------------------------------------------------------

/**
 * A description as the column holds it: whole when it fits (every CID-10 and all TUSS descriptions but one), else cut
 * with an ellipsis — TUSS 30703085, a 301-character note on neurovascular flaps, in a column of 300 (the longest text
 * the resource engine gives an indexed search column).
 */
export const cabe = (texto: string, max: number) => (texto.length <= max ? texto : `${texto.slice(0, max - 1).trimEnd()}…`);

let cache: { grupos: GrupoProcedimento[]; procedimentos: Procedimento[] } | undefined;

/** The TUSS table 22 of dados/ with groups, prices and sex restrictions derived by the rules above. */
export function tuss(): { grupos: GrupoProcedimento[]; procedimentos: Procedimento[] } {
  if (cache) return cache;
  const linhas = readDados('tuss-22-procedimentos.csv');
  type Chave = string;
  const chaveDe = (cap: string, g: string, s: string): Chave => `${cap}|${g}|${s}`;
  // the Rol hierarchy most frequent among the rows sharing a prefix (5, then 3 digits)
  const porPrefixo = new Map<string, Map<Chave, number>>();
  for (const l of linhas) {
    if (!l.subgrupo) continue;
    for (const n of [5, 3]) {
      const p = l.codigo.slice(0, n);
      const m = porPrefixo.get(p) ?? new Map<Chave, number>();
      m.set(chaveDe(l.capitulo, l.grupo, l.subgrupo), (m.get(chaveDe(l.capitulo, l.grupo, l.subgrupo)) ?? 0) + 1);
      porPrefixo.set(p, m);
    }
  }
  const maisFrequente = (m: Map<Chave, number>) => [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const chaveDaLinha = (l: Record<string, string>): Chave => {
    if (l.subgrupo) return chaveDe(l.capitulo, l.grupo, l.subgrupo);
    for (const n of [5, 3]) {
      const m = porPrefixo.get(l.codigo.slice(0, n));
      if (m) return maisFrequente(m);
    }
    const fora = GRUPOS_FORA_DO_ROL.find(([p]) => l.codigo.startsWith(p));
    if (fora) return chaveDe(`#${fora[3]}`, fora[1], fora[2]);
    const [nome, cap] = CAPITULO_POR_DIGITO[l.codigo[0]] ?? CAPITULO_POR_DIGITO['4'];
    return chaveDe(`#${cap}`, nome, nome);
  };
  const chaves = linhas.map(chaveDaLinha);
  // groups numbered in the order of their first code
  const ordem: Chave[] = [];
  linhas
    .map((l, i) => [l.codigo, chaves[i]] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .forEach(([, k]) => ordem.includes(k) || ordem.push(k));
  const subgrupoEmGrupos = new Map<string, Set<string>>();
  for (const k of ordem) {
    const [, g, s] = k.split('|');
    subgrupoEmGrupos.set(s, (subgrupoEmGrupos.get(s) ?? new Set()).add(g));
  }
  const grupos: GrupoProcedimento[] = ordem.map((k, i) => {
    const [cap, g, s] = k.split('|');
    const ambiguo = GENERICO.test(s) || (subgrupoEmGrupos.get(s)?.size ?? 0) > 1;
    return {
      codigo: String(i + 1).padStart(3, '0'),
      descricao: ambiguo && g !== s ? `${fraseDe(g)} – ${fraseDe(s).toLocaleLowerCase('pt-BR').replace(SIGLAS, (x) => x.toUpperCase())}` : fraseDe(s),
      grupoRol: fraseDe(g),
      capitulo: cap.startsWith('#') ? (cap.slice(1) as Capitulo) : CAPITULO_ROL[cap],
    };
  });
  const indice = new Map(ordem.map((k, i) => [k, i]));
  const procedimentos = linhas.map(
    (l, i): Procedimento => ({
      codigo: l.codigo,
      descricao: cabe(l.descricao, (defProcedimento.fields.descricao as { max: number }).max),
      grupo: indice.get(chaves[i])!,
      valor: precoDe(l.codigo, l.descricao),
      sexo: SEXO_DO_GRUPO[chaves[i].split('|')[1]] ?? sexoDe(l.descricao),
      rol: !!l.subgrupo,
      grupoCsv: l.grupo,
    }),
  );
  cache = { grupos, procedimentos };
  return cache;
}

/** The CID-10 subcategories of dados/. */
export function cids(): Cid[] {
  return readDados('cid10-subcategorias.csv').map((l) => ({
    codigo: l.codigo,
    descricao: cabe(l.descricao, (defCid.fields.descricao as { max: number }).max),
    restricaoSexo: l.restricao_sexo === 'M' || l.restricao_sexo === 'F' ? l.restricao_sexo : null,
    causaObito: l.causa_obito !== 'N',
  }));
}

/**
 * The CID-10 rows a seed size loads: all of them in demo and bench; in test size (an in-memory database per API
 * test file) one per category — its last subcategory (mostly '.9, não especificada': J069, C509, K359) or the
 * category itself when it has none (I10, C61) — about a sixth of the rows, every chapter and sex restriction kept.
 */
export function cidsDoTamanho(size: 'test' | 'demo' | 'bench'): Cid[] {
  const todos = cids();
  if (size !== 'test') return todos;
  const ultimo = new Map<string, Cid>();
  for (const c of todos) ultimo.set(c.codigo.slice(0, 3), c);
  return [...ultimo.values()];
}

/** Start of the Rol 2021 (RN ANS 465/2021) the correlation file describes. */
export const VIGENCIA_ROL = '2021-04-01';

/**
 * Loads groups, procedures and CID-10 (cidsDoTamanho) into their empty tables: one INSERT … SELECT over a JSON array
 * per table (jsonb_to_recordset), no row-by-row round trips. Answers the ids by code for the entries that reference them.
 */
export async function seedTussCid(db: Db, size: 'test' | 'demo' | 'bench'): Promise<{ grupos: Map<string, number>; procedimentos: Map<string, number>; cids: Map<string, number> }> {
  const { grupos, procedimentos } = tuss();
  const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[];
  const gIds = rowsOf<{ id: number; codigo: string }>(
    await db.execute(sql`insert into grupos_procedimentos (codigo, descricao, grupo_rol, capitulo, ativo)
      select codigo, descricao, grupo_rol, capitulo, true from jsonb_to_recordset(${JSON.stringify(grupos.map((g) => ({ codigo: g.codigo, descricao: g.descricao, grupo_rol: g.grupoRol, capitulo: g.capitulo })))}::jsonb)
        as x(codigo text, descricao text, grupo_rol text, capitulo text)
      order by codigo returning id, codigo`),
  );
  const grupoId = new Map(gIds.map((r) => [r.codigo, Number(r.id)]));
  const pIds = rowsOf<{ id: number; codigo: string }>(
    await db.execute(sql`insert into procedimentos (codigo, descricao, grupo, valor, sexo, rol, inicio_vigencia, ativo)
      select codigo, descricao, grupo, valor, sexo, rol, ${VIGENCIA_ROL}::date, true from jsonb_to_recordset(${JSON.stringify(
        procedimentos.map((p) => ({ codigo: p.codigo, descricao: p.descricao, grupo: grupoId.get(grupos[p.grupo].codigo), valor: p.valor, sexo: p.sexo, rol: p.rol })),
      )}::jsonb) as x(codigo text, descricao text, grupo int, valor bigint, sexo text, rol boolean)
      order by codigo returning id, codigo`),
  );
  const cIds = rowsOf<{ id: number; codigo: string }>(
    await db.execute(sql`insert into cids (codigo, descricao, restricao_sexo, causa_obito, ativo)
      select codigo, descricao, restricao_sexo, causa_obito, true from jsonb_to_recordset(${JSON.stringify(
        cidsDoTamanho(size).map((c) => ({ codigo: c.codigo, descricao: c.descricao, restricao_sexo: c.restricaoSexo, causa_obito: c.causaObito })),
      )}::jsonb) as x(codigo text, descricao text, restricao_sexo text, causa_obito boolean)
      order by codigo returning id, codigo`),
  );
  return {
    grupos: grupoId,
    procedimentos: new Map(pIds.map((r) => [r.codigo, Number(r.id)])),
    cids: new Map(cIds.map((r) => [r.codigo, Number(r.id)])),
  };
}

import { fakerPT_BR } from '@faker-js/faker';

/**
 * SQL building blocks of the people seed: deterministic pseudo-random numbers and the check digits of CPF, CNPJ,
 * PIS and CNS as plain SQL expressions over a column (no functions, no round trips: the database computes
 * 200,000 rows in one INSERT … SELECT). The rules are DOMAIN §4's; tests check the output with @brazilian-utils.
 */

const P = 2147483647; // 2^31 − 1

// Multipliers and offsets per salt, fixed (a Lehmer sequence): h(i, s) = (i·A[s] + B[s]) mod P, a different
// full-period map per salt, so the attributes of one row (sex, name, city…) do not move together.
const SALTS = 80;
const lehmer = (seed: number, n: number) => {
  const out: number[] = [];
  let x = seed;
  for (let k = 0; k < n; k++) out.push((x = Number((BigInt(x) * 48271n) % BigInt(P))));
  return out;
};
const A = lehmer(20_260_401, SALTS).map((x) => x | 1);
const B = lehmer(777_777, SALTS);

/** A deterministic pseudo-random integer in [0, P) for row number `i` (an SQL expression) and salt `s`. */
export const h = (i: string, s: number) => {
  if (s >= SALTS) throw new Error(`sal ${s} fora da faixa`);
  return `((((${i})::bigint % ${P}) * ${A[s]} + ${B[s]}) % ${P})`;
};
/** h(i, s) mod n. */
export const pick = (i: string, s: number, n: number) => `(${h(i, s)} % ${n})`;

/** One element of a constant list, chosen by h(i, s). */
export function choose(list: readonly string[], i: string, s: number): string {
  return `(${arr(list)})[1 + ${pick(i, s, list.length)}]`;
}
export const arr = (list: readonly (string | number)[]) => `array[${list.map((v) => (typeof v === 'number' ? String(v) : lit(v))).join(',')}]`;
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Digit k (0 = leftmost) of an n-digit number in column `c`. */
const dig = (c: string, k: number, n: number) => `((${c} / ${10n ** BigInt(n - 1 - k)}) % 10)`;
const sum = (c: string, weights: number[]) => weights.map((w, k) => `${dig(c, k, weights.length)} * ${w}`).join(' + ');

/** CPF (11 digits) from a 9-digit base in column `b`: DV1, DV2 by mod 11 with weights 10..2 and 11..2. */
export function cpfExpr(b: string): string {
  const dv1 = `(((${sum(b, [10, 9, 8, 7, 6, 5, 4, 3, 2])}) * 10 % 11) % 10)`;
  const dv2 = `(((${sum(b, [11, 10, 9, 8, 7, 6, 5, 4, 3])} + ${dv1} * 2) * 10 % 11) % 10)`;
  return `(lpad(${b}::text, 9, '0') || ${dv1}::text || ${dv2}::text)`;
}

/** CNPJ (14 digits) from a 12-digit base (root + branch) in column `b`. */
export function cnpjExpr(b: string): string {
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3];
  const dv = (s: string) => `(case when (${s}) % 11 < 2 then 0 else 11 - (${s}) % 11 end)`;
  const dv1 = dv(sum(b, w1));
  const dv2 = dv(`${sum(b, w2)} + ${dv1} * 2`);
  return `(lpad(${b}::text, 12, '0') || ${dv1}::text || ${dv2}::text)`;
}

/** PIS/PASEP (11 digits) from a 10-digit base: weights 3,2,9..2; 11 − (Σ mod 11), 10 and 11 → 0. */
export function pisExpr(b: string): string {
  const r = `(11 - (${sum(b, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}) % 11)`;
  return `(lpad(${b}::text, 10, '0') || (case when ${r} >= 10 then 0 else ${r} end)::text)`;
}

/**
 * Definitive CNS (15 digits) from an 11-digit base starting with 1 or 2: s = Σ d·(15−i); dv = 11 − s mod 11
 * (11 → 0); when dv is 10, s += 2 and the suffix is 001, else 000 (DOMAIN §4).
 */
export function cnsExpr(b: string): string {
  const s = sum(b, [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  const dv = `(11 - (${s}) % 11)`;
  return `(${b}::text || case when ${dv} = 10 then '001' || ((11 - (${s} + 2) % 11) % 11)::text when ${dv} = 11 then '0000' else '000' || ${dv}::text end)`;
}

/** Folds accents and case, for e-mail addresses built from names. */
export const foldExpr = (e: string) => `lower(translate(${e}, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn'))`;

// ---- lists ---------------------------------------------------------------------------------------------------------

const defs = fakerPT_BR.rawDefinitions.person!.first_name as { female: string[]; male: string[] };
export const NOMES_FEMININOS: readonly string[] = [...new Set(defs.female)];
export const NOMES_MASCULINOS: readonly string[] = [...new Set(defs.male)];
/** Common Brazilian surnames (IBGE's most frequent and faker pt_BR's list). */
export const SOBRENOMES: readonly string[] = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho',
  'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado',
  'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Monteiro', 'Moura',
  'Campos', 'Batista', 'Rezende', 'Barros', 'Braga', 'Franco', 'Macedo', 'Melo', 'Moraes', 'Nogueira', 'Reis', 'Saraiva', 'Xavier', 'Castro',
  'Pires', 'Fonseca', 'Guimarães', 'Miranda', 'Tavares', 'Assis', 'Brandão', 'Coelho', 'Duarte', 'Figueiredo', 'Leite', 'Medeiros', 'Queiroz',
  'Sampaio', 'Siqueira', 'Vasconcelos', 'Azevedo', 'Bezerra', 'Cunha', 'Farias', 'Garcia', 'Henriques', 'Jesus', 'Lacerda', 'Magalhães',
];
export const LOGRADOUROS: readonly string[] = [
  'Rua da Bahia', 'Avenida Afonso Pena', 'Rua dos Guajajaras', 'Avenida Amazonas', 'Rua Espírito Santo', 'Avenida do Contorno', 'Rua Goiás',
  'Rua Tupis', 'Avenida Brasil', 'Rua Sergipe', 'Rua Pernambuco', 'Avenida Getúlio Vargas', 'Rua Paraíba', 'Rua Alagoas', 'Avenida Cristóvão Colombo',
  'Rua Padre Eustáquio', 'Avenida Raja Gabaglia', 'Rua Rio de Janeiro', 'Rua São Paulo', 'Avenida Olegário Maciel', 'Rua Curitiba', 'Rua Tiradentes',
  'Rua Sete de Setembro', 'Rua Quinze de Novembro', 'Avenida Presidente Vargas', 'Rua Dom Pedro II', 'Rua Marechal Deodoro', 'Rua Santos Dumont',
  'Avenida JK', 'Rua das Flores', 'Rua das Acácias', 'Rua dos Ipês', 'Rua Bela Vista', 'Avenida Santa Rita', 'Rua Boa Esperança', 'Rua XV de Agosto',
  'Rua Barão do Rio Branco', 'Avenida Nossa Senhora de Fátima', 'Rua Coronel Pedro Jorge', 'Rua Professor Morais',
];
export const BAIRROS: readonly string[] = [
  'Centro', 'Savassi', 'Funcionários', 'Lourdes', 'Santo Agostinho', 'Barro Preto', 'Floresta', 'Santa Efigênia', 'Serra', 'Sion', 'Buritis',
  'Pampulha', 'Santa Tereza', 'Padre Eustáquio', 'Prado', 'Gutierrez', 'Cidade Nova', 'Castelo', 'Venda Nova', 'Barreiro', 'Jardim América',
  'Vila Nova', 'São Cristóvão', 'Santa Mônica', 'Boa Vista', 'Eldorado', 'Industrial', 'Jardim Botânico', 'Bela Vista', 'Planalto',
];
export const EMAILS: readonly string[] = ['gmail.com', 'hotmail.com', 'yahoo.com.br', 'outlook.com', 'uol.com.br', 'bol.com.br', 'terra.com.br'];
export const MOTIVOS_SUSPENSAO: readonly string[] = ['Inadimplência superior a 60 dias', 'Suspensão a pedido do titular', 'Pendência documental', 'Afastamento sem remuneração'];
/** Kinds of company by the specialty (CBO) it is registered with: a dentist's is a dental clinic, a pathologist's a lab. */
const ODONTO = ['Clínica Odontológica', 'Centro Odontológico', 'Odontoclínica'];
export const PJ_TIPOS_DO_CBO: Record<string, readonly string[]> = {
  '225125': ['Clínica', 'Centro Médico', 'Policlínica', 'Hospital'],
  '225124': ['Clínica Pediátrica', 'Hospital Infantil', 'Centro Pediátrico'],
  '225250': ['Clínica da Mulher', 'Maternidade', 'Hospital e Maternidade'],
  '225120': ['Clínica do Coração', 'Instituto do Coração', 'Clínica de Cardiologia'],
  '225270': ['Clínica Ortopédica', 'Instituto de Ortopedia', 'Hospital Ortopédico'],
  '225151': ['Clínica de Dor', 'Clínica de Anestesiologia'],
  '225320': ['Centro de Diagnóstico por Imagem', 'Clínica de Radiologia', 'Centro de Imagem'],
  '225133': ['Clínica Psiquiátrica', 'Instituto de Saúde Mental'],
  '225121': ['Instituto de Oncologia', 'Centro de Oncologia', 'Clínica de Oncologia'],
  '225330': ['Centro de Radioterapia', 'Instituto de Radioterapia'],
  '225225': ['Hospital', 'Hospital Geral', 'Hospital-Dia'],
  '225335': ['Laboratório', 'Laboratório de Análises Clínicas'],
  '223208': ODONTO,
  '223212': ['Clínica de Endodontia', ...ODONTO],
  '223240': ['Clínica de Ortodontia', ...ODONTO],
  '223248': ['Clínica de Periodontia', ...ODONTO],
  '223505': ['Home Care', 'Centro de Enfermagem'],
  '223605': ['Clínica de Fisioterapia', 'Centro de Reabilitação'],
  '223710': ['Clínica de Nutrição'],
  '223810': ['Clínica de Fonoaudiologia'],
  '251510': ['Clínica de Psicologia', 'Centro de Psicologia'],
};
/**
 * Neutral names (no specialty, no real institution) after the kind: 'Clínica Ortopédica São Lucas'. None starts with
 * 'Santa': the demo provider, Clínica Santa Luzia, is the one a search for 'clínica santa' finds.
 */
export const PJ_NOMES: readonly string[] = [
  'São Lucas', 'Vila Rica', 'Vida', 'Bom Pastor', 'Aliança', 'São José', 'Renascer', 'Nova Esperança', 'Nossa Senhora das Graças', 'Boa Saúde',
  'Vale Verde', 'Bem-Estar', 'Harmonia', 'São Francisco', 'Dom Bosco', 'Esperança', 'Horizonte', 'Montes Claros', 'Alvorada', 'Pioneira', 'Cristo Rei',
  'Belvedere', 'Santo Antônio', 'Integrada', 'São Rafael', 'São Geraldo', 'Primavera', 'Serra Azul', 'São Bento', 'Ipê',
];
export const FORNECEDOR_TIPOS: readonly string[] = [
  'Distribuidora de Medicamentos', 'Comércio de Materiais Hospitalares', 'Serviços de Limpeza', 'Tecnologia em Saúde', 'Gráfica e Editora',
  'Equipamentos Médicos', 'Transportes e Logística', 'Consultoria Atuarial', 'Órteses e Próteses', 'Alimentação Coletiva',
];
/** Area code per UF (the capital's). */
export const DDD: Record<string, number> = {
  AC: 68, AL: 82, AP: 96, AM: 92, BA: 71, CE: 85, DF: 61, ES: 27, GO: 62, MA: 98, MT: 65, MS: 67, MG: 31, PA: 91, PB: 83, PR: 41, PE: 81, PI: 86,
  RJ: 21, RN: 84, RS: 51, RO: 69, RR: 95, SC: 48, SP: 11, SE: 79, TO: 63,
};
/** First CEP of each UF's range (Correios) and the range's size, in thousands of 5-digit prefixes. */
export const CEP_FAIXAS: Record<string, [number, number]> = {
  SP: [1000, 18999], RJ: [20000, 8999], ES: [29000, 999], MG: [30000, 9999], BA: [40000, 8999], SE: [49000, 999], PE: [50000, 6999], AL: [57000, 999],
  PB: [58000, 999], RN: [59000, 999], CE: [60000, 3999], PI: [64000, 999], MA: [65000, 999], PA: [66000, 2899], AP: [68900, 99], AM: [69000, 299],
  RR: [69300, 99], AC: [69900, 99], DF: [70000, 2799], GO: [72800, 3999], TO: [77000, 999], MT: [78000, 899], RO: [78900, 99], MS: [79000, 999],
  PR: [80000, 7999], SC: [88000, 1999], RS: [90000, 9999],
};

import { toIsoDate } from '../dates';
import { z } from 'zod';
import { formatMoney, parseMoney, type Centavos } from '../money';
import type { Tipo } from './index';

/**
 * The TISS clinical data of the guides and attachments that carry it (DOMAIN §1.4, tissGuiasV4_01_00.xsd):
 * the internação request's dadosInternacao, and the anexos clínicos of quimioterapia (ctm_anexoSolicitacaoQuimio),
 * radioterapia (ctm_anexoSolicitacaoRadio), situação inicial odontológica (cto_anexoSituacaoInicial) and OPME
 * (ctm_anexoSolicitacaoOPME). Written once as field definitions: the zod schema (the server's and the form's
 * validation, pt-BR messages), the provider's form and the auditor's read-only view all come from them.
 * The CID and the clinical indication stay on the guide itself (its `cid` and `indicacaoClinica`).
 */

export type Opcoes = readonly (readonly [string, string])[];

interface Base {
  key: string;
  /** Shown beside the field. */
  label: string;
  /** With its article, for the messages ("Informe o peso"). */
  nome: string;
  /** Required unless false. */
  obrigatorio?: boolean;
  /** Short help under the field. */
  ajuda?: string;
}
export type Campo =
  | (Base & { tipo: 'numero'; min: number; max: number; inteiro?: boolean; unidade?: string; passo?: number })
  /** Money (shared/money.ts): typed as reais ('1.234,56'), kept as integer centavos; min and max in centavos. */
  | (Base & { tipo: 'dinheiro'; min: Centavos; max: Centavos })
  | (Base & { tipo: 'opcao'; opcoes: Opcoes })
  | (Base & { tipo: 'texto'; max: number; linhas?: number })
  | (Base & { tipo: 'data' })
  | (Base & { tipo: 'sim-nao' })
  | (Base & { tipo: 'lista'; campos: readonly Campo[]; min: number; max: number; item: string });

// ---- TISS domains (tissSimpleTypesV4_01_00.xsd) -----------------------------------------------------------------

export const TIPO_INTERNACAO: Opcoes = [['1', 'Clínica'], ['2', 'Cirúrgica'], ['3', 'Obstétrica'], ['4', 'Pediátrica'], ['5', 'Psiquiátrica']];
export const REGIME_INTERNACAO: Opcoes = [['1', 'Hospitalar'], ['2', 'Hospital-dia'], ['3', 'Domiciliar']];
export const ESTADIAMENTO: Opcoes = [['0', '0'], ['1', 'I'], ['2', 'II'], ['3', 'III'], ['4', 'IV'], ['5', 'Não se aplica']];
export const FINALIDADE: Opcoes = [['1', 'Curativa'], ['2', 'Neoadjuvante'], ['3', 'Adjuvante'], ['4', 'Paliativa'], ['5', 'Controle']];
export const ECOG: Opcoes = [
  ['0', '0 – Assintomático'],
  ['1', '1 – Sintomático, ambulatorial'],
  ['2', '2 – Acamado menos de 50% do dia'],
  ['3', '3 – Acamado mais de 50% do dia'],
  ['4', '4 – Acamado o tempo todo'],
];
export const TIPO_QUIMIOTERAPIA: Opcoes = [['1', '1ª linha'], ['2', '2ª linha'], ['3', '3ª linha'], ['4', 'Outras linhas']];
export const OPCAO_FABRICANTE: Opcoes = [['1', '1ª opção'], ['2', '2ª opção'], ['3', '3ª opção']];
export const SITUACAO_DENTE: Opcoes = [['H', 'Hígido'], ['C', 'Cariado'], ['R', 'Restaurado'], ['E', 'Extração indicada'], ['A', 'Ausente']];

/** FDI teeth (dm_dente): permanent 11–18 … 41–48, deciduous 51–55 … 81–85. */
const DENTE = /^(?:[1-4][1-8]|[5-8][1-5])$/;

// ---- the fields of each type --------------------------------------------------------------------------------------

const INTERNACAO: readonly Campo[] = [
  { key: 'tipoInternacao', label: 'Tipo de internação', nome: 'o tipo de internação', tipo: 'opcao', opcoes: TIPO_INTERNACAO },
  { key: 'regimeInternacao', label: 'Regime de internação', nome: 'o regime de internação', tipo: 'opcao', opcoes: REGIME_INTERNACAO },
  { key: 'diariasSolicitadas', label: 'Diárias solicitadas', nome: 'a quantidade de diárias solicitadas', tipo: 'numero', min: 1, max: 365, inteiro: true },
  { key: 'dataSugerida', label: 'Data sugerida para a internação', nome: 'a data sugerida para a internação', tipo: 'data', obrigatorio: false },
  { key: 'previsaoOpme', label: 'Previsão de uso de OPME', nome: 'a previsão de uso de OPME', tipo: 'sim-nao' },
  { key: 'previsaoQuimio', label: 'Previsão de uso de quimioterápico', nome: 'a previsão de uso de quimioterápico', tipo: 'sim-nao' },
];

const ONCO: readonly Campo[] = [
  { key: 'dataDiagnostico', label: 'Data do diagnóstico', nome: 'a data do diagnóstico', tipo: 'data', obrigatorio: false },
  { key: 'estadiamento', label: 'Estadiamento', nome: 'o estadiamento', tipo: 'opcao', opcoes: ESTADIAMENTO },
  { key: 'finalidade', label: 'Finalidade do tratamento', nome: 'a finalidade do tratamento', tipo: 'opcao', opcoes: FINALIDADE },
  { key: 'ecog', label: 'ECOG', nome: 'o ECOG', tipo: 'opcao', opcoes: ECOG },
];

const QUIMIO: readonly Campo[] = [
  { key: 'peso', label: 'Peso (kg)', nome: 'o peso', tipo: 'numero', min: 1, max: 400, unidade: 'kg', passo: 0.1 },
  { key: 'altura', label: 'Altura (cm)', nome: 'a altura', tipo: 'numero', min: 20, max: 250, inteiro: true, unidade: 'cm' },
  {
    key: 'superficieCorporal',
    label: 'Superfície corporal (m²)',
    nome: 'a superfície corporal',
    tipo: 'numero',
    min: 0.1,
    max: 5,
    unidade: 'm²',
    passo: 0.01,
    obrigatorio: false,
    ajuda: 'Calculada do peso e da altura (Mosteller) quando não informada.',
  },
  ...ONCO,
  { key: 'tipoQuimioterapia', label: 'Tipo de quimioterapia', nome: 'o tipo de quimioterapia', tipo: 'opcao', opcoes: TIPO_QUIMIOTERAPIA },
  { key: 'planoTerapeutico', label: 'Plano terapêutico', nome: 'o plano terapêutico', tipo: 'texto', max: 1000, linhas: 3 },
  { key: 'numeroCiclos', label: 'Número de ciclos', nome: 'o número de ciclos', tipo: 'numero', min: 1, max: 99, inteiro: true },
  { key: 'cicloAtual', label: 'Ciclo atual', nome: 'o ciclo atual', tipo: 'numero', min: 1, max: 99, inteiro: true },
  { key: 'intervaloCiclos', label: 'Intervalo entre ciclos (dias)', nome: 'o intervalo entre ciclos', tipo: 'numero', min: 1, max: 365, inteiro: true, unidade: 'dias' },
];

const RADIO: readonly Campo[] = [
  { key: 'diagnosticoImagem', label: 'Diagnóstico por imagem', nome: 'o diagnóstico por imagem', tipo: 'texto', max: 1000, linhas: 2 },
  ...ONCO,
  { key: 'numeroCampos', label: 'Número de campos', nome: 'o número de campos', tipo: 'numero', min: 1, max: 99, inteiro: true },
  { key: 'dosePorDia', label: 'Dose por dia (Gy)', nome: 'a dose por dia', tipo: 'numero', min: 0.1, max: 50, unidade: 'Gy', passo: 0.1 },
  { key: 'doseTotal', label: 'Dose total (Gy)', nome: 'a dose total', tipo: 'numero', min: 0.1, max: 200, unidade: 'Gy', passo: 0.1 },
  { key: 'numeroDias', label: 'Número de dias', nome: 'o número de dias', tipo: 'numero', min: 1, max: 365, inteiro: true },
  { key: 'dataPrevistaInicio', label: 'Data prevista de início', nome: 'a data prevista de início', tipo: 'data' },
];

const ODONTO: readonly Campo[] = [
  {
    key: 'dentes',
    label: 'Situação clínica por dente',
    nome: 'a situação de ao menos um dente',
    tipo: 'lista',
    item: 'dente',
    min: 1,
    max: 52,
    campos: [
      { key: 'dente', label: 'Dente (FDI)', nome: 'o dente (FDI)', tipo: 'texto', max: 2 },
      { key: 'situacao', label: 'Situação', nome: 'a situação do dente', tipo: 'opcao', opcoes: SITUACAO_DENTE },
    ],
  },
  { key: 'doencaPeriodontal', label: 'Sinais de doença periodontal', nome: 'os sinais de doença periodontal', tipo: 'sim-nao' },
  { key: 'alteracaoTecidoMole', label: 'Alteração de tecidos moles', nome: 'a alteração de tecidos moles', tipo: 'sim-nao' },
  { key: 'observacao', label: 'Observação', nome: 'a observação', tipo: 'texto', max: 500, obrigatorio: false, linhas: 2 },
];

const OPME: readonly Campo[] = [
  { key: 'justificativaTecnica', label: 'Justificativa técnica', nome: 'a justificativa técnica', tipo: 'texto', max: 1000, linhas: 3 },
  { key: 'especificacaoMaterial', label: 'Especificação do material', nome: 'a especificação do material', tipo: 'texto', max: 500, obrigatorio: false, linhas: 2 },
  {
    key: 'materiais',
    label: 'OPME solicitadas',
    nome: 'ao menos uma OPME',
    tipo: 'lista',
    item: 'OPME',
    min: 1,
    max: 30,
    campos: [
      { key: 'codigo', label: 'Código (TUSS 19)', nome: 'o código da OPME', tipo: 'texto', max: 10 },
      { key: 'descricao', label: 'Descrição', nome: 'a descrição da OPME', tipo: 'texto', max: 150 },
      { key: 'opcaoFabricante', label: 'Opção', nome: 'a opção do fabricante', tipo: 'opcao', opcoes: OPCAO_FABRICANTE },
      { key: 'fabricante', label: 'Fabricante', nome: 'o fabricante', tipo: 'texto', max: 100 },
      { key: 'registroAnvisa', label: 'Registro ANVISA', nome: 'o registro ANVISA', tipo: 'texto', max: 15 },
      { key: 'quantidade', label: 'Quantidade', nome: 'a quantidade', tipo: 'numero', min: 1, max: 999, inteiro: true },
      { key: 'valor', label: 'Valor unitário (R$)', nome: 'o valor unitário', tipo: 'dinheiro', min: 1, max: 999_999_999 },
    ],
  },
];

/** The guide types that carry clinical data, with their section title and fields. */
export const CLINICOS: Partial<Record<Tipo, { titulo: string; campos: readonly Campo[] }>> = {
  INTERNACAO: { titulo: 'Dados da internação', campos: INTERNACAO },
  ANEXO_QUIMIO: { titulo: 'Anexo de quimioterapia', campos: QUIMIO },
  ANEXO_RADIO: { titulo: 'Anexo de radioterapia', campos: RADIO },
  ANEXO_ODONTO: { titulo: 'Situação inicial odontológica', campos: ODONTO },
  ANEXO_OPME: { titulo: 'Anexo de OPME', campos: OPME },
};
export const temClinicos = (t: Tipo) => CLINICOS[t] != null;

// ---- the schema built from the fields ----------------------------------------------------------------------------

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const br = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
/** An empty input ('' or null) is a missing value. */
const vazio = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

function schemaDoCampo(c: Campo): z.ZodType {
  const falta = `Informe ${c.nome}.`;
  let s: z.ZodType;
  switch (c.tipo) {
    case 'numero': {
      let n = z.number({ error: (i) => (i.input === undefined ? falta : `${cap(c.nome)}: número inválido.`) });
      if (c.inteiro) n = n.int(`${cap(c.nome)}: use um número inteiro.`);
      n = n.min(c.min, `${cap(c.nome)}: no mínimo ${br(c.min)}${c.unidade ? ` ${c.unidade}` : ''}.`).max(c.max, `${cap(c.nome)}: no máximo ${br(c.max)}${c.unidade ? ` ${c.unidade}` : ''}.`);
      s = z.preprocess((v) => {
        const x = vazio(v);
        if (typeof x !== 'string') return x;
        const num = Number(x.trim().replace(/\./g, x.includes(',') ? '' : '.').replace(',', '.'));
        return Number.isNaN(num) ? x : num;
      }, n);
      break;
    }
    case 'dinheiro': {
      const n = z
        .number({ error: (i) => (i.input === undefined ? falta : `${cap(c.nome)}: valor inválido (use 1.234,56).`) })
        .int(`${cap(c.nome)}: valor inválido (use 1.234,56).`)
        .min(c.min, `${cap(c.nome)}: no mínimo ${formatMoney(c.min)}.`)
        .max(c.max, `${cap(c.nome)}: no máximo ${formatMoney(c.max)}.`);
      // typed text is reais; a number is already centavos (the form sends what it validated)
      s = z.preprocess((v) => {
        const x = vazio(v);
        return typeof x === 'string' ? (parseMoney(x) ?? x) : x;
      }, n);
      break;
    }
    case 'opcao': {
      const valores = c.opcoes.map(([k]) => k) as [string, ...string[]];
      s = z.preprocess((v) => (typeof vazio(v) === 'number' ? String(v) : vazio(v)), z.enum(valores, { error: (i) => (i.input === undefined ? falta : `${cap(c.nome)}: opção inválida.`) }));
      break;
    }
    case 'texto': {
      let t = z.string({ error: falta }).trim().min(1, falta).max(c.max, `${cap(c.nome)}: no máximo ${c.max} caracteres.`);
      if (c.key === 'dente') t = t.regex(DENTE, 'Dente inválido (use o código FDI, ex.: 16).');
      if (c.key === 'codigo') t = t.regex(/^\d{1,10}$/, 'Código da OPME inválido (até 10 dígitos).');
      if (c.key === 'registroAnvisa') t = t.regex(/^\d{11,13}$/, 'Registro ANVISA inválido (11 a 13 dígitos).');
      s = z.preprocess(vazio, t);
      break;
    }
    case 'data':
      s = z.preprocess(
        vazio,
        z
          .string({ error: falta })
          .transform((v, ctx) => {
            const iso = toIsoDate(v);
            if (!iso) ctx.addIssue({ code: 'custom', message: `${cap(c.nome)}: data inválida (use DD/MM/AAAA).` });
            return iso ?? v;
          }),
      );
      break;
    case 'sim-nao':
      s = z.preprocess((v) => (v === 'S' || v === 'true' ? true : v === 'N' || v === 'false' || vazio(v) === undefined ? false : v), z.boolean({ error: `${cap(c.nome)}: use sim ou não.` }));
      break;
    case 'lista':
      s = z
        .array(z.object(Object.fromEntries(c.campos.map((f) => [f.key, schemaDoCampo(f)]))), { error: falta })
        .min(c.min, `Informe ${c.nome}.`)
        .max(c.max, `No máximo ${c.max} itens (${c.item}).`);
      break;
  }
  return c.obrigatorio === false ? z.preprocess(vazio, s.optional()) : s;
}

const objeto = (campos: readonly Campo[]) => z.object(Object.fromEntries(campos.map((c) => [c.key, schemaDoCampo(c)])));

/** Mosteller: √(peso × altura / 3600), in m², two decimals. */
export const superficieCorporal = (pesoKg: number, alturaCm: number) => Math.round(Math.sqrt((pesoKg * alturaCm) / 3600) * 100) / 100;

/** Each type's schema: the fields' rules plus the rules between fields. */
export const CLINICOS_SCHEMAS = {
  INTERNACAO: objeto(INTERNACAO),
  ANEXO_QUIMIO: objeto(QUIMIO)
    .superRefine((v, ctx) => {
      const d = v as { cicloAtual?: number; numeroCiclos?: number };
      if (d.cicloAtual != null && d.numeroCiclos != null && d.cicloAtual > d.numeroCiclos)
        ctx.addIssue({ code: 'custom', path: ['cicloAtual'], message: 'O ciclo atual não pode passar do número de ciclos.' });
    })
    .transform((v) => {
      const d = v as { peso: number; altura: number; superficieCorporal?: number };
      return { ...v, superficieCorporal: d.superficieCorporal ?? superficieCorporal(d.peso, d.altura) };
    }),
  ANEXO_RADIO: objeto(RADIO).superRefine((v, ctx) => {
    const d = v as { dosePorDia?: number; doseTotal?: number };
    if (d.dosePorDia != null && d.doseTotal != null && d.doseTotal < d.dosePorDia)
      ctx.addIssue({ code: 'custom', path: ['doseTotal'], message: 'A dose total não pode ser menor que a dose por dia.' });
  }),
  ANEXO_ODONTO: objeto(ODONTO).superRefine((v, ctx) => {
    const dentes = (v as { dentes?: { dente: string }[] }).dentes ?? [];
    const vistos = new Set<string>();
    dentes.forEach((d, k) => {
      if (vistos.has(d.dente)) ctx.addIssue({ code: 'custom', path: ['dentes', k, 'dente'], message: `Dente ${d.dente} informado mais de uma vez.` });
      vistos.add(d.dente);
    });
  }),
  ANEXO_OPME: objeto(OPME),
} as const satisfies Partial<Record<Tipo, z.ZodType>>;

/** The clinical data as stored and answered (values already validated and normalized). */
export type DadosClinicos = Record<string, unknown>;

/** The schema of a type's clinical data, under `clinicos` (so the messages' fields read clinicos.peso). */
export function clinicosSchemaDe(t: Tipo): z.ZodType | undefined {
  const s = (CLINICOS_SCHEMAS as Partial<Record<Tipo, z.ZodType>>)[t];
  // missing data is an empty form: each required field says what is missing
  return s && z.object({ clinicos: z.preprocess((v) => v ?? {}, s) });
}

/** The value of a field for display (pt-BR), from its definition. */
export function valorExibido(c: Campo, v: unknown): string {
  if (v == null || v === '') return '—';
  switch (c.tipo) {
    case 'opcao':
      return c.opcoes.find(([k]) => k === String(v))?.[1] ?? String(v);
    case 'sim-nao':
      return v === true ? 'Sim' : 'Não';
    case 'data': {
      const s = String(v);
      return /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}` : s;
    }
    case 'dinheiro':
      return formatMoney(Number(v));
    case 'numero':
      return `${Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}${c.unidade ? ` ${c.unidade}` : ''}`;
    default:
      return String(v);
  }
}

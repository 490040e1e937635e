import { XMLParser } from 'fast-xml-parser';
import type { Centavos } from '../../shared/money';

/**
 * Reading an ENVIO_LOTE_GUIAS message that already passed its schema: the header (who sends, to whom, which
 * standard), the lot number and its guides with their items, money in centavos. The schema has checked the shape;
 * this only turns it into the product's terms.
 */

export const TIPOS_GUIA = {
  'guiaSP-SADT': 'SP-SADT',
  guiaConsulta: 'CONSULTA',
  guiaResumoInternacao: 'RESUMO_INTERNACAO',
  guiaHonorarios: 'HONORARIOS',
  guiaOdonto: 'ODONTO',
} as const;
export type TipoGuia = (typeof TIPOS_GUIA)[keyof typeof TIPOS_GUIA];
export const TIPO_GUIA_LABEL: Record<TipoGuia, string> = {
  'SP-SADT': 'SP/SADT',
  CONSULTA: 'Consulta',
  RESUMO_INTERNACAO: 'Resumo de internação',
  HONORARIOS: 'Honorários',
  ODONTO: 'Odontológica',
};
/** The guide types whose lots the product imports today. */
export const TIPOS_IMPORTADOS: readonly TipoGuia[] = ['SP-SADT', 'CONSULTA'];

export interface ItemTiss {
  sequencial: number;
  data: string;
  codigoTabela: string;
  codigoProcedimento: string;
  descricao: string | null;
  quantidade: number;
  valorUnitario: Centavos;
  valorTotal: Centavos;
}

export interface GuiaTiss {
  numeroGuiaPrestador: string;
  numeroGuiaOperadora: string | null;
  senha: string | null;
  dataAutorizacao: string | null;
  numeroCarteira: string;
  dataAtendimento: string;
  valorTotal: Centavos;
  itens: ItemTiss[];
}

export interface LoteTiss {
  padrao: string;
  tipoTransacao: string;
  sequencialTransacao: string;
  origem: { cnpj?: string; cpf?: string; codigo?: string };
  registroANS: string | null;
  numeroLote: string;
  tipoGuia: TipoGuia;
  guias: GuiaTiss[];
}

export class LoteInvalido extends Error {}

/**
 * "123.45" → 12345. The schema (st_decimal10-2) already refuses a third significant decimal; refusing it here too
 * keeps a value from ever being rounded in silence ("10.005" is not 10,01 nor 10,00).
 */
export function centavosDe(v: string): Centavos {
  const m = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(v);
  if (!m) throw new LoteInvalido(`Valor "${v}" não é um número decimal.`);
  const dec = (m[3] ?? '').replace(/0+$/, '');
  if (dec.length > 2) throw new LoteInvalido(`Valor "${v}" tem mais de duas casas decimais.`);
  const c = Number(m[2]) * 100 + Number(dec.padEnd(2, '0'));
  if (!Number.isSafeInteger(c)) throw new LoteInvalido(`Valor "${v}" fora do limite.`);
  return m[1] ? -c : c;
}

const REPETIDOS = new Set(['guiaSP-SADT', 'guiaConsulta', 'guiaResumoInternacao', 'guiaHonorarios', 'guiaOdonto', 'procedimentoExecutado', 'despesa', 'equipeSadt', 'procedimentoRealizado']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPETIDOS.has(name),
});

type El = Record<string, unknown>;
const el = (o: unknown, k: string): El => {
  const v = (o as El | undefined)?.[k];
  if (v == null || typeof v !== 'object') throw new LoteInvalido(`Elemento ${k} ausente.`);
  return v as El;
};
const opt = (o: unknown, k: string): string | null => {
  const v = (o as El | undefined)?.[k];
  return v == null || v === '' ? null : String(v);
};
const txt = (o: unknown, k: string): string => {
  const v = opt(o, k);
  if (v == null) throw new LoteInvalido(`Elemento ${k} ausente.`);
  return v;
};
const lst = (o: unknown, k: string): El[] => ((o as El | undefined)?.[k] as El[] | undefined) ?? [];

function guiaSadt(g: El): GuiaTiss {
  const aut = (g.dadosAutorizacao as El | undefined) ?? {};
  const itens = lst(g.procedimentosExecutados, 'procedimentoExecutado').map((p) => {
    const proc = el(p, 'procedimento');
    return {
      sequencial: Number(txt(p, 'sequencialItem')),
      data: txt(p, 'dataExecucao'),
      codigoTabela: txt(proc, 'codigoTabela'),
      codigoProcedimento: txt(proc, 'codigoProcedimento'),
      descricao: opt(proc, 'descricaoProcedimento'),
      quantidade: Number(txt(p, 'quantidadeExecutada')),
      valorUnitario: centavosDe(txt(p, 'valorUnitario')),
      valorTotal: centavosDe(txt(p, 'valorTotal')),
    };
  });
  return {
    numeroGuiaPrestador: txt(el(g, 'cabecalhoGuia'), 'numeroGuiaPrestador'),
    numeroGuiaOperadora: opt(aut, 'numeroGuiaOperadora'),
    senha: opt(aut, 'senha'),
    dataAutorizacao: opt(aut, 'dataAutorizacao'),
    numeroCarteira: txt(el(g, 'dadosBeneficiario'), 'numeroCarteira'),
    dataAtendimento: itens.map((i) => i.data).sort()[0] ?? opt(el(g, 'dadosSolicitacao'), 'dataSolicitacao') ?? '',
    valorTotal: centavosDe(txt(el(g, 'valorTotal'), 'valorTotalGeral')),
    itens,
  };
}

function guiaConsulta(g: El): GuiaTiss {
  const at = el(g, 'dadosAtendimento');
  const proc = el(at, 'procedimento');
  const valor = centavosDe(txt(proc, 'valorProcedimento'));
  const data = txt(at, 'dataAtendimento');
  return {
    numeroGuiaPrestador: txt(el(g, 'cabecalhoConsulta'), 'numeroGuiaPrestador'),
    numeroGuiaOperadora: opt(g, 'numeroGuiaOperadora'),
    senha: null,
    dataAutorizacao: null,
    numeroCarteira: txt(el(g, 'dadosBeneficiario'), 'numeroCarteira'),
    dataAtendimento: data,
    valorTotal: valor,
    itens: [{ sequencial: 1, data, codigoTabela: txt(proc, 'codigoTabela'), codigoProcedimento: txt(proc, 'codigoProcedimento'), descricao: null, quantidade: 1, valorUnitario: valor, valorTotal: valor }],
  };
}

/** The lot of a schema-valid message (its decoded text). */
export function lerLote(xml: string): LoteTiss {
  const doc = parser.parse(xml) as El;
  const msg = el(doc, 'mensagemTISS');
  const cab = el(msg, 'cabecalho');
  const ident = el(cab, 'identificacaoTransacao');
  const origem = (el(cab, 'origem').identificacaoPrestador as El | undefined) ?? {};
  const destino = el(cab, 'destino');
  const lote = el(el(msg, 'prestadorParaOperadora'), 'loteGuias');
  const guiasTiss = el(lote, 'guiasTISS');
  const tag = (Object.keys(TIPOS_GUIA) as (keyof typeof TIPOS_GUIA)[]).find((k) => guiasTiss[k] != null);
  if (!tag) throw new LoteInvalido('Lote sem guias.');
  const tipoGuia = TIPOS_GUIA[tag];
  const guias = lst(guiasTiss, tag);
  return {
    padrao: txt(cab, 'Padrao'),
    tipoTransacao: txt(ident, 'tipoTransacao'),
    sequencialTransacao: txt(ident, 'sequencialTransacao'),
    origem: { cnpj: opt(origem, 'CNPJ') ?? undefined, cpf: opt(origem, 'CPF') ?? undefined, codigo: opt(origem, 'codigoPrestadorNaOperadora') ?? undefined },
    registroANS: opt(destino, 'registroANS'),
    numeroLote: txt(lote, 'numeroLote'),
    tipoGuia,
    guias: tipoGuia === 'SP-SADT' ? guias.map(guiaSadt) : tipoGuia === 'CONSULTA' ? guias.map(guiaConsulta) : [],
  };
}

/** The standard a message declares (cabecalho/Padrao), read before choosing the schema to validate it with. */
export function padraoDeclarado(xml: string): string | null {
  const m = /<(?:[\w.-]+:)?Padrao>\s*([^<\s]+)\s*<\/(?:[\w.-]+:)?Padrao>/.exec(xml);
  return m ? m[1] : null;
}

import { z } from 'zod';
import { isoToBr } from '../dates';
import type { EnumField } from '../resources/define';
import { produto } from '../resources/operadora';
import { int4IdNumber } from '../validation/ids';
import { optionalText } from '../workflow/schemas';
import { dataObrigatoria } from '../validation/data';

/**
 * The network of each product (RPS — Registro de Planos de Saúde, IN ANS 3/2022): which providers serve each product
 * (plan), from which date and until which. A provider enters a product's network by an inclusion and leaves it by an
 * exclusion with its reason; each is a movement of Movimentos RPS, which the RPS filing sends to the ANS later (RPI,
 * RPE). Until that filing exists, every movement is "pendente de envio".
 */

export const TIPOS_MOVIMENTO = [
  ['I', 'Inclusão'],
  ['E', 'Exclusão'],
] as const;
export type TipoMovimento = (typeof TIPOS_MOVIMENTO)[number][0];

/**
 * Why a provider leaves a product's network. A hospital leaves only by substitution with an equivalent one or by a
 * reduction the ANS authorized (Lei 9.656/98 art. 17, RN 365/2014); the others follow the contract with the provider.
 */
export const MOTIVOS_EXCLUSAO_REDE = [
  ['1', 'Encerramento do contrato com o prestador'],
  ['2', 'Descredenciamento a pedido do prestador'],
  ['3', 'Redimensionamento da rede por redução'],
  ['4', 'Substituição por prestador equivalente'],
  ['5', 'Encerramento das atividades do prestador'],
  ['6', 'Inclusão indevida'],
] as const;
export type MotivoExclusaoRede = (typeof MOTIVOS_EXCLUSAO_REDE)[number][0];

/** The movement's state towards the ANS: pending until the RPS export (/util/exportacao/rps) writes it in a file. */
export const ENVIOS_RPS = [['PENDENTE', 'Pendente de envio'], ['ENVIADO', 'Enviado à ANS']] as const;

/** A product's geographic coverage as its registry writes it (Estadual, Nacional…). */
export const abrangenciaLabel = (v: string) => (produto.fields.abrangencia as EnumField).options.find((o) => o.value === v)?.label ?? v;

/** The most products one inclusion may name (the operator has a handful). */
export const MAX_PRODUTOS_INCLUSAO = 50;

export const RPS_MSG = {
  prestador: 'Informe o prestador.',
  produtos: 'Informe ao menos um produto.',
  produtosDemais: `Escolha no máximo ${MAX_PRODUTOS_INCLUSAO} produtos.`,
  produtoInvalido: 'Produto inválido.',
  dataInclusao: 'Informe a data da inclusão.',
  dataExclusao: 'Informe a data da exclusão.',
  dataInvalida: 'Data inválida. Use DD/MM/AAAA.',
  motivo: 'Informe o motivo da exclusão.',
  prestadorNaoEncontrado: 'Prestador não encontrado.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  vinculoNaoEncontrado: 'Este prestador não está nesta rede.',
  foraDaVigencia: (nome: string, data: string, inicio: string, fim: string | null) =>
    `${nome} não está em vigência em ${isoToBr(data)} (vigência ${fim ? `de ${isoToBr(inicio)} a ${isoToBr(fim)}` : `desde ${isoToBr(inicio)}`}).`,
  produtoInativo: (produto: string) => `O produto ${produto} está inativo.`,
  antesDaComercializacao: (produto: string, inicio: string) => `O produto ${produto} só é comercializado a partir de ${isoToBr(inicio)}.`,
  jaNaRede: (produto: string, desde: string) => `O prestador já está na rede do produto ${produto} desde ${isoToBr(desde)}.`,
  saiuDepois: (produto: string, fim: string) => `O prestador esteve na rede do produto ${produto} até ${isoToBr(fim)}: a nova inclusão deve ser a partir dessa data.`,
  jaExcluido: (fim: string) => `O prestador já saiu desta rede em ${isoToBr(fim)}.`,
  exclusaoAntesDaInclusao: (inicio: string) => `A data da exclusão deve ser posterior à da inclusão (${isoToBr(inicio)}).`,
  incluido: (n: number, nome: string) => `${nome} incluído na rede de ${n === 1 ? '1 produto' : `${n} produtos`}.`,
  excluido: (nome: string, produto: string) => `${nome} excluído da rede do produto ${produto}.`,
} as const;

const data = (obrigatoria: string) => dataObrigatoria(obrigatoria, RPS_MSG.dataInvalida);

/** Include a provider in one or more products' networks from a date (DD/MM/AAAA or ISO). */
export const inclusaoRedeSchema = z.object({
  prestadorId: int4IdNumber(RPS_MSG.prestador),
  produtos: z
    .array(int4IdNumber(RPS_MSG.produtoInvalido), { error: RPS_MSG.produtos })
    .min(1, RPS_MSG.produtos)
    .max(MAX_PRODUTOS_INCLUSAO, RPS_MSG.produtosDemais)
    .transform((v) => [...new Set(v)]),
  data: data(RPS_MSG.dataInclusao),
  observacao: optionalText(500, 'Observação'),
});
export type InclusaoRedeInput = z.input<typeof inclusaoRedeSchema>;
export type InclusaoRede = z.output<typeof inclusaoRedeSchema>;

/** Exclude a provider from one product's network: the date (its first day out), the reason and the version read. */
export const exclusaoRedeSchema = z.object({
  data: data(RPS_MSG.dataExclusao),
  motivo: z.enum(MOTIVOS_EXCLUSAO_REDE.map(([k]) => k) as [MotivoExclusaoRede, ...MotivoExclusaoRede[]], { error: RPS_MSG.motivo }),
  observacao: optionalText(500, 'Observação'),
  version: int4IdNumber('Versão inválida.'),
});
export type ExclusaoRedeInput = z.input<typeof exclusaoRedeSchema>;
export type ExclusaoRede = z.output<typeof exclusaoRedeSchema>;

/** A product as the inclusion form offers it. */
export interface ProdutoRede {
  id: number;
  nome: string;
  registroAns: string;
  abrangencia: string;
  segmentacao: string | null;
  ativo: boolean;
  inicioComercializacao: string;
}

/** A provider's period in a product's network (the form shows where it already is). */
export interface VinculoRede {
  id: number;
  produtoId: number;
  produtoNome: string;
  inicio: string;
  fim: string | null;
  motivoExclusao: MotivoExclusaoRede | null;
  version: number;
}

/** GET /api/rps/prestadores/:id/rede: the provider, its term and every period it had in a product's network. */
export interface RedeDoPrestador {
  prestador: { id: number; codigo: string; nome: string; inicioVigencia: string; fimVigencia: string | null };
  vinculos: VinculoRede[];
}

/** What an inclusion answers: the movements it wrote (one per product). */
export interface InclusaoFeita {
  movimentos: number[];
  repetida: boolean;
}

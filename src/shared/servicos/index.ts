import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { isoToBr } from '../dates';
import type { Centavos } from '../money';
import { int4IdNumber } from '../validation/ids';
import { dataObrigatoria } from '../validation/data';

/**
 * Additional services (serviços adicionais): what a beneficiary may join besides the plan, each with its monthly value
 * (table `servicos_adicionais`), and each beneficiary's adhesions (`adesoes_servicos`: from a start date to an end
 * date, the last day covered, with the reason). Each service has its own screen (client copass) and the monthly files
 * read the adhesions (src/shared/processos/servicos.ts).
 */

/** The services that have a screen of their own: the catalog's code, the command and the API segment. */
export const SERVICOS_TELAS = [
  { codigo: 'AEROMEDICO', comando: '/operadora/adesao-aeromedico', segmento: 'aeromedico', nome: 'Transporte Aeromédico' },
  { codigo: 'ODONTO', comando: '/operadora/adesao-odonto', segmento: 'odonto', nome: 'Plano Odontológico' },
] as const satisfies readonly { codigo: string; comando: CommandPath; segmento: string; nome: string }[];
export type ServicoTela = (typeof SERVICOS_TELAS)[number];

/** Why an adhesion ended. */
export const MOTIVOS_ENCERRAMENTO_SERVICO = [
  ['1', 'A pedido do beneficiário'],
  ['2', 'Cancelamento do plano'],
  ['3', 'Inadimplência'],
  ['4', 'Óbito'],
  ['5', 'Inclusão indevida'],
] as const;
export type MotivoEncerramentoServico = (typeof MOTIVOS_ENCERRAMENTO_SERVICO)[number][0];

/** In force: no end date, or an end date not passed yet; ended once the end date is behind. */
export const SITUACOES_ADESAO = [
  ['VIGENTE', 'Em vigor'],
  ['ENCERRADA', 'Encerrada'],
] as const;

export const SERVICOS_MSG = {
  beneficiario: 'Informe o beneficiário.',
  inicio: 'Informe a data de início.',
  fim: 'Informe a data de encerramento.',
  dataInvalida: 'Data inválida. Use DD/MM/AAAA.',
  motivo: 'Informe o motivo do encerramento.',
  beneficiarioNaoEncontrado: 'Beneficiário não encontrado.',
  servicoNaoEncontrado: 'Serviço adicional não cadastrado no catálogo.',
  servicoInativo: (nome: string) => `O serviço ${nome} está inativo: não aceita novas adesões.`,
  adesaoNaoEncontrada: 'Adesão não encontrada.',
  beneficiarioCancelado: (nome: string) => `${nome} está com o plano cancelado e não pode aderir a serviços adicionais.`,
  antesDoPlano: (inicio: string) => `O início não pode ser anterior à adesão do beneficiário ao plano (${isoToBr(inicio)}).`,
  jaAderiu: (servico: string, desde: string) => `O beneficiário já tem adesão em vigor ao ${servico} desde ${isoToBr(desde)}.`,
  sobreposta: (servico: string, fim: string) => `O beneficiário esteve no ${servico} até ${isoToBr(fim)}: a nova adesão deve começar depois dessa data.`,
  jaEncerrada: (fim: string) => `Esta adesão já foi encerrada em ${isoToBr(fim)}.`,
  fimAntesDoInicio: (inicio: string) => `A data de encerramento não pode ser anterior ao início da adesão (${isoToBr(inicio)}).`,
  aderiu: (nome: string, servico: string) => `${nome} aderiu ao ${servico}.`,
  encerrada: (nome: string, servico: string) => `Adesão de ${nome} ao ${servico} encerrada.`,
} as const;

const data = (obrigatoria: string) => dataObrigatoria(obrigatoria, SERVICOS_MSG.dataInvalida);

/** Nova adesão: the beneficiary and the start date (DD/MM/AAAA or ISO); the value is the catalog's, read by the server. */
export const adesaoServicoSchema = z.object({
  beneficiarioId: int4IdNumber(SERVICOS_MSG.beneficiario),
  inicio: data(SERVICOS_MSG.inicio),
});
export type AdesaoServicoInput = z.input<typeof adesaoServicoSchema>;
export type AdesaoServico = z.output<typeof adesaoServicoSchema>;

/** Encerrar adesão: the last day covered, the reason and the version read (409 when stale). */
export const encerramentoServicoSchema = z.object({
  fim: data(SERVICOS_MSG.fim),
  motivo: z.enum(MOTIVOS_ENCERRAMENTO_SERVICO.map(([k]) => k) as [MotivoEncerramentoServico, ...MotivoEncerramentoServico[]], { error: SERVICOS_MSG.motivo }),
  version: int4IdNumber('Versão inválida.'),
});
export type EncerramentoServicoInput = z.input<typeof encerramentoServicoSchema>;
export type EncerramentoServico = z.output<typeof encerramentoServicoSchema>;

/** A service of the catalog, as the form shows its value. */
export interface ServicoAdicional {
  id: number;
  codigo: string;
  nome: string;
  valorMensal: Centavos;
  ativo: boolean;
}

/** A beneficiary's adhesion, as the record view and the API answer it. */
export interface AdesaoDoBeneficiario {
  id: number;
  servico: string;
  inicio: string;
  fim: string | null;
  motivo: MotivoEncerramentoServico | null;
  valorMensal: Centavos;
}

// ---- the month's charge (client aeco) -------------------------------------------------------------------------

/** Days of a month ('YYYY-MM'). */
export const diasDoMes = (mes: string) => new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 0)).getUTCDate();

/**
 * What an adhesion costs in a month: the full monthly value when it covers the whole month; else the value pro rata
 * by the days covered (start to end, both inclusive, within the month) over the month's days, rounded to the nearest
 * centavo with half a centavo up — computed in integers: floor((2·valor·dias + diasDoMes) / (2·diasDoMes)).
 */
export function valorNoMes(valorMensal: Centavos, diasCobertos: number, diasMes: number): Centavos {
  if (diasCobertos >= diasMes) return valorMensal;
  if (diasCobertos <= 0) return 0;
  return Math.floor((2 * valorMensal * diasCobertos + diasMes) / (2 * diasMes));
}

/** The days an adhesion covers within a month ('YYYY-MM'), its start and end (inclusive, null = open) as ISO dates. */
export function diasCobertos(mes: string, inicio: string, fim: string | null): number {
  const primeiro = `${mes}-01`;
  const ultimo = `${mes}-${String(diasDoMes(mes)).padStart(2, '0')}`;
  const de = inicio > primeiro ? inicio : primeiro;
  const ate = fim != null && fim < ultimo ? fim : ultimo;
  if (de > ate) return 0;
  return Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000) + 1;
}

import { z } from 'zod';
import { isoToBr, todayIso, toIsoDate } from '../dates';
import { formatMoney, MAX_CENTAVOS, type Centavos } from '../money';

/**
 * The legal entity's service invoice (NFS-e, Nota Fiscal de Serviços Eletrônica) that goes with its payment request:
 * what the declarations of services taken (DES, Notas Fiscais de Serviços Tomados) list. Sizes follow the ABRASF
 * model most municipal systems use (number up to 15 digits, series up to 5 characters, verification code up to 9).
 * Rules that need the database (the request's total, its protocols, the provider's other invoices) are the server's
 * (src/server/pagamentos/solicitacao.ts) with the messages below.
 */

/**
 * How many days before the oldest protocol of the request (the day the operator received it) the invoice may be issued:
 * a provider issues it when it bills, and a lot takes days to weeks to be delivered and received; an invoice older than
 * that is another billing's.
 */
export const NFSE_MARGEM_DIAS = 60;

export const NFSE_MSG = {
  numero: 'Informe o número da NFS-e.',
  numeroInvalido: 'Número da NFS-e: só algarismos, até 15, diferente de zero.',
  serie: 'Série da NFS-e: até 5 letras ou números.',
  emissao: 'Informe a data de emissão da NFS-e.',
  emissaoInvalida: 'Data de emissão da NFS-e inválida. Use DD/MM/AAAA.',
  emissaoFutura: 'A data de emissão da NFS-e não pode ser futura.',
  codigo: 'Informe o código de verificação da NFS-e.',
  codigoInvalido: 'Código de verificação da NFS-e: de 4 a 9 letras ou números.',
  valor: 'Informe o valor dos serviços da NFS-e.',
  valorInvalido: 'Valor dos serviços da NFS-e inválido.',
  exigida: 'Prestador pessoa jurídica: informe a NFS-e dos serviços pedidos (número, emissão, código de verificação e valor).',
  pessoaFisica: 'Prestador pessoa física não informa NFS-e: o pagamento dele é pelo RPA.',
  emissaoAntiga: (limite: string, protocolo: string, recebido: string) =>
    `A NFS-e não pode ter sido emitida antes de ${isoToBr(limite)}: ${NFSE_MARGEM_DIAS} dias antes do recebimento do protocolo mais antigo pedido (nº ${protocolo}, em ${isoToBr(recebido)}).`,
  valorDiferente: (nota: Centavos, total: Centavos) => `O valor dos serviços da NFS-e (${formatMoney(nota)}) deve ser igual ao total dos protocolos pedidos (${formatMoney(total)}): a nota cobre o que é pedido.`,
  duplicada: (numero: string, solicitacao: string) => `A NFS-e nº ${numero} deste prestador já foi informada na solicitação de pagamento nº ${solicitacao}.`,
} as const;

/** The request's fields of the invoice, in the order the form shows them (a field's errors go beside it). */
export const CAMPOS_NFSE = ['nfseNumero', 'nfseSerie', 'nfseEmissao', 'nfseCodigo', 'nfseValor'] as const;
export type CampoNfse = (typeof CAMPOS_NFSE)[number];

const vazio = (v: unknown) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const texto = (erro: string) => z.preprocess(vazio, z.string({ error: erro }).trim().optional());

export const nfseCampos = {
  // leading zeros are the municipality's padding: 000123 and 123 are the same invoice
  nfseNumero: texto(NFSE_MSG.numeroInvalido).refine((v) => v == null || (/^\d{1,15}$/.test(v) && /[1-9]/.test(v)), NFSE_MSG.numeroInvalido).transform((v) => v?.replace(/^0+/, '')),
  nfseSerie: texto(NFSE_MSG.serie)
    .refine((v) => v == null || /^[A-Za-z0-9]{1,5}$/.test(v), NFSE_MSG.serie)
    .transform((v) => v?.toUpperCase() ?? null),
  nfseEmissao: texto(NFSE_MSG.emissaoInvalida).transform((v, ctx) => {
    if (v == null) return undefined;
    const iso = toIsoDate(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: NFSE_MSG.emissaoInvalida });
      return z.NEVER;
    }
    if (iso > todayIso()) {
      ctx.addIssue({ code: 'custom', message: NFSE_MSG.emissaoFutura });
      return z.NEVER;
    }
    return iso;
  }),
  // printed codes come grouped ('ABCD-1234'): the separators are not part of it
  nfseCodigo: texto(NFSE_MSG.codigoInvalido)
    .transform((v) => v?.replace(/[\s.-]/g, '').toUpperCase())
    .refine((v) => v == null || /^[A-Z0-9]{4,9}$/.test(v), NFSE_MSG.codigoInvalido),
  nfseValor: z.preprocess(vazio, z.number({ error: NFSE_MSG.valorInvalido }).int(NFSE_MSG.valorInvalido).positive(NFSE_MSG.valorInvalido).max(MAX_CENTAVOS, NFSE_MSG.valorInvalido).optional()),
};

export interface NfseEntrada {
  nfseNumero?: string;
  nfseSerie?: string | null;
  nfseEmissao?: string;
  nfseCodigo?: string;
  nfseValor?: number;
}

/** Whether any field of the invoice was filled (then all the required ones must be). */
export const temNfse = (v: NfseEntrada) => v.nfseNumero != null || v.nfseSerie != null || v.nfseEmissao != null || v.nfseCodigo != null || v.nfseValor != null;

/** The required fields left empty, each with its message (`exigida`: the provider is a legal entity). */
export function faltasNfse(v: NfseEntrada, exigida: boolean): { field: CampoNfse; message: string }[] {
  if (!exigida && !temNfse(v)) return [];
  const out: { field: CampoNfse; message: string }[] = [];
  if (v.nfseNumero == null) out.push({ field: 'nfseNumero', message: NFSE_MSG.numero });
  if (v.nfseEmissao == null) out.push({ field: 'nfseEmissao', message: NFSE_MSG.emissao });
  if (v.nfseCodigo == null) out.push({ field: 'nfseCodigo', message: NFSE_MSG.codigo });
  if (v.nfseValor == null) out.push({ field: 'nfseValor', message: NFSE_MSG.valor });
  return out;
}

/** The invoice as the request shows it. */
export interface Nfse {
  numero: string;
  serie: string | null;
  emissao: string;
  codigoVerificacao: string;
  valorServicos: Centavos;
}

/** 'nº 123, série A1, de 05/03/2026' */
export const nfseTexto = (n: Pick<Nfse, 'numero' | 'serie' | 'emissao'>) => `nº ${n.numero}${n.serie ? `, série ${n.serie}` : ''}, de ${isoToBr(n.emissao)}`;

import { z } from 'zod';
import { todayIso, toIsoDate } from '../dates';
import { RELACOES_DEPENDENCIA, SEXOS } from '../resources/pessoas';
import { checkDocument, rawDocument } from '../validation/br';
import { labelOf, optionalId, requireReason, stepFields } from '../workflow/schemas';
import { ACOES, FLUXO, type Acao, type Status } from './fluxo';

/**
 * Adesão Dependente Familiar (/principal/solicitacoes-adesoes, client copass): the titular asks to add a dependent
 * to the family with the documents attached; the operator approves (the dependent is created in the family, with the
 * titular's plan and address and the SIB fields of the registry, and a first card is issued) or refuses with a reason.
 * The protocol is the operator's RN 623 protocol (a contact with the operator: the service desk's daily counter).
 */

export { ACOES, FAMILIA_ACOES, FLUXO, STATUS, type Acao, type Status } from './fluxo';

/** Kinships a dependent may have (SIB: everything but the titular). */
export const PARENTESCOS = RELACOES_DEPENDENCIA.filter(([k]) => k !== '1');
export type Parentesco = (typeof PARENTESCOS)[number][0];
export const parentescoLabel = (v: unknown) => labelOf(RELACOES_DEPENDENCIA, v);
export const sexoLabel = (v: unknown) => labelOf(SEXOS, v);
export const ANEXOS_MAX = 10;
/** Days of waiting (carência) of a new dependent, as the registry counts it from the day it joins. */
export const CARENCIA_DIAS = 180;

export const MSG_ANEXOS = 'Anexe os documentos do dependente (certidão de nascimento ou casamento, RG, CPF).';
export const MSG_TITULAR = 'Escolha o titular da família.';
export const msgSolicitada = (protocolo: string) => `Solicitação de adesão registrada sob o protocolo nº ${protocolo}.`;
export const msgTransicaoRecusada = FLUXO.refusal;

const obrigatorio = (label: string, max: number, vazio: string) =>
  z.string({ error: vazio }).trim().min(1, vazio).max(max, `${label}: no máximo ${max} caracteres.`);

/** A person's full name: at least a first name and a surname, letters only. */
const nomeCompleto = (label: string, vazio: string) =>
  obrigatorio(label, 150, vazio).refine((v) => !v || (/^[\p{L}' .-]+$/u.test(v) && v.split(/\s+/).filter(Boolean).length >= 2), `${label}: informe o nome completo, só com letras.`);

const documento = (kind: 'cpf' | 'cns', vazio: string | null) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) {
        if (vazio) ctx.addIssue({ code: 'custom', message: vazio });
        return null;
      }
      const raw = rawDocument(kind, v);
      const msg = checkDocument(kind, raw);
      if (msg) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return raw;
    });

/**
 * A request: the dependent's name, CPF (check digits) and CNS, birth date (not future), sex, kinship and mother's
 * name (the SIB's required fields), the documents already sent (POST /api/arquivos) and, for the staff registering on
 * a titular's behalf, the titular (a family's own session: their titular, whatever the body says).
 */
export const solicitacaoSchema = z
  .object({
    titularId: optionalId,
    nome: nomeCompleto('Nome do dependente', 'Informe o nome do dependente.'),
    cpf: documento('cpf', 'Informe o CPF do dependente.'),
    cns: documento('cns', null),
    dataNascimento: z
      .string({ error: 'Informe a data de nascimento.' })
      .trim()
      .min(1, 'Informe a data de nascimento.')
      .transform((v, ctx) => {
        const iso = toIsoDate(v);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: 'Data de nascimento inválida. Use DD/MM/AAAA.' });
          return z.NEVER;
        }
        if (iso > todayIso()) {
          ctx.addIssue({ code: 'custom', message: 'A data de nascimento não pode ser futura.' });
          return z.NEVER;
        }
        if (iso < '1900-01-01') {
          ctx.addIssue({ code: 'custom', message: 'Data de nascimento inválida.' });
          return z.NEVER;
        }
        return iso;
      }),
    sexo: z.enum(SEXOS.map(([k]) => k) as ['1', '3'], { error: 'Informe o sexo.' }),
    relacaoDependencia: z.enum(PARENTESCOS.map(([k]) => k) as [Parentesco, ...Parentesco[]], { error: 'Informe o parentesco com o titular.' }),
    nomeMae: nomeCompleto('Nome da mãe', 'Informe o nome da mãe do dependente.'),
    observacao: z
      .string()
      .trim()
      .max(1000, 'Observação: no máximo 1000 caracteres.')
      .nullish()
      .transform((v) => v || null),
    anexos: z.array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'Anexos inválidos.' }).max(ANEXOS_MAX, `No máximo ${ANEXOS_MAX} anexos.`).default([]),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.anexos?.length) ctx.addIssue({ code: 'custom', path: ['anexos'], message: MSG_ANEXOS });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => ({ ...v, cpf: v.cpf!, anexos: [...new Set(v.anexos)] }));
export type SolicitacaoInput = z.input<typeof solicitacaoSchema>;
export type Solicitacao = z.output<typeof solicitacaoSchema>;

/** A step: approve, refuse (the reason in the note) or withdraw. */
export const decisaoSchema = z
  .object({ ...stepFields(ACOES) })
  .superRefine((v, ctx) => requireReason(FLUXO, v, ctx), { when: (p) => p.value != null && typeof p.value === 'object' });
export type DecisaoInput = z.input<typeof decisaoSchema>;
export type Decisao = z.output<typeof decisaoSchema>;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface AdesaoLinha {
  id: number;
  protocolo: string;
  status: Status;
  /** ISO instant. */
  solicitadaEm: string;
  titularNome: string;
  titularCarteirinha: string | null;
  nome: string;
  relacaoDependencia: Parentesco;
  version: number;
}

export interface AdesaoHistorico {
  id: number;
  em: string;
  usuario: string;
  acao: Acao | 'solicitar';
  de: Status | null;
  para: Status;
  nota: string | null;
}

export interface AdesaoDetalhe extends AdesaoLinha {
  titularId: number;
  cpf: string;
  cns: string | null;
  dataNascimento: string;
  sexo: '1' | '3';
  nomeMae: string;
  observacao: string | null;
  solicitadaPor: string;
  /** The refusal's reason. */
  motivo: string | null;
  /** The dependent created by the approval, with the card issued. */
  dependente: { id: number; matricula: string; carteirinha: string; validade: string } | null;
  anexos: { id: number; nome: string; tamanho: number }[];
  historico: AdesaoHistorico[];
  /** The steps this session may take now (the family: withdraw). */
  acoes: Acao[];
}

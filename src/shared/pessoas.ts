import type { AdesaoDoBeneficiario } from './servicos';
import { z } from 'zod';
import { MSG } from './messages';
import { beneficiario } from './resources/pessoas';
import { fieldSchema } from './resources/schema';

/**
 * The people self-service contract (spec §2.1 /cadastro): the data-update request, the virtual card,
 * the eligibility check and the SIB search. Validation reuses the beneficiary definition's field rules, so the
 * request form, the operator's form and the server agree on every CPF, phone and CEP.
 */

// ---- data-update request (/cadastro/beneficiarios/atualizacao-cadastral) ------------------------------------------

/** What a beneficiary may ask to change; the operator approves or rejects. */
export const CAMPOS_ATUALIZACAO = ['nomeSocial', 'telefone', 'celular', 'email', 'cep', 'uf', 'cidade', 'logradouro', 'numero', 'complemento', 'bairro'] as const;
export type CampoAtualizacao = (typeof CAMPOS_ATUALIZACAO)[number];

export const campoLabel = (k: string) => beneficiario.fields[k]?.label ?? k;

export const atualizacaoCadastralSchema = z
  .object({
    dados: z.object(Object.fromEntries(CAMPOS_ATUALIZACAO.map((k) => [k, fieldSchema(beneficiario.fields[k])])) as unknown as Record<CampoAtualizacao, z.ZodType<unknown>>, {
      error: 'Informe os dados a atualizar.',
    }),
    observacao: z.string().trim().max(500, 'A observação deve ter no máximo 500 caracteres.').nullish(),
    /** Another member of the family (the titular asks for a dependent); absent = the logged-in beneficiary. */
    beneficiarioId: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    const d = v.dados as Record<string, unknown>;
    if (d.cidade != null && d.uf == null) ctx.addIssue({ code: 'custom', path: ['dados', 'uf'], message: 'Informe a UF da cidade.' });
  });
export type AtualizacaoCadastralInput = z.input<typeof atualizacaoCadastralSchema>;

export const decisaoSchema = z.object({
  version: z.number({ error: 'Informe a versão da solicitação.' }).int().positive(),
  motivo: z.string().trim().max(500, 'O motivo deve ter no máximo 500 caracteres.').nullish(),
});

export type SituacaoSolicitacao = 'PENDENTE' | 'APROVADA' | 'REJEITADA';
export interface SolicitacaoAtualizacao {
  id: number;
  protocolo: string;
  beneficiarioId: number;
  beneficiarioNome: string;
  matricula: string;
  dados: Record<string, unknown>;
  anteriores: Record<string, unknown>;
  /** Labels of reference values (the city's name) for display. */
  rotulos: Record<string, string>;
  observacao: string | null;
  situacao: SituacaoSolicitacao;
  criadaEm: string;
  decididaEm: string | null;
  motivoRejeicao: string | null;
  version: number;
}

/** Why the logged-in beneficiary is asked to update the registration (the home's reminder). */
export function motivosAtualizacaoCadastral(b: Partial<Record<string, string | null | undefined>>, hoje: string): string[] {
  const motivos: string[] = [];
  if (!b.email) motivos.push('e-mail não informado');
  if (!b.telefone && !b.celular) motivos.push('telefone não informado');
  if (!b.cep) motivos.push('endereço sem CEP');
  const limite = new Date(`${hoje}T00:00:00Z`);
  limite.setUTCFullYear(limite.getUTCFullYear() - 1);
  if (!b.cadastroAtualizadoEm || b.cadastroAtualizadoEm < limite.toISOString().slice(0, 10)) motivos.push('cadastro sem confirmação há mais de um ano');
  return motivos;
}

// ---- virtual card (/cadastro/beneficiarios/cartaovirtual) ---------------------------------------------------------

export interface CartaoVirtual {
  beneficiarioId: number;
  nome: string;
  nomeSocial: string | null;
  carteirinha: string;
  matricula: string;
  cns: string | null;
  dataNascimento: string;
  titular: boolean;
  /** The family's titular (the holder's own name on the titular's card): the card's TITULAR field. */
  titularNome: string;
  relacao: string;
  plano: string;
  registroAnsPlano: string;
  contratacao: string;
  acomodacao: string;
  abrangencia: string;
  empresa: string | null;
  operadora: { nome: string; registroAns: string };
  /** Last day the card is valid (ISO); null when the beneficiary is not active. */
  validade: string | null;
  situacao: string;
  cpt: boolean;
  fimCarencia: string | null;
}

// ---- eligibility (/cadastro/consulta-elegibilidade) ---------------------------------------------------------------

export const elegibilidadeQuerySchema = z
  .object({
    carteirinha: z.string().trim().max(30).optional(),
    cpf: z.string().trim().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.carteirinha && !v.cpf) ctx.addIssue({ code: 'custom', path: ['carteirinha'], message: 'Informe a carteirinha ou o CPF do beneficiário.' });
  });

/** The answer: may be attended today, or why not (spec §8 client messages). */
export type MotivoElegibilidade = 'ELEGIVEL' | 'INATIVO' | 'SUSPENSO' | 'CARENCIA';
export interface Elegibilidade {
  elegivel: boolean;
  motivo: MotivoElegibilidade;
  /** What to tell the person: the client's message when not eligible. */
  mensagem: string;
  /** Extra notes (partial temporary coverage). */
  observacoes: string[];
  consultadaEm: string;
  beneficiario: {
    nome: string;
    carteirinha: string;
    plano: string;
    registroAnsPlano: string;
    acomodacao: string;
    situacao: string;
    fimCarencia: string | null;
    cpt: boolean;
    fimCpt: string | null;
  };
}

// ---- own family --------------------------------------------------------------------------------------------------

export interface MembroFamilia {
  id: number;
  nome: string;
  matricula: string;
  carteirinha: string;
  relacaoDependencia: string;
  situacao: string;
  dataNascimento: string;
}

// ---- provider selection dialog (spec §5) -------------------------------------------------------------------------

/** The dialog's choice: a numeric provider id is required ('Informe o Prestador'). */
export const prestadorEscolhaSchema = z.object({
  prestadorId: z.coerce.number({ error: MSG.informePrestador }).int(MSG.informePrestador).positive(MSG.informePrestador),
});

/** A beneficiary picker's option (request forms, the document desk's sender), under the policy's lookup. */
export interface BeneficiarioOpcao {
  id: number;
  nome: string;
  carteirinha: string;
  situacao: string;
}

// ---- a beneficiary's record view (GET /api/beneficiarios/:id/resumo) -------------------------------------------------

/** The read-only record of a beneficiary as the registry opens it: the record, the family, the latest requests and
 * contacts, and the record's change history. A part the session may not see is null. */
export interface BeneficiarioResumo {
  registro: Record<string, unknown>;
  familia: MembroFamilia[];
  autorizacoes: {
    total: number;
    itens: { id: number; numero: string; tipo: string; status: number; dataSolicitacao: string; procedimento: string; prestadorNome: string; valor: number; path: string | null }[];
    /** Every request of the beneficiary: a list filtered by them. */
    lista: string | null;
  } | null;
  atendimentos: {
    total: number;
    itens: { id: number; protocolo: string; inicio: string; canal: string; motivo: string; status: string; atendenteNome: string; path: string }[];
  } | null;
  /** The trail of the record, newest first (the latest RESUMO_HISTORICO entries). */
  historico: { id: number; em: string; usuario: string | null; acao: 'insert' | 'update' | 'delete' | 'restore'; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }[] | null;
  /** The additional services (aeromédico, odontológico…) the beneficiary adhered to, those in force first. */
  servicos: AdesaoDoBeneficiario[];
}
export const RESUMO_ITENS = 10;
export const RESUMO_HISTORICO = 20;

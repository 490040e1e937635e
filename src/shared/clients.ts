import { z } from 'zod';
import { CONSTANTS } from './constants';

/**
 * Per-client settings (spec §1, §5, §8, §9): the one typed door to client configuration.
 * The client in use is a server setting (CLIENT) and travels in the login answer.
 */
export const CLIENT_CODES = [
  'copass', 'rondo', 'aeco', 'cnen', 'cdtn', 'pjf', 'cet', 'bhtrans', 'cubatao', 'apsis', 'caixa', 'nuclep', 'fixmecopass',
] as const;
export type ClientCode = (typeof CLIENT_CODES)[number];
export const clientCodeSchema = z.enum(CLIENT_CODES);

export const featureFlagSchema = z.object({
  visible: z.boolean().default(true),
  required: z.boolean().default(false),
  enable: z.boolean().default(true),
  label: z.string().optional(),
  message: z.string().optional(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/** Every switch the product reads. Keys are the spec's dotted names. */
export const FLAG_KEYS = [
  'financeiro.emprestimo',
  'financeiro.integracaobancaria.extratobb',
  'beneficiario.gui.autorizacao.acompanharautorizacaobeneficiario',
  'auditoria.anexo.fluxo.novo',
  'autorizador.preautorizacao',
  'beneficiario.cartaovirtual',
  'usuario.alterarsenha',
  'processo.alteracaoprestadorprotocolo',
  // per-client field rules (spec §5)
  'beneficiario.cpf',
  'prestador.dataInscricao', 'prestador.pis', 'prestador.nacionalidade', 'prestador.identidade', 'prestador.orgaoEmissor',
  'prestador.ufIdentidade', 'prestador.paisIdentidade', 'prestador.endereco',
  'fornecedor.orgaoEmissor', 'fornecedor.ufIdentidade', 'fornecedor.paisIdentidade', 'fornecedor.endereco',
  'atendimentoOdonto.tipoFaturamento',
  'autorizacao.solicitante.cbo',
  'autorizacao.solicitante.nome',
  'anexo.quimioterapia',
  'protocoloRecebimentoPrestador.tipoAnaliseGlosa',
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

// The constants live in a module without zod, so the web's first bundle can read them without the validator.
export { CONSTANTS };

/** Client-configured messages shown to users (spec §8). */
export const CLIENT_MESSAGES = {
  beneficiarioInativo: 'Beneficiário inativo. Entre em contato com a central de atendimento da operadora.',
  crmSolicitanteNaoEncontrado: 'CRM do solicitante não encontrado. Entre em contato com a operadora.',
  medicoSemEspecialidade: 'Médico sem especialidade cadastrada. Entre em contato com a operadora.',
  beneficiarioSuspenso: 'Beneficiário inelegível por suspensão. Entre em contato com a operadora.',
  cancelamentoAutorizacao: 'Para cancelar a autorização, informe o motivo e o nome do usuário responsável.',
  urgenciaCarencia: 'Atendimento de urgência/emergência em período de carência. Entre em contato com a operadora.',
  envioToken: 'O token foi enviado para o aplicativo, SMS e e-mail. O reenvio será feito pelo WhatsApp.',
  ouvidoriaSegundaInstancia:
    'A Ouvidoria atua somente como canal de recurso, após o atendimento em primeira instância pelos canais da operadora.',
  declaracaoCancelamentoAdesao:
    'A exclusão do titular cancela todo o grupo familiar; o usuário perde o direito aos benefícios e os débitos anteriores continuam devidos.',
} as const;
export type ClientMessageKey = keyof typeof CLIENT_MESSAGES;

export interface ClientSettings {
  id: ClientCode;
  nome: string;
  flags: Record<FlagKey, FeatureFlag>;
  constants: typeof CONSTANTS;
  messages: Record<ClientMessageKey, string>;
}

const on: FeatureFlag = { visible: true, required: false, enable: true };
const off: FeatureFlag = { visible: false, required: false, enable: false };
const required: FeatureFlag = { visible: true, required: true, enable: true };

/** Defaults shared by every client (production equals development apart from a few flags). */
const baseFlags: Record<FlagKey, FeatureFlag> = {
  'financeiro.emprestimo': off,
  'financeiro.integracaobancaria.extratobb': off,
  'beneficiario.gui.autorizacao.acompanharautorizacaobeneficiario': on,
  'auditoria.anexo.fluxo.novo': off,
  'autorizador.preautorizacao': off,
  'beneficiario.cartaovirtual': on,
  'usuario.alterarsenha': on,
  'processo.alteracaoprestadorprotocolo': off,
  'beneficiario.cpf': required,
  'prestador.dataInscricao': required,
  'prestador.pis': required,
  'prestador.nacionalidade': required,
  'prestador.identidade': required,
  'prestador.orgaoEmissor': required,
  'prestador.ufIdentidade': required,
  'prestador.paisIdentidade': required,
  'prestador.endereco': required,
  'fornecedor.orgaoEmissor': required,
  'fornecedor.ufIdentidade': required,
  'fornecedor.paisIdentidade': required,
  'fornecedor.endereco': required,
  'atendimentoOdonto.tipoFaturamento': required,
  'autorizacao.solicitante.cbo': required,
  'autorizacao.solicitante.nome': { visible: true, required: false, enable: false, label: 'Nome do solicitante' },
  'anexo.quimioterapia': required,
  'protocoloRecebimentoPrestador.tipoAnaliseGlosa': required,
};

const NAMES: Record<ClientCode, string> = {
  copass: 'COPASS Saúde',
  rondo: 'Rondo Saúde',
  aeco: 'AECO',
  cnen: 'CNEN',
  cdtn: 'CDTN',
  pjf: 'PJF',
  cet: 'CET',
  bhtrans: 'BHTrans',
  cubatao: 'Cubatão',
  apsis: 'APSIS',
  caixa: 'Caixa',
  nuclep: 'NUCLEP',
  fixmecopass: 'COPASS (manutenção)',
};
/** Each client's name as people read it (a notice's audience). */
export const CLIENT_NAMES: Readonly<Record<ClientCode, string>> = NAMES;

/** The people field rules of spec §5 switched off: the client registers people without those documents. */
const semRegrasDeCadastro: Partial<Record<FlagKey, FeatureFlag>> = Object.fromEntries(
  FLAG_KEYS.filter((k) => k === 'beneficiario.cpf' || k.startsWith('prestador.') || k.startsWith('fornecedor.')).map((k) => [k, on]),
);

/** Client-specific switches; anything not named keeps the base value. */
const OVERRIDES: Partial<Record<ClientCode, Partial<Record<FlagKey, FeatureFlag>>>> = {
  copass: { 'financeiro.emprestimo': on, 'autorizador.preautorizacao': on, 'auditoria.anexo.fluxo.novo': on },
  rondo: { 'financeiro.integracaobancaria.extratobb': on, 'beneficiario.cartaovirtual': off },
  aeco: { 'financeiro.emprestimo': on },
  pjf: { 'beneficiario.gui.autorizacao.acompanharautorizacaobeneficiario': off, 'usuario.alterarsenha': off },
  caixa: { ...semRegrasDeCadastro },
};

export function getClientSettings(code: ClientCode): ClientSettings {
  return {
    id: code,
    nome: NAMES[code],
    flags: { ...baseFlags, ...OVERRIDES[code] },
    constants: CONSTANTS,
    messages: { ...CLIENT_MESSAGES },
  };
}

export function isClientCode(v: unknown): v is ClientCode {
  return typeof v === 'string' && (CLIENT_CODES as readonly string[]).includes(v);
}

/** A switch is on when it is enabled for the client. */
export function flagOn(settings: Pick<ClientSettings, 'flags'>, key: FlagKey): boolean {
  return settings.flags[key]?.enable === true;
}

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { resourceTables } from '../resources/tables';

/** Permission groups: a user's permissions come from the group ('subject:action' strings). */
export const grupos = pgTable('grupos', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull().unique(),
  validaSenha: boolean('valida_senha').notNull().default(false),
});

export const grupoPermissoes = pgTable(
  'grupo_permissoes',
  {
    grupoId: integer('grupo_id').notNull().references(() => grupos.id, { onDelete: 'cascade' }),
    permissao: varchar('permissao', { length: 120 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoId, t.permissao] })],
);

export const usuarios = pgTable('usuarios', {
  id: serial('id').primaryKey(),
  login: varchar('login', { length: 60 }).notNull().unique(),
  nome: varchar('nome', { length: 120 }).notNull(),
  email: varchar('email', { length: 120 }),
  senhaHash: text('senha_hash').notNull(),
  senhaExpiraEm: timestamp('senha_expira_em', { withTimezone: true }),
  grupoId: integer('grupo_id').notNull().references(() => grupos.id),
  operadora: boolean('operadora').notNull().default(false),
  prestador: boolean('prestador').notNull().default(false),
  prestadorAdministrativo: boolean('prestador_administrativo').notNull().default(false),
  dependente: boolean('dependente').notNull().default(false),
  beneficiario: boolean('beneficiario').notNull().default(false),
  ouvidoria: boolean('ouvidoria').notNull().default(false),
  auditor: boolean('auditor').notNull().default(false),
  admin: boolean('admin').notNull().default(false),
  /** URA terminal chosen by the user; null = URA setting disabled (spec §4 redirect). */
  uraTerminal: varchar('ura_terminal', { length: 20 }),
  beneficiarioId: integer('beneficiario_id'),
  prestadorId: integer('prestador_id'),
  ativo: boolean('ativo').notNull().default(true),
  version: integer('version').notNull().default(1),
});

/** Sessions live in the database (stateless API servers); only the token's SHA-256 is kept. */
export const sessoes = pgTable(
  'sessoes',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id').notNull().references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
    /** Set by validar-senha; alterar-senha requires it to be recent. */
    senhaValidadaEm: timestamp('senha_validada_em', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessoes_token_hash_idx').on(t.tokenHash)],
);

/** Failed logins, for throttling per login and per address (shared by every server). */
export const falhasLogin = pgTable(
  'falhas_login',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 60 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('falhas_login_login_idx').on(t.login, t.em), index('falhas_login_ip_idx').on(t.ip, t.em)],
);

export const avisos = pgTable('avisos', {
  id: serial('id').primaryKey(),
  titulo: varchar('titulo', { length: 120 }).notNull(),
  mensagem: text('mensagem').notNull(),
  tipo: varchar('tipo', { length: 10 }).notNull().default('info'),
  inicio: date('inicio').notNull(),
  fim: date('fim'),
  /** Role flag that sees the notice; null = everyone. */
  perfil: varchar('perfil', { length: 30 }),
});

/** Audit trail of writes (who, when, what changed), written in the same transaction as the change. */
export const auditoriaEventos = pgTable(
  'auditoria_eventos',
  {
    id: serial('id').primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioLogin: varchar('usuario_login', { length: 60 }),
    ip: varchar('ip', { length: 64 }),
    /** The CASL subject of what changed (e.g. 'banco', 'usuario', 'beneficiario'). */
    entidade: varchar('entidade', { length: 60 }).notNull(),
    registroId: varchar('registro_id', { length: 40 }).notNull(),
    acao: varchar('acao', { length: 10 }).notNull(),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
  },
  (t) => [index('auditoria_eventos_registro_idx').on(t.entidade, t.registroId), index('auditoria_eventos_em_idx').on(t.em)],
);

export const ufs = pgTable('ufs', {
  sigla: varchar('sigla', { length: 2 }).primaryKey(),
  nome: varchar('nome', { length: 40 }).notNull(),
  ibge: integer('ibge').notNull(),
});

export const prestadores = pgTable(
  'prestadores',
  {
    id: serial('id').primaryKey(),
    codigo: varchar('codigo', { length: 20 }).notNull().unique(),
    nome: varchar('nome', { length: 150 }).notNull(),
    /** Nome fantasia or a complement shown beside the name. */
    adicional: varchar('adicional', { length: 150 }),
    tipoPessoa: varchar('tipo_pessoa', { length: 1 }).notNull(),
    cpf: varchar('cpf', { length: 11 }),
    cnpj: varchar('cnpj', { length: 14 }),
    inicioVigencia: date('inicio_vigencia').notNull(),
    fimVigencia: date('fim_vigencia'),
    /** Lower-case, accent-free name for prefix search. */
    nomeBusca: varchar('nome_busca', { length: 150 }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('prestadores_nome_busca_idx').on(sql`${t.nomeBusca} text_pattern_ops`),
    index('prestadores_cpf_idx').on(t.cpf),
    index('prestadores_cnpj_idx').on(t.cnpj),
  ],
);

export const beneficiarios = pgTable(
  'beneficiarios',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 150 }).notNull(),
    cpf: varchar('cpf', { length: 11 }),
    dataNascimento: date('data_nascimento'),
    email: varchar('email', { length: 120 }),
    telefone: varchar('telefone', { length: 11 }),
    cep: varchar('cep', { length: 8 }),
    /** Last time the beneficiary confirmed the registration data. */
    cadastroAtualizadoEm: timestamp('cadastro_atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('beneficiarios_cpf_idx').on(t.cpf)],
);

/**
 * Reference tables built from the resource definitions (src/shared/resources), one export each so drizzle-kit
 * sees them. `cidades` (IBGE municipalities, id = 7-digit IBGE code) is one of them.
 * Adding a resource: add its name here (tests/unit/resource-tables.test.ts lists a missing one), then `npm run db:generate`.
 */
export const {
  aliquotasIof, aliquotasIrrf, bancos, brasindiceMateriais, brasindiceMedicamentos, camposCriticados, cbos, cidades, cids, classesPrecos,
  classificacoesEstabelecimentos, classificacoesMatriculas, coparticipacoes, cotasUniao, declaracoes, dentes, distritos, empresas, especialidades,
  estadosCivis, eventosMensais, facesDentes, faixasEtarias, feriados, formasPagamento, fundosReserva, fundosSociais, fundosSociaisBeneficiarios,
  grausParentesco, gruposAcessosProcedimentos, gruposDentes, gruposImpostos, gruposProcedimentos, gruposProdutos, gruposTiss, historicosContasPagar,
  indexadores, indicesIpca, intercambios, joias, limitesCoparticipacao, limitesImpostos, mapeamentosPlanoConta, materiais, medicamentos, motivos,
  motivosAfastamento, motivosDesligamento, motivosSaida, operadoras, pacotes, paises, pendencias, percentuaisFuncoesExecutantes,
  percentuaisReducaoMargem, percentuaisTaxasUrgencias, percentuaisViaAcesso, permissoesDatas, planosContas, portesHonorarios, procedimentos, produtos,
  programasSaude, questionarios, quotasEmprestimo, regioesDentes, responsaveisProtocolos, retencoesMinimas, servicosAps, setoresEmpresa, siglas,
  situacoesContratantes, situacoesFaturamento, subsidiosContribuicao, tabelasImpostos, tabelasJurosMultas, tabelasParcelamentoValor, tabelasPrecos,
  tags, taxas, taxasBoleto, taxasCartao, tiposAcomodacoes, tiposCargos, tiposContasPagar, tiposContasReceber, tiposContribuicoes,
  tiposCoparticipacoes, tiposDescontos, tiposDocumentos, tiposImpostos, tiposPagamentos, unidadesMedida,
} = resourceTables;


import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { resourceTables } from '../resources/tables';
import { foldColumn } from './sql';

/** Password groups: whether the group's passwords follow the strong rule (spec §4) and expire. Permissions come from profiles (`perfis`). */
export const grupos = pgTable('grupos', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull().unique(),
  validaSenha: boolean('valida_senha').notNull().default(false),
});

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
  /** Bumped whenever the user's effective permissions may change (profiles, a profile's permissions): each API process's cache reloads them. */
  permissoesVersao: integer('permissoes_versao').notNull().default(1),
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
    /** The installation (CLIENT) that issued the token: another installation sharing the database refuses it. */
    cliente: varchar('cliente', { length: 20 }),
    /** The client address at login: a later login from it counts as a known address for throttling. */
    ip: varchar('ip', { length: 64 }),
    /** Last use (written at most once a minute): the idle timeout. */
    ultimoUsoEm: timestamp('ultimo_uso_em', { withTimezone: true }).defaultNow(),
  },
  (t) => [uniqueIndex('sessoes_token_hash_idx').on(t.tokenHash), index('sessoes_usuario_ip_idx').on(t.usuarioId, t.ip)],
);

/**
 * Login throttling counters, one row per key (account × address, address, account; src/server/auth/throttle.ts),
 * shared by every API process. An attempt is reserved here, atomically, before its password is checked.
 */
export const falhasLogin = pgTable('falhas_login', {
  id: serial('id').primaryKey(),
  chave: varchar('chave', { length: 200 }).notNull().unique(),
  /** Attempts counted (a success takes its own back; the account × address pair is cleared by one). */
  tentativas: integer('tentativas').notNull(),
  /** The last counted attempt: the wait runs from it, and a quiet key is forgotten. */
  em: timestamp('em', { withTimezone: true }).notNull(),
});

/** Notices (avisos): a resource (src/shared/resources/avisos.ts), its table built with the others below. */

/** The change trail (who, when, what changed), written in the same transaction as the change (src/server/trail). */
export const trilhaEventos = pgTable(
  'trilha_eventos',
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
  (t) => [index('trilha_eventos_registro_idx').on(t.entidade, t.registroId), index('trilha_eventos_em_idx').on(t.em)],
);

/**
 * Saved views (src/server/lists/views.ts): a user's named filters, sort and columns of one list (the list definition's
 * key); only their owner reads them. The query is the list's address format, checked against its definition when saved.
 */
export const visoesSalvas = pgTable(
  'visoes_salvas',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    lista: varchar('lista', { length: 80 }).notNull(),
    nome: varchar('nome', { length: 60 }).notNull(),
    consulta: varchar('consulta', { length: 2000 }).notNull(),
    colunas: jsonb('colunas'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('visoes_salvas_usuario_lista_nome_uq').on(t.usuarioId, t.lista, t.nome)],
);

/**
 * The access log (LGPD: who read whose personal record, and when), kept apart from the change trail: one row per
 * read of a beneficiary's or a provider's record (the record's GET routes and the detail screens' calls). Written in
 * batches by src/server/acessos/log.ts (one multi-row insert, off the read's path); nothing here is ever updated.
 */
export const acessosRegistros = pgTable(
  'acessos_registros',
  {
    id: serial('id').primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioLogin: varchar('usuario_login', { length: 60 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    /** Whose record: 'beneficiario' (titular or dependent) or 'prestador'. */
    entidade: varchar('entidade', { length: 20 }).notNull(),
    registroId: integer('registro_id').notNull(),
    /** What read it: the API route, without the query. */
    origem: varchar('origem', { length: 80 }).notNull(),
  },
  (t) => [index('acessos_registros_registro_idx').on(t.entidade, t.registroId, t.id), index('acessos_registros_usuario_idx').on(t.usuarioLogin, t.id)],
);

export const ufs = pgTable('ufs', {
  sigla: varchar('sigla', { length: 2 }).primaryKey(),
  nome: varchar('nome', { length: 40 }).notNull(),
  ibge: integer('ibge').notNull(),
});

/**
 * Reference tables built from the resource definitions (src/shared/resources), one export each so drizzle-kit
 * sees them. `cidades` (IBGE municipalities, id = 7-digit IBGE code) is one of them.
 * Adding a resource: add its name here (tests/unit/resources.test.ts lists a missing one), then `npm run db:generate`.
 */
export const {
  acordosPadraoProcedimentos, aliquotasIof, avisos, aliquotasIrrf, bancos, beneficiarios, fornecedores, prestadores, prestadoresIndiretos, profissionais, brasindiceMateriais, brasindiceMedicamentos, camposCriticados, cbos, cidades, cids, classesPrecos,
  classificacoesEstabelecimentos, classificacoesMatriculas, coparticipacoes, cotasUniao, declaracoes, dentes, distritos, empresas, especialidades,
  estadosCivis, eventosMensais, facesDentes, faixasEtarias, feriados, formasPagamento, fundosReserva, fundosSociais, fundosSociaisBeneficiarios,
  grausParentesco, gruposAcessosProcedimentos, gruposDentes, gruposImpostos, gruposProcedimentos, gruposProdutos, gruposTiss, historicosContasPagar,
  indexadores, indicesIpca, naturezasRendimentos, intercambios, joias, limitesCoparticipacao, limitesImpostos, mapeamentosPlanoConta, materiais, medicamentos, motivos,
  motivosAfastamento, motivosDesligamento, motivosSaida, operadoras, pacotes, paises, pendencias, percentuaisFuncoesExecutantes,
  percentuaisReducaoMargem, percentuaisTaxasUrgencias, percentuaisViaAcesso, permissoesDatas, planosContas, portesHonorarios, procedimentos, produtos,
  programasSaude, questionarios, quotasEmprestimo, regioesDentes, responsaveisProtocolos, retencoesMinimas, servicosAps, setoresEmpresa, siglas,
  situacoesContratantes, situacoesFaturamento, subsidiosContribuicao, tabelasImpostos, tabelasJurosMultas, tabelasParcelamentoValor, tabelasPrecos,
  tags, taxas, taxasBoleto, taxasCartao, tiposAcomodacoes, tiposCargos, tiposContasPagar, tiposContasReceber, tiposContribuicoes,
  tiposCoparticipacoes, tiposDescontos, tiposDocumentos, tiposImpostos, tiposPagamentos, unidadesMedida,
  itensSip, basesTps, descontosTps, indicadoresIdss,
} = resourceTables;


/**
 * A beneficiary's data-update request (/cadastro/beneficiarios/atualizacao-cadastral): the proposed values and the
 * values they replace; the operator approves (the change is applied and audited) or rejects it with a reason.
 */
export const atualizacoesCadastrais = pgTable(
  'atualizacoes_cadastrais',
  {
    id: serial('id').primaryKey(),
    protocolo: varchar('protocolo', { length: 20 }).notNull(),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id, { onDelete: 'cascade' }),
    solicitanteId: integer('solicitante_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Proposed values, by field ({telefone: '31988887777'}). */
    dados: jsonb('dados').notNull(),
    /** The record's values for the same fields when the request was made. */
    anteriores: jsonb('anteriores').notNull(),
    observacao: varchar('observacao', { length: 500 }),
    situacao: varchar('situacao', { length: 10 }).notNull().default('PENDENTE'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    decididaEm: timestamp('decidida_em', { withTimezone: true }),
    decididaPorId: integer('decidida_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    motivoRejeicao: varchar('motivo_rejeicao', { length: 500 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('atualizacoes_cadastrais_situacao_idx').on(t.situacao, t.criadaEm), index('atualizacoes_cadastrais_beneficiario_idx').on(t.beneficiarioId, t.criadaEm)],
);

/**
 * Authorization requests (issue 7, spec §2.5, DOMAIN §1.4–1.7): one row per guide (numero = numeroGuiaOperadora),
 * TISS status 1–7, the requesting professional as typed (council, number, UF, CBO), the senha and its validity once
 * authorized, the cancellation's reason and responsible user, and `version` for optimistic locking.
 */
export const autorizacoes = pgTable(
  'autorizacoes',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 20 }).notNull().unique(),
    tipo: varchar('tipo', { length: 24 }).notNull(),
    status: integer('status').notNull().default(2),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    prestadorExecutanteId: integer('prestador_executante_id').references(() => prestadores.id),
    profissionalId: integer('profissional_id').references(() => profissionais.id),
    conselho: varchar('conselho', { length: 2 }).notNull().default('06'),
    numeroConselho: varchar('numero_conselho', { length: 15 }).notNull(),
    ufConselho: varchar('uf_conselho', { length: 2 }).notNull(),
    nomeProfissional: varchar('nome_profissional', { length: 150 }),
    cbo: varchar('cbo', { length: 6 }),
    dataSolicitacao: date('data_solicitacao', { mode: 'string' }).notNull(),
    carater: varchar('carater', { length: 1 }).notNull().default('1'),
    indicacaoClinica: varchar('indicacao_clinica', { length: 500 }),
    cid: varchar('cid', { length: 4 }),
    referenciaId: integer('referencia_id'),
    observacao: varchar('observacao', { length: 500 }),
    /** First item's code and description, for the lists' procedure column and filter. */
    procedimento: varchar('procedimento', { length: 170 }).notNull().default(''),
    /** The guide's total in centavos: the sum of its items (quantity requested × unit value). */
    valor: bigint('valor_centavos', { mode: 'number' }).notNull().default(0),
    senha: varchar('senha', { length: 20 }),
    dataAutorizacao: date('data_autorizacao', { mode: 'string' }),
    validadeSenha: date('validade_senha', { mode: 'string' }),
    motivo: varchar('motivo', { length: 1000 }),
    responsavel: varchar('responsavel', { length: 150 }),
    criadaPorId: integer('criada_por_id'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    decididaEm: timestamp('decidida_em', { withTimezone: true }),
    decididaPorId: integer('decidida_por_id'),
    version: integer('version').notNull().default(1),
    /** The guide's or attachment's TISS clinical data (src/shared/autorizacoes/clinicos.ts), validated by its type's schema. */
    dadosClinicos: jsonb('dados_clinicos'),
  },
  (t) => [
    index('autorizacoes_fila_idx').on(t.status, t.dataSolicitacao, t.id),
    /** The audit queues' order (urgent first, then the oldest) per status, with the type: the page and its count read only the index. */
    index('autorizacoes_fila_carater_idx').on(t.status, t.carater.desc().nullsFirst(), t.dataSolicitacao, t.id, t.tipo),
    index('autorizacoes_beneficiario_idx').on(t.beneficiarioId, t.dataSolicitacao),
    index('autorizacoes_prestador_idx').on(t.prestadorId, t.dataSolicitacao),
    /** A provider's own requests are those it asked for or executes (most have no executing provider: partial). */
    index('autorizacoes_executante_idx').on(t.prestadorExecutanteId, t.dataSolicitacao).where(sql`${t.prestadorExecutanteId} is not null`),
    index('autorizacoes_data_idx').on(t.dataSolicitacao, t.id),
  ],
);

/** The requested items: TUSS table and code, quantities requested and authorized, tooth and face, negativa code. */
export const autorizacaoItens = pgTable(
  'autorizacao_itens',
  {
    id: serial('id').primaryKey(),
    autorizacaoId: integer('autorizacao_id')
      .notNull()
      .references(() => autorizacoes.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    tabela: varchar('tabela', { length: 2 }).notNull().default('22'),
    codigo: varchar('codigo', { length: 10 }).notNull(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    quantidadeSolicitada: integer('quantidade_solicitada').notNull(),
    quantidadeAutorizada: integer('quantidade_autorizada'),
    dente: varchar('dente', { length: 2 }),
    face: varchar('face', { length: 5 }),
    motivoNegativa: varchar('motivo_negativa', { length: 4 }),
    /** Unit value in centavos. */
    valor: bigint('valor_centavos', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('autorizacao_itens_autorizacao_idx').on(t.autorizacaoId, t.seq),
    /** The lists' procedure filter by TUSS code: the requests holding an item with the code. */
    index('autorizacao_itens_codigo_idx').on(t.codigo, t.autorizacaoId),
  ],
);

/** Attachments' metadata (the client requires one tagged `autorizacao_pedido_medico`). */
export const autorizacaoAnexos = pgTable(
  'autorizacao_anexos',
  {
    id: serial('id').primaryKey(),
    autorizacaoId: integer('autorizacao_id')
      .notNull()
      .references(() => autorizacoes.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 150 }).notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 2 }).notNull().default('03'),
    tag: varchar('tag', { length: 60 }).notNull(),
    tamanho: integer('tamanho').notNull().default(0),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
    /** The uploaded file (arquivos); null only for documents of requests migrated from the former system. */
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'restrict' }),
  },
  (t) => [index('autorizacao_anexos_autorizacao_idx').on(t.autorizacaoId), index('autorizacao_anexos_arquivo_idx').on(t.arquivoId)],
);

/** Every status change of a request: who, when, what and why (shown as the request's history). */
export const autorizacaoHistorico = pgTable(
  'autorizacao_historico',
  {
    id: serial('id').primaryKey(),
    autorizacaoId: integer('autorizacao_id')
      .notNull()
      .references(() => autorizacoes.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 24 }).notNull(),
    de: integer('de'),
    para: integer('para').notNull(),
    motivo: varchar('motivo', { length: 1000 }),
    responsavel: varchar('responsavel', { length: 150 }),
    detalhes: jsonb('detalhes'),
  },
  (t) => [index('autorizacao_historico_autorizacao_idx').on(t.autorizacaoId, t.em)],
);

/** Text in the "C" collation: a folded search column whose btree index serves LIKE 'x%' and the accent-free sort. */
const varcharC = customType<{ data: string; config: { length: number } }>({ dataType: (c) => `varchar(${c?.length ?? 255}) COLLATE "C"` });

/**
 * Document protocols (/principal/protocolos-documentos): what came in, from whom, for which sector; the number
 * (AAAA/NNNNNN) from `protocolo_numeracao`; the sender's name as it was written or read from the registry when the
 * document came in (the list searches it, folded, in `remetente_busca`); `version` for optimistic locking.
 */
export const protocolosDocumentos = pgTable(
  'protocolos_documentos',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 11 }).notNull().unique(),
    status: varchar('status', { length: 12 }).notNull().default('PROTOCOLADO'),
    remetenteTipo: varchar('remetente_tipo', { length: 12 }).notNull(),
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    prestadorId: integer('prestador_id').references(() => prestadores.id),
    remetenteNome: varchar('remetente_nome', { length: 150 }).notNull(),
    remetenteBusca: varcharC('remetente_busca', { length: 150 }).generatedAlwaysAs(foldColumn('remetente_nome')),
    /** CPF or CNPJ, raw. */
    remetenteDocumento: varchar('remetente_documento', { length: 14 }),
    tipoDocumento: varchar('tipo_documento', { length: 12 }).notNull(),
    assunto: varchar('assunto', { length: 200 }).notNull(),
    setorId: integer('setor_id')
      .notNull()
      .references(() => setoresEmpresa.id),
    folhas: integer('folhas').notNull(),
    recebidoEm: date('recebido_em', { mode: 'string' }).notNull(),
    canal: varchar('canal', { length: 10 }).notNull(),
    observacao: varchar('observacao', { length: 1000 }),
    /** The last reason given (devolução, cancelamento). */
    motivo: varchar('motivo', { length: 1000 }),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    /** The list's default order (latest received first, then the registration order). */
    index('protocolos_documentos_recebido_idx').on(t.recebidoEm, t.id),
    index('protocolos_documentos_status_idx').on(t.status, t.recebidoEm, t.id),
    index('protocolos_documentos_setor_idx').on(t.setorId, t.recebidoEm),
    index('protocolos_documentos_remetente_idx').on(t.remetenteBusca),
    index('protocolos_documentos_beneficiario_idx').on(t.beneficiarioId).where(sql`${t.beneficiarioId} is not null`),
    index('protocolos_documentos_prestador_idx').on(t.prestadorId).where(sql`${t.prestadorId} is not null`),
  ],
);

/** Every step of a protocol: who, when, from which status to which, the note and the sector it went to. */
export const protocoloHistorico = pgTable(
  'protocolo_historico',
  {
    id: serial('id').primaryKey(),
    protocoloId: integer('protocolo_id')
      .notNull()
      .references(() => protocolosDocumentos.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 12 }),
    para: varchar('para', { length: 12 }).notNull(),
    nota: varchar('nota', { length: 1000 }),
    setorId: integer('setor_id').references(() => setoresEmpresa.id),
  },
  (t) => [index('protocolo_historico_protocolo_idx').on(t.protocoloId, t.em)],
);

/** The protocol numbers' counter, one row per year: the registering transaction increments (and so locks) its year's row. */
export const protocoloNumeracao = pgTable('protocolo_numeracao', {
  ano: integer('ano').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Durable files (uploads, imports, generated results) with their content in the database: one backup holds
 * everything. `contexto` says what the file belongs to, so a download asks that owner's access rule.
 */
export const arquivos = pgTable(
  'arquivos',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 200 }).notNull(),
    /** The type found in the content (not the name): application/pdf, image/png, text/csv… */
    tipo: varchar('tipo', { length: 100 }).notNull(),
    tamanho: integer('tamanho').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** 'execucao' (a job's result), 'autorizacao', 'gerenciador'… */
    contexto: varchar('contexto', { length: 20 }).notNull(),
    contextoId: integer('contexto_id'),
    donoId: integer('dono_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('arquivos_contexto_idx').on(t.contexto, t.contextoId)],
);

/**
 * The shared file manager's folders (/util/gerenciador/arquivo), nested by `pai_id` (null = a folder at the root).
 * Its files are `arquivos` rows with contexto 'gerenciador' and contexto_id = the folder (null = the root).
 * A folder is deleted only when empty (`restrict` below keeps a subfolder from losing its parent).
 */
export const pastas = pgTable(
  'pastas',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 120 }).notNull(),
    paiId: integer('pai_id').references((): AnyPgColumn => pastas.id, { onDelete: 'restrict' }),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** The creator's name as it was (a removed account keeps its folders readable). */
    criadoPorNome: varchar('criado_por_nome', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  // one name per parent, whatever the case: two "Contratos" side by side would be two folders nobody tells apart
  (t) => [uniqueIndex('pastas_pai_nome_uq').on(sql`coalesce(${t.paiId}, 0)`, sql`lower(${t.nome})`), index('pastas_pai_idx').on(t.paiId)],
);

/**
 * A file's content in parts of 1 MB, in order: each part is one short statement, so a 50 MB export is written and
 * read without holding the embedded database's single connection for seconds.
 */
export const arquivosPartes = pgTable(
  'arquivos_partes',
  {
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => arquivos.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    dados: bytea('dados').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arquivoId, t.n] })],
);

/**
 * A run (job) of a process or export command: who, what, with which parameters, how far, and how it ended.
 * pg-boss carries the queue (claiming, scheduling, heartbeats); this row is what the user reads.
 */
export const execucoes = pgTable(
  'execucoes',
  {
    id: serial('id').primaryKey(),
    /** What runs: 'exportacao-lista' or a process/export command's own kind. */
    tipo: varchar('tipo', { length: 40 }).notNull(),
    /** The command whose permission the run needs (checked when queued and again at each download). */
    comando: varchar('comando', { length: 200 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    parametros: jsonb('parametros').notNull(),
    /** fila, executando, concluida, falhou, cancelada */
    status: varchar('status', { length: 12 }).notNull().default('fila'),
    progresso: integer('progresso').notNull().default(0),
    etapa: varchar('etapa', { length: 200 }),
    /** The reason of a failure or cancellation, in Portuguese. */
    erro: varchar('erro', { length: 1000 }),
    cancelarPedido: boolean('cancelar_pedido').notNull().default(false),
    tentativas: integer('tentativas').notNull().default(0),
    /** The pg-boss job id, to reconcile a run whose worker died. */
    filaId: varchar('fila_id', { length: 64 }),
    /** The process that ran it (host:pid): with several workers, the administrator sees which one. */
    executor: varchar('executor', { length: 120 }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    terminadoEm: timestamp('terminado_em', { withTimezone: true }),
  },
  (t) => [index('execucoes_usuario_idx').on(t.usuarioId, t.id), index('execucoes_comando_idx').on(t.comando, t.id), index('execucoes_status_idx').on(t.status)],
);

/** The log of a run, line by line, as the user reads it. */
export const execucoesLog = pgTable(
  'execucoes_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    execucaoId: integer('execucao_id')
      .notNull()
      .references(() => execucoes.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    nivel: varchar('nivel', { length: 8 }).notNull().default('info'),
    mensagem: varchar('mensagem', { length: 2000 }).notNull(),
  },
  (t) => [index('execucoes_log_execucao_idx').on(t.execucaoId, t.id)],
);

/**
 * The service desk's contacts (/operadora/atendimentos): who (a beneficiary or a provider, the name as read from the
 * registry when the contact was registered; the list searches it folded in `pessoa_busca`), how and why, the related
 * authorization or document protocol, start and end, the attendant; the protocol (RN 623/2024, 20 digits) from
 * `atendimento_numeracao`; `version` for optimistic locking.
 */
export const atendimentos = pgTable(
  'atendimentos',
  {
    id: serial('id').primaryKey(),
    protocolo: varchar('protocolo', { length: 20 }).notNull().unique(),
    status: varchar('status', { length: 12 }).notNull().default('EM_ANDAMENTO'),
    pessoaTipo: varchar('pessoa_tipo', { length: 12 }).notNull(),
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    prestadorId: integer('prestador_id').references(() => prestadores.id),
    pessoaNome: varchar('pessoa_nome', { length: 150 }).notNull(),
    pessoaBusca: varcharC('pessoa_busca', { length: 150 }).generatedAlwaysAs(foldColumn('pessoa_nome')),
    canal: varchar('canal', { length: 12 }).notNull(),
    motivo: varchar('motivo', { length: 12 }).notNull(),
    descricao: varchar('descricao', { length: 2000 }).notNull(),
    autorizacaoId: integer('autorizacao_id').references(() => autorizacoes.id),
    protocoloDocumentoId: integer('protocolo_documento_id').references(() => protocolosDocumentos.id),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    /** Null while the contact goes on; set by the conclusion at the latest. */
    fim: timestamp('fim', { withTimezone: true }),
    resultado: varchar('resultado', { length: 20 }),
    /** The last reason given (cancelamento, reabertura). */
    justificativa: varchar('justificativa', { length: 1000 }),
    atendenteId: integer('atendente_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Kept as written: contacts imported from the former system name attendants who have no login here. */
    atendenteNome: varchar('atendente_nome', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    /** The list's default order (newest first). */
    index('atendimentos_inicio_idx').on(t.inicio, t.id),
    index('atendimentos_status_idx').on(t.status, t.inicio, t.id),
    index('atendimentos_pessoa_idx').on(t.pessoaBusca),
    index('atendimentos_beneficiario_idx').on(t.beneficiarioId).where(sql`${t.beneficiarioId} is not null`),
    index('atendimentos_prestador_idx').on(t.prestadorId).where(sql`${t.prestadorId} is not null`),
  ],
);

/** Every step of a contact: who, when, from which status to which, the outcome and the note. */
export const atendimentoHistorico = pgTable(
  'atendimento_historico',
  {
    id: serial('id').primaryKey(),
    atendimentoId: integer('atendimento_id')
      .notNull()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 12 }),
    para: varchar('para', { length: 12 }).notNull(),
    resultado: varchar('resultado', { length: 20 }),
    nota: varchar('nota', { length: 1000 }),
  },
  (t) => [index('atendimento_historico_atendimento_idx').on(t.atendimentoId, t.em)],
);

/** The contact protocols' counter, one row per São Paulo day: the registering transaction increments (and locks) its day's row. */
export const atendimentoNumeracao = pgTable('atendimento_numeracao', {
  dia: date('dia', { mode: 'string' }).primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/**
 * Cards issued to beneficiaries (carteirinhas): one row per issue ("via"). The newest active row is the card in
 * force (its validity shows on the virtual card); an issue replaces the previous one ("SUBSTITUIDO").
 */
export const cartoes = pgTable(
  'cartoes',
  {
    id: serial('id').primaryKey(),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id, { onDelete: 'cascade' }),
    carteirinha: varchar('carteirinha', { length: 16 }).notNull(),
    via: integer('via').notNull(),
    /** PRIMEIRA_VIA, SEGUNDA_VIA, RENOVACAO */
    motivo: varchar('motivo', { length: 20 }).notNull(),
    emissao: date('emissao', { mode: 'string' }).notNull(),
    validade: date('validade', { mode: 'string' }).notNull(),
    /** ATIVO, SUBSTITUIDO */
    situacao: varchar('situacao', { length: 12 }).notNull().default('ATIVO'),
    /** The run that issued it (its PDF and embossing file). */
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    /** Alteração de Cartão: the number this issue replaced (the card may predate the cards issued here). */
    carteirinhaAnterior: varchar('carteirinha_anterior', { length: 16 }),
  },
  (t) => [
    uniqueIndex('cartoes_beneficiario_via_uq').on(t.beneficiarioId, t.via),
    index('cartoes_ativo_idx').on(t.beneficiarioId).where(sql`${t.situacao} = 'ATIVO'`),
    index('cartoes_execucao_idx').on(t.execucaoId),
  ],
);

/**
 * Scheduled runs (an administrator's monthly process): the command, its parameters as typed on its screen (parsed
 * again at each run), and when. The queue (pg-boss `schedule`, key = id) fires it; each firing queues a run
 * owned by the user who scheduled it, with that user's permissions at the time.
 */
export const agendamentos = pgTable(
  'agendamentos',
  {
    id: serial('id').primaryKey(),
    tipo: varchar('tipo', { length: 40 }).notNull(),
    comando: varchar('comando', { length: 200 }).notNull(),
    parametros: jsonb('parametros').notNull(),
    /** DIARIA, SEMANAL, MENSAL */
    frequencia: varchar('frequencia', { length: 10 }).notNull(),
    dia: integer('dia').notNull(),
    hora: varchar('hora', { length: 5 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agendamentos_comando_idx').on(t.comando)],
);

/**
 * The outbox of e-mail to providers (mala direta): each message is written here first, by the run that composed it,
 * and sent later through SMTP when the server has one (SMTP_HOST). The address and the name are copied as they were
 * when written, so the message reads the same after the provider's record changes.
 */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    prestadorId: integer('prestador_id').references(() => prestadores.id, { onDelete: 'set null' }),
    para: varchar('para', { length: 120 }).notNull(),
    nome: varchar('nome', { length: 150 }).notNull(),
    assunto: varchar('assunto', { length: 300 }).notNull(),
    corpo: text('corpo').notNull(),
    /** pendente, enviado, erro */
    status: varchar('status', { length: 10 }).notNull().default('pendente'),
    /** The SMTP server's answer (or the connection failure) of the last attempt that failed, in Portuguese. */
    erro: varchar('erro', { length: 1000 }),
    tentativas: integer('tentativas').notNull().default(0),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    /** The run that wrote it (its CSV lists the messages); a run removed leaves the message. */
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('emails_execucao_idx').on(t.execucaoId, t.id),
    index('emails_prestador_idx').on(t.prestadorId),
    index('emails_pendente_idx').on(t.id).where(sql`${t.status} = 'pendente'`),
  ],
);

/**
 * Price history of the reference tables a run changes (Atualização do Brasíndice): one row per record and price field
 * whose value changed, the value before and after, the edition and date it is valid from, and the run that wrote it.
 * The trail says who changed the record; this says what the price was at each edition.
 */
export const historicoPrecos = pgTable(
  'historico_precos',
  {
    id: serial('id').primaryKey(),
    /** The resource subject: material, medicamento, brasindicematerial, brasindicemedicamento. */
    entidade: varchar('entidade', { length: 30 }).notNull(),
    registroId: integer('registro_id').notNull(),
    codigo: varchar('codigo', { length: 20 }).notNull(),
    /** valor, pmc or pfb. */
    campo: varchar('campo', { length: 10 }).notNull(),
    valorAnterior: bigint('valor_anterior_centavos', { mode: 'number' }),
    valorNovo: bigint('valor_novo_centavos', { mode: 'number' }),
    vigencia: date('vigencia', { mode: 'string' }).notNull(),
    edicao: varchar('edicao', { length: 6 }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('historico_precos_registro_idx').on(t.entidade, t.registroId, t.em), index('historico_precos_execucao_idx').on(t.execucaoId)],
);

/**
 * Earlier matrículas of a beneficiary (Alteração de Matrícula, one by one or from a file): the old number stays
 * findable (indexed) after the record moved to the new one, with who changed it, why and in which run.
 */
export const matriculasAnteriores = pgTable(
  'matriculas_anteriores',
  {
    id: serial('id').primaryKey(),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id, { onDelete: 'cascade' }),
    matricula: varchar('matricula', { length: 10 }).notNull(),
    matriculaNova: varchar('matricula_nova', { length: 10 }).notNull(),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('matriculas_anteriores_matricula_idx').on(t.matricula), index('matriculas_anteriores_beneficiario_idx').on(t.beneficiarioId), index('matriculas_anteriores_execucao_idx').on(t.execucaoId)],
);

/** Plan changes (Migração de Plano): the plan before and after, from which day, and the run that moved it. */
export const mudancasPlano = pgTable(
  'mudancas_plano',
  {
    id: serial('id').primaryKey(),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id, { onDelete: 'cascade' }),
    produtoAnterior: integer('produto_anterior')
      .notNull()
      .references(() => produtos.id),
    produtoNovo: integer('produto_novo')
      .notNull()
      .references(() => produtos.id),
    vigencia: date('vigencia', { mode: 'string' }).notNull(),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mudancas_plano_beneficiario_idx').on(t.beneficiarioId, t.vigencia), index('mudancas_plano_execucao_idx').on(t.execucaoId)],
);

/**
 * Idempotency of creations (src/server/http/idempotencia.ts): a repeated submission (the form's Idempotency-Key) by the
 * same user returns the record the first one created. `escopo` is the kind (autorizacao, manifestacao); `registro_id`
 * its id. The key is inserted in the creating transaction: a parallel repeat waits on the primary key and then finds it.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    escopo: varchar('escopo', { length: 20 }).notNull(),
    chave: varchar('chave', { length: 100 }).notNull(),
    registroId: integer('registro_id').notNull(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.escopo, t.chave] })],
);

/**
 * TISS billing (issue 15): a provider's lot of guides received by the operator, with its protocol number
 * (st_texto12: the year and a sequence of the year) and the TISS protocol status (dm_statusProtocolo, '1' Recebido).
 * A provider's lot number is received once: the unique key recognises a lot sent twice.
 */
export const protocolosRecebimento = pgTable(
  'protocolos_recebimento',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    numeroLote: varchar('numero_lote', { length: 12 }).notNull(),
    /** The TISS version of the message (cabecalho/Padrao). */
    padrao: varchar('padrao', { length: 8 }).notNull(),
    tipoGuia: varchar('tipo_guia', { length: 20 }).notNull(),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    qtdGuias: integer('qtd_guias').notNull(),
    valorInformado: bigint('valor_informado_centavos', { mode: 'number' }).notNull(),
    /**
     * The sums of the guides' glosa and released values (src/server/faturamento/totais-protocolo.ts: every writer of a
     * guide's totals keeps them), so the lists over protocols read no guide.
     */
    valorGlosa: bigint('valor_glosa_centavos', { mode: 'number' }).notNull().default(0),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }).notNull().default(0),
    /** The epílogo hash as sent, and the bytes it matched (ISO-8859-1, or UTF-8 as some counterparts compute it). */
    hash: varchar('hash', { length: 32 }),
    hashCharset: varchar('hash_charset', { length: 10 }),
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    /** 'XML' (a lot file sent) or 'PORTAL' (bills typed in the portal and closed into this protocol). */
    origem: varchar('origem', { length: 6 }).notNull().default('XML'),
    /** When the review was closed: the released values are fixed from then on (the demonstrativo de pagamento's date). */
    analiseEncerradaEm: timestamp('analise_encerrada_em', { withTimezone: true }),
    /** Fechamento de Glosa Manual: the glosas were made final by hand (no appeal is received after it). */
    glosaFechadaEm: timestamp('glosa_fechada_em', { withTimezone: true }),
    glosaFechadaPorId: integer('glosa_fechada_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('protocolos_recebimento_lote_uq').on(t.prestadorId, t.numeroLote),
    index('protocolos_recebimento_recebido_idx').on(t.recebidoEm, t.id),
    index('protocolos_recebimento_prestador_idx').on(t.prestadorId, t.recebidoEm, t.id),
    index('protocolos_recebimento_status_idx').on(t.status, t.recebidoEm, t.id),
    /** The bill review's sort on value (Faturamentos de Prestadores): a top-N without sorting every protocol. */
    index('protocolos_recebimento_valor_idx').on(t.valorInformado, t.id),
    /**
     * Fechamento de Glosa Manual: the reviewed protocols with glosa (or whose glosas were closed), in the list's
     * default order and by value glosed; the predicate is the list's (digitacao-listas.ts), written the same.
     */
    index('protocolos_recebimento_fechamento_idx')
      .on(t.analiseEncerradaEm, t.id)
      .where(sql`${t.status} not in ('1', '2') and (${t.valorGlosa} > 0 or ${t.glosaFechadaEm} is not null)`),
    index('protocolos_recebimento_fechamento_valor_idx')
      .on(t.valorGlosa, t.id)
      .where(sql`${t.status} not in ('1', '2') and (${t.valorGlosa} > 0 or ${t.glosaFechadaEm} is not null)`),
  ],
);

/** The receipt protocols' counter, one row per year (incremented, and so locked, by the receiving transaction). */
export const protocoloRecebimentoNumeracao = pgTable('protocolo_recebimento_numeracao', {
  ano: integer('ano').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/** A billed guide of a received lot, as the provider informed it; the review fills the released and glosa values. */
export const guiasFaturadas = pgTable(
  'guias_faturadas',
  {
    id: serial('id').primaryKey(),
    protocoloId: integer('protocolo_id')
      .notNull()
      .references(() => protocolosRecebimento.id, { onDelete: 'cascade' }),
    /** Its place in the lot (1…100). */
    ordem: integer('ordem').notNull(),
    numeroGuiaPrestador: varchar('numero_guia_prestador', { length: 20 }).notNull(),
    numeroGuiaOperadora: varchar('numero_guia_operadora', { length: 20 }),
    senha: varchar('senha', { length: 20 }),
    dataAutorizacao: date('data_autorizacao', { mode: 'string' }),
    numeroCarteira: varchar('numero_carteira', { length: 20 }).notNull(),
    /** The beneficiary of that card, when the card is known (an unknown one is a glosa of the review, not a refusal). */
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    dataAtendimento: date('data_atendimento', { mode: 'string' }).notNull(),
    valorInformado: bigint('valor_informado_centavos', { mode: 'number' }).notNull(),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }),
    valorGlosa: bigint('valor_glosa_centavos', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('guias_faturadas_protocolo_idx').on(t.protocoloId, t.ordem),
    index('guias_faturadas_numero_idx').on(t.numeroGuiaPrestador),
    index('guias_faturadas_beneficiario_idx').on(t.beneficiarioId, t.dataAtendimento),
    /** The attendance control finds an authorization's billed guide by its senha. */
    index('guias_faturadas_senha_idx').on(t.senha).where(sql`${t.senha} is not null`),
  ],
);

/** A billed item (procedure) of a guide: quantity and informed value; the review's released value and glosa code. */
export const itensFaturados = pgTable(
  'itens_faturados',
  {
    id: serial('id').primaryKey(),
    guiaId: integer('guia_id')
      .notNull()
      .references(() => guiasFaturadas.id, { onDelete: 'cascade' }),
    sequencial: integer('sequencial').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    codigoTabela: varchar('codigo_tabela', { length: 2 }).notNull(),
    codigoProcedimento: varchar('codigo_procedimento', { length: 10 }).notNull(),
    procedimentoId: integer('procedimento_id')
      .notNull()
      .references(() => procedimentos.id),
    descricao: varchar('descricao', { length: 150 }),
    quantidade: integer('quantidade').notNull(),
    valorUnitario: bigint('valor_unitario_centavos', { mode: 'number' }).notNull(),
    valorInformado: bigint('valor_informado_centavos', { mode: 'number' }).notNull(),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }),
    valorGlosa: bigint('valor_glosa_centavos', { mode: 'number' }).notNull().default(0),
    /** The automatic checks' proposal (TUSS table 38 code), which the reviewer accepts or changes. */
    glosaProposta: varchar('glosa_proposta', { length: 4 }),
    /** TUSS table 38 code of the item's glosa, as the review decided. */
    glosaCodigo: varchar('glosa_codigo', { length: 4 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('itens_faturados_guia_idx').on(t.guiaId, t.sequencial), index('itens_faturados_procedimento_idx').on(t.procedimentoId)],
);

/**
 * A bill typed in the portal (issue 15, flow 1: Digitar Faturas, Atender Autorização): one guide executed by the
 * provider, usually of an authorized senha (pre-filled from the authorization), with its executing professional and
 * items. It stays ABERTA until the provider closes it into a protocol (Encerrar Fatura / Gerar Protocolo): then it
 * is PROTOCOLADA, and its guide and items are stored in `guias_faturadas`/`itens_faturados` like an imported lot's.
 * A provider's guide number is typed once among its bills that are not cancelled (the partial unique key).
 */
export const faturasDigitadas = pgTable(
  'faturas_digitadas',
  {
    id: serial('id').primaryKey(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    autorizacaoId: integer('autorizacao_id').references(() => autorizacoes.id),
    /** 'SP-SADT' or 'CONSULTA' (TIPOS_GUIA of the lot import). */
    tipoGuia: varchar('tipo_guia', { length: 20 }).notNull(),
    numeroGuiaPrestador: varchar('numero_guia_prestador', { length: 20 }).notNull(),
    numeroGuiaOperadora: varchar('numero_guia_operadora', { length: 20 }),
    senha: varchar('senha', { length: 20 }),
    dataAutorizacao: date('data_autorizacao', { mode: 'string' }),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    numeroCarteira: varchar('numero_carteira', { length: 20 }).notNull(),
    dataAtendimento: date('data_atendimento', { mode: 'string' }).notNull(),
    carater: varchar('carater', { length: 1 }).notNull().default('1'),
    /** The executing professional (TISS dm_conselhoProfissional code, number, UF, CBO-S). */
    conselho: varchar('conselho', { length: 2 }).notNull(),
    numeroConselho: varchar('numero_conselho', { length: 15 }).notNull(),
    ufConselho: varchar('uf_conselho', { length: 2 }).notNull(),
    cbo: varchar('cbo', { length: 6 }).notNull(),
    nomeProfissional: varchar('nome_profissional', { length: 70 }),
    observacao: varchar('observacao', { length: 500 }),
    valorInformado: bigint('valor_informado_centavos', { mode: 'number' }).notNull(),
    /** ABERTA (typed, not billed yet), PROTOCOLADA (closed into `protocolo_id`), CANCELADA. */
    status: varchar('status', { length: 12 }).notNull().default('ABERTA'),
    protocoloId: integer('protocolo_id').references(() => protocolosRecebimento.id, { onDelete: 'set null' }),
    guiaFaturadaId: integer('guia_faturada_id').references(() => guiasFaturadas.id, { onDelete: 'set null' }),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('faturas_digitadas_prestador_idx').on(t.prestadorId, t.status, t.criadoEm, t.id),
    index('faturas_digitadas_criado_idx').on(t.criadoEm, t.id),
    index('faturas_digitadas_autorizacao_idx').on(t.autorizacaoId),
    uniqueIndex('faturas_digitadas_guia_uq').on(t.prestadorId, t.numeroGuiaPrestador).where(sql`${t.status} <> 'CANCELADA'`),
  ],
);

/** An item of a typed bill: the procedure (TUSS 22), the day it was done, quantity and values in centavos. */
export const faturasDigitadasItens = pgTable(
  'faturas_digitadas_itens',
  {
    id: serial('id').primaryKey(),
    faturaId: integer('fatura_id')
      .notNull()
      .references(() => faturasDigitadas.id, { onDelete: 'cascade' }),
    sequencial: integer('sequencial').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    codigoTabela: varchar('codigo_tabela', { length: 2 }).notNull().default('22'),
    codigoProcedimento: varchar('codigo_procedimento', { length: 10 }).notNull(),
    procedimentoId: integer('procedimento_id')
      .notNull()
      .references(() => procedimentos.id),
    descricao: varchar('descricao', { length: 150 }),
    quantidade: integer('quantidade').notNull(),
    valorUnitario: bigint('valor_unitario_centavos', { mode: 'number' }).notNull(),
    valorTotal: bigint('valor_total_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [index('faturas_digitadas_itens_fatura_idx').on(t.faturaId, t.sequencial)],
);

/**
 * Recurso de glosa (issue 15, flow 4): a provider's appeal of glosas of one received protocol, sent as a TISS
 * RECURSO_GLOSA message or typed in the portal, with its own protocol number (st_texto12). The provider's appeal
 * guide number (numeroGuiaRecGlosaPrestador) is received once: the unique key recognises a file sent twice.
 */
export const recursosGlosa = pgTable(
  'recursos_glosa',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    protocoloId: integer('protocolo_id')
      .notNull()
      .references(() => protocolosRecebimento.id, { onDelete: 'cascade' }),
    numeroGuiaRecurso: varchar('numero_guia_recurso', { length: 20 }).notNull(),
    /** 'XML' (RECURSO_GLOSA file) or 'PORTAL' (typed). */
    origem: varchar('origem', { length: 6 }).notNull(),
    /** dm_objetoRecurso: 2 recurso de guia (per guide or per item). */
    objeto: varchar('objeto', { length: 1 }).notNull().default('2'),
    padrao: varchar('padrao', { length: 8 }),
    hash: varchar('hash', { length: 32 }),
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    valorRecursado: bigint('valor_recursado_centavos', { mode: 'number' }).notNull(),
    valorAcatado: bigint('valor_acatado_centavos', { mode: 'number' }).notNull().default(0),
    /** dm_statusProtocolo: '1' Recebido, '2' Em análise (some items decided), '3' Liberado para pagamento (all decided). */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('recursos_glosa_guia_uq').on(t.prestadorId, t.numeroGuiaRecurso),
    index('recursos_glosa_prestador_idx').on(t.prestadorId, t.criadoEm, t.id),
    index('recursos_glosa_criado_idx').on(t.criadoEm, t.id),
    /** A protocol's appeals (its open appeal items in Fechamento de Glosa Manual). */
    index('recursos_glosa_protocolo_idx').on(t.protocoloId),
  ],
);

/**
 * One appealed item: the glosa code and value appealed with the provider's reason, and the operator's decision
 * (3092 acatado total, 3095 acatado parcial, 2902 glosa mantida) with the value accepted and its reason. An item is
 * appealed once (2904): the unique key on the billed item.
 */
export const recursosGlosaItens = pgTable(
  'recursos_glosa_itens',
  {
    id: serial('id').primaryKey(),
    recursoId: integer('recurso_id')
      .notNull()
      .references(() => recursosGlosa.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => itensFaturados.id, { onDelete: 'cascade' })
      .unique(),
    /** The appeal was of the whole guide (recursoGuiaCompleta) rather than of this item. */
    guiaCompleta: boolean('guia_completa').notNull().default(false),
    codigoGlosa: varchar('codigo_glosa', { length: 4 }).notNull(),
    valorRecursado: bigint('valor_recursado_centavos', { mode: 'number' }).notNull(),
    justificativa: varchar('justificativa', { length: 500 }).notNull(),
    resultado: varchar('resultado', { length: 4 }),
    valorAcatado: bigint('valor_acatado_centavos', { mode: 'number' }),
    justificativaOperadora: varchar('justificativa_operadora', { length: 500 }),
    decididoPorId: integer('decidido_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('recursos_glosa_itens_recurso_idx').on(t.recursoId, t.id)],
);

/** Permission profiles (Acesso › Configuração de Permissões): named sets of 'subject:action' permissions. */
export const perfis = pgTable('perfis', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull().unique(),
  descricao: varchar('descricao', { length: 200 }),
  version: integer('version').notNull().default(1),
});

export const perfilPermissoes = pgTable(
  'perfil_permissoes',
  {
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfis.id, { onDelete: 'cascade' }),
    permissao: varchar('permissao', { length: 120 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.perfilId, t.permissao] })],
);

/** A user's profiles: the effective permissions are their union (src/server/auth/permissions.ts). */
export const usuarioPerfis = pgTable(
  'usuario_perfis',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfis.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.perfilId] }), index('usuario_perfis_perfil_idx').on(t.perfilId)],
);

/**
 * Access rule groups (Acesso › Regras): when (days, hours, dates) and from where (networks) the users they apply to
 * may work — the holders of their profiles and the users attached directly. `regras` holds the group's windows
 * (`Regra` of src/shared/usuarios/regras.ts, validated by its schema on every write): any one of them lets a user in.
 */
export const gruposRegras = pgTable('grupos_regras', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 80 }).notNull().unique(),
  descricao: varchar('descricao', { length: 200 }),
  ativo: boolean('ativo').notNull().default(true),
  regras: jsonb('regras').notNull(),
  version: integer('version').notNull().default(1),
});

export const grupoRegrasPerfis = pgTable(
  'grupo_regras_perfis',
  {
    grupoId: integer('grupo_id')
      .notNull()
      .references(() => gruposRegras.id, { onDelete: 'cascade' }),
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfis.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.grupoId, t.perfilId] }), index('grupo_regras_perfis_perfil_idx').on(t.perfilId)],
);

export const grupoRegrasUsuarios = pgTable(
  'grupo_regras_usuarios',
  {
    grupoId: integer('grupo_id')
      .notNull()
      .references(() => gruposRegras.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.grupoId, t.usuarioId] }), index('grupo_regras_usuarios_usuario_idx').on(t.usuarioId)],
);

/**
 * The ombudsman's manifestações (/ouvidoria): whose (the beneficiary, the name kept as read), what, the RN 623
 * protocol (the service desk's daily counter, `atendimento_numeracao`), the answer's deadline in business days
 * (`prazo`, extended once to 30 with `justificativa_prorrogacao`), the area it waits on, the answer and the rating.
 */
export const manifestacoes = pgTable(
  'manifestacoes',
  {
    id: serial('id').primaryKey(),
    protocolo: varchar('protocolo', { length: 20 }).notNull().unique(),
    status: varchar('status', { length: 16 }).notNull().default('REGISTRADA'),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    beneficiarioNome: varchar('beneficiario_nome', { length: 150 }).notNull(),
    beneficiarioBusca: varcharC('beneficiario_busca', { length: 150 }).generatedAlwaysAs(foldColumn('beneficiario_nome')),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    assunto: varchar('assunto', { length: 12 }).notNull(),
    descricao: varchar('descricao', { length: 4000 }).notNull(),
    canal: varchar('canal', { length: 12 }).notNull(),
    contato: varchar('contato', { length: 12 }).notNull(),
    contatoValor: varchar('contato_valor', { length: 150 }),
    protocoloPrimeiraInstancia: varchar('protocolo_primeira_instancia', { length: 20 }),
    atendimentoId: integer('atendimento_id').references(() => atendimentos.id),
    autorizacaoId: integer('autorizacao_id').references(() => autorizacoes.id),
    prazo: date('prazo', { mode: 'string' }).notNull(),
    justificativaProrrogacao: varchar('justificativa_prorrogacao', { length: 1000 }),
    area: varchar('area', { length: 12 }),
    resposta: varchar('resposta', { length: 4000 }),
    respondidaEm: timestamp('respondida_em', { withTimezone: true }),
    satisfacao: integer('satisfacao'),
    registradaPorId: integer('registrada_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    registradaPor: varchar('registrada_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('manifestacoes_prazo_idx').on(t.prazo, t.id),
    index('manifestacoes_criado_idx').on(t.criadoEm, t.id),
    index('manifestacoes_beneficiario_idx').on(t.beneficiarioId),
    index('manifestacoes_busca_idx').on(t.beneficiarioBusca),
  ],
);

/** Every step of a manifestação; `interna` steps (routing, the area's return) keep their note from the beneficiary. */
export const manifestacaoHistorico = pgTable(
  'manifestacao_historico',
  {
    id: serial('id').primaryKey(),
    manifestacaoId: integer('manifestacao_id')
      .notNull()
      .references(() => manifestacoes.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 16 }),
    para: varchar('para', { length: 16 }).notNull(),
    area: varchar('area', { length: 12 }),
    interna: boolean('interna').notNull().default(false),
    nota: varchar('nota', { length: 4000 }),
  },
  (t) => [index('manifestacao_historico_idx').on(t.manifestacaoId, t.em)],
);

/** The files sent with a manifestação (durable files, context `envio`: read by whoever sees the manifestação). */
export const manifestacaoAnexos = pgTable(
  'manifestacao_anexos',
  {
    manifestacaoId: integer('manifestacao_id')
      .notNull()
      .references(() => manifestacoes.id, { onDelete: 'cascade' }),
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => arquivos.id),
  },
  (t) => [primaryKey({ columns: [t.manifestacaoId, t.arquivoId] }), index('manifestacao_anexos_arquivo_idx').on(t.arquivoId)],
);

/**
 * Adesão Dependente Familiar (/principal/solicitacoes-adesoes): a titular's request to add a dependent, with the
 * dependent's data as the SIB needs them (name, CPF, CNS, birth, sex, kinship, mother's name), the RN 623 protocol
 * (the service desk's daily counter), the decision (the refusal's reason) and, once approved, the dependent created
 * and the card issued.
 */
export const solicitacoesAdesao = pgTable(
  'solicitacoes_adesao',
  {
    id: serial('id').primaryKey(),
    protocolo: varchar('protocolo', { length: 20 }).notNull().unique(),
    status: varchar('status', { length: 12 }).notNull().default('SOLICITADA'),
    titularId: integer('titular_id')
      .notNull()
      .references(() => beneficiarios.id),
    titularNome: varchar('titular_nome', { length: 150 }).notNull(),
    titularBusca: varcharC('titular_busca', { length: 150 }).generatedAlwaysAs(foldColumn('titular_nome')),
    nome: varchar('nome', { length: 150 }).notNull(),
    nomeBusca: varcharC('nome_busca', { length: 150 }).generatedAlwaysAs(foldColumn('nome')),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    cns: varchar('cns', { length: 15 }),
    dataNascimento: date('data_nascimento', { mode: 'string' }).notNull(),
    sexo: varchar('sexo', { length: 1 }).notNull(),
    relacaoDependencia: varchar('relacao_dependencia', { length: 2 }).notNull(),
    nomeMae: varchar('nome_mae', { length: 150 }).notNull(),
    observacao: varchar('observacao', { length: 1000 }),
    motivo: varchar('motivo', { length: 1000 }),
    dependenteId: integer('dependente_id').references(() => beneficiarios.id),
    cartaoId: integer('cartao_id').references(() => cartoes.id),
    solicitadaPorId: integer('solicitada_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    solicitadaPor: varchar('solicitada_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('solicitacoes_adesao_criado_idx').on(t.criadoEm, t.id),
    index('solicitacoes_adesao_titular_idx').on(t.titularId),
    index('solicitacoes_adesao_cpf_idx').on(t.cpf),
  ],
);

/** Every step of a membership request. */
export const solicitacaoAdesaoHistorico = pgTable(
  'solicitacao_adesao_historico',
  {
    id: serial('id').primaryKey(),
    solicitacaoId: integer('solicitacao_id')
      .notNull()
      .references(() => solicitacoesAdesao.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 12 }),
    para: varchar('para', { length: 12 }).notNull(),
    nota: varchar('nota', { length: 1000 }),
  },
  (t) => [index('solicitacao_adesao_historico_idx').on(t.solicitacaoId, t.em)],
);

/** The dependent's documents sent with the request (durable files, context `envio`: read by whoever sees the request). */
export const solicitacaoAdesaoAnexos = pgTable(
  'solicitacao_adesao_anexos',
  {
    solicitacaoId: integer('solicitacao_id')
      .notNull()
      .references(() => solicitacoesAdesao.id, { onDelete: 'cascade' }),
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => arquivos.id),
  },
  (t) => [primaryKey({ columns: [t.solicitacaoId, t.arquivoId] }), index('solicitacao_adesao_anexos_arquivo_idx').on(t.arquivoId)],
);

/**
 * A beneficiary's reimbursement request (issue 15, flow 7, /principal/faturamento/solicitacoes-reembolso): care paid
 * outside the network — the professional, the procedure (TUSS), the date and the amount paid, with the receipts —
 * protocolled by the operator, analysed and priced by the plan's reimbursement table (or glosed: 3122 plan without
 * free choice, 3135 professional of the network) and released. The protocol is the operator's RN 623 number.
 */
export const reembolsos = pgTable(
  'reembolsos',
  {
    id: serial('id').primaryKey(),
    protocolo: varchar('protocolo', { length: 20 }).notNull().unique(),
    status: varchar('status', { length: 12 }).notNull().default('SOLICITADO'),
    /** Who was attended (the titular or a dependent): the family scope's column. */
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    beneficiarioNome: varchar('beneficiario_nome', { length: 150 }).notNull(),
    beneficiarioBusca: varcharC('beneficiario_busca', { length: 150 }).generatedAlwaysAs(foldColumn('beneficiario_nome')),
    profissionalNome: varchar('profissional_nome', { length: 150 }).notNull(),
    profissionalConselho: varchar('profissional_conselho', { length: 10 }).notNull(),
    profissionalNumero: varchar('profissional_numero', { length: 15 }).notNull(),
    profissionalUf: varchar('profissional_uf', { length: 2 }).notNull(),
    /** CPF (11 digits) or CNPJ (14) of whoever issued the receipt. */
    profissionalDocumento: varchar('profissional_documento', { length: 14 }).notNull(),
    procedimentoId: integer('procedimento_id')
      .notNull()
      .references(() => procedimentos.id),
    quantidade: integer('quantidade').notNull().default(1),
    dataAtendimento: date('data_atendimento', { mode: 'string' }).notNull(),
    valorPago: bigint('valor_pago_centavos', { mode: 'number' }).notNull(),
    observacao: varchar('observacao', { length: 1000 }),
    /** The analysis: the plan, its table's value times the multiple (× quantity), what is released, the glosa. */
    produtoId: integer('produto_id').references(() => produtos.id),
    valorTabela: bigint('valor_tabela_centavos', { mode: 'number' }),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }),
    glosaCodigo: varchar('glosa_codigo', { length: 4 }),
    /** The reason label the beneficiary reads: "Liberado" (spec §9), the glosa's, or the denial's. */
    motivo: varchar('motivo', { length: 1000 }),
    /** The pricing steps and the checks, as the analysis wrote them. */
    calculo: jsonb('calculo'),
    /** The network provider the professional was found to be (3135). */
    redePrestadorId: integer('rede_prestador_id').references(() => prestadores.id),
    solicitadoPorId: integer('solicitado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    solicitadoPor: varchar('solicitado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('reembolsos_criado_idx').on(t.criadoEm, t.id),
    index('reembolsos_beneficiario_idx').on(t.beneficiarioId, t.criadoEm),
    index('reembolsos_status_idx').on(t.status, t.criadoEm, t.id),
  ],
);

/** Every step of a reimbursement request. */
export const reembolsoHistorico = pgTable(
  'reembolso_historico',
  {
    id: serial('id').primaryKey(),
    reembolsoId: integer('reembolso_id')
      .notNull()
      .references(() => reembolsos.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 12 }),
    para: varchar('para', { length: 12 }).notNull(),
    nota: varchar('nota', { length: 1000 }),
  },
  (t) => [index('reembolso_historico_idx').on(t.reembolsoId, t.em)],
);

/** The receipts sent with the request (durable files, context `envio`: read by whoever sees the request). */
export const reembolsoAnexos = pgTable(
  'reembolso_anexos',
  {
    reembolsoId: integer('reembolso_id')
      .notNull()
      .references(() => reembolsos.id, { onDelete: 'cascade' }),
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => arquivos.id),
  },
  (t) => [primaryKey({ columns: [t.reembolsoId, t.arquivoId] }), uniqueIndex('reembolso_anexos_arquivo_uq').on(t.arquivoId)],
);

/** Counters of the payment documents (RPA, payment request, payable), one row per series and year. */
export const pagamentoNumeracao = pgTable(
  'pagamento_numeracao',
  {
    serie: varchar('serie', { length: 4 }).notNull(),
    ano: integer('ano').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serie, t.ano] })],
);

/**
 * Recibo de Pagamento a Autônomo (issue 15, flow 5): what a natural-person provider receives for closed protocols,
 * with the INSS (11 % up to the month's ceiling), IRRF (the progressive table on the month's income less the INSS)
 * and ISS withheld, in centavos. Its payment status starts in CONF (spec §9) and is released (LIB) by another user.
 */
export const rpas = pgTable(
  'rpas',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
    /** The month (YYYY-MM) whose income the withholdings accumulate over. */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    periodoInicio: date('periodo_inicio', { mode: 'string' }),
    periodoFim: date('periodo_fim', { mode: 'string' }),
    valorBruto: bigint('valor_bruto_centavos', { mode: 'number' }).notNull(),
    baseInss: bigint('base_inss_centavos', { mode: 'number' }).notNull(),
    inss: bigint('inss_centavos', { mode: 'number' }).notNull(),
    baseIrrf: bigint('base_irrf_centavos', { mode: 'number' }).notNull(),
    irrf: bigint('irrf_centavos', { mode: 'number' }).notNull(),
    iss: bigint('iss_centavos', { mode: 'number' }).notNull(),
    valorLiquido: bigint('valor_liquido_centavos', { mode: 'number' }).notNull(),
    /** The steps of the computation (rates, ceiling, bracket), as written then. */
    calculo: jsonb('calculo').notNull(),
    statusPagamento: varchar('status_pagamento', { length: 4 }).notNull().default('CONF'),
    /** The last conference of the payment status: who, when and, for a block, why. */
    situacaoPorId: integer('situacao_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    situacaoPor: varchar('situacao_por', { length: 120 }),
    situacaoEm: timestamp('situacao_em', { withTimezone: true }),
    justificativa: varchar('justificativa', { length: 500 }),
    emitidoPorId: integer('emitido_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    emitidoPor: varchar('emitido_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('rpas_prestador_idx').on(t.prestadorId, t.competencia), index('rpas_criado_idx').on(t.criadoEm, t.id)],
);

/** The protocols an RPA pays (a protocol is in one RPA at most) and the value released in each. */
export const rpaProtocolos = pgTable(
  'rpa_protocolos',
  {
    rpaId: integer('rpa_id')
      .notNull()
      .references(() => rpas.id, { onDelete: 'cascade' }),
    protocoloId: integer('protocolo_id')
      .notNull()
      .references(() => protocolosRecebimento.id)
      .unique(),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rpaId, t.protocoloId] })],
);

/**
 * The operator's consolidated amount to pay a provider for a period (issue 15, flow 6): the payment requests of the
 * period, their protocols' released value, the RPA's withholdings of a natural person, and the net — a payable
 * listed as "a pagar" until finance pays it.
 */
export const pagamentosPrestadores = pgTable(
  'pagamentos_prestadores',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    /** YYYY-MM: the month of the requests consolidated. */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    qtdProtocolos: integer('qtd_protocolos').notNull(),
    valorBruto: bigint('valor_bruto_centavos', { mode: 'number' }).notNull(),
    valorRetencoes: bigint('valor_retencoes_centavos', { mode: 'number' }).notNull(),
    valorLiquido: bigint('valor_liquido_centavos', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('A_PAGAR'),
    /** The due date: the payment day of the month after the competência (PRAZO_PAGAMENTO_DIA, src/shared/pagamentos/retencoes.ts). */
    vencimento: date('vencimento', { mode: 'string' }),
    /** Estorno de Rendimento: the income and withholdings of this payment reversed (out of EFD-Reinf, DIRF and the accounts). */
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornadoPor: varchar('estornado_por', { length: 120 }),
    estornoMotivo: varchar('estorno_motivo', { length: 500 }),
    consolidadoPorId: integer('consolidado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    consolidadoPor: varchar('consolidado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('pagamentos_prestadores_prestador_idx').on(t.prestadorId, t.competencia), index('pagamentos_prestadores_status_idx').on(t.status, t.competencia)],
);

/**
 * A borderô: one batch of provider payments paid on a day (the baixa), from the operator's bank account. Each payment
 * paid in it is a line of `bordero_pagamentos`, with the provider's account credited as it was then.
 */
export const borderosPagamento = pgTable(
  'borderos_pagamento',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    /** The day the credit was made to the providers. */
    dataCredito: date('data_credito', { mode: 'string' }).notNull(),
    /** The operator's account the money left from (bank code, branch, account). */
    bancoOrigem: varchar('banco_origem', { length: 3 }).notNull(),
    agenciaOrigem: varchar('agencia_origem', { length: 6 }).notNull(),
    contaOrigem: varchar('conta_origem', { length: 15 }).notNull(),
    registradoPorId: integer('registrado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    registradoPor: varchar('registrado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('borderos_pagamento_data_idx').on(t.dataCredito)],
);

/**
 * A payment paid in a borderô (its baixa) with the provider's account credited; the reversal of the baixa marks the
 * line (who, when, why) and the payment is "a pagar" again. At most one live line per payment.
 */
export const borderoPagamentos = pgTable(
  'bordero_pagamentos',
  {
    id: serial('id').primaryKey(),
    borderoId: integer('bordero_id')
      .notNull()
      .references(() => borderosPagamento.id),
    pagamentoId: integer('pagamento_id')
      .notNull()
      .references(() => pagamentosPrestadores.id),
    banco: varchar('banco', { length: 3 }).notNull(),
    agencia: varchar('agencia', { length: 6 }).notNull(),
    conta: varchar('conta', { length: 15 }).notNull(),
    valorLiquido: bigint('valor_liquido_centavos', { mode: 'number' }).notNull(),
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornadoPor: varchar('estornado_por', { length: 120 }),
    estornoMotivo: varchar('estorno_motivo', { length: 500 }),
  },
  (t) => [
    index('bordero_pagamentos_bordero_idx').on(t.borderoId),
    uniqueIndex('bordero_pagamentos_ativo_uq').on(t.pagamentoId).where(sql`${t.estornadoEm} is null`),
  ],
);

/** A provider's request to be paid for its closed protocols (issue 15, flow 6). */
export const solicitacoesPagamento = pgTable(
  'solicitacoes_pagamento',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 12 }).notNull().unique(),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    /** SOLICITADA until consolidated into a payable (CONSOLIDADA). */
    status: varchar('status', { length: 12 }).notNull().default('SOLICITADA'),
    qtdProtocolos: integer('qtd_protocolos').notNull(),
    valorTotal: bigint('valor_total_centavos', { mode: 'number' }).notNull(),
    pagamentoId: integer('pagamento_id').references(() => pagamentosPrestadores.id),
    solicitadoPorId: integer('solicitado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    solicitadoPor: varchar('solicitado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /**
     * The legal entity's service invoice (NFS-e) for what it asks (src/shared/pagamentos/nfse.ts): required on a legal
     * entity's request, absent on a natural person's (paid by RPA); the ISS municipality is the provider's `cidade`.
     * The declarations of services taken (DES, Notas Fiscais de Serviços Tomados) read it.
     */
    nfseNumero: varchar('nfse_numero', { length: 15 }),
    nfseSerie: varchar('nfse_serie', { length: 5 }),
    nfseEmissao: date('nfse_emissao', { mode: 'string' }),
    nfseCodigoVerificacao: varchar('nfse_codigo_verificacao', { length: 9 }),
    nfseValorServicos: bigint('nfse_valor_servicos_centavos', { mode: 'number' }),
  },
  (t) => [
    index('solicitacoes_pagamento_prestador_idx').on(t.prestadorId, t.criadoEm),
    index('solicitacoes_pagamento_status_idx').on(t.status, t.criadoEm),
    // the municipality numbers a provider's invoices: one number is informed once per provider
    uniqueIndex('solicitacoes_pagamento_nfse_uq').on(t.prestadorId, t.nfseNumero).where(sql`${t.nfseNumero} is not null`),
  ],
);

/** The protocols a payment request asks for (a protocol is asked once) and the value released in each then. */
export const solicitacaoPagamentoProtocolos = pgTable(
  'solicitacao_pagamento_protocolos',
  {
    solicitacaoId: integer('solicitacao_id')
      .notNull()
      .references(() => solicitacoesPagamento.id, { onDelete: 'cascade' }),
    protocoloId: integer('protocolo_id')
      .notNull()
      .references(() => protocolosRecebimento.id)
      .unique(),
    valorLiberado: bigint('valor_liberado_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.solicitacaoId, t.protocoloId] })],
);

/**
 * The network of each product (RPS, Registro de Planos de Saúde): a provider's period in a product's network, opened by
 * an inclusion and closed by an exclusion (`fim`: the first day out of the network, with the reason). The reports of
 * the network by product read it; the registry of movements (`movimentos_rps`) says how each period came and went.
 * At most one open period per product and provider.
 */
export const redeProdutos = pgTable(
  'rede_produtos',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id),
    prestadorId: integer('prestador_id')
      .notNull()
      .references(() => prestadores.id),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }),
    motivoExclusao: varchar('motivo_exclusao', { length: 2 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('rede_produtos_aberto_uq').on(t.produtoId, t.prestadorId).where(sql`${t.fim} is null`),
    index('rede_produtos_prestador_idx').on(t.prestadorId, t.produtoId, t.inicio),
    index('rede_produtos_produto_idx').on(t.produtoId, t.inicio),
  ],
);

/**
 * Movimentos RPS: every inclusion ('I') of a provider in a product's network and every exclusion ('E', with the
 * reason), at its date, as the RPS filing sends them to the ANS (RPI, RPE). `envio` is the movement's state towards
 * the ANS: 'PENDENTE' until the RPS file exists (a later issue builds it).
 */
export const movimentosRps = pgTable(
  'movimentos_rps',
  {
    id: serial('id').primaryKey(),
    vinculoId: integer('vinculo_id')
      .notNull()
      .references(() => redeProdutos.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 1 }).notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    motivo: varchar('motivo', { length: 2 }),
    observacao: varchar('observacao', { length: 500 }),
    envio: varchar('envio', { length: 10 }).notNull().default('PENDENTE'),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movimentos_rps_data_idx').on(t.data, t.id), index('movimentos_rps_vinculo_idx').on(t.vinculoId, t.data)],
);

// ---- Utilities of spec §2.7 (issue 13): integrations, external audit lots, interchange, CMIS -------------------------

/**
 * A file received from a client's external system (the HR system's beneficiary movements, an external provider
 * system's attendances), as the import run read it: who sent it, when, which run, how many records it had.
 */
export const integracoesLotes = pgTable(
  'integracoes_lotes',
  {
    id: serial('id').primaryKey(),
    /** BENEFICIARIO (movements of the HR system) or ATENDIMENTO (attendances of a provider's system). */
    tipo: varchar('tipo', { length: 12 }).notNull(),
    /** The sending system, as the import's form named it (ex.: "RH da Copasa — SAP"). */
    origem: varchar('origem', { length: 120 }).notNull(),
    empresaId: integer('empresa_id').references(() => empresas.id),
    nomeArquivo: varchar('nome_arquivo', { length: 200 }).notNull(),
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
    registros: integer('registros').notNull().default(0),
  },
  (t) => [index('integracoes_lotes_tipo_idx').on(t.tipo, t.recebidoEm)],
);

/**
 * One beneficiary movement received (I inclusão, A alteração, E exclusão): the values of its line (`dados`), the
 * current record it refers to, and its status: PENDENTE until the operator applies it through the beneficiaries'
 * service (APLICADO) or refuses it (RECUSADO, with the reason; a line that could not be read is refused at import).
 */
export const integracoesBeneficiarios = pgTable(
  'integracoes_beneficiarios',
  {
    id: serial('id').primaryKey(),
    loteId: integer('lote_id')
      .notNull()
      .references(() => integracoesLotes.id, { onDelete: 'cascade' }),
    linha: integer('linha').notNull(),
    movimento: varchar('movimento', { length: 1 }),
    cpf: varchar('cpf', { length: 11 }),
    nome: varchar('nome', { length: 150 }),
    dataMovimento: date('data_movimento', { mode: 'string' }),
    /** The line's values by field (ISO dates, digits only), as the layout reads them. */
    dados: jsonb('dados').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDENTE'),
    motivo: varchar('motivo', { length: 1000 }),
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
    decididoPorId: integer('decidido_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    decididoPorNome: varchar('decidido_por_nome', { length: 120 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('integracoes_beneficiarios_status_idx').on(t.status, t.id), index('integracoes_beneficiarios_lote_idx').on(t.loteId, t.linha), index('integracoes_beneficiarios_cpf_idx').on(t.cpf)],
);

/**
 * One attendance received from a provider's system (a consultation or a primary-care visit done there), to become an
 * authorization request through the requests' service when applied. The provider's guide number is received once.
 */
export const integracoesAtendimentos = pgTable(
  'integracoes_atendimentos',
  {
    id: serial('id').primaryKey(),
    loteId: integer('lote_id')
      .notNull()
      .references(() => integracoesLotes.id, { onDelete: 'cascade' }),
    linha: integer('linha').notNull(),
    guiaOrigem: varchar('guia_origem', { length: 20 }),
    tipo: varchar('tipo', { length: 24 }),
    prestadorId: integer('prestador_id').references(() => prestadores.id),
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    dataAtendimento: date('data_atendimento', { mode: 'string' }),
    codigo: varchar('codigo', { length: 10 }),
    dados: jsonb('dados').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDENTE'),
    motivo: varchar('motivo', { length: 1000 }),
    autorizacaoId: integer('autorizacao_id').references(() => autorizacoes.id, { onDelete: 'set null' }),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
    decididoPorId: integer('decidido_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    decididoPorNome: varchar('decidido_por_nome', { length: 120 }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('integracoes_atendimentos_status_idx').on(t.status, t.id),
    index('integracoes_atendimentos_lote_idx').on(t.loteId, t.linha),
    uniqueIndex('integracoes_atendimentos_guia_uq').on(t.prestadorId, t.guiaOrigem).where(sql`${t.status} <> 'RECUSADO'`),
  ],
);

/**
 * A lot of authorization requests sent to an external audit company (the Nexia export records one per run), and the
 * company's opinion per item when its return file is imported: applied through the audit's decision service.
 */
export const lotesAuditoria = pgTable(
  'lotes_auditoria',
  {
    id: serial('id').primaryKey(),
    empresa: varchar('empresa', { length: 20 }).notNull(),
    /** PENDENTES (requests awaiting the audit, sent for the company's opinion) or DECIDIDAS (decided ones, for review). */
    situacao: varchar('situacao', { length: 10 }).notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoPorId: integer('enviado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    enviadoPorNome: varchar('enviado_por_nome', { length: 120 }).notNull(),
    guias: integer('guias').notNull().default(0),
    itens: integer('itens').notNull().default(0),
    /** ENVIADO, RETORNO_PARCIAL (some items answered), CONCLUIDO (every item answered). */
    status: varchar('status', { length: 16 }).notNull().default('ENVIADO'),
    retornoEm: timestamp('retorno_em', { withTimezone: true }),
  },
  (t) => [index('lotes_auditoria_enviado_idx').on(t.enviadoEm, t.id)],
);

export const lotesAuditoriaItens = pgTable(
  'lotes_auditoria_itens',
  {
    id: serial('id').primaryKey(),
    loteId: integer('lote_id')
      .notNull()
      .references(() => lotesAuditoria.id, { onDelete: 'cascade' }),
    autorizacaoId: integer('autorizacao_id')
      .notNull()
      .references(() => autorizacoes.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => autorizacaoItens.id, { onDelete: 'cascade' }),
    guia: varchar('guia', { length: 20 }).notNull(),
    codigo: varchar('codigo', { length: 10 }).notNull(),
    quantidadeSolicitada: integer('quantidade_solicitada').notNull(),
    /** The company's opinion: A autorizar, P autorizar em parte, N negar. */
    parecer: varchar('parecer', { length: 1 }),
    quantidadeParecer: integer('quantidade_parecer'),
    motivoNegativa: varchar('motivo_negativa', { length: 4 }),
    justificativa: varchar('justificativa', { length: 500 }),
    /** APLICADO (the decision went through the audit's service) or RECUSADO (with the reason). */
    resultado: varchar('resultado', { length: 10 }),
    motivoRecusa: varchar('motivo_recusa', { length: 1000 }),
    retornoExecucaoId: integer('retorno_execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
  },
  (t) => [uniqueIndex('lotes_auditoria_itens_uq').on(t.loteId, t.itemId), index('lotes_auditoria_itens_autorizacao_idx').on(t.autorizacaoId)],
);

/**
 * Interchange (intercâmbio, copass): the cards of partner operators' beneficiaries attended in the own network, their
 * number's first 4 digits the partner's code (unidade de intercâmbio, 17 digits in all: spec §5 and §9).
 */
export const cartoesIntercambio = pgTable(
  'cartoes_intercambio',
  {
    id: serial('id').primaryKey(),
    numero: varchar('numero', { length: 17 }).notNull().unique(),
    intercambioId: integer('intercambio_id')
      .notNull()
      .references(() => intercambios.id),
    nome: varchar('nome', { length: 150 }).notNull(),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    validade: date('validade', { mode: 'string' }),
    /** ATIVO or EXCLUIDO (Exclusão de Cartões de Intercâmbio). */
    situacao: varchar('situacao', { length: 10 }).notNull().default('ATIVO'),
    excluidoEm: date('excluido_em', { mode: 'string' }),
    motivoExclusao: varchar('motivo_exclusao', { length: 200 }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('cartoes_intercambio_parceira_idx').on(t.intercambioId, t.situacao)],
);

/** A monthly interchange movement with one partner: what the own network served its beneficiaries and what it served ours. */
export const movimentosIntercambio = pgTable(
  'movimentos_intercambio',
  {
    id: serial('id').primaryKey(),
    intercambioId: integer('intercambio_id')
      .notNull()
      .references(() => intercambios.id),
    competencia: date('competencia', { mode: 'string' }).notNull(),
    recebidas: integer('recebidas').notNull(),
    valorReceber: bigint('valor_receber_centavos', { mode: 'number' }).notNull(),
    enviadas: integer('enviadas').notNull(),
    valorPagar: bigint('valor_pagar_centavos', { mode: 'number' }).notNull(),
    arquivoId: integer('arquivo_id').references(() => arquivos.id, { onDelete: 'set null' }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movimentos_intercambio_parceira_idx').on(t.intercambioId, t.competencia)],
);

/**
 * An interchange authorization: RECEBIDA (the partner authorized its beneficiary, by card, at a provider of the own
 * network; valued by the own price table) or ENVIADA (the partner attended an own beneficiary; valued as the partner
 * informed). A movement takes it once. The partner's number is received once per direction.
 */
export const autorizacoesIntercambio = pgTable(
  'autorizacoes_intercambio',
  {
    id: serial('id').primaryKey(),
    intercambioId: integer('intercambio_id')
      .notNull()
      .references(() => intercambios.id),
    direcao: varchar('direcao', { length: 8 }).notNull(),
    numeroOrigem: varchar('numero_origem', { length: 20 }).notNull(),
    senha: varchar('senha', { length: 20 }),
    cartaoId: integer('cartao_id').references(() => cartoesIntercambio.id),
    beneficiarioId: integer('beneficiario_id').references(() => beneficiarios.id),
    nome: varchar('nome', { length: 150 }).notNull(),
    prestadorId: integer('prestador_id').references(() => prestadores.id),
    prestadorExterno: varchar('prestador_externo', { length: 150 }),
    dataAtendimento: date('data_atendimento', { mode: 'string' }).notNull(),
    codigo: varchar('codigo', { length: 10 }).notNull(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    quantidade: integer('quantidade').notNull(),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
    movimentoId: integer('movimento_id').references(() => movimentosIntercambio.id, { onDelete: 'set null' }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    linha: integer('linha'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autorizacoes_intercambio_origem_uq').on(t.intercambioId, t.direcao, t.numeroOrigem),
    index('autorizacoes_intercambio_data_idx').on(t.dataAtendimento, t.id),
    index('autorizacoes_intercambio_movimento_idx').on(t.movimentoId),
    index('autorizacoes_intercambio_cartao_idx').on(t.cartaoId),
  ],
);

/**
 * The queue of documents to the CMIS repository (Integração CMIS): each protocolled document and each file of the
 * file manager, sent when CMIS_URL is configured ("enviado", with the repository's object id, or "erro" with the
 * answer); without it they stay "pendente" with the reason, as the e-mail outbox does.
 */
export const cmisDocumentos = pgTable(
  'cmis_documentos',
  {
    id: serial('id').primaryKey(),
    /** PROTOCOLO (a document protocol's record) or ARQUIVO (a file of the file manager). */
    origem: varchar('origem', { length: 10 }).notNull(),
    protocoloId: integer('protocolo_id')
      .references(() => protocolosDocumentos.id, { onDelete: 'cascade' })
      .unique(),
    arquivoId: integer('arquivo_id')
      .references(() => arquivos.id, { onDelete: 'cascade' })
      .unique(),
    nome: varchar('nome', { length: 200 }).notNull(),
    /** The repository folder it goes to, below CMIS_PASTA. */
    pasta: varchar('pasta', { length: 300 }).notNull(),
    /** pendente, enviado, erro */
    status: varchar('status', { length: 10 }).notNull().default('pendente'),
    motivo: varchar('motivo', { length: 1000 }),
    tentativas: integer('tentativas').notNull().default(0),
    objetoId: varchar('objeto_id', { length: 200 }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
  },
  (t) => [index('cmis_documentos_status_idx').on(t.status, t.id)],
);

/**
 * The withholdings of a payment to a provider (issue 13, contas a pagar): one row per tax, with its base, the rate
 * read from the tax tables then, the DARF code and the income nature (EFD-Reinf Tabela 01). A legal entity's are
 * computed at consolidation (`calcularRetencoesPj`); a natural person's are its RPAs' (INSS, IRRF, ISS).
 */
export const retencoesPagamentos = pgTable(
  'retencoes_pagamentos',
  {
    id: serial('id').primaryKey(),
    pagamentoId: integer('pagamento_id')
      .notNull()
      .references(() => pagamentosPrestadores.id, { onDelete: 'cascade' }),
    /** IRRF, PIS, COFINS, CSLL, INSS, ISS */
    tributo: varchar('tributo', { length: 6 }).notNull(),
    codigoReceita: varchar('codigo_receita', { length: 4 }),
    naturezaRendimento: varchar('natureza_rendimento', { length: 5 }),
    base: bigint('base_centavos', { mode: 'number' }).notNull(),
    /** numeric(7,2) as text ('1.50'); null for an RPA's progressive IRRF (its steps are in the RPA). */
    aliquota: varchar('aliquota', { length: 8 }),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [index('retencoes_pagamentos_pagamento_idx').on(t.pagamentoId, t.tributo)],
);

/**
 * The month's accounting entries (Processar Movimento Contábil): one balanced pair per event (a debit and a credit of
 * the same value, by the chart-of-accounts mapping in force), with the record it comes from. A month is generated
 * once; a reversal writes the mirrored entries (estorno_de) and frees the month to be generated again.
 */
export const lancamentosContabeis = pgTable(
  'lancamentos_contabeis',
  {
    id: serial('id').primaryKey(),
    /** YYYY-MM */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    /** The mapping origin (mapeamentos_plano_conta.origem), or GLOSA. */
    origem: varchar('origem', { length: 20 }).notNull(),
    /** What it comes from: PROTOCOLO, PAGAMENTO, RETENCAO. */
    documentoTipo: varchar('documento_tipo', { length: 10 }).notNull(),
    documentoId: integer('documento_id').notNull(),
    documento: varchar('documento', { length: 20 }).notNull(),
    contaDebito: varchar('conta_debito', { length: 9 }).notNull(),
    contaCredito: varchar('conta_credito', { length: 9 }).notNull(),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
    historico: varchar('historico', { length: 200 }).notNull(),
    /** The entry this one reverses (the reversal swaps debit and credit). */
    estornoDe: integer('estorno_de').references((): AnyPgColumn => lancamentosContabeis.id),
    estornado: boolean('estornado').notNull().default(false),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lancamentos_contabeis_competencia_idx').on(t.competencia, t.id)],
);

/**
 * The receivables (títulos de contribuição): one per family (the titular) and competência, issued from what
 * src/server/financeiro/cobranca.ts computes, carried to the bank as a boleto (nosso número, the collection account
 * it was issued under) and settled by payments (the bank's return file, recorded in `titulos_pagamentos`).
 * Status: ABERTO, PAGO, ESTORNADO (reversed with a reason), CANCELADO. One live title (ABERTO or PAGO) per family
 * and competência; a reversed one leaves room for a new issue.
 */
export const titulos = pgTable(
  'titulos',
  {
    id: serial('id').primaryKey(),
    titularId: integer('titular_id')
      .notNull()
      .references(() => beneficiarios.id),
    competencia: date('competencia', { mode: 'string' }).notNull(),
    /** The bank's number of the title (convênio + sequence), unique per collection account. */
    nossoNumero: varchar('nosso_numero', { length: 20 }).notNull().unique(),
    banco: varchar('banco', { length: 3 }).notNull(),
    agencia: varchar('agencia', { length: 6 }).notNull(),
    conta: varchar('conta', { length: 15 }).notNull(),
    carteira: varchar('carteira', { length: 3 }).notNull(),
    convenio: varchar('convenio', { length: 10 }).notNull(),
    emissao: date('emissao', { mode: 'string' }).notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    mensalidade: bigint('mensalidade_centavos', { mode: 'number' }).notNull(),
    subsidio: bigint('subsidio_centavos', { mode: 'number' }).notNull(),
    coparticipacao: bigint('coparticipacao_centavos', { mode: 'number' }).notNull(),
    /** mensalidade − subsídio + coparticipação: the boleto's amount. */
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('ABERTO'),
    /** The CNAB remittance that registered it at the bank (null: not sent yet). */
    remessaId: integer('remessa_id').references((): AnyPgColumn => remessasCobranca.id, { onDelete: 'set null' }),
    estornoMotivo: varchar('estorno_motivo', { length: 500 }),
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornadoPor: varchar('estornado_por', { length: 120 }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('titulos_vivo_uq').on(t.titularId, t.competencia).where(sql`${t.status} in ('ABERTO', 'PAGO')`),
    index('titulos_competencia_idx').on(t.competencia, t.id),
    index('titulos_titular_idx').on(t.titularId, t.competencia),
    index('titulos_vencimento_idx').on(t.status, t.vencimento),
  ],
);

/** Each member's share of a title (fee by age band, part of the subsidy, coparticipation): what the DMED attributes to whom. */
export const titulosMembros = pgTable(
  'titulos_membros',
  {
    tituloId: integer('titulo_id')
      .notNull()
      .references(() => titulos.id, { onDelete: 'cascade' }),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    mensalidade: bigint('mensalidade_centavos', { mode: 'number' }).notNull(),
    subsidio: bigint('subsidio_centavos', { mode: 'number' }).notNull(),
    coparticipacao: bigint('coparticipacao_centavos', { mode: 'number' }).notNull(),
    /** The member's share of the title's amount; the shares add up to `titulos.valor`. */
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tituloId, t.beneficiarioId] }), index('titulos_membros_beneficiario_idx').on(t.beneficiarioId)],
);

/** A payment of a title (the bank's settlement from a CNAB return, or the demo's); a reversed payment keeps its row. */
export const titulosPagamentos = pgTable(
  'titulos_pagamentos',
  {
    id: serial('id').primaryKey(),
    tituloId: integer('titulo_id')
      .notNull()
      .references(() => titulos.id),
    dataPagamento: date('data_pagamento', { mode: 'string' }).notNull(),
    dataCredito: date('data_credito', { mode: 'string' }),
    /** What the payer paid (principal plus interest and fine, less discount). */
    valorPago: bigint('valor_pago_centavos', { mode: 'number' }).notNull(),
    juros: bigint('juros_centavos', { mode: 'number' }).notNull().default(0),
    tarifa: bigint('tarifa_centavos', { mode: 'number' }).notNull().default(0),
    /** RETORNO (a CNAB return file), SEMENTE (demo data). */
    origem: varchar('origem', { length: 10 }).notNull(),
    arquivo: varchar('arquivo', { length: 200 }),
    linha: integer('linha'),
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornoMotivo: varchar('estorno_motivo', { length: 500 }),
    estornadoPor: varchar('estornado_por', { length: 120 }),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('titulos_pagamentos_titulo_idx').on(t.tituloId),
    index('titulos_pagamentos_data_idx').on(t.dataPagamento),
    uniqueIndex('titulos_pagamentos_ativo_uq').on(t.tituloId).where(sql`${t.estornadoEm} is null`),
  ],
);

/** A CNAB 240 remittance file sent to the bank: its sequence number (NSA) per bank, its titles, its run. */
export const remessasCobranca = pgTable(
  'remessas_cobranca',
  {
    id: serial('id').primaryKey(),
    banco: varchar('banco', { length: 3 }).notNull(),
    /** Número sequencial do arquivo (NSA), one more per bank for each file. */
    sequencia: integer('sequencia').notNull(),
    quantidade: integer('quantidade').notNull(),
    total: bigint('total_centavos', { mode: 'number' }).notNull(),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remessas_cobranca_seq_uq').on(t.banco, t.sequencia)],
);

/**
 * One registration of the sending of debt notices (rep214's letters): the day they were sent, by what means, the
 * position day of the overdue titles, the report's filters as asked, how many notices it wrote and how many payers it
 * left out (already notified of the same titles that day; no e-mail on file), who registered it. The Idempotency-Key
 * of the registration points here.
 */
export const avisosDebitoEnvios = pgTable('avisos_debito_envios', {
  id: serial('id').primaryKey(),
  data: date('data', { mode: 'string' }).notNull(),
  /** CARTA or EMAIL. */
  meio: varchar('meio', { length: 6 }).notNull(),
  posicao: date('posicao', { mode: 'string' }).notNull(),
  filtros: varchar('filtros', { length: 4000 }).notNull().default(''),
  avisos: integer('avisos').notNull(),
  repetidos: integer('repetidos').notNull().default(0),
  semEmail: integer('sem_email').notNull().default(0),
  registradoPorId: integer('registrado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
  registradoPor: varchar('registrado_por', { length: 120 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A debt notice sent to a payer (the titular): when, by what means, to which address or e-mail, the titles it named
 * (avisos_debito_titulos) and their total. One notice per payer, day and set of titles (`titulos_chave`, the md5 of the
 * titles' ids in order): registering the same sending twice does not notify anyone twice.
 */
export const avisosDebito = pgTable(
  'avisos_debito',
  {
    id: serial('id').primaryKey(),
    envioId: integer('envio_id')
      .notNull()
      .references(() => avisosDebitoEnvios.id),
    titularId: integer('titular_id')
      .notNull()
      .references(() => beneficiarios.id),
    data: date('data', { mode: 'string' }).notNull(),
    meio: varchar('meio', { length: 6 }).notNull(),
    /** The postal address or the e-mail the notice went to, as the registry had it that day. */
    destino: varchar('destino', { length: 300 }).notNull(),
    posicao: date('posicao', { mode: 'string' }).notNull(),
    titulos: integer('titulos').notNull(),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
    titulosChave: varchar('titulos_chave', { length: 32 }).notNull(),
    registradoPorId: integer('registrado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    registradoPor: varchar('registrado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('avisos_debito_uq').on(t.titularId, t.data, t.titulosChave),
    index('avisos_debito_data_idx').on(t.data, t.id),
    index('avisos_debito_envio_idx').on(t.envioId),
  ],
);

/** A title a debt notice named, with the amount and the days overdue it said. */
export const avisosDebitoTitulos = pgTable(
  'avisos_debito_titulos',
  {
    id: serial('id').primaryKey(),
    avisoId: integer('aviso_id')
      .notNull()
      .references(() => avisosDebito.id, { onDelete: 'cascade' }),
    tituloId: integer('titulo_id')
      .notNull()
      .references(() => titulos.id),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
    diasAtraso: integer('dias_atraso').notNull(),
  },
  (t) => [uniqueIndex('avisos_debito_titulos_uq').on(t.avisoId, t.tituloId), index('avisos_debito_titulos_titulo_idx').on(t.tituloId)],
);

// ---- ANS exports of spec §2.7 (issue 13): what was sent to the regulator -------------------------------------------

/**
 * One file sent to the ANS (SIB, Monitoramento TISS, SIP, RPS, Radar TISS, DIOPS cadastral, CPM): which obligation,
 * the competência or period it covers, the run that wrote it and the file's name and hash. The next export of the same
 * obligation reads what each record was sent as (`remessas_ans_registros`) to send only what changed.
 */
export const remessasAns = pgTable(
  'remessas_ans',
  {
    id: serial('id').primaryKey(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    /** 'YYYY-MM' (monthly) or 'YYYY-T' (a quarter). */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    nomeArquivo: varchar('nome_arquivo', { length: 150 }).notNull(),
    hash: varchar('hash', { length: 32 }).notNull(),
    registros: integer('registros').notNull(),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remessas_ans_tipo_idx').on(t.tipo, t.em)],
);

/**
 * A record sent in a file: its key within the obligation ('b:<beneficiário>' in the SIB, 'g:<guia>' or 'r:<reembolso>'
 * in the Monitoramento), the movement it went as and the fingerprint (MD5) of the data sent, compared on the next run.
 */
export const remessasAnsRegistros = pgTable(
  'remessas_ans_registros',
  {
    id: serial('id').primaryKey(),
    remessaId: integer('remessa_id')
      .notNull()
      .references(() => remessasAns.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    chave: varchar('chave', { length: 40 }).notNull(),
    movimento: varchar('movimento', { length: 20 }).notNull(),
    assinatura: varchar('assinatura', { length: 32 }).notNull(),
  },
  (t) => [index('remessas_ans_registros_chave_idx').on(t.tipo, t.chave, t.remessaId), index('remessas_ans_registros_remessa_idx').on(t.remessaId)],
);

/**
 * A solicitação de verba: the operator's formal request of funds to a sponsor company (autogestão) to cover what it pays
 * in a competência for that company's beneficiaries — the provider bills of the month's payables and the
 * reimbursements released in the month. The amount is computed by the server at creation and its composition kept
 * (`solicitacao_verba_itens`); one live request (not cancelled) per company and competência.
 */
export const solicitacoesVerba = pgTable(
  'solicitacoes_verba',
  {
    id: serial('id').primaryKey(),
    /** AAAA/NNNNNN: the year of the request and a sequence per year (pagamento_numeracao, series SV). */
    numero: varchar('numero', { length: 11 }).notNull().unique(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    /** YYYY-MM. */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    dataSolicitacao: date('data_solicitacao', { mode: 'string' }).notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    valorSolicitado: bigint('valor_solicitado_centavos', { mode: 'number' }).notNull(),
    observacao: varchar('observacao', { length: 1000 }),
    /** ABERTA → ENVIADA → RECEBIDA, or CANCELADA (src/shared/verbas/fluxo.ts). */
    status: varchar('status', { length: 10 }).notNull().default('ABERTA'),
    valorRecebido: bigint('valor_recebido_centavos', { mode: 'number' }),
    dataRecebimento: date('data_recebimento', { mode: 'string' }),
    motivo: varchar('motivo', { length: 1000 }),
    criadoPorId: integer('criado_por_id').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoPor: varchar('criado_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('solicitacoes_verba_competencia_idx').on(t.competencia, t.empresaId),
    uniqueIndex('solicitacoes_verba_viva_uq').on(t.empresaId, t.competencia).where(sql`${t.status} <> 'CANCELADA'`),
  ],
);

/** The composition of a request as computed at its creation: per kind of item, how many and how much. */
export const solicitacaoVerbaItens = pgTable(
  'solicitacao_verba_itens',
  {
    solicitacaoId: integer('solicitacao_id')
      .notNull()
      .references(() => solicitacoesVerba.id, { onDelete: 'cascade' }),
    /** CONTAS (provider bills) or REEMBOLSOS. */
    tipo: varchar('tipo', { length: 12 }).notNull(),
    quantidade: integer('quantidade').notNull(),
    valor: bigint('valor_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.solicitacaoId, t.tipo] })],
);

/** Each step of a request (registrar, enviar, receber, cancelar): who, when, from and to which status, the note. */
export const solicitacaoVerbaHistorico = pgTable(
  'solicitacao_verba_historico',
  {
    id: serial('id').primaryKey(),
    solicitacaoId: integer('solicitacao_id')
      .notNull()
      .references(() => solicitacoesVerba.id, { onDelete: 'cascade' }),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    acao: varchar('acao', { length: 12 }).notNull(),
    de: varchar('de', { length: 10 }),
    para: varchar('para', { length: 10 }).notNull(),
    nota: varchar('nota', { length: 1000 }),
  },
  (t) => [index('solicitacao_verba_historico_idx').on(t.solicitacaoId, t.em)],
);

/**
 * The DAMs sent to the Betha system (Exportar DAM Betha): one per competência and municipality of the providers, with
 * the ISS of its services. A municipality with a guide "EMITIDA" is not sent again for that competência until the
 * guide is cancelled (Cancelamento de DAM Betha, with its reason); a cancelled guide keeps its number and who cancelled it.
 */
export const guiasDam = pgTable(
  'guias_dam',
  {
    id: serial('id').primaryKey(),
    /** AAAAMM, the municipality's IBGE code and the guide's order in them: 202607-3106200-1. */
    numero: varchar('numero', { length: 20 }).notNull().unique(),
    /** YYYY-MM */
    competencia: varchar('competencia', { length: 7 }).notNull(),
    municipio: integer('municipio').notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    servicos: integer('servicos').notNull(),
    valorIss: bigint('valor_iss_centavos', { mode: 'number' }).notNull(),
    /** EMITIDA, CANCELADA */
    status: varchar('status', { length: 10 }).notNull().default('EMITIDA'),
    execucaoId: integer('execucao_id').references(() => execucoes.id, { onDelete: 'set null' }),
    emitidoPor: varchar('emitido_por', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    canceladoPor: varchar('cancelado_por', { length: 120 }),
    motivoCancelamento: varchar('motivo_cancelamento', { length: 500 }),
  },
  // one guide in force per competência and municipality, whoever sends at the same moment
  (t) => [uniqueIndex('guias_dam_emitida_idx').on(t.competencia, t.municipio).where(sql`${t.status} = 'EMITIDA'`), index('guias_dam_competencia_idx').on(t.competencia, t.status)],
);

/**
 * Additional services (serviços adicionais) a beneficiary may join besides the plan — air ambulance, dental plan —,
 * each with its monthly value. `codigo` is what the screens and exports name (AEROMEDICO, ODONTO).
 */
export const servicosAdicionais = pgTable('servicos_adicionais', {
  id: serial('id').primaryKey(),
  codigo: varchar('codigo', { length: 20 }).notNull().unique(),
  nome: varchar('nome', { length: 120 }).notNull(),
  valorMensal: bigint('valor_mensal_centavos', { mode: 'number' }).notNull(),
  ativo: boolean('ativo').notNull().default(true),
});

/**
 * A beneficiary's adhesion to an additional service: from `inicio` to `fim` (the last day covered, inclusive; null while
 * open), with the monthly value as it was when joining (the catalog's value may change later). One open adhesion per
 * beneficiary and service (partial unique index); the service keeps periods of the same pair from overlapping.
 */
export const adesoesServicos = pgTable(
  'adesoes_servicos',
  {
    id: serial('id').primaryKey(),
    beneficiarioId: integer('beneficiario_id')
      .notNull()
      .references(() => beneficiarios.id),
    servicoId: integer('servico_id')
      .notNull()
      .references(() => servicosAdicionais.id),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }),
    /** MOTIVOS_ENCERRAMENTO_SERVICO (src/shared/servicos): set with `fim`. */
    motivoEncerramento: varchar('motivo_encerramento', { length: 2 }),
    valorMensal: bigint('valor_mensal_centavos', { mode: 'number' }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNome: varchar('usuario_nome', { length: 120 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    encerradoPor: varchar('encerrado_por', { length: 120 }),
    encerradoEm: timestamp('encerrado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('adesoes_servicos_aberta_uq').on(t.beneficiarioId, t.servicoId).where(sql`${t.fim} is null`),
    index('adesoes_servicos_servico_idx').on(t.servicoId, t.inicio, t.id),
    index('adesoes_servicos_beneficiario_idx').on(t.beneficiarioId),
    check('adesoes_servicos_periodo_ck', sql`${t.fim} is null or ${t.fim} >= ${t.inicio}`),
    check('adesoes_servicos_motivo_ck', sql`(${t.fim} is null) = (${t.motivoEncerramento} is null)`),
  ],
);

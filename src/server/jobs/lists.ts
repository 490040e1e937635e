import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { registry } from '../../../commands';
import { JOB_STATUS } from '../../shared/jobs';
import { ARQUIVOS_GERADOS_LIST, FILA_EXECUCOES_LIST, importacoesList, logImportacaoList, processosDeImportacao } from '../../shared/jobs-lists';
import { fold } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { folded, query, searchTerm } from '../db/sql';
import { sessionSees } from '../http/access';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The sources of the lists over runs (src/shared/jobs-lists.ts). Whose runs a session sees is the rule of "Meus
 * processos" and of the files' READERS: its own, or everyone's for an administrator (manage all), and only runs of
 * commands the session still opens — so every row listed here is one whose files the session may download.
 */

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const seesAll = (s: RequestSession) => s.ability.can('manage', 'all');
const titleOf = (comando: string) => registry.match(comando)?.title ?? comando;
const inList = (expr: SQL, values: readonly string[]) => (values.length ? sql`${expr} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : sql`false`);

/** The input file of an import run: the stored file's id in its parameters (`arquivo`, a number by its schema). */
const ARQUIVO = sql`(case when jsonb_typeof(e.parametros->'arquivo') = 'number' then (e.parametros->>'arquivo')::int end)`;

/** Runs (alias "e") the session may read: its own or, for an administrator, everyone's; of commands it still opens. */
async function runsOf(ctx: AppContext, s: RequestSession, comandos?: readonly string[]): Promise<SQL> {
  const all = comandos ?? (await query<{ comando: string }>(ctx.db, sql`select distinct comando from execucoes`)).map((r) => r.comando);
  const visible = all.filter((c) => sessionSees(ctx.settings, s, c as never));
  const own = seesAll(s) ? sql`true` : sql`e.usuario_id = ${s.user.id}`;
  return sql`${own} and ${inList(sql`e.comando`, visible)}`;
}

/** The run's owner by login (stored in lower case) or any part of the name as it was when queued. */
const donoPorTermo = (v: string): SQL =>
  sql`(${folded(sql`e.usuario_nome`)} like ${`%${searchTerm(v)}%`} or e.usuario_id in (select u.id from usuarios u where u.login = ${v.trim().toLowerCase()}))`;

/** The run's command by any part of its title ("cartões" finds the card generator and the embossing export). */
const comandoPorTermo = (v: string): SQL => {
  const t = fold(v.trim());
  return inList(
    sql`e.comando`,
    registry.all.filter((c) => (c.kind === 'process' || c.kind === 'export' || c.kind === 'route') && fold(c.title).includes(t)).map((c) => c.path),
  );
};

const importacoesSource: ListSource = {
  from: sql`execucoes e left join arquivos a on a.id = ${ARQUIVO}`,
  alias: 'e',
  fields: {
    id: { expr: sql`e.id` },
    criadoEm: { expr: sql`e.criado_em` },
    processo: { expr: sql`e.comando` },
    status: { expr: sql`e.status` },
    remetente: { search: donoPorTermo },
    arquivo: { expr: sql`a.nome`, folded: folded(sql`a.nome`) },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select e.id, e.criado_em as "criadoEm", e.comando as processo, e.usuario_nome as remetente, u.login as "remetenteLogin", e.status,
          e.progresso, e.etapa, e.erro, e.terminado_em as "terminadoEm", a.id as "arquivoId", a.nome as arquivo, a.tamanho, a.sha256,
          coalesce(c.info, 0) as "linhasInfo", coalesce(c.aviso, 0) as "linhasAviso", coalesce(c.erro, 0) as "linhasErro"
        from ${pageIds(ids, 'k')}
        join execucoes e on e.id = k.id
        left join usuarios u on u.id = e.usuario_id
        left join arquivos a on a.id = ${ARQUIVO}
        left join lateral (
          select count(*) filter (where l.nivel = 'info')::int as info, count(*) filter (where l.nivel = 'aviso')::int as aviso,
            count(*) filter (where l.nivel = 'erro')::int as erro
          from execucoes_log l where l.execucao_id = e.id) c on true
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, titulo: titleOf(String(r.processo)), criadoEm: iso(r.criadoEm), terminadoEm: iso(r.terminadoEm) })) as unknown as Row[];
  },
};

const logSource: ListSource = {
  from: sql`execucoes_log l join execucoes e on e.id = l.execucao_id`,
  alias: 'l',
  fields: {
    id: { expr: sql`l.id` },
    em: { expr: sql`l.em` },
    processo: { expr: sql`e.comando` },
    execucao: { expr: sql`l.execucao_id` },
    nivel: { expr: sql`l.nivel` },
    // the log of imports only (a few thousand lines a month): folding on the fly is affordable
    mensagem: { expr: sql`l.mensagem`, folded: folded(sql`l.mensagem`) },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select l.id::int as id, l.em, l.nivel, l.mensagem, e.id as execucao, e.comando as processo, e.usuario_nome as remetente, a.nome as arquivo
        from ${pageIds(ids, 'k')}
        join execucoes_log l on l.id = k.id
        join execucoes e on e.id = l.execucao_id
        left join arquivos a on a.id = ${ARQUIVO}
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, em: iso(r.em) })) as unknown as Row[];
  },
};

const filaSource: ListSource = {
  from: sql`execucoes e`,
  alias: 'e',
  fields: {
    id: { expr: sql`e.id` },
    comando: { search: comandoPorTermo },
    usuario: { search: donoPorTermo },
    status: { expr: sql`e.status` },
    criadoEm: { expr: sql`e.criado_em` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select e.id, e.comando, e.usuario_nome as usuario, u.login as "usuarioLogin", e.status, e.progresso, e.etapa, e.erro,
          e.criado_em as "criadoEm", e.iniciado_em as "iniciadoEm", e.terminado_em as "terminadoEm"
        from ${pageIds(ids, 'k')} join execucoes e on e.id = k.id left join usuarios u on u.id = e.usuario_id order by k.ord`,
    );
    return rows.map((r) => ({
      ...r,
      titulo: titleOf(String(r.comando)),
      criadoEm: iso(r.criadoEm),
      iniciadoEm: iso(r.iniciadoEm),
      terminadoEm: iso(r.terminadoEm),
    })) as unknown as Row[];
  },
  async totals(db, where) {
    const cols = sql.join(
      JOB_STATUS.map((st) => sql`count(*) filter (where e.status = ${st})::int as ${sql.raw(`"${st}"`)}`),
      sql`, `,
    );
    const [r] = await query<Record<string, number>>(db, sql`select ${cols} from execucoes e where ${where}`);
    return r;
  },
};

const arquivosSource: ListSource = {
  from: sql`arquivos a join execucoes e on a.contexto = 'execucao' and e.id = a.contexto_id`,
  alias: 'a',
  fields: {
    id: { expr: sql`a.id` },
    criadoEm: { expr: sql`a.criado_em` },
    // a few files per run: folding on the fly is affordable
    nome: { expr: sql`a.nome`, folded: folded(sql`a.nome`) },
    comando: { search: comandoPorTermo },
    dono: { search: donoPorTermo },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select a.id, a.criado_em as "criadoEm", a.nome, a.tipo, a.tamanho, a.sha256, e.id as execucao, e.comando, e.usuario_nome as dono
        from ${pageIds(ids, 'k')} join arquivos a on a.id = k.id join execucoes e on e.id = a.contexto_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, titulo: titleOf(String(r.comando)), criadoEm: iso(r.criadoEm) })) as unknown as Row[];
  },
};

/**
 * GET /api/importacoes, /api/log-importacao, /api/fila-execucoes (the administrator's: the command needs manage on
 * all) and /api/arquivos-gerados, each with `/resumo`; none has a record screen.
 */
export function jobListsRoutes(app: FastifyInstance, ctx: AppContext) {
  const imports = () => processosDeImportacao().map(([c]) => c);
  const importacoes = importacoesList();
  registerList(app, ctx, { ...importacoes, permanent: [{ field: 'processo', op: 'in', value: imports() }] }, importacoesSource, {
    neighbors: false,
    restrict: (s) => runsOf(ctx, s, imports()),
  });
  const log = logImportacaoList();
  registerList(app, ctx, { ...log, permanent: [{ field: 'processo', op: 'in', value: imports() }] }, logSource, {
    neighbors: false,
    restrict: (s) => runsOf(ctx, s, imports()),
  });
  registerList(app, ctx, FILA_EXECUCOES_LIST, filaSource, { neighbors: false });
  registerList(app, ctx, ARQUIVOS_GERADOS_LIST, arquivosSource, { neighbors: false, restrict: (s) => runsOf(ctx, s) });
}

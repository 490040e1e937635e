import { sql } from 'drizzle-orm';
import { CONTEXTO_GERENCIADOR, GER_MSG, MAX_NIVEIS, NOME_RAIZ, type ArquivoLinha, type ConteudoPasta, type NovaPasta, type PastaLinha, type RenomearPasta } from '../../shared/gerenciador';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { pastas } from '../db/schema';
import { query } from '../db/sql';
import { AppError, notFound } from '../http/errors';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

/**
 * The file manager's folders: the content of one (breadcrumb, subfolders, files), create, rename and delete (only
 * when empty). Every write and its trail entry in one transaction; the folder row is locked so a file sent into it
 * (or a subfolder created) while it is deleted waits and then finds it gone.
 */

interface PastaRow {
  id: number;
  nome: string;
  pai_id: number | null;
  criado_por: string;
  criado_em: unknown;
}
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const linha = (r: PastaRow): PastaLinha => ({ id: r.id, nome: r.nome, paiId: r.pai_id, criadoPor: r.criado_por, criadoEm: iso(r.criado_em) });

/** A folder (null when missing), optionally locked for the rest of the caller's transaction. */
export async function pastaDe(db: Db, id: number, lock?: 'share' | 'update'): Promise<PastaLinha | null> {
  const [r] = await query<PastaRow>(
    db,
    sql`select id, nome, pai_id, criado_por_nome as criado_por, criado_em from pastas where id = ${id} ${lock === 'update' ? sql`for update` : lock === 'share' ? sql`for share` : sql``}`,
  );
  return r ? linha(r) : null;
}

/** The folder's ancestors and itself, root first. */
async function caminhoDe(db: Db, id: number): Promise<{ id: number; nome: string }[]> {
  const rows = await query<{ id: number; nome: string; nivel: number }>(
    db,
    sql`with recursive c(id, nome, pai_id, nivel) as (
          select id, nome, pai_id, 0 from pastas where id = ${id}
          union all select p.id, p.nome, p.pai_id, c.nivel + 1 from pastas p join c on p.id = c.pai_id where c.nivel < 50)
        select id, nome, nivel from c order by nivel desc`,
  );
  return rows.map((r) => ({ id: r.id, nome: r.nome }));
}

/** A folder's subfolders and files (the root's when `pastaId` is null), names in alphabetical order. */
export async function conteudo(ctx: AppContext, pastaId: number | null): Promise<ConteudoPasta> {
  const { db } = ctx;
  const pasta = pastaId == null ? null : await pastaDe(db, pastaId);
  if (pastaId != null && !pasta) throw notFound(GER_MSG.pastaNaoEncontrada);
  const caminho = [{ id: null, nome: NOME_RAIZ }, ...(pastaId == null ? [] : await caminhoDe(db, pastaId))];
  const filhas = await query<PastaRow>(
    db,
    sql`select id, nome, pai_id, criado_por_nome as criado_por, criado_em from pastas
        where pai_id ${pastaId == null ? sql`is null` : sql`= ${pastaId}`} order by lower(nome), id`,
  );
  const arquivos = await query<{ id: number; nome: string; tipo: string; tamanho: number; enviado_por: string | null; criado_em: unknown }>(
    db,
    sql`select a.id, a.nome, a.tipo, a.tamanho, u.nome as enviado_por, a.criado_em
        from arquivos a left join usuarios u on u.id = a.dono_id
        where a.contexto = ${CONTEXTO_GERENCIADOR} and a.contexto_id ${pastaId == null ? sql`is null` : sql`= ${pastaId}`}
        order by lower(a.nome), a.id`,
  );
  return {
    pasta,
    caminho,
    pastas: filhas.map(linha),
    arquivos: arquivos.map(
      (a): ArquivoLinha => ({ id: a.id, nome: a.nome, tipo: a.tipo, tamanho: Number(a.tamanho), enviadoPor: a.enviado_por ?? 'Usuário removido', criadoEm: iso(a.criado_em), pastaId }),
    ),
  };
}

/** A repeated name under the same parent, told by the unique index (two people creating the same folder at once). */
function nomeRepetido(err: unknown, nome: string): Error {
  const e = (err as { cause?: unknown }).cause ?? err;
  return (e as { code?: string }).code === '23505' ? AppError.of(409, GER_MSG.nomeRepetido(nome), { field: 'nome' }) : (err as Error);
}

async function assertNomeLivre(db: Db, paiId: number | null, nome: string, exceto?: number) {
  const [r] = await query<{ id: number }>(
    db,
    sql`select id from pastas where coalesce(pai_id, 0) = ${paiId ?? 0} and lower(nome) = lower(${nome}) ${exceto ? sql`and id <> ${exceto}` : sql``} limit 1`,
  );
  if (r) throw AppError.of(409, GER_MSG.nomeRepetido(nome), { field: 'nome' });
}

export async function criarPasta(ctx: AppContext, actor: SessionActor, body: NovaPasta): Promise<PastaLinha> {
  const nomeUsuario = await userName(ctx.db, actor.session);
  try {
    return await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      if (body.paiId != null) {
        if (!(await pastaDe(t, body.paiId, 'share'))) throw notFound(GER_MSG.pastaNaoEncontrada);
        if ((await caminhoDe(t, body.paiId)).length >= MAX_NIVEIS) throw AppError.of(422, GER_MSG.profundidade);
      }
      await assertNomeLivre(t, body.paiId, body.nome);
      const [row] = await t.insert(pastas).values({ nome: body.nome, paiId: body.paiId, criadoPorId: actor.session.user.id, criadoPorNome: nomeUsuario }).returning();
      await recordTrail(t, actor, { entidade: 'pasta', registroId: row.id, acao: 'insert', depois: { id: row.id, nome: row.nome, paiId: row.paiId } });
      return { id: row.id, nome: row.nome, paiId: row.paiId, criadoPor: row.criadoPorNome, criadoEm: row.criadoEm.toISOString() };
    });
  } catch (err) {
    throw nomeRepetido(err, body.nome);
  }
}

export async function renomearPasta(ctx: AppContext, actor: SessionActor, id: number, body: RenomearPasta): Promise<PastaLinha> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const antes = await pastaDe(t, id, 'update');
      if (!antes) throw notFound(GER_MSG.pastaNaoEncontrada);
      if (antes.nome === body.nome) return antes;
      await assertNomeLivre(t, antes.paiId, body.nome, id);
      await t.execute(sql`update pastas set nome = ${body.nome}, atualizado_em = now() where id = ${id}`);
      await recordTrail(t, actor, { entidade: 'pasta', registroId: id, acao: 'update', antes: { nome: antes.nome }, depois: { nome: body.nome } });
      return { ...antes, nome: body.nome };
    });
  } catch (err) {
    throw nomeRepetido(err, body.nome);
  }
}

/** Deletes an empty folder; one with subfolders or files is refused, saying what is inside. */
export async function excluirPasta(ctx: AppContext, actor: SessionActor, id: number): Promise<PastaLinha> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const antes = await pastaDe(t, id, 'update');
    if (!antes) throw notFound(GER_MSG.pastaNaoEncontrada);
    const [n] = await query<{ pastas: number; arquivos: number }>(
      t,
      sql`select (select count(*)::int from pastas where pai_id = ${id}) as pastas,
                 (select count(*)::int from arquivos where contexto = ${CONTEXTO_GERENCIADOR} and contexto_id = ${id}) as arquivos`,
    );
    if (n.pastas > 0 || n.arquivos > 0) throw AppError.of(422, GER_MSG.pastaNaoVazia(n));
    await t.execute(sql`delete from pastas where id = ${id}`);
    await recordTrail(t, actor, { entidade: 'pasta', registroId: id, acao: 'delete', antes: { id, nome: antes.nome, paiId: antes.paiId } });
    return antes;
  });
}

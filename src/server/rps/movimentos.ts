import { sql } from 'drizzle-orm';
import { labelOf } from '../../shared/text';
import { MOTIVOS_EXCLUSAO_REDE, RPS_MSG, type ExclusaoRede, type InclusaoFeita, type InclusaoRede, type ProdutoRede, type RedeDoPrestador, type VinculoRede } from '../../shared/rps';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, conflict, notFound } from '../http/errors';
import { criaUmaVez } from '../http/idempotencia';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

/**
 * Movimentos RPS: a provider enters products' networks (one inclusion movement and one open period per product) and
 * leaves one (the period closes at the exclusion's date, with the reason, and an exclusion movement is written). Every
 * rule is checked inside the transaction, with the provider's row locked, so two inclusions of the same provider
 * never both pass; the unique index on the open period is the last guard. Each movement goes to the trail.
 */

/** Every refusal at once, each beside its field of the form. */
const unprocessable = (erros: { field: string; value: string }[]) => new AppError(422, erros.map((e) => ({ type: 'error' as const, ...e })));

/** Products for the inclusion form (active ones first, by name). */
export async function produtosRede(db: Db): Promise<ProdutoRede[]> {
  return query<ProdutoRede>(
    db,
    sql`select pr.id, pr.nome, pr.registro_ans as "registroAns", pr.abrangencia, g.segmentacao, pr.ativo, pr.inicio_comercializacao::text as "inicioComercializacao"
      from produtos pr left join grupos_produtos g on g.id = pr.grupo order by pr.ativo desc, pr.nome, pr.id`,
  );
}

async function vinculosDe(db: Db, prestadorId: number): Promise<VinculoRede[]> {
  return query<VinculoRede>(
    db,
    sql`select rp.id, rp.produto_id as "produtoId", pr.nome as "produtoNome", rp.inicio::text as inicio, rp.fim::text as fim, rp.motivo_exclusao as "motivoExclusao", rp.version
      from rede_produtos rp join produtos pr on pr.id = rp.produto_id where rp.prestador_id = ${prestadorId} order by pr.nome, rp.inicio`,
  );
}

/** A provider's term and every period it had in a product's network. */
export async function redeDoPrestador(db: Db, prestadorId: number): Promise<RedeDoPrestador> {
  const [p] = await query<RedeDoPrestador['prestador']>(
    db,
    sql`select id, codigo, nome, inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia" from prestadores where id = ${prestadorId}`,
  );
  if (!p) throw notFound(RPS_MSG.prestadorNaoEncontrado);
  return { prestador: p, vinculos: await vinculosDe(db, prestadorId) };
}

/**
 * Includes a provider in the networks of the products given, from a date: the provider is in its term on that date,
 * each product is active and already sold then, and the provider has no period in that product's network that is
 * open or ends after the date. All or nothing: every refusal is answered at once.
 */
export async function incluirNaRede(db: Db, actor: SessionActor, v: InclusaoRede, chave?: string): Promise<InclusaoFeita> {
  const nome = await userName(db, actor.session);
  let movimentos: number[] = [];
  const r = await criaUmaVez(db, actor.session.user.id, 'movimentorps', chave, async (t) => {
    const [p] = await query<{ id: number; nome: string; inicio: string; fim: string | null }>(
      t,
      sql`select id, nome, inicio_vigencia::text as inicio, fim_vigencia::text as fim from prestadores where id = ${v.prestadorId} for update`,
    );
    if (!p) throw notFound(RPS_MSG.prestadorNaoEncontrado);
    const produtos = await query<{ id: number; nome: string; ativo: boolean; inicio: string }>(
      t,
      sql`select id, nome, ativo, inicio_comercializacao::text as inicio from produtos where id in (${sql.join(v.produtos.map((id) => sql`${id}`), sql`, `)}) order by nome`,
    );
    if (produtos.length !== v.produtos.length) throw notFound(RPS_MSG.produtoNaoEncontrado);
    const atuais = await vinculosDe(t, p.id);
    const erros: { field: string; value: string }[] = [];
    if (p.inicio > v.data || (p.fim != null && p.fim < v.data)) erros.push({ field: 'data', value: RPS_MSG.foraDaVigencia(p.nome, v.data, p.inicio, p.fim) });
    for (const pr of produtos) {
      if (!pr.ativo) erros.push({ field: 'produtos', value: RPS_MSG.produtoInativo(pr.nome) });
      else if (pr.inicio > v.data) erros.push({ field: 'produtos', value: RPS_MSG.antesDaComercializacao(pr.nome, pr.inicio) });
      const aberto = atuais.find((x) => x.produtoId === pr.id && x.fim == null);
      const depois = atuais.filter((x) => x.produtoId === pr.id && x.fim != null && x.fim > v.data).sort((a, b) => (a.fim! < b.fim! ? 1 : -1))[0];
      if (aberto) erros.push({ field: 'produtos', value: RPS_MSG.jaNaRede(pr.nome, aberto.inicio) });
      else if (depois) erros.push({ field: 'produtos', value: RPS_MSG.saiuDepois(pr.nome, depois.fim!) });
    }
    if (erros.length) throw unprocessable(erros);
    movimentos = [];
    for (const pr of produtos) {
      const [vinc] = await query<{ id: number }>(t, sql`insert into rede_produtos (produto_id, prestador_id, inicio) values (${pr.id}, ${p.id}, ${v.data}) returning id`);
      const [m] = await query<{ id: number }>(
        t,
        sql`insert into movimentos_rps (vinculo_id, tipo, data, observacao, usuario_id, usuario_nome) values (${vinc.id}, 'I', ${v.data}, ${v.observacao}, ${actor.session.user.id}, ${nome}) returning id`,
      );
      movimentos.push(m.id);
      await recordTrail(t, actor, {
        entidade: 'movimentorps',
        registroId: m.id,
        acao: 'insert',
        depois: { tipo: 'Inclusão', prestador: `${p.nome} (#${p.id})`, produto: pr.nome, data: v.data, observacao: v.observacao, envio: 'Pendente de envio' },
      });
    }
    return movimentos[0];
  });
  if (!r.repetida) return { movimentos, repetida: false };
  // the first submission's movements: one transaction, one instant, one user
  const feitos = await query<{ id: number }>(
    db,
    sql`select m.id from movimentos_rps m join movimentos_rps f on f.id = ${r.id} where m.em = f.em and m.usuario_id = f.usuario_id and m.tipo = 'I' order by m.id`,
  );
  return { movimentos: feitos.map((x) => x.id), repetida: true };
}

/** Excludes a provider from one product's network (the period `vinculoId`) from a date, with the reason. */
export async function excluirDaRede(db: Db, actor: SessionActor, vinculoId: number, v: ExclusaoRede): Promise<{ movimento: number; prestador: string; produto: string }> {
  const nome = await userName(db, actor.session);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [r] = await query<{ id: number; inicio: string; fim: string | null; version: number; prestador: string; prestadorId: number; produto: string }>(
      t,
      sql`select rp.id, rp.inicio::text as inicio, rp.fim::text as fim, rp.version, p.nome as prestador, p.id as "prestadorId", pr.nome as produto
        from rede_produtos rp join prestadores p on p.id = rp.prestador_id join produtos pr on pr.id = rp.produto_id where rp.id = ${vinculoId} for update of rp`,
    );
    if (!r) throw notFound(RPS_MSG.vinculoNaoEncontrado);
    if (r.version !== v.version) throw conflict();
    if (r.fim != null) throw AppError.of(422, RPS_MSG.jaExcluido(r.fim));
    if (v.data <= r.inicio) throw AppError.of(422, RPS_MSG.exclusaoAntesDaInclusao(r.inicio), { field: 'data' });
    await query(t, sql`update rede_produtos set fim = ${v.data}, motivo_exclusao = ${v.motivo}, version = version + 1 where id = ${r.id}`);
    const [m] = await query<{ id: number }>(
      t,
      sql`insert into movimentos_rps (vinculo_id, tipo, data, motivo, observacao, usuario_id, usuario_nome) values (${r.id}, 'E', ${v.data}, ${v.motivo}, ${v.observacao}, ${actor.session.user.id}, ${nome}) returning id`,
    );
    await recordTrail(t, actor, {
      entidade: 'movimentorps',
      registroId: m.id,
      acao: 'insert',
      depois: { tipo: 'Exclusão', prestador: `${r.prestador} (#${r.prestadorId})`, produto: r.produto, data: v.data, motivo: labelOf(MOTIVOS_EXCLUSAO_REDE, v.motivo), observacao: v.observacao, envio: 'Pendente de envio' },
    });
    return { movimento: m.id, prestador: r.prestador, produto: r.produto };
  });
}

import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import { MOTIVOS_ENCERRAMENTO_SERVICO, SERVICOS_MSG, type AdesaoDoBeneficiario, type AdesaoServico, type EncerramentoServico, type ServicoAdicional } from '../../shared/servicos';
import { labelOf } from '../../shared/text';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, conflict, notFound } from '../http/errors';
import { criaUmaVez } from '../http/idempotencia';
import { assertAny, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

/**
 * Joining and ending a beneficiary's additional service. Every rule is checked in the transaction with the
 * beneficiary's row locked, so two adhesions of the same beneficiary never both pass; the partial unique index on the
 * open adhesion is the last guard. Each write goes to the trail with the service, the beneficiary and the period.
 */

/** A service of the catalog by its code. */
export async function servicoPorCodigo(db: Db, codigo: string): Promise<ServicoAdicional> {
  const [s] = await query<ServicoAdicional>(db, sql`select id, codigo, nome, valor_mensal_centavos::int as "valorMensal", ativo from servicos_adicionais where codigo = ${codigo}`);
  if (!s) throw notFound(SERVICOS_MSG.servicoNaoEncontrado);
  return s;
}

/** Writes need the whole registry in scope (deny by default: a family or a provider never writes here). */
async function exigirEquipe(ctx: AppContext, actor: SessionActor) {
  assertAny(await scopeOf(ctx, actor.session, 'adesaoservico'));
}

/** Nova adesão: the beneficiary joins the service from `inicio`, at the catalog's monthly value of today. */
export async function aderir(ctx: AppContext, actor: SessionActor, codigo: string, v: AdesaoServico, chave?: string): Promise<{ id: number; repetida: boolean; beneficiario: string; servico: string }> {
  await exigirEquipe(ctx, actor);
  const nome = await userName(ctx.db, actor.session);
  let beneficiario = '';
  const servico = await servicoPorCodigo(ctx.db, codigo);
  const r = await criaUmaVez(ctx.db, actor.session.user.id, 'adesaoservico', chave, async (t) => {
    const [b] = await query<{ id: number; nome: string; situacao: string; adesao: string }>(
      t,
      sql`select id, nome, situacao, data_adesao::text as adesao from beneficiarios where id = ${v.beneficiarioId} for update`,
    );
    if (!b) throw AppError.of(422, SERVICOS_MSG.beneficiarioNaoEncontrado, { field: 'beneficiarioId' });
    beneficiario = b.nome;
    const [s] = await query<ServicoAdicional>(t, sql`select id, codigo, nome, valor_mensal_centavos::int as "valorMensal", ativo from servicos_adicionais where id = ${servico.id}`);
    if (!s.ativo) throw AppError.of(422, SERVICOS_MSG.servicoInativo(s.nome));
    if (b.situacao === 'CANCELADO') throw AppError.of(422, SERVICOS_MSG.beneficiarioCancelado(b.nome), { field: 'beneficiarioId' });
    if (v.inicio < b.adesao) throw AppError.of(422, SERVICOS_MSG.antesDoPlano(b.adesao), { field: 'inicio' });
    const anteriores = await query<{ inicio: string; fim: string | null }>(
      t,
      sql`select inicio::text as inicio, fim::text as fim from adesoes_servicos where beneficiario_id = ${b.id} and servico_id = ${s.id} order by inicio desc`,
    );
    const aberta = anteriores.find((a) => a.fim == null);
    if (aberta) throw AppError.of(422, SERVICOS_MSG.jaAderiu(s.nome, aberta.inicio), { field: 'beneficiarioId' });
    const sobreposta = anteriores.find((a) => a.fim != null && a.fim >= v.inicio);
    if (sobreposta) throw AppError.of(422, SERVICOS_MSG.sobreposta(s.nome, sobreposta.fim!), { field: 'inicio' });
    const [a] = await query<{ id: number }>(
      t,
      sql`insert into adesoes_servicos (beneficiario_id, servico_id, inicio, valor_mensal_centavos, usuario_id, usuario_nome)
          values (${b.id}, ${s.id}, ${v.inicio}, ${s.valorMensal}, ${actor.session.user.id}, ${nome}) returning id`,
    );
    await recordTrail(t, actor, {
      entidade: 'adesaoservico',
      registroId: a.id,
      acao: 'insert',
      depois: { servico: s.nome, beneficiario: `${b.nome} (#${b.id})`, inicio: v.inicio, valorMensal: formatMoney(s.valorMensal) },
    });
    return a.id;
  });
  if (r.repetida) {
    const [b] = await query<{ nome: string }>(ctx.db, sql`select b.nome from adesoes_servicos a join beneficiarios b on b.id = a.beneficiario_id where a.id = ${r.id}`);
    beneficiario = b?.nome ?? beneficiario;
  }
  return { ...r, beneficiario, servico: servico.nome };
}

/** Encerrar adesão: the last day covered and the reason; the version read guards against a stale screen (409). */
export async function encerrar(ctx: AppContext, actor: SessionActor, codigo: string, id: number, v: EncerramentoServico): Promise<{ id: number; beneficiario: string; servico: string }> {
  await exigirEquipe(ctx, actor);
  const nome = await userName(ctx.db, actor.session);
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [a] = await query<{ id: number; inicio: string; fim: string | null; version: number; beneficiario: string; beneficiarioId: number; servico: string }>(
      t,
      sql`select a.id, a.inicio::text as inicio, a.fim::text as fim, a.version, b.nome as beneficiario, b.id as "beneficiarioId", s.nome as servico
          from adesoes_servicos a join beneficiarios b on b.id = a.beneficiario_id join servicos_adicionais s on s.id = a.servico_id
          where a.id = ${id} and s.codigo = ${codigo} for update of a`,
    );
    if (!a) throw notFound(SERVICOS_MSG.adesaoNaoEncontrada);
    if (a.version !== v.version) throw conflict();
    if (a.fim != null) throw AppError.of(422, SERVICOS_MSG.jaEncerrada(a.fim));
    if (v.fim < a.inicio) throw AppError.of(422, SERVICOS_MSG.fimAntesDoInicio(a.inicio), { field: 'fim' });
    await query(t, sql`update adesoes_servicos set fim = ${v.fim}, motivo_encerramento = ${v.motivo}, encerrado_por = ${nome}, encerrado_em = now(), version = version + 1 where id = ${a.id}`);
    await recordTrail(t, actor, {
      entidade: 'adesaoservico',
      registroId: a.id,
      acao: 'update',
      antes: { servico: a.servico, beneficiario: `${a.beneficiario} (#${a.beneficiarioId})`, fim: null, motivo: null },
      depois: { servico: a.servico, beneficiario: `${a.beneficiario} (#${a.beneficiarioId})`, fim: v.fim, motivo: labelOf(MOTIVOS_ENCERRAMENTO_SERVICO, v.motivo) },
    });
    return { id: a.id, beneficiario: a.beneficiario, servico: a.servico };
  });
}

/** Every adhesion of a beneficiary (the record view's "Serviços adicionais"), the open ones first. */
export async function adesoesDoBeneficiario(db: Db, beneficiarioId: number): Promise<AdesaoDoBeneficiario[]> {
  return query<AdesaoDoBeneficiario>(
    db,
    sql`select a.id, s.nome as servico, a.inicio::text as inicio, a.fim::text as fim, a.motivo_encerramento as motivo, a.valor_mensal_centavos::int as "valorMensal"
        from adesoes_servicos a join servicos_adicionais s on s.id = a.servico_id where a.beneficiario_id = ${beneficiarioId}
        order by a.fim is not null, a.inicio desc, a.id`,
  );
}

import { sql } from 'drizzle-orm';
import type { CommandPath } from '../../../commands';
import type { Tipo } from '../../shared/autorizacoes';
import { RESUMO_HISTORICO, RESUMO_ITENS, type BeneficiarioResumo } from '../../shared/pessoas';
import { beneficiario as defBeneficiario } from '../../shared/resources/pessoas';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionSees } from '../http/access';
import { forbidden } from '../http/errors';
import { assertRecord, familyOf, scopeOf, scopeWhere } from '../policy';
import { getRow } from '../resources/service';
import { adesoesDoBeneficiario } from '../servicos/adesoes';
import { autorizacaoOpensAt } from '../routes/busca';
import { membros } from './cadastro';

/**
 * A beneficiary's read-only record (the registry's record view, opened from the palette's `@`): the record, the family,
 * the latest authorization requests and service-desk contacts (each only when the session's scope of that entity
 * reaches them, and with where each opens), and the record's change trail (for who may change the record). For the
 * staff who see every beneficiary (the registry, the read-only lookup). One call, one scope check per part.
 */

const LISTA_AUTORIZACOES: CommandPath = '/principal/autorizacao/autorizacoes';
const HISTORICO_UTILIZACAO: CommandPath = '/principal/autorizacao/historicos-utilizacoes-beneficiarios';
const ATENDIMENTOS: CommandPath = '/operadora/atendimentos';
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

export async function resumoBeneficiario(ctx: AppContext, s: RequestSession, id: number): Promise<BeneficiarioResumo> {
  const { db } = ctx;
  // the staff's view of anyone's record (the registry, the lookup): a beneficiary has their own screens
  if ((await scopeOf(ctx, s, 'beneficiario')).kind !== 'all') throw forbidden();
  await assertRecord(ctx, s, 'beneficiario', { id });
  const registro = await getRow(db, defBeneficiario, id);
  const fam = await familyOf(ctx, id);
  const [autorizacoes, atendimentos, servicos] = await Promise.all([autorizacoesDe(ctx, s, id), atendimentosDe(ctx, s, id), adesoesDoBeneficiario(db, id)]);
  // who changed the record and how: for who may change it (the registry's editors), not for a read-only lookup
  const historico = !(s.user.admin || s.ability.can('update', 'beneficiario'))
    ? null
    : (
    await query<{ id: number; em: unknown; usuario_login: string | null; acao: string; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }>(
      db,
      sql`select id, em, usuario_login, acao, antes, depois from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(id)} order by id desc limit ${RESUMO_HISTORICO}`,
    )
  ).map((e) => ({ id: e.id, em: iso(e.em), usuario: e.usuario_login, acao: e.acao as 'update', antes: e.antes, depois: e.depois }));
  return { registro, familia: await membros(db, fam?.ids ?? [id]), autorizacoes, atendimentos, historico, servicos };
}

async function autorizacoesDe(ctx: AppContext, s: RequestSession, id: number): Promise<BeneficiarioResumo['autorizacoes']> {
  const scope = await scopeOf(ctx, s, 'autorizacao');
  const opens = autorizacaoOpensAt(ctx, s, scope);
  if (scope.kind === 'none' || !opens) return null;
  const within = scopeWhere(scope, 'autorizacao', 'a');
  const [{ total }] = await query<{ total: number }>(ctx.db, sql`select count(*)::int as total from autorizacoes a where a.beneficiario_id = ${id} and ${within}`);
  const rows = await query<{ id: number; numero: string; tipo: Tipo; status: number; data_solicitacao: unknown; procedimento: string; prestador_nome: string; valor_centavos: number }>(
    ctx.db,
    sql`select a.id, a.numero, a.tipo, a.status, a.data_solicitacao, a.procedimento, p.nome as prestador_nome, a.valor_centavos
      from autorizacoes a join prestadores p on p.id = a.prestador_id
      where a.beneficiario_id = ${id} and ${within} order by a.data_solicitacao desc, a.id desc limit ${RESUMO_ITENS}`,
  );
  const lista = [LISTA_AUTORIZACOES, HISTORICO_UTILIZACAO].find((p) => sessionSees(ctx.settings, s, p));
  return {
    total,
    itens: rows.map((r) => {
      const at = opens(r.tipo);
      return {
        id: r.id,
        numero: r.numero,
        tipo: r.tipo,
        status: Number(r.status),
        dataSolicitacao: iso(r.data_solicitacao).slice(0, 10),
        procedimento: r.procedimento,
        prestadorNome: r.prestador_nome,
        valor: Number(r.valor_centavos),
        path: at ? `${at}?id=${r.id}` : null,
      };
    }),
    lista: lista ? `${lista}?beneficiarioId=${id}` : null,
  };
}

async function atendimentosDe(ctx: AppContext, s: RequestSession, id: number): Promise<BeneficiarioResumo['atendimentos']> {
  if (!sessionSees(ctx.settings, s, ATENDIMENTOS)) return null;
  const scope = await scopeOf(ctx, s, 'atendimento');
  if (scope.kind === 'none') return null;
  const within = scopeWhere(scope, 'atendimento', 't');
  const [{ total }] = await query<{ total: number }>(ctx.db, sql`select count(*)::int as total from atendimentos t where t.beneficiario_id = ${id} and ${within}`);
  const rows = await query<{ id: number; protocolo: string; inicio: unknown; canal: string; motivo: string; status: string; atendente_nome: string }>(
    ctx.db,
    sql`select t.id, t.protocolo, t.inicio, t.canal, t.motivo, t.status, t.atendente_nome from atendimentos t
      where t.beneficiario_id = ${id} and ${within} order by t.inicio desc, t.id desc limit ${RESUMO_ITENS}`,
  );
  return {
    total,
    itens: rows.map((r) => ({ id: r.id, protocolo: r.protocolo, inicio: iso(r.inicio), canal: r.canal, motivo: r.motivo, status: r.status, atendenteNome: r.atendente_nome, path: `${ATENDIMENTOS}?id=${r.id}` })),
  };
}

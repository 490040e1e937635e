import { sql, type SQL } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { migracaoPlano } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import type { EnumField } from '../../shared/resources/define';
import { produto as produtoDef } from '../../shared/resources/operadora';
import { formatCarteirinha } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord, scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';

type Params = { origem: number; destino: number; alcance: 'PLANO' | 'EMPRESA' | 'FAMILIA'; empresa: number | null; titular: number | null; vigencia: string };

interface Plano {
  id: number;
  nome: string;
  registro_ans: string;
  contratacao: string;
  ativo: boolean;
}

const PAGE = 500;
const contratacao = (v: string) => (produtoDef.fields.contratacao as EnumField).options.find((o) => o.value === v)?.label ?? v;

/** Both plans, refused on the field when the move cannot be made: an inactive target, individual to collective or back. */
async function planos(ctx: AppContext, p: Params): Promise<{ origem: Plano; destino: Plano }> {
  const rows = await query<Plano>(ctx.db, sql`select id, nome, registro_ans, contratacao, ativo from produtos where id in (${p.origem}, ${p.destino})`);
  const origem = rows.find((r) => r.id === p.origem);
  const destino = rows.find((r) => r.id === p.destino);
  if (!origem) throw badRequest('Plano não encontrado.', 'origem');
  if (!destino) throw badRequest('Plano não encontrado.', 'destino');
  if (!destino.ativo) throw badRequest(`O plano ${destino.nome} está inativo: não recebe beneficiários.`, 'destino');
  // an individual contract and a collective one (company or association) are different contracts, not a migration
  if ((destino.contratacao === 'INDIVIDUAL') !== (origem.contratacao === 'INDIVIDUAL'))
    throw badRequest(
      `O novo plano precisa ser, como o atual, ${origem.contratacao === 'INDIVIDUAL' ? 'individual ou familiar' : 'coletivo'}: ${destino.nome} é ${contratacao(destino.contratacao)}.`,
      'destino',
    );
  return { origem, destino };
}

/** The active and suspended beneficiaries of the plan reached, within the session's scope. */
async function alvo(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  if (p.alcance === 'FAMILIA') await assertRecord(ctx, session, 'beneficiario', { id: p.titular });
  const scope = await scopeOf(ctx, session, 'beneficiario');
  const por =
    p.alcance === 'EMPRESA'
      ? sql` and b.empresa = ${p.empresa}`
      : p.alcance === 'FAMILIA'
        ? sql` and coalesce(b.titular, b.id) = (select coalesce(x.titular, x.id) from beneficiarios x where x.id = ${p.titular})`
        : sql``;
  return sql`b.produto = ${p.origem} and b.situacao in ('ATIVO', 'SUSPENSO')${por} and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

const nomePlano = (x: Plano) => `${x.nome} (ANS ${x.registro_ans})`;

/**
 * Migração de Plano (copass): the beneficiaries of one plan (of one company, or one family) move to another from a
 * date, in pages of 500 ids, one short transaction each: the record's plan, a row of the plan changes (with the run) and
 * the trail. Nobody starts in the new plan before joining the operator: the date is the later of the two.
 */
export const planMigration = defineJobKind<Params>({
  tipo: migracaoPlano.tipo,
  comandos: [migracaoPlano.comando],
  params: paramsSchema(migracaoPlano) as never,
  title: (_ctx, _c, p) => `Migração de plano a partir de ${isoToBr(p.vigencia)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const { origem, destino } = await planos(ctx, p);
    const where = await alvo(ctx, session, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios b where ${where}`);
    const amostra = await query<{ nome: string; matricula: string; carteirinha: string; situacao: string }>(
      ctx.db,
      sql`select b.nome, b.matricula, b.carteirinha, b.situacao from beneficiarios b where ${where} order by coalesce(b.titular, b.id), b.titular nulls first, b.id limit 8`,
    );
    const resumo =
      n === 0
        ? `Nenhum beneficiário ativo ou suspenso do plano ${nomePlano(origem)} nesta seleção.`
        : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'beneficiário passa' : 'beneficiários passam'} do plano ${nomePlano(origem)} para o ${nomePlano(destino)} a partir de ${isoToBr(p.vigencia)}; o plano anterior fica no histórico de mudanças de plano.`;
    return { total: n, resumo, amostra: amostra.map((b) => `${b.nome} · ${b.matricula} · ${formatCarteirinha(b.carteirinha)}${b.situacao === 'SUSPENSO' ? ' · suspenso' : ''}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const { origem, destino } = await planos(ctx, p);
    const where = await alvo(ctx, session, p);
    // the ids first (integers, a plan has tens of thousands at most), then pages of them: each page reads by primary key
    const ids = (await query<{ id: number }>(ctx.db, sql`select b.id from beneficiarios b where ${where} order by b.id`)).map((r) => r.id);
    const n = ids.length;
    await job.log(`${n.toLocaleString('pt-BR')} beneficiários do plano ${nomePlano(origem)} selecionados para o ${nomePlano(destino)} a partir de ${isoToBr(p.vigencia)}.`);
    const actor = { session, ip: '' };
    let feitos = 0;
    for (let i = 0; i < n; i += PAGE) {
      await job.checkpoint();
      const lote = sql.join(ids.slice(i, i + PAGE).map((id) => sql`${id}`), sql`, `);
      const movidos = await ctx.db.transaction(async (t) => {
        // re-read under lock with the same condition: a plan changed meanwhile by someone else is not moved
        const page = await query<{ id: number; vigencia: string }>(
          t,
          sql`select b.id, greatest(${p.vigencia}::date, b.data_adesao)::text as vigencia from beneficiarios b where b.id in (${lote}) and ${where} order by b.id for update of b`,
        );
        if (!page.length) return 0;
        const doLote = sql.join(page.map((r) => sql`${r.id}`), sql`, `);
        await t.execute(sql`update beneficiarios set produto = ${p.destino}, version = version + 1 where id in (${doLote})`);
        await t.execute(
          sql`insert into mudancas_plano (beneficiario_id, produto_anterior, produto_novo, vigencia, execucao_id)
              values ${sql.join(page.map((r) => sql`(${r.id}, ${p.origem}, ${p.destino}, ${r.vigencia}, ${job.id})`), sql`, `)}`,
        );
        await recordTrailMany(
          t,
          actor,
          page.map((r) => ({ entidade: 'beneficiario', registroId: r.id, acao: 'update' as const, antes: { produto: p.origem, produtoLabel: nomePlano(origem) }, depois: { produto: p.destino, produtoLabel: nomePlano(destino), vigenciaPlano: r.vigencia } })),
        );
        return page.length;
      });
      feitos += movidos;
      await job.progress(Math.min(99, Math.floor((Math.min(i + PAGE, n) / n) * 100)), `Migrando ${Math.min(i + PAGE, n).toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} beneficiários`);
    }
    await job.log(
      `${feitos.toLocaleString('pt-BR')} beneficiários migrados para o plano ${nomePlano(destino)}; o plano anterior ficou no histórico de mudanças de plano. Os cartões em uso mostram o plano antigo: reemita-os pelo Gerador de Cartões.`,
    );
  },
});

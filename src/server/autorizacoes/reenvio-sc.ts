import { sql, type SQL } from 'drizzle-orm';
import { STATUS, TIPOS, type Tipo } from '../../shared/autorizacoes';
import type { Previa } from '../../shared/processos/define';
import { PENDENCIAS_SC, reenvioSc } from '../../shared/processos/autorizacoes';
import { paramsSchema } from '../../shared/processos/schema';
import { labelOf } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { emails } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { csvDaExecucao, enviarPendentes, trilhaDoEmail } from '../emails/caixa-saida';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';

/**
 * Reenvio de SC: the audit's requests for a technical justification or documents (solicitações de complementação)
 * still unanswered are sent again to the requesting providers — one message per provider in the outbox, each request
 * with its guide, beneficiary, the day it was asked and what was asked (the audit's own words from the history).
 */

type Params = { pendencia: string; dias: number; prestador: number | null; assunto: string; corpo: string };

const LOTE = 100;
const EMAIL_VALIDO = sql.raw(`'^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]{2,}$'`);
const PEDIDO: Record<number, string> = { [STATUS.AGUARDANDO_JUSTIFICATIVA]: 'Justificativa técnica', [STATUS.AGUARDANDO_DOCUMENTACAO]: 'Documentação' };

/** Pending requests asked at least `dias` days ago, with the ask (the last history step into the current status), as `a` and `h`. */
async function pendentes(ctx: AppContext, session: RequestSession, p: Params): Promise<{ from: SQL; where: SQL }> {
  const scope = await scopeOf(ctx, session, 'autorizacao');
  const status = p.pendencia === 'AMBAS' ? [STATUS.AGUARDANDO_JUSTIFICATIVA, STATUS.AGUARDANDO_DOCUMENTACAO] : [Number(p.pendencia)];
  const from = sql`autorizacoes a cross join lateral (select h.em, h.motivo from autorizacao_historico h
      where h.autorizacao_id = a.id and h.para = a.status and h.acao in ('pedirJustificativa', 'pedirDocumentos') order by h.em desc, h.id desc limit 1) h`;
  const f: SQL[] = [
    sql`a.status in ${sql`(${sql.join(status.map((s) => sql`${s}`), sql`, `)})`}`,
    sql`h.em <= now() - make_interval(days => ${p.dias})`,
    scopeWhere(scope, 'autorizacao', 'a'),
  ];
  if (p.prestador != null) f.push(sql`a.prestador_id = ${p.prestador}`);
  return { from, where: sql.join(f, sql` and `) };
}

interface Pendencia {
  prestador_id: number;
  numero: string;
  tipo: Tipo;
  status: number;
  beneficiario: string;
  carteirinha: string;
  pedido: string;
  motivo: string | null;
}

/** One provider's message: the operator's text, then each pending request on its own line. */
export function corpoDoReenvio(corpo: string, itens: readonly Pendencia[]): string {
  const linhas = itens.map(
    (i) => `- Guia ${i.numero} (${TIPOS[i.tipo].label}), beneficiário ${i.beneficiario} (carteirinha ${i.carteirinha}), pedido em ${i.pedido} — ${PEDIDO[i.status]}${i.motivo ? `: ${i.motivo}` : ''}`,
  );
  return `${corpo.trimEnd()}\n\nSolicitações aguardando a sua resposta:\n${linhas.join('\n')}\n`;
}

async function contagem(ctx: AppContext, session: RequestSession, p: Params) {
  const { from, where } = await pendentes(ctx, session, p);
  const [r] = await query<{ prestadores: number; guias: number; sem_email: number }>(
    ctx.db,
    sql`select count(distinct a.prestador_id) filter (where pr.email ~ ${EMAIL_VALIDO})::int as prestadores,
          count(*) filter (where pr.email ~ ${EMAIL_VALIDO})::int as guias,
          count(distinct a.prestador_id) filter (where not coalesce(pr.email ~ ${EMAIL_VALIDO}, false))::int as sem_email
        from ${from} join prestadores pr on pr.id = a.prestador_id where ${where}`,
  );
  return r;
}

async function escrever(job: JobRun, p: Params, grupo: { id: number; nome: string; email: string }[], itens: Pendencia[]) {
  const por = new Map<number, Pendencia[]>();
  for (const i of itens) por.set(i.prestador_id, [...(por.get(i.prestador_id) ?? []), i]);
  await job.ctx.db.transaction(async (t) => {
    const novos = await t
      .insert(emails)
      .values(grupo.map((pr) => ({ prestadorId: pr.id, para: pr.email.trim(), nome: pr.nome, assunto: p.assunto, corpo: corpoDoReenvio(p.corpo, por.get(pr.id) ?? []), execucaoId: job.id })))
      .returning();
    await recordTrailMany(t, { session: job.session, ip: '' }, novos.map((e) => ({ entidade: 'email', registroId: e.id, acao: 'insert' as const, depois: trilhaDoEmail(e) })));
  });
}

export const pendingRequestsResend = defineJobKind<Params>({
  tipo: reenvioSc.tipo,
  comandos: [reenvioSc.comando],
  params: paramsSchema(reenvioSc) as never,
  title: (_ctx, _c, p) => `Reenvio de SC: ${labelOf(PENDENCIAS_SC, p.pendencia).toLowerCase()} pedidas há ${p.dias} ${p.dias === 1 ? 'dia' : 'dias'} ou mais`,

  async preview(ctx, session, p): Promise<Previa> {
    const c = await contagem(ctx, session, p);
    const { from, where } = await pendentes(ctx, session, p);
    const amostra = await query<{ nome: string; email: string; n: number }>(
      ctx.db,
      sql`select pr.nome, pr.email, count(*)::int as n from ${from} join prestadores pr on pr.id = a.prestador_id
          where ${where} and pr.email ~ ${EMAIL_VALIDO} group by pr.id, pr.nome, pr.email order by pr.nome, pr.id limit 8`,
    );
    const fora = c.sem_email ? ` ${c.sem_email} ${c.sem_email === 1 ? 'prestador sem e-mail válido fica' : 'prestadores sem e-mail válido ficam'} de fora.` : '';
    const resumo =
      c.prestadores === 0
        ? `Nenhuma solicitação de complementação pendente nesta seleção para prestador com e-mail: nenhuma mensagem será escrita.${fora}`
        : `${c.prestadores} ${c.prestadores === 1 ? 'prestador receberá' : 'prestadores receberão'} de novo ${c.guias} ${c.guias === 1 ? 'solicitação pendente' : 'solicitações pendentes'}.${fora}`;
    return { total: c.prestadores, resumo, amostra: amostra.map((r) => `${r.nome} · ${r.email} · ${r.n} ${r.n === 1 ? 'guia' : 'guias'}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const c = await contagem(ctx, session, p);
    if (p.prestador != null && c.prestadores === 0 && c.sem_email > 0) throw badRequest('Este prestador não tem e-mail válido no cadastro: corrija-o no cadastro do prestador.', 'prestador');
    await job.log(`${c.guias} ${c.guias === 1 ? 'solicitação pendente' : 'solicitações pendentes'} de ${c.prestadores} ${c.prestadores === 1 ? 'prestador' : 'prestadores'} com e-mail.`);
    if (c.sem_email) await job.log(`${c.sem_email} ${c.sem_email === 1 ? 'prestador sem e-mail válido ficou' : 'prestadores sem e-mail válido ficaram'} de fora.`, 'aviso');
    const { from, where } = await pendentes(ctx, session, p);
    let depois = 0;
    let feitos = 0;
    for (;;) {
      await job.checkpoint();
      const grupo = await query<{ id: number; nome: string; email: string }>(
        ctx.db,
        sql`select pr.id, pr.nome, pr.email from prestadores pr where pr.id > ${depois} and pr.email ~ ${EMAIL_VALIDO}
            and exists (select 1 from ${from} where a.prestador_id = pr.id and ${where}) order by pr.id limit ${LOTE}`,
      );
      if (!grupo.length) break;
      depois = grupo.at(-1)!.id;
      const itens = await query<Pendencia>(
        ctx.db,
        sql`select a.prestador_id, a.numero, a.tipo, a.status, b.nome as beneficiario, b.carteirinha, to_char(h.em at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') as pedido, h.motivo
            from ${from} join beneficiarios b on b.id = a.beneficiario_id
            where ${where} and a.prestador_id in ${sql`(${sql.join(grupo.map((g) => sql`${g.id}`), sql`, `)})`} order by h.em, a.id`,
      );
      await escrever(job, p, grupo, itens);
      feitos += grupo.length;
      await job.progress((feitos / Math.max(1, c.prestadores)) * 50, `Escrevendo ${feitos} de ${c.prestadores} mensagens`);
    }
    const r = await enviarPendentes(job, { session, ip: '' }, [50, 95]);
    await job.saveFile(`reenvio-sc-${job.id}.csv`, 'csv', await csvDaExecucao(ctx, job.id));
    await job.log(`${feitos} ${feitos === 1 ? 'mensagem escrita' : 'mensagens escritas'} na caixa de saída: ${r.enviados} enviadas, ${r.erros} com erro, ${r.pendentes} pendentes.`, r.erros ? 'aviso' : 'info');
  },
});

import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { solicitacaoReenvioNota } from '../../shared/processos/protocolos';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import { emails } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { csvDaExecucao, enviarPendentes, trilhaDoEmail } from '../emails/caixa-saida';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { recordTrailMany } from '../trail/record';
import { exigeEscopoTotal } from './alteracao';

/**
 * Solicitação de Reenvio de Nota: the invoices (notas fiscais) providers sent to the desk in a period and that came
 * back returned ("Devolvido", with the reason) are asked again — one message per provider in the outbox, listing its
 * protocols with the reason each was returned, sent through SMTP when the server has one.
 */

type Params = { inicio: string; fim: string; prestador: number | null; assunto: string; corpo: string };

/** Providers in a chunk of the run (each is one message). */
const LOTE = 100;
const EMAIL_VALIDO = sql.raw(`'^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]{2,}$'`);

const devolvidas = (p: Params): SQL =>
  sql`d.remetente_tipo = 'PRESTADOR' and d.tipo_documento = 'NOTA_FISCAL' and d.status = 'DEVOLVIDO' and d.recebido_em between ${p.inicio} and ${p.fim}${p.prestador != null ? sql` and d.prestador_id = ${p.prestador}` : sql``}`;

interface Nota {
  prestador_id: number;
  numero: string;
  recebido: string;
  assunto: string;
  motivo: string | null;
}

/** The message of one provider: the operator's text, then its protocols, one per line with the reason. */
export function corpoDaSolicitacao(corpo: string, notas: readonly Nota[]): string {
  const linhas = notas.map((n) => `- Protocolo ${n.numero}, recebido em ${n.recebido}: ${n.assunto}.${n.motivo ? ` Motivo da devolução: ${n.motivo}` : ''}`);
  return `${corpo.trimEnd()}\n\nNotas fiscais devolvidas:\n${linhas.join('\n')}\n`;
}

async function contagem(ctx: AppContext, p: Params) {
  const [r] = await query<{ prestadores: number; notas: number; sem_email: number }>(
    ctx.db,
    sql`select count(distinct d.prestador_id) filter (where pr.email ~ ${EMAIL_VALIDO})::int as prestadores,
          count(*) filter (where pr.email ~ ${EMAIL_VALIDO})::int as notas,
          count(distinct d.prestador_id) filter (where not coalesce(pr.email ~ ${EMAIL_VALIDO}, false))::int as sem_email
        from protocolos_documentos d join prestadores pr on pr.id = d.prestador_id where ${devolvidas(p)}`,
  );
  return r;
}

async function escrever(job: JobRun, p: Params, grupo: { id: number; nome: string; email: string }[], notas: Nota[]) {
  const porPrestador = new Map<number, Nota[]>();
  for (const n of notas) porPrestador.set(n.prestador_id, [...(porPrestador.get(n.prestador_id) ?? []), n]);
  await job.ctx.db.transaction(async (t) => {
    const novos = await t
      .insert(emails)
      .values(grupo.map((pr) => ({ prestadorId: pr.id, para: pr.email.trim(), nome: pr.nome, assunto: p.assunto, corpo: corpoDaSolicitacao(p.corpo, porPrestador.get(pr.id) ?? []), execucaoId: job.id })))
      .returning();
    await recordTrailMany(t, { session: job.session, ip: '' }, novos.map((e) => ({ entidade: 'email', registroId: e.id, acao: 'insert' as const, depois: trilhaDoEmail(e) })));
  });
}

export const invoiceResendRequest = defineJobKind<Params>({
  tipo: solicitacaoReenvioNota.tipo,
  comandos: [solicitacaoReenvioNota.comando],
  params: paramsSchema(solicitacaoReenvioNota) as never,
  title: (_ctx, _c, p) => `Pedido de reenvio das notas fiscais devolvidas de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p): Promise<Previa> {
    await exigeEscopoTotal(ctx, session);
    const c = await contagem(ctx, p);
    const amostra = await query<{ nome: string; email: string; n: number }>(
      ctx.db,
      sql`select pr.nome, pr.email, count(*)::int as n from protocolos_documentos d join prestadores pr on pr.id = d.prestador_id
          where ${devolvidas(p)} and pr.email ~ ${EMAIL_VALIDO} group by pr.id, pr.nome, pr.email order by pr.nome, pr.id limit 8`,
    );
    const fora = c.sem_email ? ` ${c.sem_email} ${c.sem_email === 1 ? 'prestador sem e-mail válido fica' : 'prestadores sem e-mail válido ficam'} de fora.` : '';
    const resumo =
      c.prestadores === 0
        ? `Nenhuma nota fiscal devolvida neste período para prestador com e-mail: nenhuma mensagem será escrita.${fora}`
        : `${c.prestadores} ${c.prestadores === 1 ? 'prestador receberá' : 'prestadores receberão'} o pedido de reenvio de ${c.notas} ${c.notas === 1 ? 'nota fiscal' : 'notas fiscais'}.${fora}`;
    return { total: c.prestadores, resumo, amostra: amostra.map((r) => `${r.nome} · ${r.email} · ${r.n} ${r.n === 1 ? 'nota' : 'notas'}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await exigeEscopoTotal(ctx, session);
    const c = await contagem(ctx, p);
    if (p.prestador != null && c.prestadores === 0 && c.sem_email > 0) throw badRequest('Este prestador não tem e-mail válido no cadastro: corrija-o no cadastro do prestador.', 'prestador');
    await job.log(`${c.notas} ${c.notas === 1 ? 'nota fiscal devolvida' : 'notas fiscais devolvidas'} de ${c.prestadores} ${c.prestadores === 1 ? 'prestador' : 'prestadores'} com e-mail.`);
    if (c.sem_email) await job.log(`${c.sem_email} ${c.sem_email === 1 ? 'prestador sem e-mail válido ficou' : 'prestadores sem e-mail válido ficaram'} de fora.`, 'aviso');
    let depois = 0;
    let feitos = 0;
    for (;;) {
      await job.checkpoint();
      const grupo = await query<{ id: number; nome: string; email: string }>(
        ctx.db,
        sql`select pr.id, pr.nome, pr.email from prestadores pr where pr.id > ${depois} and pr.email ~ ${EMAIL_VALIDO}
            and exists (select 1 from protocolos_documentos d where d.prestador_id = pr.id and ${devolvidas(p)}) order by pr.id limit ${LOTE}`,
      );
      if (!grupo.length) break;
      depois = grupo.at(-1)!.id;
      const notas = await query<Nota>(
        ctx.db,
        sql`select d.prestador_id, d.numero, to_char(d.recebido_em, 'DD/MM/YYYY') as recebido, d.assunto, d.motivo from protocolos_documentos d
            where ${devolvidas(p)} and d.prestador_id in ${sql`(${sql.join(grupo.map((g) => sql`${g.id}`), sql`, `)})`} order by d.recebido_em, d.id`,
      );
      await escrever(job, p, grupo, notas);
      feitos += grupo.length;
      await job.progress((feitos / Math.max(1, c.prestadores)) * 50, `Escrevendo ${feitos} de ${c.prestadores} mensagens`);
    }
    const r = await enviarPendentes(job, { session, ip: '' }, [50, 95]);
    await job.saveFile(`reenvio-notas-${job.id}.csv`, 'csv', await csvDaExecucao(ctx, job.id));
    await job.log(`${feitos} ${feitos === 1 ? 'mensagem escrita' : 'mensagens escritas'} na caixa de saída: ${r.enviados} enviadas, ${r.erros} com erro, ${r.pendentes} pendentes.`, r.erros ? 'aviso' : 'info');
  },
});

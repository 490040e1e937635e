import { sql } from 'drizzle-orm';
import { STATUS_EMAIL } from '../../shared/processos/emails';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import type { JobRun } from '../jobs/kind';
import { recordTrail, type Actor } from '../trail/record';
import { openSmtp, SmtpError, type SmtpSession } from './smtp';

/**
 * The outbox (table `emails`): messages are written first, then sent in batches over one SMTP connection each,
 * each message ending "enviado" or "erro" with the server's answer. Without SMTP they wait as "pendente".
 */

/** Messages per SMTP connection (and per checkpoint: a cancel stops between batches). */
export const LOTE_ENVIO = 50;

/** What the trail keeps of a message: who it went to and about what (the body stays in the outbox row). */
export const trilhaDoEmail = (r: { id: number; prestadorId: number | null; para: string; assunto: string; status: string; execucaoId: number | null }) => ({
  id: r.id,
  prestadorId: r.prestadorId,
  para: r.para,
  assunto: r.assunto,
  status: r.status,
  execucaoId: r.execucaoId,
});

interface Pendente {
  id: number;
  para: string;
  assunto: string;
  corpo: string;
}
interface Resultado {
  id: number;
  status: 'enviado' | 'erro';
  erro: string | null;
}

/**
 * Sends the run's pending messages. Returns how many went out, failed and were left pending (SMTP not configured,
 * or the connection lost: the rest wait). `pct` maps the sending share onto the run's progress bar.
 */
export async function enviarPendentes(job: JobRun, actor: Actor, pct: [number, number]): Promise<{ enviados: number; erros: number; pendentes: number }> {
  const { ctx } = job;
  const [{ n: total }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from emails where execucao_id = ${job.id} and status = 'pendente'`);
  const smtp = ctx.config.smtp;
  if (!smtp) {
    if (total) await job.log(`Servidor de e-mail (SMTP) não configurado: ${total.toLocaleString('pt-BR')} ${total === 1 ? 'mensagem ficou pendente' : 'mensagens ficaram pendentes'} na caixa de saída.`, 'aviso');
    return { enviados: 0, erros: 0, pendentes: total };
  }
  let enviados = 0;
  let erros = 0;
  let depois = 0;
  for (;;) {
    await job.checkpoint();
    const lote = await query<Pendente>(ctx.db, sql`select id, para, assunto, corpo from emails where execucao_id = ${job.id} and status = 'pendente' and id > ${depois} order by id limit ${LOTE_ENVIO}`);
    if (!lote.length) break;
    depois = lote.at(-1)!.id;
    const resultados: Resultado[] = [];
    let perdida: SmtpError | null = null;
    let sessao: SmtpSession | null = null;
    try {
      sessao = await openSmtp(smtp);
      for (const m of lote) {
        try {
          await sessao.send(m);
          resultados.push({ id: m.id, status: 'enviado', erro: null });
        } catch (err) {
          if (!(err instanceof SmtpError)) throw err;
          resultados.push({ id: m.id, status: 'erro', erro: err.message });
          if (err.conexao) {
            perdida = err;
            break;
          }
        }
      }
    } catch (err) {
      if (!(err instanceof SmtpError)) throw err;
      perdida = err;
    } finally {
      await sessao?.close();
    }
    await gravarResultados(ctx, actor, resultados);
    enviados += resultados.filter((r) => r.status === 'enviado').length;
    erros += resultados.filter((r) => r.status === 'erro').length;
    await job.progress(pct[0] + ((enviados + erros) / Math.max(1, total)) * (pct[1] - pct[0]), `Enviando ${(enviados + erros).toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} mensagens`);
    if (perdida) {
      // the server is unreachable or dropped us: the rest wait in the outbox rather than all failing the same way
      const resto = total - enviados - erros;
      await job.log(`${perdida.message} ${resto.toLocaleString('pt-BR')} ${resto === 1 ? 'mensagem ficou pendente' : 'mensagens ficaram pendentes'} na caixa de saída.`, 'erro');
      return { enviados, erros, pendentes: resto };
    }
  }
  return { enviados, erros, pendentes: total - enviados - erros };
}

/** Each attempt's outcome and its trail entry, in one short transaction per batch. */
async function gravarResultados(ctx: AppContext, actor: Actor, resultados: Resultado[]) {
  if (!resultados.length) return;
  await ctx.db.transaction(async (t) => {
    for (const r of resultados) {
      await t.execute(
        sql`update emails set status = ${r.status}, erro = ${r.erro?.slice(0, 1000) ?? null}, tentativas = tentativas + 1,
              enviado_em = ${r.status === 'enviado' ? sql`now()` : sql`enviado_em`} where id = ${r.id}`,
      );
      await recordTrail(t, actor, { entidade: 'email', registroId: r.id, acao: 'update', antes: { status: 'pendente', erro: null }, depois: { status: r.status, erro: r.erro } });
    }
  });
}

const statusLabel = (s: string) => STATUS_EMAIL.find(([k]) => k === s)?.[1] ?? s;

/** A CSV cell: text a spreadsheet would evaluate gets an apostrophe; separators and quotes are quoted. */
function cell(v: unknown): string {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const dataHora = (d: Date | string | null) =>
  d == null ? '' : new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(new Date(d)).replace(',', '');

/** The run's messages as the user checks them: one line each with its status (";" separated, UTF-8 with BOM, as Excel opens it). */
export async function csvDaExecucao(ctx: AppContext, execucaoId: number): Promise<Uint8Array> {
  const cab = ['Mensagem', 'Código do prestador', 'Prestador', 'E-mail', 'Assunto', 'Situação', 'Tentativas', 'Enviado em', 'Erro'];
  const partes: string[] = [`\uFEFF${cab.join(';')}\r\n`];
  let depois = 0;
  for (;;) {
    const rows = await query<{ id: number; codigo: string | null; nome: string; para: string; assunto: string; status: string; tentativas: number; enviado_em: string | null; erro: string | null }>(
      ctx.db,
      sql`select e.id, p.codigo, e.nome, e.para, e.assunto, e.status, e.tentativas, e.enviado_em, e.erro
          from emails e left join prestadores p on p.id = e.prestador_id
          where e.execucao_id = ${execucaoId} and e.id > ${depois} order by e.id limit 1000`,
    );
    if (!rows.length) break;
    depois = rows.at(-1)!.id;
    partes.push(rows.map((r) => [r.id, r.codigo, r.nome, r.para, r.assunto, statusLabel(r.status), r.tentativas, dataHora(r.enviado_em), r.erro].map(cell).join(';')).join('\r\n') + '\r\n');
  }
  return Buffer.from(partes.join(''), 'utf8');
}

import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { comNome, emailPrestadoresAtivos, envioEmailPrestador, MAX_EMAILS_POR_EXECUCAO } from '../../shared/processos/emails';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { emails } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';
import { csvDaExecucao, enviarPendentes, trilhaDoEmail } from './caixa-saida';

/**
 * Mala direta to providers: both processes write one message per provider to the outbox (each with a trail entry,
 * in one short transaction per batch), send them when SMTP is configured, and leave a CSV of the messages.
 */

type Mensagem = { assunto: string; corpo: string };
type ParamsAtivos = Mensagem & { uf: string | null; cidade: number | null; especialidade: number | null };
type ParamsUm = Mensagem & { prestador: number };

const LOTE = 500;
/** The column's width: a subject of 150 typed characters with {nome} more than once may exceed it. */
const ASSUNTO_MAX = 300;
/** An address that could carry a message (the same shape the forms accept); others are left out and counted. */
const EMAIL_VALIDO = sql.raw(`'^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]{2,}$'`);
const comEmail = sql`p.email ~ ${EMAIL_VALIDO}`;

/** Active providers (in force today) the session sees, with the run's optional filters, as a condition on `p`. */
async function ativos(ctx: AppContext, session: RequestSession, p: ParamsAtivos): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'prestador');
  const hoje = todayIso();
  const filtros: SQL[] = [sql`p.inicio_vigencia <= ${hoje}`, sql`(p.fim_vigencia is null or p.fim_vigencia >= ${hoje})`, scopeWhere(scope, 'prestador', 'p')];
  if (p.uf) filtros.push(sql`p.uf = ${p.uf}`);
  if (p.cidade != null) filtros.push(sql`p.cidade = ${p.cidade}`);
  if (p.especialidade != null) filtros.push(sql`(p.especialidade = ${p.especialidade} or p.especialidade2 = ${p.especialidade})`);
  return sql.join(filtros, sql` and `);
}

const amostraDe = (rows: { nome: string; email: string }[]) => rows.map((r) => `${r.nome} · ${r.email}`);

/** Writes the messages of a batch of providers and their trail entries, in one transaction. */
async function gravarMensagens(job: JobRun, m: Mensagem, lote: { id: number; nome: string; email: string }[]) {
  const actor = { session: job.session, ip: '' };
  await job.ctx.db.transaction(async (t) => {
    const novos = await t
      .insert(emails)
      .values(lote.map((p) => ({ prestadorId: p.id, para: p.email.trim(), nome: p.nome, assunto: comNome(m.assunto, p.nome).slice(0, ASSUNTO_MAX), corpo: comNome(m.corpo, p.nome), execucaoId: job.id })))
      .returning();
    await recordTrailMany(t, actor, novos.map((e) => ({ entidade: 'email', registroId: e.id, acao: 'insert' as const, depois: trilhaDoEmail(e) })));
  });
}

/** After the messages are written: send them (or say why not), leave the CSV, sum it up in the log. */
async function enviarEListar(job: JobRun, escritas: number) {
  const r = await enviarPendentes(job, { session: job.session, ip: '' }, [50, 95]);
  await job.progress(96, 'Gravando a lista das mensagens');
  await job.saveFile(`emails-${job.id}.csv`, 'csv', await csvDaExecucao(job.ctx, job.id));
  const partes = [`${r.enviados.toLocaleString('pt-BR')} ${r.enviados === 1 ? 'enviada' : 'enviadas'}`, `${r.erros.toLocaleString('pt-BR')} com erro`, `${r.pendentes.toLocaleString('pt-BR')} ${r.pendentes === 1 ? 'pendente' : 'pendentes'}`];
  await job.log(`${escritas.toLocaleString('pt-BR')} ${escritas === 1 ? 'mensagem escrita' : 'mensagens escritas'} na caixa de saída: ${partes.join(', ')}.`, r.erros ? 'aviso' : 'info');
}

/** A run's title names the subject, not the template: "Recadastramento de {nome}" reads "Recadastramento de …". */
const semMarcador = (assunto: string) => assunto.replace(/\{nome\}/g, '…');

export const emailActiveProviders = defineJobKind<ParamsAtivos>({
  tipo: emailPrestadoresAtivos.tipo,
  comandos: [emailPrestadoresAtivos.comando],
  params: paramsSchema(emailPrestadoresAtivos) as never,
  title: (_ctx, _c, p) => `E-mail para prestadores ativos: ${semMarcador(p.assunto)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const where = await ativos(ctx, session, p);
    const [{ n, sem }] = await query<{ n: number; sem: number }>(
      ctx.db,
      sql`select count(*) filter (where ${comEmail})::int as n, count(*) filter (where not coalesce(${comEmail}, false))::int as sem from prestadores p where ${where}`,
    );
    const amostra = await query<{ nome: string; email: string }>(ctx.db, sql`select p.nome, p.email from prestadores p where ${where} and ${comEmail} order by p.nome, p.id limit 8`);
    const fora = sem ? ` ${sem.toLocaleString('pt-BR')} ${sem === 1 ? 'prestador ativo sem e-mail válido fica' : 'prestadores ativos sem e-mail válido ficam'} de fora.` : '';
    const resumo =
      n === 0
        ? `Nenhum prestador ativo com e-mail nesta seleção: nenhuma mensagem será escrita.${fora}`
        : n > MAX_EMAILS_POR_EXECUCAO
          ? `${n.toLocaleString('pt-BR')} prestadores: acima do limite de ${MAX_EMAILS_POR_EXECUCAO.toLocaleString('pt-BR')} mensagens por execução. Escolha uma UF ou uma especialidade.`
          : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'prestador receberá' : 'prestadores receberão'} a mensagem.${fora}`;
    return { total: n, resumo, amostra: amostraDe(amostra) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Selecionando os prestadores');
    const where = await ativos(ctx, session, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from prestadores p where ${where} and ${comEmail}`);
    if (n > MAX_EMAILS_POR_EXECUCAO) throw badRequest(`Mais de ${MAX_EMAILS_POR_EXECUCAO.toLocaleString('pt-BR')} prestadores nesta seleção: escolha uma UF ou uma especialidade.`);
    await job.log(`${n.toLocaleString('pt-BR')} ${n === 1 ? 'prestador ativo' : 'prestadores ativos'} com e-mail selecionados.`);
    let depois = 0;
    let feitos = 0;
    for (;;) {
      await job.checkpoint();
      // keyset by id: a provider added meanwhile is either in a later batch or not at all, never twice
      const lote = await query<{ id: number; nome: string; email: string }>(ctx.db, sql`select p.id, p.nome, p.email from prestadores p where ${where} and ${comEmail} and p.id > ${depois} order by p.id limit ${LOTE}`);
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      await gravarMensagens(job, p, lote);
      feitos += lote.length;
      await job.progress((feitos / Math.max(1, n)) * 50, `Escrevendo ${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} mensagens`);
    }
    await enviarEListar(job, feitos);
  },
});

/** The chosen provider, if the session sees it; refused with the field's message otherwise, or without an address. */
async function prestadorEscolhido(ctx: AppContext, session: RequestSession, id: number) {
  const scope = await scopeOf(ctx, session, 'prestador');
  const [r] = await query<{ id: number; nome: string; email: string | null; valido: boolean | null }>(
    ctx.db,
    sql`select p.id, p.nome, p.email, ${comEmail} as valido from prestadores p where p.id = ${id} and ${scopeWhere(scope, 'prestador', 'p')}`,
  );
  if (!r) throw badRequest('Prestador não encontrado.', 'prestador');
  if (!r.email?.trim()) throw badRequest('Este prestador não tem e-mail cadastrado: informe o e-mail no cadastro do prestador.', 'prestador');
  if (!r.valido) throw badRequest(`O e-mail cadastrado deste prestador (${r.email}) é inválido: corrija-o no cadastro do prestador.`, 'prestador');
  return r as { id: number; nome: string; email: string };
}

export const emailOneProvider = defineJobKind<ParamsUm>({
  tipo: envioEmailPrestador.tipo,
  comandos: [envioEmailPrestador.comando],
  params: paramsSchema(envioEmailPrestador) as never,
  title: (_ctx, _c, p) => `E-mail a prestador: ${semMarcador(p.assunto)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const r = await prestadorEscolhido(ctx, session, p.prestador);
    return { total: 1, resumo: `A mensagem irá para ${r.nome}, no e-mail ${r.email}. Assunto: ${comNome(p.assunto, r.nome)}`, amostra: amostraDe([r]) };
  },

  async run(job, p) {
    await job.progress(0, 'Escrevendo a mensagem');
    const r = await prestadorEscolhido(job.ctx, job.session, p.prestador);
    await gravarMensagens(job, p, [r]);
    await job.log(`Destinatário: ${r.nome} (${r.email}).`);
    await enviarEListar(job, 1);
  },
});

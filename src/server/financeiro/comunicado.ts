import { sql, type SQL } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { comNome, MAX_EMAILS_POR_EXECUCAO } from '../../shared/processos/emails';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { envioComunicadoBoleto, LAYOUT_SMS_BOLETO, smsBoleto } from '../../shared/processos/recebiveis';
import { linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { emails } from '../db/schema';
import { query } from '../db/sql';
import { csvDaExecucao, enviarPendentes, trilhaDoEmail } from '../emails/caixa-saida';
import { badRequest } from '../http/errors';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { recordTrailMany } from '../trail/record';
import { boletoDoTitulo, filtroTitulos } from './titulos';

/**
 * The boleto's notice by e-mail (copass): one message per family with an open title in the competência, written to
 * the outbox with what pays it (amount, due date, nosso número, linha digitável) and sent when SMTP is configured.
 */

type Params = { competencia: string; assunto: string; mensagem: string };
const LOTE = 300;
const EMAIL_VALIDO = sql.raw(`'^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]{2,}$'`);
const ASSUNTO_MAX = 300;

async function alvo(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  const where = await filtroTitulos(ctx, session, {}, competenciaIso(p.competencia)!);
  return sql`${where} and t.status = 'ABERTO'`;
}

const preencher = (modelo: string, nome: string, competencia: string) => comNome(modelo, nome).split('{competencia}').join(competenciaBr(competencia));

interface Linha {
  id: number;
  nome: string;
  email: string;
  banco: string;
  nosso_numero: string;
  carteira: string;
  vencimento: string;
  valor: number;
}

export function corpoDoComunicado(p: Params, competencia: string, x: Linha): string {
  const b = boletoDoTitulo({ banco: x.banco, nossoNumero: x.nosso_numero, carteira: x.carteira, vencimento: x.vencimento, valor: x.valor });
  return `${preencher(p.mensagem, x.nome, competencia)}\n\nCompetência: ${competenciaBr(competencia)}\nValor: ${formatMoney(x.valor)}\nVencimento: ${isoToBr(x.vencimento)}\nNosso número: ${x.nosso_numero}\nLinha digitável: ${b.linhaFormatada}\n`;
}

async function escrever(job: JobRun, p: Params, competencia: string, lote: Linha[]) {
  await job.ctx.db.transaction(async (t) => {
    const novos = await t
      .insert(emails)
      .values(lote.map((x) => ({ prestadorId: null, para: x.email.trim(), nome: x.nome, assunto: preencher(p.assunto, x.nome, competencia).slice(0, ASSUNTO_MAX), corpo: corpoDoComunicado(p, competencia, x), execucaoId: job.id })))
      .returning();
    await recordTrailMany(t, { session: job.session, ip: '' }, novos.map((e, i) => ({ entidade: 'email', registroId: e.id, acao: 'insert' as const, depois: { ...trilhaDoEmail(e), titulo: lote[i].id } })));
  });
}

export const comunicadoBoletoKind = defineJobKind<Params>({
  tipo: envioComunicadoBoleto.tipo,
  comandos: [envioComunicadoBoleto.comando],
  params: paramsSchema(envioComunicadoBoleto) as never,
  title: (_ctx, _c, p) => `Comunicado de boleto de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  async preview(ctx, session, p): Promise<Previa> {
    const where = await alvo(ctx, session, p);
    const [{ n, sem }] = await query<{ n: number; sem: number }>(
      ctx.db,
      sql`select count(*) filter (where b.email ~ ${EMAIL_VALIDO})::int as n, count(*) filter (where not coalesce(b.email ~ ${EMAIL_VALIDO}, false))::int as sem
          from titulos t join beneficiarios b on b.id = t.titular_id where ${where}`,
    );
    const amostra = await query<{ texto: string }>(ctx.db, sql`select b.nome || ' · ' || b.email as texto from titulos t join beneficiarios b on b.id = t.titular_id where ${where} and b.email ~ ${EMAIL_VALIDO} order by t.id limit 8`);
    const fora = sem ? ` ${sem.toLocaleString('pt-BR')} ${sem === 1 ? 'família sem e-mail válido fica' : 'famílias sem e-mail válido ficam'} de fora.` : '';
    return {
      total: n,
      resumo: n === 0 ? `Nenhum título em aberto com e-mail do titular em ${competenciaBr(competenciaIso(p.competencia)!)}: emita os boletos primeiro.${fora}` : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'família receberá' : 'famílias receberão'} o boleto por e-mail.${fora}`,
      amostra: amostra.map((r) => r.texto),
    };
  },
  async run(job, p) {
    const { ctx, session } = job;
    const competencia = competenciaIso(p.competencia)!;
    const where = await alvo(ctx, session, p);
    const [{ n, sem }] = await query<{ n: number; sem: number }>(
      ctx.db,
      sql`select count(*) filter (where b.email ~ ${EMAIL_VALIDO})::int as n, count(*) filter (where not coalesce(b.email ~ ${EMAIL_VALIDO}, false))::int as sem from titulos t join beneficiarios b on b.id = t.titular_id where ${where}`,
    );
    if (n > MAX_EMAILS_POR_EXECUCAO) throw badRequest(`Mais de ${MAX_EMAILS_POR_EXECUCAO.toLocaleString('pt-BR')} famílias nesta competência: o limite de mensagens por execução.`, 'competencia');
    await job.log(`${n.toLocaleString('pt-BR')} ${n === 1 ? 'título em aberto' : 'títulos em aberto'} com e-mail do titular em ${competenciaBr(competencia)}.`);
    if (sem) await job.log(`${sem.toLocaleString('pt-BR')} ${sem === 1 ? 'família sem e-mail válido ficou' : 'famílias sem e-mail válido ficaram'} de fora: atualize o e-mail no cadastro do titular.`, 'aviso');
    let depois = 0;
    let feitos = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await query<Linha>(
        ctx.db,
        sql`select t.id, b.nome, b.email, t.banco, t.nosso_numero, t.carteira, t.vencimento::text as vencimento, t.valor_centavos::float8 as valor
            from titulos t join beneficiarios b on b.id = t.titular_id where ${where} and b.email ~ ${EMAIL_VALIDO} and t.id > ${depois} order by t.id limit ${LOTE}`,
      );
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      await escrever(job, p, competencia, lote.map((x) => ({ ...x, valor: Number(x.valor) })));
      feitos += lote.length;
      await job.progress((feitos / Math.max(1, n)) * 50, `Escrevendo ${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} mensagens`);
    }
    const r = await enviarPendentes(job, { session, ip: '' }, [50, 95]);
    await job.progress(96, 'Gravando a lista das mensagens');
    await job.saveFile(`comunicado-boleto-${competencia.slice(0, 7).replace('-', '')}-${job.id}.csv`, 'csv', await csvDaExecucao(ctx, job.id));
    await job.log(`${feitos.toLocaleString('pt-BR')} ${feitos === 1 ? 'mensagem escrita' : 'mensagens escritas'} na caixa de saída: ${r.enviados} ${r.enviados === 1 ? 'enviada' : 'enviadas'}, ${r.erros} com erro, ${r.pendentes} ${r.pendentes === 1 ? 'pendente' : 'pendentes'}.`, r.erros ? 'aviso' : 'info');
  },
});

/** The SMS text: the operator, the competência, amount, due date and the linha digitável (digits only), within 160 characters. */
export function mensagemSms(operadora: string, competencia: string, x: { banco: string; nosso_numero: string; carteira: string; vencimento: string; valor: number }): string {
  const b = boletoDoTitulo({ banco: x.banco, nossoNumero: x.nosso_numero, carteira: x.carteira, vencimento: x.vencimento, valor: x.valor });
  const resto = ` boleto ${competenciaBr(competencia)} ${formatMoney(x.valor).replace(/\s/g, '')} venc ${isoToBr(x.vencimento)}: ${b.linhaDigitavel}`;
  return `${operadora.slice(0, 160 - resto.length)}${resto}`;
}

const CELULAR = sql`regexp_replace(coalesce(b.celular, ''), '\\D', '', 'g')`;
const TEM_CELULAR = sql`${CELULAR} ~ '^[1-9]{2}9[0-9]{8}$'`;

export const smsBoletoKind = defineJobKind<{ competencia: string }>({
  tipo: smsBoleto.tipo,
  comandos: [smsBoleto.comando],
  params: paramsSchema(smsBoleto) as never,
  title: (_ctx, _c, p) => `Boletos por SMS de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  async preview(ctx, session, p): Promise<Previa> {
    const where = await alvo(ctx, session, { ...p, assunto: '', mensagem: '' });
    const [{ n, sem }] = await query<{ n: number; sem: number }>(ctx.db, sql`select count(*) filter (where ${TEM_CELULAR})::int as n, count(*) filter (where not ${TEM_CELULAR})::int as sem from titulos t join beneficiarios b on b.id = t.titular_id where ${where}`);
    const amostra = await query<{ texto: string }>(ctx.db, sql`select b.nome || ' · ' || b.celular as texto from titulos t join beneficiarios b on b.id = t.titular_id where ${where} and ${TEM_CELULAR} order by t.id limit 8`);
    const fora = sem ? ` ${sem.toLocaleString('pt-BR')} ${sem === 1 ? 'família sem celular fica' : 'famílias sem celular ficam'} de fora.` : '';
    return { total: n, resumo: n ? `${n.toLocaleString('pt-BR')} ${n === 1 ? 'mensagem' : 'mensagens'} no arquivo do provedor de SMS.${fora}` : `Nenhum título em aberto com celular do titular nesta competência.${fora}`, amostra: amostra.map((r) => r.texto) };
  },
  async run(job, p) {
    const { ctx, session } = job;
    const competencia = competenciaIso(p.competencia)!;
    const where = await alvo(ctx, session, { ...p, assunto: '', mensagem: '' });
    const [op] = await query<{ nome: string }>(ctx.db, sql`select coalesce(nome_fantasia, razao_social) as nome from operadoras order by id limit 1`);
    const [reg] = LAYOUT_SMS_BOLETO.registros;
    const linhas = [reg.campos.map((c) => c.descricao).join(';')];
    let depois = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await query<Linha & { celular: string }>(
        ctx.db,
        sql`select t.id, b.nome, b.email, ${CELULAR} as celular, t.banco, t.nosso_numero, t.carteira, t.vencimento::text as vencimento, t.valor_centavos::float8 as valor
            from titulos t join beneficiarios b on b.id = t.titular_id where ${where} and ${TEM_CELULAR} and t.id > ${depois} order by t.id limit ${LOTE}`,
      );
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      for (const x of lote) linhas.push(linhaCsv(reg, ';', { celular: x.celular, nome: x.nome, nossoNumero: x.nosso_numero, mensagem: mensagemSms(op?.nome ?? '', competencia, { ...x, valor: Number(x.valor) }) }));
    }
    const nome = `sms-boleto-${competencia.slice(0, 7).replace('-', '')}.csv`;
    await job.saveFile(nome, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
    await job.log(`Arquivo ${nome} com ${(linhas.length - 1).toLocaleString('pt-BR')} ${linhas.length === 2 ? 'mensagem' : 'mensagens'} para o provedor de SMS.`);
  },
});

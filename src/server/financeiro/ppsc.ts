import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LAYOUT_PPSC, ppcng, ppsc } from '../../shared/processos/contabilidade';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { recordTrail } from '../trail/record';
import { aaaamm, operadora, percorrer, previa as previaFolha, texto, type Params as ParamsFolha } from './folha';

/**
 * Processar PPSC (see `ppcng` in src/shared/processos/contabilidade.ts for what the provision is and why): the
 * competência's fee of every family (the billing calculation), its coverage period from the titular's enrolment day,
 * the unearned part at the month's end; one accounting entry for the total by the PPSC mapping, the previous month's
 * reversed in the same transaction (the provision is replaced each month), the file with every family, the trail.
 */

type Params = { competencia: string };
const mesDe = (p: Params) => competenciaIso(p.competencia)!.slice(0, 7);
const anterior = (mes: string) => {
  const [a, m] = mes.split('-').map(Number);
  return m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
};
const folha = (p: Params): ParamsFolha => ({ competencia: p.competencia, empresa: null, produto: null });

async function conta(db: Db, mes: string) {
  const [a, m] = mes.split('-').map(Number);
  const ultimo = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
  const [c] = await query<{ debito: string; credito: string; historico: string | null }>(
    db,
    sql`select d.codigo as debito, c.codigo as credito, m.historico from mapeamentos_plano_conta m join planos_contas d on d.id = m.conta_debito join planos_contas c on c.id = m.conta_credito
        where m.origem = 'PPSC' and m.inicio_vigencia <= ${ultimo} order by m.inicio_vigencia desc, m.id desc limit 1`,
  );
  if (!c) throw AppError.of(422, `Não há mapeamento do plano de contas de PPSC em vigor em ${competenciaBr(`${mes}-01`)}: cadastre-o em Financeiro › Configuração Financeira › Mapeamento do Plano de Contas.`);
  return c;
}

const vigente = (db: Db, mes: string) =>
  query<{ id: number; valor: string }>(db, sql`select id, valor_centavos::text as valor from lancamentos_contabeis where origem = 'PPSC' and competencia = ${mes} and estorno_de is null and not estornado`);
const MSG_JA = (mes: string) => `A PPSC de ${competenciaBr(`${mes}-01`)} já foi constituída.`;

async function previaPpsc(ctx: AppContext, s: RequestSession, p: Params): Promise<Previa> {
  const mes = mesDe(p);
  if ((await vigente(ctx.db, mes)).length) throw AppError.of(422, MSG_JA(mes));
  await conta(ctx.db, mes);
  const f = await previaFolha(ctx, s, folha(p));
  const ant = await vigente(ctx.db, anterior(mes));
  return { ...f, resumo: `${f.resumo.replace(/ no arquivo de /, ' no cálculo de ')}${ant.length ? ` A PPSC de ${competenciaBr(`${anterior(mes)}-01`)} (${formatMoney(Number(ant[0].valor))}) será revertida.` : ''}` };
}

export const ppscKind = defineJobKind<Params>({
  tipo: ppsc.tipo,
  comandos: [ppsc.comando],
  params: paramsSchema(ppsc) as never,
  title: (_c, _m, p) => `PPSC de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaPpsc,
  async run(job, p) {
    const mes = mesDe(p);
    if ((await vigente(job.ctx.db, mes)).length) throw AppError.of(422, MSG_JA(mes));
    const c = await conta(job.ctx.db, mes);
    const [cab, det, rod] = LAYOUT_PPSC.registros;
    const op = await operadora(job.ctx);
    // the coverage starts on the titular's enrolment day
    const dias = new Map((await query<{ id: number; dia: number }>(job.ctx.db, sql`select id, extract(day from data_adesao)::int as dia from beneficiarios where titular is null`)).map((x) => [x.id, x.dia]));
    const linhas = [linha(cab, { cnpj: op.cnpj, competencia: aaaamm(`${mes}-01`), geracao: todayIso() })];
    const soma = { n: 0, mensalidade: 0, ppsc: 0 };
    await percorrer(job, folha(p), (fs) => {
      for (const x of fs) {
        if (x.mensalidade <= 0) continue;
        const r = ppcng(x.mensalidade, dias.get(x.titularId) ?? 1, mes);
        soma.mensalidade += x.mensalidade;
        if (r.valor <= 0) continue;
        linhas.push(linha(det, { matricula: x.matricula, nome: x.nome, inicio: r.inicio, fim: r.fim, periodo: r.periodo, naoDecorridos: r.naoDecorridos, mensalidade: x.mensalidade, ppsc: r.valor }));
        soma.n++;
        soma.ppsc += r.valor;
      }
    });
    linhas.push(linha(rod, { quantidade: soma.n, mensalidade: soma.mensalidade, ppsc: soma.ppsc }));
    const ant = anterior(mes);
    const actor = { session: job.session, ip: '' };
    const [a, m] = mes.split('-').map(Number);
    const ultimo = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
    await job.ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`ppsc:${mes}`}))`);
      if ((await vigente(t, mes)).length) throw AppError.of(422, MSG_JA(mes));
      // the previous month's provision is replaced: reversed with debit and credit swapped
      const velhas = await vigente(t, ant);
      if (velhas.length) {
        await t.execute(sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, estorno_de, execucao_id)
          select competencia, ${`${mes}-01`}, origem, documento_tipo, documento_id, documento, conta_credito, conta_debito, valor_centavos, left('Reversão - ' || historico, 200), id, ${job.id}
          from lancamentos_contabeis where id in (${sql.join(velhas.map((v) => sql`${v.id}`), sql`, `)})`);
        await t.execute(sql`update lancamentos_contabeis set estornado = true where id in (${sql.join(velhas.map((v) => sql`${v.id}`), sql`, `)})`);
      }
      const [novo] = await query<{ id: number }>(
        t,
        sql`insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico, execucao_id)
            values (${mes}, ${ultimo}, 'PPSC', 'PPSC', ${job.id}, ${mes.replace('-', '')}, ${c.debito}, ${c.credito}, ${soma.ppsc}, ${`${c.historico ?? 'PPSC'} ${competenciaBr(`${mes}-01`)}`.slice(0, 200)}, ${job.id}) returning id`,
      );
      await recordTrail(t, actor, { entidade: 'movimentocontabil', registroId: novo.id, acao: 'insert', depois: { competencia: mes, origem: 'PPSC', familias: soma.n, total: soma.ppsc, revertida: velhas.map((v) => v.id) } });
    });
    const nome = `PPSC_${mes.replace('-', '')}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await job.log(`PPSC de ${competenciaBr(`${mes}-01`)}: ${soma.n.toLocaleString('pt-BR')} famílias com contraprestação a decorrer, ${formatMoney(soma.ppsc)} de ${formatMoney(soma.mensalidade)} emitidos (débito ${c.debito}, crédito ${c.credito}).`);
  },
});

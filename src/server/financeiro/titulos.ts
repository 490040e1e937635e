import { sql, type SQL } from 'drizzle-orm';
import { boleto, campoLivreBB, nossoNumeroBB, type Boleto } from '../../shared/financeiro/boleto';
import { formatMoney, type Centavos } from '../../shared/money';
import { todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { boletoLote, vencimentoDe } from '../../shared/processos/recebiveis';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { titulos, titulosMembros } from '../db/schema';
import { query } from '../db/sql';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';
import { paginaDeBoletos, type BoletoImpresso } from './boleto-pdf';
import { familias, lerTabelas, partesDosMembros, titularesWhere, type Familia } from './cobranca';
import { operadora } from './folha';

/**
 * The receivables: issuing the competência's titles (one per family, from the billing calculation, each member's
 * share kept for the DMED) and printing them as boletos. Issuing is idempotent per family and competência: a family
 * with a live title (open or paid) keeps it, and its boleto is printed again.
 */

export interface ContaCobranca {
  banco: string;
  agencia: string;
  conta: string;
  convenio: string;
  carteira: string;
}
export type ParamsBoleto = ContaCobranca & { competencia: string; empresa: number | null; produto: number | null; diaVencimento: number };

const PAGINA = 200;
/** Boletos per PDF file. */
export const BOLETOS_POR_ARQUIVO = 4000;

/** The boleto of a stored title. */
export const boletoDoTitulo = (t: { banco: string; nossoNumero: string; carteira: string; vencimento: string; valor: number }): Boleto => boleto(t.banco, t.vencimento, t.valor, campoLivreBB(t.nossoNumero, t.carteira));

async function titularesComTitulo(db: Db, competencia: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await query<{ titular_id: number }>(db, sql`select titular_id from titulos where competencia = ${competencia} and status in ('ABERTO', 'PAGO') and titular_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Set(rows.map((r) => r.titular_id));
}

/** Issues the titles of a page of families that have none yet (and something to pay), with their members' shares and the trail. */
async function emitir(job: JobRun, p: ParamsBoleto, competencia: string, fs: Familia[]): Promise<{ emitidos: number; valor: Centavos }> {
  const vencimento = vencimentoDe(competencia, p.diaVencimento);
  const emissao = todayIso();
  let emitidos = 0;
  let valor = 0;
  await job.ctx.db.transaction(async (t) => {
    const ja = await titularesComTitulo(t as unknown as Db, competencia, fs.map((x) => x.titularId));
    const novas = fs.filter((x) => !ja.has(x.titularId) && x.total > 0);
    if (!novas.length) return;
    // the nosso número carries the title's own id (unique by construction, no counter to race on)
    const ids = await query<{ id: number }>(t as unknown as Db, sql`select nextval(pg_get_serial_sequence('titulos', 'id'))::int as id from generate_series(1, ${novas.length})`);
    const linhas = novas.map((x, i) => ({
      id: ids[i].id,
      titularId: x.titularId,
      competencia,
      nossoNumero: nossoNumeroBB(p.convenio, ids[i].id),
      banco: p.banco,
      agencia: p.agencia,
      conta: p.conta,
      carteira: p.carteira,
      convenio: p.convenio,
      emissao,
      vencimento,
      mensalidade: x.mensalidade,
      subsidio: x.subsidio,
      coparticipacao: x.coparticipacao,
      valor: x.total,
      execucaoId: job.id,
    }));
    // a run issuing the same competência at the same time already took the family: its title stands, this one is skipped
    const feitos = new Set((await t.insert(titulos).values(linhas).onConflictDoNothing().returning({ id: titulos.id })).map((r) => r.id));
    const gravadas = linhas.filter((l) => feitos.has(l.id));
    if (!gravadas.length) return;
    await t.insert(titulosMembros).values(novas.flatMap((x, i) => (feitos.has(ids[i].id) ? partesDosMembros(x).map((m) => ({ tituloId: ids[i].id, ...m })) : [])));
    await recordTrailMany(
      t,
      { session: job.session, ip: '' },
      gravadas.map((l) => ({ entidade: 'titulo', registroId: l.id, acao: 'insert' as const, depois: { nossoNumero: l.nossoNumero, titularId: l.titularId, competencia: l.competencia, vencimento: l.vencimento, valor: l.valor, status: 'ABERTO' } })),
    );
    emitidos = gravadas.length;
    valor = gravadas.reduce((s, l) => s + l.valor, 0);
  });
  return { emitidos, valor };
}

/** The open titles of the competência the session sees, with what the boleto prints, a page after `depois`. */
async function titulosParaImprimir(ctx: AppContext, session: RequestSession, p: ParamsBoleto, competencia: string, depois: number, limite: number): Promise<BoletoImpresso[]> {
  const where = await filtroTitulos(ctx, session, p, competencia);
  const rows = await query<{
    id: number; nosso_numero: string; banco: string; agencia: string; conta: string; carteira: string; convenio: string; emissao: string; vencimento: string;
    mensalidade: number; subsidio: number; coparticipacao: number; valor: number; nome: string; cpf: string | null; matricula: string; logradouro: string | null; numero: string | null;
    bairro: string | null; cep: string | null; cidade: string | null; uf: string | null; plano: string;
  }>(
    ctx.db,
    sql`select t.id, t.nosso_numero, t.banco, t.agencia, t.conta, t.carteira, t.convenio, t.emissao::text as emissao, t.vencimento::text as vencimento,
               t.mensalidade_centavos::float8 as mensalidade, t.subsidio_centavos::float8 as subsidio, t.coparticipacao_centavos::float8 as coparticipacao, t.valor_centavos::float8 as valor,
               b.nome, b.cpf, b.matricula, b.logradouro, b.numero, b.bairro, b.cep, c.nome as cidade, b.uf, p.nome as plano
        from titulos t join beneficiarios b on b.id = t.titular_id join produtos p on p.id = b.produto left join cidades c on c.id = b.cidade
        where ${where} and t.status = 'ABERTO' and t.id > ${depois} order by t.id limit ${limite}`,
  );
  return rows.map((r) => ({
    id: r.id,
    nossoNumero: r.nosso_numero,
    banco: r.banco,
    agencia: r.agencia,
    conta: r.conta,
    carteira: r.carteira,
    convenio: r.convenio,
    emissao: r.emissao,
    vencimento: r.vencimento,
    competencia,
    mensalidade: Number(r.mensalidade),
    subsidio: Number(r.subsidio),
    coparticipacao: Number(r.coparticipacao),
    valor: Number(r.valor),
    pagador: { nome: r.nome, cpf: r.cpf, matricula: r.matricula, endereco: [r.logradouro, r.numero].filter(Boolean).join(', '), bairro: r.bairro, cep: r.cep, cidade: r.cidade, uf: r.uf },
    plano: r.plano,
    boleto: boletoDoTitulo({ banco: r.banco, nossoNumero: r.nosso_numero, carteira: r.carteira, vencimento: r.vencimento, valor: Number(r.valor) }),
  }));
}

/** The titles of a competência (and company or plan) whose titular the session sees, as a condition on `t` and `b`. */
export async function filtroTitulos(ctx: AppContext, session: RequestSession, p: { empresa?: number | null; produto?: number | null }, competencia: string | null): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'beneficiario');
  return sql`${competencia ? sql`t.competencia = ${competencia}` : sql`true`} ${p.empresa ? sql`and b.empresa = ${p.empresa}` : sql``} ${p.produto ? sql`and b.produto = ${p.produto}` : sql``}
    and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

async function previaBoletos(ctx: AppContext, session: RequestSession, p: ParamsBoleto): Promise<Previa> {
  const competencia = competenciaIso(p.competencia)!;
  const where = await titularesWhere(ctx, session, { competencia, empresa: p.empresa, produto: p.produto });
  const [{ n, sem }] = await query<{ n: number; sem: number }>(
    ctx.db,
    sql`select count(*)::int as n, count(*) filter (where not exists (select 1 from titulos t where t.titular_id = b.id and t.competencia = ${competencia} and t.status in ('ABERTO', 'PAGO')))::int as sem
        from beneficiarios b where ${where}`,
  );
  const amostra = await familias(ctx.db, await lerTabelas(ctx.db, competencia), { competencia, empresa: p.empresa, produto: p.produto }, sql`${where} and not exists (select 1 from titulos t where t.titular_id = b.id and t.competencia = ${competencia} and t.status in ('ABERTO', 'PAGO'))`, 0, 8);
  const ja = n - sem;
  return {
    total: sem,
    resumo:
      n === 0
        ? `Nenhum titular ativo com estes filtros em ${competenciaBr(competencia)}.`
        : `${sem.toLocaleString('pt-BR')} ${sem === 1 ? 'título novo será emitido' : 'títulos novos serão emitidos'} em ${competenciaBr(competencia)}, com vencimento em ${vencimentoDe(competencia, p.diaVencimento).split('-').reverse().join('/')}${ja ? `; ${ja.toLocaleString('pt-BR')} ${ja === 1 ? 'família já tem título e terá o boleto reimpresso' : 'famílias já têm título e terão o boleto reimpresso'}` : ''}.`,
    amostra: amostra.map((x) => `${x.nome} · ${x.membros.length} ${x.membros.length === 1 ? 'vida' : 'vidas'} · ${formatMoney(x.total)}`),
  };
}

export const boletoLoteKind = defineJobKind<ParamsBoleto>({
  tipo: boletoLote.tipo,
  comandos: [boletoLote.comando],
  params: paramsSchema(boletoLote) as never,
  title: (_ctx, _c, p) => `Boletos em lote de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaBoletos,
  async run(job, p) {
    const { ctx, session } = job;
    const competencia = competenciaIso(p.competencia)!;
    const f = { competencia, empresa: p.empresa, produto: p.produto };
    const where = await titularesWhere(ctx, session, f);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios b where ${where}`);
    await job.log(`${n.toLocaleString('pt-BR')} titulares ativos em ${competenciaBr(competencia)}.`);
    const tabelas = await lerTabelas(ctx.db, competencia);
    let depois = 0;
    let feitos = 0;
    let emitidos = 0;
    let valorEmitido = 0;
    let zerados = 0;
    for (;;) {
      await job.checkpoint();
      const fs = await familias(ctx.db, tabelas, f, where, depois, PAGINA);
      if (!fs.length) break;
      depois = fs.at(-1)!.titularId;
      zerados += fs.filter((x) => x.total <= 0).length;
      const r = await emitir(job, p, competencia, fs);
      emitidos += r.emitidos;
      valorEmitido += r.valor;
      feitos += fs.length;
      await job.progress(n ? (feitos / n) * 50 : 50, `Emitindo títulos: ${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} famílias`);
    }
    await job.log(`${emitidos.toLocaleString('pt-BR')} ${emitidos === 1 ? 'título emitido' : 'títulos emitidos'}, total ${formatMoney(valorEmitido)}.`);
    if (zerados) await job.log(`${zerados.toLocaleString('pt-BR')} ${zerados === 1 ? 'família sem valor a cobrar ficou' : 'famílias sem valor a cobrar ficaram'} sem título.`, 'aviso');
    const op = await operadora(ctx);
    const [nomeOp] = await query<{ nome: string }>(ctx.db, sql`select coalesce(nome_fantasia, razao_social) as nome from operadoras order by id limit 1`);
    const [{ abertos }] = await query<{ abertos: number }>(ctx.db, sql`select count(*)::int as abertos from titulos t join beneficiarios b on b.id = t.titular_id where ${await filtroTitulos(ctx, session, p, competencia)} and t.status = 'ABERTO'`);
    if (!abertos) {
      await job.log('Nenhum título em aberto nesta competência: nenhum boleto a imprimir.', 'aviso');
      return;
    }
    // a file holds at most BOLETOS_POR_ARQUIVO pages (about 3 KB each: well under the 20 MB a stored file may have)
    const partes = Math.ceil(abertos / BOLETOS_POR_ARQUIVO);
    const base = `boletos-${competencia.slice(0, 7).replace('-', '')}`;
    const novoPdf = () => paginaDeBoletos({ nome: nomeOp?.nome ?? 'Operadora', cnpj: op.cnpj }, `Boletos de ${competenciaBr(competencia)}`);
    let pdf = novoPdf();
    let naParte = 0;
    let parte = 1;
    let impressos = 0;
    let ultimo = 0;
    const salvar = async () => {
      const nome = partes > 1 ? `${base}-parte-${parte}.pdf` : `${base}.pdf`;
      await job.saveFile(nome, 'pdf', await pdf.end());
      await job.log(`Arquivo ${nome} com ${naParte.toLocaleString('pt-BR')} ${naParte === 1 ? 'boleto' : 'boletos'}.`);
    };
    for (;;) {
      await job.checkpoint();
      const lote = await titulosParaImprimir(ctx, session, p, competencia, ultimo, PAGINA);
      if (!lote.length) break;
      ultimo = lote.at(-1)!.id;
      for (const b of lote) {
        if (naParte === BOLETOS_POR_ARQUIVO) {
          await salvar();
          pdf = novoPdf();
          naParte = 0;
          parte++;
        }
        pdf.add(b);
        naParte++;
      }
      impressos += lote.length;
      await job.progress(50 + (impressos / abertos) * 45, `Desenhando boletos: ${impressos.toLocaleString('pt-BR')} de ${abertos.toLocaleString('pt-BR')}`);
    }
    if (naParte) await salvar();
  },
});

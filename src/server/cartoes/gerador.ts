import { formatCarteirinha, labelOf as label } from '../../shared/text';
import { sql, type SQL } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import { geradorCartao, MAX_CARTOES_POR_EXECUCAO, MOTIVOS_CARTAO } from '../../shared/processos/cartoes';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { cartoes } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';
import { arquivoEmbossing, cartaoImpresso, dadosDeCartao, linhaEmbossing, trailerEmbossing, type DadosCartao } from './dados';
import { folhaDeCartoes } from './pdf';

type Params = { alcance: string; titular: number | null; empresa: number | null; produto: number | null; motivo: string; validade: string };

// small batches: each is one short transaction plus about 20 ms of drawing, so other requests are served between them
const BATCH = 50;

/** The active beneficiaries a run reaches, within what the session sees (the policy's scope), as a condition on `b`. */
async function alvo(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'beneficiario');
  const por: SQL =
    p.alcance === 'FAMILIA'
      ? // the titular's family: picking a dependent reaches the same family
        sql`coalesce(b.titular, b.id) = (select coalesce(x.titular, x.id) from beneficiarios x where x.id = ${p.titular})`
      : p.alcance === 'EMPRESA'
        ? sql`b.empresa = ${p.empresa}`
        : p.alcance === 'PLANO'
          ? sql`b.produto = ${p.produto}`
          : sql`not exists (select 1 from cartoes c where c.beneficiario_id = b.id and c.situacao = 'ATIVO')`;
  return sql`b.situacao = 'ATIVO' and ${por} and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

/**
 * Gerador de cartões: for each active beneficiary reached, a new card issue (the previous active one becomes
 * "SUBSTITUIDO"), recorded in the change trail; the cards drawn on A4 sheets (PDF) and written to the printer's
 * embossing file (LAYOUT_EMBOSSING). Families are kept together, titular first, as they are mailed.
 */
export const cardGenerator = defineJobKind<Params>({
  tipo: geradorCartao.tipo,
  comandos: [geradorCartao.comando],
  params: paramsSchema(geradorCartao) as never,
  title: (_ctx, _c, p) => `Gerador de cartões (${label(MOTIVOS_CARTAO, p.motivo).replace(/ \(.*\)$/, '').toLowerCase()})`,

  async preview(ctx, session, p): Promise<Previa> {
    const where = await alvo(ctx, session, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios b where ${where}`);
    const amostra = await query<{ nome: string; carteirinha: string }>(
      ctx.db,
      sql`select b.nome, b.carteirinha from beneficiarios b where ${where} order by coalesce(b.titular, b.id), b.titular nulls first, b.id limit 8`,
    );
    const resumo =
      n === 0
        ? 'Nenhum beneficiário ativo nesta seleção: nenhum cartão será emitido.'
        : n > MAX_CARTOES_POR_EXECUCAO
          ? `${n.toLocaleString('pt-BR')} beneficiários: acima do limite de ${MAX_CARTOES_POR_EXECUCAO.toLocaleString('pt-BR')} cartões por execução. Escolha uma empresa ou um plano.`
          : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'cartão será emitido' : 'cartões serão emitidos'}; ${n === 1 ? 'o cartão ativo anterior fica substituído' : 'os cartões ativos anteriores ficam substituídos'}.`;
    return { total: n, resumo, amostra: amostra.map((r) => `${r.nome} · ${formatCarteirinha(r.carteirinha)}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Selecionando os beneficiários');
    const where = await alvo(ctx, session, p);
    // the ids in mailing order (at most 20,000 integers): families together, the titular first
    const ids = (await query<{ id: number }>(ctx.db, sql`select b.id from beneficiarios b where ${where} order by coalesce(b.titular, b.id), b.titular nulls first, b.id limit ${MAX_CARTOES_POR_EXECUCAO + 1}`)).map((r) => r.id);
    if (ids.length > MAX_CARTOES_POR_EXECUCAO) throw badRequest(`Mais de ${MAX_CARTOES_POR_EXECUCAO.toLocaleString('pt-BR')} beneficiários nesta seleção: escolha uma empresa ou um plano.`);
    await job.log(`${ids.length.toLocaleString('pt-BR')} beneficiários ativos selecionados (${label(MOTIVOS_CARTAO, p.motivo).toLowerCase()}; validade ${isoToBr(p.validade)}).`);

    const op = await operadoraPropria(ctx.db);
    const operadora = { nome: op?.nome ?? op?.razao ?? ctx.settings.nome, registroAns: op?.registroAns ?? '' };
    const folha = folhaDeCartoes(operadora, `Cartões dos beneficiários — execução ${job.id}`);
    const emb: string[] = [];
    const emissao = todayIso();
    const actor = { session, ip: '' };

    for (let i = 0; i < ids.length; i += BATCH) {
      await job.checkpoint();
      const lote = ids.slice(i, i + BATCH);
      const linhas = await dadosDeCartao(ctx.db, lote);
      const porId = new Map(linhas.map((l) => [l.id, l]));
      const ordem = lote.map((id) => porId.get(id)).filter((l): l is DadosCartao => !!l);
      // one short transaction per batch: the issue, the replaced card and the trail commit together
      await ctx.db.transaction(async (t) => {
        await t.execute(sql`update cartoes set situacao = 'SUBSTITUIDO' where situacao = 'ATIVO' and beneficiario_id in (${sql.join(ordem.map((l) => sql`${l.id}`), sql`, `)})`);
        const novos = await t
          .insert(cartoes)
          .values(ordem.map((l) => ({ beneficiarioId: l.id, carteirinha: l.carteirinha, via: l.via, motivo: p.motivo, emissao, validade: p.validade, execucaoId: job.id })))
          .returning();
        await recordTrailMany(t, actor, novos.map((c) => ({ entidade: 'cartao', registroId: c.id, acao: 'insert' as const, depois: c })));
      });
      for (const l of ordem) {
        const c = cartaoImpresso(l, p.validade);
        folha.cartao(c);
        emb.push(linhaEmbossing(c, l.matricula));
      }
      const feitos = Math.min(i + BATCH, ids.length);
      await job.progress(Math.floor((feitos / ids.length) * 90), `Emitindo ${feitos.toLocaleString('pt-BR')} de ${ids.length.toLocaleString('pt-BR')} cartões`);
      // drawing is synchronous: let the API answer between batches
      await new Promise((r) => setImmediate(r));
    }

    await job.progress(92, 'Gravando o PDF e o arquivo de embossing');
    emb.push(trailerEmbossing(folha.quantidade, emissao, operadora.registroAns));
    const pdf = await folha.end();
    await job.saveFile(`cartoes-${job.id}.pdf`, 'pdf', pdf);
    await job.saveFile(`embossing-${job.id}.txt`, 'txt', arquivoEmbossing(emb));
    await job.log(`${folha.quantidade.toLocaleString('pt-BR')} cartões emitidos: PDF com ${Math.ceil(folha.quantidade / 10).toLocaleString('pt-BR')} folhas e arquivo de embossing com ${emb.length.toLocaleString('pt-BR')} linhas.`);
  },
});

import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br, todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { exportacaoEmbossing } from '../../shared/processos/cartoes';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { scopeOf, scopeWhere } from '../policy';
import { arquivoEmbossing, cartaoImpresso, dadosDeCartao, linhaEmbossing, trailerEmbossing } from './dados';

type Params = { inicio: string; fim: string; motivo: string | null };
const BATCH = 500;

/** The active card issues of the period, within the beneficiaries the session sees, as a condition on `c` and `b`. */
async function periodo(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'beneficiario');
  return sql`c.situacao = 'ATIVO' and c.emissao between ${p.inicio} and ${p.fim}${p.motivo ? sql` and c.motivo = ${p.motivo}` : sql``} and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

/** Exportar Embossing de Cartões: the embossing file of the cards issued in a period, read by keyset in batches. */
export const embossingExport = defineJobKind<Params>({
  tipo: exportacaoEmbossing.tipo,
  comandos: [exportacaoEmbossing.comando],
  params: paramsSchema(exportacaoEmbossing) as never,
  title: (_ctx, _c, p) => `Embossing dos cartões emitidos de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const where = await periodo(ctx, session, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from cartoes c join beneficiarios b on b.id = c.beneficiario_id where ${where}`);
    const amostra = await query<{ nome: string; emissao: string }>(
      ctx.db,
      sql`select b.nome, to_char(c.emissao, 'DD/MM/YYYY') as emissao from cartoes c join beneficiarios b on b.id = c.beneficiario_id where ${where} order by c.id limit 8`,
    );
    const resumo = n === 0 ? 'Nenhum cartão ativo emitido neste período.' : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'cartão entra' : 'cartões entram'} no arquivo.`;
    return { total: n, resumo, amostra: amostra.map((r) => `${r.nome} · emitido em ${r.emissao}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const where = await periodo(ctx, session, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from cartoes c join beneficiarios b on b.id = c.beneficiario_id where ${where}`);
    await job.log(`${n.toLocaleString('pt-BR')} cartões ativos emitidos de ${br(p.inicio)} a ${br(p.fim)}.`);
    const linhas: string[] = [];
    let depois = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await query<{ id: number; beneficiario_id: number; via: number; validade: string }>(
        ctx.db,
        sql`select c.id, c.beneficiario_id, c.via, c.validade::text as validade from cartoes c join beneficiarios b on b.id = c.beneficiario_id
            where ${where} and c.id > ${depois} order by c.id limit ${BATCH}`,
      );
      if (!lote.length) break;
      const dados = new Map((await dadosDeCartao(ctx.db, lote.map((c) => c.beneficiario_id))).map((d) => [d.id, d]));
      // the card as it was issued: its own issue number and validity, today's name and plan
      for (const c of lote) {
        const d = dados.get(c.beneficiario_id);
        if (d) linhas.push(linhaEmbossing(cartaoImpresso(d, c.validade, c.via), d.matricula));
      }
      depois = lote.at(-1)!.id;
      await job.progress(n ? Math.floor((linhas.length / n) * 95) : 95, `${linhas.length.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} cartões`);
    }
    const op = await operadoraPropria(ctx.db);
    linhas.push(trailerEmbossing(linhas.length, todayIso(), op?.registroAns ?? ''));
    await job.saveFile(`embossing-${p.inicio.replace(/-/g, '')}-${p.fim.replace(/-/g, '')}.txt`, 'txt', arquivoEmbossing(linhas));
    await job.log(`Arquivo de embossing com ${(linhas.length - 1).toLocaleString('pt-BR')} cartões e o registro final.`);
  },
});

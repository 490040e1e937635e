import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LAYOUT_QDC_MOVIMENTO, qdcMovimento } from '../../shared/processos/contabilidade';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { aaaamm, operadora, texto } from './folha';

/** QDC Movimento (see the declaration for what it is taken to be): the month's entries summed per account, both sides. */

type Params = { competencia: string };
const mesDe = (p: Params) => competenciaIso(p.competencia)!.slice(0, 7);

interface Conta {
  conta: string;
  descricao: string | null;
  lancamentos: number;
  debitos: number;
  creditos: number;
}

async function quadro(db: Db, mes: string): Promise<Conta[]> {
  const rows = await query<{ conta: string; descricao: string | null; lancamentos: number; debitos: string; creditos: string }>(
    db,
    sql`select x.conta, pc.descricao, count(*)::int as lancamentos, sum(x.debito)::text as debitos, sum(x.credito)::text as creditos
        from (select conta_debito as conta, valor_centavos as debito, 0::bigint as credito from lancamentos_contabeis where competencia = ${mes}
              union all
              select conta_credito, 0::bigint, valor_centavos from lancamentos_contabeis where competencia = ${mes}) x
        left join planos_contas pc on pc.codigo = x.conta
        group by x.conta, pc.descricao order by x.conta`,
  );
  return rows.map((r) => ({ ...r, debitos: Number(r.debitos), creditos: Number(r.creditos) }));
}

async function previaQdc(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const mes = mesDe(p);
  const q = await quadro(ctx.db, mes);
  const nome = competenciaBr(`${mes}-01`);
  return {
    total: q.length,
    resumo: q.length ? `${q.length} ${q.length === 1 ? 'conta' : 'contas'} com movimento em ${nome}.` : `Nenhum lançamento contábil em ${nome}: gere o movimento do mês antes.`,
    amostra: q.slice(0, 8).map((c) => `${c.conta} ${c.descricao ?? '(fora do plano de contas)'}: débitos ${formatMoney(c.debitos)}, créditos ${formatMoney(c.creditos)}`),
  };
}

export const qdcMovimentoKind = defineJobKind<Params>({
  tipo: qdcMovimento.tipo,
  comandos: [qdcMovimento.comando],
  params: paramsSchema(qdcMovimento) as never,
  title: (_c, _m, p) => `QDC Movimento de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaQdc as never,
  async run(job, p) {
    const mes = mesDe(p);
    const q = await quadro(job.ctx.db, mes);
    if (!q.length) throw AppError.of(422, `Nenhum lançamento contábil em ${competenciaBr(`${mes}-01`)}: gere o movimento do mês antes.`);
    const [cab, det, rod] = LAYOUT_QDC_MOVIMENTO.registros;
    const op = await operadora(job.ctx);
    const linhas = [linha(cab, { cnpj: op.cnpj, competencia: aaaamm(`${mes}-01`), geracao: todayIso() })];
    const soma = { d: 0, c: 0 };
    for (const c of q) {
      linhas.push(linha(det, { conta: c.conta, descricao: c.descricao ?? 'FORA DO PLANO DE CONTAS', lancamentos: c.lancamentos, debitos: c.debitos, creditos: c.creditos, saldo: c.debitos - c.creditos }));
      soma.d += c.debitos;
      soma.c += c.creditos;
      if (!c.descricao) await job.log(`A conta ${c.conta} tem lançamentos mas não está no plano de contas.`, 'aviso');
    }
    // every entry debits and credits the same value: a difference here is a broken entry, never rounding
    if (soma.d !== soma.c) throw AppError.of(422, `Débitos (${formatMoney(soma.d)}) e créditos (${formatMoney(soma.c)}) de ${competenciaBr(`${mes}-01`)} não batem.`);
    linhas.push(linha(rod, { contas: q.length, debitos: soma.d, creditos: soma.c }));
    const nome = `QDC_${mes.replace('-', '')}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await job.log(`Arquivo ${nome}: ${q.length} contas; débitos ${formatMoney(soma.d)} = créditos ${formatMoney(soma.c)}.`);
  },
});

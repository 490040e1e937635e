import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br, todayIso } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import { pontosBase } from '../../shared/precos/calculo';
import type { Previa } from '../../shared/processos/define';
import { linha } from '../../shared/processos/layout';
import { LAYOUT_REGRAS, regraProcedimento } from '../../shared/processos/precos';
import { paramsSchema } from '../../shared/processos/schema';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';

type Params = { data: string; produto: number | null; somenteComAcordo: boolean | null };
const BATCH = 500;
const [CABECALHO, PROCEDIMENTO, ACORDO, TRAILER] = LAYOUT_REGRAS.registros;
const sn = (b: boolean) => (b ? 'S' : 'N');

const emVigencia = (alias: 'a' | 'p', data: string) => {
  const t = sql.raw(alias);
  return sql`${t}.inicio_vigencia <= ${data} and (${t}.fim_vigencia is null or ${t}.fim_vigencia >= ${data})`;
};

/** The agreements in force at the date (of one plan, when given), as a condition on `a`. */
const acordosWhere = (p: Params): SQL => sql`${emVigencia('a', p.data)}${p.produto == null ? sql`` : sql` and a.produto = ${p.produto}`}`;

/** The procedures in force at the date; with a plan or "only with agreement", those with an agreement in force. */
function procedimentosWhere(p: Params): SQL {
  const comAcordo = p.somenteComAcordo !== false || p.produto != null;
  return sql`p.ativo and ${emVigencia('p', p.data)}${comAcordo ? sql` and exists (select 1 from acordos_padrao_procedimentos a where a.procedimento = p.id and ${acordosWhere(p)})` : sql``}`;
}

/** Exportar Regras de Procedimento: the declared layout, a procedure record followed by its plans' agreements. */
export const regrasKind = defineJobKind<Params>({
  tipo: regraProcedimento.tipo,
  comandos: [regraProcedimento.comando],
  params: paramsSchema(regraProcedimento) as never,
  title: (_ctx, _c, p) => `Regras de procedimento em ${br(p.data)}`,

  async preview(ctx, _session, p): Promise<Previa> {
    const where = procedimentosWhere(p);
    const [{ n, a }] = await query<{ n: number; a: number }>(
      ctx.db,
      sql`select count(*)::int as n, coalesce(sum((select count(*) from acordos_padrao_procedimentos a where a.procedimento = p.id and ${acordosWhere(p)})), 0)::int as a from procedimentos p where ${where}`,
    );
    const amostra = await query<{ codigo: string; descricao: string }>(ctx.db, sql`select p.codigo, p.descricao from procedimentos p where ${where} order by p.codigo limit 8`);
    return {
      total: n,
      resumo: n === 0 ? 'Nenhum procedimento com regras em vigência nesta data.' : `${n.toLocaleString('pt-BR')} procedimentos e ${a.toLocaleString('pt-BR')} acordos padrão entram no arquivo.`,
      amostra: amostra.map((r) => `${r.codigo} ${r.descricao.slice(0, 80)}`),
    };
  },

  async run(job, p) {
    const { ctx } = job;
    const where = procedimentosWhere(p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from procedimentos p where ${where}`);
    await job.log(`${n.toLocaleString('pt-BR')} procedimentos em vigência em ${br(p.data)}.`);
    const op = await operadoraPropria(ctx.db);
    const linhas = [linha(CABECALHO, { registroAns: op?.registroAns ?? '', geracao: todayIso(), referencia: p.data })];
    let depois = '';
    let procs = 0;
    let acordos = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await query<{ id: number; codigo: string; descricao: string; sexo: string; rol: boolean; inicio: string; fim: string | null }>(
        ctx.db,
        sql`select p.id, p.codigo, p.descricao, p.sexo, p.rol, p.inicio_vigencia::text as inicio, p.fim_vigencia::text as fim from procedimentos p where ${where} and p.codigo > ${depois} order by p.codigo limit ${BATCH}`,
      );
      if (!lote.length) break;
      depois = lote.at(-1)!.codigo;
      const doLote = await query<{ procedimento: number; registro_ans: string; nome: string; coberto: boolean; exige_autorizacao: boolean; exige_auditoria: boolean; carencia_dias: number | null; percentual: string | null; teto: unknown; inicio: string; fim: string | null }>(
        ctx.db,
        sql`select a.procedimento, pr.registro_ans, pr.nome, a.coberto, a.exige_autorizacao, a.exige_auditoria, a.carencia_dias, a.percentual_coparticipacao::text as percentual,
              a.valor_maximo_coparticipacao as teto, a.inicio_vigencia::text as inicio, a.fim_vigencia::text as fim
            from acordos_padrao_procedimentos a join produtos pr on pr.id = a.produto
            where a.procedimento in (${sql.join(lote.map((r) => sql`${r.id}`), sql`, `)}) and ${acordosWhere(p)} order by pr.nome, a.id`,
      );
      const porProc = new Map<number, typeof doLote>();
      for (const a of doLote) porProc.set(a.procedimento, [...(porProc.get(a.procedimento) ?? []), a]);
      for (const r of lote) {
        const dele = porProc.get(r.id) ?? [];
        linhas.push(linha(PROCEDIMENTO, { codigo: r.codigo, descricao: r.descricao, sexo: r.sexo, rol: sn(r.rol), inicioVigencia: r.inicio, fimVigencia: r.fim, acordos: dele.length }));
        procs++;
        for (const a of dele) {
          linhas.push(
            linha(ACORDO, {
              codigo: r.codigo,
              registroAnsPlano: a.registro_ans,
              plano: a.nome,
              coberto: sn(a.coberto),
              autorizacao: sn(a.exige_autorizacao),
              auditoria: sn(a.exige_auditoria),
              carencia: a.carencia_dias ?? 0,
              coparticipacao: a.percentual == null ? 0 : pontosBase(a.percentual),
              teto: toCentavos(a.teto) ?? 0,
              inicioVigencia: a.inicio,
              fimVigencia: a.fim,
            }),
          );
          acordos++;
        }
      }
      await job.progress(n ? Math.floor((procs / n) * 95) : 95, `${procs.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} procedimentos`);
    }
    linhas.push(linha(TRAILER, { procedimentos: procs, acordos }));
    await job.saveFile(`regras-procedimento-${p.data.replace(/-/g, '')}.txt`, 'txt', new TextEncoder().encode(`${linhas.join('\r\n')}\r\n`));
    await job.log(`Arquivo com ${procs.toLocaleString('pt-BR')} procedimentos e ${acordos.toLocaleString('pt-BR')} acordos padrão.`);
  },
});

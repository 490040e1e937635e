import { sql } from 'drizzle-orm';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { LAYOUT_RADAR_TISS, radarTiss } from '../../shared/processos/ans';
import type { Previa } from '../../shared/processos/define';
import { linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { mesSql, n } from './remessas';

/**
 * Radar TISS: how the operator's billed guides arrive, per month of receipt and provider. The channel of a guide is
 * its protocol's: a lot file (`origem` XML) is electronic whoever uploaded it; a bill typed in the portal
 * (`origem` PORTAL) is the provider's own electronic channel when a provider's user typed it, and a paper guide when
 * the operator's staff typed it for the provider (the operator receives paper and keys it in).
 */

type Params = { inicio: string; fim: string };

const periodo = (p: Params) => {
  const a = competenciaIso(p.inicio);
  const b = competenciaIso(p.fim);
  if (!a) throw AppError.of(400, 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.', { field: 'inicio' });
  if (!b) throw AppError.of(400, 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.', { field: 'fim' });
  if (a > b) throw AppError.of(400, 'A competência final não pode ser anterior à inicial.', { field: 'fim' });
  return { de: mesSql(a).inicio, ate: mesSql(b).fim, a, b };
};

/**
 * The guides of protocols `pr` (joined to their guides `g` and the user who sent them `u`) counted by channel, as
 * integer columns xml, portal and papel: the one rule of the export and of the report rep117.
 */
export const CANAIS_RADAR = sql`count(g.id) filter (where pr.origem = 'XML')::int as xml,
  count(g.id) filter (where pr.origem = 'PORTAL' and coalesce(u.prestador, false))::int as portal,
  count(g.id) filter (where pr.origem = 'PORTAL' and not coalesce(u.prestador, false))::int as papel`;

export interface LinhaRadar {
  competencia: string;
  prestadorId: number;
  documento: string | null;
  cnes: string | null;
  prestador: string;
  xml: number;
  portal: number;
  papel: number;
}

export async function contagemRadar(db: Db, p: Params): Promise<LinhaRadar[]> {
  const { de, ate } = periodo(p);
  return query<LinhaRadar>(
    db,
    sql`select to_char(pr.recebido_em at time zone 'America/Sao_Paulo', 'YYYYMM') as competencia, p.id as "prestadorId", coalesce(p.cnpj, p.cpf) as documento, p.cnes, p.nome as prestador,
          ${CANAIS_RADAR}
        from protocolos_recebimento pr join guias_faturadas g on g.protocolo_id = pr.id join prestadores p on p.id = pr.prestador_id left join usuarios u on u.id = pr.usuario_id
        where pr.recebido_em >= ${de} and pr.recebido_em < ${ate}
        group by 1, p.id order by 1, p.nome, p.id`,
  );
}

const pct = (eletronico: number, total: number) => (total ? Math.round((eletronico / total) * 10_000) : 0);

async function previa(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const ls = await contagemRadar(ctx.db, p);
  const total = ls.reduce((s, l) => s + l.xml + l.portal + l.papel, 0);
  return {
    total: 0,
    resumo: `${n(total)} guias de ${n(new Set(ls.map((l) => l.prestadorId)).size)} prestadores recebidas de ${competenciaBr(competenciaIso(p.inicio)!)} a ${competenciaBr(competenciaIso(p.fim)!)}.`,
    amostra: [],
  };
}

export const radarTissExport = defineJobKind<Params>({
  tipo: radarTiss.tipo,
  comandos: [radarTiss.comando],
  params: paramsSchema(radarTiss) as never,
  title: (_ctx, _c, p) => `Radar TISS ${String(p.inicio).replace(/^(\d{2})(\d{4})$/, '$1/$2')} a ${String(p.fim).replace(/^(\d{2})(\d{4})$/, '$1/$2')}`,
  preview: previa,
  async run(job, p) {
    const { a, b } = periodo(p);
    const [reg] = LAYOUT_RADAR_TISS.registros;
    const sep = LAYOUT_RADAR_TISS.separador!;
    const ls = await contagemRadar(job.ctx.db, p);
    const linhas = [reg.campos.map((c) => c.descricao).join(sep)];
    const meses = [...new Set(ls.map((l) => l.competencia))];
    for (const m of meses) {
      const doMes = ls.filter((l) => l.competencia === m);
      for (const l of doMes) {
        const total = l.xml + l.portal + l.papel;
        linhas.push(linhaCsv(reg, sep, { ...l, total, percentualEletronico: pct(l.xml + l.portal, total) }));
      }
      const soma = (k: 'xml' | 'portal' | 'papel') => doMes.reduce((s, l) => s + l[k], 0);
      const total = soma('xml') + soma('portal') + soma('papel');
      linhas.push(linhaCsv(reg, sep, { competencia: m, prestador: 'TOTAL', xml: soma('xml'), portal: soma('portal'), papel: soma('papel'), total, percentualEletronico: pct(soma('xml') + soma('portal'), total) }));
    }
    const nome = `radar-tiss-${a.slice(0, 7).replace('-', '')}-${b.slice(0, 7).replace('-', '')}.csv`;
    await job.saveFile(nome, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
    const total = ls.reduce((s, l) => s + l.xml + l.portal + l.papel, 0);
    await job.log(`Planilha ${nome}: ${n(total)} guias de ${n(new Set(ls.map((l) => l.prestadorId)).size)} prestadores em ${n(meses.length)} competências.`);
  },
});

import { labelOf } from '../../shared/text';
import { sql, type SQL } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { CRITERIOS_DUPLICIDADE, tratarDuplicidade } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';
import { csvLine } from '../resources/export';
import { resumoMovidos, unificar } from './unificacao';

type Params = { criterio: 'CPF' | 'NOME_NASCIMENTO' | 'AMBOS'; acao: 'RELATORIO' | 'UNIFICAR' };

interface Membro {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  data_nascimento: string;
  data_adesao: string | null;
  situacao: string;
  relacao_dependencia: string;
  titular: number | null;
}

/**
 * The groups of registrations that look like one person: same CPF, or same accent-folded name and birth date, among
 * the registrations not cancelled and seen by the session. Each group is listed oldest first: the one to keep is the
 * first active one (the earliest adhesion, then the lowest id).
 */
async function grupos(ctx: AppContext, session: RequestSession, criterio: Params['criterio']): Promise<Membro[][]> {
  const scope = scopeWhere(await scopeOf(ctx, session, 'beneficiario'), 'beneficiario', 'b');
  // each criterion as "the key is among the keys that repeat": a grouping over one indexed column (the CPF, or the
  // accent-folded name kept in nome_busca with the birth date), then the members; measured on the 200,000 demo
  // registrations, about 0.3 s and 0.6 s on the embedded database
  const chaves: { k: SQL; repetidas: SQL }[] = [];
  if (criterio !== 'NOME_NASCIMENTO')
    chaves.push({ k: sql`b.cpf`, repetidas: sql`b.cpf in (select cpf from beneficiarios where cpf is not null and situacao <> 'CANCELADO' group by cpf having count(*) > 1)` });
  if (criterio !== 'CPF')
    chaves.push({
      k: sql`b.nome_busca || '|' || b.data_nascimento::text`,
      repetidas: sql`(b.nome_busca, b.data_nascimento) in (select nome_busca, data_nascimento from beneficiarios where situacao <> 'CANCELADO' group by 1, 2 having count(*) > 1)`,
    });
  const seen = new Set<string>();
  const out: Membro[][] = [];
  for (const { k, repetidas } of chaves) {
    const rows = await query<Membro & { k: string }>(
      ctx.db,
      sql`select b.id, b.matricula, b.nome, b.cpf, b.data_nascimento::text, b.data_adesao::text, b.situacao, b.relacao_dependencia, b.titular, ${k} as k
          from beneficiarios b where b.situacao <> 'CANCELADO' and ${scope} and ${repetidas}
          order by k, (b.situacao = 'ATIVO') desc, b.data_adesao nulls last, b.id`,
    );
    const porChave = new Map<string, Membro[]>();
    for (const r of rows) porChave.set(r.k, [...(porChave.get(r.k) ?? []), r]);
    // a pair found by both criteria is one group
    for (const g of porChave.values()) {
      const id = g.map((m) => m.id).sort((a, b) => a - b).join(',');
      if (!seen.has(id)) {
        seen.add(id);
        out.push(g);
      }
    }
  }
  return out;
}

const titularDe = (m: Membro) => (m.relacao_dependencia === '1' ? null : m.titular);
/** A group merges on its own only when every member is the same kind of member of the same family. */
const unificavel = (g: Membro[]) => g.every((m) => m.relacao_dependencia === g[0].relacao_dependencia && titularDe(m) === titularDe(g[0]));

const HEADER = ['Grupo', 'Matrícula', 'Nome', 'CPF', 'Nascimento', 'Adesão', 'Situação', 'Decisão'];

/** Tratar Duplicidade de Beneficiários: the groups as a CSV and, when asked, each merged into its oldest registration. */
export const duplicateRegistrations = defineJobKind<Params>({
  tipo: tratarDuplicidade.tipo,
  comandos: [tratarDuplicidade.comando],
  params: paramsSchema(tratarDuplicidade) as never,
  title: (_ctx, _c, p) => `${p.acao === 'UNIFICAR' ? 'Unificação' : 'Relatório'} de duplicidades (${labelOf(CRITERIOS_DUPLICIDADE, p.criterio).toLowerCase()})`,

  async preview(ctx, session, p): Promise<Previa> {
    const g = await grupos(ctx, session, p.criterio);
    const registros = g.reduce((s, x) => s + x.length, 0);
    const manuais = g.filter((x) => !unificavel(x)).length;
    const resumo = !g.length
      ? 'Nenhuma duplicidade encontrada por este critério.'
      : `${g.length} ${g.length === 1 ? 'grupo' : 'grupos'} com ${registros} matrículas${p.acao === 'UNIFICAR' ? `: ${registros - g.length - g.filter((x) => !unificavel(x)).reduce((s, x) => s + x.length - 1, 0)} serão unificadas e canceladas` : ''}${manuais ? `; ${manuais} para análise manual` : ''}.`;
    // the sample lists groups: the total counts groups too ("e mais N" on the screen)
    return { total: g.length, resumo, amostra: g.slice(0, 8).map((x) => `${x[0].nome}: ${x.map((m) => m.matricula).join(', ')}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Procurando duplicidades');
    const g = await grupos(ctx, session, p.criterio);
    await job.log(`${g.length} grupos de matrículas da mesma pessoa encontrados.`);
    const linhas: string[] = [csvLine(HEADER)];
    let unificadas = 0;
    for (const [i, grupo] of g.entries()) {
      await job.checkpoint();
      const [manter, ...outras] = grupo;
      const pode = unificavel(grupo);
      const decisoes = new Map<number, string>([[manter.id, p.acao === 'UNIFICAR' && pode ? 'mantida' : 'a manter']]);
      for (const o of outras) {
        if (p.acao !== 'UNIFICAR') decisoes.set(o.id, `unificar em ${manter.matricula}`);
        else if (!pode) decisoes.set(o.id, 'análise manual: titular e dependente, ou famílias diferentes');
        else {
          const movidos = await ctx.db.transaction((t) => unificar(t, { session, ip: '' }, manter.id, o.id));
          decisoes.set(o.id, `unificada em ${manter.matricula}`);
          unificadas++;
          await job.log(`${o.matricula} unificada em ${manter.matricula} (${manter.nome}): ${resumoMovidos(movidos)}.`);
        }
      }
      for (const m of grupo) linhas.push(csvLine([String(i + 1), m.matricula, m.nome, m.cpf ?? '', isoToBr(m.data_nascimento), isoToBr(m.data_adesao ?? ''), m.situacao, decisoes.get(m.id) ?? '']));
      await job.progress(Math.floor(((i + 1) / g.length) * 95), `Grupo ${i + 1} de ${g.length}`);
    }
    await job.saveFile(`duplicidades-${job.id}.csv`, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
    if (p.acao === 'UNIFICAR') await job.log(`${unificadas} matrículas unificadas e canceladas por inclusão indevida (motivo 46 do SIB).`);
  },
});

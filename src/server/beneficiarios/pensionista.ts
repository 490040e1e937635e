import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { MOTIVO_OBITO, pensionista } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import { RELACOES_DEPENDENCIA } from '../../shared/resources/pessoas';
import { labelOf } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { recordTrailMany } from '../trail/record';

type Params = { dependente: number; transferirDependentes: boolean };

interface Pessoa {
  id: number;
  nome: string;
  matricula: string;
  situacao: string;
  relacao_dependencia: string;
  titular: number | null;
  classe: string | null;
}
interface Titular {
  id: number;
  nome: string;
  matricula: string;
  situacao: string;
  motivo_cancelamento: string | null;
  data_situacao: string | null;
}

const relacao = (v: string) => labelOf(RELACOES_DEPENDENCIA, v).toLowerCase();

/** The dependent, its deceased titular and the titular's other active dependents; refused on the field otherwise. */
async function conferido(ctx: AppContext, db: Db, session: RequestSession, p: Params, lock = false) {
  await assertRecord(ctx, session, 'beneficiario', { id: p.dependente });
  const forUpdate = lock ? sql` for update` : sql``;
  const [d] = await query<Pessoa>(db, sql`select id, nome, matricula, situacao, relacao_dependencia, titular, classe from beneficiarios where id = ${p.dependente}${forUpdate}`);
  if (!d) throw badRequest('Beneficiário não encontrado.', 'dependente');
  if (d.classe === 'P') throw badRequest(`${d.nome} já é pensionista.`, 'dependente');
  if (d.relacao_dependencia === '1' || d.titular == null) throw badRequest(`${d.nome} é titular: só o dependente de um titular falecido passa a pensionista.`, 'dependente');
  if (d.situacao !== 'ATIVO') throw badRequest(`O cadastro de ${d.nome} não está ativo: só um dependente ativo passa a pensionista.`, 'dependente');
  const [t] = await query<Titular>(db, sql`select id, nome, matricula, situacao, motivo_cancelamento, data_situacao::text from beneficiarios where id = ${d.titular}${forUpdate}`);
  if (t.situacao !== 'CANCELADO' || t.motivo_cancelamento !== MOTIVO_OBITO)
    throw badRequest(`O titular ${t.nome} (${t.matricula}) não está cancelado por óbito: registre o óbito antes de inscrever o pensionista.`, 'dependente');
  const outros = await query<Pessoa>(
    db,
    sql`select id, nome, matricula, situacao, relacao_dependencia, titular, classe from beneficiarios where titular = ${t.id} and id <> ${d.id} and situacao <> 'CANCELADO' order by id${forUpdate}`,
  );
  return { d, t, outros };
}

/**
 * Pensionista (copass, cnen, cdtn, rondo): the dependent of a titular who died becomes the titular of the family, of
 * registration class P (pensionista), same matrícula, plan and history; the other active dependents follow the
 * pensioner when asked (their relation kept as registered). Each record changed goes to the trail.
 */
export const pensionerRegistration = defineJobKind<Params>({
  tipo: pensionista.tipo,
  comandos: [pensionista.comando],
  params: paramsSchema(pensionista) as never,
  title: () => 'Inscrição de pensionista',

  async preview(ctx, session, p): Promise<Previa> {
    const { d, t, outros } = await conferido(ctx, ctx.db, session, p);
    const resto = !outros.length
      ? ''
      : p.transferirDependentes
        ? ` ${outros.length === 1 ? 'O outro dependente ativo passa' : `Os ${outros.length} demais dependentes ativos passam`} para o grupo do pensionista.`
        : ` ${outros.length === 1 ? 'O outro dependente ativo segue' : `Os ${outros.length} demais dependentes ativos seguem`} no grupo do titular que faleceu.`;
    return {
      total: outros.length,
      resumo: `${d.nome} (${d.matricula}), ${relacao(d.relacao_dependencia)} de ${t.nome} (óbito em ${isoToBr(t.data_situacao)}), passa a titular da classe P (pensionista), com a mesma matrícula e o mesmo plano.${resto}`,
      amostra: outros.map((o) => `${o.nome} (${o.matricula}) · ${labelOf(RELACOES_DEPENDENCIA, o.relacao_dependencia)}`),
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const { d, t, outros } = await ctx.db.transaction(async (tx) => {
      const r = await conferido(ctx, tx, session, p, true);
      await tx.execute(sql`update beneficiarios set relacao_dependencia = '1', titular = null, classe = 'P', version = version + 1 where id = ${r.d.id}`);
      const movidos = p.transferirDependentes ? r.outros : [];
      if (movidos.length) await tx.execute(sql`update beneficiarios set titular = ${r.d.id}, version = version + 1 where id in (${sql.join(movidos.map((o) => sql`${o.id}`), sql`, `)})`);
      await recordTrailMany(tx, { session, ip: '' }, [
        {
          entidade: 'beneficiario',
          registroId: r.d.id,
          acao: 'update' as const,
          antes: { relacaoDependencia: r.d.relacao_dependencia, titular: r.d.titular, classe: r.d.classe },
          depois: { relacaoDependencia: '1', titular: null, classe: 'P', pensionistaDe: r.t.matricula },
        },
        ...movidos.map((o) => ({ entidade: 'beneficiario', registroId: o.id, acao: 'update' as const, antes: { titular: r.t.id }, depois: { titular: r.d.id } })),
      ]);
      return r;
    });
    await job.log(`${d.nome} (${d.matricula}) passou a pensionista (classe P) no lugar de ${t.nome} (${t.matricula}), óbito em ${isoToBr(t.data_situacao)}.`);
    for (const o of outros)
      await job.log(p.transferirDependentes ? `${o.nome} (${o.matricula}) passa a dependente de ${d.nome}.` : `${o.nome} (${o.matricula}) segue no grupo do titular que faleceu: precisa de um novo titular.`, p.transferirDependentes ? 'info' : 'aviso');
  },
});

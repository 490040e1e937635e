import { labelOf } from '../../shared/text';
import { sql } from 'drizzle-orm';
import type { Previa } from '../../shared/processos/define';
import { desvinculaMatricula } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import { RELACOES_DEPENDENCIA } from '../../shared/resources/pessoas';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { recordTrail } from '../trail/record';

type Params = { dependente: number; motivo: string };

interface Dependente {
  id: number;
  matricula: string;
  nome: string;
  situacao: string;
  relacao_dependencia: string;
  titular: number | null;
  titular_nome: string | null;
  titular_matricula: string | null;
}

const relacao = (v: string) => labelOf(RELACOES_DEPENDENCIA, v);

/** The dependent with its titular, locked when `lock`; refused unless an active dependent the session sees. */
async function dependenteDe(ctx: AppContext, db: Db, session: RequestSession, id: number, lock = false): Promise<Dependente> {
  await assertRecord(ctx, session, 'beneficiario', { id });
  const [d] = await query<Dependente>(
    db,
    sql`select b.id, b.matricula, b.nome, b.situacao, b.relacao_dependencia, b.titular, t.nome as titular_nome, t.matricula as titular_matricula
        from beneficiarios b left join beneficiarios t on t.id = b.titular where b.id = ${id}${lock ? sql` for update of b` : sql``}`,
  );
  if (!d) throw badRequest('Beneficiário não encontrado.', 'dependente');
  if (d.relacao_dependencia === '1' || d.titular == null) throw badRequest(`${d.nome} já é titular: não há grupo familiar de que desvincular.`, 'dependente');
  if (d.situacao !== 'ATIVO') throw badRequest(`${d.nome} não está ativo: só um dependente ativo pode ser desvinculado.`, 'dependente');
  return d;
}

/** Desvincular Matrícula: the dependent becomes the titular of a family of its own, same registration, in the trail. */
export const detachDependent = defineJobKind<Params>({
  tipo: desvinculaMatricula.tipo,
  comandos: [desvinculaMatricula.comando],
  params: paramsSchema(desvinculaMatricula) as never,
  title: () => 'Desvinculação de dependente',

  async preview(ctx, session, p): Promise<Previa> {
    const d = await dependenteDe(ctx, ctx.db, session, p.dependente);
    return {
      total: 1,
      resumo: `${d.nome} (${d.matricula}) deixa o grupo de ${d.titular_nome} (${d.titular_matricula}) e passa a titular, com a mesma matrícula e o mesmo plano.`,
      amostra: [`Hoje: ${relacao(d.relacao_dependencia)} de ${d.titular_nome}`, 'Depois: Titular'],
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const d = await ctx.db.transaction(async (t) => {
      const dep = await dependenteDe(ctx, t, session, p.dependente, true);
      await t.execute(sql`update beneficiarios set relacao_dependencia = '1', titular = null, version = version + 1 where id = ${dep.id}`);
      await recordTrail(t, { session, ip: '' }, {
        entidade: 'beneficiario',
        registroId: dep.id,
        acao: 'update',
        antes: { relacaoDependencia: dep.relacao_dependencia, titular: dep.titular },
        depois: { relacaoDependencia: '1', titular: null, motivoDesvinculo: p.motivo },
      });
      return dep;
    });
    await job.log(`${d.nome} (${d.matricula}) desvinculado do grupo de ${d.titular_nome} (${d.titular_matricula}) e agora é titular. Motivo: ${p.motivo}.`);
  },
});

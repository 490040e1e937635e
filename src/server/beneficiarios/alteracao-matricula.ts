import { sql } from 'drizzle-orm';
import type { Previa } from '../../shared/processos/define';
import { alteracaoMatricula } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import { formatCarteirinha } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { userName } from '../workflow/actor';
import { cadastroPorId, recusaMatricula, trocarMatricula, type Cadastro } from './matricula';

type Params = { beneficiario: number; novaMatricula: string; motivo: string };

/** The beneficiary (within the session's scope) and the new matrícula, refused on the field that explains why. */
async function conferido(ctx: AppContext, db: Db, session: RequestSession, p: Params, lock = false): Promise<Cadastro> {
  await assertRecord(ctx, session, 'beneficiario', { id: p.beneficiario });
  const b = await cadastroPorId(db, p.beneficiario, lock);
  if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiario');
  const recusa = await recusaMatricula(db, b, p.novaMatricula);
  if (recusa) throw AppError.of(400, recusa, { field: b.situacao === 'CANCELADO' ? 'beneficiario' : 'novaMatricula' });
  return b;
}

/** Alteração de Matrícula: one beneficiary to a new, free matrícula; the former one kept in its history and the trail. */
export const registrationNumberChange = defineJobKind<Params>({
  tipo: alteracaoMatricula.tipo,
  comandos: [alteracaoMatricula.comando],
  params: paramsSchema(alteracaoMatricula) as never,
  title: (_ctx, _c, p) => `Alteração de matrícula para ${p.novaMatricula}`,

  async preview(ctx, session, p): Promise<Previa> {
    const b = await conferido(ctx, ctx.db, session, p);
    const [c] = await query<{ carteirinha: string }>(ctx.db, sql`select carteirinha from beneficiarios where id = ${b.id}`);
    return {
      total: 1,
      resumo: `A matrícula de ${b.nome} passa de ${b.matricula} para ${p.novaMatricula}; a ${b.matricula} fica no histórico e continua encontrando o cadastro.`,
      amostra: [`Cartão atual ${formatCarteirinha(c.carteirinha)}: não muda (renumere pela Alteração de Cartão, se for o caso)`],
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const usuarioNome = await userName(ctx.db, session);
    const b = await ctx.db.transaction(async (t) => {
      const cad = await conferido(ctx, t, session, p, true);
      await trocarMatricula(t, { session, ip: '' }, cad, p.novaMatricula, { motivo: p.motivo, usuarioNome, execucaoId: job.id });
      return cad;
    });
    await job.log(`Matrícula de ${b.nome} alterada de ${b.matricula} para ${p.novaMatricula}. Motivo: ${p.motivo}.`);
  },
});

import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { unificacaoMatricula } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { resumoMovidos, unificar } from './unificacao';

type Params = { manter: number; unificar: number };

interface Ficha {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  data_nascimento: string;
  situacao: string;
  autorizacoes: number;
}

async function fichas(ctx: AppContext, session: RequestSession, p: Params): Promise<Ficha[]> {
  for (const id of [p.manter, p.unificar]) await assertRecord(ctx, session, 'beneficiario', { id });
  return query<Ficha>(
    ctx.db,
    sql`select b.id, b.matricula, b.nome, b.cpf, b.data_nascimento::text, b.situacao,
          (select count(*)::int from autorizacoes a where a.beneficiario_id = b.id) as autorizacoes
        from beneficiarios b where b.id in (${p.manter}, ${p.unificar})`,
  );
}

const linha = (f: Ficha) => `${f.matricula} · ${f.nome} · nascimento ${isoToBr(f.data_nascimento)} · CPF ${f.cpf ?? 'não informado'} · ${f.situacao.toLowerCase()} · ${f.autorizacoes} autorizações`;

/** Unificação de Matrícula: one registration merged into another, in one transaction (see `unificar`). */
export const registrationMerge = defineJobKind<Params>({
  tipo: unificacaoMatricula.tipo,
  comandos: [unificacaoMatricula.comando],
  params: paramsSchema(unificacaoMatricula) as never,
  title: () => 'Unificação de matrícula',

  async preview(ctx, session, p): Promise<Previa> {
    const f = await fichas(ctx, session, p);
    const manter = f.find((x) => x.id === p.manter)!;
    const dup = f.find((x) => x.id === p.unificar)!;
    const aviso = manter.nome.trim().toLowerCase() !== dup.nome.trim().toLowerCase() || manter.data_nascimento !== dup.data_nascimento ? ' Atenção: nome ou nascimento diferem — confira se é a mesma pessoa.' : '';
    return { total: 1, resumo: `A matrícula ${dup.matricula} será unificada na ${manter.matricula} e cancelada.${aviso}`, amostra: [`Mantida: ${linha(manter)}`, `Unificada: ${linha(dup)}`] };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const f = await fichas(ctx, session, p);
    await job.progress(10, 'Unificando');
    const movidos = await ctx.db.transaction((t) => unificar(t, { session, ip: '' }, p.manter, p.unificar));
    const manter = f.find((x) => x.id === p.manter)!;
    const dup = f.find((x) => x.id === p.unificar)!;
    await job.log(`Matrícula ${dup.matricula} unificada na ${manter.matricula} (${manter.nome}): ${resumoMovidos(movidos)}. A ${dup.matricula} foi cancelada por inclusão indevida (motivo 46 do SIB).`);
  },
});

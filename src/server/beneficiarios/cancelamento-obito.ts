import { sql } from 'drizzle-orm';
import { STATUS, STATUS_LABEL, type Status } from '../../shared/autorizacoes';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { cancelamentoBeneficiario, MOTIVO_OBITO } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import { MOTIVOS_CANCELAMENTO, RELACOES_DEPENDENCIA } from '../../shared/resources/pessoas';
import { labelOf } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { assertRecord } from '../policy';
import { recordTrail, recordTrailMany } from '../trail/record';

type Params = { beneficiario: number; dataObito: string; documento: string | null };

interface Falecido {
  id: number;
  nome: string;
  matricula: string;
  situacao: string;
  motivo_cancelamento: string | null;
  data_nascimento: string;
  data_adesao: string;
  relacao_dependencia: string;
}
interface Dependente {
  id: number;
  nome: string;
  matricula: string;
  relacao_dependencia: string;
}
interface Pendente {
  numero: string;
  status: Status;
  data_solicitacao: string;
  validade_senha: string | null;
  procedimento: string;
}

/** Still open on a death: under analysis or waiting, or authorized with a password valid after the death. */
const PENDENTES = [STATUS.EM_ANALISE, STATUS.AGUARDANDO_JUSTIFICATIVA, STATUS.AGUARDANDO_DOCUMENTACAO];
const AUTORIZADAS = [STATUS.AUTORIZADO, STATUS.AUTORIZADO_PARCIALMENTE];

async function conferido(ctx: AppContext, db: Db, session: RequestSession, p: Params, lock = false) {
  await assertRecord(ctx, session, 'beneficiario', { id: p.beneficiario });
  const [b] = await query<Falecido>(
    db,
    sql`select id, nome, matricula, situacao, motivo_cancelamento, data_nascimento::text, data_adesao::text, relacao_dependencia
        from beneficiarios where id = ${p.beneficiario}${lock ? sql` for update` : sql``}`,
  );
  if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiario');
  if (b.situacao === 'CANCELADO')
    throw badRequest(`O cadastro de ${b.nome} já está cancelado${b.motivo_cancelamento ? ` (${labelOf(MOTIVOS_CANCELAMENTO, b.motivo_cancelamento).toLowerCase()})` : ''}.`, 'beneficiario');
  if (p.dataObito < b.data_nascimento) throw badRequest(`A data do óbito não pode ser anterior ao nascimento (${isoToBr(b.data_nascimento)}).`, 'dataObito');
  if (p.dataObito < b.data_adesao) throw badRequest(`A data do óbito não pode ser anterior à adesão ao plano (${isoToBr(b.data_adesao)}).`, 'dataObito');
  const dependentes =
    b.relacao_dependencia === '1'
      ? await query<Dependente>(db, sql`select id, nome, matricula, relacao_dependencia from beneficiarios where titular = ${b.id} and situacao <> 'CANCELADO' order by id`)
      : [];
  const pendentes = await query<Pendente>(
    db,
    sql`select numero, status, data_solicitacao::text, validade_senha::text, procedimento from autorizacoes
        where beneficiario_id = ${b.id} and (status in (${sql.join(PENDENTES.map((s) => sql`${s}`), sql`, `)})
          or (status in (${sql.join(AUTORIZADAS.map((s) => sql`${s}`), sql`, `)}) and coalesce(validade_senha, data_solicitacao) >= ${p.dataObito}))
        order by data_solicitacao, numero`,
  );
  const acessos = await query<{ id: number; login: string }>(db, sql`select id, login from usuarios where beneficiario_id = ${b.id} and ativo order by id`);
  return { b, dependentes, pendentes, acessos };
}

const linhaDependente = (d: Dependente) => `Dependente ${d.nome} (${d.matricula}), ${labelOf(RELACOES_DEPENDENCIA, d.relacao_dependencia).toLowerCase()}: segue no plano e precisa de um novo titular`;
const linhaAutorizacao = (a: Pendente) =>
  `Autorização ${a.numero} de ${isoToBr(a.data_solicitacao)} (${STATUS_LABEL[a.status].toLowerCase()}${a.validade_senha ? `, senha válida até ${isoToBr(a.validade_senha)}` : ''}): ${a.procedimento || 'sem procedimento'}`;

/**
 * Cancelamento de Beneficiário por Óbito (pjf): the record cancelled on the date of death with SIB reason 44, its
 * active card cancelled and its portal account switched off, in the trail. The rule for a titular's dependents is the one operators follow (and the
 * autogestão statutes read): coverage of the family does not end with the titular, so the dependents stay active and
 * are listed for a new titular (the pensioner, or their own registration). Open authorizations are flagged, not
 * decided here: the audit decides each one.
 */
export const deathCancellation = defineJobKind<Params>({
  tipo: cancelamentoBeneficiario.tipo,
  comandos: [cancelamentoBeneficiario.comando],
  params: paramsSchema(cancelamentoBeneficiario) as never,
  title: () => 'Cancelamento de beneficiário por óbito',

  async preview(ctx, session, p): Promise<Previa> {
    const { b, dependentes, pendentes, acessos } = await conferido(ctx, ctx.db, session, p);
    const partes = [`O cadastro de ${b.nome} (${b.matricula}) será cancelado por óbito em ${isoToBr(p.dataObito)} (motivo ${MOTIVO_OBITO} do SIB), com o cartão ativo.`];
    if (acessos.length) partes.push(`O acesso ao portal (${acessos.map((a) => a.login).join(', ')}) será desativado.`);
    if (dependentes.length)
      partes.push(
        `${dependentes.length === 1 ? 'O dependente não é cancelado e precisa' : `Os ${dependentes.length} dependentes não são cancelados e precisam`} de um novo titular (Pensionista ou Desvincular Matrícula).`,
      );
    if (pendentes.length) partes.push(`${pendentes.length === 1 ? 'Há 1 autorização pendente ou válida' : `Há ${pendentes.length} autorizações pendentes ou válidas`} depois do óbito: confira com a auditoria.`);
    const amostra = [...dependentes.map(linhaDependente), ...pendentes.map(linhaAutorizacao)];
    return { total: amostra.length, resumo: partes.join(' '), amostra: amostra.slice(0, 10) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const actor = { session, ip: '' };
    const { b, dependentes, pendentes, acessos } = await ctx.db.transaction(async (t) => {
      const r = await conferido(ctx, t, session, p, true);
      await t.execute(sql`update beneficiarios set situacao = 'CANCELADO', motivo_cancelamento = ${MOTIVO_OBITO}, data_situacao = ${p.dataObito}, version = version + 1 where id = ${r.b.id}`);
      await recordTrail(t, actor, {
        entidade: 'beneficiario',
        registroId: r.b.id,
        acao: 'update',
        antes: { situacao: r.b.situacao, motivoCancelamento: null, dataSituacao: null },
        depois: { situacao: 'CANCELADO', motivoCancelamento: MOTIVO_OBITO, dataSituacao: p.dataObito, certidaoObito: p.documento },
      });
      const cards = await query<{ id: number }>(t, sql`update cartoes set situacao = 'CANCELADO' where beneficiario_id = ${r.b.id} and situacao = 'ATIVO' returning id`);
      await recordTrailMany(t, actor, cards.map((c) => ({ entidade: 'cartao', registroId: c.id, acao: 'update' as const, antes: { situacao: 'ATIVO' }, depois: { situacao: 'CANCELADO' } })));
      // nobody signs in as the deceased: the portal account is switched off (its sessions end with it)
      if (r.acessos.length) {
        await t.execute(sql`update usuarios set ativo = false where id in (${sql.join(r.acessos.map((a) => sql`${a.id}`), sql`, `)})`);
        await recordTrailMany(t, actor, r.acessos.map((a) => ({ entidade: 'usuario', registroId: a.id, acao: 'update' as const, antes: { ativo: true }, depois: { ativo: false, motivo: 'Óbito do beneficiário' } })));
      }
      return r;
    });
    await job.log(`Cadastro de ${b.nome} (${b.matricula}) cancelado por óbito em ${isoToBr(p.dataObito)} (motivo ${MOTIVO_OBITO} do SIB)${p.documento ? `; certidão ${p.documento}` : ''}.`);
    if (acessos.length) await job.log(`Acesso ao portal desativado: ${acessos.map((a) => a.login).join(', ')}.`);
    for (const d of dependentes) await job.log(`${linhaDependente(d)} (Pensionista ou Desvincular Matrícula).`, 'aviso');
    for (const a of pendentes) await job.log(`${linhaAutorizacao(a)} — confira com a auditoria.`, 'aviso');
  },
});

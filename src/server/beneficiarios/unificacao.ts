import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { MOTIVO_UNIFICADO } from '../../shared/processos/beneficiarios';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';

interface Cadastro {
  id: number;
  matricula: string;
  nome: string;
  situacao: string;
  relacao_dependencia: string;
  titular: number | null;
}

/** What moved from the merged registration to the kept one, by kind of record. */
export interface Movidos {
  autorizacoes: number;
  atendimentos: number;
  protocolos: number;
  cartoes: number;
  atualizacoesCadastrais: number;
  dependentes: number;
  usuarios: number;
}

const n = async (db: Db, q: ReturnType<typeof sql>) => (await query<{ id: number }>(db, sql`${q} returning 1 as id`)).length;

/**
 * Merges registration `unificarId` into `manterId`, in the caller's transaction: every record that points at the
 * merged one (authorizations, contacts, protocols, cards, data-update requests, dependents, the portal login) now
 * points at the kept one; the merged registration is cancelled as an undue inclusion (SIB 46) on today's date;
 * both changes go to the trail. The cards keep their history: the merged one's issues follow the kept one's,
 * replaced. Refused when the two are not the same kind of member of the same family (a titular into a dependent).
 */
export async function unificar(db: Db, actor: Actor, manterId: number, unificarId: number): Promise<Movidos> {
  if (manterId === unificarId) throw badRequest('Escolha duas matrículas diferentes.', 'unificar');
  const rows = await query<Cadastro>(
    db,
    sql`select id, matricula, nome, situacao, relacao_dependencia, titular from beneficiarios where id in (${manterId}, ${unificarId}) order by id for update`,
  );
  const manter = rows.find((r) => r.id === manterId);
  const dup = rows.find((r) => r.id === unificarId);
  if (!manter || !dup) throw badRequest('Matrícula não encontrada.', manter ? 'unificar' : 'manter');
  if (dup.situacao === 'CANCELADO') throw badRequest(`A matrícula ${dup.matricula} já está cancelada.`, 'unificar');
  const titularDe = (c: Cadastro) => (c.relacao_dependencia === '1' ? null : c.titular);
  if (dup.relacao_dependencia !== manter.relacao_dependencia || titularDe(dup) !== titularDe(manter))
    throw badRequest('As duas matrículas precisam ser do mesmo tipo (dois titulares, ou dependentes do mesmo titular).', 'unificar');

  const move = (tabela: string) => n(db, sql`update ${sql.raw(tabela)} set beneficiario_id = ${manterId} where beneficiario_id = ${unificarId}`);
  const movidos: Movidos = {
    autorizacoes: await move('autorizacoes'),
    atendimentos: await move('atendimentos'),
    protocolos: await move('protocolos_documentos'),
    atualizacoesCadastrais: await move('atualizacoes_cadastrais'),
    // the merged one's issues come after the kept one's, all replaced: the kept card stays the one in force
    cartoes: await n(
      db,
      sql`update cartoes set beneficiario_id = ${manterId}, situacao = 'SUBSTITUIDO',
            via = via + coalesce((select max(via) from cartoes where beneficiario_id = ${manterId}), 0)
          where beneficiario_id = ${unificarId}`,
    ),
    dependentes: await n(db, sql`update beneficiarios set titular = ${manterId}, version = version + 1 where titular = ${unificarId}`),
    usuarios: await n(db, sql`update usuarios set beneficiario_id = ${manterId} where beneficiario_id = ${unificarId}`),
  };
  const hoje = todayIso();
  await db.execute(
    sql`update beneficiarios set situacao = 'CANCELADO', motivo_cancelamento = ${MOTIVO_UNIFICADO}, data_situacao = ${hoje}, version = version + 1 where id = ${unificarId}`,
  );
  await recordTrail(db, actor, {
    entidade: 'beneficiario',
    registroId: unificarId,
    acao: 'update',
    antes: { situacao: dup.situacao, motivoCancelamento: null, dataSituacao: null },
    depois: { situacao: 'CANCELADO', motivoCancelamento: MOTIVO_UNIFICADO, dataSituacao: hoje, unificadaEm: manter.matricula },
  });
  await recordTrail(db, actor, { entidade: 'beneficiario', registroId: manterId, acao: 'update', antes: { recebeuDe: null }, depois: { recebeuDe: dup.matricula, ...movidos } });
  return movidos;
}

export const resumoMovidos = (m: Movidos) =>
  (
    [
      [m.autorizacoes, 'autorização', 'autorizações'],
      [m.atendimentos, 'atendimento', 'atendimentos'],
      [m.protocolos, 'protocolo', 'protocolos'],
      [m.cartoes, 'cartão', 'cartões'],
      [m.atualizacoesCadastrais, 'solicitação cadastral', 'solicitações cadastrais'],
      [m.dependentes, 'dependente', 'dependentes'],
      [m.usuarios, 'acesso ao portal', 'acessos ao portal'],
    ] as const
  )
    .filter(([q]) => q > 0)
    .map(([q, um, varios]) => `${q} ${q === 1 ? um : varios}`)
    .join(', ') || 'nenhum registro ligado';

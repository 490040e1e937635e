import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../shared/atendimentos';
import { CARENCIA_DIAS, FAMILIA_ACOES, FLUXO, type AdesaoDetalhe, type Decisao, type Status } from '../../shared/adesoes';
import { somarDias } from '../../shared/dias-uteis';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cartoes, solicitacaoAdesaoHistorico, solicitacoesAdesao } from '../db/schema';
import { query } from '../db/sql';
import { AppError, forbidden } from '../http/errors';
import { hasBeneficiarioRole, scopeOf } from '../policy';
import { recordTrail, type Actor } from '../trail/record';
import { applyTransition } from '../workflow/apply';
import type { SessionActor } from '../workflow/actor';
import { conferirFamilia, detalhe, MSG_NAO_ENCONTRADA, titularPorId } from './registro';

interface Travada {
  id: number;
  status: Status;
  version: number;
  titular_id: number;
  protocolo: string;
  nome: string;
  cpf: string;
  cns: string | null;
  data_nascimento: string;
  sexo: string;
  relacao_dependencia: string;
  nome_mae: string;
}
const travar = async (t: Db, id: number) =>
  (
    await query<Travada>(
      t,
      sql`select id, status, version, titular_id, protocolo, nome, cpf, cns, to_char(data_nascimento, 'YYYY-MM-DD') as data_nascimento, sexo, relacao_dependencia, nome_mae
        from solicitacoes_adesao where id = ${id} for update`,
    )
  )[0];

/** The card number of a matrícula: the operator's 4-digit prefix (the titular's card), the matrícula and a mod-97 check. */
export const carteirinhaDe = (prefixo: string, matricula: string) => `${prefixo}${matricula}${String(Number(BigInt(`${prefixo}${matricula}`) % 97n)).padStart(2, '0')}`;

/**
 * The dependent's matrícula: the family's 8-digit root (the titular's) and the next free 2-digit sequence, never one
 * in use nor one a beneficiary had before (an old number keeps finding its owner).
 */
export async function proximaMatricula(t: Db, titular: { matricula: string; nome: string }): Promise<string> {
  const raiz = titular.matricula.slice(0, 8);
  const usadas = new Set(
    (
      await query<{ m: string }>(
        t,
        sql`select matricula as m from beneficiarios where matricula like ${`${raiz}%`} union select matricula from matriculas_anteriores where matricula like ${`${raiz}%`}`,
      )
    ).map((r) => r.m),
  );
  const ultima = Math.max(0, ...[...usadas].map((m) => Number(m.slice(8))).filter((n) => Number.isInteger(n)));
  for (let seq = ultima + 1; seq <= 99; seq++) {
    const m = `${raiz}${String(seq).padStart(2, '0')}`;
    if (!usadas.has(m)) return m;
  }
  throw AppError.of(422, `A família de ${titular.nome} não tem mais matrículas livres (até 99 por família): fale com o cadastro.`);
}

/**
 * Approval's own part, in the step's transaction: the family's rules again with the titular locked (two approvals of
 * the same family wait for each other), the dependent created with the titular's plan, company and address, the SIB's
 * fields of the request and a new matrícula and card number, and the first card issued; both written to the trail.
 */
async function incluirDependente(t: Db, actor: Actor, r: Travada): Promise<{ dependenteId: number; cartaoId: number; matricula: string; carteirinha: string }> {
  const titular = await conferirFamilia(t, await titularPorId(t, r.titular_id, true), { cpf: r.cpf, relacaoDependencia: r.relacao_dependencia });
  const matricula = await proximaMatricula(t, titular);
  const carteirinha = carteirinhaDe(titular.carteirinha.slice(0, 4), matricula);
  const hoje = hojeSaoPaulo();
  const [dep] = await query<Record<string, unknown> & { id: number }>(
    t,
    sql`insert into beneficiarios (matricula, carteirinha, nome, cpf, cns, nome_mae, sexo, data_nascimento, relacao_dependencia, titular,
        cep, uf, cidade, logradouro, numero, complemento, bairro, telefone, celular, produto, empresa, data_adesao, fim_carencia, cpt, situacao, cadastro_atualizado_em)
      select ${matricula}, ${carteirinha}, ${r.nome}, ${r.cpf}, ${r.cns}, ${r.nome_mae}, ${r.sexo}, ${r.data_nascimento}::date, ${r.relacao_dependencia}, t.id,
        t.cep, t.uf, t.cidade, t.logradouro, t.numero, t.complemento, t.bairro, t.telefone, t.celular, t.produto, t.empresa, ${hoje}::date, ${somarDias(hoje, CARENCIA_DIAS)}::date, false, 'ATIVO', ${hoje}::date
      from beneficiarios t where t.id = ${titular.id}
      returning id, matricula, carteirinha, nome, cpf, cns, nome_mae, sexo, to_char(data_nascimento, 'YYYY-MM-DD') as data_nascimento, relacao_dependencia, titular, produto, empresa,
        to_char(data_adesao, 'YYYY-MM-DD') as data_adesao, to_char(fim_carencia, 'YYYY-MM-DD') as fim_carencia, situacao`,
  );
  const validade = `${Number(hoje.slice(0, 4)) + 1}-12-31`;
  const [cartao] = await t.insert(cartoes).values({ beneficiarioId: dep.id, carteirinha, via: 1, motivo: 'PRIMEIRA_VIA', emissao: hoje, validade }).returning();
  const { id, ...depois } = dep;
  await recordTrail(t, actor, { entidade: 'beneficiario', registroId: id, acao: 'insert', depois: { ...depois, solicitacaoAdesao: r.protocolo } });
  await recordTrail(t, actor, { entidade: 'cartao', registroId: cartao.id, acao: 'insert', depois: cartao });
  return { dependenteId: id, cartaoId: cartao.id, matricula, carteirinha };
}

/**
 * One step of a membership request through the shared workflow step: the staff approve (the dependent and the card
 * created in the same transaction) or refuse with the reason; the titular withdraws a request still waiting (the
 * policy's family scope on the locked row).
 */
export async function decidir(ctx: AppContext, actor: SessionActor, id: number, body: Decisao): Promise<AdesaoDetalhe> {
  const familia = FAMILIA_ACOES.includes(body.acao);
  if (familia && !hasBeneficiarioRole(actor.session)) throw forbidden('Só o titular desiste da própria solicitação; a operadora recusa com o motivo.');
  if (!familia && (await scopeOf(ctx, actor.session, 'solicitacaoadesao')).kind !== 'all') throw forbidden('Só a operadora aprova ou recusa uma solicitação de adesão.');
  await applyTransition(ctx, actor, id, body, {
    workflow: FLUXO,
    entity: 'solicitacaoadesao',
    table: solicitacoesAdesao,
    history: solicitacaoAdesaoHistorico,
    historyKey: 'solicitacaoId',
    notFound: MSG_NAO_ENCONTRADA,
    owner: familia ? (r: Travada) => ({ titular_id: r.titular_id }) : undefined,
    lock: travar,
    change: async (t, r, { note, to }) => {
      const antes = { status: r.status, version: r.version };
      if (body.acao === 'aprovar') {
        const inc = await incluirDependente(t, actor, r);
        return {
          set: { dependenteId: inc.dependenteId, cartaoId: inc.cartaoId },
          history: {},
          before: antes,
          after: { status: to, version: r.version + 1, acao: body.acao, dependenteId: inc.dependenteId, matricula: inc.matricula, carteirinha: inc.carteirinha, nota: note },
        };
      }
      const set = body.acao === 'recusar' ? { motivo: note } : {};
      return { set, history: {}, before: antes, after: { status: to, version: r.version + 1, acao: body.acao, ...set, nota: note } };
    },
  });
  return (await detalhe(ctx, actor.session, id))!;
}

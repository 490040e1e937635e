import { sql } from 'drizzle-orm';
import { analisarReembolso, type PlanoReembolso, type RedeEncontrada } from '../../shared/reembolsos/calculo';
import { FAMILIA_ACOES, FLUXO, MOTIVO_LIBERADO, REEMBOLSO_MSG, type PassoInput, type ReembolsoDetalhe, type Status, type Tela } from '../../shared/reembolsos';
import { toCentavos } from '../../shared/money';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { reembolsoHistorico, reembolsos } from '../db/schema';
import { query } from '../db/sql';
import { AppError, forbidden } from '../http/errors';
import { hasBeneficiarioRole, scopeOf } from '../policy';
import { carregarTabelas, procedimentoPorId } from '../precos/tabelas';
import { applyTransition } from '../workflow/apply';
import type { SessionActor } from '../workflow/actor';
import { detalhe, MSG_NAO_ENCONTRADO } from './registro';

interface Travado {
  id: number;
  status: Status;
  version: number;
  beneficiario_id: number;
  protocolo: string;
  procedimento_id: number;
  quantidade: number;
  data_atendimento: string;
  valor_pago: string;
  valor_liberado: string | null;
  glosa_codigo: string | null;
  profissional_documento: string;
  profissional_conselho: string;
  profissional_numero: string;
  profissional_uf: string;
  solicitado_por_id: number | null;
}
const travar = async (t: Db, id: number) =>
  (
    await query<Travado>(
      t,
      sql`select id, status, version, beneficiario_id, protocolo, procedimento_id, quantidade, to_char(data_atendimento, 'YYYY-MM-DD') as data_atendimento,
          valor_pago_centavos::text as valor_pago, valor_liberado_centavos::text as valor_liberado, glosa_codigo,
          profissional_documento, profissional_conselho, profissional_numero, profissional_uf, solicitado_por_id
        from reembolsos where id = ${id} for update`,
    )
  )[0];

/** The beneficiary's plan on the day of the care: the one a later plan change replaced, else the current one. */
async function planoNaData(t: Db, beneficiarioId: number, data: string): Promise<PlanoReembolso> {
  const [p] = await query<{ id: number; nome: string; livre_escolha: boolean; tabela_reembolso: number | null; multiplo: string | null }>(
    t,
    sql`select pr.id, pr.nome, pr.livre_escolha, pr.tabela_reembolso, pr.multiplo_reembolso::text as multiplo
        from beneficiarios b join produtos pr on pr.id = coalesce(
          (select m.produto_anterior from mudancas_plano m where m.beneficiario_id = b.id and m.vigencia > ${data} order by m.vigencia, m.id limit 1), b.produto)
        where b.id = ${beneficiarioId}`,
  );
  if (!p) throw AppError.of(422, 'O beneficiário não tem plano: o reembolso não pode ser analisado.');
  return { id: p.id, nome: p.nome, livreEscolha: p.livre_escolha, tabelaReembolso: p.tabela_reembolso, multiploReembolso: p.multiplo };
}

/**
 * Whether the receipt's issuer is of the network on the day of the care: a provider with that CPF or CNPJ in force,
 * or a professional with that CPF or council registration who is linked to a provider.
 */
async function redeDe(t: Db, r: Travado): Promise<RedeEncontrada | null> {
  const [p] = await query<{ id: number; nome: string }>(
    t,
    sql`select id, nome from prestadores where (cpf = ${r.profissional_documento} or cnpj = ${r.profissional_documento})
        and inicio_vigencia <= ${r.data_atendimento} and (fim_vigencia is null or fim_vigencia >= ${r.data_atendimento}) order by id limit 1`,
  );
  if (p) return { prestadorId: p.id, nome: p.nome, como: r.profissional_documento.length === 14 ? 'O CNPJ do recibo' : 'O CPF do recibo' };
  const [pf] = await query<{ prestador: number; nome: string; cpf: string }>(
    t,
    sql`select pf.prestador, pr.nome, pf.cpf from profissionais pf join prestadores pr on pr.id = pf.prestador
        where pf.ativo and pf.prestador is not null
          and (pf.cpf = ${r.profissional_documento} or (pf.conselho = ${r.profissional_conselho} and pf.numero_conselho = ${r.profissional_numero} and pf.uf_conselho = ${r.profissional_uf}))
        order by pf.id limit 1`,
  );
  if (pf) return { prestadorId: pf.prestador, nome: pf.nome, como: pf.cpf === r.profissional_documento ? 'O CPF do profissional' : `O registro ${r.profissional_conselho} ${r.profissional_numero}/${r.profissional_uf}` };
  return null;
}

/**
 * The analysis' own part, in the step's transaction: the plan on the day, the network check and the price by the
 * plan's reimbursement table (shared/reembolsos/calculo.ts), with the reasons' descriptions from table 38.
 */
async function analisar(t: Db, r: Travado) {
  const plano = await planoNaData(t, r.beneficiario_id, r.data_atendimento);
  const rede = await redeDe(t, r);
  const procedimento = await procedimentoPorId(t, r.procedimento_id);
  if (!procedimento) throw AppError.of(422, 'Procedimento do pedido não encontrado.');
  const glosas = new Map(
    (await query<{ codigo: string; descricao: string }>(t, sql`select codigo, descricao from motivos where codigo in ('3122', '3135')`)).map((m) => [m.codigo, m.descricao] as const),
  );
  const a = analisarReembolso(await carregarTabelas(t), {
    plano,
    rede,
    procedimento,
    data: r.data_atendimento,
    quantidade: r.quantidade,
    valorPago: toCentavos(r.valor_pago)!,
    glosas,
  });
  if (!a.ok) throw AppError.of(422, a.motivo);
  const motivo = a.glosa ? `${a.glosa} – ${glosas.get(a.glosa) ?? ''}` : MOTIVO_LIBERADO;
  return {
    set: { produtoId: plano.id, valorTabela: a.valorTabela, valorLiberado: a.valorLiberado, glosaCodigo: a.glosa, motivo, calculo: a.calculo, redePrestadorId: rede?.prestadorId ?? null },
    plano,
  };
}

/**
 * One step of a request through the shared workflow step, on the screen that takes it: the family withdraws its own
 * (the request's screen), the receiving desk protocols or denies, the billing staff analyse, release or deny. Whoever
 * registered the request takes none of the staff's steps (segregation of duties); releasing needs an analysis that
 * priced it without a glosa.
 */
export async function passo(ctx: AppContext, actor: SessionActor, tela: Tela, id: number, body: PassoInput): Promise<ReembolsoDetalhe> {
  const familia = FAMILIA_ACOES.includes(body.acao);
  if (familia && !hasBeneficiarioRole(actor.session)) throw forbidden(REEMBOLSO_MSG.soFamilia);
  if (!familia && (await scopeOf(ctx, actor.session, 'reembolso')).kind !== 'all') throw forbidden(REEMBOLSO_MSG.equipe);
  await applyTransition(ctx, actor, id, body, {
    workflow: FLUXO,
    entity: 'reembolso',
    table: reembolsos,
    history: reembolsoHistorico,
    historyKey: 'reembolsoId',
    notFound: MSG_NAO_ENCONTRADO,
    owner: familia ? (r: Travado) => ({ beneficiario_id: r.beneficiario_id }) : undefined,
    lock: travar,
    change: async (t, r, { note, to }) => {
      if (!familia && r.solicitado_por_id != null && r.solicitado_por_id === actor.session.user.id) throw forbidden(REEMBOLSO_MSG.segregacao);
      const antes = { status: r.status, version: r.version, valorLiberado: r.valor_liberado == null ? null : Number(r.valor_liberado), glosaCodigo: r.glosa_codigo };
      const depois = { status: to, version: r.version + 1, acao: body.acao, nota: note };
      switch (body.acao) {
        case 'analisar': {
          const { set, plano } = await analisar(t, r);
          return { set, history: {}, before: antes, after: { ...depois, ...set, plano: plano.nome } };
        }
        case 'liberar': {
          if (r.glosa_codigo) {
            const [m] = await query<{ descricao: string }>(t, sql`select descricao from motivos where codigo = ${r.glosa_codigo}`);
            throw AppError.of(422, REEMBOLSO_MSG.glosado(r.glosa_codigo, m?.descricao ?? ''));
          }
          if (!r.valor_liberado || Number(r.valor_liberado) <= 0) throw AppError.of(422, REEMBOLSO_MSG.semValor);
          return { set: { motivo: MOTIVO_LIBERADO }, history: {}, before: antes, after: { ...depois, valorLiberado: Number(r.valor_liberado), motivo: MOTIVO_LIBERADO } };
        }
        case 'negar':
          // nothing is paid: the reason the beneficiary reads is the one written (the glosa, if any, stays beside it)
          return { set: { motivo: note, valorLiberado: 0 }, history: {}, before: antes, after: { ...depois, motivo: note, valorLiberado: 0 } };
        default:
          return { set: {}, history: {}, before: antes, after: depois };
      }
    },
  });
  return (await detalhe(ctx, actor.session, id, tela))!;
}

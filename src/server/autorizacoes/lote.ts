import { sql, type SQL } from 'drizzle-orm';
import { MOTIVOS_NEGATIVA, STATUS_LABEL, TIPOS, type Acao, type Status, type Tipo } from '../../shared/autorizacoes';
import { isoToBr as br } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { loteAutorizacao, MAX_LOTE_AUTORIZACOES } from '../../shared/processos/autorizacoes';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { scopeOf, scopeWhere, type Scope } from '../policy';
import { csvLine } from '../resources/export';
import { decidir, DECISOES_AUDITORIA } from './decisao';

/**
 * Lote de Autorizações: one decision (authorize, or deny with a table-38 code) over the pending requests a filter
 * selects. Each request goes through `decidir`, the audit desk's own service, in its own short transaction: the same
 * transitions, codes, senha, segregation and messages, history and trail. A request that cannot take the decision
 * (changed meanwhile, registered by the one running the batch) is left as it is and said so in the CSV.
 */

type Params = {
  decisao: 'AUTORIZAR' | 'NEGAR';
  motivoNegativa: string | null;
  justificativa: string;
  inicio: string;
  fim: string;
  status: string;
  tipo: Tipo | null;
  prestador: number | null;
};

/** Requests read per page of the run (each decided in its own transaction). */
const PAGINA = 200;

function selecao(p: Params, scope: Scope): SQL {
  const f: SQL[] = [sql`a.status = ${Number(p.status)}`, sql`a.data_solicitacao between ${p.inicio} and ${p.fim}`, scopeWhere(scope, 'autorizacao', 'a')];
  if (p.tipo) f.push(sql`a.tipo = ${p.tipo}`);
  if (p.prestador != null) f.push(sql`a.prestador_id = ${p.prestador}`);
  return sql.join(f, sql` and `);
}

const acaoDe = (p: Params): Acao => (p.decisao === 'NEGAR' ? 'negar' : 'autorizar');
const verbo = (p: Params, n: number) => (p.decisao === 'NEGAR' ? (n === 1 ? 'será negada' : 'serão negadas') : n === 1 ? 'será autorizada' : 'serão autorizadas');
const motivoTexto = (c: string | null) => (c ? `${c} – ${MOTIVOS_NEGATIVA.find(([k]) => k === c)?.[1] ?? ''}` : '');

async function escopo(ctx: AppContext, session: RequestSession) {
  return scopeOf(ctx, session, 'autorizacao');
}

interface Linha {
  id: number;
  numero: string;
  tipo: Tipo;
  version: number;
  beneficiario: string;
  prestador: string;
  dia: string;
  valor_centavos: number;
  criada_por_id: number | null;
}

export const authorizationBatch = defineJobKind<Params>({
  tipo: loteAutorizacao.tipo,
  comandos: [loteAutorizacao.comando],
  params: paramsSchema(loteAutorizacao) as never,
  title: (_ctx, _c, p) => `${p.decisao === 'NEGAR' ? 'Negativa' : 'Autorização'} em lote das solicitações de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p): Promise<Previa> {
    const where = selecao(p, await escopo(ctx, session));
    const [{ n, proprias }] = await query<{ n: number; proprias: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(*) filter (where a.criada_por_id = ${session.user.id})::int as proprias from autorizacoes a where ${where}`,
    );
    const amostra = await query<Linha>(
      ctx.db,
      sql`select a.numero, a.tipo, b.nome as beneficiario, pr.nome as prestador, to_char(a.data_solicitacao, 'DD/MM/YYYY') as dia, a.valor_centavos
          from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id join prestadores pr on pr.id = a.prestador_id
          where ${where} order by a.data_solicitacao, a.id limit 8`,
    );
    const status = STATUS_LABEL[Number(p.status) as Status];
    const fora = proprias ? ` ${proprias} ${proprias === 1 ? 'foi registrada' : 'foram registradas'} por você e ${proprias === 1 ? 'fica' : 'ficam'} de fora (quem registrou não decide).` : '';
    const resumo =
      n === 0
        ? `Nenhuma solicitação com status "${status}" nesta seleção: nada será decidido.`
        : n > MAX_LOTE_AUTORIZACOES
          ? `${n.toLocaleString('pt-BR')} solicitações: acima do limite de ${MAX_LOTE_AUTORIZACOES.toLocaleString('pt-BR')} por execução. Escolha um prestador, um tipo de guia ou um período menor.`
          : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'solicitação' : 'solicitações'} com status "${status}" ${verbo(p, n)}${p.decisao === 'NEGAR' ? ` pelo motivo ${motivoTexto(p.motivoNegativa)}` : ''}.${fora}`;
    return { total: n, resumo, amostra: amostra.map((r) => `${r.numero} · ${TIPOS[r.tipo].label} · ${r.beneficiario} · ${r.prestador} · ${r.dia} · ${formatMoney(r.valor_centavos)}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    const where = selecao(p, await escopo(ctx, session));
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from autorizacoes a where ${where}`);
    if (n > MAX_LOTE_AUTORIZACOES)
      throw AppError.of(400, `Mais de ${MAX_LOTE_AUTORIZACOES.toLocaleString('pt-BR')} solicitações nesta seleção: escolha um prestador, um tipo de guia ou um período menor.`);
    await job.log(`${n.toLocaleString('pt-BR')} ${n === 1 ? 'solicitação selecionada' : 'solicitações selecionadas'} de ${br(p.inicio)} a ${br(p.fim)} para ${p.decisao === 'NEGAR' ? 'negar' : 'autorizar'}.`);
    const acao = acaoDe(p);
    const actor = { session, ip: '' };
    const scope = await escopo(ctx, session);
    const csv: string[] = [`\uFEFF${csvLine(['Guia', 'Tipo', 'Beneficiário', 'Prestador', 'Solicitada em', 'Valor', 'Resultado', 'Senha', 'Observação'])}\r\n`];
    let depois = 0;
    let vistos = 0;
    let decididas = 0;
    let recusadas = 0;
    for (;;) {
      await job.checkpoint();
      const pagina = await query<Linha>(
        ctx.db,
        sql`select a.id, a.numero, a.tipo, a.version, b.nome as beneficiario, pr.nome as prestador, to_char(a.data_solicitacao, 'DD/MM/YYYY') as dia, a.valor_centavos, a.criada_por_id
            from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id join prestadores pr on pr.id = a.prestador_id
            where ${where} and a.id > ${depois} order by a.id limit ${PAGINA}`,
      );
      if (!pagina.length) break;
      depois = pagina.at(-1)!.id;
      const itens = await query<{ id: number; autorizacao_id: number }>(
        ctx.db,
        sql`select id, autorizacao_id from autorizacao_itens where autorizacao_id in ${sql`(${sql.join(pagina.map((r) => sql`${r.id}`), sql`, `)})`} order by seq`,
      );
      for (const r of pagina) {
        const base = [r.numero, TIPOS[r.tipo].label, r.beneficiario, r.prestador, r.dia, formatMoney(r.valor_centavos)];
        try {
          const d = await decidir(
            ctx,
            actor,
            r.id,
            {
              acao,
              version: r.version,
              motivo: p.justificativa,
              responsavel: null,
              itens: acao === 'negar' ? itens.filter((i) => i.autorizacao_id === r.id).map((i) => ({ id: i.id, motivoNegativa: p.motivoNegativa })) : [],
              anexos: [],
            },
            DECISOES_AUDITORIA,
            scope,
          );
          decididas++;
          csv.push(`${csvLine([...base, STATUS_LABEL[d.status], d.senha ?? '', acao === 'negar' ? motivoTexto(p.motivoNegativa) : ''])}\r\n`);
        } catch (err) {
          // the request's own refusal (changed meanwhile, segregation): it stays as it is and the CSV says why
          if (!(err instanceof AppError)) throw err;
          recusadas++;
          csv.push(`${csvLine([...base, 'Não decidida', '', err.alerts.map((a) => a.value).join(' ')])}\r\n`);
        }
      }
      vistos += pagina.length;
      await job.progress(n ? (vistos / n) * 95 : 95, `${vistos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} solicitações`);
    }
    await job.saveFile(`lote-autorizacoes-${job.id}.csv`, 'csv', Buffer.from(csv.join(''), 'utf8'));
    await job.log(
      `${decididas.toLocaleString('pt-BR')} ${decididas === 1 ? 'solicitação' : 'solicitações'} ${p.decisao === 'NEGAR' ? (decididas === 1 ? 'negada' : 'negadas') : decididas === 1 ? 'autorizada' : 'autorizadas'}; ${recusadas.toLocaleString('pt-BR')} não ${recusadas === 1 ? 'decidida' : 'decididas'}.`,
      recusadas ? 'aviso' : 'info',
    );
  },
});

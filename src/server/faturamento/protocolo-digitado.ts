import { sql } from 'drizzle-orm';
import { DIGITACAO_MSG, type FaturasAbertas, type GerarProtocolo, type ProtocoloGerado, type TipoGuiaDigitada } from '../../shared/faturamento/digitacao';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { criaUmaVez } from '../http/idempotencia';
import { inScope, scopeOf } from '../policy';
import { recordTrailMany, type Actor } from '../trail/record';
import { COLUNAS_FATURA, JUNCOES_FATURA, linhaFatura } from './digitacao';
import { gravarProtocolo } from './recebimento';

/**
 * Encerrar Fatura / Gerar Protocolo (flow 1): the provider's open typed bills are closed into one protocol, stored by
 * the lot import's own writer (`gravarProtocolo`): the same protocol numbering, guides and items, automatic glosa
 * proposals, trail and review as a lot file's. Each bill moves to PROTOCOLADA with the protocol and its stored guide.
 */

type Ator = Actor & { session: RequestSession };

async function escopo(ctx: AppContext, s: RequestSession) {
  const scope = await scopeOf(ctx, s, 'faturadigitada');
  if (scope.kind === 'none' || scope.kind === 'family') throw AppError.of(403, scope.kind === 'none' ? scope.reason : DIGITACAO_MSG.semPrestador);
  return scope;
}

/**
 * The open bills to close: a provider's user gets its own; the staff, the providers that have open bills and, once
 * one is chosen, its bills.
 */
export async function faturasAbertas(ctx: AppContext, s: RequestSession, prestadorId?: number): Promise<FaturasAbertas> {
  const scope = await escopo(ctx, s);
  const alvo = scope.kind === 'provider' ? scope.prestadorId : prestadorId;
  const prestadores =
    scope.kind === 'all'
      ? (
          await query<{ id: number; nome: string; codigo: string | null; abertas: number; valor: string }>(
            ctx.db,
            sql`select p.id, p.nome, p.codigo, count(*)::int as abertas, sum(f.valor_informado_centavos)::text as valor
                from faturas_digitadas f join prestadores p on p.id = f.prestador_id where f.status = 'ABERTA' group by p.id, p.nome, p.codigo order by p.nome limit 200`,
          )
        ).map((r) => ({ id: r.id, nome: r.nome, codigo: r.codigo, abertas: r.abertas, valor: Number(r.valor) }))
      : [];
  if (alvo == null) return { prestador: null, faturas: [], prestadores };
  const [p] = await query<{ id: number; nome: string; codigo: string | null }>(ctx.db, sql`select id, nome, codigo from prestadores where id = ${alvo}`);
  if (!p) throw AppError.of(404, 'Prestador não encontrado.');
  const rows = await query<Parameters<typeof linhaFatura>[0]>(
    ctx.db,
    sql`select ${COLUNAS_FATURA} from faturas_digitadas f ${JUNCOES_FATURA} where f.prestador_id = ${alvo} and f.status = 'ABERTA' order by f.tipo_guia, f.data_atendimento, f.id limit 500`,
  );
  return { prestador: p, faturas: rows.map(linhaFatura), prestadores };
}

/**
 * Closes the chosen open bills into a protocol, once per Idempotency-Key, in one transaction: the bills are locked
 * (a bill closed by two requests at once goes into one protocol only), each must be open and the session's, all of
 * one provider and one guide type, at most 100.
 */
export async function gerarProtocoloDigitado(ctx: AppContext, actor: Ator, g: GerarProtocolo, chave?: string): Promise<ProtocoloGerado & { repetida: boolean }> {
  const scope = await escopo(ctx, actor.session);
  const { id, repetida } = await criaUmaVez(ctx.db, actor.session.user.id, 'protocolodigitado', chave, async (tx) => {
    const faturas = await query<{
      id: number;
      prestador_id: number;
      tipo_guia: TipoGuiaDigitada;
      status: string;
      numero_guia_prestador: string;
      numero_guia_operadora: string | null;
      senha: string | null;
      data_autorizacao: string | null;
      numero_carteira: string;
      beneficiario_id: number;
      data_atendimento: string;
      valor: string;
    }>(
      tx,
      sql`select id, prestador_id, tipo_guia, status, numero_guia_prestador, numero_guia_operadora, senha, data_autorizacao::text as data_autorizacao, numero_carteira,
            beneficiario_id, data_atendimento::text as data_atendimento, valor_informado_centavos::text as valor
          from faturas_digitadas where id in (${sql.join(g.faturas.map((i) => sql`${i}`), sql`, `)}) order by id for update`,
    );
    const porId = new Map(faturas.map((f) => [f.id, f]));
    // another provider's bill (or none) is not the session's to close: refused as such, saying nothing of it
    const alheias = g.faturas.filter((i) => !porId.has(i) || !inScope(scope, 'faturadigitada', { prestador_id: porId.get(i)!.prestador_id }));
    if (alheias.length) throw new AppError(403, alheias.slice(0, 20).map((i) => ({ type: 'error' as const, value: DIGITACAO_MSG.faturaAlheia(i), field: 'faturas' })));
    const fechadas = g.faturas.filter((i) => porId.get(i)!.status !== 'ABERTA');
    if (fechadas.length) throw new AppError(422, fechadas.slice(0, 20).map((i) => ({ type: 'error' as const, value: DIGITACAO_MSG.faturaIndisponivel(i), field: 'faturas' })));
    if (new Set(faturas.map((f) => f.prestador_id)).size > 1) throw AppError.of(422, DIGITACAO_MSG.prestadoresDiferentes, { field: 'faturas' });
    if (new Set(faturas.map((f) => f.tipo_guia)).size > 1) throw AppError.of(422, DIGITACAO_MSG.tiposDiferentes, { field: 'faturas' });
    // the bills in the order they were chosen: the protocol's guides keep it
    const ordem = g.faturas.map((i) => porId.get(i)!);
    const itens = await query<{ fatura_id: number; sequencial: number; data: string; codigo_tabela: string; codigo_procedimento: string; procedimento_id: number; descricao: string | null; quantidade: number; unitario: string; total: string }>(
      tx,
      sql`select fatura_id, sequencial, data::text as data, codigo_tabela, codigo_procedimento, procedimento_id, descricao, quantidade,
            valor_unitario_centavos::text as unitario, valor_total_centavos::text as total
          from faturas_digitadas_itens where fatura_id in (${sql.join(g.faturas.map((i) => sql`${i}`), sql`, `)}) order by fatura_id, sequencial`,
    );
    const p = await gravarProtocolo(tx, actor, {
      prestadorId: ordem[0].prestador_id,
      numeroLote: null,
      padrao: '4.03.00',
      tipoGuia: ordem[0].tipo_guia,
      origem: 'PORTAL',
      hash: null,
      hashCharset: null,
      arquivoId: null,
      execucaoId: null,
      guias: ordem.map((f) => ({
        numeroGuiaPrestador: f.numero_guia_prestador,
        numeroGuiaOperadora: f.numero_guia_operadora,
        senha: f.senha,
        dataAutorizacao: f.data_autorizacao,
        numeroCarteira: f.numero_carteira,
        beneficiarioId: f.beneficiario_id,
        dataAtendimento: f.data_atendimento,
        valorInformado: Number(f.valor),
        itens: itens
          .filter((i) => i.fatura_id === f.id)
          .map((i) => ({
            sequencial: i.sequencial,
            data: i.data,
            codigoTabela: i.codigo_tabela,
            codigoProcedimento: i.codigo_procedimento,
            procedimentoId: i.procedimento_id,
            descricao: i.descricao,
            quantidade: i.quantidade,
            valorUnitario: Number(i.unitario),
            valorInformado: Number(i.total),
          })),
      })),
    });
    for (const [i, f] of ordem.entries()) {
      await tx.execute(sql`update faturas_digitadas set status = 'PROTOCOLADA', protocolo_id = ${p.id}, guia_faturada_id = ${p.guiaIds[i]}, atualizado_em = now(), version = version + 1 where id = ${f.id}`);
    }
    await recordTrailMany(
      tx,
      actor,
      ordem.map((f) => ({ entidade: 'faturadigitada', registroId: f.id, acao: 'update' as const, antes: { status: 'ABERTA' }, depois: { status: 'PROTOCOLADA', protocolo: p.numero } })),
    );
    return p.id;
  });
  const [r] = await query<{ id: number; numero: string; recebido_em: string; tipo_guia: TipoGuiaDigitada; qtd_guias: number; valor: string; itens: number }>(
    ctx.db,
    sql`select p.id, p.numero, p.recebido_em, p.tipo_guia, p.qtd_guias, p.valor_informado_centavos::text as valor,
          (select count(*)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as itens
        from protocolos_recebimento p where p.id = ${id}`,
  );
  return { id: r.id, numero: r.numero, recebidoEm: new Date(r.recebido_em).toISOString(), tipoGuia: r.tipo_guia, guias: r.qtd_guias, itens: r.itens, valorInformado: Number(r.valor), repetida };
}

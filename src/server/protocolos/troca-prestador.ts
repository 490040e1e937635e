import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { alteracaoPrestadorProtocolo, LOTE_PROTOCOLOS } from '../../shared/processos/protocolos';
import { paramsSchema } from '../../shared/processos/schema';
import { FLUXO, type Status } from '../../shared/protocolos';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { csvLine } from '../resources/export';
import { recordTrailMany } from '../trail/record';
import { userName } from '../workflow/actor';
import { exigeEscopoTotal, prestadorRemetente } from './alteracao';

/**
 * Processar Alteração de Prestador no Protocolo (behind the client's switch processo.alteracaoprestadorprotocolo):
 * a provider's document protocols of a period move to another provider — the same clinic under a new CNPJ, a
 * practice taken over by a company. Keyset chunks of LOTE_PROTOCOLOS, one short transaction each (rows, history,
 * trail), so a desk registering meanwhile is never held for long.
 */

type Params = { origem: number; destino: number; inicio: string; fim: string; status: Status | null; motivo: string };

const selecao = (p: Params): SQL =>
  sql`p.prestador_id = ${p.origem} and p.remetente_tipo = 'PRESTADOR' and p.recebido_em between ${p.inicio} and ${p.fim}${p.status ? sql` and p.status = ${p.status}` : sql``}`;

async function prestadores(ctx: AppContext, p: Params) {
  return { origem: await prestadorRemetente(ctx.db, p.origem, 'origem'), destino: await prestadorRemetente(ctx.db, p.destino, 'destino') };
}

const docLegivel = (d: string | null) => d ?? 'sem documento';

export const providerChangeOnProtocols = defineJobKind<Params>({
  tipo: alteracaoPrestadorProtocolo.tipo,
  comandos: [alteracaoPrestadorProtocolo.comando],
  params: paramsSchema(alteracaoPrestadorProtocolo) as never,
  title: (_ctx, _c, p) => `Troca de prestador nos protocolos recebidos de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p): Promise<Previa> {
    await exigeEscopoTotal(ctx, session);
    const { origem, destino } = await prestadores(ctx, p);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from protocolos_documentos p where ${selecao(p)}`);
    const amostra = await query<{ numero: string; recebido: string; status: Status; assunto: string }>(
      ctx.db,
      sql`select p.numero, to_char(p.recebido_em, 'DD/MM/YYYY') as recebido, p.status, p.assunto from protocolos_documentos p where ${selecao(p)} order by p.recebido_em, p.id limit 8`,
    );
    const resumo =
      n === 0
        ? `Nenhum protocolo de ${origem.nome} nesta seleção: nada será alterado.`
        : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'protocolo' : 'protocolos'} de ${origem.nome} (${docLegivel(origem.documento)}) ${n === 1 ? 'passa' : 'passam'} para ${destino.nome} (${docLegivel(destino.documento)}).`;
    return { total: n, resumo, amostra: amostra.map((r) => `${r.numero} · ${r.recebido} · ${FLUXO.labels[r.status]} · ${r.assunto}`) };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await exigeEscopoTotal(ctx, session);
    const { origem, destino } = await prestadores(ctx, p);
    const nome = await userName(ctx.db, session);
    const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from protocolos_documentos p where ${selecao(p)}`);
    await job.log(`${n.toLocaleString('pt-BR')} ${n === 1 ? 'protocolo' : 'protocolos'} de ${origem.nome} (${origem.codigo}) recebidos de ${br(p.inicio)} a ${br(p.fim)} passam para ${destino.nome} (${destino.codigo}).`);
    const nota = `${p.motivo} — Prestador: ${origem.nome} (${origem.codigo}) → ${destino.nome} (${destino.codigo})`.slice(0, 1000);
    const csv: string[] = [`\uFEFF${csvLine(['Protocolo', 'Recebido em', 'Status', 'Assunto', 'Prestador anterior', 'Documento anterior', 'Novo prestador', 'Novo documento'])}\r\n`];
    let depois = 0;
    let feitos = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // the chunk is locked and re-read inside its transaction: a protocol changed meanwhile is taken as it is now
        const rows = await query<{ id: number; numero: string; status: Status; assunto: string; recebido: string; remetente_nome: string; remetente_documento: string | null; version: number }>(
          t,
          sql`select p.id, p.numero, p.status, p.assunto, to_char(p.recebido_em, 'DD/MM/YYYY') as recebido, p.remetente_nome, p.remetente_documento, p.version
              from protocolos_documentos p where ${selecao(p)} and p.id > ${depois} order by p.id limit ${LOTE_PROTOCOLOS} for update`,
        );
        if (!rows.length) return rows;
        const ids = rows.map((r) => r.id);
        await t.execute(
          sql`update protocolos_documentos set prestador_id = ${destino.id}, remetente_nome = ${destino.nome}, remetente_documento = ${destino.documento},
                version = version + 1, atualizado_em = now() where id in ${sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`}`,
        );
        await t.execute(
          sql`insert into protocolo_historico (protocolo_id, usuario_id, usuario_nome, acao, de, para, nota)
              select id, ${session.user.id}, ${nome}, 'alterar', status, status, ${nota} from protocolos_documentos where id in ${sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`}`,
        );
        await recordTrailMany(
          t,
          { session, ip: '' },
          rows.map((r) => ({
            entidade: 'protocolodocumento',
            registroId: r.id,
            acao: 'update' as const,
            antes: { prestadorId: origem.id, remetenteNome: r.remetente_nome, remetenteDocumento: r.remetente_documento, version: r.version },
            depois: { prestadorId: destino.id, remetenteNome: destino.nome, remetenteDocumento: destino.documento, version: r.version + 1, motivoAlteracao: p.motivo, execucaoId: job.id },
          })),
        );
        return rows;
      });
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      feitos += lote.length;
      for (const r of lote) csv.push(`${csvLine([r.numero, r.recebido, FLUXO.labels[r.status], r.assunto, r.remetente_nome, r.remetente_documento ?? '', destino.nome, destino.documento ?? ''])}\r\n`);
      await job.progress(n ? (feitos / n) * 95 : 95, `${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} protocolos`);
    }
    await job.saveFile(`troca-prestador-protocolos-${job.id}.csv`, 'csv', Buffer.from(csv.join(''), 'utf8'));
    await job.log(`${feitos.toLocaleString('pt-BR')} ${feitos === 1 ? 'protocolo alterado' : 'protocolos alterados'}, com o histórico e a trilha de cada um.`);
  },
});

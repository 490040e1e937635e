import { sql } from 'drizzle-orm';
import { getClientSettings, type ClientCode } from '../../../shared/clients';
import { todayIso } from '../../../shared/dates';
import { sessionForUser } from '../../auth/session';
import type { ServerConfig } from '../../config';
import type { AppContext } from '../../context';
import { composicaoVerba } from '../../verbas/composicao';
import { passoVerba } from '../../verbas/passo';
import { registrarVerba } from '../../verbas/registro';
import type { Db } from '../client';
import { query } from '../sql';

/**
 * The demo's solicitações de verba, through the services themselves, from the payables and reimbursements already
 * seeded: for the last four competências with payables, each sponsor company with something to pay is asked on the
 * 5th of the next month (due on the 20th). The older months are mostly received (a few short of the amount), the
 * previous one sent, the latest still open; one request was cancelled (wrong competência) and asked again. Dates are
 * moved back afterwards (the services stamp now()).
 */

const dias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mesSeguinte = (c: string) => dias(`${c}-28`, 5).slice(0, 7);
const minIso = (a: string, b: string) => (a < b ? a : b);

export async function seedVerbas(db: Db, client: ClientCode) {
  const hoje = todayIso();
  const ctx = { db, config: {} as ServerConfig, settings: getClientSettings(client) } as AppContext;
  const [admin] = await query<{ id: number }>(db, sql`select id from usuarios where login = 'admin'`);
  const actor = { session: (await sessionForUser(db, admin.id))!, ip: '' };
  const meses = (await query<{ c: string }>(db, sql`select distinct competencia as c from pagamentos_prestadores where estornado_em is null order by 1 desc limit 4`)).map((r) => r.c).reverse();
  const empresas = await query<{ id: number }>(db, sql`select id from empresas order by id`);
  let k = 0;
  for (const [im, c] of meses.entries()) {
    const recente = im === meses.length - 1;
    const anterior = im === meses.length - 2;
    const pedido = minIso(`${mesSeguinte(c)}-05`, hoje);
    for (const e of empresas) {
      if (!(await composicaoVerba(db, e.id, c)).length) continue;
      k++;
      const base = { empresaId: e.id, competencia: c, vencimento: `${mesSeguinte(c)}-20`, observacao: k % 5 === 0 ? 'Enviar o comprovante de depósito ao financeiro da operadora.' : null };
      let { detalhe: d } = await registrarVerba(ctx, actor, base);
      const quando = async (id: number, dia: string, hora: string, acao: string) =>
        db.execute(sql`update solicitacao_verba_historico set em = (${dia}::date + ${hora}::time) at time zone 'America/Sao_Paulo' where solicitacao_id = ${id} and acao = ${acao}`);
      await db.execute(sql`update solicitacoes_verba set data_solicitacao = ${pedido}, criado_em = (${pedido}::date + time '10:00') at time zone 'America/Sao_Paulo' where id = ${d.id}`);
      await quando(d.id, pedido, '10:00', 'registrar');
      if (k === 3) {
        // asked with the wrong competência in the note, cancelled and asked again
        await passoVerba(ctx, actor, d.id, { acao: 'cancelar', version: d.version, nota: 'Valores conferidos com a empresa: faltavam reembolsos liberados no mês. Nova solicitação emitida.' });
        await quando(d.id, pedido, '15:20', 'cancelar');
        d = (await registrarVerba(ctx, actor, base)).detalhe;
        const dia = minIso(dias(pedido, 1), hoje);
        await db.execute(sql`update solicitacoes_verba set data_solicitacao = ${dia}, criado_em = (${dia}::date + time '09:00') at time zone 'America/Sao_Paulo' where id = ${d.id}`);
        await quando(d.id, dia, '09:00', 'registrar');
      }
      if (recente && k % 2 === 0) continue;
      const enviada = minIso(dias(pedido, 1), hoje);
      d = await passoVerba(ctx, actor, d.id, { acao: 'enviar', version: d.version, nota: null });
      await quando(d.id, enviada, '11:30', 'enviar');
      if (recente || anterior) continue;
      const recebida = minIso(`${mesSeguinte(c)}-${k % 4 === 0 ? '22' : '19'}`, hoje);
      // most companies pay the amount; one in six pays short (a disputed bill), to be reconciled
      const valor = k % 6 === 1 ? d.valorSolicitado - Math.round(d.valorSolicitado * 0.03) : d.valorSolicitado;
      d = await passoVerba(ctx, actor, d.id, { acao: 'receber', version: d.version, nota: null, valorRecebido: valor, dataRecebimento: recebida });
      await quando(d.id, recebida, '16:00', 'receber');
    }
  }
}

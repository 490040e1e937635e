import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getClientSettings, type ClientCode } from '../../../shared/clients';
import { todayIso } from '../../../shared/dates';
import { sessionForUser } from '../../auth/session';
import type { ServerConfig } from '../../config';
import type { AppContext } from '../../context';
import { registrarBaixa } from '../../pagamentos/bordero';
import { consolidar } from '../../pagamentos/consolidacao';
import { LIBERADO_DO_PROTOCOLO } from '../../pagamentos/numeracao';
import { solicitarPagamento } from '../../pagamentos/solicitacao';
import type { Db } from '../client';
import { query } from '../sql';

/**
 * The provider payments of the demo, through the services themselves, from the billing already seeded: each
 * legal-entity provider asks payment (entered by the operator's staff) for the protocols whose review closed in a past
 * month, a few days after the last one closed and within that month; finance consolidates each month's requests (the
 * withholdings of the provider's tax group) on its last day; and pays most of them in borderôs on the due day (the
 * regular monthly run), a few a week later in a separate borderô (fora da folha), one in six left open, and those of
 * providers with no bank account registered (the borderô refuses them). Nothing is requested or consolidated in the
 * current month (its protocols stay for the provider to ask, and the month's processes — Reinf, Movimento Contábil —
 * start empty). Each request carries the provider's NFS-e (nfseDoPedido). Natural persons are left out: their payment needs an RPA issued and released first. Dates are moved
 * back afterwards (the services stamp now()); the seeded review keeps the day it closed in `atualizado_em`.
 */

const CONTA_PAGADORA = { bancoOrigem: '001', agenciaOrigem: '3064-3', contaOrigem: '40518-4' };
const dias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const ultimoDia = (iso: string) => dias(`${dias(`${iso.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);
const minIso = (a: string, b: string) => (a < b ? a : b);

const ALFANUMERICOS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The legal entity's NFS-e for a request (the request requires it): the provider's next number (each provider starts
 * somewhere of its own, as municipalities number per CNPJ), a series by provider ("1", "A1" or none), issued on the
 * day the last protocol's review closed or up to three days before (the request follows one to three days later), for
 * the total asked, with an 8- or 9-character verification code.
 */
function nfseDoPedido(g: { prestadorId: number; ultimo: string; total: number }, ultimaNota: Map<number, number>) {
  const numero = (ultimaNota.get(g.prestadorId) ?? 100 + ((g.prestadorId * 397) % 4900)) + 1;
  ultimaNota.set(g.prestadorId, numero);
  const hash = createHash('sha1').update(`nfse:${g.prestadorId}:${numero}`).digest();
  const codigo = [...hash.subarray(0, 8 + (numero % 2))].map((b) => ALFANUMERICOS[b % ALFANUMERICOS.length]).join('');
  return {
    nfseNumero: String(numero),
    nfseSerie: [null, '1', 'A1'][g.prestadorId % 3],
    nfseEmissao: dias(g.ultimo, -(numero % 4)),
    nfseCodigo: codigo,
    nfseValor: g.total,
  };
}

export async function seedPagamentos(db: Db, client: ClientCode) {
  const hoje = todayIso();
  const ctx = { db, config: {} as ServerConfig, settings: getClientSettings(client) } as AppContext;
  const ids = await query<{ login: string; id: number }>(db, sql`select login, id from usuarios where login in ('operadora', 'admin')`);
  const idDe = (l: string) => ids.find((u) => u.login === l)!.id;
  const operadora = { session: (await sessionForUser(db, idDe('operadora')))!, ip: '' };
  const financeiro = { session: (await sessionForUser(db, idDe('admin')))!, ip: '' };

  const protocolos = await query<{ id: number; prestador_id: number; encerrado: string; liberado: string }>(
    db,
    sql`select p.id, p.prestador_id, to_char(coalesce(p.analise_encerrada_em, p.atualizado_em) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as encerrado, ${LIBERADO_DO_PROTOCOLO}::text as liberado
        from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id
        where p.status = '5' and pr.tipo_pessoa = 'J' and ${LIBERADO_DO_PROTOCOLO} > 0
        order by p.prestador_id, 3, p.id`,
  );
  const grupos = new Map<string, { prestadorId: number; ids: number[]; ultimo: string; total: number }>();
  for (const p of protocolos) {
    if (p.encerrado.slice(0, 7) >= hoje.slice(0, 7)) continue;
    const k = `${p.prestador_id}:${p.encerrado.slice(0, 7)}`;
    const g = grupos.get(k) ?? { prestadorId: p.prestador_id, ids: [], ultimo: p.encerrado, total: 0 };
    g.ids.push(p.id);
    g.total += Number(p.liberado);
    if (p.encerrado > g.ultimo) g.ultimo = p.encerrado;
    grupos.set(k, g);
  }
  const ultimaNota = new Map<number, number>();
  for (const g of grupos.values()) {
    const { solicitacao } = await solicitarPagamento(ctx, operadora, { prestadorId: g.prestadorId, protocolos: g.ids, ...nfseDoPedido(g, ultimaNota) });
    // within the month the review closed: that month is the request's competência
    const dia = minIso(minIso(dias(g.ultimo, 1 + (solicitacao.id % 3)), ultimoDia(g.ultimo)), hoje);
    await db.execute(sql`update solicitacoes_pagamento set criado_em = (${dia}::date + time '09:30') at time zone 'America/Sao_Paulo' where id = ${solicitacao.id}`);
  }

  const meses = await query<{ competencia: string; prestadores: number[] | string }>(
    db,
    sql`select to_char(criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM') as competencia, array_agg(distinct prestador_id) as prestadores
        from solicitacoes_pagamento where status = 'SOLICITADA' group by 1 order by 1`,
  );
  for (const m of meses) {
    if (m.competencia >= hoje.slice(0, 7)) continue;
    const prestadores = Array.isArray(m.prestadores) ? m.prestadores.map(Number) : String(m.prestadores).replace(/[{}]/g, '').split(',').map(Number);
    const criados = await consolidar(ctx, financeiro, { competencia: m.competencia, prestadores });
    await db.execute(sql`update pagamentos_prestadores set criado_em = (${ultimoDia(`${m.competencia}-01`)}::date + time '18:00') at time zone 'America/Sao_Paulo' where id in (${sql.join(criados.map((c) => sql`${c.id}`), sql`, `)})`);
  }

  // the baixa: the regular run on the due day, a few a week later on their own, one in six still open
  const vencidos = await query<{ id: number; vencimento: string }>(
    db,
    // a provider whose registry lacks its bank account cannot be paid (the borderô refuses it): its payment stays open
    sql`select g.id, g.vencimento::text as vencimento from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id
        where g.status = 'A_PAGAR' and g.vencimento < ${hoje} and pr.banco is not null and coalesce(pr.agencia, '') <> '' and coalesce(pr.conta, '') <> ''
        order by g.vencimento, g.id`,
  );
  const lotes = new Map<string, number[]>();
  for (const v of vencidos) {
    if (v.id % 6 === 0) continue;
    const dia = v.id % 5 === 0 ? minIso(dias(v.vencimento, 7), hoje) : v.vencimento;
    lotes.set(dia, [...(lotes.get(dia) ?? []), v.id]);
  }
  for (const [dataCredito, pagamentos] of [...lotes].sort(([a], [b]) => a.localeCompare(b))) {
    const { bordero } = await registrarBaixa(ctx, financeiro, { pagamentos, dataCredito, ...CONTA_PAGADORA });
    await db.execute(sql`update borderos_pagamento set criado_em = (${dataCredito}::date + time '11:00') at time zone 'America/Sao_Paulo' where id = ${bordero.id}`);
  }
}

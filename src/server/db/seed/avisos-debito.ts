import { sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates';
import { gravarAvisos } from '../../financeiro/avisos-debito';
import { abertosEm } from '../../relatorios/cobranca-beneficiario';
import type { Db } from '../client';
import { query } from '../sql';

const maisDias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The debt notices of the demo, as the collection office sends them: five days after each due date of the seeded
 * titles (positions already past), the payers still open get a notice — by e-mail those with one on file, by letter
 * the others —, registered by the operator through the same writer as the Aviso de Débitos screen. Some paid
 * afterwards (the late payments of seed/titulos.ts), the others are still open: the Conferência de Aviso de Débito
 * has both.
 */
export async function seedAvisosDebito(db: Db) {
  const hoje = todayIso();
  const [u] = await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'operadora'`);
  if (!u) return;
  const vencimentos = await query<{ v: string }>(db, sql`select distinct vencimento::text as v from titulos order by 1`);
  for (const [i, { v }] of vencimentos.entries()) {
    const posicao = maisDias(v, 5);
    // sent one or two days after the position is drawn
    const data = maisDias(posicao, 1 + (i % 2));
    if (data > hoje) continue;
    const abertos = sql`(select a.titular_id from ${abertosEm(posicao)} a)`;
    const comEmail = sql`(select b.id from beneficiarios b where b.id in ${abertos} and nullif(trim(b.email), '') is not null)`;
    const semEmail = sql`(select b.id from beneficiarios b where b.id in ${abertos} and nullif(trim(b.email), '') is null)`;
    await gravarAvisos(db, { data, meio: 'EMAIL', posicao, filtros: '', pagadores: comEmail, usuarioId: u.id, nome: u.nome });
    await gravarAvisos(db, { data, meio: 'CARTA', posicao, filtros: '', pagadores: semEmail, usuarioId: u.id, nome: u.nome });
  }
}

import { sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates';
import { nossoNumeroBB } from '../../../shared/financeiro/boleto';
import { vencimentoDe } from '../../../shared/processos/recebiveis';
import { familias, lerTabelas, partesDosMembros } from '../../financeiro/cobranca';
import type { Db } from '../client';
import { remessasCobranca, titulos, titulosMembros, titulosPagamentos } from '../schema';
import { query } from '../sql';

/**
 * The receivables of the demo: the titles of the last four competências of a few hundred families (the first
 * titulares of the registry), each computed by the billing calculation itself (src/server/financeiro/cobranca.ts:
 * fees by age band, the company's subsidy, coparticipation of the month's authorized events) and stored as
 * boleto-lote issues them (Banco do Brasil, convênio 2874561, due on the 10th of the next month). Each
 * competência went to the bank in one remittance; most of the titles due by today are paid — on the due date
 * or a few days before, one in seven late: half of those paid one to three weeks after the due date (after the debt
 * notice of src/server/db/seed/avisos-debito.ts), the rest still open — as the bank's return records them.
 */

const FAMILIAS = 300;
const MESES = 4;
const CONTA = { banco: '001', agencia: '3064-3', conta: '40122-7', convenio: '2874561', carteira: '17' };

const menosMeses = (iso: string, n: number) => {
  const d = new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 - n, 1));
  return d.toISOString().slice(0, 10);
};
const menosDias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export async function seedTitulos(db: Db) {
  const hoje = todayIso();
  const mesAtual = `${hoje.slice(0, 7)}-01`;
  const [{ ultimo }] = await query<{ ultimo: number }>(db, sql`select coalesce(max(id), 0)::int as ultimo from (select id from beneficiarios where relacao_dependencia = '1' and situacao = 'ATIVO' order by id limit ${FAMILIAS}) x`);
  let nsa = 0;
  for (let k = MESES; k >= 1; k--) {
    const competencia = menosMeses(mesAtual, k);
    const vencimento = vencimentoDe(competencia, 10);
    const emissao = menosDias(`${competencia.slice(0, 8)}28`, 0);
    const tabelas = await lerTabelas(db, competencia);
    const fim = menosDias(menosMeses(competencia, -1), 1);
    const where = sql`b.relacao_dependencia = '1' and b.situacao = 'ATIVO' and b.data_adesao <= ${fim} and b.id <= ${ultimo}`;
    const fs = (await familias(db, tabelas, { competencia, empresa: null, produto: null }, where, 0, FAMILIAS)).filter((x) => x.total > 0);
    if (!fs.length) continue;
    const ids = await query<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('titulos', 'id'))::int as id from generate_series(1, ${fs.length})`);
    // each competência went to the bank in its own remittance (a boleto is registered before it can be paid)
    const [{ id: remessaId }] = await db.insert(remessasCobranca).values({ banco: '001', sequencia: ++nsa, quantidade: fs.length, total: fs.reduce((s, x) => s + x.total, 0) }).returning({ id: remessasCobranca.id });
    const pago = (id: number) => vencimento <= hoje && id % 7 !== 0;
    // a late payer: 8 to 20 days after the due date, when that day has come
    const atraso = (id: number) => 8 + (id % 13);
    const pagoTarde = (id: number) => id % 14 === 0 && menosDias(vencimento, -atraso(id)) <= hoje;
    await db.insert(titulos).values(
      fs.map((x, i) => ({
        id: ids[i].id,
        titularId: x.titularId,
        competencia,
        nossoNumero: nossoNumeroBB(CONTA.convenio, ids[i].id),
        ...CONTA,
        emissao,
        vencimento,
        mensalidade: x.mensalidade,
        subsidio: x.subsidio,
        coparticipacao: x.coparticipacao,
        valor: x.total,
        status: pago(ids[i].id) || pagoTarde(ids[i].id) ? 'PAGO' : 'ABERTO',
        remessaId,
      })),
    );
    await db.insert(titulosMembros).values(fs.flatMap((x, i) => partesDosMembros(x).map((m) => ({ tituloId: ids[i].id, ...m }))));
    const pagos = fs.map((x, i) => ({ x, id: ids[i].id })).filter((p) => pago(p.id) || pagoTarde(p.id));
    if (pagos.length)
      await db.insert(titulosPagamentos).values(
        pagos.map((p) => {
          const data = pagoTarde(p.id) ? menosDias(vencimento, -atraso(p.id)) : menosDias(vencimento, p.id % 5);
          return { tituloId: p.id, dataPagamento: data, dataCredito: menosDias(data, -1), valorPago: p.x.total, tarifa: 290, origem: 'SEMENTE', arquivo: `retorno-demonstracao-${competencia.slice(0, 7)}`, linha: null };
        }),
      );
  }
}

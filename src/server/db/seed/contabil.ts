import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The accounting entries of the last four closed months, as Processar Movimento Contábil writes them
 * (src/server/financeiro/movimento-contabil.ts): each protocol received is an event known (its informed value), each
 * analysis closed with glosa reverses that part, by the chart-of-accounts mapping in force. The current month stays
 * open, so the demo can run the process itself. Not in the test seed: the tests write their own entries and generate
 * months of their own.
 */
export async function seedContabil(db: Db, size: 'test' | 'demo' | 'bench') {
  if (size === 'test') return;
  const mes = (col: string) => sql.raw(`(${col} at time zone 'America/Sao_Paulo')`);
  const mapa = (origem: string) =>
    sql`(select d.codigo as debito, c.codigo as credito, m.historico from mapeamentos_plano_conta m join planos_contas d on d.id = m.conta_debito join planos_contas c on c.id = m.conta_credito
          where m.origem = ${origem} order by m.inicio_vigencia desc, m.id desc limit 1) mp`;
  const janela = (col: string) =>
    sql`${mes(col)} >= date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '4 months' and ${mes(col)} < date_trunc('month', now() at time zone 'America/Sao_Paulo')`;
  await db.execute(sql`
    insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico)
    select to_char(${mes('p.recebido_em')}, 'YYYY-MM'), ${mes('p.recebido_em')}::date, 'EVENTO_CONHECIDO', 'PROTOCOLO', p.id, p.numero, mp.debito, mp.credito, p.valor_informado_centavos,
      left(coalesce(mp.historico, 'Evento conhecido') || ' protocolo ' || p.numero, 200)
    from protocolos_recebimento p cross join ${mapa('EVENTO_CONHECIDO')}
    where p.valor_informado_centavos > 0 and ${janela('p.recebido_em')}
    order by p.recebido_em, p.id`);
  await db.execute(sql`
    insert into lancamentos_contabeis (competencia, data, origem, documento_tipo, documento_id, documento, conta_debito, conta_credito, valor_centavos, historico)
    select to_char(${mes('p.analise_encerrada_em')}, 'YYYY-MM'), ${mes('p.analise_encerrada_em')}::date, 'GLOSA', 'PROTOCOLO', p.id, p.numero, mp.debito, mp.credito, g.glosa,
      left(coalesce(mp.historico, 'Glosa') || ' protocolo ' || p.numero, 200)
    from protocolos_recebimento p join (select protocolo_id, sum(valor_glosa_centavos) as glosa from guias_faturadas group by protocolo_id) g on g.protocolo_id = p.id
      cross join ${mapa('GLOSA')}
    where g.glosa > 0 and p.analise_encerrada_em is not null and ${janela('p.analise_encerrada_em')}
    order by p.analise_encerrada_em, p.id`);
}

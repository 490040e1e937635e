import { sql } from 'drizzle-orm';
import { movimentoContabil } from '../../../shared/processos/contabilidade';
import { dbFileStore } from '../../files/store';
import { arquivoMovimento, type Escrito } from '../../financeiro/movimento-contabil';
import type { Db } from '../client';
import { query } from '../sql';

/**
 * The accounting entries of the last four closed months, as Processar Movimento Contábil writes them
 * (src/server/financeiro/movimento-contabil.ts): each protocol received is an event known (its informed value), each
 * analysis closed with glosa reverses that part, by the chart-of-accounts mapping in force. The current month stays
 * open, so the demo can run the process itself. Each month is one run of the process by the administrator on the
 * first working days of the next month, with its remittance file (the Remessas report lists them). Not in the test seed: the tests write their own entries and generate
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
  // one run per month written above, as the process leaves it: the execution, its entries and its file
  const meses = await query<{ competencia: string }>(
    db,
    sql`select distinct competencia from lancamentos_contabeis where execucao_id is null and origem in ('EVENTO_CONHECIDO', 'GLOSA') and estorno_de is null order by 1`,
  );
  if (!meses.length) return;
  const [adm] = await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'admin'`);
  const [op] = await query<{ cnpj: string }>(db, sql`select cnpj from operadoras order by id limit 1`);
  for (const [i, { competencia: mes }] of meses.entries()) {
    const prox = new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 1 + (i % 3)));
    const dia = prox.toISOString().slice(0, 10);
    const hora = `${String(8 + (i % 4)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}`;
    const [e] = await query<{ id: number }>(
      db,
      sql`insert into execucoes (tipo, comando, usuario_id, usuario_nome, parametros, status, progresso, criado_em, iniciado_em, terminado_em)
          values (${movimentoContabil.tipo}, ${movimentoContabil.comando}, ${adm?.id ?? null}, ${adm?.nome ?? 'Administrador'},
            ${JSON.stringify({ competencia: `${mes.slice(5)}${mes.slice(0, 4)}`, operacao: 'GERAR', motivo: null })}::jsonb, 'concluida', 100,
            (${dia}::date + ${hora}::time) at time zone 'America/Sao_Paulo', (${dia}::date + ${hora}::time) at time zone 'America/Sao_Paulo',
            (${dia}::date + ${hora}::time + interval '40 seconds') at time zone 'America/Sao_Paulo') returning id`,
    );
    const escritos = await query<Escrito>(
      db,
      sql`update lancamentos_contabeis set execucao_id = ${e.id} where competencia = ${mes} and execucao_id is null and origem in ('EVENTO_CONHECIDO', 'GLOSA') and estorno_de is null
          returning id, data::text as data, conta_debito, conta_credito, valor_centavos::text as valor, origem, documento, estorno_de, historico`,
    );
    escritos.sort((a, b) => a.id - b.id);
    const f = arquivoMovimento(op?.cnpj ?? '', mes, escritos, false, dia);
    await dbFileStore.save(db, { nome: f.nome, kind: 'txt', conteudo: f.conteudo, contexto: 'execucao', contextoId: e.id, donoId: adm?.id ?? null });
  }
}

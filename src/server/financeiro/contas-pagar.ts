import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha } from '../../shared/processos/layout';
import { contasPagar, LAYOUT_CONTAS_PAGAR } from '../../shared/processos/receita-federal';
import { paramsSchema } from '../../shared/processos/schema';
import { pontosBase } from '../../shared/precos/calculo';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { aaaamm, operadora, texto } from './folha';

export type ParamsContasPagar = { competencia: string; prestador: number | null };

/** A payable as the file and the federal exports read it: the payment, its provider and its withholdings. */
export interface Pagavel {
  id: number;
  numero: string;
  criado_em: string;
  competencia: string;
  vencimento: string | null;
  qtd_protocolos: number;
  bruto: number;
  retencoes: number;
  liquido: number;
  prestador_id: number;
  tipo_pessoa: string;
  cpf: string | null;
  cnpj: string | null;
  codigo: string | null;
  nome: string;
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  natureza: string | null;
}
export interface RetencaoLinha {
  pagamento_id: number;
  tributo: string;
  codigo_receita: string | null;
  natureza_rendimento: string | null;
  base: number;
  aliquota: string | null;
  valor: number;
}

const PAGINA = 300;

/** Payables not reversed, after a given id, filtered by a condition on `g` (the payment) and `pr` (the provider). */
export async function pagaveis(db: Db, onde: ReturnType<typeof sql>, depois: number, limite = PAGINA): Promise<Pagavel[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`select g.id, g.numero, to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as criado_em, g.competencia, g.vencimento::text as vencimento, g.qtd_protocolos,
               g.valor_bruto_centavos::text as bruto, g.valor_retencoes_centavos::text as retencoes, g.valor_liquido_centavos::text as liquido,
               pr.id as prestador_id, pr.tipo_pessoa, pr.cpf, pr.cnpj, pr.codigo, pr.nome, b.codigo as banco, pr.agencia, pr.conta, n.codigo as natureza
        from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id
        left join bancos b on b.id = pr.banco left join naturezas_rendimentos n on n.id = pr.natureza_rendimento
        where g.estornado_em is null and g.id > ${depois} and ${onde} order by g.id limit ${limite}`,
  );
  return rows.map((r) => ({ ...(r as unknown as Pagavel), bruto: Number(r.bruto), retencoes: Number(r.retencoes), liquido: Number(r.liquido) }));
}

export async function retencoesDe(db: Db, ids: number[]): Promise<RetencaoLinha[]> {
  if (!ids.length) return [];
  const rows = await query<Record<string, unknown>>(
    db,
    sql`select pagamento_id, tributo, codigo_receita, natureza_rendimento, base_centavos::text as base, aliquota, valor_centavos::text as valor
        from retencoes_pagamentos where pagamento_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by pagamento_id, tributo`,
  );
  return rows.map((r) => ({ ...(r as unknown as RetencaoLinha), base: Number(r.base), valor: Number(r.valor) }));
}

const filtroCp = (p: ParamsContasPagar) => {
  const comp = competenciaIso(p.competencia)!.slice(0, 7);
  return sql`g.competencia = ${comp} ${p.prestador ? sql`and g.prestador_id = ${p.prestador}` : sql``}`;
};

async function previaCp(ctx: AppContext, _s: unknown, p: ParamsContasPagar): Promise<Previa> {
  const onde = filtroCp(p);
  const [{ n, liquido }] = await query<{ n: number; liquido: string }>(
    ctx.db,
    sql`select count(*)::int as n, coalesce(sum(g.valor_liquido_centavos), 0)::text as liquido from pagamentos_prestadores g where g.estornado_em is null and ${onde}`,
  );
  const amostra = await pagaveis(ctx.db, onde, 0, 8);
  const comp = competenciaBr(competenciaIso(p.competencia)!);
  return {
    total: n,
    resumo: n === 0 ? `Nenhum pagamento a prestador consolidado na competência ${comp}.` : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'pagamento entra' : 'pagamentos entram'} no arquivo de ${comp}: ${formatMoney(Number(liquido))} líquidos.`,
    amostra: amostra.map((x) => `${x.numero} — ${x.nome}: bruto ${formatMoney(x.bruto)}, retenções ${formatMoney(x.retencoes)}, líquido ${formatMoney(x.liquido)}`),
  };
}

export const contasPagarExport = defineJobKind<ParamsContasPagar>({
  tipo: contasPagar.tipo,
  comandos: [contasPagar.comando],
  params: paramsSchema(contasPagar) as never,
  title: (_c, _m, p) => `Contas a pagar de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaCp as never,
  async run(job, p) {
    const [cab, pag, ret, rod] = LAYOUT_CONTAS_PAGAR.registros;
    const comp = competenciaIso(p.competencia)!;
    const op = await operadora(job.ctx);
    const linhas = [linha(cab, { cnpj: op.cnpj, competencia: aaaamm(comp), geracao: todayIso() })];
    const onde = filtroCp(p);
    const soma = { n: 0, r: 0, bruto: 0, retencoes: 0, liquido: 0 };
    let depois = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await pagaveis(job.ctx.db, onde, depois);
      if (!lote.length) break;
      const rs = await retencoesDe(job.ctx.db, lote.map((x) => x.id));
      for (const x of lote) {
        linhas.push(
          linha(pag, {
            numero: x.numero,
            tipoPessoa: x.tipo_pessoa,
            documento: x.tipo_pessoa === 'F' ? x.cpf : x.cnpj,
            codigo: x.codigo,
            nome: x.nome,
            competencia: x.competencia.replace('-', ''),
            vencimento: x.vencimento,
            protocolos: x.qtd_protocolos,
            bruto: x.bruto,
            retencoes: x.retencoes,
            liquido: x.liquido,
            banco: x.banco,
            agencia: x.agencia,
            conta: x.conta,
            natureza: x.natureza,
          }),
        );
        for (const r of rs.filter((y) => y.pagamento_id === x.id)) {
          linhas.push(linha(ret, { numero: x.numero, tributo: r.tributo, codigoReceita: r.codigo_receita, base: r.base, aliquota: r.aliquota == null ? 0 : pontosBase(r.aliquota), valor: r.valor }));
          soma.r++;
        }
        soma.n++;
        soma.bruto += x.bruto;
        soma.retencoes += x.retencoes;
        soma.liquido += x.liquido;
      }
      depois = lote.at(-1)!.id;
      await job.progress(90, `${soma.n.toLocaleString('pt-BR')} pagamentos`);
    }
    linhas.push(linha(rod, { quantidade: soma.n, retencoesQtd: soma.r, bruto: soma.bruto, retencoes: soma.retencoes, liquido: soma.liquido }));
    const nome = `CONTASPAGAR_${aaaamm(comp)}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    if (!soma.n) await job.log(`Nenhum pagamento a prestador consolidado na competência ${competenciaBr(comp)}: o arquivo tem só o cabeçalho e o rodapé.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${soma.n.toLocaleString('pt-BR')} pagamentos e ${soma.r.toLocaleString('pt-BR')} retenções; bruto ${formatMoney(soma.bruto)}, retenções ${formatMoney(soma.retencoes)}, líquido ${formatMoney(soma.liquido)}.`);
  },
});

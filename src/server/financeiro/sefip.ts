import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linhaCsv, type RegistroLayout } from '../../shared/processos/layout';
import { sefip } from '../../shared/processos/receita-federal';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { encodeLatin1 } from '../tiss/latin1';

/** SEFIP (see the declaration): the competência's RPAs of autonomous professionals, for checking the GFIP delivered. */

type Params = { competencia: string };
const mesDe = (p: Params) => competenciaIso(p.competencia)!.slice(0, 7);

const REG: RegistroLayout = {
  nome: 'RPA',
  campos: [
    { nome: 'rpa', descricao: 'RPA', tamanho: 12, formato: 'N' },
    { nome: 'cpf', descricao: 'CPF', tamanho: 11, formato: 'N' },
    { nome: 'nome', descricao: 'Nome', tamanho: 70, formato: 'A' },
    { nome: 'categoria', descricao: 'Categoria GFIP', tamanho: 2, formato: 'N', fixo: '13' },
    { nome: 'remuneracao', descricao: 'Remuneração', tamanho: 15, formato: 'V' },
    { nome: 'inss', descricao: 'INSS retido', tamanho: 15, formato: 'V' },
  ],
};

const rpas = (db: Db, mes: string) =>
  query<{ numero: string; cpf: string | null; nome: string; bruto: string; inss: string }>(
    db,
    sql`select r.numero, pr.cpf, pr.nome, r.valor_bruto_centavos::text as bruto, r.inss_centavos::text as inss from rpas r join prestadores pr on pr.id = r.prestador_id where r.competencia = ${mes} order by r.numero`,
  );

async function previaSefip(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const mes = mesDe(p);
  const rs = await rpas(ctx.db, mes);
  return {
    total: rs.length,
    resumo: rs.length ? `${rs.length} ${rs.length === 1 ? 'RPA' : 'RPAs'} de contribuintes individuais em ${competenciaBr(`${mes}-01`)}.` : `Nenhum RPA de contribuinte individual em ${competenciaBr(`${mes}-01`)}.`,
    amostra: rs.slice(0, 8).map((r) => `RPA nº ${r.numero} ${r.nome}: remuneração ${formatMoney(Number(r.bruto))}, INSS ${formatMoney(Number(r.inss))}`),
  };
}

export const sefipKind = defineJobKind<Params>({
  tipo: sefip.tipo,
  comandos: [sefip.comando],
  params: paramsSchema(sefip) as never,
  title: (_c, _m, p) => `Conferência da GFIP de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaSefip as never,
  async run(job, p) {
    const mes = mesDe(p);
    const rs = await rpas(job.ctx.db, mes);
    if (!rs.length) {
      await job.log(`Nenhum RPA de contribuinte individual em ${competenciaBr(`${mes}-01`)}: nada a conferir com a GFIP.`);
      return;
    }
    const linhas = ['rpa;cpf;nome;categoria;remuneracao;inss', ...rs.map((r) => linhaCsv(REG, ';', { rpa: r.numero, cpf: r.cpf, nome: r.nome, remuneracao: Number(r.bruto), inss: Number(r.inss) }))];
    await job.saveFile(`GFIP_CONFERENCIA_${mes.replace('-', '')}.csv`, 'csv', encodeLatin1(`${linhas.join('\r\n')}\r\n`));
    await job.log(`${rs.length} RPAs de ${competenciaBr(`${mes}-01`)} para conferir com a GFIP entregue; o arquivo SEFIP.RE não é gerado por este portal.`);
  },
});

import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { exportacaoDam, exportacaoDamBetha, LAYOUT_DAM, LAYOUT_DAM_BETHA, vencimentoDam } from '../../shared/processos/iss';
import { linha, linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { pontosBase } from '../../shared/precos/calculo';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { aaaamm, operadora, texto } from './folha';

/** The DAM exports (src/shared/processos/iss.ts): the ISS withheld on the competência's payments, by the provider's municipality. */

export type ParamsDam = { competencia: string; uf: string | null; municipio: number | null; vencimento: string | null };

export interface ServicoIss {
  numero: string;
  data: string;
  tipo_pessoa: string;
  documento: string | null;
  nome: string;
  municipio: number | null;
  nome_municipio: string | null;
  uf: string | null;
  base: number;
  aliquota: string | null;
  iss: number;
}

/** Every payment of the competência with ISS withheld (not reversed), by municipality name and payment. */
export async function servicosComIss(db: Db, p: ParamsDam): Promise<ServicoIss[]> {
  const comp = competenciaIso(p.competencia)!.slice(0, 7);
  const rows = await query<Record<string, unknown>>(
    db,
    sql`select g.numero, to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as data, pr.tipo_pessoa,
               case when pr.tipo_pessoa = 'F' then pr.cpf else pr.cnpj end as documento, pr.nome, c.id as municipio, c.nome as nome_municipio, c.uf,
               r.base_centavos::text as base, r.aliquota, r.valor_centavos::text as iss
        from retencoes_pagamentos r join pagamentos_prestadores g on g.id = r.pagamento_id join prestadores pr on pr.id = g.prestador_id
        left join cidades c on c.id = pr.cidade
        where r.tributo = 'ISS' and r.valor_centavos > 0 and g.estornado_em is null and g.competencia = ${comp}
          ${p.municipio ? sql`and pr.cidade = ${p.municipio}` : sql``}
        order by c.nome nulls last, c.id, g.id`,
  );
  return rows.map((r) => ({ ...(r as unknown as ServicoIss), municipio: r.municipio == null ? null : Number(r.municipio), base: Number(r.base), iss: Number(r.iss) }));
}

interface Guia {
  municipio: number;
  nome: string;
  uf: string;
  servicos: ServicoIss[];
  base: number;
  iss: number;
}

/** One guide per municipality; the services of providers without a municipality apart (no guide can take them). */
export function guiasDam(servicos: ServicoIss[]): { guias: Guia[]; semMunicipio: ServicoIss[] } {
  const guias = new Map<number, Guia>();
  const semMunicipio: ServicoIss[] = [];
  for (const s of servicos) {
    if (s.municipio == null) {
      semMunicipio.push(s);
      continue;
    }
    const g = guias.get(s.municipio) ?? { municipio: s.municipio, nome: s.nome_municipio ?? '', uf: s.uf ?? '', servicos: [], base: 0, iss: 0 };
    guias.set(s.municipio, g);
    g.servicos.push(s);
    g.base += s.base;
    g.iss += s.iss;
  }
  return { guias: [...guias.values()], semMunicipio };
}

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;
const aliquota = (s: ServicoIss) => (s.aliquota == null ? 0 : pontosBase(s.aliquota));

async function previaDam(ctx: AppContext, _s: unknown, p: ParamsDam): Promise<Previa> {
  const { guias, semMunicipio } = guiasDam(await servicosComIss(ctx.db, p));
  const comp = competenciaBr(competenciaIso(p.competencia)!);
  const n = guias.reduce((s, g) => s + g.servicos.length, 0);
  const total = guias.reduce((s, g) => s + g.iss, 0);
  return {
    total: n + semMunicipio.length,
    resumo: n
      ? `${plural(guias.length, 'guia', 'guias')} (${plural(n, 'serviço', 'serviços')}) com ${formatMoney(total)} de ISS retido na competência ${comp}.`
      : `Nenhum pagamento com ISS retido na competência ${comp}${p.municipio ? ' neste município' : ''}.`,
    amostra: [
      ...guias.map((g) => `${g.nome}/${g.uf}: ${plural(g.servicos.length, 'serviço', 'serviços')}, ISS ${formatMoney(g.iss)}`),
      ...semMunicipio.map((s) => `Sem município no cadastro (fica fora): ${s.nome}, pagamento ${s.numero}, ISS ${formatMoney(s.iss)}`),
    ].slice(0, 8),
  };
}

async function avisarSemMunicipio(job: JobRun, semMunicipio: ServicoIss[]) {
  for (const s of semMunicipio) await job.log(`Fora do arquivo: ${s.nome} não tem município no cadastro (pagamento ${s.numero}, ISS ${formatMoney(s.iss)}).`, 'aviso');
}

const titulo = (nome: string) => (_c: unknown, _m: unknown, p: ParamsDam) => `${nome} de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`;

export const damExport = defineJobKind<ParamsDam>({
  tipo: exportacaoDam.tipo,
  comandos: [exportacaoDam.comando],
  params: paramsSchema(exportacaoDam) as never,
  title: titulo('DAM'),
  preview: previaDam as never,
  async run(job, p) {
    const [cab, guia, servico, rod] = LAYOUT_DAM.registros;
    const comp = competenciaIso(p.competencia)!;
    const vencimento = p.vencimento ?? vencimentoDam(p.competencia)!;
    const op = await operadora(job.ctx);
    const { guias, semMunicipio } = guiasDam(await servicosComIss(job.ctx.db, p));
    await job.checkpoint();
    const linhas = [linha(cab, { cnpj: op.cnpj, competencia: aaaamm(comp), geracao: todayIso() })];
    let servicos = 0;
    for (const g of guias) {
      linhas.push(linha(guia, { municipio: g.municipio, nomeMunicipio: g.nome, uf: g.uf, vencimento, servicos: g.servicos.length, base: g.base, iss: g.iss }));
      for (const s of g.servicos)
        linhas.push(linha(servico, { municipio: g.municipio, tipoPessoa: s.tipo_pessoa, documento: s.documento, nome: s.nome, numero: s.numero, data: s.data, base: s.base, aliquota: aliquota(s), iss: s.iss }));
      servicos += g.servicos.length;
    }
    const total = guias.reduce((s, g) => s + g.iss, 0);
    linhas.push(linha(rod, { guias: guias.length, servicos, iss: total }));
    const nome = `DAM_${aaaamm(comp)}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await avisarSemMunicipio(job, semMunicipio);
    if (!guias.length) await job.log(`Nenhum pagamento com ISS retido na competência ${competenciaBr(comp)}: o arquivo tem só o cabeçalho e o rodapé.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(guias.length, 'guia', 'guias')}, ${plural(servicos, 'serviço', 'serviços')}, ISS ${formatMoney(total)}.`);
  },
});

export const damBethaExport = defineJobKind<ParamsDam>({
  tipo: exportacaoDamBetha.tipo,
  comandos: [exportacaoDamBetha.comando],
  params: paramsSchema(exportacaoDamBetha) as never,
  title: titulo('DAM Betha'),
  preview: previaDam as never,
  async run(job, p) {
    const [servico] = LAYOUT_DAM_BETHA.registros;
    const comp = competenciaIso(p.competencia)!;
    const vencimento = p.vencimento ?? vencimentoDam(p.competencia)!;
    const op = await operadora(job.ctx);
    const { guias, semMunicipio } = guiasDam(await servicosComIss(job.ctx.db, p));
    await job.checkpoint();
    const linhas = guias.flatMap((g) =>
      g.servicos.map((s) =>
        linhaCsv(servico, ';', { competencia: aaaamm(comp), cnpjTomador: op.cnpj, documento: s.documento, nome: s.nome, municipio: g.municipio, numero: s.numero, data: s.data, base: s.base, aliquota: aliquota(s), iss: s.iss, vencimento }),
      ),
    );
    const nome = `DAM_BETHA_${aaaamm(comp)}.csv`;
    await job.saveFile(nome, 'csv', linhas.length ? texto(linhas) : new Uint8Array());
    await avisarSemMunicipio(job, semMunicipio);
    const total = guias.reduce((s, g) => s + g.iss, 0);
    if (!linhas.length) await job.log(`Nenhum pagamento com ISS retido na competência ${competenciaBr(comp)}: o arquivo está vazio.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(linhas.length, 'serviço', 'serviços')} em ${plural(guias.length, 'município', 'municípios')}, ISS ${formatMoney(total)}.`);
  },
});

import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { cancelamentoDamBetha, exportacaoDam, exportacaoDamBetha, LAYOUT_CANCELAMENTO_DAM_BETHA, LAYOUT_DAM, LAYOUT_DAM_BETHA, vencimentoDam } from '../../shared/processos/iss';
import { linha, linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { pontosBase } from '../../shared/precos/calculo';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { recordTrail } from '../trail/record';
import { userName } from '../workflow/actor';
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

/** What both DAM files start from: the month, the due date, the operator and the month's guides. */
async function dadosDam(job: JobRun, p: ParamsDam) {
  const op = await operadora(job.ctx);
  const { guias, semMunicipio } = guiasDam(await servicosComIss(job.ctx.db, p));
  await job.checkpoint();
  return { comp: competenciaIso(p.competencia)!, vencimento: p.vencimento ?? vencimentoDam(p.competencia)!, op, guias, semMunicipio };
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
    const { comp, vencimento, op, guias, semMunicipio } = await dadosDam(job, p);
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

/**
 * The DAMs the Betha run sends: one numbered guide per municipality not yet holding a guide "EMITIDA" in the
 * competência (the partial unique index keeps it so when two runs meet). Returns the number given to each municipality.
 */
async function emitirGuias(job: JobRun, comp: string, vencimento: string, guias: Guia[]): Promise<Map<number, string>> {
  const nome = await userName(job.ctx.db, job.session);
  const actor = { session: job.session, ip: '' };
  return job.ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const numeros = new Map<number, string>();
    for (const g of guias) {
      const [{ n }] = await query<{ n: number }>(t, sql`select count(*)::int as n from guias_dam where competencia = ${comp} and municipio = ${g.municipio}`);
      const numero = `${comp.replace('-', '')}-${g.municipio}-${n + 1}`;
      const [row] = await query<{ id: number }>(
        t,
        sql`insert into guias_dam (numero, competencia, municipio, vencimento, servicos, valor_iss_centavos, execucao_id, emitido_por)
            values (${numero}, ${comp}, ${g.municipio}, ${vencimento}, ${g.servicos.length}, ${g.iss}, ${job.id}, ${nome}) returning id`,
      );
      await recordTrail(t, actor, { entidade: 'guiadam', registroId: row.id, acao: 'insert', depois: { numero, competencia: comp, municipio: g.municipio, vencimento, servicos: g.servicos.length, valorIss: g.iss } });
      numeros.set(g.municipio, numero);
    }
    return numeros;
  });
}

/** The guides in force ("EMITIDA") of a competência, optionally of one municipality, with the municipality's name. */
async function guiasEmitidas(db: Db, comp: string, municipio: number | null) {
  return query<{ id: number; numero: string; municipio: number; nome: string | null; uf: string | null; valor: string }>(
    db,
    sql`select d.id, d.numero, d.municipio, c.nome, c.uf, d.valor_iss_centavos::text as valor from guias_dam d left join cidades c on c.id = d.municipio
        where d.competencia = ${comp} and d.status = 'EMITIDA' ${municipio ? sql`and d.municipio = ${municipio}` : sql``} order by c.nome, d.id`,
  );
}

export const damBethaExport = defineJobKind<ParamsDam>({
  tipo: exportacaoDamBetha.tipo,
  comandos: [exportacaoDamBetha.comando],
  params: paramsSchema(exportacaoDamBetha) as never,
  title: titulo('DAM Betha'),
  preview: previaDam as never,
  async run(job, p) {
    const [servico] = LAYOUT_DAM_BETHA.registros;
    const { comp, vencimento, op, guias, semMunicipio } = await dadosDam(job, p);
    const emitidas = new Map((await guiasEmitidas(job.ctx.db, comp.slice(0, 7), p.municipio)).map((e) => [e.municipio, e.numero]));
    const novas = guias.filter((g) => !emitidas.has(g.municipio));
    const numeros = await emitirGuias(job, comp.slice(0, 7), vencimento, novas);
    const linhas = novas.flatMap((g) =>
      g.servicos.map((s) =>
        linhaCsv(servico, ';', { guia: numeros.get(g.municipio), competencia: aaaamm(comp), cnpjTomador: op.cnpj, documento: s.documento, nome: s.nome, municipio: g.municipio, numero: s.numero, data: s.data, base: s.base, aliquota: aliquota(s), iss: s.iss, vencimento }),
      ),
    );
    const nome = `DAM_BETHA_${aaaamm(comp)}.csv`;
    await job.saveFile(nome, 'csv', linhas.length ? texto(linhas) : new Uint8Array());
    for (const g of guias.filter((x) => emitidas.has(x.municipio)))
      await job.log(`Fora do arquivo: ${g.nome}/${g.uf} já tem o DAM nº ${emitidas.get(g.municipio)} emitido nesta competência; cancele-o (Cancelamento de DAM Betha) para enviá-lo de novo.`, 'aviso');
    await avisarSemMunicipio(job, semMunicipio);
    const total = novas.reduce((s, g) => s + g.iss, 0);
    if (!linhas.length) await job.log(`Nenhum DAM a enviar na competência ${competenciaBr(comp)}: o arquivo está vazio.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(novas.length, 'DAM', 'DAMs')} (${[...numeros.values()].join(', ') || 'nenhum'}), ${plural(linhas.length, 'serviço', 'serviços')}, ISS ${formatMoney(total)}.`);
  },
});

export type ParamsCancelamento = { competencia: string; uf: string | null; municipio: number | null; motivo: string };

async function previaCancelamento(ctx: AppContext, _s: unknown, p: ParamsCancelamento): Promise<Previa> {
  const comp = competenciaIso(p.competencia)!;
  const gs = await guiasEmitidas(ctx.db, comp.slice(0, 7), p.municipio);
  const total = gs.reduce((s, g) => s + Number(g.valor), 0);
  return {
    total: gs.length,
    resumo: gs.length
      ? `${plural(gs.length, 'DAM emitido será cancelado', 'DAMs emitidos serão cancelados')} na competência ${competenciaBr(comp)}, com ${formatMoney(total)} de ISS.`
      : `Nenhum DAM emitido na competência ${competenciaBr(comp)}${p.municipio ? ' neste município' : ''}: nada a cancelar.`,
    amostra: gs.slice(0, 8).map((g) => `DAM nº ${g.numero} — ${g.nome ?? g.municipio}/${g.uf ?? ''}: ISS ${formatMoney(Number(g.valor))}`),
  };
}

export const cancelamentoDamBethaKind = defineJobKind<ParamsCancelamento>({
  tipo: cancelamentoDamBetha.tipo,
  comandos: [cancelamentoDamBetha.comando],
  params: paramsSchema(cancelamentoDamBetha) as never,
  title: titulo('Cancelamento de DAM Betha') as never,
  preview: previaCancelamento as never,
  async run(job, p) {
    const comp = competenciaIso(p.competencia)!;
    const nome = await userName(job.ctx.db, job.session);
    const actor = { session: job.session, ip: '' };
    const motivo = p.motivo.trim();
    const canceladas = await job.ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const rows = await query<{ id: number; numero: string; municipio: number; valor: string }>(
        t,
        sql`update guias_dam set status = 'CANCELADA', cancelado_em = now(), cancelado_por = ${nome}, motivo_cancelamento = ${motivo}
            where competencia = ${comp.slice(0, 7)} and status = 'EMITIDA' ${p.municipio ? sql`and municipio = ${p.municipio}` : sql``}
            returning id, numero, municipio, valor_iss_centavos::text as valor`,
      );
      for (const r of rows) await recordTrail(t, actor, { entidade: 'guiadam', registroId: r.id, acao: 'update', antes: { numero: r.numero, status: 'EMITIDA' }, depois: { numero: r.numero, status: 'CANCELADA', motivo } });
      return rows.sort((a, b) => a.id - b.id);
    });
    if (!canceladas.length) throw AppError.of(422, `Nenhum DAM emitido na competência ${competenciaBr(comp)}${p.municipio ? ' neste município' : ''}: nada a cancelar.`);
    const op = await operadora(job.ctx);
    const [reg] = LAYOUT_CANCELAMENTO_DAM_BETHA.registros;
    const hoje = todayIso();
    const linhas = canceladas.map((g) => linhaCsv(reg, ';', { guia: g.numero, competencia: aaaamm(comp), cnpjTomador: op.cnpj, municipio: g.municipio, iss: Number(g.valor), data: hoje, motivo }));
    const arquivo = `CANCELAMENTO_DAM_BETHA_${aaaamm(comp)}.csv`;
    await job.saveFile(arquivo, 'csv', texto(linhas));
    await job.log(`${plural(canceladas.length, 'DAM cancelado', 'DAMs cancelados')} (${canceladas.map((g) => g.numero).join(', ')}), ISS ${formatMoney(canceladas.reduce((s, g) => s + Number(g.valor), 0))}; arquivo ${arquivo}. Motivo: ${motivo}`);
  },
});

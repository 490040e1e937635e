import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { exportacaoDes, exportacaoNotasServicosTomados, LAYOUT_DES, LAYOUT_NOTAS_SERVICOS_TOMADOS, TRIBUTOS_NOTA } from '../../shared/processos/iss';
import { linha, linhaCsv } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { pontosBase } from '../../shared/precos/calculo';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { aaaamm, texto } from './folha';

/**
 * The services the operator took in a competência, invoice by invoice (src/shared/processos/iss.ts): the NFS-e of the
 * requests consolidated in the competência's payments not reversed, with each payment's withholdings shared among its
 * requests in proportion to their values.
 */

export type ParamsTomados = { competencia: string; uf?: string | null; municipio?: number | null };
type Tributo = (typeof TRIBUTOS_NOTA)[number];

export interface NotaTomada {
  pagamento: string;
  solicitacao: string;
  cnpj: string;
  nome: string;
  municipio: number | null;
  uf: string | null;
  numero: string;
  serie: string | null;
  emissao: string;
  codigo: string;
  valorServicos: number;
  /** The request's share of each withholding of its payment (0 when the payment has none of that tax). */
  retido: Record<Tributo, number>;
  /** The ISS line of the payment: its base and rate shared the same way (null: no ISS withheld). */
  issBase: number | null;
  issAliquota: number;
}

/** Why a request of the competência is not in the file (the run's log names it). */
export interface Fora {
  prestador: string;
  motivo: string;
}

const PAGINA = 200;

interface PedidoRow {
  pagamento_id: number;
  pagamento: string;
  bruto: string;
  solicitacao: string;
  valor: string;
  prestador: string;
  tipo_pessoa: string;
  cnpj: string | null;
  municipio: number | null;
  uf: string | null;
  nfse_numero: string | null;
  nfse_serie: string | null;
  nfse_emissao: string | null;
  nfse_codigo_verificacao: string | null;
  nfse_valor: string | null;
}

const filtro = (comp: string, p: ParamsTomados) =>
  sql`g.competencia = ${comp} and g.estornado_em is null ${p.municipio ? sql`and pr.cidade = ${p.municipio}` : sql``}`;

/** Shares `total` among `pesos` in proportion, the last one taking the remainder (the shares add up to the total). */
export function repartir(total: number, pesos: number[]): number[] {
  const soma = pesos.reduce((s, x) => s + x, 0);
  if (!soma) return pesos.map((_, i) => (i === pesos.length - 1 ? total : 0));
  let usado = 0;
  return pesos.map((x, i) => {
    if (i === pesos.length - 1) return total - usado;
    const parte = Math.floor((total * x) / soma);
    usado += parte;
    return parte;
  });
}

/**
 * One page of the competência's payments (by id, after `depois`): the invoices of their requests and what stays out.
 * The shares are taken over all of a payment's requests (with an invoice or not), so each invoice carries its own part.
 */
async function pagina(db: Db, comp: string, p: ParamsTomados, depois: number, exigeMunicipio: boolean) {
  const ids = await query<{ id: number }>(
    db,
    sql`select g.id from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id where ${filtro(comp, p)} and g.id > ${depois} order by g.id limit ${PAGINA}`,
  );
  if (!ids.length) return { ultimo: null, notas: [] as NotaTomada[], fora: [] as Fora[] };
  const lista = sql.join(ids.map((r) => sql`${r.id}`), sql`, `);
  const pedidos = await query<PedidoRow>(
    db,
    sql`select g.id as pagamento_id, g.numero as pagamento, g.valor_bruto_centavos::text as bruto, s.numero as solicitacao, s.valor_total_centavos::text as valor,
               pr.nome as prestador, pr.tipo_pessoa, pr.cnpj, c.id as municipio, c.uf,
               s.nfse_numero, s.nfse_serie, s.nfse_emissao::text as nfse_emissao, s.nfse_codigo_verificacao, s.nfse_valor_servicos_centavos::text as nfse_valor
        from pagamentos_prestadores g join solicitacoes_pagamento s on s.pagamento_id = g.id join prestadores pr on pr.id = g.prestador_id
        left join cidades c on c.id = pr.cidade
        where g.id in (${lista}) order by g.id, s.id`,
  );
  const retencoes = await query<{ pagamento_id: number; tributo: string; base: string; aliquota: string | null; valor: string }>(
    db,
    sql`select pagamento_id, tributo, base_centavos::text as base, aliquota, valor_centavos::text as valor from retencoes_pagamentos where pagamento_id in (${lista})`,
  );
  const notas: NotaTomada[] = [];
  const fora: Fora[] = [];
  const porPagamento = new Map<number, PedidoRow[]>();
  for (const r of pedidos) porPagamento.set(r.pagamento_id, [...(porPagamento.get(r.pagamento_id) ?? []), r]);
  for (const [pagamentoId, seus] of porPagamento) {
    const primeiro = seus[0];
    if (primeiro.tipo_pessoa === 'F') {
      for (const s of seus) fora.push({ prestador: s.prestador, motivo: `pessoa física, a solicitação nº ${s.solicitacao} (pagamento nº ${s.pagamento}) é paga pelo RPA, sem NFS-e` });
      continue;
    }
    const pesos = seus.map((s) => Number(s.valor));
    const dele = retencoes.filter((x) => x.pagamento_id === pagamentoId);
    const partes = new Map(dele.map((x) => [x.tributo, { valor: repartir(Number(x.valor), pesos), base: repartir(Number(x.base), pesos), aliquota: x.aliquota }]));
    seus.forEach((s, i) => {
      if (!s.nfse_numero) return fora.push({ prestador: s.prestador, motivo: `a solicitação nº ${s.solicitacao} (pagamento nº ${s.pagamento}) não tem NFS-e informada` });
      if (!s.cnpj) return fora.push({ prestador: s.prestador, motivo: `sem CNPJ no cadastro (NFS-e nº ${s.nfse_numero})` });
      if (exigeMunicipio && s.municipio == null) return fora.push({ prestador: s.prestador, motivo: `sem município no cadastro (NFS-e nº ${s.nfse_numero})` });
      const iss = partes.get('ISS');
      const comIss = !!iss && Number(dele.find((x) => x.tributo === 'ISS')!.valor) > 0;
      notas.push({
        pagamento: s.pagamento,
        solicitacao: s.solicitacao,
        cnpj: s.cnpj,
        nome: s.prestador,
        municipio: s.municipio == null ? null : Number(s.municipio),
        uf: s.uf,
        numero: s.nfse_numero,
        serie: s.nfse_serie,
        emissao: s.nfse_emissao!,
        codigo: s.nfse_codigo_verificacao!,
        valorServicos: Number(s.nfse_valor),
        retido: Object.fromEntries(TRIBUTOS_NOTA.map((t) => [t, partes.get(t)?.valor[i] ?? 0])) as Record<Tributo, number>,
        issBase: comIss ? iss.base[i] : null,
        issAliquota: comIss && iss.aliquota != null ? pontosBase(iss.aliquota) : 0,
      });
    });
  }
  return { ultimo: ids.at(-1)!.id, notas, fora };
}

/** Walks the competência's payments a page at a time (checkpoint and progress between pages). */
async function percorrer(job: JobRun, p: ParamsTomados, exigeMunicipio: boolean, cada: (notas: NotaTomada[]) => void): Promise<Fora[]> {
  const comp = competenciaIso(p.competencia)!.slice(0, 7);
  const [{ n }] = await query<{ n: number }>(job.ctx.db, sql`select count(*)::int as n from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id where ${filtro(comp, p)}`);
  const fora: Fora[] = [];
  let depois = 0;
  let lidos = 0;
  for (;;) {
    await job.checkpoint();
    const pg = await pagina(job.ctx.db, comp, p, depois, exigeMunicipio);
    if (pg.ultimo == null) break;
    cada(pg.notas);
    fora.push(...pg.fora);
    depois = pg.ultimo;
    lidos += PAGINA;
    await job.progress(Math.min(95, Math.round((100 * lidos) / Math.max(n, 1))), 'Lendo as notas dos pagamentos');
  }
  return fora;
}

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

/**
 * The preview counts in SQL: the invoices that go in and the requests that stay out (and why, by kind); the sample
 * names the first of each.
 */
async function previaTomados(ctx: AppContext, p: ParamsTomados, exigeMunicipio: boolean): Promise<Previa> {
  const comp = competenciaIso(p.competencia)!.slice(0, 7);
  const entra = sql`pr.tipo_pessoa <> 'F' and s.nfse_numero is not null and pr.cnpj is not null ${exigeMunicipio ? sql`and pr.cidade is not null` : sql``}`;
  const rows = await query<{ entra: boolean; n: number; valor: string; exemplo: string }>(
    ctx.db,
    sql`select (${entra}) as entra, count(*)::int as n, coalesce(sum(s.nfse_valor_servicos_centavos), 0)::text as valor,
               min(pr.nome || case when pr.tipo_pessoa = 'F' then ' (pessoa física, RPA)' when s.nfse_numero is null then ' (solicitação ' || s.numero || ' sem NFS-e)' when pr.cnpj is null then ' (sem CNPJ)' when pr.cidade is null then ' (sem município)' else ': NFS-e nº ' || s.nfse_numero end) as exemplo
        from pagamentos_prestadores g join solicitacoes_pagamento s on s.pagamento_id = g.id join prestadores pr on pr.id = g.prestador_id
        where ${filtro(comp, p)} group by 1`,
  );
  const dentro = rows.find((r) => r.entra);
  const fora = rows.find((r) => !r.entra);
  const n = dentro?.n ?? 0;
  const compBr = competenciaBr(`${comp}-01`);
  return {
    total: n,
    resumo: n
      ? `${plural(n, 'nota fiscal', 'notas fiscais')} de serviços tomados na competência ${compBr}, ${formatMoney(Number(dentro!.valor))} em serviços${fora ? `; ${plural(fora.n, 'solicitação fica', 'solicitações ficam')} fora (listadas no registro)` : ''}.`
      : `Nenhuma nota fiscal de serviços tomados na competência ${compBr}${p.municipio ? ' neste município' : ''}${fora ? `; ${plural(fora.n, 'solicitação fica', 'solicitações ficam')} fora (listadas no registro)` : ''}.`,
    amostra: [dentro ? `Primeira nota: ${dentro.exemplo}` : null, fora ? `Fica fora, por exemplo: ${fora.exemplo}` : null].filter((x): x is string => !!x),
  };
}

async function registrarFora(job: JobRun, fora: Fora[]) {
  for (const f of fora) await job.log(`Fora do arquivo: ${f.prestador}: ${f.motivo}.`, 'aviso');
}

const titulo = (nome: string) => (_c: unknown, _m: unknown, p: ParamsTomados) => `${nome} de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`;

export const desExport = defineJobKind<ParamsTomados>({
  tipo: exportacaoDes.tipo,
  comandos: [exportacaoDes.comando],
  params: paramsSchema(exportacaoDes) as never,
  title: titulo('DES'),
  preview: ((ctx: AppContext, _s: unknown, p: ParamsTomados) => previaTomados(ctx, p, true)) as never,
  async run(job, p) {
    const [cab, det, rod] = LAYOUT_DES.registros;
    const comp = competenciaIso(p.competencia)!;
    const [op] = await query<{ cnpj: string; razao_social: string; cidade: number | null }>(job.ctx.db, sql`select cnpj, razao_social, cidade from operadoras order by id limit 1`);
    const linhas = [linha(cab, { cnpj: op?.cnpj, razaoSocial: op?.razao_social, municipio: op?.cidade, competencia: aaaamm(comp), geracao: todayIso() })];
    const soma = { notas: 0, valorServicos: 0, base: 0, iss: 0, retidas: 0 };
    const fora = await percorrer(job, p, true, (notas) => {
      for (const n of notas) {
        const retido = n.issBase != null;
        const base = n.issBase ?? n.valorServicos;
        linhas.push(
          linha(det, {
            cnpj: n.cnpj,
            nome: n.nome,
            municipio: n.municipio,
            uf: n.uf,
            numeroNota: n.numero,
            serie: n.serie,
            emissao: n.emissao,
            codigoVerificacao: n.codigo,
            valorServicos: n.valorServicos,
            base,
            aliquota: n.issAliquota,
            iss: n.retido.ISS,
            retido: retido ? 'S' : 'N',
            pagamento: n.pagamento,
          }),
        );
        soma.notas += 1;
        soma.valorServicos += n.valorServicos;
        soma.base += base;
        soma.iss += n.retido.ISS;
        if (retido) soma.retidas += 1;
      }
    });
    linhas.push(linha(rod, soma));
    const nome = `DES_${aaaamm(comp)}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await registrarFora(job, fora);
    if (!soma.notas) await job.log(`Nenhuma nota fiscal de serviços tomados na competência ${competenciaBr(comp)}: o arquivo tem só o cabeçalho e o rodapé.`, 'aviso');
    await job.log(
      `Arquivo ${nome}: ${plural(soma.notas, 'nota', 'notas')}, ${formatMoney(soma.valorServicos)} em serviços, ISS retido ${formatMoney(soma.iss)} em ${plural(soma.retidas, 'nota', 'notas')}${fora.length ? `; ${plural(fora.length, 'solicitação', 'solicitações')} fora` : ''}.`,
    );
  },
});

export const notasServicosTomadosExport = defineJobKind<ParamsTomados>({
  tipo: exportacaoNotasServicosTomados.tipo,
  comandos: [exportacaoNotasServicosTomados.comando],
  params: paramsSchema(exportacaoNotasServicosTomados) as never,
  title: titulo('Notas Fiscais de Serviços Tomados'),
  preview: ((ctx: AppContext, _s: unknown, p: ParamsTomados) => previaTomados(ctx, p, false)) as never,
  async run(job, p) {
    const [reg] = LAYOUT_NOTAS_SERVICOS_TOMADOS.registros;
    const comp = competenciaIso(p.competencia)!;
    const linhas: string[] = [];
    let valor = 0;
    let retencoes = 0;
    const fora = await percorrer(job, p, false, (notas) => {
      for (const n of notas) {
        const retido = TRIBUTOS_NOTA.reduce((s, t) => s + n.retido[t], 0);
        linhas.push(
          linhaCsv(reg, ';', {
            competencia: aaaamm(comp),
            cnpj: n.cnpj,
            nome: n.nome,
            numeroNota: n.numero,
            serie: n.serie,
            emissao: n.emissao,
            valorServicos: n.valorServicos,
            ...Object.fromEntries(TRIBUTOS_NOTA.map((t) => [t.toLowerCase(), n.retido[t]])),
            liquido: n.valorServicos - retido,
          }),
        );
        valor += n.valorServicos;
        retencoes += retido;
      }
    });
    const nome = `NOTAS_SERVICOS_TOMADOS_${aaaamm(comp)}.csv`;
    await job.saveFile(nome, 'csv', linhas.length ? texto(linhas) : new Uint8Array());
    await registrarFora(job, fora);
    if (!linhas.length) await job.log(`Nenhuma nota fiscal de serviços tomados na competência ${competenciaBr(comp)}: o arquivo está vazio.`, 'aviso');
    await job.log(`Arquivo ${nome}: ${plural(linhas.length, 'nota', 'notas')}, ${formatMoney(valor)} em serviços, ${formatMoney(retencoes)} retidos, líquido ${formatMoney(valor - retencoes)}.`);
  },
});

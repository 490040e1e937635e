import { sql } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { linha, posicoes, type RegistroLayout } from '../../shared/processos/layout';
import {
  CNAB_HEADER_ARQUIVO,
  CNAB_HEADER_LOTE,
  CNAB_SEGMENTO_P,
  CNAB_SEGMENTO_Q,
  CNAB_SEGMENTO_T,
  CNAB_SEGMENTO_U,
  CNAB_TRAILER_ARQUIVO,
  CNAB_TRAILER_LOTE,
  remessaRecebimentoBanco,
  retornoCobranca,
} from '../../shared/processos/recebiveis';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { remessasCobranca, titulosPagamentos } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { textoDoArquivo } from '../jobs/csv-input';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { csvLine } from '../resources/export';
import { recordTrail, recordTrailMany } from '../trail/record';
import { filtroTitulos } from './titulos';
import { operadora } from './folha';

/**
 * CNAB 240 (FEBRABAN v10.11) of the receivables: the remittance that registers the open titles at the bank (segments P
 * and Q) and the bank's return that settles them (segments T and U, movement 06 "liquidação"), which records the
 * payments. Every line is built from, and read against, the layout declared in src/shared/processos/recebiveis.ts.
 */

const NOME_BANCO: Record<string, string> = { '001': 'BANCO DO BRASIL S.A.' };
/** "3064-3" → ["3064", "3"]. */
const comDv = (s: string): [string, string] => {
  const d = s.replace(/[^0-9Xx]/g, '');
  return [d.slice(0, -1), d.slice(-1).toUpperCase()];
};

type ParamsRemessa = { competencia: string | null; banco: string };

interface TituloRemessa {
  id: number;
  nosso_numero: string;
  agencia: string;
  conta: string;
  convenio: string;
  competencia: string;
  emissao: string;
  vencimento: string;
  valor: number;
  nome: string;
  cpf: string | null;
  logradouro: string | null;
  numero: string | null;
  bairro: string | null;
  cep: string | null;
  cidade: string | null;
  uf: string | null;
}

async function aEnviar(ctx: AppContext, session: RequestSession, p: ParamsRemessa) {
  const competencia = p.competencia ? competenciaIso(p.competencia)! : null;
  const where = await filtroTitulos(ctx, session, {}, competencia);
  return sql`${where} and t.status = 'ABERTO' and t.remessa_id is null and t.banco = ${p.banco}`;
}

async function lerTitulos(ctx: AppContext, session: RequestSession, p: ParamsRemessa): Promise<TituloRemessa[]> {
  const where = await aEnviar(ctx, session, p);
  const rows = await query<TituloRemessa>(
    ctx.db,
    sql`select t.id, t.nosso_numero, t.agencia, t.conta, t.convenio, t.competencia::text as competencia, t.emissao::text as emissao, t.vencimento::text as vencimento, t.valor_centavos::float8 as valor,
               b.nome, b.cpf, b.logradouro, b.numero, b.bairro, b.cep, c.nome as cidade, b.uf
        from titulos t join beneficiarios b on b.id = t.titular_id left join cidades c on c.id = b.cidade where ${where} order by t.id`,
  );
  return rows.map((r) => ({ ...r, valor: Number(r.valor) }));
}

/** The remittance's account: every title of one file is under the same agency, account and convênio. */
function contaUnica(ts: TituloRemessa[]) {
  const contas = [...new Set(ts.map((t) => `${t.agencia}|${t.conta}|${t.convenio}`))];
  if (contas.length > 1)
    throw AppError.of(422, `Os títulos a enviar foram emitidos em ${contas.length} contas de cobrança (${contas.map((c) => c.split('|').join(' / ')).join('; ')}): uma remessa leva uma conta só. Filtre pela competência.`, { field: 'competencia' });
  return ts[0];
}

async function previaRemessa(ctx: AppContext, session: RequestSession, p: ParamsRemessa): Promise<Previa> {
  const ts = await lerTitulos(ctx, session, p);
  if (ts.length) contaUnica(ts);
  const total = ts.reduce((s, t) => s + t.valor, 0);
  return {
    total: ts.length,
    resumo: ts.length ? `${ts.length.toLocaleString('pt-BR')} ${ts.length === 1 ? 'título em aberto será registrado' : 'títulos em aberto serão registrados'} no banco, total ${formatMoney(total)}.` : 'Nenhum título em aberto a enviar ao banco com estes filtros.',
    amostra: ts.slice(0, 8).map((t) => `${t.nosso_numero} · ${t.nome} · ${competenciaBr(t.competencia)} · venc. ${isoToBr(t.vencimento)} · ${formatMoney(t.valor)}`),
  };
}

const horaSp = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date()).replace(/:/g, '');

export const remessaCobrancaKind = defineJobKind<ParamsRemessa>({
  tipo: remessaRecebimentoBanco.tipo,
  comandos: [remessaRecebimentoBanco.comando],
  params: paramsSchema(remessaRecebimentoBanco) as never,
  title: (_ctx, _c, p) => `Remessa CNAB 240${p.competencia ? ` de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}` : ''}`,
  preview: previaRemessa,
  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Selecionando os títulos');
    let ts = await lerTitulos(ctx, session, p);
    if (!ts.length) {
      await job.log('Nenhum título em aberto a enviar ao banco: nenhuma remessa gerada.', 'aviso');
      return;
    }
    const conta = contaUnica(ts);
    const op = await operadora(ctx);
    const [nomeOp] = await query<{ nome: string }>(ctx.db, sql`select razao_social as nome from operadoras order by id limit 1`);
    const [agencia, agenciaDv] = comDv(conta.agencia);
    const [numConta, contaDv] = comDv(conta.conta);
    const cc = { banco: p.banco, cnpj: op.cnpj, convenio: conta.convenio, agencia, agenciaDv, conta: numConta, contaDv, empresa: nomeOp?.nome ?? '' };
    const hoje = todayIso();
    let total = 0;
    let arquivo = '';
    let remessaId = 0;
    let nsa = 0;
    await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // the file's sequence (NSA) per bank, under a transaction lock so two runs never share one (nor a title)
      await query(t, sql`select pg_advisory_xact_lock(hashtext(${`remessa-cobranca-${p.banco}`}))`);
      // a title another run sent meanwhile stays in that run's file
      const ainda = new Set<number>();
      for (let i = 0; i < ts.length; i += 1000) {
        const ids = ts.slice(i, i + 1000).map((x) => sql`${x.id}`);
        for (const r of await query<{ id: number }>(t, sql`select id from titulos where remessa_id is null and status = 'ABERTO' and id in (${sql.join(ids, sql`, `)})`)) ainda.add(r.id);
      }
      ts = ts.filter((x) => ainda.has(x.id));
      if (!ts.length) throw badRequest('Os títulos desta seleção acabaram de ir para o banco em outra remessa.', 'competencia');
      total = ts.reduce((s, x) => s + x.valor, 0);
      const [{ seq }] = await query<{ seq: number }>(t, sql`select coalesce(max(sequencia), 0)::int + 1 as seq from remessas_cobranca where banco = ${p.banco}`);
      nsa = seq;
      const [r] = await tx.insert(remessasCobranca).values({ banco: p.banco, sequencia: seq, quantidade: ts.length, total, execucaoId: job.id }).returning({ id: remessasCobranca.id });
      remessaId = r.id;
      const linhas = [linha(CNAB_HEADER_ARQUIVO(true), { ...cc, nomeBanco: NOME_BANCO[p.banco], geracao: hoje, hora: horaSp(), nsa: seq }), linha(CNAB_HEADER_LOTE(true), { ...cc, numeroRemessa: seq, gravacao: hoje })];
      let sequencial = 0;
      for (const x of ts) {
        linhas.push(linha(CNAB_SEGMENTO_P, { ...cc, lote: '0001', sequencial: ++sequencial, nossoNumero: x.nosso_numero, numeroDocumento: String(x.id), vencimento: x.vencimento, valor: x.valor, emissao: x.emissao, usoEmpresa: `TIT${x.id}` }));
        const cep = (x.cep ?? '').replace(/\D/g, '').padStart(8, '0');
        linhas.push(
          linha(CNAB_SEGMENTO_Q, {
            banco: p.banco,
            lote: '0001',
            sequencial: ++sequencial,
            cpf: x.cpf ?? '',
            nome: x.nome,
            endereco: [x.logradouro, x.numero].filter(Boolean).join(' '),
            bairro: x.bairro,
            cep: cep.slice(0, 5),
            sufixoCep: cep.slice(5),
            cidade: x.cidade,
            uf: x.uf,
          }),
        );
      }
      linhas.push(linha(CNAB_TRAILER_LOTE, { banco: p.banco, registros: sequencial + 2, titulosSimples: ts.length, valorSimples: total }));
      linhas.push(linha(CNAB_TRAILER_ARQUIVO, { banco: p.banco, lotes: 1, registros: sequencial + 4 }));
      arquivo = `${linhas.join('\r\n')}\r\n`;
      for (let i = 0; i < ts.length; i += 1000) {
        const ids = ts.slice(i, i + 1000).map((x) => x.id);
        await query(t, sql`update titulos set remessa_id = ${remessaId}, atualizado_em = now(), version = version + 1 where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      }
      const actor = { session, ip: '' };
      await recordTrail(t, actor, { entidade: 'remessacobranca', registroId: remessaId, acao: 'insert', depois: { banco: p.banco, sequencia: seq, quantidade: ts.length, total } });
      // in chunks: one statement carries at most 65535 parameters
      for (let i = 0; i < ts.length; i += 1000)
        await recordTrailMany(t, actor, ts.slice(i, i + 1000).map((x) => ({ entidade: 'titulo', registroId: x.id, acao: 'update' as const, antes: { remessaId: null }, depois: { remessaId } })));
    });
    await job.progress(90, 'Gravando o arquivo');
    const nome = `CB${hoje.slice(8, 10)}${hoje.slice(5, 7)}-${String(nsa).padStart(6, '0')}.txt`;
    await job.saveFile(nome, 'txt', new TextEncoder().encode(arquivo));
    await job.log(`Remessa ${nsa} (${nome}) com ${ts.length.toLocaleString('pt-BR')} ${ts.length === 1 ? 'título' : 'títulos'}, total ${formatMoney(total)}.`);
  },
});

// ---- the bank's return ---------------------------------------------------------------------------------------------

/** A record's fields read by position (trimmed). */
function campos(r: RegistroLayout, l: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of posicoes(r)) out[c.nome] = l.slice(c.inicio - 1, c.fim).trim();
  return out;
}

const dataDe = (ddmmaaaa: string): string | null => {
  if (!/^\d{8}$/.test(ddmmaaaa) || ddmmaaaa === '00000000') return null;
  const iso = `${ddmmaaaa.slice(4)}-${ddmmaaaa.slice(2, 4)}-${ddmmaaaa.slice(0, 2)}`;
  const d = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
};

interface Liquidacao {
  linha: number;
  nossoNumero: string;
  movimento: string;
  valorPago: number;
  juros: number;
  tarifa: number;
  dataPagamento: string | null;
  dataCredito: string | null;
  titulo?: { id: number; valor: number; status: string; pago: boolean };
  erro?: string;
  /** Not a settlement (entrada confirmada, baixa…): read, not recorded. */
  ignorado?: string;
}

const MOVIMENTOS: Record<string, string> = { '02': 'entrada confirmada', '03': 'entrada rejeitada', '06': 'liquidação', '09': 'baixa', '17': 'liquidação após baixa', '28': 'débito de tarifas' };

/** The return file checked as a whole (a `badRequest` on `arquivo`), then each T/U pair on its own. */
async function lerRetorno(ctx: AppContext, session: RequestSession, p: { arquivo: number }) {
  const arquivo = await lerEntrada(ctx, session, retornoCobranca.comando, p);
  const linhas = textoDoArquivo(arquivo.conteudo)
    .split(/\r\n|\n|\r/)
    .map((l, i) => ({ n: i + 1, l }))
    .filter((x) => x.l.trim());
  for (const x of linhas) {
    if (x.l.length > 240) throw badRequest(`Linha ${x.n}: tem ${x.l.length} posições; o CNAB 240 tem 240.`, 'arquivo');
    x.l = x.l.padEnd(240, ' ');
  }
  const tipo = (l: string) => l[7];
  if (!linhas.length || tipo(linhas[0].l) !== '0') throw badRequest('A primeira linha do retorno deve ser o header de arquivo (registro 0, posição 8).', 'arquivo');
  const ha = campos(CNAB_HEADER_ARQUIVO(false), linhas[0].l);
  if (ha.remessaRetorno !== '2') throw badRequest(`Linha 1: o código remessa/retorno é "${ha.remessaRetorno}"; um retorno tem 2. Este arquivo parece uma remessa.`, 'arquivo');
  if (ha.banco !== '001') throw badRequest(`Linha 1: banco ${ha.banco}; a cobrança desta operadora é no banco 001.`, 'arquivo');
  const op = await operadora(ctx);
  if (ha.cnpj.padStart(14, '0') !== op.cnpj.padStart(14, '0')) throw badRequest(`Linha 1: o retorno é do CNPJ ${ha.cnpj}, não desta operadora (${op.cnpj}).`, 'arquivo');
  const ultimo = linhas.at(-1)!;
  if (tipo(ultimo.l) !== '9') throw badRequest(`A última linha (${ultimo.n}) deve ser o trailer de arquivo (registro 9).`, 'arquivo');
  const ta = campos(CNAB_TRAILER_ARQUIVO, ultimo.l);
  if (Number(ta.registros) !== linhas.length) throw badRequest(`O trailer de arquivo diz ${Number(ta.registros)} registros; o arquivo tem ${linhas.length}.`, 'arquivo');
  const detalhes = linhas.filter((x) => tipo(x.l) === '3');
  const outros = linhas.filter((x) => !['0', '1', '3', '5', '9'].includes(tipo(x.l)));
  if (outros.length) throw badRequest(`Linha ${outros[0].n}: tipo de registro "${tipo(outros[0].l)}" desconhecido (posição 8): use 0, 1, 3, 5 ou 9.`, 'arquivo');
  const trailerLote = linhas.find((x) => tipo(x.l) === '5');
  if (!trailerLote) throw badRequest('O retorno não tem o trailer de lote (registro 5).', 'arquivo');
  const tl = campos(CNAB_TRAILER_LOTE, trailerLote.l);
  if (Number(tl.registros) !== detalhes.length + 2) throw badRequest(`O trailer de lote diz ${Number(tl.registros)} registros; o lote tem ${detalhes.length + 2} (com header e trailer).`, 'arquivo');

  // each refusal is shown as "Linha <the T segment's line>: <erro>": an error read in the U segment names its own line inside
  const lidas: Liquidacao[] = [];
  for (let i = 0; i < detalhes.length; i++) {
    const d = detalhes[i];
    const seg = d.l[13];
    if (seg !== 'T') {
      lidas.push({ linha: d.n, nossoNumero: '', movimento: '', valorPago: 0, juros: 0, tarifa: 0, dataPagamento: null, dataCredito: null, erro: `Segmento "${seg}" fora de ordem: cada título vem num segmento T seguido do U.` });
      continue;
    }
    const prox = detalhes[i + 1];
    const t = campos(CNAB_SEGMENTO_T, d.l);
    const base: Liquidacao = { linha: d.n, nossoNumero: t.nossoNumero, movimento: t.movimento, valorPago: 0, juros: 0, tarifa: Number(t.tarifa) || 0, dataPagamento: null, dataCredito: null };
    if (!prox || prox.l[13] !== 'U') {
      lidas.push({ ...base, erro: 'O segmento T não é seguido do segmento U com os valores do pagamento.' });
      continue;
    }
    i++;
    const u = campos(CNAB_SEGMENTO_U, prox.l);
    const l: Liquidacao = { ...base, valorPago: Number(u.valorPago), juros: Number(u.juros), dataPagamento: dataDe(u.dataOcorrencia), dataCredito: dataDe(u.dataCredito) };
    if (t.movimento !== '06' && t.movimento !== '17') l.ignorado = `movimento ${t.movimento}${MOVIMENTOS[t.movimento] ? ` (${MOVIMENTOS[t.movimento]})` : ''}: nada a registrar`;
    else if (!/^\d{17}$/.test(t.nossoNumero)) l.erro = `Nosso número "${t.nossoNumero}" inválido: são 17 dígitos.`;
    else if (!/^\d{15}$/.test(prox.l.slice(77, 92))) l.erro = `Valor pago não numérico no segmento U (linha ${prox.n}, posições 78 a 92).`;
    else if (!l.dataPagamento) l.erro = `Data da ocorrência "${u.dataOcorrencia}" inválida no segmento U (linha ${prox.n}; DDMMAAAA).`;
    else if (l.dataPagamento > todayIso()) l.erro = `Data do pagamento ${isoToBr(l.dataPagamento)} no futuro (segmento U, linha ${prox.n}).`;
    else if (l.valorPago <= 0) l.erro = 'Liquidação sem valor pago.';
    lidas.push(l);
  }
  // the titles named, in the session's scope
  const nns = [...new Set(lidas.filter((l) => !l.erro && !l.ignorado).map((l) => l.nossoNumero))];
  const where = await filtroTitulos(ctx, session, {}, null);
  const titulos: { id: number; nosso_numero: string; valor: number; status: string; pago: boolean }[] = [];
  for (let i = 0; i < nns.length; i += 1000)
    titulos.push(
      ...(await query<{ id: number; nosso_numero: string; valor: number; status: string; pago: boolean }>(
        ctx.db,
        sql`select t.id, t.nosso_numero, t.valor_centavos::float8 as valor, t.status, exists (select 1 from titulos_pagamentos g where g.titulo_id = t.id and g.estornado_em is null) as pago
            from titulos t join beneficiarios b on b.id = t.titular_id where ${where} and t.nosso_numero in (${sql.join(nns.slice(i, i + 1000).map((n) => sql`${n}`), sql`, `)})`,
      )),
    );
  const porNn = new Map(titulos.map((t) => [t.nosso_numero, { ...t, valor: Number(t.valor) }]));
  const vistos = new Map<string, number>();
  for (const l of lidas) {
    if (l.erro || l.ignorado) continue;
    const t = porNn.get(l.nossoNumero);
    if (!t) l.erro = `Título de nosso número ${l.nossoNumero} não encontrado.`;
    else if (vistos.has(l.nossoNumero)) l.erro = `O título já foi liquidado na linha ${vistos.get(l.nossoNumero)} deste arquivo.`;
    else if (t.pago) l.erro = `O título ${l.nossoNumero} já tem pagamento registrado.`;
    else if (t.status !== 'ABERTO') l.erro = `O título ${l.nossoNumero} está ${t.status === 'ESTORNADO' ? 'estornado' : 'cancelado'}: o pagamento vai para análise (pagamento não identificado).`;
    else if (l.valorPago - l.juros < t.valor) l.erro = `Valor pago ${formatMoney(l.valorPago)} (sem juros e multa ${formatMoney(l.valorPago - l.juros)}) menor que o do título, ${formatMoney(t.valor)}.`;
    if (t && !l.erro) {
      l.titulo = t;
      vistos.set(l.nossoNumero, l.linha);
    }
  }
  return { arquivo, nsa: Number(ha.nsa), lidas };
}

export const retornoCobrancaKind = defineJobKind<{ arquivo: number }>({
  tipo: retornoCobranca.tipo,
  comandos: [retornoCobranca.comando],
  params: paramsSchema(retornoCobranca) as never,
  title: () => 'Retorno CNAB 240 da cobrança',
  async preview(ctx, session, p) {
    const { nsa, lidas } = await lerRetorno(ctx, session, p);
    const ok = lidas.filter((l) => l.titulo);
    const erros = lidas.filter((l) => l.erro);
    const ign = lidas.filter((l) => l.ignorado).length;
    return {
      total: ok.length,
      resumo: `Retorno ${nsa}: ${ok.length.toLocaleString('pt-BR')} ${ok.length === 1 ? 'pagamento será registrado' : 'pagamentos serão registrados'}, total ${formatMoney(ok.reduce((s, l) => s + l.valorPago, 0))}${erros.length ? `; ${erros.length} ${erros.length === 1 ? 'linha recusada' : 'linhas recusadas'} com o motivo` : ''}${ign ? `; ${ign} sem pagamento (outros movimentos)` : ''}.`,
      amostra: [...erros.slice(0, 5).map((l) => `Linha ${l.linha}: ${l.erro}`), ...ok.slice(0, 8 - Math.min(5, erros.length)).map((l) => `Linha ${l.linha}: ${l.nossoNumero} · pago em ${isoToBr(l.dataPagamento)} · ${formatMoney(l.valorPago)}`)],
    };
  },
  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Lendo o retorno');
    const { arquivo, nsa, lidas } = await lerRetorno(ctx, session, p);
    await job.log(`Retorno ${nsa} (${arquivo.nome}): ${lidas.length.toLocaleString('pt-BR')} ${lidas.length === 1 ? 'título' : 'títulos'}.`);
    const ok = lidas.filter((l) => l.titulo);
    const actor = { session, ip: '' };
    for (let i = 0; i < ok.length; i += 200) {
      await job.checkpoint();
      const lote = ok.slice(i, i + 200);
      await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // locked and checked again: a payment recorded since the preview is refused, never doubled
        const ids = lote.map((l) => l.titulo!.id);
        const livres = new Set(
          (await query<{ id: number }>(t, sql`select id from titulos where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and status = 'ABERTO' and not exists (select 1 from titulos_pagamentos g where g.titulo_id = titulos.id and g.estornado_em is null) for update`)).map((r) => r.id),
        );
        for (const l of lote) if (!livres.has(l.titulo!.id)) l.erro = `O título ${l.nossoNumero} foi pago ou estornado enquanto o retorno era lido.`;
        const gravar = lote.filter((l) => !l.erro);
        if (!gravar.length) return;
        const pags = await tx
          .insert(titulosPagamentos)
          .values(gravar.map((l) => ({ tituloId: l.titulo!.id, dataPagamento: l.dataPagamento!, dataCredito: l.dataCredito, valorPago: l.valorPago, juros: l.juros, tarifa: l.tarifa, origem: 'RETORNO', arquivo: arquivo.nome.slice(0, 200), linha: l.linha, execucaoId: job.id })))
          .returning({ id: titulosPagamentos.id, tituloId: titulosPagamentos.tituloId });
        await query(t, sql`update titulos set status = 'PAGO', atualizado_em = now(), version = version + 1 where id in (${sql.join(gravar.map((l) => sql`${l.titulo!.id}`), sql`, `)})`);
        await recordTrailMany(t, actor, [
          ...pags.map((g, k) => ({ entidade: 'pagamentotitulo', registroId: g.id, acao: 'insert' as const, depois: { tituloId: g.tituloId, nossoNumero: gravar[k].nossoNumero, dataPagamento: gravar[k].dataPagamento, valorPago: gravar[k].valorPago, arquivo: arquivo.nome } })),
          ...gravar.map((l) => ({ entidade: 'titulo', registroId: l.titulo!.id, acao: 'update' as const, antes: { status: 'ABERTO' }, depois: { status: 'PAGO' } })),
        ]);
      });
      await job.progress(((i + lote.length) / ok.length) * 90, `${(i + lote.length).toLocaleString('pt-BR')} de ${ok.length.toLocaleString('pt-BR')} pagamentos`);
    }
    const gravados = lidas.filter((l) => l.titulo && !l.erro);
    const erros = lidas.filter((l) => l.erro);
    for (const l of erros.slice(0, 50)) await job.log(`Linha ${l.linha}: ${l.erro}`, 'aviso');
    const csv = ['Linha;Nosso número;Movimento;Data do pagamento;Valor pago (centavos);Resultado;Motivo'];
    for (const l of lidas)
      csv.push(csvLine([String(l.linha), l.nossoNumero, l.movimento, l.dataPagamento ? isoToBr(l.dataPagamento) : '', String(l.valorPago), l.erro ? 'RECUSADO' : l.ignorado ? 'SEM PAGAMENTO' : 'REGISTRADO', l.erro ?? l.ignorado ?? '']));
    await job.saveFile(`retorno-${nsa}-${job.id}.csv`, 'csv', new TextEncoder().encode(`\uFEFF${csv.join('\r\n')}\r\n`));
    await job.log(`${gravados.length.toLocaleString('pt-BR')} ${gravados.length === 1 ? 'pagamento registrado' : 'pagamentos registrados'}, total ${formatMoney(gravados.reduce((s, l) => s + l.valorPago, 0))}; ${erros.length.toLocaleString('pt-BR')} ${erros.length === 1 ? 'linha recusada' : 'linhas recusadas'}.`, erros.length ? 'aviso' : 'info');
  },
});

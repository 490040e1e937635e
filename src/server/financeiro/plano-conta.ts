import { sql } from 'drizzle-orm';
import { LAYOUT_PLANO_CONTA, MAX_LINHAS_PLANO_CONTA, planoConta } from '../../shared/processos/contabilidade';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { lerCsv } from '../jobs/csv-input';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { recordTrailMany } from '../trail/record';

/**
 * Processar Plano de Contas: the chart of accounts (the Plano de Contas table of Financeiro) loaded from the
 * accountant's file. Every line is checked first (the code's 9 digits, the nature its first digit allows in the ANS
 * plan of accounts, RN 528/2022 — 1 assets, 2 liabilities and equity, 3 revenue, 4 expenses —, the type, posting only
 * on analytic accounts, a code once in the file); one bad line and nothing is written. A known code is updated field
 * by field, a new one included; accounts missing from the file stay (the mapping and entries refer to them).
 */

type Params = { arquivo: number };
const NATUREZAS = new Set(['ATIVO', 'PASSIVO', 'PL', 'RECEITA', 'DESPESA']);
const GRUPO: Record<string, readonly string[]> = { '1': ['ATIVO'], '2': ['PASSIVO', 'PL'], '3': ['RECEITA'], '4': ['DESPESA'] };
const ROTULO: Record<string, string> = { codigo: 'código', descricao: 'descrição', tipo: 'tipo', natureza: 'natureza', aceita_lancamento: 'aceita lançamento', ativo: 'ativa' };

interface Conta {
  codigo: string;
  descricao: string;
  tipo: 'SINTETICA' | 'ANALITICA';
  natureza: string;
  aceita_lancamento: boolean;
  ativo: boolean;
}
interface Erro {
  linha: number;
  mensagem: string;
}

const simNao = (v: string, padrao: boolean | null): boolean | null => (v === '' ? padrao : /^(s|sim)$/i.test(v) ? true : /^(n|nao|não)$/i.test(v) ? false : null);

function conferir(conteudo: Buffer) {
  const contas: (Conta & { linha: number })[] = [];
  const erros: Erro[] = [];
  const vistos = new Map<string, number>();
  for (const l of lerCsv(conteudo, LAYOUT_PLANO_CONTA)) {
    const e = (m: string) => erros.push({ linha: l.linha, mensagem: m });
    if (l.erro) {
      e(l.erro);
      continue;
    }
    const v = l.valores;
    const codigo = v.codigo.replace(/\./g, '');
    if (!/^\d{9}$/.test(codigo)) {
      e(`Código "${v.codigo}" inválido: use 9 dígitos.`);
      continue;
    }
    if (vistos.has(codigo)) {
      e(`A conta ${codigo} já está na linha ${vistos.get(codigo)}.`);
      continue;
    }
    vistos.set(codigo, l.linha);
    const natureza = v.natureza.toUpperCase();
    const tipo = v.tipo.toUpperCase() === 'S' ? 'SINTETICA' : v.tipo.toUpperCase() === 'A' ? 'ANALITICA' : null;
    const aceita = simNao(v.aceitaLancamento, false);
    const ativo = simNao(v.ativo, true);
    const antes = erros.length;
    if (!v.descricao) e(`Conta ${codigo}: informe a descrição.`);
    else if (v.descricao.length > 150) e(`Conta ${codigo}: a descrição tem ${v.descricao.length} caracteres; o máximo é 150.`);
    if (!tipo) e(`Conta ${codigo}: tipo "${v.tipo}" inválido; use S (sintética) ou A (analítica).`);
    if (!NATUREZAS.has(natureza)) e(`Conta ${codigo}: natureza "${v.natureza}" inválida; use ATIVO, PASSIVO, PL, RECEITA ou DESPESA.`);
    else if (!GRUPO[codigo[0]]?.includes(natureza)) e(`Conta ${codigo}: o grupo ${codigo[0]} do plano de contas não tem natureza ${natureza}.`);
    if (aceita == null) e(`Conta ${codigo}: aceita lançamento "${v.aceitaLancamento}" inválido; use S ou N.`);
    else if (aceita && tipo === 'SINTETICA') e(`Conta ${codigo}: conta sintética não aceita lançamento.`);
    if (ativo == null) e(`Conta ${codigo}: ativa "${v.ativo}" inválido; use S ou N.`);
    if (erros.length === antes) contas.push({ linha: l.linha, codigo, descricao: v.descricao, tipo: tipo!, natureza, aceita_lancamento: aceita!, ativo: ativo! });
  }
  return { contas, erros };
}

interface Plano {
  inclusoes: Conta[];
  alteracoes: { id: number; antes: Partial<Conta>; depois: Partial<Conta>; codigo: string }[];
  iguais: number;
  erros: Erro[];
}

async function lerArquivo(ctx: AppContext, session: RequestSession, p: Params) {
  const arquivo = await lerEntrada(ctx, session, planoConta.comando, p);
  const { contas, erros } = conferir(arquivo.conteudo);
  if (!contas.length && !erros.length) throw badRequest('O arquivo não tem nenhuma conta.', 'arquivo');
  if (contas.length + erros.length > MAX_LINHAS_PLANO_CONTA) throw badRequest(`O arquivo tem ${(contas.length + erros.length).toLocaleString('pt-BR')} contas: o limite é ${MAX_LINHAS_PLANO_CONTA.toLocaleString('pt-BR')}.`, 'arquivo');
  return { nome: arquivo.nome, contas, erros };
}

/** What the file changes in the table as it is now: the inclusions, the alterations field by field, the unchanged. */
async function comparar(db: Db, lido: { contas: Conta[]; erros: Erro[] }): Promise<Plano> {
  const atuais = new Map(
    (await query<Conta & { id: number }>(db, sql`select id, codigo, descricao, tipo, natureza, aceita_lancamento, ativo from planos_contas`)).map((c) => [c.codigo, c]),
  );
  const plano: Plano = { inclusoes: [], alteracoes: [], iguais: 0, erros: lido.erros };
  for (const c of lido.contas) {
    const atual = atuais.get(c.codigo);
    if (!atual) {
      plano.inclusoes.push(c);
      continue;
    }
    const antes: Record<string, unknown> = {};
    const depois: Record<string, unknown> = {};
    for (const k of ['descricao', 'tipo', 'natureza', 'aceita_lancamento', 'ativo'] as const)
      if (atual[k] !== c[k]) {
        antes[k] = atual[k];
        depois[k] = c[k];
      }
    if (Object.keys(depois).length) plano.alteracoes.push({ id: atual.id, codigo: c.codigo, antes, depois });
    else plano.iguais++;
  }
  return plano;
}

const valorTexto = (v: unknown) => (v === true ? 'S' : v === false ? 'N' : String(v));
const textoAlteracao = (a: Plano['alteracoes'][number]) =>
  `Altera ${a.codigo}: ${Object.keys(a.depois)
    .map((k) => `${ROTULO[k]} "${valorTexto(a.antes[k as keyof Conta])}" → "${valorTexto(a.depois[k as keyof Conta])}"`)
    .join('; ')}`;
const textoErros = (erros: Erro[]) => erros.slice(0, 5).map((x) => `Linha ${x.linha}: ${x.mensagem}`);

async function previaPlano(ctx: AppContext, session: RequestSession, p: Params): Promise<Previa> {
  const lido = await lerArquivo(ctx, session, p);
  const pl = await comparar(ctx.db, lido);
  if (pl.erros.length)
    return { total: pl.erros.length, resumo: `${pl.erros.length.toLocaleString('pt-BR')} ${pl.erros.length === 1 ? 'linha com erro' : 'linhas com erro'}: nada será gravado. Corrija o arquivo e envie de novo.`, amostra: pl.erros.slice(0, 8).map((x) => `Linha ${x.linha}: ${x.mensagem}`) };
  const amostra = [...pl.inclusoes.map((c) => `Inclui ${c.codigo} ${c.descricao} (${c.tipo === 'SINTETICA' ? 'sintética' : 'analítica'}, ${c.natureza})`), ...pl.alteracoes.map(textoAlteracao)];
  return {
    total: amostra.length,
    resumo: `${pl.inclusoes.length.toLocaleString('pt-BR')} ${pl.inclusoes.length === 1 ? 'conta incluída' : 'contas incluídas'}, ${pl.alteracoes.length.toLocaleString('pt-BR')} ${pl.alteracoes.length === 1 ? 'alterada' : 'alteradas'} e ${pl.iguais.toLocaleString('pt-BR')} sem mudança.`,
    amostra: amostra.slice(0, 8),
  };
}

export const planoContaKind = defineJobKind<Params>({
  tipo: planoConta.tipo,
  comandos: [planoConta.comando],
  params: paramsSchema(planoConta) as never,
  title: () => 'Importação do plano de contas',
  preview: previaPlano,
  async run(job, p) {
    await job.progress(0, 'Conferindo o arquivo');
    const actor = { session: job.session, ip: '' };
    const recusar = (pl: { erros: Erro[]; nome: string }) =>
      AppError.of(422, `${pl.erros.length.toLocaleString('pt-BR')} ${pl.erros.length === 1 ? 'linha com erro' : 'linhas com erro'} no arquivo ${pl.nome}: nada foi gravado. ${textoErros(pl.erros).join(' ')}`, { field: 'arquivo' });
    // the lines' errors are the file's: listed in the log before anything is locked
    const lido = await lerArquivo(job.ctx, job.session, p);
    if (lido.erros.length) {
      for (const x of lido.erros.slice(0, 200)) await job.log(`Linha ${x.linha}: ${x.mensagem}`, 'erro');
      throw recusar(lido);
    }
    const r = await job.ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`lock table planos_contas in share row exclusive mode`);
      // compared under the lock: the accounts may have changed since the preview
      const pl = { ...(await comparar(t, lido)), nome: lido.nome };
      const incluidas = pl.inclusoes.length
        ? await query<{ id: number; codigo: string }>(
            t,
            sql`insert into planos_contas (codigo, descricao, tipo, natureza, aceita_lancamento, ativo)
                values ${sql.join(pl.inclusoes.map((c) => sql`(${c.codigo}, ${c.descricao}, ${c.tipo}, ${c.natureza}, ${c.aceita_lancamento}, ${c.ativo})`), sql`, `)} returning id, codigo`,
          )
        : [];
      const porCodigoArquivo = new Map(lido.contas.map((c) => [c.codigo, c]));
      for (const a of pl.alteracoes) {
        const n = porCodigoArquivo.get(a.codigo)!;
        await t.execute(sql`update planos_contas set descricao = ${n.descricao}, tipo = ${n.tipo}, natureza = ${n.natureza}, aceita_lancamento = ${n.aceita_lancamento}, ativo = ${n.ativo}, version = version + 1 where id = ${a.id}`);
      }
      const porCodigo = new Map(pl.inclusoes.map((c) => [c.codigo, c]));
      await recordTrailMany(t, actor, [
        ...incluidas.map((x) => ({ entidade: 'planoconta', registroId: x.id, acao: 'insert' as const, depois: { ...porCodigo.get(x.codigo), arquivo: pl.nome } })),
        ...pl.alteracoes.map((a) => ({ entidade: 'planoconta', registroId: a.id, acao: 'update' as const, antes: a.antes, depois: { ...a.depois, arquivo: pl.nome } })),
      ]);
      return pl;
    });
    await job.progress(100, 'Plano de contas gravado');
    for (const a of r.alteracoes.slice(0, 50)) await job.log(textoAlteracao(a));
    await job.log(`Arquivo ${r.nome}: ${r.inclusoes.length} ${r.inclusoes.length === 1 ? 'conta incluída' : 'contas incluídas'}, ${r.alteracoes.length} ${r.alteracoes.length === 1 ? 'alterada' : 'alteradas'}, ${r.iguais} sem mudança.`);
  },
});

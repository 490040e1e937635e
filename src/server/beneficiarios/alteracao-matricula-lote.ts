import { sql } from 'drizzle-orm';
import type { Previa } from '../../shared/processos/define';
import { alteracaoMatriculaLote, MAX_LINHAS_ALTERACAO_MATRICULA } from '../../shared/processos/beneficiarios';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { scopeOf, scopeWhere, type Scope } from '../policy';
import { userName } from '../workflow/actor';
import { RECUSA_MATRICULA, trocarMatricula, type Cadastro } from './matricula';

type Params = { motivo: string; arquivo: number };

export interface LinhaMatricula {
  linha: number;
  anterior: string;
  nova: string;
}
interface Erro {
  linha: number;
  anterior: string;
  nova: string;
  mensagem: string;
}
type Aplicavel = LinhaMatricula & { cad: Cadastro };

const CHUNK = 200;

/** The file's text: UTF-8, or ISO-8859-1 when it is not valid UTF-8 (a spreadsheet saved on Windows). */
function texto(conteudo: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(conteudo);
  return (utf8.includes('\uFFFD') ? conteudo.toString('latin1') : utf8).replace(/^\uFEFF/, '');
}

/**
 * The file's lines as (line number, current matrícula, new one), and the lines that cannot be read, each with its
 * number (counted as an editor counts them, blank lines included). A header line is skipped; leading zeros a
 * spreadsheet dropped are put back. Within the file a matrícula may appear once on each side, and never as the new
 * one of a line and the current one of another (the result would depend on the order): those lines are refused.
 */
export function lerLinhas(conteudo: Buffer): { linhas: LinhaMatricula[]; erros: Erro[] } {
  const brutas = texto(conteudo).split(/\r\n|\n|\r/);
  const linhas: LinhaMatricula[] = [];
  const erros: Erro[] = [];
  let primeira = true;
  for (const [i, bruta] of brutas.entries()) {
    const n = i + 1;
    const l = bruta.trim();
    if (!l) continue;
    if (primeira && /[a-z]/i.test(l) && !/^\s*"?\d/.test(l)) {
      primeira = false;
      continue;
    }
    primeira = false;
    const cols = l.split(';').map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim());
    if (cols.length !== 2 || !cols[0] || !cols[1]) {
      erros.push({ linha: n, anterior: cols[0] ?? '', nova: cols[1] ?? '', mensagem: 'Informe a matrícula atual e a nova, separadas por ponto e vírgula (;).' });
      continue;
    }
    const ruim = cols.find((c) => !/^\d{1,10}$/.test(c));
    if (ruim !== undefined) {
      erros.push({ linha: n, anterior: cols[0], nova: cols[1], mensagem: `Matrícula "${ruim}" inválida: use até 10 dígitos.` });
      continue;
    }
    const [anterior, nova] = cols.map((c) => c.padStart(10, '0'));
    if (anterior === nova) {
      erros.push({ linha: n, anterior, nova, mensagem: `A matrícula nova é igual à atual (${nova}).` });
      continue;
    }
    linhas.push({ linha: n, anterior, nova });
  }
  // repeated or chained matrículas within the file
  const porAnterior = new Map<string, number>();
  const porNova = new Map<string, number>();
  for (const l of linhas) {
    if (!porAnterior.has(l.anterior)) porAnterior.set(l.anterior, l.linha);
    if (!porNova.has(l.nova)) porNova.set(l.nova, l.linha);
  }
  const validas: LinhaMatricula[] = [];
  for (const l of linhas) {
    const a = porAnterior.get(l.anterior)!;
    const b = porNova.get(l.nova)!;
    const cadeia = porAnterior.get(l.nova);
    const msg =
      a !== l.linha
        ? `A matrícula ${l.anterior} já aparece na linha ${a}.`
        : b !== l.linha
          ? `A matrícula nova ${l.nova} já aparece na linha ${b}.`
          : cadeia !== undefined
            ? `A matrícula nova ${l.nova} é a atual da linha ${cadeia}: faça essa troca em outro arquivo.`
            : null;
    if (msg) erros.push({ ...l, mensagem: msg });
    else validas.push(l);
  }
  erros.sort((x, y) => x.linha - y.linha);
  return { linhas: validas, erros };
}

/**
 * Each line checked against the registry in a few queries (not line by line): the current matrícula exists among the
 * records the session sees, and the new one is free. The refusals read as the single change's.
 */
async function conferir(db: Db, scope: Scope, linhas: LinhaMatricula[]): Promise<{ ok: Aplicavel[]; erros: Erro[] }> {
  const ok: Aplicavel[] = [];
  const erros: Erro[] = [];
  for (let i = 0; i < linhas.length; i += 5000) {
    const parte = linhas.slice(i, i + 5000);
    const anteriores = sql`${sql.join(parte.map((l) => sql`${l.anterior}`), sql`, `)}`;
    const novas = sql`${sql.join(parte.map((l) => sql`${l.nova}`), sql`, `)}`;
    const cads = new Map(
      (await query<Cadastro>(db, sql`select b.id, b.nome, b.matricula, b.situacao from beneficiarios b where b.matricula in (${anteriores}) and ${scopeWhere(scope, 'beneficiario', 'b')}`)).map((c) => [c.matricula, c]),
    );
    const donos = new Map((await query<{ matricula: string; nome: string }>(db, sql`select matricula, nome from beneficiarios where matricula in (${novas})`)).map((d) => [d.matricula, d.nome]));
    const antigos = new Map(
      (
        await query<{ matricula: string; nome: string; atual: string; id: number }>(
          db,
          sql`select ma.matricula, b.nome, b.matricula as atual, b.id from matriculas_anteriores ma join beneficiarios b on b.id = ma.beneficiario_id where ma.matricula in (${novas})`,
        )
      ).map((d) => [d.matricula, d]),
    );
    for (const l of parte) {
      const cad = cads.get(l.anterior);
      const antigo = antigos.get(l.nova);
      const msg = !cad
        ? `A matrícula ${l.anterior} não existe.`
        : cad.situacao === 'CANCELADO'
          ? RECUSA_MATRICULA.cancelado(cad.nome)
          : donos.has(l.nova)
            ? RECUSA_MATRICULA.deOutro(l.nova, donos.get(l.nova)!)
            : antigo && antigo.id !== cad.id
              ? RECUSA_MATRICULA.jaFoi(l.nova, antigo.nome, antigo.atual)
              : null;
      if (msg) erros.push({ ...l, mensagem: msg });
      else ok.push({ ...l, cad: cad! });
    }
  }
  return { ok, erros };
}

async function ler(ctx: AppContext, session: RequestSession, p: Params) {
  const arquivo = await lerEntrada(ctx, session, alteracaoMatriculaLote.comando, p);
  const lido = lerLinhas(arquivo.conteudo);
  const n = lido.linhas.length + lido.erros.length;
  if (n === 0) throw badRequest('O arquivo não tem nenhuma linha de matrícula.', 'arquivo');
  if (n > MAX_LINHAS_ALTERACAO_MATRICULA) throw badRequest(`O arquivo tem ${n.toLocaleString('pt-BR')} linhas: o limite é ${MAX_LINHAS_ALTERACAO_MATRICULA.toLocaleString('pt-BR')} por execução.`, 'arquivo');
  const scope = await scopeOf(ctx, session, 'beneficiario');
  const c = await conferir(ctx.db, scope, lido.linhas);
  return { arquivo, scope, ok: c.ok, erros: [...lido.erros, ...c.erros].sort((a, b) => a.linha - b.linha) };
}

const linhaErro = (e: Erro) => `Linha ${e.linha}: ${e.mensagem}`;
const csvCampo = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Alteração de Matrícula em Lote: each good line of the file applied whole (matrícula, former one in the history,
 * trail) in its own savepoint; blocks of lines in one short transaction, locked and checked again together first. Bad lines are
 * reported with their number and applied nowhere; the result of every line goes to a CSV.
 */
export const registrationNumberBatch = defineJobKind<Params>({
  tipo: alteracaoMatriculaLote.tipo,
  comandos: [alteracaoMatriculaLote.comando],
  params: paramsSchema(alteracaoMatriculaLote) as never,
  title: () => 'Alteração de matrícula em lote',

  async preview(ctx, session, p): Promise<Previa> {
    const { ok, erros } = await ler(ctx, session, p);
    const resumo = `${ok.length.toLocaleString('pt-BR')} ${ok.length === 1 ? 'matrícula será alterada' : 'matrículas serão alteradas'}${
      erros.length ? `; ${erros.length.toLocaleString('pt-BR')} ${erros.length === 1 ? 'linha com erro não será aplicada' : 'linhas com erro não serão aplicadas'}` : ''
    }.`;
    const amostra = [...erros.slice(0, 10).map(linhaErro), ...ok.slice(0, Math.max(0, 10 - erros.length)).map((l) => `Linha ${l.linha}: ${l.anterior} → ${l.nova} · ${l.cad.nome}`)];
    return { total: ok.length + erros.length, resumo, amostra };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Lendo o arquivo');
    const { arquivo, scope, ok, erros } = await ler(ctx, session, p);
    await job.log(`Arquivo ${arquivo.nome}: ${(ok.length + erros.length).toLocaleString('pt-BR')} linhas de matrícula, ${erros.length.toLocaleString('pt-BR')} com erro.`);
    for (const e of erros) await job.log(linhaErro(e), 'aviso');
    const usuarioNome = await userName(ctx.db, session);
    const actor = { session, ip: '' };
    const resultado = new Map<number, { l: LinhaMatricula; nome: string; r: string }>(erros.map((e) => [e.linha, { l: e, nome: '', r: e.mensagem }]));
    const falhou = async (l: LinhaMatricula, nome: string, r: string) => {
      resultado.set(l.linha, { l, nome, r });
      await job.log(linhaErro({ ...l, mensagem: r }), 'aviso');
    };
    let feitas = 0;
    for (let i = 0; i < ok.length; i += CHUNK) {
      await job.checkpoint();
      const parte = ok.slice(i, i + CHUNK);
      await ctx.db.transaction(async (t) => {
        // the block's records locked, then checked again together: what changed since the preview is refused here
        await query(t, sql`select id from beneficiarios where id in (${sql.join(parte.map((l) => sql`${l.cad.id}`), sql`, `)}) order by id for update`);
        const agora = await conferir(t, scope, parte);
        for (const e of agora.erros) await falhou(e, parte.find((l) => l.linha === e.linha)?.cad.nome ?? '', e.mensagem);
        for (const l of agora.ok) {
          // one savepoint per line: a line is applied whole or not at all, the others go on
          try {
            await t.transaction((sp) => trocarMatricula(sp as unknown as Db, actor, l.cad, l.nova, { motivo: p.motivo, usuarioNome, execucaoId: job.id }));
            resultado.set(l.linha, { l, nome: l.cad.nome, r: 'alterada' });
            feitas++;
          } catch {
            await falhou(l, l.cad.nome, 'Não aplicada: a matrícula nova passou a ser usada durante a execução.');
          }
        }
      });
      const n = Math.min(i + CHUNK, ok.length);
      await job.progress(Math.floor((n / ok.length) * 95), `Alterando ${n.toLocaleString('pt-BR')} de ${ok.length.toLocaleString('pt-BR')} matrículas`);
    }
    const linhas = ['Linha;Matrícula anterior;Matrícula nova;Beneficiário;Resultado'];
    for (const [, v] of [...resultado.entries()].sort((a, b) => a[0] - b[0])) linhas.push([String(v.l.linha), v.l.anterior, v.l.nova, v.nome, v.r].map(csvCampo).join(';'));
    await job.saveFile(`alteracao-matricula-${job.id}.csv`, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
    await job.log(`${feitas.toLocaleString('pt-BR')} matrículas alteradas; ${(resultado.size - feitas).toLocaleString('pt-BR')} linhas não aplicadas. Motivo: ${p.motivo}.`);
  },
});

import { asc, sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatMoney, sumMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso, exportacaoCoparticipacao, exportacaoMensalidade, FOLHAS, LAYOUT_COPARTICIPACAO, LAYOUT_MENSALIDADE, type FolhaExport } from '../../shared/processos/folha';
import { linha, linhaCsv, type Layout } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { operadoras } from '../db/schema';
import { query } from '../db/sql';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { familias, lerTabelas, titularesWhere, type Familia, type Filtro } from './cobranca';

export type Params = { competencia: string; empresa: number | null; produto: number | null; verba?: string };
const PAGINA = 300;

export const filtro = (p: Params): Filtro => ({ competencia: competenciaIso(p.competencia)!, empresa: p.empresa, produto: p.produto });
export const aaaamm = (iso: string) => iso.slice(0, 7).replace('-', '');
export const texto = (linhas: string[]) => new TextEncoder().encode(`${linhas.join('\r\n')}\r\n`);

export async function operadora(ctx: AppContext) {
  const [op] = await ctx.db.select({ cnpj: operadoras.cnpj, registroAns: operadoras.registroAns }).from(operadoras).orderBy(asc(operadoras.id)).limit(1);
  return { cnpj: String(op?.cnpj ?? ''), registroAns: String(op?.registroAns ?? '') };
}

async function contar(ctx: AppContext, session: RequestSession, p: Params) {
  const where = await titularesWhere(ctx, session, filtro(p));
  const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios b where ${where}`);
  return { where, n };
}

export async function previa(ctx: AppContext, session: RequestSession, p: Params): Promise<Previa> {
  const f = filtro(p);
  const { where, n } = await contar(ctx, session, p);
  const amostra = await familias(ctx.db, await lerTabelas(ctx.db, f.competencia), f, where, 0, 8);
  return {
    total: n,
    resumo: n === 0 ? 'Nenhum titular ativo com estes filtros na competência.' : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'titular entra' : 'titulares entram'} no arquivo de ${competenciaBr(f.competencia)}.`,
    amostra: amostra.map((x) => `${x.nome} · ${x.membros.length} ${x.membros.length === 1 ? 'vida' : 'vidas'} · ${formatMoney(x.total)}`),
  };
}

/**
 * Walks the families page by page, handing each page to `escrever`; logs what a conference needs (families without a
 * fee because no age band covers a member, ceilings applied) and the totals.
 */
export async function percorrer(job: JobRun, p: Params, escrever: (fs: Familia[]) => void) {
  const { ctx, session } = job;
  const f = filtro(p);
  const { where, n } = await contar(ctx, session, p);
  const tabelas = await lerTabelas(ctx.db, f.competencia);
  await job.log(`${n.toLocaleString('pt-BR')} titulares ativos na competência ${competenciaBr(f.competencia)}.`);
  let feitos = 0;
  let depois = 0;
  let semFaixa = 0;
  const soma = { mensalidade: 0, subsidio: 0, coparticipacao: 0, total: 0, teto: 0 };
  for (;;) {
    await job.checkpoint();
    const fs = await familias(ctx.db, tabelas, f, where, depois, PAGINA);
    if (!fs.length) break;
    for (const x of fs) {
      for (const m of x.membros) {
        if (m.mensalidade == null && semFaixa++ < 20) await job.log(`${m.nome} (matrícula ${m.matricula}, ${m.idade} anos): o plano não tem faixa etária para esta idade na competência; mensalidade zero.`, 'aviso');
        soma.teto += m.limiteCortou;
      }
      soma.mensalidade += x.mensalidade;
      soma.subsidio += x.subsidio;
      soma.coparticipacao += x.coparticipacao;
      soma.total += x.total;
    }
    escrever(fs);
    feitos += fs.length;
    depois = fs.at(-1)!.titularId;
    await job.progress(n ? Math.floor((feitos / n) * 95) : 95, `${feitos.toLocaleString('pt-BR')} de ${n.toLocaleString('pt-BR')} titulares`);
  }
  if (semFaixa > 20) await job.log(`Mais ${semFaixa - 20} beneficiários sem faixa etária na competência.`, 'aviso');
  await job.log(
    `Mensalidades ${formatMoney(soma.mensalidade)}, subsídio das empresas ${formatMoney(soma.subsidio)}, coparticipação ${formatMoney(soma.coparticipacao)}${soma.teto ? ` (o teto mensal cortou ${formatMoney(soma.teto)})` : ''}; total ${formatMoney(soma.total)}.`,
  );
  return { f, feitos, soma };
}

export const titulo = (nome: string) => (_ctx: AppContext, _c: string, p: Params) => `${nome} de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`;

/** A payroll discount file: header, one detail per titular with something to discount, trailer. */
function folhaKind(e: FolhaExport) {
  const [cab, det, rod] = e.layout.registros;
  return defineJobKind<Params>({
    tipo: e.processo.tipo,
    comandos: [e.processo.comando],
    params: paramsSchema(e.processo) as never,
    title: titulo(e.layout.titulo),
    preview: previa,
    async run(job, p) {
      const op = await operadora(job.ctx);
      const f = filtro(p);
      const comp = aaaamm(f.competencia);
      const linhas = [linha(cab, { cnpj: op.cnpj, registroAns: op.registroAns, competencia: comp, geracao: todayIso() })];
      let total = 0;
      let zerados = 0;
      const parcelas = det.campos.some((c) => c.nome === 'parcela');
      const { feitos } = await percorrer(job, p, (fs) => {
        for (const x of fs) {
          if (x.total <= 0) {
            zerados++;
            continue;
          }
          const base = { cpf: x.cpf, matricula: x.matricula, nome: x.nome, verba: p.verba, competencia: comp, planoAns: x.planoAns, dependentes: Math.min(9, x.membros.length - 1), saldo: sumMoney(x.membros.map((m) => m.limiteCortou)) };
          // layouts that carry fee and coparticipation as separate entries get one line per non-zero part
          const partes = parcelas
            ? [
                { parcela: 1, valor: x.mensalidade - x.subsidio },
                { parcela: 2, valor: x.coparticipacao },
              ].filter((q) => q.valor > 0)
            : [{ valor: x.total, mensalidade: x.mensalidade - x.subsidio, coparticipacao: x.coparticipacao }];
          for (const q of partes) {
            linhas.push(linha(det, { ...base, ...q }));
            total += q.valor;
          }
        }
      });
      linhas.push(linha(rod, { quantidade: linhas.length - 1, total }));
      if (zerados) await job.log(`${zerados.toLocaleString('pt-BR')} titulares sem valor a descontar ficaram fora do arquivo.`);
      const nome = `${e.layout.arquivo.match(/nome (\w+?)_/)?.[1] ?? 'FOLHA'}_${comp}.txt`;
      await job.saveFile(nome, 'txt', texto(linhas));
      await job.log(`Arquivo ${nome} com ${(linhas.length - 2).toLocaleString('pt-BR')} registros de ${feitos.toLocaleString('pt-BR')} titulares, total ${formatMoney(total)}.`);
    },
  });
}

export const FOLHA_KINDS = FOLHAS.map(folhaKind);

/** The operator's billing file: every member's line, then the family's total. */
export const mensalidadeExport = defineJobKind<Params>({
  tipo: exportacaoMensalidade.tipo,
  comandos: [exportacaoMensalidade.comando],
  params: paramsSchema(exportacaoMensalidade) as never,
  title: titulo('Mensalidades'),
  preview: previa,
  async run(job, p) {
    const L: Layout = LAYOUT_MENSALIDADE;
    const [cab, ben, fam, rod] = L.registros;
    const op = await operadora(job.ctx);
    const comp = aaaamm(filtro(p).competencia);
    const linhas = [linha(cab, { registroAns: op.registroAns, competencia: comp, geracao: todayIso() })];
    let detalhes = 0;
    let total = 0;
    await percorrer(job, p, (fs) => {
      for (const x of fs) {
        for (const m of x.membros) linhas.push(linha(ben, { matriculaTitular: x.matricula, matricula: m.matricula, nome: m.nome, relacao: m.relacao, idade: m.idade, mensalidade: m.mensalidade ?? 0, coparticipacao: m.coparticipacao }));
        linhas.push(linha(fam, { matriculaTitular: x.matricula, mensalidade: x.mensalidade, subsidio: x.subsidio, coparticipacao: x.coparticipacao, valor: x.total }));
        detalhes += x.membros.length + 1;
        total += x.total;
      }
    });
    linhas.push(linha(rod, { quantidade: detalhes, total }));
    await job.saveFile(`MENSALIDADE_${comp}.txt`, 'txt', texto(linhas));
    await job.log(`Arquivo MENSALIDADE_${comp}.txt com ${detalhes.toLocaleString('pt-BR')} registros, total ${formatMoney(total)}.`);
  },
});

/** The month's coparticipation events, one CSV line each, for the client's conference. */
export const coparticipacaoExport = defineJobKind<Params>({
  tipo: exportacaoCoparticipacao.tipo,
  comandos: [exportacaoCoparticipacao.comando],
  params: paramsSchema(exportacaoCoparticipacao) as never,
  title: titulo('Coparticipação'),
  preview: previa,
  async run(job, p) {
    const [reg] = LAYOUT_COPARTICIPACAO.registros;
    const sep = LAYOUT_COPARTICIPACAO.separador!;
    const linhas = [reg.campos.map((c) => c.descricao).join(sep)];
    let eventos = 0;
    const { f } = await percorrer(job, p, (fs) => {
      for (const x of fs)
        for (const m of x.membros)
          for (const e of m.eventos) {
            eventos++;
            linhas.push(linhaCsv(reg, sep, { matriculaTitular: x.matricula, titular: x.nome, matricula: m.matricula, beneficiario: m.nome, guia: e.guia, data: e.data, codigo: e.codigo, procedimento: e.descricao, quantidade: e.quantidade, valorEvento: e.valorEvento, regra: e.regra, cobrado: e.cobrado }));
          }
    });
    const nome = `coparticipacao-${aaaamm(f.competencia)}.csv`;
    await job.saveFile(nome, 'csv', new TextEncoder().encode(`\uFEFF${linhas.join('\r\n')}\r\n`));
    await job.log(`Planilha ${nome} com ${eventos.toLocaleString('pt-BR')} eventos.`);
  },
});

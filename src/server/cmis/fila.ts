import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { envioCmis, FILA_CMIS_LIST, MSG_CMIS_NAO_CONFIGURADO, type SituacaoCmis } from '../../shared/cmis';
import { instantToBr, isoToBr } from '../../shared/dates';
import { canalLabel, remetenteLabel, tipoDocumentoLabel } from '../../shared/protocolos';
import { formatDocument } from '../../shared/validation/br';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { folded, query } from '../db/sql';
import { dbFileStore } from '../files/store';
import { defineJobKind, type JobRun } from '../jobs/kind';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { recordTrailMany } from '../trail/record';
import { abrirCmis, CmisError, type CmisSessao } from './cliente';

/**
 * The CMIS queue: a protocolled document and a file of the file manager enter it in the transaction that creates them
 * (`enfileirar*`); a run sends what is pending or failed, one document at a time, each ending "enviado" (with the
 * repository's object id) or "erro" (with its answer); without the repository configured, or when it cannot be
 * reached, the documents stay "pendente" with the reason.
 */

export async function enfileirarProtocolo(t: Db, id: number, numero: string) {
  await t.execute(
    sql`insert into cmis_documentos (origem, protocolo_id, nome, pasta) values ('PROTOCOLO', ${id}, ${`Protocolo ${numero.replace('/', '-')}.txt`}, ${`Protocolos/${numero.slice(0, 4)}`}) on conflict do nothing`,
  );
}

export async function enfileirarArquivo(t: Db, id: number, nome: string) {
  await t.execute(sql`insert into cmis_documentos (origem, arquivo_id, nome, pasta) values ('ARQUIVO', ${id}, ${nome}, 'Gerenciador') on conflict do nothing`);
}

interface Item {
  id: number;
  origem: 'PROTOCOLO' | 'ARQUIVO';
  protocolo_id: number | null;
  arquivo_id: number | null;
  nome: string;
  pasta: string;
}

/** The protocol's record as a short text document (what came in, from whom, for which sector, when). */
async function textoDoProtocolo(db: Db, id: number): Promise<{ texto: string; descricao: string } | null> {
  const [p] = await query<Record<string, string | number | null>>(
    db,
    sql`select p.numero, p.status, p.remetente_tipo, p.remetente_nome, p.remetente_documento, p.tipo_documento, p.assunto, s.descricao as setor, p.folhas,
          to_char(p.recebido_em, 'YYYY-MM-DD') as recebido_em, p.canal, p.observacao, p.criado_em
        from protocolos_documentos p left join setores_empresa s on s.id = p.setor_id where p.id = ${id}`,
  );
  if (!p) return null;
  const doc = p.remetente_documento ? String(p.remetente_documento) : '';
  const linhas = [
    `Protocolo: ${p.numero}`,
    `Recebido em: ${isoToBr(p.recebido_em)} (registrado em ${instantToBr(new Date(String(p.criado_em)))})`,
    `Canal: ${canalLabel(String(p.canal))}`,
    `Remetente: ${p.remetente_nome} (${remetenteLabel(String(p.remetente_tipo))})${doc ? ` — ${formatDocument(doc.length === 14 ? 'cnpj' : 'cpf', doc)}` : ''}`,
    `Tipo de documento: ${tipoDocumentoLabel(String(p.tipo_documento))}`,
    `Assunto: ${p.assunto}`,
    `Setor: ${p.setor ?? ''}`,
    `Folhas: ${p.folhas}`,
    `Situação: ${p.status}`,
    ...(p.observacao ? [`Observação: ${p.observacao}`] : []),
  ];
  return { texto: `${linhas.join('\r\n')}\r\n`, descricao: `Protocolo ${p.numero}: ${p.assunto}`.slice(0, 250) };
}

/** A file manager's file goes to the folder of the same path under Gerenciador. */
async function pastaDoArquivo(db: Db, arquivoId: number): Promise<string> {
  const [r] = await query<{ caminho: string | null }>(
    db,
    sql`with recursive sobe(id, nome, pai_id, nivel) as (
          select p.id, p.nome, p.pai_id, 0 from arquivos a join pastas p on p.id = a.contexto_id where a.id = ${arquivoId}
          union all select p.id, p.nome, p.pai_id, s.nivel + 1 from pastas p join sobe s on p.id = s.pai_id)
        select string_agg(nome, '/' order by nivel desc) as caminho from sobe`,
  );
  return r?.caminho ? `Gerenciador/${r.caminho}` : 'Gerenciador';
}

async function conteudoDe(db: Db, it: Item): Promise<{ tipo: string; conteudo: Uint8Array; descricao?: string; pasta: string } | null> {
  if (it.origem === 'PROTOCOLO') {
    const p = await textoDoProtocolo(db, it.protocolo_id!);
    return p && { tipo: 'text/plain', conteudo: Buffer.from(p.texto, 'utf8'), descricao: p.descricao, pasta: it.pasta };
  }
  const f = await dbFileStore.read(db, it.arquivo_id!);
  if (!f) return null;
  const parts: Buffer[] = [];
  for await (const part of dbFileStore.parts(db, f.id)) parts.push(part);
  return { tipo: f.tipo, conteudo: Buffer.concat(parts), pasta: await pastaDoArquivo(db, f.id) };
}

const A_ENVIAR = sql`status in ('pendente', 'erro')`;
const LOTE = 20;

async function contar(db: Db) {
  const [r] = await query<{ pendentes: number; erros: number; enviados: number }>(
    db,
    sql`select count(*) filter (where status = 'pendente')::int as pendentes, count(*) filter (where status = 'erro')::int as erros, count(*) filter (where status = 'enviado')::int as enviados from cmis_documentos`,
  );
  return r;
}

async function gravar(job: JobRun, it: Item, r: { status: 'enviado' | 'erro' | 'pendente'; motivo: string | null; objetoId?: string; pasta?: string }) {
  await job.ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(
      sql`update cmis_documentos set status = ${r.status}, motivo = ${r.motivo?.slice(0, 1000) ?? null}, objeto_id = ${r.objetoId ?? null}, pasta = ${r.pasta ?? it.pasta},
            tentativas = tentativas + ${r.status === 'pendente' ? 0 : 1}, enviado_em = ${r.status === 'enviado' ? sql`now()` : sql`enviado_em`}, execucao_id = ${job.id} where id = ${it.id}`,
    );
    if (r.status !== 'pendente')
      await recordTrailMany(t, { session: job.session, ip: '' }, [{ entidade: 'documentocmis', registroId: it.id, acao: 'update', antes: { status: 'pendente' }, depois: { status: r.status, objetoId: r.objetoId ?? null, motivo: r.motivo } }]);
  });
}

export const cmisSend = defineJobKind<Record<string, never>>({
  tipo: envioCmis.tipo,
  comandos: [envioCmis.comando],
  params: paramsSchema(envioCmis) as never,
  title: () => 'Envio ao repositório CMIS',

  async preview(ctx) {
    const c = await contar(ctx.db);
    const n = c.pendentes + c.erros;
    const amostra = await query<{ nome: string; pasta: string; status: string }>(ctx.db, sql`select nome, pasta, status from cmis_documentos where ${A_ENVIAR} order by id limit 8`);
    return {
      total: n,
      resumo: !n
        ? 'Nenhum documento a enviar: a fila está em dia.'
        : `${n} ${n === 1 ? 'documento será enviado' : 'documentos serão enviados'} (${c.pendentes} ${c.pendentes === 1 ? 'pendente' : 'pendentes'}, ${c.erros} com erro${c.erros === 1 ? '' : 's'} anterior${c.erros === 1 ? '' : 'es'})${ctx.config.cmis ? '' : `. ${MSG_CMIS_NAO_CONFIGURADO}`}.`,
      amostra: amostra.map((a) => `${a.pasta}/${a.nome}${a.status === 'erro' ? ' (nova tentativa)' : ''}`),
    };
  },

  async run(job) {
    const { ctx } = job;
    const c = await contar(ctx.db);
    const total = c.pendentes + c.erros;
    const cfg = ctx.config.cmis;
    if (!cfg) {
      await ctx.db.execute(sql`update cmis_documentos set motivo = ${MSG_CMIS_NAO_CONFIGURADO} where status = 'pendente'`);
      await job.log(`Repositório CMIS não configurado (CMIS_URL): ${total} ${total === 1 ? 'documento ficou pendente' : 'documentos ficaram pendentes'} na fila.`, 'aviso');
      return;
    }
    let sessao: CmisSessao;
    try {
      sessao = await abrirCmis(cfg);
    } catch (err) {
      if (!(err instanceof CmisError)) throw err;
      await ctx.db.execute(sql`update cmis_documentos set motivo = ${err.message.slice(0, 1000)} where status = 'pendente'`);
      await job.log(`${err.message} ${total} ${total === 1 ? 'documento ficou pendente' : 'documentos ficaram pendentes'} na fila.`, 'erro');
      return;
    }
    await job.log(`Repositório ${sessao.repositorio} em ${new URL(cfg.url).host}: ${total} ${total === 1 ? 'documento' : 'documentos'} a enviar.`);
    let enviados = 0;
    let erros = 0;
    let depois = 0;
    for (;;) {
      await job.checkpoint();
      const lote = await query<Item>(ctx.db, sql`select id, origem, protocolo_id, arquivo_id, nome, pasta from cmis_documentos where ${A_ENVIAR} and id > ${depois} order by id limit ${LOTE}`);
      if (!lote.length) break;
      depois = lote.at(-1)!.id;
      for (const it of lote) {
        const doc = await conteudoDe(ctx.db, it);
        if (!doc) {
          await gravar(job, it, { status: 'erro', motivo: 'O documento de origem não existe mais.' });
          erros++;
          continue;
        }
        const destino = `${cfg.pasta}/${doc.pasta}`;
        try {
          const objetoId = await sessao.criarDocumento(destino, { nome: it.nome, tipo: doc.tipo, conteudo: doc.conteudo, descricao: doc.descricao });
          await gravar(job, it, { status: 'enviado', motivo: null, objetoId, pasta: doc.pasta });
          enviados++;
        } catch (err) {
          if (!(err instanceof CmisError)) throw err;
          if (err.conexao) {
            // the repository dropped: the rest waits in the queue rather than all failing the same way
            await ctx.db.execute(sql`update cmis_documentos set motivo = ${err.message.slice(0, 1000)} where status = 'pendente'`);
            const resto = total - enviados - erros;
            await job.log(`${err.message} ${resto} ${resto === 1 ? 'documento ficou pendente' : 'documentos ficaram pendentes'} na fila.`, 'erro');
            return;
          }
          await gravar(job, it, { status: 'erro', motivo: err.message, pasta: doc.pasta });
          await job.log(`${it.nome}: ${err.message}`, 'aviso');
          erros++;
        }
      }
      await job.progress(Math.floor(((enviados + erros) / Math.max(1, total)) * 95), `${enviados + erros} de ${total} documentos`);
    }
    await job.log(`${enviados} ${enviados === 1 ? 'documento enviado' : 'documentos enviados'}; ${erros} com erro.`, erros ? 'aviso' : 'info');
  },
});

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

const filaSource: ListSource = {
  from: sql`cmis_documentos d`,
  alias: 'd',
  fields: {
    id: { expr: sql`d.id` },
    criadoEm: { expr: sql`d.criado_em` },
    origem: { expr: sql`d.origem` },
    nome: { expr: sql`d.nome`, folded: folded(sql`d.nome`) },
    status: { expr: sql`d.status` },
  },
  async rows(db, ids) {
    const rows = await query<Row>(
      db,
      sql`select d.id, d.criado_em as "criadoEm", d.origem, d.nome, d.pasta, d.status, d.tentativas, d.enviado_em as "enviadoEm", d.objeto_id as "objetoId", d.motivo
          from ${pageIds(ids, 'k')} join cmis_documentos d on d.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, criadoEm: iso(r.criadoEm), enviadoEm: iso(r.enviadoEm) }));
  },
};

export function cmisRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, FILA_CMIS_LIST, filaSource, { neighbors: false });
  app.get('/api/cmis/situacao', { config: { access: { command: FILA_CMIS_LIST.command } } }, async (): Promise<{ result: SituacaoCmis }> => {
    const c = ctx.config.cmis;
    let servico: string | null = null;
    if (c) {
      const u = new URL(c.url);
      servico = `${u.protocol}//${u.host}${u.pathname}`;
    }
    return { result: { configurado: !!c, servico, repositorio: c?.repositorio ?? null, pasta: c?.pasta ?? null, ...(await contar(ctx.db)) } };
  });
}

import { sql } from 'drizzle-orm';
import { isoToBr } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { alteracaoProtocolo } from '../../shared/processos/protocolos';
import { paramsSchema } from '../../shared/processos/schema';
import { canalLabel, FLUXO, formatNumero, lerNumero, remetenteLabel, tipoDocumentoLabel, type Status } from '../../shared/protocolos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName } from '../workflow/actor';

/**
 * Alteração de Protocolo: corrects what the desk typed wrong on one open protocol (the provider who sent it, the
 * document's kind, subject, sheets, date of receipt, channel, note). The sector is not here: that is forwarding.
 */

type Params = {
  protocolo: string;
  prestador: number | null;
  tipoDocumento: string | null;
  assunto: string | null;
  folhas: number | null;
  recebidoEm: string | null;
  canal: string | null;
  observacao: string | null;
  motivo: string;
};

export interface ProtocoloRow {
  id: number;
  numero: string;
  status: Status;
  remetente_tipo: string;
  prestador_id: number | null;
  remetente_nome: string;
  remetente_documento: string | null;
  tipo_documento: string;
  assunto: string;
  folhas: number;
  recebido_em: string;
  canal: string;
  observacao: string | null;
  version: number;
}

const COLUNAS = sql`id, numero, status, remetente_tipo, prestador_id, remetente_nome, remetente_documento, tipo_documento, assunto, folhas,
  recebido_em::text as recebido_em, canal, observacao, version`;

/** Only the staff who see every protocol change one (the desk's rule for registering, src/server/protocolos/registro.ts). */
export async function exigeEscopoTotal(ctx: AppContext, session: RequestSession) {
  const escopo = await scopeOf(ctx, session, 'protocolodocumento');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
}

/** A provider as a protocol's sender: its name and CPF/CNPJ as registered. */
export async function prestadorRemetente(db: Db, id: number, field: string): Promise<{ id: number; nome: string; codigo: string; documento: string | null }> {
  const [p] = await query<{ id: number; nome: string; codigo: string; cnpj: string | null; cpf: string | null }>(db, sql`select id, nome, codigo, cnpj, cpf from prestadores where id = ${id}`);
  if (!p) throw badRequest('Prestador não encontrado.', field);
  return { id: p.id, nome: p.nome, codigo: p.codigo, documento: p.cnpj ?? p.cpf };
}

async function protocolo(ctx: AppContext, db: Db, session: RequestSession, typed: string, lock = false): Promise<ProtocoloRow> {
  await exigeEscopoTotal(ctx, session);
  const n = lerNumero(typed);
  if (!n || n.ano == null) throw badRequest('Informe o número do protocolo com o ano (ex.: 2026/000123).', 'protocolo');
  const numero = formatNumero(n.ano, n.seq);
  const [r] = await query<ProtocoloRow>(db, sql`select ${COLUNAS} from protocolos_documentos where numero = ${numero}${lock ? sql` for update` : sql``}`);
  if (!r) throw badRequest(`Protocolo ${numero} não encontrado.`, 'protocolo');
  if (FLUXO.closed.includes(r.status))
    throw AppError.of(422, `O protocolo ${numero} está ${FLUXO.labels[r.status].toLowerCase()}: só um protocolo em aberto (protocolado ou em análise) pode ser corrigido.`, { field: 'protocolo' });
  return r;
}

interface Mudanca {
  campo: string;
  rotulo: string;
  de: string;
  para: string;
}

/** What would change, field by field (only what differs from the record), and the columns to write. */
async function mudancas(db: Db, r: ProtocoloRow, p: Params): Promise<{ lista: Mudanca[]; set: Record<string, unknown> }> {
  const lista: Mudanca[] = [];
  const set: Record<string, unknown> = {};
  if (p.prestador != null && p.prestador !== r.prestador_id) {
    if (r.remetente_tipo !== 'PRESTADOR')
      throw badRequest(`O protocolo ${r.numero} foi enviado por ${remetenteLabel(r.remetente_tipo).toLowerCase()}: o prestador só se corrige em protocolos enviados por prestador.`, 'prestador');
    const novo = await prestadorRemetente(db, p.prestador, 'prestador');
    lista.push({ campo: 'prestador', rotulo: 'Prestador', de: r.remetente_nome, para: `${novo.nome} (${novo.codigo})` });
    Object.assign(set, { prestador_id: novo.id, remetente_nome: novo.nome, remetente_documento: novo.documento });
  }
  const simples: [keyof Params & string, keyof ProtocoloRow & string, string, (v: string) => string][] = [
    ['tipoDocumento', 'tipo_documento', 'Tipo de documento', tipoDocumentoLabel],
    ['assunto', 'assunto', 'Assunto', (v) => v],
    ['folhas', 'folhas', 'Folhas', (v) => v],
    ['recebidoEm', 'recebido_em', 'Recebido em', isoToBr],
    ['canal', 'canal', 'Canal', canalLabel],
    ['observacao', 'observacao', 'Observação', (v) => v],
  ];
  for (const [k, col, rotulo, ler] of simples) {
    const v = p[k];
    if (v == null || v === '' || String(v) === String(r[col] ?? '')) continue;
    lista.push({ campo: k, rotulo, de: r[col] == null || r[col] === '' ? '(vazio)' : ler(String(r[col])), para: ler(String(v)) });
    set[col] = v;
  }
  return { lista, set };
}

const frase = (m: Mudanca) => `${m.rotulo}: ${m.de} → ${m.para}`;

export const protocolCorrection = defineJobKind<Params>({
  tipo: alteracaoProtocolo.tipo,
  comandos: [alteracaoProtocolo.comando],
  params: paramsSchema(alteracaoProtocolo) as never,
  title: (_ctx, _c, p) => `Correção do protocolo ${p.protocolo}`,

  async preview(ctx, session, p): Promise<Previa> {
    const r = await protocolo(ctx, ctx.db, session, p.protocolo);
    const { lista } = await mudancas(ctx.db, r, p);
    if (!lista.length) return { total: 0, resumo: `Nada muda no protocolo ${r.numero}: os dados informados são os que já estão registrados.`, amostra: [] };
    return {
      total: lista.length,
      resumo: `O protocolo ${r.numero} (${r.remetente_nome}, ${FLUXO.labels[r.status].toLowerCase()}) terá ${lista.length === 1 ? '1 dado corrigido' : `${lista.length} dados corrigidos`}.`,
      amostra: lista.map(frase),
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(10, 'Corrigindo o protocolo');
    const nome = await userName(ctx.db, session);
    const feito = await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const r = await protocolo(ctx, t, session, p.protocolo, true);
      const { lista, set } = await mudancas(t, r, p);
      if (!lista.length) return { r, lista };
      const nota = `${p.motivo} — ${lista.map(frase).join('; ')}`.slice(0, 1000);
      const colunas = Object.entries(set).map(([c, v]) => sql`${sql.identifier(c)} = ${v}`);
      await t.execute(sql`update protocolos_documentos set ${sql.join(colunas, sql`, `)}, version = version + 1, atualizado_em = now() where id = ${r.id}`);
      await t.execute(
        sql`insert into protocolo_historico (protocolo_id, usuario_id, usuario_nome, acao, de, para, nota) values (${r.id}, ${session.user.id}, ${nome}, 'alterar', ${r.status}, ${r.status}, ${nota})`,
      );
      const antes = Object.fromEntries(lista.map((m) => [m.campo, m.campo === 'prestador' ? { id: r.prestador_id, nome: r.remetente_nome, documento: r.remetente_documento } : (r as unknown as Record<string, unknown>)[colunaDe(m.campo)]]));
      const depois = Object.fromEntries(lista.map((m) => [m.campo, m.campo === 'prestador' ? { id: set.prestador_id, nome: set.remetente_nome, documento: set.remetente_documento } : set[colunaDe(m.campo)]]));
      await recordTrail(t, { session, ip: '' }, {
        entidade: 'protocolodocumento',
        registroId: r.id,
        acao: 'update',
        antes: { ...antes, version: r.version },
        depois: { ...depois, version: r.version + 1, motivoCorrecao: p.motivo, execucaoId: job.id },
      });
      return { r, lista };
    });
    if (!feito.lista.length) {
      await job.log(`Nada mudou no protocolo ${feito.r.numero}: os dados informados são os que já estavam registrados.`, 'aviso');
      return;
    }
    await job.progress(100, 'Protocolo corrigido');
    await job.log(`Protocolo ${feito.r.numero} corrigido. ${feito.lista.map(frase).join('; ')}. Motivo: ${p.motivo}.`);
  },
});

const COLUNA: Record<string, string> = { tipoDocumento: 'tipo_documento', assunto: 'assunto', folhas: 'folhas', recebidoEm: 'recebido_em', canal: 'canal', observacao: 'observacao' };
const colunaDe = (campo: string) => COLUNA[campo] ?? campo;

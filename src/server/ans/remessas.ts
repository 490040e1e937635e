import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { remessasAns, remessasAnsRegistros } from '../db/schema';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import type { JobRun } from '../jobs/kind';
import { recordTrail } from '../trail/record';
import { validarXml } from '../tiss/xsd';
import { operadoraPropria } from '../pessoas/cadastro';

/**
 * What every ANS export shares: the operator's registro ANS, the record of each file sent (`remessas_ans`) with what
 * each record went as (`remessas_ans_registros`), and the fingerprint that tells the next run whether a record changed.
 */

export type TipoRemessa = 'MONITORAMENTO' | 'SIB' | 'SIP' | 'RPS' | 'RADAR' | 'DIOPS' | 'CPM';

export const assinatura = (dados: unknown) => createHash('md5').update(JSON.stringify(dados)).digest('hex');

export async function registroAns(ctx: AppContext): Promise<string> {
  const op = await operadoraPropria(ctx.db);
  if (!op || !/^\d{6}$/.test(op.registroAns)) throw AppError.of(422, 'Cadastre a operadora com o registro ANS de 6 dígitos (Operadoras) antes de gerar arquivos para a ANS.');
  return op.registroAns;
}

/** 'YYYY-MM-01' → the month's bounds as instants in the operator's time zone (for timestamptz columns). */
export const mesSql = (mesIso: string) => {
  const [a, m] = mesIso.split('-').map(Number);
  const prox = `${m === 12 ? a + 1 : a}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
  return {
    inicio: sql`(${mesIso}::date::timestamp at time zone ${OPERATOR_TIME_ZONE})`,
    fim: sql`(${prox}::date::timestamp at time zone ${OPERATOR_TIME_ZONE})`,
    ultimoDia: new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10),
  };
};

/** The last movement and fingerprint each key was sent with, in files of `tipo` other than the competência `exceto`. */
export async function ultimosEnvios(db: Db, tipo: TipoRemessa, chaves: readonly string[], exceto?: string): Promise<Map<string, { movimento: string; assinatura: string }>> {
  const out = new Map<string, { movimento: string; assinatura: string }>();
  if (!chaves.length) return out;
  const rows = await query<{ chave: string; movimento: string; assinatura: string }>(
    db,
    sql`select distinct on (r.chave) r.chave, r.movimento, r.assinatura from remessas_ans_registros r join remessas_ans m on m.id = r.remessa_id
        where r.tipo = ${tipo} and r.chave in (${sql.join(chaves.map((c) => sql`${c}`), sql`, `)}) ${exceto ? sql`and m.competencia <> ${exceto}` : sql``}
        order by r.chave, r.remessa_id desc`,
  );
  for (const r of rows) out.set(r.chave, { movimento: r.movimento, assinatura: r.assinatura });
  return out;
}

export interface RegistroEnviado {
  chave: string;
  movimento: string;
  assinatura: string;
}

/** Stores the file, records it as sent with its records, and writes the trail, in one transaction. */
export async function registrarRemessa(
  job: JobRun,
  r: { tipo: TipoRemessa; competencia: string; nome: string; kind: Parameters<JobRun['saveFile']>[1]; bytes: Uint8Array; hash: string; registros: readonly RegistroEnviado[] },
  /** What else the sending changes (the RPS movements become "sent"), in the same transaction. */
  depois?: (t: Db, remessaId: number) => Promise<void>,
) {
  const file = await job.saveFile(r.nome, r.kind, r.bytes);
  await job.ctx.db.transaction(async (t) => {
    const [row] = await t
      .insert(remessasAns)
      .values({ tipo: r.tipo, competencia: r.competencia, nomeArquivo: file.nome, hash: r.hash, registros: r.registros.length, execucaoId: job.id, usuarioId: job.session.user.id })
      .returning({ id: remessasAns.id });
    for (let i = 0; i < r.registros.length; i += 500) {
      await t.insert(remessasAnsRegistros).values(r.registros.slice(i, i + 500).map((x) => ({ remessaId: row.id, tipo: r.tipo, ...x })));
    }
    if (depois) await depois(t as unknown as Db, row.id);
    await recordTrail(t, { session: job.session, ip: '' }, { entidade: 'remessaans', registroId: row.id, acao: 'insert', depois: { tipo: r.tipo, competencia: r.competencia, arquivo: file.nome, hash: r.hash, registros: r.registros.length } });
  });
  return file;
}

/** A file the product writes must validate against the official schema: a failure is a bug, never sent. */
export function exigirValido(bytes: Uint8Array, versao: Parameters<typeof validarXml>[1], nome: string) {
  const erros = validarXml(bytes, versao);
  if (erros.length) throw AppError.of(500, `O arquivo ${nome} não passou no XSD da ANS: linha ${erros[0].linha}: ${erros[0].mensagem}`);
}

/** Decimal with two places from centavos, as the TISS st_decimal10-2 wants it. */
export const decimal = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export const n = (x: number) => x.toLocaleString('pt-BR');
/** "1 guia", "2 guias": a count with its noun in the right number. */
export const qtd = (x: number, um: string, varios: string) => `${n(x)} ${x === 1 ? um : varios}`;

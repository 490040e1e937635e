import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { AVISO_MSG, COMANDO_AVISO_DEBITOS, ENDPOINT_ENVIO_AVISOS, envioAvisosSchema, envioTexto, MAX_PAGADORES_ENVIO, type EnvioAvisos, type MeioAviso } from '../../shared/financeiro/avisos-debito';
import { toCentavos } from '../../shared/money';
import { AVISO_DEBITOS } from '../../shared/relatorios/cobranca-beneficiario';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { AppError, badRequest } from '../http/errors';
import { chaveIdempotencia, criadoAntes, criaUmaVez } from '../http/idempotencia';
import { body, type ZodTypeProvider } from '../http/schemas';
import { queryObject } from '../jobs/export-list';
import { abertosEm, avisoDebitosSource } from '../relatorios/cobranca-beneficiario';
import { reportQuery, reportWhere, sourceFor } from '../relatorios/engine';
import { recordTrail, recordTrailMany } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

/**
 * The registration of the debt notices sent (rep214's letters). The client sends only the means, the day and the
 * Aviso de Débitos screen's filters: the payers and their overdue titles are read again here through the report's
 * own source and filters (never a list from the client), so what is registered is what the letters of those filters
 * say. One notice per payer, day and set of titles (a unique index): the same sending registered twice, or by two
 * people at once, notifies nobody twice. E-mail needs the payer's e-mail on file; those without are left out.
 */

type Envio = { meio: MeioAviso; data?: string; consulta: string };

export async function envioPorId(db: Db, id: number): Promise<EnvioAvisos> {
  const [r] = await query<{ id: number; data: string; meio: MeioAviso; posicao: string; avisos: number; repetidos: number; sem_email: number; titulos: number; valor: unknown }>(
    db,
    sql`select e.id, e.data::text as data, e.meio, e.posicao::text as posicao, e.avisos, e.repetidos, e.sem_email,
          coalesce((select sum(a.titulos) from avisos_debito a where a.envio_id = e.id), 0)::int as titulos,
          coalesce((select sum(a.valor_centavos) from avisos_debito a where a.envio_id = e.id), 0) as valor
        from avisos_debito_envios e where e.id = ${id}`,
  );
  return { id: r.id, data: r.data, meio: r.meio, posicao: r.posicao, avisos: r.avisos, titulos: r.titulos, valor: toCentavos(r.valor) ?? 0, repetidos: r.repetidos, semEmail: r.sem_email };
}

/** Where a notice goes: the payer's e-mail, or the postal address (null when the means has nowhere to go). */
const destinoAviso = (meio: MeioAviso) =>
  meio === 'EMAIL'
    ? sql`nullif(trim(b.email), '')`
    : sql`left(concat_ws(' · ', nullif(concat_ws(', ', nullif(b.logradouro, ''), nullif(b.numero, ''), nullif(b.complemento, ''), nullif(b.bairro, '')), ''),
          (select c.nome || '/' || c.uf from cidades c where c.id = b.cidade), case when b.cep is not null and b.cep <> '' then 'CEP ' || b.cep end), 300)`;

/**
 * Writes one sending: its row, then, in one statement, the titles open at the position of each payer in `pagadores`,
 * one notice per payer keyed by its titles, and the titles each notice named (a notice already there for the payer,
 * day and titles writes nothing). The route and the demo seed write notices only through here.
 */
export async function gravarAvisos(t: Db, e: { data: string; meio: MeioAviso; posicao: string; filtros: string; pagadores: SQL; usuarioId: number | null; nome: string }) {
  const [{ id: envioId }] = await query<{ id: number }>(
    t,
    sql`insert into avisos_debito_envios (data, meio, posicao, filtros, avisos, registrado_por_id, registrado_por)
        values (${e.data}, ${e.meio}, ${e.posicao}, ${e.filtros}, 0, ${e.usuarioId}, ${e.nome}) returning id`,
  );
  const [c] = await query<{ pagadores: number; sem_email: number; avisos: number }>(
    t,
    sql`with ab as materialized (select a.titular_id, a.id, a.valor, a.vencimento from ${abertosEm(e.posicao)} a where a.titular_id in ${e.pagadores}),
        por as (select ab.titular_id, count(*)::int as n, sum(ab.valor) as valor, md5(string_agg(ab.id::text, ',' order by ab.id)) as chave from ab group by ab.titular_id),
        alvo as (select por.*, ${destinoAviso(e.meio)} as destino from por join beneficiarios b on b.id = por.titular_id),
        novos as (insert into avisos_debito (envio_id, titular_id, data, meio, destino, posicao, titulos, valor_centavos, titulos_chave, registrado_por_id, registrado_por)
          select ${envioId}, alvo.titular_id, ${e.data}, ${e.meio}, alvo.destino, ${e.posicao}, alvo.n, alvo.valor, alvo.chave, ${e.usuarioId}, ${e.nome} from alvo where alvo.destino is not null
          on conflict (titular_id, data, titulos_chave) do nothing returning id, titular_id),
        nos as (insert into avisos_debito_titulos (aviso_id, titulo_id, valor_centavos, dias_atraso)
          select novos.id, ab.id, ab.valor, (${e.posicao}::date - ab.vencimento) from novos join ab on ab.titular_id = novos.titular_id returning 1)
      select (select count(*) from alvo)::int as pagadores, (select count(*) from alvo where destino is null)::int as sem_email,
        (select count(*) from novos)::int as avisos, (select count(*) from nos)::int as nomeados`,
  );
  // the sending's own counts, so it reads whole wherever it was written from (the screen or the seed)
  const repetidos = c.pagadores - c.sem_email - c.avisos;
  await t.execute(sql`update avisos_debito_envios set avisos = ${c.avisos}, repetidos = ${repetidos}, sem_email = ${c.sem_email} where id = ${envioId}`);
  return { envioId, c, repetidos };
}

export async function registrarEnvioAvisos(ctx: AppContext, actor: SessionActor, body: Envio, chave?: string): Promise<{ envio: EnvioAvisos; repetida: boolean }> {
  const s = actor.session;
  const ja = await criadoAntes(ctx.db, s.user.id, 'avisodebito', chave);
  if (ja != null) return { envio: await envioPorId(ctx.db, ja), repetida: true };
  const hoje = todayIso();
  const q = reportQuery(AVISO_DEBITOS, queryObject(body.consulta));
  const posicao = String(q.filters.find((f) => f.field === 'posicao')?.value ?? hoje);
  if (posicao > hoje) throw badRequest(AVISO_MSG.posicaoFutura, 'posicao');
  const data = body.data ?? hoje;
  if (data < posicao) throw badRequest(AVISO_MSG.antesDaPosicao(posicao), 'data');
  // the payers exactly as the report lists them for these filters (and this session)
  const src = await sourceFor(ctx, s, avisoDebitosSource, q);
  const where = await reportWhere(ctx, s, AVISO_DEBITOS, src, q);
  const pagadores = sql`(select q.id from ${src.from} where ${where})`;
  const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${pagadores} p`);
  if (!n) throw AppError.of(422, AVISO_MSG.nenhum);
  if (n > MAX_PAGADORES_ENVIO) throw AppError.of(422, AVISO_MSG.muitos(n));
  const nome = await userName(ctx.db, s);

  const feito = await criaUmaVez(ctx.db, s.user.id, 'avisodebito', chave, async (t) => {
    const { envioId, c, repetidos } = await gravarAvisos(t, { data, meio: body.meio, posicao, filtros: body.consulta, pagadores, usuarioId: s.user.id, nome });
    const avisos = await query<{ id: number; titular_id: number; destino: string; valor: unknown; titulos: string }>(
      t,
      sql`select a.id, a.titular_id, a.destino, a.valor_centavos as valor, string_agg(t.nosso_numero, ', ' order by t.vencimento, t.id) as titulos
          from avisos_debito a join avisos_debito_titulos x on x.aviso_id = a.id join titulos t on t.id = x.titulo_id where a.envio_id = ${envioId} group by a.id order by a.id`,
    );
    await recordTrail(t, actor, {
      entidade: 'envioavisodebito',
      registroId: envioId,
      acao: 'insert',
      depois: { data, meio: body.meio, posicao, filtros: body.consulta, avisos: c.avisos, repetidos, semEmail: c.sem_email },
    });
    await recordTrailMany(
      t,
      actor,
      avisos.map((a) => ({
        entidade: 'avisodebito',
        registroId: a.id,
        acao: 'insert' as const,
        depois: { envio: envioId, titular: a.titular_id, data, meio: body.meio, destino: a.destino, posicao, titulos: a.titulos, valor: toCentavos(a.valor) ?? 0 },
      })),
    );
    return envioId;
  });
  return { envio: await envioPorId(ctx.db, feito.id), repetida: feito.repetida };
}

/** POST /api/relatorios/rep214/envios — who may run the Aviso de Débitos registers its sending (Idempotency-Key). */
export function avisosDebitoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(`/api${ENDPOINT_ENVIO_AVISOS}`, { config: { access: { command: COMANDO_AVISO_DEBITOS } }, schema: { body: body(envioAvisosSchema) } }, async (req, reply) => {
    const { envio, repetida } = await registrarEnvioAvisos(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: envio, messages: { alerts: [{ type: envio.avisos ? 'success' : 'warning', value: envioTexto(envio) }] } };
  });
}

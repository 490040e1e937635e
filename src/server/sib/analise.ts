import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { ANALISE_SIB_LIST, REGRAS_SIB, ultimaCompetencia, type RegraSib, type ResumoSib } from '../../shared/sib/analise';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The SQL of each rule of the SIB analysis (src/shared/sib/analise.ts) over `beneficiarios b`, and its list and counts.
 * Every rule is read over the beneficiaries still in the SIB (`NO_SIB`) and has a partial index of its own (migration
 * 0024_analise_sib: the functions cpf_valido, cns_valido and nome_mae_generico and the indexes sib_*), whose predicate
 * is the rule's fixed part written exactly as here: the planner uses an index only when the query says the same. What
 * depends on the day (18 years of age, the last competência, a future date) is an extra filter over those few rows.
 */

/** The beneficiaries the SIB still carries: active and suspended (a suspension does not cancel the contract). */
export const NO_SIB = sql`b.situacao <> 'CANCELADO'`;

interface Dia {
  hoje: string;
  /** Born on or before this day: 18 or older. */
  adulto: string;
  /** The last day of the last competência sent to the ANS. */
  fimCompetencia: string;
}

export function diaDe(now = new Date()): Dia & { competencia: string } {
  const hoje = todayIso(now);
  const competencia = ultimaCompetencia(hoje);
  const [a, m] = competencia.split('-').map(Number);
  const fim = new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
  const adulto = `${Number(hoje.slice(0, 4)) - 18}${hoje.slice(4)}`.replace(/-02-29$/, '-02-28');
  return { hoje, adulto, fimCompetencia: fim, competencia };
}

/** Each rule's condition (besides NO_SIB). The fixed part first, as the partial index writes it. */
const REGRA_SQL: Record<RegraSib, (d: Dia) => SQL> = {
  'cpf-ausente': (d) => sql`b.cpf is null and (b.relacao_dependencia = '1' or b.data_nascimento <= ${d.adulto}::date)`,
  'cpf-invalido': () => sql`b.cpf is not null and not cpf_valido(b.cpf)`,
  'cns-ausente': () => sql`b.cns is null`,
  'cns-invalido': () => sql`b.cns is not null and not cns_valido(b.cns)`,
  'nome-mae': () => sql`nome_mae_generico(b.nome_mae)`,
  'cco-ausente': (d) => sql`b.cco is null and b.data_adesao <= ${d.fimCompetencia}::date`,
  // four arms, each with an index (a bitmap OR): the dates' own, and the adhesion before birth's partial one
  datas: (d) =>
    sql`(b.data_nascimento < date '1900-01-01' or b.data_nascimento > ${d.hoje}::date or b.data_adesao > ${d.hoje}::date or b.data_adesao < b.data_nascimento)`,
  endereco: () => sql`(b.cep is null or b.cidade is null)`,
  'dependente-sem-titular': () => sql`b.relacao_dependencia <> '1' and b.titular is null`,
};

export const regraSql = (r: string, d = diaDe()) => {
  const fn = REGRA_SQL[r as RegraSib];
  return fn ? sql`(${fn(d)})` : sql`false`;
};

const sibSource: ListSource = {
  from: sql`beneficiarios b`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    regra: { filter: (_op, v) => sql`${NO_SIB} and ${regraSql(String(v))}` },
    matricula: { expr: sql`b.matricula` },
    // any part of the name (busca-nome.ts): each rule's partial index (nome_busca, id) is walked in order, filtered
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    situacao: { expr: sql`b.situacao` },
    relacaoDependencia: { expr: sql`b.relacao_dependencia` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, b.matricula, b.nome, b.cpf, b.cns, b.nome_mae as "nomeMae", to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento",
          b.relacao_dependencia as "relacaoDependencia", to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao", b.cco, b.situacao, b.cep
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id order by k.ord`,
    );
  },
};

/** How many beneficiaries each rule finds: one count per rule, each on its own partial index. */
export async function resumoSib(db: Db, now = new Date()): Promise<ResumoSib> {
  const t = performance.now();
  const d = diaDe(now);
  const cols = sql.join(
    REGRAS_SIB.map((r) => sql`(select count(*)::int from beneficiarios b where ${NO_SIB} and ${regraSql(r.regra, d)}) as ${sql.raw(`"${r.regra}"`)}`),
    sql`, `,
  );
  const [row] = await query<Record<string, number>>(db, sql`select ${cols}, (select count(*)::int from beneficiarios b where ${NO_SIB}) as base`);
  return {
    base: row.base,
    competencia: d.competencia,
    regras: REGRAS_SIB.map((r) => ({ regra: r.regra, total: row[r.regra] })),
    ms: Math.round(performance.now() - t),
  };
}

/** GET /api/analise-sib (the list of one rule, with /resumo) and /api/analise-sib/regras (the counts of every rule). */
export function analiseSibRoutes(app: FastifyInstance, ctx: AppContext) {
  // counting a rule is cheap (its partial index) and the planner's guess for these conditions is far off: always count
  registerList(app, ctx, ANALISE_SIB_LIST, sibSource, { neighbors: false, trustEstimateAbove: Number.MAX_SAFE_INTEGER });
  app.get('/api/analise-sib/regras', { config: { access: { command: ANALISE_SIB_LIST.command } } }, async () => ({ result: await resumoSib(ctx.db) }));
}

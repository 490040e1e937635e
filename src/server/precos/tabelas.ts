import { sql } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import type { AcordoRow, ClassePrecoRow, PrestadorPreco, ProcedimentoPreco, TabelaPrecoRow, TabelasDePreco } from '../../shared/precos/calculo';
import type { Db } from '../db/client';
import { query } from '../db/sql';

/** The declared tables a price reads, loaded at once: a few dozen rows each (a run loads them once, at its start). */
export async function carregarTabelas(db: Db): Promise<TabelasDePreco> {
  const [tabelas, classes, portes, funcoes, vias, urgencias, feriados] = await Promise.all([
    query<TabelaPrecoRow>(db, sql`select id, codigo, descricao, ativo, inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia" from tabelas_precos`),
    query<ClassePrecoRow>(db, sql`select id, codigo, descricao, fator::text as fator, ativo from classes_precos`),
    query<{ porte: string; valor: unknown; tabelaPreco: number; inicioVigencia: string; fimVigencia: string | null }>(
      db,
      sql`select porte, valor, tabela_preco as "tabelaPreco", inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia" from portes_honorarios order by inicio_vigencia desc, id`,
    ),
    query<TabelasDePreco['funcoes'][number]>(
      db,
      sql`select grau_participacao as "grauParticipacao", percentual::text as percentual, classe_preco as "classePreco", inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia"
          from percentuais_funcoes_executantes order by inicio_vigencia desc, id`,
    ),
    query<TabelasDePreco['vias'][number]>(
      db,
      sql`select via_acesso as "viaAcesso", tecnica, percentual::text as percentual, inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia" from percentuais_via_acesso order by inicio_vigencia desc, id`,
    ),
    query<TabelasDePreco['urgencias'][number]>(
      db,
      sql`select descricao, hora_inicio as "horaInicio", hora_fim as "horaFim", dias_semana as "diasSemana", percentual::text as percentual, inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia"
          from percentuais_taxas_urgencias order by inicio_vigencia desc, id`,
    ),
    query<TabelasDePreco['feriados'][number]>(db, sql`select data::text as data, descricao, abrangencia, uf, cidade, coalesce(ponto_facultativo, false) as "pontoFacultativo" from feriados`),
  ]);
  return {
    tabelas: new Map(tabelas.map((t) => [t.id, t])),
    classes: new Map(classes.map((c) => [c.id, c])),
    portes: portes.map((p) => ({ ...p, valor: toCentavos(p.valor) ?? 0 })),
    funcoes,
    vias,
    urgencias,
    feriados,
  };
}

const PRESTADOR_COLS = sql`p.id, p.nome, p.tabela_preco as "tabelaPreco", p.classe_preco as "classePreco", p.uf, p.cidade, p.inicio_vigencia::text as "inicioVigencia", p.fim_vigencia::text as "fimVigencia"`;

export async function prestadoresDePreco(db: Db, ids: readonly number[]): Promise<Map<number, PrestadorPreco>> {
  if (!ids.length) return new Map();
  const rows = await query<PrestadorPreco>(db, sql`select ${PRESTADOR_COLS} from prestadores p where p.id in (${sql.join([...new Set(ids)].map((i) => sql`${i}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

const PROC_COLS = sql`id, codigo, descricao, porte, valor, ativo, inicio_vigencia::text as "inicioVigencia", fim_vigencia::text as "fimVigencia"`;
const procOf = (r: ProcedimentoPreco & { valor: unknown }): ProcedimentoPreco => ({ ...r, valor: toCentavos(r.valor) });

/** Procedures by TUSS code (a code outside the table is absent). */
export async function procedimentosPorCodigo(db: Db, codigos: readonly string[]): Promise<Map<string, ProcedimentoPreco>> {
  if (!codigos.length) return new Map();
  const rows = await query<ProcedimentoPreco>(db, sql`select ${PROC_COLS} from procedimentos where codigo in (${sql.join([...new Set(codigos)].map((c) => sql`${c}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.codigo, procOf(r)]));
}

export async function procedimentoPorId(db: Db, id: number): Promise<ProcedimentoPreco | undefined> {
  const [r] = await query<ProcedimentoPreco>(db, sql`select ${PROC_COLS} from procedimentos where id = ${id}`);
  return r && procOf(r);
}

/** A page of procedures by code order (keyset), for a whole-table run. */
export async function procedimentosDepois(db: Db, depois: string, limite: number): Promise<ProcedimentoPreco[]> {
  const rows = await query<ProcedimentoPreco>(db, sql`select ${PROC_COLS} from procedimentos where codigo > ${depois} order by codigo limit ${limite}`);
  return rows.map(procOf);
}

/** The plan's default agreement for the procedure in force at the date (the latest start wins). */
export async function acordoDe(db: Db, produtoId: number, procedimentoId: number, data: string): Promise<AcordoRow | undefined> {
  const [r] = await query<AcordoRow & { valorMaximoCoparticipacao: unknown }>(
    db,
    sql`select a.produto, pr.nome as "produtoNome", a.procedimento, a.coberto, a.percentual_coparticipacao::text as "percentualCoparticipacao",
          a.valor_maximo_coparticipacao as "valorMaximoCoparticipacao", a.carencia_dias as "carenciaDias", a.inicio_vigencia::text as "inicioVigencia", a.fim_vigencia::text as "fimVigencia"
        from acordos_padrao_procedimentos a join produtos pr on pr.id = a.produto
        where a.produto = ${produtoId} and a.procedimento = ${procedimentoId} and a.inicio_vigencia <= ${data} and (a.fim_vigencia is null or a.fim_vigencia >= ${data})
        order by a.inicio_vigencia desc, a.id desc limit 1`,
  );
  return r && { ...r, valorMaximoCoparticipacao: toCentavos(r.valorMaximoCoparticipacao) };
}

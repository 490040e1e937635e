import { sql, type SQL } from 'drizzle-orm';
import { percentOf, sumMoney, type Centavos } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { scopeOf, scopeWhere } from '../policy';

/**
 * What each family owes in a competência, from the tables the operator maintains (Contabilidade):
 * - each active member's fee: the age band (faixas etárias) of their plan in force on the 1st day of the month, by
 *   their age on that day;
 * - the company's subsidy (subsídios de contribuição) for the company and plan, a percentage of the family's fees,
 *   capped at its maximum;
 * - coparticipation of the month's authorized events: the rule of the plan and the procedure's group (a fixed value
 *   per event, or a percentage of the event capped per event), then the plan's monthly ceiling per beneficiary.
 * Amounts are integer centavos; percentages go through `percentOf` (hundredths of a percent), never a float.
 */

export interface Filtro {
  /** First day of the month, ISO. */
  competencia: string;
  empresa: number | null;
  produto: number | null;
}

export interface Evento {
  guia: string;
  data: string;
  codigo: string;
  descricao: string;
  quantidade: number;
  valorEvento: Centavos;
  regra: string;
  cobrado: Centavos;
}

export interface Membro {
  id: number;
  nome: string;
  matricula: string;
  cpf: string | null;
  relacao: string;
  nascimento: string;
  idade: number;
  /** null: no age band of the plan covers the age at this date (the log says so). */
  mensalidade: Centavos | null;
  eventos: Evento[];
  coparticipacao: Centavos;
  /** The monthly ceiling cut this much. */
  limiteCortou: Centavos;
}

export interface Familia {
  titularId: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  produtoId: number;
  planoAns: string;
  empresaId: number | null;
  membros: Membro[];
  mensalidade: Centavos;
  subsidio: Centavos;
  coparticipacao: Centavos;
  /** mensalidade − subsídio + coparticipação. */
  total: Centavos;
}

const fimDoMes = (iso: string) => {
  const [a, m] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  const d = new Date(Date.UTC(a, m, 0));
  return d.toISOString().slice(0, 10);
};

/** Whole years from birth to a date (both ISO). */
export function idadeEm(nascimento: string, data: string): number {
  const [an, mn, dn] = nascimento.slice(0, 10).split('-').map(Number);
  const [a, m, d] = data.split('-').map(Number);
  return a - an - (m < mn || (m === mn && d < dn) ? 1 : 0);
}

/** A percentage column (numeric 7,2) as hundredths of a percent. */
const bp = (v: unknown) => Math.round(Number(v) * 100);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v).slice(0, 10));

interface Faixa {
  produto: number;
  ini: number;
  fim: number;
  valor: number;
  vig: string;
}
interface RegraCopart {
  produto: number;
  grupo: number | null;
  base: string;
  tipo: string;
  pct: number;
  maximo: number | null;
  vig: string;
  fimVig: string | null;
}
interface Limite {
  produto: number;
  valor: number;
  multiplo: number | null;
  vig: string;
  fimVig: string | null;
}
interface Subsidio {
  empresa: number;
  produto: number;
  pct: number;
  maximo: number | null;
  vig: string;
  fimVig: string | null;
}

/** The month's tables, read once per run (they are small). */
export interface Tabelas {
  faixas: Faixa[];
  regras: RegraCopart[];
  limites: Limite[];
  subsidios: Subsidio[];
}

const vigente = <T extends { vig: string; fimVig?: string | null }>(xs: T[], dia: string) => xs.filter((x) => x.vig <= dia && (!x.fimVig || x.fimVig >= dia)).sort((a, b) => b.vig.localeCompare(a.vig));

export async function lerTabelas(db: Db, competencia: string): Promise<Tabelas> {
  const fim = fimDoMes(competencia);
  const faixas = await query<{ produto: number; idade_inicial: number; idade_final: number; valor: string; inicio_vigencia: unknown }>(db, sql`select produto, idade_inicial, idade_final, valor, inicio_vigencia from faixas_etarias where inicio_vigencia <= ${competencia}`);
  const regras = await query<{ produto: number; grupo_procedimento: number | null; base: string; tipo: string; percentual: string; valor_maximo: string | null; inicio_vigencia: unknown; fim_vigencia: unknown }>(
    db,
    sql`select c.produto, c.grupo_procedimento, t.base, t.descricao as tipo, c.percentual, c.valor_maximo, c.inicio_vigencia, c.fim_vigencia
        from coparticipacoes c join tipos_coparticipacoes t on t.id = c.tipo where c.inicio_vigencia <= ${fim}`,
  );
  const limites = await query<{ produto: number; valor_limite: string; multiplo_mensalidade: string | null; inicio_vigencia: unknown; fim_vigencia: unknown }>(
    db,
    sql`select produto, valor_limite, multiplo_mensalidade, inicio_vigencia, fim_vigencia from limites_coparticipacao where periodo = 'MENSAL' and inicio_vigencia <= ${fim}`,
  );
  const subsidios = await query<{ empresa: number; produto: number; percentual: string; valor_maximo: string | null; inicio_vigencia: unknown; fim_vigencia: unknown }>(
    db,
    sql`select empresa, produto, percentual, valor_maximo, inicio_vigencia, fim_vigencia from subsidios_contribuicao where inicio_vigencia <= ${fim}`,
  );
  return {
    faixas: faixas.map((f) => ({ produto: f.produto, ini: f.idade_inicial, fim: f.idade_final, valor: Number(f.valor), vig: iso(f.inicio_vigencia)! })),
    regras: regras.map((r) => ({ produto: r.produto, grupo: r.grupo_procedimento, base: r.base, tipo: r.tipo, pct: bp(r.percentual), maximo: r.valor_maximo == null ? null : Number(r.valor_maximo), vig: iso(r.inicio_vigencia)!, fimVig: iso(r.fim_vigencia) })),
    limites: limites.map((l) => ({ produto: l.produto, valor: Number(l.valor_limite), multiplo: l.multiplo_mensalidade == null ? null : bp(l.multiplo_mensalidade), vig: iso(l.inicio_vigencia)!, fimVig: iso(l.fim_vigencia) })),
    subsidios: subsidios.map((s) => ({ empresa: s.empresa, produto: s.produto, pct: bp(s.percentual), maximo: s.valor_maximo == null ? null : Number(s.valor_maximo), vig: iso(s.inicio_vigencia)!, fimVig: iso(s.fim_vigencia) })),
  };
}

/** The fee of one age on the 1st day of the month: the band of the plan whose table is the latest in force. */
export function mensalidadeDe(t: Tabelas, produto: number, idade: number, competencia: string): Centavos | null {
  const doPlano = vigente(t.faixas.filter((f) => f.produto === produto), competencia);
  if (!doPlano.length) return null;
  const tabela = doPlano[0].vig;
  return doPlano.find((f) => f.vig === tabela && idade >= f.ini && idade <= f.fim)?.valor ?? null;
}

/** One event's coparticipation: the plan's rule for the procedure's group (or for every group), as of the event's date. */
export function coparticipacaoDe(t: Tabelas, produto: number, grupo: number | null, valorEvento: Centavos, quantidade: number, data: string): { regra: string; cobrado: Centavos } | null {
  const doPlano = vigente(t.regras.filter((r) => r.produto === produto && (r.grupo === grupo || r.grupo == null)), data);
  // the group's own rule wins over a rule for every group
  const r = doPlano.find((x) => x.grupo === grupo && grupo != null) ?? doPlano.find((x) => x.grupo == null);
  if (!r) return null;
  if (r.base === 'VALOR_FIXO') {
    if (r.maximo == null) return null;
    return { regra: `${r.tipo}: valor fixo por evento`, cobrado: r.maximo * quantidade };
  }
  const bruto = percentOf(valorEvento, r.pct);
  const cobrado = r.maximo != null ? Math.min(bruto, r.maximo * quantidade) : bruto;
  return { regra: `${r.tipo}: ${(r.pct / 100).toLocaleString('pt-BR')}% do evento${cobrado < bruto ? ' (limitado ao máximo por evento)' : ''}`, cobrado };
}

/** The plan's monthly ceiling for one beneficiary: the value, or a multiple of their fee when that is lower. */
export function tetoMensal(t: Tabelas, produto: number, mensalidade: Centavos | null, competencia: string): Centavos | null {
  const l = vigente(t.limites.filter((x) => x.produto === produto), competencia)[0];
  if (!l) return null;
  const multiplo = l.multiplo != null && mensalidade != null ? percentOf(mensalidade, l.multiplo * 100) : null;
  return multiplo != null ? Math.min(l.valor, multiplo) : l.valor;
}

export function subsidioDe(t: Tabelas, empresa: number | null, produto: number, mensalidades: Centavos, competencia: string): Centavos {
  if (empresa == null) return 0;
  const s = vigente(t.subsidios.filter((x) => x.empresa === empresa && x.produto === produto), competencia)[0];
  if (!s) return 0;
  const v = percentOf(mensalidades, s.pct);
  return s.maximo != null ? Math.min(v, s.maximo) : v;
}

/** The titulares the run covers, as a condition on `b` (active holders who joined by the end of the month, in scope). */
export async function titularesWhere(ctx: AppContext, session: RequestSession, f: Filtro): Promise<SQL> {
  const scope = await scopeOf(ctx, session, 'beneficiario');
  return sql`b.relacao_dependencia = '1' and b.situacao = 'ATIVO' and b.data_adesao <= ${fimDoMes(f.competencia)}
    ${f.empresa ? sql`and b.empresa = ${f.empresa}` : sql``} ${f.produto ? sql`and b.produto = ${f.produto}` : sql``} and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

/** The families of a page of titulares (keyset by id), computed. */
export async function familias(db: Db, t: Tabelas, f: Filtro, where: SQL, depois: number, limite: number): Promise<Familia[]> {
  const fim = fimDoMes(f.competencia);
  const tits = await query<{ id: number; matricula: string; nome: string; cpf: string | null; produto: number; empresa: number | null; registro_ans: string }>(
    db,
    sql`select b.id, b.matricula, b.nome, b.cpf, b.produto, b.empresa, p.registro_ans from beneficiarios b join produtos p on p.id = b.produto
        where ${where} and b.id > ${depois} order by b.id limit ${limite}`,
  );
  if (!tits.length) return [];
  const ids = sql.join(tits.map((x) => sql`${x.id}`), sql`, `);
  const membros = await query<{ id: number; titular: number | null; nome: string; matricula: string; cpf: string | null; relacao_dependencia: string; data_nascimento: unknown; produto: number }>(
    db,
    sql`select b.id, b.titular, b.nome, b.matricula, b.cpf, b.relacao_dependencia, b.data_nascimento, b.produto from beneficiarios b
        where (b.id in (${ids}) or (b.titular in (${ids}) and b.relacao_dependencia <> '1')) and b.situacao = 'ATIVO' and b.data_adesao <= ${fim}
        order by b.relacao_dependencia, b.data_nascimento, b.id`,
  );
  const mids = sql.join(membros.map((m) => sql`${m.id}`), sql`, `);
  const eventos = await query<{ beneficiario_id: number; numero: string; data_autorizacao: unknown; codigo: string; descricao: string; quantidade: number; valor: string; grupo: number | null }>(
    db,
    sql`select a.beneficiario_id, a.numero, a.data_autorizacao, i.codigo, i.descricao, coalesce(i.quantidade_autorizada, i.quantidade_solicitada) as quantidade, i.valor_centavos as valor, p.grupo
        from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id left join procedimentos p on p.codigo = i.codigo
        where a.beneficiario_id in (${mids}) and a.status in (1, 7) and a.data_autorizacao between ${f.competencia} and ${fim}
          and coalesce(i.quantidade_autorizada, i.quantidade_solicitada) > 0
        order by a.data_autorizacao, a.id, i.seq`,
  );
  return tits.map((tit) => {
    const ms = membros.filter((m) => m.id === tit.id || m.titular === tit.id).map((m): Membro => {
      const nascimento = iso(m.data_nascimento)!;
      const idade = idadeEm(nascimento, f.competencia);
      const mensalidade = mensalidadeDe(t, m.produto, idade, f.competencia);
      const evs: Evento[] = [];
      for (const e of eventos.filter((x) => x.beneficiario_id === m.id)) {
        const data = iso(e.data_autorizacao)!;
        const valorEvento = Number(e.valor) * e.quantidade;
        const c = coparticipacaoDe(t, m.produto, e.grupo, valorEvento, e.quantidade, data);
        if (c) evs.push({ guia: e.numero, data, codigo: e.codigo, descricao: e.descricao, quantidade: e.quantidade, valorEvento, regra: c.regra, cobrado: c.cobrado });
      }
      const bruto = sumMoney(evs.map((e) => e.cobrado));
      const teto = tetoMensal(t, m.produto, mensalidade, f.competencia);
      const coparticipacao = teto != null ? Math.min(bruto, teto) : bruto;
      return { id: m.id, nome: m.nome, matricula: m.matricula, cpf: m.cpf, relacao: m.relacao_dependencia, nascimento, idade, mensalidade, eventos: evs, coparticipacao, limiteCortou: bruto - coparticipacao };
    });
    const mensalidade = sumMoney(ms.map((m) => m.mensalidade ?? 0));
    const subsidio = subsidioDe(t, tit.empresa, tit.produto, mensalidade, f.competencia);
    const coparticipacao = sumMoney(ms.map((m) => m.coparticipacao));
    return {
      titularId: tit.id,
      matricula: tit.matricula,
      nome: tit.nome,
      cpf: tit.cpf,
      produtoId: tit.produto,
      planoAns: tit.registro_ans,
      empresaId: tit.empresa,
      membros: ms,
      mensalidade,
      subsidio,
      coparticipacao,
      total: mensalidade - subsidio + coparticipacao,
    };
  });
}

/**
 * Each member's share of the family's title: the subsidy split in proportion to the fees (the rounding left on the
 * first member, the titular), plus the member's own coparticipation. The shares add up to the family's total.
 */
export function partesDosMembros(x: Familia): { beneficiarioId: number; mensalidade: Centavos; subsidio: Centavos; coparticipacao: Centavos; valor: Centavos }[] {
  const base = x.mensalidade;
  const partes = x.membros.map((m) => {
    const mens = m.mensalidade ?? 0;
    const sub = base > 0 ? Math.floor((x.subsidio * mens) / base) : 0;
    return { beneficiarioId: m.id, mensalidade: mens, subsidio: sub, coparticipacao: m.coparticipacao, valor: 0 };
  });
  const resto = x.subsidio - partes.reduce((s, p) => s + p.subsidio, 0);
  if (partes.length) partes[0].subsidio += resto;
  for (const p of partes) p.valor = p.mensalidade - p.subsidio + p.coparticipacao;
  return partes;
}

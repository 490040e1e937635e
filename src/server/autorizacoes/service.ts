import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TIPOS, type AutorizacaoDetalhe, type AutorizacaoHistorico, type AutorizacaoItem, type AutorizacaoLinha, type Status, type Tipo } from '../../shared/autorizacoes';
import type { RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { toCentavos, type Centavos } from '../../shared/money';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export interface LinhaRow {
  id: number;
  numero: string;
  tipo: Tipo;
  status: number;
  carater: '1' | '2';
  data_solicitacao: unknown;
  beneficiario_id: number;
  beneficiario_nome: string;
  carteirinha: string;
  prestador_id: number;
  prestador_nome: string;
  procedimento: string;
  itens: number;
  senha: string | null;
  validade_senha: unknown;
  valor_centavos: number;
  version: number;
}

export const linha = (r: LinhaRow): AutorizacaoLinha => ({
  id: r.id,
  numero: r.numero,
  tipo: r.tipo,
  status: Number(r.status) as Status,
  carater: r.carater,
  dataSolicitacao: iso(r.data_solicitacao)!,
  beneficiarioId: r.beneficiario_id,
  beneficiarioNome: r.beneficiario_nome,
  carteirinha: r.carteirinha,
  prestadorId: r.prestador_id,
  prestadorNome: r.prestador_nome,
  procedimento: r.procedimento,
  itens: Number(r.itens),
  senha: r.senha,
  validadeSenha: iso(r.validade_senha),
  valor: toCentavos(r.valor_centavos) ?? 0,
  version: r.version,
});

export interface Registro {
  id: number;
  numero: string;
  tipo: Tipo;
  status: Status;
  beneficiario_id: number;
  prestador_id: number;
  prestador_executante_id: number | null;
  version: number;
  [k: string]: unknown;
}

export async function registro(db: Db, id: number, lock = false): Promise<Registro | undefined> {
  const [r] = await query<Registro>(db, sql`select * from autorizacoes where id = ${id} ${lock ? sql`for update` : sql``}`);
  return r ? { ...r, status: Number(r.status) as Status } : undefined;
}

export async function detalhe(db: Db, id: number): Promise<AutorizacaoDetalhe | undefined> {
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select a.*, b.nome as beneficiario_nome, b.carteirinha, p.nome as prestador_nome, e.nome as executante_nome,
      (select count(*)::int from autorizacao_itens i where i.autorizacao_id = a.id) as itens
      from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = a.prestador_id
      left join prestadores e on e.id = a.prestador_executante_id where a.id = ${id}`,
  );
  if (!r) return undefined;
  const [itens, anexos, hist] = await Promise.all([
    query<Record<string, unknown>>(db, sql`select * from autorizacao_itens where autorizacao_id = ${id} order by seq`),
    query<Record<string, unknown>>(db, sql`select * from autorizacao_anexos where autorizacao_id = ${id} order by id`),
    query<Record<string, unknown>>(db, sql`select * from autorizacao_historico where autorizacao_id = ${id} order by em, id`),
  ]);
  const historico: AutorizacaoHistorico[] = hist.map((h) => {
    // the provider's answer keeps the names of the documents sent with it (and whether the operator answered for it)
    const det = h.detalhes && typeof h.detalhes === 'object' && !Array.isArray(h.detalhes) ? (h.detalhes as { anexos?: unknown; emNomeDoPrestador?: unknown }) : null;
    return {
      id: h.id as number,
      em: h.em instanceof Date ? h.em.toISOString() : String(h.em),
      usuario: h.usuario_nome as string,
      acao: h.acao as string,
      de: h.de == null ? null : (Number(h.de) as Status),
      para: Number(h.para) as Status,
      motivo: (h.motivo as string | null) ?? null,
      responsavel: (h.responsavel as string | null) ?? null,
      ...(Array.isArray(det?.anexos) && det.anexos.length ? { anexos: det.anexos.map(String) } : {}),
      ...(det?.emNomeDoPrestador === true ? { emNomeDoPrestador: true } : {}),
    };
  });
  // requests loaded in bulk (seeds, imports) have no creation event: the request itself tells when it came in
  if (!historico.some((h) => h.acao === 'criar'))
    historico.unshift({ id: 0, em: r.criada_em instanceof Date ? r.criada_em.toISOString() : String(r.criada_em), usuario: 'Importação', acao: 'criar', de: null, para: 2, motivo: null, responsavel: null });
  return {
    ...linha(r),
    prestadorExecutanteId: (r.prestador_executante_id as number | null) ?? null,
    prestadorExecutanteNome: (r.executante_nome as string | null) ?? null,
    profissional: { conselho: r.conselho as string, numero: r.numero_conselho as string, uf: r.uf_conselho as string, nome: (r.nome_profissional as string | null) ?? null, cbo: (r.cbo as string | null) ?? null },
    indicacaoClinica: (r.indicacao_clinica as string | null) ?? null,
    cid: (r.cid as string | null) ?? null,
    referenciaId: (r.referencia_id as number | null) ?? null,
    observacao: (r.observacao as string | null) ?? null,
    dataAutorizacao: iso(r.data_autorizacao),
    motivo: (r.motivo as string | null) ?? null,
    responsavel: (r.responsavel as string | null) ?? null,
    dadosClinicos: (r.dados_clinicos as Record<string, unknown> | null) ?? null,
    itensDetalhe: itens.map(
      (i): AutorizacaoItem => ({
        id: i.id as number,
        seq: i.seq as number,
        tabela: i.tabela as string,
        codigo: i.codigo as string,
        descricao: i.descricao as string,
        quantidadeSolicitada: i.quantidade_solicitada as number,
        quantidadeAutorizada: (i.quantidade_autorizada as number | null) ?? null,
        dente: (i.dente as string | null) ?? null,
        face: (i.face as string | null) ?? null,
        motivoNegativa: (i.motivo_negativa as string | null) ?? null,
        valor: toCentavos(i.valor_centavos) ?? 0,
      }),
    ),
    anexos: anexos.map((a) => ({ id: a.id as number, nome: a.nome as string, tipoDocumento: a.tipo_documento as string, tag: a.tag as string, tamanho: a.tamanho as number, arquivoId: (a.arquivo_id as number | null) ?? null })),
    historico,
  };
}

/** A fresh senha: 9 digits, not guessable. */
export const novaSenha = () => String(randomInt(100_000_000, 999_999_999));

/** The guide number: year of the request + 8-digit sequence (numeroGuiaOperadora). */
export const numeroGuia = (id: number, data: string) => `${data.slice(0, 4)}${String(id).padStart(8, '0')}`;

/** R$ 500,00: the largest unit value the simple rules authorize without audit. */
export const LIMITE_IMEDIATO: Centavos = 50_000;

/**
 * Simple rules that authorize at once (no audit): a consultation; an exam, outpatient, no-cost or primary-care guide
 * whose items are all known TUSS procedures of at most R$ 500,00 and at most 3 units each. Everything else goes to audit (Em análise).
 */
export function autorizaDeImediato(tipo: Tipo, itens: { quantidade: number; valor: Centavos | null }[]): boolean {
  if (tipo === 'CONSULTA') return itens.length === 1 && itens[0].quantidade === 1;
  if (tipo === 'SP_SADT' || tipo === 'COMPROVANTE_PRESENCIAL' || tipo === 'SEM_ONUS' || tipo === 'APS') return itens.every((i) => i.valor != null && i.valor <= LIMITE_IMEDIATO && i.quantidade <= 3);
  return false;
}

export const tipoTemCid = (t: Tipo) => TIPOS[t].cid;

/** The user's name for a request's history (the login when the record has none). */
export async function nomeDoUsuario(db: Db, s: RequestSession): Promise<string> {
  const [u] = await query<{ nome: string }>(db, sql`select nome from usuarios where id = ${s.user.id}`);
  return u?.nome ?? s.user.principal;
}

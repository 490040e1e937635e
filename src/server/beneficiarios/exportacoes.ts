import { sql, type SQL } from 'drizzle-orm';
import { isoToBr as br } from '../../shared/dates';
import {
  cpfMascarado,
  imprensaOficial,
  LAYOUT_CANCELAMENTO_ADESAO,
  LAYOUT_IMPRENSA_OFICIAL,
  LAYOUT_LOTE_IMPLANTACAO,
  loteImplantacao,
  MOVIMENTOS_PUBLICACAO,
  remessaCancelamentoAdesao,
} from '../../shared/processos/exportacoes';
import { paramsSchema } from '../../shared/processos/schema';
import { MOTIVOS_CANCELAMENTO } from '../../shared/resources/pessoas';
import { labelOf } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { gerarArquivo, periodoNoNome, previaDe } from '../jobs/layout-export';
import { scopeOf, scopeWhere } from '../policy';

/**
 * Beneficiary movement exports: the official gazette's publication of inclusions and exclusions (copass), the
 * enrolment batch of the new members (bhtrans) and the batch of cancelled memberships (copass).
 */

type Periodo = { inicio: string; fim: string };

async function escopo(ctx: AppContext, session: RequestSession): Promise<SQL> {
  return scopeWhere(await scopeOf(ctx, session, 'beneficiario'), 'beneficiario', 'b');
}
const contar = async (db: Db, from: SQL) => (await query<{ n: number }>(db, sql`select count(*)::int as n from ${from}`))[0].n;
const vinculo = (relacao: string) => (relacao === '1' ? 'T' : 'D');

// ---- Imprensa Oficial ---------------------------------------------------------------------------------------------

type ParamsPublicacao = Periodo & { movimento: 'AMBOS' | 'INCLUSOES' | 'EXCLUSOES' };

/** Exclusions sort after every inclusion: their key is this plus the beneficiary's id. */
const EXCLUSAO = 3_000_000_000;

interface Publicado {
  chave: number;
  movimento: 'I' | 'E';
  data: string;
  matricula: string;
  nome: string;
  cpf: string | null;
  relacao: string;
  plano: string;
  motivo: string | null;
}

/** The period's inclusions (adesão) and exclusions (cancelamento) the run publishes, as one keyed set `x`. */
function publicacoes(p: ParamsPublicacao, esc: SQL): SQL {
  const partes: SQL[] = [];
  const cols = sql`b.matricula, b.nome, b.cpf, b.relacao_dependencia as relacao, pr.nome as plano`;
  if (p.movimento !== 'EXCLUSOES')
    partes.push(sql`select b.id::bigint as chave, 'I' as movimento, b.data_adesao::text as data, ${cols}, null::text as motivo
      from beneficiarios b join produtos pr on pr.id = b.produto where b.data_adesao between ${p.inicio} and ${p.fim} and ${esc}`);
  if (p.movimento !== 'INCLUSOES')
    partes.push(sql`select ${EXCLUSAO}::bigint + b.id as chave, 'E' as movimento, b.data_situacao::text as data, ${cols}, b.motivo_cancelamento as motivo
      from beneficiarios b join produtos pr on pr.id = b.produto where b.situacao = 'CANCELADO' and b.data_situacao between ${p.inicio} and ${p.fim} and ${esc}`);
  return sql`(${sql.join(partes, sql` union all `)}) x`;
}

export const officialGazetteExport = defineJobKind<ParamsPublicacao>({
  tipo: imprensaOficial.tipo,
  comandos: [imprensaOficial.comando],
  params: paramsSchema(imprensaOficial) as never,
  title: (_ctx, _c, p) => `Imprensa Oficial: ${labelOf(MOVIMENTOS_PUBLICACAO, p.movimento).toLowerCase()} de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p) {
    const x = publicacoes(p, await escopo(ctx, session));
    const [c] = await query<{ i: number; e: number }>(ctx.db, sql`select count(*) filter (where movimento = 'I')::int as i, count(*) filter (where movimento = 'E')::int as e from ${x}`);
    return previaDe(
      ctx.db,
      c.i + c.e,
      'Nenhuma inclusão ou exclusão de beneficiário neste período.',
      () => `${c.i} ${c.i === 1 ? 'inclusão' : 'inclusões'} e ${c.e} ${c.e === 1 ? 'exclusão' : 'exclusões'} na publicação.`,
      sql`select case movimento when 'I' then 'Inclusão' else 'Exclusão' end || ' · ' || to_char(data::date, 'DD/MM/YYYY') || ' · ' || nome as texto from ${x} order by chave limit 8`,
    );
  },

  async run(job, p) {
    const x = publicacoes(p, await escopo(job.ctx, job.session));
    let inclusoes = 0;
    let exclusoes = 0;
    await gerarArquivo<Publicado>(job, {
      layout: LAYOUT_IMPRENSA_OFICIAL,
      nome: periodoNoNome('imprensa-oficial', p.inicio, p.fim),
      inicio: p.inicio,
      fim: p.fim,
      unidade: 'publicações',
      cabecalho: { titulo: `Relação de beneficiários: ${labelOf(MOVIMENTOS_PUBLICACAO, p.movimento).toLowerCase()} de ${br(p.inicio)} a ${br(p.fim)}` },
      contar: (db) => contar(db, x),
      pagina: async (db, depois, limite) => (await query<Publicado>(db, sql`select * from ${x} where chave > ${depois} order by chave limit ${limite}`)).map((r) => ({ ...r, chave: Number(r.chave) })),
      detalhe: (r) => ({ ...r, cpf: cpfMascarado(r.cpf), vinculo: vinculo(r.relacao), motivo: r.motivo ? labelOf(MOTIVOS_CANCELAMENTO, r.motivo) : '' }),
      acumular: (r) => (r.movimento === 'I' ? inclusoes++ : exclusoes++),
      trailer: () => ({ inclusoes, exclusoes }),
    });
  },
});

// ---- Lote de implantação ------------------------------------------------------------------------------------------

interface Implantado {
  chave: number;
  matricula: string;
  titular: string;
  relacao: string;
  nome: string;
  cpf: string | null;
  cns: string | null;
  nascimento: string;
  sexo: string;
  mae: string;
  registro_plano: string;
  adesao: string;
  carteirinha: string;
  cep: string | null;
  uf: string | null;
  cidade: number | null;
}

const adesoes = (p: Periodo, esc: SQL) => sql`beneficiarios b where b.data_adesao between ${p.inicio} and ${p.fim} and ${esc}`;

export const enrolmentBatchExport = defineJobKind<Periodo>({
  tipo: loteImplantacao.tipo,
  comandos: [loteImplantacao.comando],
  params: paramsSchema(loteImplantacao) as never,
  title: (_ctx, _c, p) => `Lote de implantação das adesões de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p) {
    const esc = await escopo(ctx, session);
    return previaDe(
      ctx.db,
      await contar(ctx.db, adesoes(p, esc)),
      'Nenhuma adesão neste período.',
      (n) => `${n} ${n === 1 ? 'beneficiário entra' : 'beneficiários entram'} no lote de implantação.`,
      sql`select b.matricula || ' · ' || b.nome || ' · adesão em ' || to_char(b.data_adesao, 'DD/MM/YYYY') as texto from ${adesoes(p, esc)} order by b.id limit 8`,
    );
  },

  async run(job, p) {
    const esc = await escopo(job.ctx, job.session);
    await gerarArquivo<Implantado>(job, {
      layout: LAYOUT_LOTE_IMPLANTACAO,
      nome: periodoNoNome('lote-implantacao', p.inicio, p.fim),
      inicio: p.inicio,
      fim: p.fim,
      unidade: 'beneficiários',
      contar: (db) => contar(db, adesoes(p, esc)),
      pagina: (db, depois, limite) =>
        query<Implantado>(
          db,
          sql`select b.id as chave, b.matricula, coalesce(t.matricula, b.matricula) as titular, b.relacao_dependencia as relacao, b.nome, b.cpf, b.cns,
                b.data_nascimento::text as nascimento, b.sexo, b.nome_mae as mae, pr.registro_ans as registro_plano, b.data_adesao::text as adesao,
                b.carteirinha, b.cep, b.uf, b.cidade
              from beneficiarios b join produtos pr on pr.id = b.produto left join beneficiarios t on t.id = b.titular
              where b.data_adesao between ${p.inicio} and ${p.fim} and ${esc} and b.id > ${depois} order by b.id limit ${limite}`,
        ),
      // TISS/SIB sex codes 1 and 3: the batch writes the letter
      detalhe: (r) => ({ ...r, sexo: r.sexo === '1' ? 'M' : 'F', registroPlano: r.registro_plano }),
      trailer: (quantidade) => ({ quantidade }),
    });
  },
});

// ---- Remessa de cancelamento de adesão --------------------------------------------------------------------------

interface Cancelado {
  chave: number;
  matricula: string;
  titular: string;
  relacao: string;
  nome: string;
  cpf: string | null;
  registro_plano: string;
  adesao: string;
  cancelamento: string;
  motivo: string | null;
}

const cancelados = (p: Periodo, esc: SQL) => sql`beneficiarios b where b.situacao = 'CANCELADO' and b.data_situacao between ${p.inicio} and ${p.fim} and ${esc}`;

export const membershipCancellationExport = defineJobKind<Periodo>({
  tipo: remessaCancelamentoAdesao.tipo,
  comandos: [remessaCancelamentoAdesao.comando],
  params: paramsSchema(remessaCancelamentoAdesao) as never,
  title: (_ctx, _c, p) => `Remessa de cancelamentos de adesão de ${br(p.inicio)} a ${br(p.fim)}`,

  async preview(ctx, session, p) {
    const esc = await escopo(ctx, session);
    return previaDe(
      ctx.db,
      await contar(ctx.db, cancelados(p, esc)),
      'Nenhum cancelamento de adesão neste período.',
      (n) => `${n} ${n === 1 ? 'cancelamento entra' : 'cancelamentos entram'} na remessa.`,
      sql`select b.matricula || ' · ' || b.nome || ' · cancelado em ' || to_char(b.data_situacao, 'DD/MM/YYYY') as texto from ${cancelados(p, esc)} order by b.id limit 8`,
    );
  },

  async run(job, p) {
    const esc = await escopo(job.ctx, job.session);
    await gerarArquivo<Cancelado>(job, {
      layout: LAYOUT_CANCELAMENTO_ADESAO,
      nome: periodoNoNome('remessa-cancelamento-adesao', p.inicio, p.fim),
      inicio: p.inicio,
      fim: p.fim,
      unidade: 'cancelamentos',
      contar: (db) => contar(db, cancelados(p, esc)),
      pagina: (db, depois, limite) =>
        query<Cancelado>(
          db,
          sql`select b.id as chave, b.matricula, coalesce(t.matricula, b.matricula) as titular, b.relacao_dependencia as relacao, b.nome, b.cpf,
                pr.registro_ans as registro_plano, b.data_adesao::text as adesao, b.data_situacao::text as cancelamento, b.motivo_cancelamento as motivo
              from beneficiarios b join produtos pr on pr.id = b.produto left join beneficiarios t on t.id = b.titular
              where b.situacao = 'CANCELADO' and b.data_situacao between ${p.inicio} and ${p.fim} and ${esc} and b.id > ${depois} order by b.id limit ${limite}`,
        ),
      detalhe: (r) => ({ ...r, vinculo: vinculo(r.relacao), registroPlano: r.registro_plano }),
      trailer: (quantidade) => ({ quantidade }),
    });
  },
});

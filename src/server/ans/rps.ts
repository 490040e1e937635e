import { sql } from 'drizzle-orm';
import { rps } from '../../shared/processos/ans';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { defineJobKind } from '../jobs/kind';
import { recordTrailMany } from '../trail/record';
import { escreverMensagem, type No } from '../tiss/escrita';
import { hashInformado } from '../tiss/hash';
import { carimbo } from './sib';
import { n, registrarRemessa, registroAns } from './remessas';

/**
 * RPS (IN ANS 3/2022; DOMAIN.md §3b, §7): the network movements the ANS has not received yet. Inclusions (RPI) and
 * exclusions (RPE) are the pending rows of `movimentos_rps` (src/server/rps); an alteração (RPA) is a provider in some
 * product's network whose registration (name, document, CNES, city) changed, by the trail, since the last RPS file.
 * Sending marks the movements "ENVIADO" in the same transaction that records the file. The schema is not public: the
 * structure is ESTRUTURA_RPS, shown on the screen.
 */

export const RPS_NS = 'http://www.ans.gov.br/padroes/rps/schemas';
const SEM_CNES = '9999999';
/** Trail keys (any case) of a provider's registration as the RPS carries it. */
const CAMPOS_RPA = new Set(['nome', 'cpf', 'cnpj', 'cnes', 'cidade', 'uf', 'tipopessoa']);

interface Prest {
  prestadorId: number;
  tipoPessoa: string;
  cpf: string | null;
  cnpj: string | null;
  cnes: string | null;
  nome: string;
  cidade: number | null;
  uf: string | null;
}

const COLS = sql`p.id as "prestadorId", p.tipo_pessoa as "tipoPessoa", p.cpf, p.cnpj, p.cnes, p.nome, p.cidade, p.uf`;

async function pendentes(db: Db) {
  return query<Prest & { id: number; tipo: string; data: string; motivo: string | null; plano: string }>(
    db,
    sql`select m.id, m.tipo, m.data::text as data, m.motivo, pr.registro_ans as plano, ${COLS}
        from movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id join produtos pr on pr.id = rp.produto_id join prestadores p on p.id = rp.prestador_id
        where m.envio = 'PENDENTE' order by m.data, m.id`,
  );
}

async function alterados(db: Db) {
  const [u] = await query<{ em: string }>(db, sql`select em::text as em from remessas_ans where tipo = 'RPS' order by id desc limit 1`);
  // before the first file there is no baseline: the ANS got the providers with their inclusions
  if (!u) return [];
  const rows = await query<Prest & { dia: string; chaves: string[] }>(
    db,
    sql`select ${COLS}, to_char(max(t.em) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia, array_agg(distinct k) as chaves
        from trilha_eventos t cross join lateral jsonb_object_keys(coalesce(t.depois, '{}'::jsonb)) k join prestadores p on t.registro_id = p.id::text
        where t.entidade = 'prestador' and t.acao = 'update' and t.em > ${u.em}::timestamptz
          and exists (select 1 from rede_produtos rp where rp.prestador_id = p.id and rp.fim is null)
        group by p.id order by p.id`,
  );
  return rows.filter((r) => r.chaves.some((k) => CAMPOS_RPA.has(k.replace(/_/g, '').toLowerCase())));
}

const prestadorNo = (p: Prest): No => [
  'prestador',
  [
    ['tipoPessoa', p.tipoPessoa],
    ['cpfCnpj', (p.tipoPessoa === 'J' ? p.cnpj : p.cpf) ?? ''],
    ['cnes', p.cnes || SEM_CNES],
    ['nome', p.nome.slice(0, 70)],
    p.cidade != null ? ['codigoMunicipio', String(p.cidade)] : null,
    p.uf ? ['uf', p.uf] : null,
  ],
];

async function previa(ctx: AppContext): Promise<Previa> {
  const [ps, as] = await Promise.all([pendentes(ctx.db), alterados(ctx.db)]);
  const inc = ps.filter((m) => m.tipo === 'I').length;
  return {
    total: 0,
    resumo:
      ps.length + as.length === 0
        ? 'Nenhum movimento da rede pendente de envio: nada a gerar.'
        : `${n(inc)} inclusões (RPI), ${n(as.length)} alterações (RPA) e ${n(ps.length - inc)} exclusões (RPE) vão para o arquivo do RPS e passam a "Enviado à ANS".`,
    amostra: [],
  };
}

export const rpsExport = defineJobKind<Record<string, never>>({
  tipo: rps.tipo,
  comandos: [rps.comando],
  params: paramsSchema(rps) as never,
  title: () => 'RPS — movimentos da rede',
  preview: previa,
  async run(job) {
    const { db } = job.ctx;
    const registro = await registroAns(job.ctx);
    const [ps, as] = await Promise.all([pendentes(db), alterados(db)]);
    const semDoc = [...ps, ...as].filter((p) => !(p.tipoPessoa === 'J' ? p.cnpj : p.cpf));
    if (semDoc.length) {
      for (const p of semDoc.slice(0, 50)) await job.log(`${p.nome}: prestador sem CPF/CNPJ no cadastro, fica pendente.`, 'aviso');
    }
    const ok = <T extends Prest>(xs: T[]) => xs.filter((p) => (p.tipoPessoa === 'J' ? p.cnpj : p.cpf));
    const movs = ok(ps);
    const alts = ok(as);
    if (!movs.length && !alts.length) {
      await job.log('Nenhum movimento da rede pendente de envio: nenhum arquivo gerado.');
      return;
    }
    const nos: No[] = [
      ...movs.filter((m) => m.tipo === 'I').map((m): No => ['inclusao', [['tipoMovimento', 'RPI'], prestadorNo(m), ['numeroPlanoANS', m.plano], ['dataInicio', m.data]]]),
      ...alts.map((a): No => ['alteracao', [['tipoMovimento', 'RPA'], prestadorNo(a), ['dataAlteracao', a.dia]]]),
      ...movs.filter((m) => m.tipo === 'E').map((m): No => ['exclusao', [['tipoMovimento', 'RPE'], prestadorNo(m), ['numeroPlanoANS', m.plano], ['dataExclusao', m.data], ['motivoExclusao', m.motivo ?? '']]]),
    ];
    const agora = new Date();
    const c = carimbo(agora);
    const [{ seq }] = await query<{ seq: number }>(db, sql`select count(*)::int + 1 as seq from remessas_ans where tipo = 'RPS'`);
    const bytes = escreverMensagem(
      [['cabecalho', [['registroANS', registro], ['sequencialTransacao', seq], ['dataHoraRegistroTransacao', c.iso]]], ['mensagem', [['operadoraParaANS', [['movimentos', nos]]]]]],
      'mensagemRPS',
      RPS_NS,
    );
    const hash = hashInformado(bytes.toString('latin1')) ?? '';
    const nome = `RPS_${registro}_${c.compacto}.xml`;
    const registros = [
      ...movs.map((m) => ({ chave: `m:${m.id}`, movimento: m.tipo === 'I' ? 'RPI' : 'RPE', assinatura: hash })),
      ...alts.map((a) => ({ chave: `p:${a.prestadorId}`, movimento: 'RPA', assinatura: hash })),
    ];
    const actor = { session: job.session, ip: '' };
    await registrarRemessa(job, { tipo: 'RPS', competencia: c.dia.slice(0, 7), nome, kind: 'xml', bytes, hash, registros }, async (t) => {
      if (!movs.length) return;
      await query(t, sql`update movimentos_rps set envio = 'ENVIADO' where id in (${sql.join(movs.map((m) => sql`${m.id}`), sql`, `)}) and envio = 'PENDENTE'`);
      await recordTrailMany(t, actor, movs.map((m) => ({ entidade: 'movimentorps', registroId: m.id, acao: 'update' as const, antes: { envio: 'Pendente de envio' }, depois: { envio: 'Enviado à ANS', arquivo: nome } })));
    });
    const inc = movs.filter((m) => m.tipo === 'I').length;
    await job.log(`Arquivo ${nome}: ${n(inc)} inclusões (RPI), ${n(alts.length)} alterações (RPA), ${n(movs.length - inc)} exclusões (RPE); hash ${hash}.`);
  },
});

import { sql, type SQL } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../shared/dates';
import type { Previa } from '../../shared/processos/define';
import { alteracaoCartao, MOTIVO_CARTAO_ALTERACAO } from '../../shared/processos/beneficiarios';
import { MAX_CARTOES_POR_EXECUCAO } from '../../shared/processos/cartoes';
import { paramsSchema } from '../../shared/processos/schema';
import { formatCarteirinha } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import { arquivoEmbossing, cartaoImpresso, dadosDeCartao, linhaEmbossing, trailerEmbossing } from '../cartoes/dados';
import { folhaDeCartoes } from '../cartoes/pdf';
import type { AppContext } from '../context';
import { cartoes } from '../db/schema';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { assertRecord, scopeOf, scopeWhere } from '../policy';
import { recordTrailMany } from '../trail/record';

type Params = {
  alcance: 'BENEFICIARIO' | 'FAMILIA' | 'EMPRESA';
  beneficiario: number | null;
  titular: number | null;
  empresa: number | null;
  numero: 'MANTER' | 'MATRICULA' | 'INFORMADO';
  novoNumero: string | null;
  validade: string | null;
  motivo: string;
};

const BATCH = 50;

/**
 * Each reached beneficiary with the number and validity its new card would have, and why it stays out: no validity
 * to keep (no active card and none typed), nothing changes, or the number is another beneficiary's card.
 * The number "from the matrícula" is the operator's 4-digit prefix (as on the current card), the matrícula and a
 * 2-digit check (prefix + matrícula mod 97), the rule of the cards already issued.
 */
function plano(p: Params, where: SQL): SQL {
  const novo =
    p.numero === 'INFORMADO'
      ? sql`${p.novoNumero}::varchar`
      : p.numero === 'MATRICULA'
        ? sql`(substr(b.carteirinha, 1, 4) || b.matricula || lpad(((substr(b.carteirinha, 1, 4) || b.matricula)::bigint % 97)::text, 2, '0'))`
        : sql`b.carteirinha`;
  return sql`
    select x.*, case
        when x.nova_validade is null then 'SEM_VALIDADE'
        when x.novo = x.carteirinha and x.nova_validade is not distinct from x.validade_atual then 'SEM_MUDANCA'
        when x.novo <> x.carteirinha and exists (select 1 from beneficiarios o where o.carteirinha = x.novo and o.id <> x.id) then 'NUMERO_EM_USO'
      end as fora
    from (
      select b.id, b.nome, b.matricula, b.carteirinha, b.titular, ${novo} as novo, c.validade::text as validade_atual,
        coalesce(${p.validade}::date, c.validade)::text as nova_validade
      from beneficiarios b left join cartoes c on c.beneficiario_id = b.id and c.situacao = 'ATIVO'
      where ${where}
    ) x`;
}

interface Linha {
  id: number;
  nome: string;
  matricula: string;
  carteirinha: string;
  novo: string;
  validade_atual: string | null;
  nova_validade: string | null;
  fora: 'SEM_VALIDADE' | 'SEM_MUDANCA' | 'NUMERO_EM_USO' | null;
}

const FORA: Record<NonNullable<Linha['fora']>, string> = {
  SEM_VALIDADE: 'sem cartão ativo e sem nova validade informada',
  SEM_MUDANCA: 'o cartão já tem esse número e essa validade',
  NUMERO_EM_USO: 'o novo número já é o cartão de outro beneficiário',
};

/** The active beneficiaries reached, within the session's scope; one beneficiary is checked and refused by name. */
async function alvo(ctx: AppContext, session: RequestSession, p: Params): Promise<SQL> {
  if (p.alcance === 'BENEFICIARIO') {
    await assertRecord(ctx, session, 'beneficiario', { id: p.beneficiario });
    const [b] = await query<{ nome: string; situacao: string }>(ctx.db, sql`select nome, situacao from beneficiarios where id = ${p.beneficiario}`);
    if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiario');
    if (b.situacao !== 'ATIVO') throw badRequest(`O cadastro de ${b.nome} não está ativo: o cartão de um cadastro suspenso ou cancelado não é reemitido.`, 'beneficiario');
    if (p.numero === 'INFORMADO') {
      const [dono] = await query<{ nome: string; matricula: string }>(ctx.db, sql`select nome, matricula from beneficiarios where carteirinha = ${p.novoNumero} and id <> ${p.beneficiario}`);
      if (dono) throw badRequest(`O número ${formatCarteirinha(p.novoNumero!)} já é o cartão de ${dono.nome} (matrícula ${dono.matricula}).`, 'novoNumero');
    }
  }
  const scope = await scopeOf(ctx, session, 'beneficiario');
  const por =
    p.alcance === 'BENEFICIARIO'
      ? sql`b.id = ${p.beneficiario}`
      : p.alcance === 'FAMILIA'
        ? sql`coalesce(b.titular, b.id) = (select coalesce(x.titular, x.id) from beneficiarios x where x.id = ${p.titular})`
        : sql`b.empresa = ${p.empresa}`;
  return sql`b.situacao = 'ATIVO' and ${por} and ${scopeWhere(scope, 'beneficiario', 'b')}`;
}

const ORDEM = sql`order by coalesce(x.titular, x.id), x.titular nulls first, x.id`;

/**
 * Alteração de Cartão: a new issue of the card with a new number and/or validity for each beneficiary reached. The
 * active card becomes "substituído" (its number stays in the cards' history, and the new issue records the number
 * it replaced, also for cards that predate the ones issued here); the record's carteirinha moves to the new number;
 * the issue and the record change go to the trail. The new cards are drawn (PDF) and written for the printer
 * (embossing), as the Gerador de Cartões does.
 */
export const cardChange = defineJobKind<Params>({
  tipo: alteracaoCartao.tipo,
  comandos: [alteracaoCartao.comando],
  params: paramsSchema(alteracaoCartao) as never,
  title: (_ctx, _c, p) => (p.numero === 'MANTER' ? 'Alteração de cartão (validade)' : 'Alteração de cartão (número)'),

  async preview(ctx, session, p): Promise<Previa> {
    const where = await alvo(ctx, session, p);
    const [c] = await query<{ total: number; muda: number; numero: number; sem_validade: number; sem_mudanca: number; em_uso: number }>(
      ctx.db,
      sql`select count(*)::int as total, count(*) filter (where fora is null)::int as muda, count(*) filter (where fora is null and novo <> carteirinha)::int as numero,
            count(*) filter (where fora = 'SEM_VALIDADE')::int as sem_validade, count(*) filter (where fora = 'SEM_MUDANCA')::int as sem_mudanca,
            count(*) filter (where fora = 'NUMERO_EM_USO')::int as em_uso
          from (${plano(p, where)}) x`,
    );
    if (p.alcance === 'BENEFICIARIO' && c.sem_validade) throw badRequest('O beneficiário não tem cartão ativo: informe a nova validade.', 'validade');
    const amostra = await query<Linha>(ctx.db, sql`select * from (${plano(p, where)}) x where fora is null ${ORDEM} limit 8`);
    const fora = [
      c.sem_validade && `${c.sem_validade} sem cartão ativo (informe a nova validade para incluí-los)`,
      c.sem_mudanca && `${c.sem_mudanca} já com esse número e essa validade`,
      c.em_uso && `${c.em_uso} cujo novo número já é de outro beneficiário`,
    ].filter(Boolean);
    const n = c.muda;
    const resumo =
      c.total > MAX_CARTOES_POR_EXECUCAO
        ? `${c.total.toLocaleString('pt-BR')} beneficiários: acima do limite de ${MAX_CARTOES_POR_EXECUCAO.toLocaleString('pt-BR')} cartões por execução. Escolha um grupo menor.`
        : n === 0
          ? `Nenhum cartão a alterar${fora.length ? `: ${fora.join('; ')}` : ' nesta seleção'}.`
          : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'cartão será reemitido' : 'cartões serão reemitidos'} (${c.numero.toLocaleString('pt-BR')} com número novo); ${n === 1 ? 'o cartão ativo fica substituído' : 'os cartões ativos ficam substituídos'}.${fora.length ? ` Ficam de fora: ${fora.join('; ')}.` : ''}`;
    return {
      total: n,
      resumo,
      amostra: amostra.map((l) => `${l.nome} · ${formatCarteirinha(l.carteirinha)}${l.novo !== l.carteirinha ? ` → ${formatCarteirinha(l.novo)}` : ''} · validade ${isoToBr(l.nova_validade)}`),
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Selecionando os beneficiários');
    const where = await alvo(ctx, session, p);
    const todos = await query<Linha>(ctx.db, sql`select * from (${plano(p, where)}) x ${ORDEM} limit ${MAX_CARTOES_POR_EXECUCAO + 1}`);
    if (todos.length > MAX_CARTOES_POR_EXECUCAO) throw badRequest(`Mais de ${MAX_CARTOES_POR_EXECUCAO.toLocaleString('pt-BR')} beneficiários nesta seleção: escolha um grupo menor.`);
    for (const l of todos.filter((x) => x.fora)) await job.log(`${l.nome} (${l.matricula}) ficou de fora: ${FORA[l.fora!]}.`, 'aviso');
    const ids = todos.filter((x) => !x.fora).map((x) => x.id);
    if (p.alcance === 'BENEFICIARIO' && !ids.length) throw badRequest(`Nada alterado: ${FORA[todos[0]?.fora ?? 'SEM_MUDANCA']}.`);

    const op = await operadoraPropria(ctx.db);
    const operadora = { nome: op?.nome ?? op?.razao ?? ctx.settings.nome, registroAns: op?.registroAns ?? '' };
    const folha = folhaDeCartoes(operadora, `Cartões alterados — execução ${job.id}`);
    const emb: string[] = [];
    const emissao = todayIso();
    const actor = { session, ip: '' };
    let renumerados = 0;

    for (let i = 0; i < ids.length; i += BATCH) {
      await job.checkpoint();
      const lote = ids.slice(i, i + BATCH);
      const dados = new Map((await dadosDeCartao(ctx.db, lote)).map((d) => [d.id, d]));
      // one short transaction per batch, the plan read again under lock: the issue, the record and the trail together
      const feitos = await ctx.db.transaction(async (t) => {
        const linhas = await query<Linha>(t, sql`select * from (${plano(p, sql`b.id in (${sql.join(lote.map((id) => sql`${id}`), sql`, `)}) and ${where}`)}) x ${ORDEM}`);
        const ok = linhas.filter((l) => !l.fora);
        for (const l of linhas.filter((x) => x.fora)) await job.log(`${l.nome} (${l.matricula}) ficou de fora: ${FORA[l.fora!]}.`, 'aviso');
        if (!ok.length) return [];
        const idsOk = sql.join(ok.map((l) => sql`${l.id}`), sql`, `);
        await query(t, sql`select id from beneficiarios where id in (${idsOk}) for update`);
        await t.execute(sql`update cartoes set situacao = 'SUBSTITUIDO' where situacao = 'ATIVO' and beneficiario_id in (${idsOk})`);
        const novos = await t
          .insert(cartoes)
          .values(
            ok.map((l) => ({
              beneficiarioId: l.id,
              carteirinha: l.novo,
              via: dados.get(l.id)!.via,
              motivo: MOTIVO_CARTAO_ALTERACAO,
              emissao,
              validade: l.nova_validade!,
              execucaoId: job.id,
              carteirinhaAnterior: l.carteirinha,
            })),
          )
          .returning();
        const trocados = ok.filter((l) => l.novo !== l.carteirinha);
        if (trocados.length)
          await t.execute(
            sql`update beneficiarios b set carteirinha = v.novo, version = b.version + 1
                from (values ${sql.join(trocados.map((l) => sql`(${l.id}::int, ${l.novo}::varchar)`), sql`, `)}) as v(id, novo) where b.id = v.id`,
          );
        await recordTrailMany(t, actor, [
          ...novos.map((c) => ({ entidade: 'cartao', registroId: c.id, acao: 'insert' as const, depois: { ...c, motivoAlteracaoCartao: p.motivo } })),
          ...trocados.map((l) => ({ entidade: 'beneficiario', registroId: l.id, acao: 'update' as const, antes: { carteirinha: l.carteirinha }, depois: { carteirinha: l.novo, motivoAlteracaoCartao: p.motivo } })),
        ]);
        return ok;
      });
      for (const l of feitos) {
        const d = dados.get(l.id)!;
        const c = cartaoImpresso({ ...d, carteirinha: l.novo }, l.nova_validade!);
        folha.cartao(c);
        emb.push(linhaEmbossing(c, l.matricula));
        if (l.novo !== l.carteirinha) renumerados++;
        if (p.alcance === 'BENEFICIARIO')
          await job.log(`${l.nome} (${l.matricula}): cartão ${formatCarteirinha(l.carteirinha)} substituído pelo ${formatCarteirinha(l.novo)}, via ${d.via}, validade ${isoToBr(l.nova_validade)}. Motivo: ${p.motivo}.`);
      }
      const n = Math.min(i + BATCH, ids.length);
      await job.progress(Math.floor((n / ids.length) * 90), `Reemitindo ${n.toLocaleString('pt-BR')} de ${ids.length.toLocaleString('pt-BR')} cartões`);
      await new Promise((r) => setImmediate(r));
    }

    if (!folha.quantidade) {
      await job.log('Nenhum cartão alterado.');
      return;
    }
    await job.progress(92, 'Gravando o PDF e o arquivo de embossing');
    emb.push(trailerEmbossing(folha.quantidade, emissao, operadora.registroAns));
    await job.saveFile(`cartoes-${job.id}.pdf`, 'pdf', await folha.end());
    await job.saveFile(`embossing-${job.id}.txt`, 'txt', arquivoEmbossing(emb));
    await job.log(`${folha.quantidade.toLocaleString('pt-BR')} cartões reemitidos (${renumerados.toLocaleString('pt-BR')} com número novo); os números anteriores ficam no histórico de cartões.`);
  },
});

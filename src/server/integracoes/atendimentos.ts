import { sql } from 'drizzle-orm';
import { CONSELHO_SIGLA, conselhoTiss, solicitacaoSchema, STATUS_LABEL, type Status, type Tipo } from '../../shared/autorizacoes';
import { isoToBr, todayIso, toIsoDate } from '../../shared/dates';
import { importacaoAtendimentosIntegracao, LAYOUT_INTEGRACAO_ATENDIMENTOS, TIPOS_INTEGRACAO_ATENDIMENTO, type Diferenca, type RegistroIntegracao } from '../../shared/integracoes';
import { formatMoney, toCentavos } from '../../shared/money';
import { paramsSchema } from '../../shared/processos/schema';
import { formatCarteirinha, labelOf, onlyDigits } from '../../shared/text';
import { solicitar } from '../autorizacoes/solicitacao';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, parse } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { decidirRegistro, type Decidido, type Quem } from './decisao';
import { csvDoLote, gravarLote, lerArquivo, previaDasLinhas, type CsvLine, type LinhaLida } from './lote';

/**
 * Atendimentos de Integrações: the attendances an external provider's system sends (a consultation, a primary-care
 * visit, a presence voucher: the guides that need no medical order attached). At import each line is read and
 * checked against the registry (the provider, the card, the procedure) and against the guides already received;
 * at application it becomes an authorization request through the requests' own service (`solicitar`: eligibility,
 * the professional in the council register, prices, the operator's rules for an immediate authorization, history
 * and trail), dated the day of the attendance.
 */

export interface DadosAtendimento {
  guia: string;
  prestadorCodigo: string;
  prestadorId: number;
  tipo: Tipo;
  carteirinha: string;
  beneficiarioId: number;
  dataAtendimento: string;
  codigo: string;
  descricao: string;
  quantidade: number;
  conselho: string;
  numeroConselho: string;
  ufConselho: string;
  cbo: string | null;
  carater: '1' | '2';
}

type Params = { origem: string; arquivo: number };
const COMANDO = importacaoAtendimentosIntegracao.comando;

interface Referencias {
  prestadores: Map<string, { id: number; nome: string }>;
  beneficiarios: Map<string, { id: number; nome: string }>;
  procedimentos: Map<string, string>;
  ufs: Set<string>;
  /** Guides already received (not refused): provider id + guide → lot and line. */
  recebidas: Map<string, { lote: number; linha: number }>;
}

const chave = (prestadorId: number, guia: string) => `${prestadorId}|${guia}`;

async function referencias(db: Db, linhas: CsvLine[]): Promise<Referencias> {
  const lista = (k: string, f: (v: string) => string) => [...new Set(linhas.map((l) => f(l.valores[k] ?? '')).filter(Boolean))];
  const em = (xs: string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
  const codigos = lista('prestador', (v) => onlyDigits(v));
  const cartoes = lista('carteirinha', (v) => onlyDigits(v));
  const procs = lista('procedimento', (v) => onlyDigits(v));
  const guias = lista('guia', (v) => v.trim());
  const prestadores = codigos.length ? await query<{ id: number; codigo: string; nome: string }>(db, sql`select id, codigo, nome from prestadores where codigo in (${em(codigos)})`) : [];
  const beneficiarios = cartoes.length ? await query<{ id: number; carteirinha: string; nome: string }>(db, sql`select id, carteirinha, nome from beneficiarios where carteirinha in (${em(cartoes)})`) : [];
  const procedimentos = procs.length ? await query<{ codigo: string; descricao: string }>(db, sql`select codigo, descricao from procedimentos where codigo in (${em(procs)}) and ativo`) : [];
  const recebidas = guias.length
    ? await query<{ prestador_id: number; guia_origem: string; lote_id: number; linha: number }>(
        db,
        sql`select prestador_id, guia_origem, lote_id, linha from integracoes_atendimentos where guia_origem in (${em(guias)}) and status <> 'RECUSADO'`,
      )
    : [];
  return {
    prestadores: new Map(prestadores.map((p) => [p.codigo, p])),
    beneficiarios: new Map(beneficiarios.map((b) => [b.carteirinha, b])),
    procedimentos: new Map(procedimentos.map((p) => [p.codigo, p.descricao])),
    ufs: new Set((await query<{ sigla: string }>(db, sql`select sigla from ufs`)).map((u) => u.sigla)),
    recebidas: new Map(recebidas.map((r) => [chave(r.prestador_id, r.guia_origem), { lote: r.lote_id, linha: r.linha }])),
  };
}

/** A line against its rules and the registry; the first problem is the line's reason. */
export function lerLinhaAtendimento(l: CsvLine, refs: Referencias): { dados: DadosAtendimento | null; erro: string | null } {
  if (l.erro) return { dados: null, erro: l.erro };
  const v = l.valores;
  const no = (erro: string) => ({ dados: null, erro });
  const guia = v.guia.trim();
  if (!guia) return no('Informe o número da guia no sistema do prestador.');
  if (guia.length > 20 || !/^[\w./-]+$/.test(guia)) return no(`Número de guia "${guia}" inválido: até 20 letras, números, ponto, barra ou hífen.`);
  const prestadorCodigo = onlyDigits(v.prestador);
  if (!prestadorCodigo) return no('Informe o código do prestador.');
  const prest = refs.prestadores.get(prestadorCodigo);
  if (!prest) return no(`Prestador de código ${prestadorCodigo} não encontrado.`);
  const tipo = v.tipo.trim().toUpperCase();
  if (!TIPOS_INTEGRACAO_ATENDIMENTO.some(([k]) => k === tipo))
    return no(`Tipo "${v.tipo}" não aceito pela integração: use CONSULTA, APS ou COMPROVANTE_PRESENCIAL (os demais exigem o pedido médico anexado).`);
  const carteirinha = onlyDigits(v.carteirinha);
  if (carteirinha.length !== 16) return no(`Carteirinha "${v.carteirinha}" inválida: informe os 16 dígitos.`);
  const ben = refs.beneficiarios.get(carteirinha);
  if (!ben) return no(`Carteirinha ${formatCarteirinha(carteirinha)} não encontrada.`);
  if (!v.dataAtendimento.trim()) return no('Informe a data do atendimento (DD/MM/AAAA).');
  const data = toIsoDate(v.dataAtendimento);
  if (!data) return no(`Data do atendimento "${v.dataAtendimento}" inválida: use DD/MM/AAAA.`);
  if (data > todayIso()) return no('A data do atendimento não pode ser futura.');
  const codigo = onlyDigits(v.procedimento);
  const descricao = refs.procedimentos.get(codigo);
  if (!codigo || !descricao) return no(`Procedimento "${v.procedimento}" não encontrado na tabela de procedimentos (TUSS).`);
  const qtd = v.quantidade.trim() ? Number(v.quantidade.trim()) : 1;
  if (!Number.isInteger(qtd) || qtd < 1 || qtd > 999) return no(`Quantidade "${v.quantidade}" inválida: de 1 a 999.`);
  if (tipo === 'CONSULTA' && qtd !== 1) return no('A guia de consulta tem um único procedimento, de quantidade 1.');
  const conselho = conselhoTiss(v.conselho.trim() || 'CRM');
  if (!conselho) return no(`Conselho "${v.conselho}" inválido: use a sigla (CRM, CRO, COREN, CRP…).`);
  const numeroConselho = v.numeroConselho.trim();
  if (!numeroConselho || numeroConselho.length > 15) return no('Informe o número do profissional no conselho (até 15 caracteres).');
  const uf = v.ufConselho.trim().toUpperCase();
  if (!refs.ufs.has(uf)) return no(`UF do conselho "${v.ufConselho}" inválida.`);
  const cbo = onlyDigits(v.cbo) || null;
  if (cbo && cbo.length !== 6) return no(`CBO "${v.cbo}" inválido: 6 dígitos.`);
  const carater = v.carater.trim() || '1';
  if (carater !== '1' && carater !== '2') return no(`Caráter "${v.carater}" inválido: 1 eletivo ou 2 urgência.`);
  const ja = refs.recebidas.get(chave(prest.id, guia));
  if (ja) return no(`A guia ${guia} deste prestador já foi recebida no lote ${ja.lote} (linha ${ja.linha}).`);
  return {
    dados: { guia, prestadorCodigo, prestadorId: prest.id, tipo: tipo as Tipo, carteirinha, beneficiarioId: ben.id, dataAtendimento: data, codigo, descricao, quantidade: qtd, conselho, numeroConselho, ufConselho: uf, cbo, carater },
    erro: null,
  };
}

/** The file's lines against the registry and against each other (a guide once per provider). */
export async function conferirAtendimentos(db: Db, linhas: CsvLine[]): Promise<LinhaLida<DadosAtendimento>[]> {
  const refs = await referencias(db, linhas);
  const vistas = new Map<string, number>();
  return linhas.map((l): LinhaLida<DadosAtendimento> => {
    const r = lerLinhaAtendimento(l, refs);
    if (r.dados) {
      const k = chave(r.dados.prestadorId, r.dados.guia);
      const antes = vistas.get(k);
      if (antes !== undefined) return { linha: l.linha, dados: r.dados, erro: `A guia ${r.dados.guia} deste prestador já aparece na linha ${antes}.` };
      vistas.set(k, l.linha);
    }
    return { linha: l.linha, ...r };
  });
}

async function ler(ctx: AppContext, session: RequestSession, p: Params) {
  const { arquivo, linhas } = await lerArquivo(ctx, session, COMANDO, p, LAYOUT_INTEGRACAO_ATENDIMENTOS);
  return { arquivo, lidas: await conferirAtendimentos(ctx.db, linhas) };
}

/** A block of read lines into the lot (pending, or refused with the reason), in one statement. */
export async function inserirAtendimentos(t: Db, loteId: number, bloco: LinhaLida<DadosAtendimento>[]) {
  await t.execute(
    sql`insert into integracoes_atendimentos (lote_id, linha, guia_origem, tipo, prestador_id, beneficiario_id, data_atendimento, codigo, dados, status, motivo) values ${sql.join(
      bloco.map((l) => {
        const d = l.dados;
        return sql`(${loteId}, ${l.linha}, ${d?.guia ?? null}, ${d?.tipo ?? null}, ${d?.prestadorId ?? null}, ${d?.beneficiarioId ?? null}, ${d?.dataAtendimento ?? null}, ${d?.codigo ?? null},
          ${JSON.stringify(d ?? {})}::jsonb, ${l.erro ? 'RECUSADO' : 'PENDENTE'}, ${l.erro})`;
      }),
      sql`, `,
    )}`,
  );
}

export const attendanceIntegrationImport = defineJobKind<Params>({
  tipo: importacaoAtendimentosIntegracao.tipo,
  comandos: [COMANDO],
  params: paramsSchema(importacaoAtendimentosIntegracao) as never,
  title: (_ctx, _c, p) => `Integração de atendimentos — ${p.origem}`,

  async preview(ctx, session, p) {
    const { lidas } = await ler(ctx, session, p);
    return previaDasLinhas(lidas, (d) => `${labelOf(TIPOS_INTEGRACAO_ATENDIMENTO, d.tipo)} · guia ${d.guia} · ${isoToBr(d.dataAtendimento)} · ${d.codigo} ${d.descricao}`);
  },

  async run(job, p) {
    await job.progress(0, 'Lendo o arquivo');
    const { arquivo, lidas } = await ler(job.ctx, job.session, p);
    await job.log(`Arquivo ${arquivo.nome} de ${p.origem}: ${lidas.length.toLocaleString('pt-BR')} linhas.`);
    const r = await gravarLote(job, { tipo: 'ATENDIMENTO', origem: p.origem, arquivo }, lidas, inserirAtendimentos);
    await csvDoLote(job, `integracao-atendimentos-${job.id}.csv`, ['Guia', 'Tipo', 'Atendimento', 'Procedimento'], lidas, (d) =>
      d ? [d.guia, labelOf(TIPOS_INTEGRACAO_ATENDIMENTO, d.tipo), isoToBr(d.dataAtendimento), `${d.codigo} ${d.descricao}`] : ['', '', '', ''],
    );
    await job.log(`Lote ${r.loteId}: ${r.recebidos.toLocaleString('pt-BR')} atendimentos pendentes de análise; ${r.recusados.toLocaleString('pt-BR')} linhas recusadas.`, r.recusados ? 'aviso' : 'info');
  },
});

// ---- the analysis ----------------------------------------------------------------------------------------------------

interface Registro {
  id: number;
  version: number;
  lote_id: number;
  origem: string;
  nome_arquivo: string;
  recebido_em: Date | string;
  linha: number;
  dados: Partial<DadosAtendimento>;
  status: 'PENDENTE' | 'APLICADO' | 'RECUSADO';
  motivo: string | null;
  autorizacao_id: number | null;
  autorizacao_numero: string | null;
  decidido_por_nome: string | null;
  decidido_em: Date | string | null;
}

async function registro(db: Db, id: number, lock = false): Promise<Registro | undefined> {
  return (
    await query<Registro>(
      db,
      sql`select i.id, i.version, i.lote_id, l.origem, l.nome_arquivo, l.recebido_em, i.linha, i.dados, i.status, i.motivo, i.autorizacao_id, a.numero as autorizacao_numero,
            i.decidido_por_nome, i.decidido_em
          from integracoes_atendimentos i join integracoes_lotes l on l.id = i.lote_id left join autorizacoes a on a.id = i.autorizacao_id
          where i.id = ${id} ${lock ? sql`for update of i` : sql``}`,
    )
  )[0];
}

export async function detalheAtendimento(ctx: AppContext, id: number): Promise<RegistroIntegracao> {
  const r = await registro(ctx.db, id);
  if (!r) throw AppError.of(404, 'Registro de integração não encontrado.');
  const d = r.dados;
  const alertas: string[] = [];
  const diferencas: Diferenca[] = [];
  let nome = `linha ${r.linha}`;
  if (d.beneficiarioId) {
    const [b] = await query<{ nome: string; situacao: string; fim_carencia: string | null; plano: string; data_adesao: string }>(
      ctx.db,
      sql`select b.nome, b.situacao, to_char(b.fim_carencia, 'YYYY-MM-DD') as fim_carencia, p.nome as plano, to_char(b.data_adesao, 'YYYY-MM-DD') as data_adesao
          from beneficiarios b join produtos p on p.id = b.produto where b.id = ${d.beneficiarioId}`,
    );
    const [pr] = await query<{ nome: string }>(ctx.db, sql`select nome from prestadores where id = ${d.prestadorId ?? 0}`);
    const [proc] = await query<{ valor: string }>(ctx.db, sql`select valor from procedimentos where codigo = ${d.codigo ?? ''}`);
    nome = b.nome;
    const situacao = labelOf([['ATIVO', 'Ativo'], ['SUSPENSO', 'Suspenso'], ['CANCELADO', 'Cancelado']], b.situacao);
    diferencas.push(
      { campo: 'beneficiario', rotulo: 'Beneficiário', atual: `${b.nome} · ${situacao} · ${b.plano}`, recebido: formatCarteirinha(d.carteirinha ?? ''), muda: false },
      { campo: 'prestador', rotulo: 'Prestador', atual: pr?.nome ?? null, recebido: d.prestadorCodigo ?? null, muda: false },
      { campo: 'procedimento', rotulo: 'Procedimento', atual: proc ? `${d.descricao} · ${formatMoney(toCentavos(proc.valor) ?? 0)} (valor de referência)` : null, recebido: d.codigo ?? null, muda: false },
    );
    if (r.status === 'PENDENTE') {
      if (b.situacao !== 'ATIVO') alertas.push(`O beneficiário está ${situacao.toLowerCase()}: a solicitação será recusada pela elegibilidade.`);
      if (b.fim_carencia && d.dataAtendimento && b.fim_carencia >= d.dataAtendimento) alertas.push(`Em carência até ${isoToBr(b.fim_carencia)} na data do atendimento.`);
      if (d.dataAtendimento && d.dataAtendimento < b.data_adesao) alertas.push(`Atendimento anterior à adesão (${isoToBr(b.data_adesao)}).`);
    }
    // the same procedure for the same beneficiary on the same day, already requested: a likely duplicate
    const dup = await query<{ numero: string; status: Status }>(
      ctx.db,
      sql`select a.numero, a.status from autorizacoes a where a.beneficiario_id = ${d.beneficiarioId} and a.data_solicitacao = ${d.dataAtendimento ?? null}
            and exists (select 1 from autorizacao_itens i where i.autorizacao_id = a.id and i.codigo = ${d.codigo ?? ''}) and a.id <> ${r.autorizacao_id ?? 0} order by a.id limit 5`,
    );
    if (dup.length) alertas.push(`Possível duplicidade: ${dup.map((x) => `${x.numero} (${STATUS_LABEL[x.status]})`).join(', ')} já ${dup.length === 1 ? 'tem' : 'têm'} este procedimento neste dia.`);
  }
  const tipo = d.tipo ? labelOf(TIPOS_INTEGRACAO_ATENDIMENTO, d.tipo) : 'Linha';
  return {
    id: r.id,
    version: r.version,
    loteId: r.lote_id,
    origem: r.origem,
    nomeArquivo: r.nome_arquivo,
    recebidoEm: new Date(r.recebido_em).toISOString(),
    linha: r.linha,
    status: r.status,
    motivo: r.motivo,
    decididoPor: r.decidido_por_nome,
    decididoEm: r.decidido_em ? new Date(r.decidido_em).toISOString() : null,
    titulo: `${tipo} · ${nome}${d.dataAtendimento ? ` em ${isoToBr(d.dataAtendimento)}` : ''}`,
    recebido: d.guia
      ? [
          { rotulo: 'Guia do prestador', valor: d.guia },
          { rotulo: 'Tipo', valor: tipo },
          { rotulo: 'Prestador (código)', valor: d.prestadorCodigo ?? '' },
          { rotulo: 'Carteirinha', valor: formatCarteirinha(d.carteirinha ?? '') },
          { rotulo: 'Atendimento', valor: isoToBr(d.dataAtendimento) },
          { rotulo: 'Procedimento', valor: `${d.codigo} – ${d.descricao}` },
          { rotulo: 'Quantidade', valor: String(d.quantidade) },
          { rotulo: 'Profissional', valor: `${CONSELHO_SIGLA[d.conselho ?? ''] ?? d.conselho} ${d.numeroConselho}/${d.ufConselho}${d.cbo ? ` · CBO ${d.cbo}` : ''}` },
          { rotulo: 'Caráter', valor: d.carater === '2' ? 'Urgência/Emergência' : 'Eletivo' },
        ]
      : [],
    diferencas,
    efeito:
      r.status === 'APLICADO'
        ? `Registrado como a solicitação ${r.autorizacao_numero ?? ''}.`
        : r.status === 'RECUSADO'
          ? 'Recusado: nada foi registrado.'
          : `Registra uma solicitação de ${tipo.toLowerCase()} com data de ${isoToBr(d.dataAtendimento)}, pelas regras da operadora (elegibilidade, profissional, preço e autorização).`,
    alertas,
    beneficiarioId: d.beneficiarioId ?? null,
    autorizacaoId: r.autorizacao_id,
    autorizacaoNumero: r.autorizacao_numero,
  };
}

/** Registers the attendance as an authorization request through `solicitar`, in the record's own transaction. */
export async function aplicarAtendimento(ctx: AppContext, actor: Quem, id: number, version: number): Promise<Decidido> {
  return decidirRegistro(ctx, actor, { tabela: 'integracoes_atendimentos', entidade: 'integracaoatendimento', id, version }, async (t) => {
    const r = await registro(t, id, true);
    if (!r) throw AppError.of(404, 'Registro de integração não encontrado.');
    return {
      linha: r,
      aplicar: async () => {
        const d = r.dados as DadosAtendimento;
        const body = parse(solicitacaoSchema, {
          beneficiarioId: d.beneficiarioId,
          prestadorSolicitanteId: d.prestadorId,
          profissional: { conselho: d.conselho, numero: d.numeroConselho, uf: d.ufConselho, cbo: d.cbo },
          dataSolicitacao: d.dataAtendimento,
          carater: d.carater,
          observacao: `Integração ${r.origem}: guia ${d.guia} do prestador (lote ${r.lote_id}, linha ${r.linha}).`.slice(0, 500),
          itens: [{ tabela: '22', codigo: d.codigo, descricao: d.descricao, quantidade: d.quantidade }],
          anexos: [],
        });
        // the requests' service in this transaction (its own is a savepoint): both commit or neither does
        const feito = await solicitar({ ...ctx, db: t }, actor, d.tipo, body);
        return { autorizacao_id: feito.detalhe.id };
      },
    };
  });
}

import { sql } from 'drizzle-orm';
import { isoToBr, todayIso, toIsoDate } from '../../shared/dates';
import { autorizacaoIntercambio, codigoDaParceira, DIGITOS_CARTAO, LAYOUT_AUTORIZACOES_INTERCAMBIO, type Direcao } from '../../shared/intercambio';
import { formatMoney, parseMoney, type Centavos } from '../../shared/money';
import { OPCOES_PADRAO, precificar } from '../../shared/precos/calculo';
import { paramsSchema } from '../../shared/processos/schema';
import { onlyDigits } from '../../shared/text';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { lerCsv, type CsvLine } from '../jobs/csv-input';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { carregarTabelas, prestadoresDePreco, procedimentosPorCodigo } from '../precos/tabelas';
import { csvLine } from '../resources/export';
import { recordTrailMany, type Actor } from '../trail/record';

/**
 * Processar Autorizações de Intercâmbio: a partner's file, line by line. A line received (R) names the partner's card
 * (its first digits the partner's code; an excluded card receives nothing), a provider of the own network and a
 * procedure priced by that provider's table on the day (`precificar`, the one price rule); the card is registered or
 * updated. A line sent (E) names an own beneficiary by the interchange card in the registry and the value the partner
 * charges. Lines are written in blocks, each with its trail; the refused ones go to the log and the CSV with why.
 */

type Params = { intercambio: number; arquivo: number };
const MAX_LINHAS = 20_000;

export interface Linha {
  linha: number;
  direcao: Direcao;
  numero: string;
  cartao: string;
  nome: string;
  nascimento: string | null;
  validade: string | null;
  data: string;
  prestadorId: number | null;
  prestadorNome: string;
  codigo: string;
  descricao: string;
  quantidade: number;
  valor: Centavos;
  senha: string | null;
  beneficiarioId: number | null;
}
type Lida = { linha: number; ok: Linha | null; erro: string | null; cartao?: string };

export interface Parceira {
  id: number;
  codigo: string;
  nome: string;
}

export async function conferirIntercambio(db: Db, parceira: Parceira, linhas: CsvLine[]): Promise<Lida[]> {
  const em = (xs: string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
  const todos = (k: string) => [...new Set(linhas.map((l) => onlyDigits(l.valores[k] ?? '')).filter(Boolean))];
  const cartoes = todos('cartao');
  const excluidos = new Map(
    cartoes.length ? (await query<{ numero: string; excluido_em: string }>(db, sql`select numero, to_char(excluido_em, 'YYYY-MM-DD') as excluido_em from cartoes_intercambio where situacao = 'EXCLUIDO' and numero in (${em(cartoes)})`)).map((c) => [c.numero, c.excluido_em]) : [],
  );
  const proprios = new Map(
    cartoes.length ? (await query<{ id: number; cartao_intercambio: string; nome: string; situacao: string }>(db, sql`select id, cartao_intercambio, nome, situacao from beneficiarios where cartao_intercambio in (${em(cartoes)})`)).map((b) => [b.cartao_intercambio, b]) : [],
  );
  const codigosPrest = [...new Set(linhas.filter((l) => l.valores.direcao.trim().toUpperCase() === 'R').map((l) => onlyDigits(l.valores.prestador)).filter(Boolean))];
  const prestPorCodigo = new Map(codigosPrest.length ? (await query<{ id: number; codigo: string }>(db, sql`select id, codigo from prestadores where codigo in (${em(codigosPrest)})`)).map((p) => [p.codigo, p.id]) : []);
  const precoPrest = await prestadoresDePreco(db, [...prestPorCodigo.values()]);
  const procs = await procedimentosPorCodigo(db, todos('procedimento'));
  const tabelas = await carregarTabelas(db);
  const numeros = [...new Set(linhas.map((l) => l.valores.numero.trim()).filter(Boolean))];
  const ja = new Set(
    numeros.length ? (await query<{ direcao: string; numero_origem: string }>(db, sql`select direcao, numero_origem from autorizacoes_intercambio where intercambio_id = ${parceira.id} and numero_origem in (${em(numeros)})`)).map((r) => `${r.direcao}|${r.numero_origem}`) : [],
  );
  const vistos = new Map<string, number>();
  const hoje = todayIso();

  return linhas.map((l): Lida => {
    const no = (erro: string) => ({ linha: l.linha, ok: null, erro });
    if (l.erro) return no(l.erro);
    const v = l.valores;
    const dir = v.direcao.trim().toUpperCase();
    if (dir !== 'R' && dir !== 'E') return no(`Direção "${v.direcao}" inválida: use R (recebida, rede própria) ou E (enviada, rede da parceira).`);
    const direcao: Direcao = dir === 'R' ? 'RECEBIDA' : 'ENVIADA';
    const numero = v.numero.trim();
    if (!numero || numero.length > 20) return no('Informe o número da autorização na parceira (até 20 caracteres).');
    const k = `${direcao}|${numero}`;
    if (vistos.has(k)) return no(`A autorização ${numero} já aparece na linha ${vistos.get(k)}.`);
    vistos.set(k, l.linha);
    if (ja.has(k)) return no(`A autorização ${numero} desta parceira já foi recebida.`);
    const cartao = onlyDigits(v.cartao);
    if (cartao.length !== DIGITOS_CARTAO) return no(`Cartão de intercâmbio "${v.cartao}" inválido: informe os ${DIGITOS_CARTAO} dígitos.`);
    const data = toIsoDate(v.dataAtendimento);
    if (!data) return no(`Data do atendimento "${v.dataAtendimento}" inválida: use DD/MM/AAAA.`);
    if (data > hoje) return no('A data do atendimento não pode ser futura.');
    const codigo = onlyDigits(v.procedimento);
    const proc = procs.get(codigo);
    if (!proc) return no(`Procedimento "${v.procedimento}" não encontrado na tabela de procedimentos (TUSS).`);
    const quantidade = v.quantidade.trim() ? Number(v.quantidade.trim()) : 1;
    if (!Number.isInteger(quantidade) || quantidade < 1 || quantidade > 999) return no(`Quantidade "${v.quantidade}" inválida: de 1 a 999.`);
    const nome = v.nome.trim().replace(/\s+/g, ' ');
    if (direcao === 'RECEBIDA') {
      if (codigoDaParceira(cartao) !== parceira.codigo) return no(`O cartão ${cartao} não é de ${parceira.nome}: o cartão da parceira começa por ${parceira.codigo}.`);
      if (excluidos.has(cartao)) return no(`Cartão ${cartao} excluído em ${isoToBr(excluidos.get(cartao))}: não recebe novas autorizações.`);
      if (!nome || nome.length > 150) return no('Informe o nome do beneficiário (até 150 caracteres).');
      const nascimento = v.nascimento.trim() ? toIsoDate(v.nascimento) : null;
      if (nascimento === undefined || (nascimento && nascimento > hoje)) return no(`Data de nascimento "${v.nascimento}" inválida.`);
      const validade = v.validade.trim() ? toIsoDate(v.validade) : null;
      if (validade === undefined) return no(`Validade do cartão "${v.validade}" inválida: use DD/MM/AAAA.`);
      if (validade && validade < data) return no(`O cartão venceu em ${isoToBr(validade)}, antes do atendimento.`);
      const prestCodigo = onlyDigits(v.prestador);
      const prestadorId = prestPorCodigo.get(prestCodigo);
      if (!prestadorId) return no(`Prestador de código "${v.prestador}" não encontrado na rede própria.`);
      const prest = precoPrest.get(prestadorId)!;
      const preco = precificar(tabelas, prest, proc, data, { ...OPCOES_PADRAO, quantidade });
      if (!preco.ok) return no(`Sem preço na rede própria: ${preco.motivo}`);
      const senha = v.senha.trim().slice(0, 20) || null;
      return { linha: l.linha, erro: null, ok: { linha: l.linha, direcao, numero, cartao, nome, nascimento, validade, data, prestadorId, prestadorNome: prest.nome, codigo, descricao: proc.descricao, quantidade, valor: preco.valorTotal, senha, beneficiarioId: null } };
    }
    const proprio = proprios.get(cartao);
    if (!proprio) return no(`Cartão de intercâmbio ${cartao} não é de nenhum beneficiário próprio.`);
    const prestadorNome = v.prestador.trim().replace(/\s+/g, ' ');
    if (!prestadorNome || prestadorNome.length > 150) return no('Informe o nome do prestador da parceira (até 150 caracteres).');
    const valor = parseMoney(v.valor.trim());
    if (valor == null || valor <= 0) return no(`Valor "${v.valor}" inválido: informe o valor cobrado pela parceira, em reais (ex.: 1.234,56).`);
    return {
      linha: l.linha,
      erro: null,
      ok: { linha: l.linha, direcao, numero, cartao, nome: proprio.nome, nascimento: null, validade: null, data, prestadorId: null, prestadorNome, codigo, descricao: proc.descricao, quantidade, valor, senha: null, beneficiarioId: proprio.id },
    };
  });
}

async function ler(ctx: AppContext, session: RequestSession, p: Params) {
  const arquivo = await lerEntrada(ctx, session, autorizacaoIntercambio.comando, p);
  const [parceira] = await query<Parceira & { ativo: boolean }>(ctx.db, sql`select id, codigo, nome, ativo from intercambios where id = ${p.intercambio}`);
  if (!parceira) throw AppError.of(400, 'Operadora parceira não encontrada.', { field: 'intercambio' });
  if (!parceira.ativo) throw AppError.of(422, `${parceira.nome} está inativa no cadastro de intercâmbios.`, { field: 'intercambio' });
  const linhas = lerCsv(arquivo.conteudo, LAYOUT_AUTORIZACOES_INTERCAMBIO);
  if (!linhas.length) throw badRequest('O arquivo não tem nenhuma linha de autorização.', 'arquivo');
  if (linhas.length > MAX_LINHAS) throw badRequest(`O arquivo tem ${linhas.length.toLocaleString('pt-BR')} linhas: o limite é ${MAX_LINHAS.toLocaleString('pt-BR')} por execução.`, 'arquivo');
  return { arquivo, parceira, lidas: await conferirIntercambio(ctx.db, parceira, linhas) };
}

/** One authorization and, for a received one, the partner's card (registered once, updated by the latest file), with the trail. */
export async function gravarAutorizacao(t: Db, actor: Actor, parceira: Parceira, execucaoId: number | null, x: Linha) {
  let cartaoId: number | null = null;
  if (x.direcao === 'RECEBIDA') {
    const [c] = await query<{ id: number; novo: boolean }>(
      t,
      sql`insert into cartoes_intercambio (numero, intercambio_id, nome, data_nascimento, validade, execucao_id) values (${x.cartao}, ${parceira.id}, ${x.nome}, ${x.nascimento}, ${x.validade}, ${execucaoId})
          on conflict (numero) do update set nome = excluded.nome, data_nascimento = coalesce(excluded.data_nascimento, cartoes_intercambio.data_nascimento),
            validade = coalesce(excluded.validade, cartoes_intercambio.validade), version = cartoes_intercambio.version + 1
          returning id, (xmax = 0) as novo`,
    );
    cartaoId = c.id;
    await recordTrailMany(t, actor, [{ entidade: 'cartaointercambio', registroId: c.id, acao: c.novo ? 'insert' : 'update', depois: { numero: x.cartao, nome: x.nome, validade: x.validade, execucaoId } }]);
  }
  const [a] = await query<{ id: number }>(
    t,
    sql`insert into autorizacoes_intercambio (intercambio_id, direcao, numero_origem, senha, cartao_id, beneficiario_id, nome, prestador_id, prestador_externo, data_atendimento, codigo, descricao, quantidade, valor_centavos, execucao_id, linha)
        values (${parceira.id}, ${x.direcao}, ${x.numero}, ${x.senha}, ${cartaoId}, ${x.beneficiarioId}, ${x.nome}, ${x.prestadorId}, ${x.prestadorId ? null : x.prestadorNome}, ${x.data}, ${x.codigo}, ${x.descricao.slice(0, 150)},
          ${x.quantidade}, ${x.valor}, ${execucaoId}, ${x.linha}) returning id`,
  );
  await recordTrailMany(t, actor, [{ entidade: 'autorizacaointercambio', registroId: a.id, acao: 'insert', depois: { parceira: parceira.codigo, direcao: x.direcao, numero: x.numero, cartao: x.cartao, codigo: x.codigo, valor: x.valor, execucaoId } }]);
}

const texto = (x: Linha) => `${x.direcao === 'RECEBIDA' ? 'Recebida' : 'Enviada'} ${x.numero} · ${x.nome} · ${isoToBr(x.data)} · ${x.codigo} · ${formatMoney(x.valor)}`;

export const interchangeAuthorizationImport = defineJobKind<Params>({
  tipo: autorizacaoIntercambio.tipo,
  comandos: [autorizacaoIntercambio.comando],
  params: paramsSchema(autorizacaoIntercambio) as never,
  title: () => 'Autorizações de intercâmbio',

  async preview(ctx, session, p) {
    const { lidas, parceira } = await ler(ctx, session, p);
    const ok = lidas.filter((l) => l.ok).map((l) => l.ok!);
    const erros = lidas.filter((l) => l.erro);
    const rec = ok.filter((x) => x.direcao === 'RECEBIDA');
    const env = ok.filter((x) => x.direcao === 'ENVIADA');
    const novos = new Set(rec.map((x) => x.cartao)).size;
    return {
      total: lidas.length,
      resumo: `${parceira.nome}: ${rec.length} ${rec.length === 1 ? 'autorização recebida' : 'autorizações recebidas'} (${formatMoney(rec.reduce((s, x) => s + x.valor, 0))} pela rede própria, ${novos} ${novos === 1 ? 'cartão' : 'cartões'}) e ${env.length} ${env.length === 1 ? 'enviada' : 'enviadas'} (${formatMoney(env.reduce((s, x) => s + x.valor, 0))}) serão gravadas${erros.length ? `; ${erros.length} ${erros.length === 1 ? 'linha recusada' : 'linhas recusadas'}` : ''}.`,
      amostra: [...erros.slice(0, 5).map((l) => `Linha ${l.linha}: ${l.erro}`), ...ok.slice(0, 8 - Math.min(5, erros.length)).map((x) => `Linha ${x.linha}: ${texto(x)}`)],
    };
  },

  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(0, 'Lendo o arquivo');
    const { arquivo, parceira, lidas } = await ler(ctx, session, p);
    await job.log(`Arquivo ${arquivo.nome} de ${parceira.nome}: ${lidas.length} linhas.`);
    const actor = { session, ip: '' };
    let gravadas = 0;
    const csv = [`\uFEFF${csvLine(['Linha', 'Direção', 'Autorização', 'Cartão', 'Beneficiário', 'Atendimento', 'Procedimento', 'Valor', 'Resultado', 'Motivo'])}\r\n`];
    for (let i = 0; i < lidas.length; i += 200) {
      await job.checkpoint();
      const bloco = lidas.slice(i, i + 200);
      await ctx.db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        for (const l of bloco) {
          if (!l.ok) continue;
          await gravarAutorizacao(t, actor, parceira, job.id, l.ok);
          gravadas++;
        }
      });
      for (const l of bloco) {
        if (l.erro) await job.log(`Linha ${l.linha}: ${l.erro}`, 'aviso');
        const x = l.ok;
        csv.push(`${csvLine([String(l.linha), x ? (x.direcao === 'RECEBIDA' ? 'Recebida' : 'Enviada') : '', x?.numero ?? '', x?.cartao ?? '', x?.nome ?? '', x ? isoToBr(x.data) : '', x ? `${x.codigo} ${x.descricao}` : '', x ? formatMoney(x.valor) : '', x ? 'Gravada' : 'Recusada', l.erro ?? ''])}\r\n`);
      }
      await job.progress(Math.floor((Math.min(i + 200, lidas.length) / lidas.length) * 95), `${Math.min(i + 200, lidas.length)} de ${lidas.length} linhas`);
    }
    await job.saveFile(`intercambio-autorizacoes-${parceira.codigo}-${job.id}.csv`, 'csv', Buffer.from(csv.join(''), 'utf8'));
    const recusadas = lidas.length - gravadas;
    await job.log(`${gravadas} ${gravadas === 1 ? 'autorização gravada' : 'autorizações gravadas'}; ${recusadas} ${recusadas === 1 ? 'linha recusada' : 'linhas recusadas'}.`, recusadas ? 'aviso' : 'info');
  },
});

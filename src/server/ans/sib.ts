import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fold } from '../../shared/text';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { sib } from '../../shared/processos/ans';
import { paramsSchema } from '../../shared/processos/schema';
import type { Previa } from '../../shared/processos/define';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { escreverMensagem, type No } from '../tiss/escrita';
import { hashInformado } from '../tiss/hash';
import { mesSql, n, qtd, registrarRemessa, registroAns, type RegistroEnviado } from './remessas';

/**
 * SIB (RN 500/2022; DOMAIN.md §3, §7): the monthly file of beneficiary movements since the last file sent. What each
 * beneficiary was last sent as is in `remessas_ans_registros` (key 'b:<id>'): a fingerprint of the cadastral data
 * (16 hex), the plan's ANS registration (9) and the situation (A, S or C), so the next run tells a retificação (the
 * data changed), a mudança contratual (the plan changed), a cancelamento and a reativação apart. A beneficiary the
 * portal never sent but who already has a CCO (registered at the ANS before) is read from the change trail and the
 * plan changes (`mudancas_plano`) since the last file. The candidates of a run are only those: never included, changed
 * since the last file (trail or plan change), or refused last time — never the whole base.
 * The regulator's critics are checked before writing (CPF and CNS check digits, the mother's name, the CCO of every
 * movement but inclusão): a record that fails is left out, listed in the run's log, and tried again next month.
 */

type Params = { competencia: string };

export const SIB_NS = 'http://www.ans.gov.br/padroes/sib/schemas';
/** CNPJ of the ANS, the destination of every SIB file. */
const CNPJ_ANS = '03589068000146';
const PAGINA = 500;

export type Movimento = 'inclusao' | 'retificacao' | 'mudancaContratual' | 'cancelamento' | 'reativacao';
export const MOVIMENTO_LABEL: Record<Movimento, string> = {
  inclusao: 'inclusão',
  retificacao: 'retificação',
  mudancaContratual: 'mudança contratual',
  cancelamento: 'cancelamento',
  reativacao: 'reativação',
};

interface Benef {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  cpfOk: boolean | null;
  cns: string | null;
  cnsOk: boolean | null;
  maeGenerico: boolean;
  sexo: string;
  nascimento: string;
  nomeMae: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: number | null;
  cep: string | null;
  relacao: string;
  adulto: boolean;
  ccoTitular: string | null;
  matriculaTitular: string | null;
  adesao: string;
  plano: string | null;
  coletivo: boolean;
  cnpjEmpresa: string | null;
  cpt: boolean | null;
  cco: string | null;
  situacao: string;
  dataSituacao: string | null;
  motivoCancelamento: string | null;
}

/** The data a retificação corrects (not the CCO, which the ANS gives, nor the plan, which is a mudança contratual). */
const cadastro = (b: Benef) => [b.nome, b.cpf, b.cns, b.sexo, b.nascimento, b.nomeMae, b.logradouro, b.numero, b.complemento, b.bairro, b.cidade, b.cep, b.relacao, b.matriculaTitular, b.adesao, b.matricula, b.cpt];
const SIT: Record<string, string> = { ATIVO: 'A', SUSPENSO: 'S', CANCELADO: 'C' };
export const assinaturaSib = (b: Benef) => `${createHash('md5').update(JSON.stringify(cadastro(b))).digest('hex').slice(0, 16)}${(b.plano ?? '').padStart(9, '0')}${SIT[b.situacao] ?? 'A'}`;
const partes = (a: string) => ({ cad: a.slice(0, 16), plano: a.slice(16, 25), sit: a.slice(25) });

/** Trail keys (any case) that a retificação carries. */
const CAMPOS_CADASTRO = new Set(['nome', 'cpf', 'cns', 'sexo', 'datanascimento', 'nomemae', 'logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'cep', 'relacaodependencia', 'titular', 'dataadesao', 'matricula', 'cpt']);
const chaveTrilha = (k: string) => k.replace(/_/g, '').toLowerCase();

const texto = (s: string | null | undefined, max: number) => (s ? fold(s).toUpperCase().replace(/\s+/g, ' ').trim().slice(0, max) : '');

interface Ultimo {
  movimento: string;
  assinatura: string;
}

/** Last file of the SIB: when it was written (the trail since then is what changed). */
async function ultimaRemessa(db: Db): Promise<{ em: string; id: number } | null> {
  const [r] = await query<{ em: string; id: number }>(db, sql`select em::text as em, id from remessas_ans where tipo = 'SIB' order by id desc limit 1`);
  return r ?? null;
}

/** The candidates' ids: never included (no CCO, never sent), changed since `desde`, or refused in the last file. */
function candidatos(desde: string, ultima: number | null) {
  return sql`(
    select b.id from beneficiarios b where b.cco is null and b.situacao <> 'CANCELADO'
      and not exists (select 1 from remessas_ans_registros r where r.tipo = 'SIB' and r.chave = 'b:' || b.id and r.movimento not like 'RECUSADO%')
    union select t.registro_id::int from trilha_eventos t where t.entidade = 'beneficiario' and t.acao = 'update' and t.em > ${desde}::timestamptz and t.registro_id ~ '^[0-9]+$'
    union select m.beneficiario_id from mudancas_plano m where m.em > ${desde}::timestamptz
    union select substr(r.chave, 3)::int from remessas_ans_registros r where r.tipo = 'SIB' and r.remessa_id = ${ultima ?? 0} and r.movimento like 'RECUSADO%'
  )`;
}

async function inicio(db: Db, mes: string) {
  const u = await ultimaRemessa(db);
  // the first file covers the competência asked for; later ones, what changed since the previous file
  const [{ desde }] = u ? [{ desde: u.em }] : await query<{ desde: string }>(db, sql`select ${mesSql(mes).inicio}::text as desde`);
  return { desde, ultima: u?.id ?? null };
}

async function pagina(db: Db, desde: string, ultima: number | null, depois: number, hoje: string): Promise<Benef[]> {
  const adulto = `${Number(hoje.slice(0, 4)) - 18}${hoje.slice(4)}`.replace(/-02-29$/, '-02-28');
  return query<Benef>(
    db,
    sql`select b.id, b.matricula, b.nome, b.cpf, cpf_valido(b.cpf) as "cpfOk", b.cns, cns_valido(b.cns) as "cnsOk", coalesce(nome_mae_generico(b.nome_mae), true) as "maeGenerico",
          b.sexo, b.data_nascimento::text as nascimento, b.nome_mae as "nomeMae", b.logradouro, b.numero, b.complemento, b.bairro, b.cidade, b.cep,
          b.relacao_dependencia as relacao, b.data_nascimento <= ${adulto}::date as adulto, t.cco as "ccoTitular", t.matricula as "matriculaTitular",
          b.data_adesao::text as adesao, p.registro_ans as plano, p.contratacao <> 'INDIVIDUAL' as coletivo, e.cnpj as "cnpjEmpresa", b.cpt,
          b.cco, b.situacao, b.data_situacao::text as "dataSituacao", b.motivo_cancelamento as "motivoCancelamento"
        from ${candidatos(desde, ultima)} c join beneficiarios b on b.id = c.id left join beneficiarios t on t.id = b.titular
          left join produtos p on p.id = b.produto left join empresas e on e.id = b.empresa
        where b.id > ${depois} order by b.id limit ${PAGINA}`,
  );
}

/** The last movement each beneficiary of a page was sent as (refusals left aside). */
async function ultimos(db: Db, ids: readonly number[]): Promise<Map<number, Ultimo>> {
  const out = new Map<number, Ultimo>();
  if (!ids.length) return out;
  const rows = await query<{ chave: string; movimento: string; assinatura: string }>(
    db,
    sql`select distinct on (r.chave) r.chave, r.movimento, r.assinatura from remessas_ans_registros r
        where r.tipo = 'SIB' and r.movimento not like 'RECUSADO%' and r.chave in (${sql.join(ids.map((i) => sql`${`b:${i}`}`), sql`, `)}) order by r.chave, r.remessa_id desc`,
  );
  for (const r of rows) out.set(Number(r.chave.slice(2)), r);
  return out;
}

/** What the trail and the plan changes since `desde` say happened to beneficiaries the portal never sent. */
async function mudancasDesde(db: Db, ids: readonly number[], desde: string) {
  const out = new Map<number, { cadastro: boolean; plano: string | null; cancelou: string | null; reativou: string | null }>();
  if (!ids.length) return out;
  const get = (id: number) => {
    let x = out.get(id);
    if (!x) out.set(id, (x = { cadastro: false, plano: null, cancelou: null, reativou: null }));
    return x;
  };
  const trilha = await query<{ id: string; dia: string; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }>(
    db,
    sql`select registro_id as id, to_char(em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia, antes, depois from trilha_eventos
        where entidade = 'beneficiario' and acao = 'update' and em > ${desde}::timestamptz and registro_id in (${sql.join(ids.map((i) => sql`${String(i)}`), sql`, `)}) order by em, id`,
  );
  for (const t of trilha) {
    const x = get(Number(t.id));
    const depois = t.depois ?? {};
    for (const k of Object.keys(depois)) {
      const c = chaveTrilha(k);
      if (CAMPOS_CADASTRO.has(c)) x.cadastro = true;
      if (c === 'produto') x.plano = t.dia;
      if (c === 'situacao') {
        if (depois[k] === 'CANCELADO') x.cancelou = t.dia;
        else if (t.antes && Object.entries(t.antes).some(([a, v]) => chaveTrilha(a) === 'situacao' && v === 'CANCELADO')) x.reativou = t.dia;
      }
    }
  }
  const planos = await query<{ id: number; vigencia: string }>(
    db,
    sql`select beneficiario_id as id, max(vigencia)::text as vigencia from mudancas_plano where em > ${desde}::timestamptz and beneficiario_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) group by beneficiario_id`,
  );
  for (const p of planos) get(p.id).plano = p.vigencia;
  return out;
}

/** The movements of one beneficiary, in the order the ANS applies them. */
export function movimentosDe(b: Benef, ultimo: Ultimo | undefined, mud: ReturnType<typeof mudancasDesde> extends Promise<Map<number, infer X>> ? X | undefined : never, hoje: string): { mov: Movimento; data?: string }[] {
  const agora = partes(assinaturaSib(b));
  if (!ultimo) {
    if (!b.cco) return b.situacao === 'CANCELADO' ? [] : [{ mov: 'inclusao' }];
    if (!mud) return [];
    const out: { mov: Movimento; data?: string }[] = [];
    if (mud.reativou && b.situacao !== 'CANCELADO') out.push({ mov: 'reativacao', data: mud.reativou });
    if (mud.cadastro && b.situacao !== 'CANCELADO') out.push({ mov: 'retificacao' });
    if (mud.plano && b.situacao !== 'CANCELADO') out.push({ mov: 'mudancaContratual', data: mud.plano });
    if (mud.cancelou && b.situacao === 'CANCELADO') out.push({ mov: 'cancelamento' });
    return out;
  }
  const antes = partes(ultimo.assinatura);
  const out: { mov: Movimento; data?: string }[] = [];
  if (antes.sit === 'C' && agora.sit !== 'C') out.push({ mov: 'reativacao', data: mud?.reativou ?? hoje });
  if (agora.sit === 'C') {
    if (antes.sit !== 'C') out.push({ mov: 'cancelamento' });
    return out;
  }
  if (antes.cad !== agora.cad) out.push({ mov: 'retificacao' });
  if (antes.plano !== agora.plano) out.push({ mov: 'mudancaContratual', data: mud?.plano ?? hoje });
  return out;
}

/** What the regulator would refuse in this movement, or null when it can be written. */
export function critica(b: Benef, mov: Movimento): string | null {
  if (mov !== 'inclusao' && !b.cco) return 'sem CCO: a ANS ainda não devolveu o código da inclusão (importe o arquivo de retorno)';
  if (mov === 'cancelamento') return !b.dataSituacao || !b.motivoCancelamento ? 'cancelamento sem data ou motivo' : null;
  if (mov === 'reativacao' || mov === 'mudancaContratual') return b.plano ? null : 'plano sem registro na ANS';
  if (b.cpf && !b.cpfOk) return `CPF ${b.cpf} com dígito verificador que não confere`;
  if (!b.cpf && (b.relacao === '1' || b.adulto)) return 'CPF ausente (obrigatório para o titular e para quem tem 18 anos ou mais)';
  if (b.cns && !b.cnsOk) return `CNS ${b.cns} com dígito verificador que não confere`;
  if (!b.nomeMae || b.maeGenerico) return 'nome da mãe ausente ou genérico';
  if (b.cidade == null || !b.cep) return 'endereço sem CEP ou município';
  if (!b.plano) return 'plano sem registro na ANS';
  if (b.relacao !== '1' && !b.ccoTitular && !b.matriculaTitular) return 'dependente sem titular';
  return null;
}

const identificacao = (b: Benef): No => [
  'identificacao',
  [b.cpf ? ['cpf', b.cpf] : null, b.cns ? ['cns', b.cns] : null, ['nome', texto(b.nome, 70)], ['sexo', b.sexo], ['dataNascimento', b.nascimento], ['nomeMae', texto(b.nomeMae, 70)]],
];
const endereco = (b: Benef): No => [
  'endereco',
  [
    b.logradouro ? ['logradouro', texto(b.logradouro, 50)] : null,
    b.numero ? ['numero', texto(b.numero, 5)] : null,
    b.complemento ? ['complemento', texto(b.complemento, 15)] : null,
    b.bairro ? ['bairro', texto(b.bairro, 30)] : null,
    ['codigoMunicipio', String(b.cidade)],
    ['codigoMunicipioResidencia', String(b.cidade)],
    ['cep', b.cep ?? ''],
    ['tipoEndereco', '2'],
    ['resideExterior', '0'],
  ],
];
const contrato = (b: Benef): No[] => [
  ['numeroPlanoANS', b.plano ?? ''],
  ['coberturaParcialTemporaria', b.cpt ? '1' : '0'],
  ['itensExcluidosCobertura', '0'],
  ...(b.coletivo && b.cnpjEmpresa ? [['cnpjEmpresaContratante', b.cnpjEmpresa] as No] : []),
];
const vinculo = (b: Benef): No => [
  'vinculo',
  [
    ['codigoBeneficiario', b.matricula],
    ['relacaoDependencia', b.relacao],
    b.relacao !== '1' ? (b.ccoTitular ? ['ccoBeneficiarioTitular', b.ccoTitular.padStart(12, '0')] : ['codigoBeneficiarioTitular', b.matriculaTitular ?? '']) : null,
    ['dataContratacao', b.adesao],
    ...contrato(b),
  ],
];
const cco = (b: Benef): No => ['cco', (b.cco ?? '').padStart(12, '0')];

/** One movement as the SIB structure (ESTRUTURA_SIB) lays it out. */
export function movimentoNo(b: Benef, m: { mov: Movimento; data?: string }): No {
  switch (m.mov) {
    case 'inclusao':
      return ['inclusao', [identificacao(b), endereco(b), vinculo(b)]];
    case 'retificacao':
      return ['retificacao', [cco(b), identificacao(b), endereco(b), vinculo(b)]];
    case 'mudancaContratual':
      return ['mudancaContratual', [cco(b), ['dataMudancaContratual', m.data ?? b.adesao], ...contrato(b)]];
    case 'cancelamento':
      return ['cancelamento', [cco(b), ['dataCancelamento', b.dataSituacao ?? ''], ['motivoCancelamento', b.motivoCancelamento ?? '']]];
    case 'reativacao':
      return ['reativacao', [cco(b), ['dataReativacao', m.data ?? '']]];
  }
}

/** Local date and time of the operator (the file's name and its cabeçalho). */
export function carimbo(agora: Date) {
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' }).format(agora);
  return { iso: local.replace(' ', 'T'), compacto: local.replace(/\D/g, ''), dia: local.slice(0, 10) };
}

export function arquivoSib(registro: string, sequencial: number, movimentos: readonly No[], agora: Date): Buffer {
  const c = carimbo(agora);
  return escreverMensagem(
    [
      [
        'cabecalho',
        [
          ['identificacaoTransacao', [['tipoTransacao', 'ATUALIZACAO SIB'], ['sequencialTransacao', sequencial], ['dataHoraRegistroTransacao', c.iso]]],
          ['origem', [['registroANS', registro]]],
          ['destino', [['cnpj', CNPJ_ANS]]],
          ['versaoPadrao', '1.1'],
          ['identificacaoSoftwareGerador', [['nomeAplicativo', 'PORTAL OPERADORA'], ['versaoAplicativo', '1.0'], ['fabricanteAplicativo', 'OPERADORA']]],
        ],
      ],
      // "sem movimento": the beneficiaries block goes empty
      ['mensagem', [['operadoraParaANS', [['beneficiarios', movimentos]]]]],
    ],
    'mensagemSIB',
    SIB_NS,
  );
}

const mesDe = (p: Params) => {
  const mes = competenciaIso(p.competencia);
  if (!mes) throw AppError.of(400, 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.', { field: 'competencia' });
  return mes;
};

async function previa(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const mes = mesDe(p);
  const { desde, ultima } = await inicio(ctx.db, mes);
  const [{ total }] = await query<{ total: number }>(ctx.db, sql`select count(*)::int as total from ${candidatos(desde, ultima)} c`);
  return {
    total: 0,
    resumo:
      total === 0
        ? `Nenhum beneficiário incluído, alterado ou cancelado desde a última remessa: o arquivo de ${competenciaBr(mes)} sai "sem movimento".`
        : `${qtd(total, 'beneficiário', 'beneficiários')} a conferir desde a última remessa (novos sem CCO, alterados, com mudança de plano ou recusados na anterior) para o SIB de ${competenciaBr(mes)}.`,
    amostra: [],
  };
}

export const sibExport = defineJobKind<Params>({
  tipo: sib.tipo,
  comandos: [sib.comando],
  params: paramsSchema(sib) as never,
  title: (_ctx, _c, p) => `SIB ${String(p.competencia).replace(/^(\d{2})(\d{4})$/, '$1/$2')}`,
  preview: previa,
  async run(job, p) {
    const { db } = job.ctx;
    const mes = mesDe(p);
    const registro = await registroAns(job.ctx);
    const agora = new Date();
    const hoje = carimbo(agora).dia;
    const { desde, ultima } = await inicio(db, mes);
    await job.log(ultima ? `Movimentos desde a remessa anterior (${desde.slice(0, 16)}).` : `Primeira remessa do portal: movimentos desde o início de ${competenciaBr(mes)} e as inclusões pendentes.`);
    const nos: No[] = [];
    const registros: RegistroEnviado[] = [];
    const recusas: string[] = [];
    const contagem = new Map<Movimento, number>();
    let lidos = 0;
    for (let depois = 0; ; ) {
      await job.checkpoint();
      const bs = await pagina(db, desde, ultima, depois, hoje);
      if (!bs.length) break;
      depois = bs[bs.length - 1].id;
      lidos += bs.length;
      const ids = bs.map((b) => b.id);
      const [ult, mud] = await Promise.all([ultimos(db, ids), mudancasDesde(db, ids, desde)]);
      for (const b of bs) {
        const movs = movimentosDe(b, ult.get(b.id), mud.get(b.id), hoje);
        if (!movs.length) continue;
        const erros = movs.map((m) => critica(b, m.mov)).filter((e): e is string => e != null);
        if (erros.length) {
          recusas.push(`${b.matricula} ${b.nome} (${movs.map((m) => MOVIMENTO_LABEL[m.mov]).join(', ')}): ${erros[0]}`);
          registros.push({ chave: `b:${b.id}`, movimento: `RECUSADO:${movs[0].mov}`.slice(0, 20), assinatura: assinaturaSib(b) });
          continue;
        }
        for (const m of movs) {
          nos.push(movimentoNo(b, m));
          contagem.set(m.mov, (contagem.get(m.mov) ?? 0) + 1);
        }
        registros.push({ chave: `b:${b.id}`, movimento: movs[movs.length - 1].mov, assinatura: assinaturaSib(b) });
      }
      await job.progress(Math.min(90, 5 + Math.round(lidos / 100)), 'Conferindo os beneficiários');
    }
    if (recusas.length) {
      await job.log(`${n(recusas.length)} beneficiários ficaram fora do arquivo pelas críticas da ANS (vão de novo na próxima remessa, depois de corrigidos):`, 'aviso');
      for (const r of recusas.slice(0, 100)) await job.log(r, 'aviso');
      if (recusas.length > 100) await job.log(`e mais ${n(recusas.length - 100)}.`, 'aviso');
    }
    const [{ seq }] = await query<{ seq: number }>(db, sql`select count(*)::int + 1 as seq from remessas_ans where tipo = 'SIB'`);
    const bytes = arquivoSib(registro, seq, nos, agora);
    const hash = hashInformado(bytes.toString('latin1')) ?? '';
    const nome = `${registro}${carimbo(agora).compacto}.SBX`;
    await registrarRemessa(job, { tipo: 'SIB', competencia: mes.slice(0, 7), nome, kind: 'sbx', bytes, hash, registros });
    const resumo = [...contagem].map(([m, q]) => `${n(q)} ${MOVIMENTO_LABEL[m]}`).join(', ');
    await job.log(`Arquivo ${nome}: ${nos.length ? resumo : 'sem movimento'}; hash ${hash}.`);
  },
});

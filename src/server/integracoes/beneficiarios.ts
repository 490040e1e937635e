import { sql } from 'drizzle-orm';
import { isoToBr, todayIso, toIsoDate } from '../../shared/dates';
import { importacaoBeneficiariosIntegracao, LAYOUT_INTEGRACAO_BENEFICIARIOS, MOVIMENTOS, type Diferenca, type Movimento, type RegistroIntegracao } from '../../shared/integracoes';
import { paramsSchema } from '../../shared/processos/schema';
import { beneficiario as defBeneficiario, RELACOES_DEPENDENCIA, SEXOS } from '../../shared/resources/pessoas';
import { recordSchema, updateSchema } from '../../shared/resources/schema';
import { labelOf, onlyDigits } from '../../shared/text';
import { checkDocument, checkTelefone, EMAIL_RE, formatDocument, formatTelefone } from '../../shared/validation/br';
import { carteirinhaDe, proximaMatricula } from '../adesoes/decisao';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cartoes } from '../db/schema';
import { query } from '../db/sql';
import { AppError, parse } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { createRow, getRow, updateRow } from '../resources/service';
import { recordTrail } from '../trail/record';
import { csvDoLote, gravarLote, lerArquivo, previaDasLinhas, type CsvLine, type LinhaLida } from './lote';
import { decidirRegistro, type Decidido, type Quem } from './decisao';

/**
 * Beneficiários de Integrações: the HR system's movements of one company. At import each line is read and checked
 * (its values, the plan, the CPF against the company's beneficiaries and the file's other lines); at application the
 * movement goes through the beneficiaries' own writes (the resource's schema and rules, `createRow`/`updateRow`) with
 * the trail: an inclusion creates the beneficiary and the first card, a change updates the fields received, an
 * exclusion cancels (SIB reason 42, leaving the company; a titular's family with them).
 */

export interface DadosBeneficiario {
  movimento: Movimento;
  cpf: string;
  nome: string | null;
  dataNascimento: string | null;
  sexo: string | null;
  nomeMae: string | null;
  relacao: string | null;
  cpfTitular: string | null;
  plano: string | null;
  dataMovimento: string;
  cep: string | null;
  celular: string | null;
  email: string | null;
}

type Params = { empresa: number; origem: string; arquivo: number };
const COMANDO = importacaoBeneficiariosIntegracao.comando;
/** SIB motivoCancelamento of a movement of exclusion sent by the company: leaving the company (coletivos). */
export const MOTIVO_DESLIGAMENTO = '42';
const SEXO_DO_ARQUIVO: Record<string, string> = { M: '1', F: '3' };

const texto = (v: string, max: number, rotulo: string): { v: string | null; erro?: string } => {
  const s = v.trim().replace(/\s+/g, ' ');
  if (!s) return { v: null };
  if (s.length > max) return { v: null, erro: `${rotulo}: no máximo ${max} caracteres.` };
  return { v: s };
};

/** A line's values, each by its rule; the first problem is the line's reason. */
export function lerLinhaBeneficiario(l: CsvLine): { dados: DadosBeneficiario | null; erro: string | null } {
  if (l.erro) return { dados: null, erro: l.erro };
  const v = l.valores;
  const mov = v.movimento.trim().toUpperCase();
  if (!MOVIMENTOS.some(([k]) => k === mov)) return { dados: null, erro: `Movimento "${v.movimento}" inválido: use I (inclusão), A (alteração) ou E (exclusão).` };
  const movimento = mov as Movimento;
  const cpf = onlyDigits(v.cpf);
  if (!cpf) return { dados: null, erro: 'Informe o CPF do beneficiário.' };
  const cpfErro = checkDocument('cpf', cpf.padStart(11, '0'));
  if (cpfErro) return { dados: null, erro: cpfErro };
  if (!v.dataMovimento.trim()) return { dados: null, erro: 'Informe a data do movimento (DD/MM/AAAA).' };
  const dataMovimento = toIsoDate(v.dataMovimento);
  if (!dataMovimento) return { dados: null, erro: `Data do movimento "${v.dataMovimento}" inválida: use DD/MM/AAAA.` };
  const d: DadosBeneficiario = { movimento, cpf: cpf.padStart(11, '0'), nome: null, dataNascimento: null, sexo: null, nomeMae: null, relacao: null, cpfTitular: null, plano: null, dataMovimento, cep: null, celular: null, email: null };
  if (movimento === 'E') return { dados: d, erro: null };

  const nome = texto(v.nome, 150, 'Nome');
  if (nome.erro) return { dados: null, erro: nome.erro };
  d.nome = nome.v;
  const mae = texto(v.nomeMae, 150, 'Nome da mãe');
  if (mae.erro) return { dados: null, erro: mae.erro };
  d.nomeMae = mae.v;
  if (v.dataNascimento.trim()) {
    const n = toIsoDate(v.dataNascimento);
    if (!n) return { dados: null, erro: `Data de nascimento "${v.dataNascimento}" inválida: use DD/MM/AAAA.` };
    if (n > todayIso()) return { dados: null, erro: 'A data de nascimento não pode ser futura.' };
    d.dataNascimento = n;
  }
  if (v.sexo.trim()) {
    const s = SEXO_DO_ARQUIVO[v.sexo.trim().toUpperCase()];
    if (!s) return { dados: null, erro: `Sexo "${v.sexo}" inválido: use M ou F.` };
    d.sexo = s;
  }
  if (v.plano.trim()) {
    if (!/^\d{9}$/.test(v.plano.trim())) return { dados: null, erro: `Plano "${v.plano}" inválido: informe o registro do plano na ANS (9 dígitos).` };
    d.plano = v.plano.trim();
  }
  if (v.cep.trim()) {
    const cep = onlyDigits(v.cep);
    const e = checkDocument('cep', cep);
    if (e) return { dados: null, erro: e };
    d.cep = cep;
  }
  if (v.celular.trim()) {
    const c = onlyDigits(v.celular);
    const e = checkTelefone(c, 'Celular');
    if (e) return { dados: null, erro: e };
    d.celular = c;
  }
  if (v.email.trim()) {
    if (!EMAIL_RE.test(v.email.trim()) || v.email.trim().length > 120) return { dados: null, erro: `E-mail "${v.email}" inválido.` };
    d.email = v.email.trim().toLowerCase();
  }
  if (movimento === 'A') {
    if (!d.nome && !d.dataNascimento && !d.sexo && !d.nomeMae && !d.plano && !d.cep && !d.celular && !d.email) return { dados: null, erro: 'A alteração não traz nenhum campo a alterar.' };
    return { dados: d, erro: null };
  }
  // an inclusion carries what the SIB needs of a new beneficiary
  const faltam = [!d.nome && 'nome', !d.dataNascimento && 'data de nascimento', !d.sexo && 'sexo', !d.nomeMae && 'nome da mãe', !d.plano && 'plano'].filter(Boolean);
  if (faltam.length) return { dados: null, erro: `Inclusão sem ${faltam.join(', ')}.` };
  if (d.dataNascimento! > dataMovimento) return { dados: null, erro: 'A data de adesão (data do movimento) não pode ser anterior à data de nascimento.' };
  const rel = v.relacao.trim() || '1';
  if (!RELACOES_DEPENDENCIA.some(([k]) => k === rel)) return { dados: null, erro: `Relação de dependência "${v.relacao}" inválida: use 1, 3, 4, 6, 8 ou 10.` };
  d.relacao = rel;
  if (rel !== '1') {
    const t = onlyDigits(v.cpfTitular);
    if (!t) return { dados: null, erro: 'Informe o CPF do titular do dependente.' };
    const e = checkDocument('cpf', t.padStart(11, '0'), 'CPF do titular');
    if (e) return { dados: null, erro: e };
    d.cpfTitular = t.padStart(11, '0');
    if (d.cpfTitular === d.cpf) return { dados: null, erro: 'O CPF do titular é o do próprio dependente.' };
  }
  return { dados: d, erro: null };
}

interface Cadastro {
  id: number;
  matricula: string;
  nome: string;
  cpf: string;
  relacao_dependencia: string;
  situacao: string;
  empresa: number | null;
}

/** The company's registry for the file's CPFs and plans, read in a few queries; then each line against it and the file. */
export async function conferirMovimentos(db: Db, empresaId: number, linhas: CsvLine[]): Promise<(LinhaLida<DadosBeneficiario> & { beneficiarioId: number | null })[]> {
  const lidas = linhas.map((l) => ({ linha: l.linha, ...lerLinhaBeneficiario(l) }));
  const cpfs = [...new Set(lidas.flatMap((l) => (l.dados ? [l.dados.cpf, l.dados.cpfTitular].filter((x): x is string => !!x) : [])))];
  const cadastros = new Map<string, Cadastro[]>();
  for (let i = 0; i < cpfs.length; i += 2000) {
    const parte = cpfs.slice(i, i + 2000);
    if (!parte.length) break;
    const rows = await query<Cadastro>(
      db,
      sql`select id, matricula, nome, cpf, relacao_dependencia, situacao, empresa from beneficiarios where cpf in (${sql.join(parte.map((c) => sql`${c}`), sql`, `)}) and situacao <> 'CANCELADO'`,
    );
    for (const r of rows) cadastros.set(r.cpf, [...(cadastros.get(r.cpf) ?? []), r]);
  }
  const planos = new Set((await query<{ registro_ans: string }>(db, sql`select registro_ans from produtos where ativo`)).map((p) => p.registro_ans));
  const primeiraDoCpf = new Map<string, number>();
  const titularesIncluidos = new Set(lidas.filter((l) => l.dados?.movimento === 'I' && l.dados.relacao === '1').map((l) => l.dados!.cpf));
  return lidas.map((l) => {
    if (!l.dados) return { ...l, beneficiarioId: null };
    const d = l.dados;
    const recusa = (erro: string) => ({ linha: l.linha, dados: d, erro, beneficiarioId: null });
    const antes = primeiraDoCpf.get(d.cpf);
    if (antes !== undefined) return recusa(`O CPF ${formatDocument('cpf', d.cpf)} já aparece na linha ${antes}: um movimento por beneficiário em cada arquivo.`);
    primeiraDoCpf.set(d.cpf, l.linha);
    if (d.plano && !planos.has(d.plano)) return recusa(`Plano ${d.plano} não encontrado entre os planos ativos (registro na ANS).`);
    const atuais = cadastros.get(d.cpf) ?? [];
    if (d.movimento === 'I') {
      if (atuais.length) return recusa(`CPF já cadastrado: matrícula ${atuais[0].matricula} (${atuais[0].nome}). Envie como alteração (A).`);
      if (d.relacao !== '1') {
        const tit = (cadastros.get(d.cpfTitular!) ?? []).find((c) => c.relacao_dependencia === '1' && c.empresa === empresaId);
        if (!tit && !titularesIncluidos.has(d.cpfTitular!)) return recusa(`O titular (CPF ${formatDocument('cpf', d.cpfTitular!)}) não é titular ativo desta empresa nem é incluído neste arquivo.`);
      }
      return { ...l, beneficiarioId: null };
    }
    const daEmpresa = atuais.find((c) => c.empresa === empresaId);
    if (!daEmpresa) return recusa(`CPF ${formatDocument('cpf', d.cpf)} não encontrado entre os beneficiários ativos desta empresa.`);
    return { ...l, beneficiarioId: daEmpresa.id };
  });
}

/** A block of read lines into the lot (pending, or refused with the reason), in one statement. */
export async function inserirMovimentos(t: Db, loteId: number, bloco: (LinhaLida<DadosBeneficiario> & { beneficiarioId?: number | null })[]) {
  await t.execute(
    sql`insert into integracoes_beneficiarios (lote_id, linha, movimento, cpf, nome, data_movimento, dados, status, motivo, beneficiario_id) values ${sql.join(
      bloco.map(
        (l) =>
          sql`(${loteId}, ${l.linha}, ${l.dados?.movimento ?? null}, ${l.dados?.cpf ?? null}, ${l.dados?.nome ?? null}, ${l.dados?.dataMovimento ?? null}, ${JSON.stringify(l.dados ?? {})}::jsonb,
            ${l.erro ? 'RECUSADO' : 'PENDENTE'}, ${l.erro}, ${l.beneficiarioId ?? null})`,
      ),
      sql`, `,
    )}`,
  );
}

const descrever = (d: DadosBeneficiario) => `${labelOf(MOVIMENTOS, d.movimento)} · ${d.nome ?? formatDocument('cpf', d.cpf)} · ${isoToBr(d.dataMovimento)}`;

async function ler(ctx: AppContext, session: RequestSession, p: Params) {
  const { arquivo, linhas } = await lerArquivo(ctx, session, COMANDO, p, LAYOUT_INTEGRACAO_BENEFICIARIOS);
  const [emp] = await query<{ id: number; nome: string }>(ctx.db, sql`select id, coalesce(nome_fantasia, razao_social) as nome from empresas where id = ${p.empresa}`);
  if (!emp) throw AppError.of(400, 'Empresa contratante não encontrada.', { field: 'empresa' });
  return { arquivo, empresa: emp, lidas: await conferirMovimentos(ctx.db, emp.id, linhas) };
}

export const beneficiaryIntegrationImport = defineJobKind<Params>({
  tipo: importacaoBeneficiariosIntegracao.tipo,
  comandos: [COMANDO],
  params: paramsSchema(importacaoBeneficiariosIntegracao) as never,
  title: (_ctx, _c, p) => `Integração de beneficiários — ${p.origem}`,

  async preview(ctx, session, p) {
    const { lidas, empresa } = await ler(ctx, session, p);
    const por = (m: Movimento) => lidas.filter((l) => !l.erro && l.dados?.movimento === m).length;
    return previaDasLinhas(lidas, descrever, ` (${empresa.nome}: ${por('I')} inclusões, ${por('A')} alterações, ${por('E')} exclusões)`);
  },

  async run(job, p) {
    await job.progress(0, 'Lendo o arquivo');
    const { arquivo, empresa, lidas } = await ler(job.ctx, job.session, p);
    await job.log(`Arquivo ${arquivo.nome} de ${p.origem} (${empresa.nome}): ${lidas.length.toLocaleString('pt-BR')} linhas.`);
    const r = await gravarLote(job, { tipo: 'BENEFICIARIO', origem: p.origem, empresaId: empresa.id, arquivo }, lidas, inserirMovimentos);
    await csvDoLote(job, `integracao-beneficiarios-${job.id}.csv`, ['Movimento', 'CPF', 'Nome', 'Data do movimento'], lidas, (d) =>
      d ? [labelOf(MOVIMENTOS, d.movimento), formatDocument('cpf', d.cpf), d.nome ?? '', isoToBr(d.dataMovimento)] : ['', '', '', ''],
    );
    await job.log(`Lote ${r.loteId}: ${r.recebidos.toLocaleString('pt-BR')} registros pendentes de análise; ${r.recusados.toLocaleString('pt-BR')} linhas recusadas.`, r.recusados ? 'aviso' : 'info');
  },
});

// ---- the analysis: one record, compared with the registry, applied or refused ----------------------------------------

interface Registro {
  id: number;
  version: number;
  lote_id: number;
  origem: string;
  nome_arquivo: string;
  recebido_em: Date | string;
  empresa_id: number | null;
  empresa_nome: string | null;
  linha: number;
  movimento: Movimento | null;
  dados: Partial<DadosBeneficiario>;
  status: 'PENDENTE' | 'APLICADO' | 'RECUSADO';
  motivo: string | null;
  beneficiario_id: number | null;
  decidido_por_nome: string | null;
  decidido_em: Date | string | null;
}

async function registro(db: Db, id: number, lock = false): Promise<Registro | undefined> {
  return (
    await query<Registro>(
      db,
      sql`select i.id, i.version, i.lote_id, l.origem, l.nome_arquivo, l.recebido_em, l.empresa_id, coalesce(e.nome_fantasia, e.razao_social) as empresa_nome, i.linha, i.movimento, i.dados, i.status, i.motivo,
            i.beneficiario_id, i.decidido_por_nome, i.decidido_em
          from integracoes_beneficiarios i join integracoes_lotes l on l.id = i.lote_id left join empresas e on e.id = l.empresa_id
          where i.id = ${id} ${lock ? sql`for update of i` : sql``}`,
    )
  )[0];
}

interface Atual {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  data_nascimento: string;
  sexo: string;
  nome_mae: string;
  relacao_dependencia: string;
  titular_cpf: string | null;
  plano: string;
  plano_nome: string;
  cep: string | null;
  celular: string | null;
  email: string | null;
  situacao: string;
  data_adesao: string;
}

async function atualDe(db: Db, id: number): Promise<Atual | undefined> {
  return (
    await query<Atual>(
      db,
      sql`select b.id, b.matricula, b.nome, b.cpf, to_char(b.data_nascimento, 'YYYY-MM-DD') as data_nascimento, b.sexo, b.nome_mae, b.relacao_dependencia, t.cpf as titular_cpf,
            p.registro_ans as plano, p.nome as plano_nome, b.cep, b.celular, b.email, b.situacao, to_char(b.data_adesao, 'YYYY-MM-DD') as data_adesao
          from beneficiarios b join produtos p on p.id = b.produto left join beneficiarios t on t.id = b.titular where b.id = ${id}`,
    )
  )[0];
}

const CAMPOS: { campo: keyof DadosBeneficiario; rotulo: string; atual: (a: Atual) => string | null; ver: (v: string) => string }[] = [
  { campo: 'nome', rotulo: 'Nome', atual: (a) => a.nome, ver: (v) => v },
  { campo: 'dataNascimento', rotulo: 'Data de nascimento', atual: (a) => a.data_nascimento, ver: isoToBr },
  { campo: 'sexo', rotulo: 'Sexo', atual: (a) => a.sexo, ver: (v) => labelOf(SEXOS, v) },
  { campo: 'nomeMae', rotulo: 'Nome da mãe', atual: (a) => a.nome_mae, ver: (v) => v },
  { campo: 'relacao', rotulo: 'Relação de dependência', atual: (a) => a.relacao_dependencia, ver: (v) => labelOf(RELACOES_DEPENDENCIA, v) },
  { campo: 'cpfTitular', rotulo: 'CPF do titular', atual: (a) => a.titular_cpf, ver: (v) => formatDocument('cpf', v) },
  { campo: 'plano', rotulo: 'Plano (registro ANS)', atual: (a) => a.plano, ver: (v) => v },
  { campo: 'cep', rotulo: 'CEP', atual: (a) => a.cep, ver: (v) => formatDocument('cep', v) },
  { campo: 'celular', rotulo: 'Celular', atual: (a) => a.celular, ver: formatTelefone },
  { campo: 'email', rotulo: 'E-mail', atual: (a) => a.email, ver: (v) => v },
];

/** The fields the movement brings, beside the record's current values; what differs is what the application changes. */
function diferencas(r: Registro, a: Atual | undefined): Diferenca[] {
  const d = r.dados;
  const out: Diferenca[] = CAMPOS.filter((c) => d[c.campo] != null || (a && r.movimento === 'I')).map((c) => {
    const rec = (d[c.campo] as string | null | undefined) ?? null;
    const at = a ? c.atual(a) : null;
    return { campo: c.campo, rotulo: c.rotulo, atual: at == null ? null : c.ver(at), recebido: rec == null ? null : c.ver(rec), muda: rec != null && rec !== at };
  });
  if (a && r.movimento === 'E') out.push({ campo: 'situacao', rotulo: 'Situação', atual: a.situacao === 'ATIVO' ? 'Ativo' : a.situacao === 'SUSPENSO' ? 'Suspenso' : 'Cancelado', recebido: 'Cancelado (42 – desligamento da empresa)', muda: a.situacao !== 'CANCELADO' });
  return out;
}

export async function detalheBeneficiario(ctx: AppContext, id: number): Promise<RegistroIntegracao> {
  const r = await registro(ctx.db, id);
  if (!r) throw AppError.of(404, 'Registro de integração não encontrado.');
  const d = r.dados;
  const atual = r.beneficiario_id ? await atualDe(ctx.db, r.beneficiario_id) : undefined;
  const alertas: string[] = [];
  let efeito: string;
  const nomeDe = d.nome ?? atual?.nome ?? (d.cpf ? formatDocument('cpf', d.cpf) : `linha ${r.linha}`);
  if (r.movimento === 'I') {
    efeito = r.status === 'APLICADO' ? `Incluído com a matrícula ${atual?.matricula ?? ''} e o primeiro cartão emitido.` : `Inclui ${nomeDe} em ${r.empresa_nome ?? 'empresa'} no plano ${d.plano ?? ''}, com adesão em ${isoToBr(d.dataMovimento)}, e emite o primeiro cartão.`;
    if (d.relacao && d.relacao !== '1') {
      const [tit] = await query<{ nome: string; matricula: string }>(ctx.db, sql`select nome, matricula from beneficiarios where cpf = ${d.cpfTitular ?? ''} and relacao_dependencia = '1' and situacao <> 'CANCELADO' limit 1`);
      alertas.push(tit ? `Dependente de ${tit.nome} (matrícula ${tit.matricula}).` : `O titular (CPF ${formatDocument('cpf', d.cpfTitular ?? '')}) ainda não está no cadastro: aplique antes a inclusão dele.`);
    }
  } else if (r.movimento === 'A') {
    efeito = r.status === 'APLICADO' ? 'Cadastro alterado com os campos recebidos.' : `Altera no cadastro de ${nomeDe} os campos que mudam.`;
  } else if (r.movimento === 'E') {
    const deps = atual?.relacao_dependencia === '1' ? await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios where titular = ${atual.id} and situacao <> 'CANCELADO'`) : [{ n: 0 }];
    efeito =
      r.status === 'APLICADO'
        ? `Cancelado em ${isoToBr(d.dataMovimento)} (42 – desligamento da empresa).`
        : `Cancela ${nomeDe} em ${isoToBr(d.dataMovimento)} pelo motivo 42 (desligamento da empresa)${deps[0].n ? ` com ${deps[0].n} ${deps[0].n === 1 ? 'dependente' : 'dependentes'} do grupo familiar` : ''}.`;
  } else efeito = 'A linha não pôde ser lida: nada a aplicar.';
  if (atual && atual.situacao === 'SUSPENSO' && r.status === 'PENDENTE') alertas.push('O beneficiário está suspenso.');
  return {
    id: r.id,
    version: r.version,
    loteId: r.lote_id,
    origem: `${r.origem}${r.empresa_nome ? ` · ${r.empresa_nome}` : ''}`,
    nomeArquivo: r.nome_arquivo,
    recebidoEm: new Date(r.recebido_em).toISOString(),
    linha: r.linha,
    status: r.status,
    motivo: r.motivo,
    decididoPor: r.decidido_por_nome,
    decididoEm: r.decidido_em ? new Date(r.decidido_em).toISOString() : null,
    titulo: `${r.movimento ? labelOf(MOVIMENTOS, r.movimento) : 'Linha'} · ${nomeDe}`,
    recebido: [
      ...(r.movimento ? [{ rotulo: 'Movimento', valor: labelOf(MOVIMENTOS, r.movimento) }] : []),
      ...(d.cpf ? [{ rotulo: 'CPF', valor: formatDocument('cpf', d.cpf) }] : []),
      ...(d.dataMovimento ? [{ rotulo: 'Data do movimento', valor: isoToBr(d.dataMovimento) }] : []),
      ...CAMPOS.filter((c) => d[c.campo] != null).map((c) => ({ rotulo: c.rotulo, valor: c.ver(d[c.campo] as string) })),
    ],
    diferencas: r.movimento ? diferencas(r, atual) : [],
    efeito,
    alertas,
    beneficiarioId: r.beneficiario_id,
    autorizacaoId: null,
    autorizacaoNumero: null,
  };
}

/** The new titular's matrícula: the next free family root (8 digits) and the titular's sequence 00. */
async function novaMatriculaTitular(t: Db): Promise<string> {
  const [r] = await query<{ raiz: string }>(
    t,
    sql`select lpad((coalesce(max(substr(m, 1, 8))::bigint, 0) + 1)::text, 8, '0') as raiz
        from (select matricula as m from beneficiarios union all select matricula from matriculas_anteriores) x where m ~ '^[0-9]{10}$'`,
  );
  return `${r.raiz}00`;
}

async function incluir(ctx: AppContext, t: Db, actor: Quem, r: Registro): Promise<number> {
  const d = r.dados as DadosBeneficiario;
  const [ja] = await query<{ matricula: string; nome: string }>(t, sql`select matricula, nome from beneficiarios where cpf = ${d.cpf} and situacao <> 'CANCELADO' limit 1`);
  if (ja) throw AppError.of(422, `CPF já cadastrado: matrícula ${ja.matricula} (${ja.nome}).`);
  const [produto] = await query<{ id: number }>(t, sql`select id from produtos where registro_ans = ${d.plano} and ativo`);
  if (!produto) throw AppError.of(422, `Plano ${d.plano} não encontrado entre os planos ativos.`);
  let titular: { id: number; matricula: string; nome: string; carteirinha: string; cep: string | null; uf: string | null; cidade: number | null; logradouro: string | null; numero: string | null; complemento: string | null; bairro: string | null } | undefined;
  if (d.relacao !== '1') {
    [titular] = await query(
      t,
      sql`select id, matricula, nome, carteirinha, cep, uf, cidade, logradouro, numero, complemento, bairro from beneficiarios
          where cpf = ${d.cpfTitular} and relacao_dependencia = '1' and situacao = 'ATIVO' and empresa = ${r.empresa_id} order by id limit 1 for update`,
    );
    if (!titular) throw AppError.of(422, `O titular (CPF ${formatDocument('cpf', d.cpfTitular ?? '')}) não é titular ativo desta empresa: aplique antes a inclusão dele.`);
  }
  const matricula = titular ? await proximaMatricula(t, titular) : await novaMatriculaTitular(t);
  const [pref] = titular ? [{ p: titular.carteirinha.slice(0, 4) }] : await query<{ p: string }>(t, sql`select substr(carteirinha, 1, 4) as p from beneficiarios order by id limit 1`);
  const values = {
    matricula,
    carteirinha: carteirinhaDe(pref?.p ?? '0064', matricula),
    nome: d.nome,
    cpf: d.cpf,
    nomeMae: d.nomeMae,
    sexo: d.sexo,
    dataNascimento: d.dataNascimento,
    relacaoDependencia: d.relacao,
    titular: titular?.id ?? null,
    classe: d.relacao === '1' ? 'A' : null,
    // the dependent lives with the titular unless the file says otherwise
    cep: d.cep ?? titular?.cep ?? null,
    uf: titular && !d.cep ? titular.uf : null,
    cidade: titular && !d.cep ? titular.cidade : null,
    logradouro: titular && !d.cep ? titular.logradouro : null,
    numero: titular && !d.cep ? titular.numero : null,
    complemento: titular && !d.cep ? titular.complemento : null,
    bairro: titular && !d.cep ? titular.bairro : null,
    celular: d.celular,
    email: d.email,
    produto: produto.id,
    empresa: r.empresa_id,
    dataAdesao: d.dataMovimento,
    situacao: 'ATIVO',
  };
  const parsed = parse(recordSchema(defBeneficiario, ctx.settings.flags), values);
  const criado = await createRow(t, defBeneficiario, parsed as Record<string, unknown>);
  const id = criado.id as number;
  await recordTrail(t, actor, { entidade: defBeneficiario.name, registroId: id, acao: 'insert', depois: { ...criado, integracao: `lote ${r.lote_id}, linha ${r.linha}` } });
  const hoje = todayIso();
  const [cartao] = await t
    .insert(cartoes)
    .values({ beneficiarioId: id, carteirinha: criado.carteirinha as string, via: 1, motivo: 'PRIMEIRA_VIA', emissao: hoje, validade: `${Number(hoje.slice(0, 4)) + 1}-12-31` })
    .returning();
  await recordTrail(t, actor, { entidade: 'cartao', registroId: cartao.id, acao: 'insert', depois: cartao });
  return id;
}

async function alterar(ctx: AppContext, t: Db, actor: Quem, r: Registro): Promise<number> {
  const d = r.dados as DadosBeneficiario;
  const id = r.beneficiario_id!;
  const atual = await getRow(t, defBeneficiario, id);
  if (atual.situacao === 'CANCELADO') throw AppError.of(422, `${String(atual.nome)} está cancelado: a alteração não se aplica.`);
  const novos: Record<string, unknown> = {};
  if (d.nome) novos.nome = d.nome;
  if (d.dataNascimento) novos.dataNascimento = d.dataNascimento;
  if (d.sexo) novos.sexo = d.sexo;
  if (d.nomeMae) novos.nomeMae = d.nomeMae;
  if (d.cep) novos.cep = d.cep;
  if (d.celular) novos.celular = d.celular;
  if (d.email) novos.email = d.email;
  if (d.plano) {
    const [p] = await query<{ id: number }>(t, sql`select id from produtos where registro_ans = ${d.plano} and ativo`);
    if (!p) throw AppError.of(422, `Plano ${d.plano} não encontrado entre os planos ativos.`);
    novos.produto = p.id;
  }
  const values = parse(updateSchema(defBeneficiario, ctx.settings.flags), { ...atual, ...novos, version: atual.version });
  const depois = await updateRow(t, defBeneficiario, id, values as typeof values & { version: number });
  await recordTrail(t, actor, { entidade: defBeneficiario.name, registroId: id, acao: 'update', antes: atual, depois });
  return id;
}

async function excluir(ctx: AppContext, t: Db, actor: Quem, r: Registro): Promise<number> {
  const d = r.dados as DadosBeneficiario;
  const id = r.beneficiario_id!;
  const atual = await getRow(t, defBeneficiario, id);
  if (atual.situacao === 'CANCELADO') throw AppError.of(422, `${String(atual.nome)} já está cancelado.`);
  if (typeof atual.dataAdesao === 'string' && d.dataMovimento < atual.dataAdesao) throw AppError.of(422, `A data do desligamento (${isoToBr(d.dataMovimento)}) é anterior à adesão (${isoToBr(atual.dataAdesao)}).`);
  // the titular's exclusion cancels the whole family group (spec §8's declaration)
  const familia = atual.relacaoDependencia === '1' ? (await query<{ id: number }>(t, sql`select id from beneficiarios where titular = ${id} and situacao <> 'CANCELADO' order by id`)).map((x) => x.id) : [];
  for (const bid of [...familia, id]) {
    const antes = bid === id ? atual : await getRow(t, defBeneficiario, bid);
    const values = parse(updateSchema(defBeneficiario, ctx.settings.flags), { ...antes, situacao: 'CANCELADO', dataSituacao: d.dataMovimento, motivoCancelamento: MOTIVO_DESLIGAMENTO, version: antes.version });
    const depois = await updateRow(t, defBeneficiario, bid, values as typeof values & { version: number });
    await recordTrail(t, actor, { entidade: defBeneficiario.name, registroId: bid, acao: 'update', antes, depois });
  }
  return id;
}

/** Applies a pending movement through the beneficiaries' writes; the record becomes APLICADO with the beneficiary. */
export async function aplicarBeneficiario(ctx: AppContext, actor: Quem, id: number, version: number): Promise<Decidido> {
  return decidirRegistro(ctx, actor, { tabela: 'integracoes_beneficiarios', entidade: 'integracaobeneficiario', id, version }, async (t) => {
    const r = await registro(t, id, true);
    if (!r) throw AppError.of(404, 'Registro de integração não encontrado.');
    return {
      linha: r,
      aplicar: async () => {
        const beneficiarioId = r.movimento === 'I' ? await incluir(ctx, t, actor, r) : r.movimento === 'A' ? await alterar(ctx, t, actor, r) : await excluir(ctx, t, actor, r);
        return { beneficiario_id: beneficiarioId };
      },
    };
  });
}

export { registro as registroBeneficiario };

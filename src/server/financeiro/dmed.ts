import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { linhaCsv, type RegistroLayout } from '../../shared/processos/layout';
import { dmed, LAYOUT_DMED } from '../../shared/processos/recebiveis';
import { paramsSchema } from '../../shared/processos/schema';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { badRequest } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { scopeOf, scopeWhere } from '../policy';

/**
 * The DMED of a calendar year (IN RFB nº 985/2009; layout in src/shared/processos/recebiveis.ts): what each titular
 * and each dependent paid the operator in the year — their share of every title paid (titulos_membros), by the
 * payment's date, reversed payments left out, the interest paid on the family's titles on the titular — and the
 * reimbursements released to them in the year (reembolsos LIBERADO, by the day of the release), per provider.
 */

type Params = {
  anoCalendario: number;
  retificadora: string;
  recibo: string | null;
  leiaute: string;
  responsavelCpf: string;
  responsavelNome: string;
  responsavelDdd: string;
  responsavelTelefone: string;
  responsavelEmail: string | null;
  responsavelCnpjCpf: string;
};

const REG = new Map(LAYOUT_DMED.registros.map((r) => [r.campos[0].fixo!, r]));
/** A DMED line: the record's identifier as the layout spells it (Dmed, FIMDmed keep their case), then its fields, ending in "|". */
function linhaDmed(id: string, valores: Record<string, string | number | null | undefined> = {}): string {
  const r = REG.get(id)!;
  const resto: RegistroLayout = { nome: r.nome, campos: r.campos.slice(1) };
  return resto.campos.length ? `${id}|${linhaCsv(resto, '|', valores)}|` : `${id}|`;
}

/** SIB's dependency codes (the register's) → the DMED's. */
const RELACAO_DMED: Record<string, string> = { '3': '03', '4': '06', '6': '08', '8': '10', '10': '11' };

interface Pessoa {
  id: number;
  titular: number;
  relacao: string;
  nome: string;
  cpf: string | null;
  nascimento: string;
  valor: number;
}
interface Reembolso {
  beneficiario: number;
  documento: string;
  nome: string;
  valor: number;
}

/**
 * What each member paid in the days [inicio, fim] (columns id, titular, valor): their share of every title paid
 * (titulos_membros), by the payment's date, reversed payments left out, the interest paid on the family's titles on
 * the titular. The one computation of the DMED, the informe de pagamento and the DMED check (rep119).
 */
export const pagosPorMembro = (inicio: string, fim: string) =>
  sql`(with pagos as (
          select t.id, t.titular_id, g.juros_centavos as juros from titulos t join titulos_pagamentos g on g.titulo_id = t.id and g.estornado_em is null
          where t.status = 'PAGO' and g.data_pagamento between ${inicio} and ${fim})
        select m.beneficiario_id as id, p.titular_id as titular, sum(m.valor_centavos) + sum(case when m.beneficiario_id = p.titular_id then p.juros else 0 end) as valor
        from pagos p join titulos_membros m on m.titulo_id = p.id group by m.beneficiario_id, p.titular_id)`;

/**
 * The reimbursements released to each member in the days [inicio, fim] (by the day of the release), per provider
 * (columns beneficiario, titular, documento, nome, valor): the DMED's RTOP/RDTOP and the informe's reimbursed amounts.
 */
export const reembolsosLiberados = (inicio: string, fim: string) =>
  sql`(select r.beneficiario_id as beneficiario, coalesce(case when b.relacao_dependencia = '1' then b.id end, b.titular) as titular,
          r.profissional_documento as documento, max(r.profissional_nome) as nome, sum(r.valor_liberado_centavos) as valor
        from reembolsos r join beneficiarios b on b.id = r.beneficiario_id
        where r.status = 'LIBERADO' and coalesce(r.valor_liberado_centavos, 0) > 0
          and exists (select 1 from reembolso_historico h where h.reembolso_id = r.id and h.para = 'LIBERADO'
                      and (h.em at time zone 'America/Sao_Paulo')::date between ${inicio} and ${fim})
        group by r.beneficiario_id, b.id, b.relacao_dependencia, b.titular, r.profissional_documento)`;

async function dados(ctx: AppContext, session: RequestSession, ano: number) {
  const scope = await scopeOf(ctx, session, 'beneficiario');
  const inicio = `${ano}-01-01`;
  const fim = `${ano}-12-31`;
  // each member's share of the titles paid in the year, and the interest on the titular
  const pagos = await query<{ id: number; titular: number; relacao: string; nome: string; cpf: string | null; nascimento: string; valor: number }>(
    ctx.db,
    sql`select x.id, x.titular, b.relacao_dependencia as relacao, b.nome, b.cpf, b.data_nascimento::text as nascimento, x.valor::float8 as valor
        from ${pagosPorMembro(inicio, fim)} x join beneficiarios b on b.id = x.id where ${scopeWhere(scope, 'beneficiario', 'b')}`,
  );
  const reembolsos = await query<{ beneficiario: number; titular: number; relacao: string; nome_b: string; cpf: string | null; nascimento: string; documento: string; nome: string; valor: number }>(
    ctx.db,
    sql`select r.beneficiario, r.titular, b.relacao_dependencia as relacao, b.nome as nome_b, b.cpf, b.data_nascimento::text as nascimento, r.documento, r.nome, r.valor::float8 as valor
        from ${reembolsosLiberados(inicio, fim)} r join beneficiarios b on b.id = r.beneficiario where ${scopeWhere(scope, 'beneficiario', 'b')}`,
  );
  // everyone declared: who paid, and who was reimbursed (a titular reimbursed for a dependent only still opens a TOP)
  const pessoas = new Map<number, Pessoa>();
  for (const p of pagos) pessoas.set(p.id, { ...p, valor: Number(p.valor) });
  for (const r of reembolsos) if (!pessoas.has(r.beneficiario)) pessoas.set(r.beneficiario, { id: r.beneficiario, titular: r.titular, relacao: r.relacao, nome: r.nome_b, cpf: r.cpf, nascimento: r.nascimento, valor: 0 });
  const titularesSemLinha = [...new Set([...pessoas.values()].map((p) => p.titular))].filter((id) => !pessoas.has(id));
  if (titularesSemLinha.length) {
    const ts = await query<Pessoa>(ctx.db, sql`select id, id as titular, relacao_dependencia as relacao, nome, cpf, data_nascimento::text as nascimento, 0::float8 as valor from beneficiarios where id in (${sql.join(titularesSemLinha.map((i) => sql`${i}`), sql`, `)})`);
    for (const t of ts) pessoas.set(t.id, { ...t, valor: 0 });
  }
  const reemb = new Map<number, Reembolso[]>();
  for (const r of reembolsos) reemb.set(r.beneficiario, [...(reemb.get(r.beneficiario) ?? []), { beneficiario: r.beneficiario, documento: r.documento, nome: r.nome, valor: Number(r.valor) }]);
  return { pessoas, reemb };
}

/** The declaration's lines, in its hierarchy: TOP by CPF, its RTOP, then its DTOP (by CPF, those without by birth and name), each with its RDTOP. */
function montar(p: Params, op: { cnpj: string; razao: string; registroAns: string }, pessoas: Map<number, Pessoa>, reemb: Map<number, Reembolso[]>) {
  const linhas = [
    linhaDmed('Dmed', { anoReferencia: p.anoCalendario + 1, anoCalendario: p.anoCalendario, retificadora: p.retificadora, recibo: p.retificadora === 'S' ? p.recibo : null, leiaute: p.leiaute }),
    linhaDmed('RESPO', { cpf: p.responsavelCpf, nome: p.responsavelNome, ddd: p.responsavelDdd, telefone: p.responsavelTelefone, email: p.responsavelEmail }),
    linhaDmed('DECPJ', { cnpj: op.cnpj, nome: op.razao, registroAns: op.registroAns, cpfResponsavel: p.responsavelCnpjCpf }),
    linhaDmed('OPPAS'),
  ];
  const porDoc = (a: Reembolso, b: Reembolso) => a.documento.localeCompare(b.documento);
  const reembolsosDe = (id: number, reg: 'RTOP' | 'RDTOP') => (reemb.get(id) ?? []).sort(porDoc).map((r) => linhaDmed(reg, { documento: r.documento, nome: r.nome, valor: r.valor }));
  const todos = [...pessoas.values()];
  const titulares = todos.filter((x) => x.id === x.titular);
  const semCpf: Pessoa[] = [];
  let tops = 0;
  let total = 0;
  for (const t of titulares.filter((x) => x.cpf).sort((a, b) => a.cpf!.localeCompare(b.cpf!))) {
    tops++;
    total += t.valor;
    linhas.push(linhaDmed('TOP', { cpf: t.cpf, nome: t.nome, valor: t.valor }), ...reembolsosDe(t.id, 'RTOP'));
    const deps = todos.filter((d) => d.titular === t.id && d.id !== t.id).sort((a, b) => (a.cpf && b.cpf ? a.cpf.localeCompare(b.cpf) : a.cpf ? -1 : b.cpf ? 1 : a.nascimento.localeCompare(b.nascimento) || a.nome.localeCompare(b.nome)));
    for (const d of deps) {
      total += d.valor;
      linhas.push(linhaDmed('DTOP', { cpf: d.cpf, nascimento: d.nascimento.replace(/-/g, ''), nome: d.nome, relacao: RELACAO_DMED[d.relacao] ?? '11', valor: d.valor }), ...reembolsosDe(d.id, 'RDTOP'));
    }
  }
  semCpf.push(...titulares.filter((x) => !x.cpf));
  linhas.push(linhaDmed('FIMDmed'));
  return { linhas, tops, total, semCpf };
}

async function operadoraDeclarante(ctx: AppContext) {
  const [op] = await query<{ cnpj: string; razao: string; registro_ans: string }>(ctx.db, sql`select cnpj, razao_social as razao, registro_ans from operadoras order by id limit 1`);
  if (!op) throw badRequest('Cadastre a operadora (CNPJ, razão social e registro ANS) antes de gerar a DMED.');
  return { cnpj: op.cnpj, razao: op.razao, registroAns: op.registro_ans };
}

export const dmedKind = defineJobKind<Params>({
  tipo: dmed.tipo,
  comandos: [dmed.comando],
  params: paramsSchema(dmed) as never,
  title: (_ctx, _c, p) => `DMED do ano-calendário ${p.anoCalendario}`,
  async preview(ctx, session, p): Promise<Previa> {
    const { pessoas, reemb } = await dados(ctx, session, p.anoCalendario);
    const { tops, total, semCpf } = montar(p, await operadoraDeclarante(ctx), pessoas, reemb);
    return {
      total: tops,
      resumo: tops
        ? `${tops.toLocaleString('pt-BR')} ${tops === 1 ? 'titular' : 'titulares'} na DMED de ${p.anoCalendario}, ${formatMoney(total)} pagos no ano${semCpf.length ? `; ${semCpf.length} sem CPF no cadastro ficam de fora` : ''}.`
        : `Nenhum pagamento nem reembolso registrado em ${p.anoCalendario}.`,
      amostra: [...pessoas.values()].filter((x) => x.id === x.titular && x.cpf).slice(0, 8).map((x) => `${x.nome} · ${formatMoney(x.valor)}`),
    };
  },
  async run(job, p) {
    const { ctx, session } = job;
    await job.progress(10, 'Somando os pagamentos do ano');
    const op = await operadoraDeclarante(ctx);
    const { pessoas, reemb } = await dados(ctx, session, p.anoCalendario);
    await job.checkpoint();
    const { linhas, tops, total, semCpf } = montar(p, op, pessoas, reemb);
    for (const t of semCpf.slice(0, 20)) await job.log(`${t.nome}: titular sem CPF no cadastro, fora da DMED (o registro TOP exige o CPF).`, 'aviso');
    if (semCpf.length > 20) await job.log(`Mais ${semCpf.length - 20} titulares sem CPF.`, 'aviso');
    const nome = `DMED-${p.anoCalendario}-${op.cnpj}.txt`;
    await job.saveFile(nome, 'txt', Buffer.from(`${linhas.join('\r\n')}\r\n`, 'latin1'));
    await job.log(`Arquivo ${nome}: ${tops.toLocaleString('pt-BR')} ${tops === 1 ? 'titular' : 'titulares'}, ${linhas.length.toLocaleString('pt-BR')} registros, ${formatMoney(total)} pagos no ano.`);
  },
});

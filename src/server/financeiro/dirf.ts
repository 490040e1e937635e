import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { linhaCsv } from '../../shared/processos/layout';
import { dirf, LAYOUT_DIRF } from '../../shared/processos/receita-federal';
import { paramsSchema } from '../../shared/processos/schema';
import { isValidDocument } from '../../shared/validation/br';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { encodeLatin1 } from '../tiss/latin1';
import { operadora } from './folha';

/**
 * DIRF of a calendar year up to 2024 (IN RFB 1.990/2020 and the yearly leiaute; extinct from 2025, see DIRF_MSG_EXTINTA):
 * per DARF code the beneficiaries and, month by month (the month a payment was consolidated, when the operator credits
 * it), the income and what was withheld — 0588 for natural persons (income, the INSS withheld as official pension,
 * the IRRF), 1708 for the IRRF of legal entities and 5952 for their PIS/COFINS/CSLL, each with the gross as income.
 * A beneficiary with an invalid CPF/CNPJ is left out and listed in the log (the program would refuse the file).
 */

export type ParamsDirf = { anoCalendario: string; estrutura: string; cpfResponsavel: string; nomeResponsavel: string; ddd: string; telefone: string; email: string | null };

interface Linha {
  id: number;
  mes: number;
  tipo_pessoa: string;
  doc: string | null;
  nome: string;
  bruto: string;
  tributo: string | null;
  codigo: string | null;
  valor: string | null;
}

interface Beneficiario {
  pf: boolean;
  doc: string;
  nome: string;
  rendimento: number[];
  previdencia: number[];
  retido: number[];
}

const vazio = () => Array.from({ length: 12 }, () => 0);

async function coletar(db: Db, ano: string) {
  const rows = await query<Linha>(
    db,
    sql`select g.id, extract(month from g.criado_em at time zone 'America/Sao_Paulo')::int as mes, pr.tipo_pessoa, case when pr.tipo_pessoa = 'F' then pr.cpf else pr.cnpj end as doc, pr.nome,
               g.valor_bruto_centavos::text as bruto, r.tributo, r.codigo_receita as codigo, r.valor_centavos::text as valor
        from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id left join retencoes_pagamentos r on r.pagamento_id = g.id
        where g.estornado_em is null and to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY') = ${ano} order by g.id, r.tributo`,
  );
  const porCodigo = new Map<string, Map<string, Beneficiario>>();
  const recusas = new Set<string>();
  const pagamentos = new Map<number, Linha[]>();
  for (const r of rows) pagamentos.set(r.id, [...(pagamentos.get(r.id) ?? []), r]);
  const somar = (codigo: string, x: Linha, oque: 'rendimento' | 'previdencia' | 'retido', valor: number) => {
    const m = porCodigo.get(codigo) ?? new Map<string, Beneficiario>();
    porCodigo.set(codigo, m);
    const b = m.get(x.doc!) ?? { pf: x.tipo_pessoa === 'F', doc: x.doc!, nome: x.nome, rendimento: vazio(), previdencia: vazio(), retido: vazio() };
    m.set(x.doc!, b);
    b[oque][x.mes - 1] += valor;
  };
  for (const linhas of pagamentos.values()) {
    const x = linhas[0];
    const pf = x.tipo_pessoa === 'F';
    if (!x.doc || !isValidDocument(pf ? 'cpf' : 'cnpj', x.doc)) {
      recusas.add(`${x.nome}: ${pf ? 'CPF' : 'CNPJ'} ${x.doc ?? 'ausente'} inválido.`);
      continue;
    }
    const bruto = Number(x.bruto);
    const de = (t: string) => linhas.filter((l) => l.tributo === t);
    if (pf) {
      // every payment to a natural person is income under 0588, withheld or not
      const codigo = de('IRRF')[0]?.codigo ?? '0588';
      somar(codigo, x, 'rendimento', bruto);
      for (const l of de('INSS')) somar(codigo, x, 'previdencia', Number(l.valor));
      for (const l of de('IRRF')) somar(codigo, x, 'retido', Number(l.valor));
      continue;
    }
    const ir = de('IRRF');
    if (ir.length) {
      somar(ir[0].codigo ?? '1708', x, 'rendimento', bruto);
      for (const l of ir) somar(ir[0].codigo ?? '1708', x, 'retido', Number(l.valor));
    }
    const pcc = [...de('PIS'), ...de('COFINS'), ...de('CSLL')];
    if (pcc.length) {
      somar(pcc[0].codigo ?? '5952', x, 'rendimento', bruto);
      for (const l of pcc) somar(pcc[0].codigo ?? '5952', x, 'retido', Number(l.valor));
    }
  }
  return { porCodigo, recusas: [...recusas] };
}

async function operadoraDirf(ctx: AppContext) {
  const op = await operadora(ctx);
  if (!isValidDocument('cnpj', op.cnpj)) throw AppError.of(422, `O CNPJ da operadora (${op.cnpj || 'vazio'}) é inválido: corrija o cadastro da operadora antes de gerar a DIRF.`);
  const [o] = await query<{ nome: string }>(ctx.db, sql`select razao_social as nome from operadoras order by id limit 1`);
  return { ...op, nome: o?.nome ?? '' };
}

async function previaDirf(ctx: AppContext, _s: unknown, p: ParamsDirf): Promise<Previa> {
  await operadoraDirf(ctx);
  const { porCodigo, recusas } = await coletar(ctx.db, p.anoCalendario);
  const amostra = [...porCodigo.entries()].sort().map(([c, m]) => `Código ${c}: ${m.size} ${m.size === 1 ? 'beneficiário' : 'beneficiários'}, retido ${formatMoney([...m.values()].reduce((s, b) => s + b.retido.reduce((a, v) => a + v, 0), 0))}`);
  const n = [...porCodigo.values()].reduce((s, m) => s + m.size, 0);
  return {
    total: amostra.length + recusas.length,
    resumo: n ? `${n} ${n === 1 ? 'beneficiário' : 'beneficiários'} em ${porCodigo.size} ${porCodigo.size === 1 ? 'código' : 'códigos'} de receita no ano-calendário ${p.anoCalendario}.` : `Nenhum pagamento a prestador no ano-calendário ${p.anoCalendario}: a DIRF sai só com o declarante.`,
    amostra: [...amostra, ...recusas.map((r) => `Recusado: ${r}`)].slice(0, 8),
  };
}

export const dirfExport = defineJobKind<ParamsDirf>({
  tipo: dirf.tipo,
  comandos: [dirf.comando],
  params: paramsSchema(dirf) as never,
  title: (_c, _m, p) => `DIRF do ano-calendário ${p.anoCalendario}`,
  preview: previaDirf as never,
  async run(job, p) {
    const op = await operadoraDirf(job.ctx);
    const { porCodigo, recusas } = await coletar(job.ctx.db, p.anoCalendario);
    const reg = new Map(LAYOUT_DIRF.registros.map((r) => [r.campos[0].fixo!, r]));
    // the writer upper-cases text; the leiaute spells these two identifiers in mixed case
    const CASO: Record<string, string> = { Dirf: 'DIRF|', FIMDirf: 'FIMDIRF|' };
    const l = (id: string, v: Record<string, string | number | null | undefined>) => {
      const out = linhaCsv(reg.get(id)!, '|', v);
      return CASO[id] && out.startsWith(CASO[id]) ? `${id}|${out.slice(CASO[id].length)}` : out;
    };
    const meses = (id: string, valores: number[]) => l(id, Object.fromEntries(valores.map((v, i) => [`m${i + 1}`, v || null])));
    const linhas = [
      l('Dirf', { anoReferencia: Number(p.anoCalendario) + 1, anoCalendario: p.anoCalendario, estrutura: p.estrutura.toUpperCase() }),
      l('RESPO', { cpf: p.cpfResponsavel, nome: p.nomeResponsavel, ddd: p.ddd, telefone: p.telefone, email: p.email }),
      l('DECPJ', { cnpj: op.cnpj, nome: op.nome, cpfResponsavel: p.cpfResponsavel }),
    ];
    let beneficiarios = 0;
    for (const [codigo, m] of [...porCodigo.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      linhas.push(l('IDREC', { codigo }));
      const ordem = [...m.values()].sort((a, b) => Number(b.pf) - Number(a.pf) || a.doc.localeCompare(b.doc));
      for (const b of ordem) {
        linhas.push(b.pf ? l('BPFDEC', { cpf: b.doc, nome: b.nome }) : l('BPJDEC', { cnpj: b.doc, nome: b.nome }));
        linhas.push(meses('RTRT', b.rendimento));
        if (b.previdencia.some((v) => v > 0)) linhas.push(meses('RTPO', b.previdencia));
        if (b.retido.some((v) => v > 0)) linhas.push(meses('RTIRF', b.retido));
        beneficiarios++;
      }
      await job.checkpoint();
    }
    linhas.push(l('FIMDirf', {}));
    for (const r of recusas) await job.log(`Beneficiário recusado: ${r}`, 'aviso');
    const nome = `DIRF_${p.anoCalendario}.txt`;
    await job.saveFile(nome, 'txt', encodeLatin1(`${linhas.join('\r\n')}\r\n`));
    await job.log(`Arquivo ${nome}: ${beneficiarios} ${beneficiarios === 1 ? 'beneficiário' : 'beneficiários'} em ${porCodigo.size} ${porCodigo.size === 1 ? 'código' : 'códigos'} de receita.`);
  },
});

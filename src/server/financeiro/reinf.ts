import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { efdReinf, REINF_EVENTOS_POR_LOTE, REINF_NS } from '../../shared/processos/receita-federal';
import { paramsSchema } from '../../shared/processos/schema';
import { isValidDocument } from '../../shared/validation/br';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { pagaveis, retencoesDe, type Pagavel, type RetencaoLinha } from './contas-pagar';
import { operadora } from './folha';
import { NATUREZA_PADRAO_PJ } from '../pagamentos/retencoes';
import { decimalVirgula, documentoXml, idEvento, type NoXml } from './xml';

/**
 * EFD-Reinf R-4000 events of a period (leiaute 2.1.2, IN RFB 2.043/2021): the period is the month of the fact
 * (dtFG), the day a payment was consolidated (the operator credits the provider then). Per provider, one event:
 * R-4020 for a legal entity (its natures, each payment's gross and the IRRF, CSLL, COFINS and PIS withheld);
 * R-4010 for a natural person whose nature is outside group 10. Income from work (group 10: the RPAs of autonomous
 * professionals) is declared in the eSocial (S-1200/S-1210), never in the Reinf: those are counted in the log.
 * What the Receita would refuse (a CNPJ/CPF with wrong check digits, a nature not in Tabela 01 or not for that kind
 * of beneficiary) is left out and listed in the log. The events go unsigned: the operator's signer (ICP-Brasil
 * certificate) signs and transmits them.
 */

export type ParamsReinf = { competencia: string; ambiente: string };
export const VER_PROC = 'PORTAL-OPERADORA-1.0';
const NATUREZA_PADRAO_PF = '10002';

interface Natureza {
  codigo: string;
  tipo: string;
  ativo: boolean;
}

const periodo = (p: ParamsReinf) => competenciaIso(p.competencia)!.slice(0, 7);
const doPeriodo = (per: string) => sql`to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${per}`;

/** Why the Receita would refuse a provider's event, or null. */
function recusa(x: Pagavel, natureza: string, naturezas: Map<string, Natureza>): string | null {
  const pj = x.tipo_pessoa !== 'F';
  const doc = pj ? x.cnpj : x.cpf;
  if (!doc) return `${x.nome}: sem ${pj ? 'CNPJ' : 'CPF'} no cadastro do prestador.`;
  if (!isValidDocument(pj ? 'cnpj' : 'cpf', doc)) return `${x.nome}: ${pj ? 'CNPJ' : 'CPF'} ${doc} com dígitos verificadores inválidos.`;
  const n = naturezas.get(natureza);
  if (!n || !n.ativo) return `${x.nome}: natureza de rendimento ${natureza} não está ativa na Tabela 01 (Natureza de Rendimentos).`;
  if (n.tipo !== 'AMBOS' && n.tipo !== (pj ? 'PJ' : 'PF')) return `${x.nome}: a natureza ${natureza} é de pagamento a pessoa ${n.tipo === 'PF' ? 'física' : 'jurídica'}.`;
  return null;
}

interface Evento {
  tipo: 'R-4010' | 'R-4020';
  prestador: Pagavel;
  pagamentos: Pagavel[];
  natureza: string;
}

async function coletar(db: Db, per: string, log?: (m: string, nivel?: 'info' | 'aviso') => Promise<void>) {
  const naturezas = new Map((await query<Natureza>(db, sql`select codigo, tipo_beneficiario as tipo, ativo from naturezas_rendimentos`)).map((n) => [n.codigo, n]));
  const porPrestador = new Map<number, Pagavel[]>();
  let depois = 0;
  for (;;) {
    const lote = await pagaveis(db, doPeriodo(per), depois);
    if (!lote.length) break;
    for (const x of lote) porPrestador.set(x.prestador_id, [...(porPrestador.get(x.prestador_id) ?? []), x]);
    depois = lote.at(-1)!.id;
  }
  const eventos: Evento[] = [];
  const recusas: string[] = [];
  let esocial = 0;
  for (const pgs of porPrestador.values()) {
    const x = pgs[0];
    const pj = x.tipo_pessoa !== 'F';
    const natureza = x.natureza ?? (pj ? NATUREZA_PADRAO_PJ : NATUREZA_PADRAO_PF);
    if (!pj && natureza.startsWith('10')) {
      esocial++;
      continue;
    }
    const r = recusa(x, natureza, naturezas);
    if (r) recusas.push(r);
    else eventos.push({ tipo: pj ? 'R-4020' : 'R-4010', prestador: x, pagamentos: pgs, natureza });
  }
  if (log) {
    for (const r of recusas) await log(`Evento recusado: ${r}`, 'aviso');
    if (esocial) await log(`${esocial.toLocaleString('pt-BR')} ${esocial === 1 ? 'profissional' : 'profissionais'} com RPA (rendimento do trabalho, grupo 10): ${esocial === 1 ? 'informado' : 'informados'} no eSocial (S-1200 e S-1210), não na EFD-Reinf.`);
  }
  return { eventos, recusas, esocial };
}

const soma = (rs: RetencaoLinha[], tributo: string) => rs.filter((r) => r.tributo === tributo).reduce((s, r) => s + r.valor, 0);
const base = (rs: RetencaoLinha[], tributo: string) => rs.find((r) => r.tributo === tributo)?.base ?? 0;
const par = (nomeBase: string, nome: string, rs: RetencaoLinha[], tributo: string): NoXml[] => (soma(rs, tributo) > 0 ? [[nomeBase, decimalVirgula(base(rs, tributo))], [nome, decimalVirgula(soma(rs, tributo))]] : []);

function evento(e: Evento, rets: RetencaoLinha[], op: { cnpj: string }, per: string, ambiente: string, id: string): NoXml {
  const x = e.prestador;
  const ideEvento: NoXml = ['ideEvento', [['indRetif', '1'], ['perApur', per], ['tpAmb', ambiente], ['procEmi', '1'], ['verProc', VER_PROC]]];
  const ideContri: NoXml = ['ideContri', [['tpInsc', '1'], ['nrInsc', op.cnpj.slice(0, 8)]]];
  const nome = x.nome.slice(0, 70);
  if (e.tipo === 'R-4020') {
    const infoPgto = e.pagamentos.map((g): NoXml => {
      const rs = rets.filter((r) => r.pagamento_id === g.id);
      const retencoes = [...par('vlrBaseIR', 'vlrIR', rs, 'IRRF'), ...par('vlrBaseCSLL', 'vlrCSLL', rs, 'CSLL'), ...par('vlrBaseCofins', 'vlrCofins', rs, 'COFINS'), ...par('vlrBasePP', 'vlrPP', rs, 'PIS')];
      return ['infoPgto', [['dtFG', g.criado_em], ['vlrBruto', decimalVirgula(g.bruto)], retencoes.length ? ['retencoes', retencoes] : null]];
    });
    const ideBenef: NoXml = ['ideBenef', [['cnpjBenef', x.cnpj!], ['nmBenef', nome], ['idePgto', [['natRend', e.natureza], ...infoPgto]]]];
    return ['Reinf', [['evtRetPJ', [ideEvento, ideContri, ['ideEstab', [['tpInscEstab', '1'], ['nrInscEstab', op.cnpj], ideBenef]]], { id }]], { xmlns: REINF_NS.r4020 }];
  }
  const infoPgto = e.pagamentos.map((g): NoXml => {
    const rs = rets.filter((r) => r.pagamento_id === g.id);
    const ir = soma(rs, 'IRRF');
    return ['infoPgto', [['dtFG', g.criado_em], ['vlrRendBruto', decimalVirgula(g.bruto)], ['vlrRendTrib', decimalVirgula(g.bruto - soma(rs, 'INSS'))], ir > 0 ? ['vlrIR', decimalVirgula(ir)] : null]];
  });
  const ideBenef: NoXml = ['ideBenef', [['cpfBenef', x.cpf!], ['nmBenef', nome], ['idePgto', [['natRend', e.natureza], ...infoPgto]]]];
  return ['Reinf', [['evtRetPF', [ideEvento, ideContri, ['ideEstab', [['tpInscEstab', '1'], ['nrInscEstab', op.cnpj], ideBenef]]], { id }]], { xmlns: REINF_NS.r4010 }];
}

async function operadoraValida(ctx: AppContext) {
  const op = await operadora(ctx);
  if (!isValidDocument('cnpj', op.cnpj)) throw AppError.of(422, `O CNPJ da operadora (${op.cnpj || 'vazio'}) é inválido: corrija o cadastro da operadora antes de gerar a EFD-Reinf.`);
  return op;
}

async function previaReinf(ctx: AppContext, _s: unknown, p: ParamsReinf): Promise<Previa> {
  await operadoraValida(ctx);
  const per = periodo(p);
  const { eventos, recusas, esocial } = await coletar(ctx.db, per);
  const n4020 = eventos.filter((e) => e.tipo === 'R-4020').length;
  const mes = competenciaBr(`${per}-01`);
  const partes = [`${n4020} R-4020`, `${eventos.length - n4020} R-4010`];
  return {
    total: eventos.length + recusas.length,
    resumo: eventos.length + recusas.length + esocial === 0 ? `Nenhum pagamento a prestador consolidado em ${mes}.` : `${eventos.length} ${eventos.length === 1 ? 'evento' : 'eventos'} de ${mes} (${partes.join(', ')}); ${recusas.length} ${recusas.length === 1 ? 'recusado' : 'recusados'} na conferência; ${esocial} ${esocial === 1 ? 'profissional' : 'profissionais'} com RPA no eSocial.`,
    amostra: [...recusas.map((r) => `Recusado: ${r}`), ...eventos.map((e) => `${e.tipo} ${e.prestador.nome}: ${e.pagamentos.length} ${e.pagamentos.length === 1 ? 'pagamento' : 'pagamentos'}, natureza ${e.natureza}, bruto ${formatMoney(e.pagamentos.reduce((s, g) => s + g.bruto, 0))}`)].slice(0, 8),
  };
}

export const efdReinfExport = defineJobKind<ParamsReinf>({
  tipo: efdReinf.tipo,
  comandos: [efdReinf.comando],
  params: paramsSchema(efdReinf) as never,
  title: (_c, _m, p) => `EFD-Reinf de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaReinf as never,
  async run(job, p) {
    const op = await operadoraValida(job.ctx);
    const per = periodo(p);
    const { eventos } = await coletar(job.ctx.db, per, (m, n) => job.log(m, n));
    const agora = new Date();
    let seq = 0;
    let lotes = 0;
    for (let i = 0; i < eventos.length; i += REINF_EVENTOS_POR_LOTE) {
      await job.checkpoint();
      const parte = eventos.slice(i, i + REINF_EVENTOS_POR_LOTE);
      const rets = await retencoesDe(job.ctx.db, parte.flatMap((e) => e.pagamentos.map((g) => g.id)));
      const evs = parte.map((e): NoXml => {
        const id = idEvento(op.cnpj, agora, ++seq);
        return ['evento', [evento(e, rets, op, per, p.ambiente, id)], { Id: id }];
      });
      const raiz: NoXml = ['Reinf', [['envioLoteEventos', [['ideContribuinte', [['tpInsc', '1'], ['nrInsc', op.cnpj.slice(0, 8)]]], ['eventos', evs]]]], { xmlns: REINF_NS.lote }];
      const nome = `REINF_${per.replace('-', '')}_${String(++lotes).padStart(3, '0')}.xml`;
      await job.saveFile(nome, 'xml', documentoXml(raiz));
      await job.progress(Math.floor(((i + parte.length) / eventos.length) * 95), `${i + parte.length} de ${eventos.length} eventos`);
    }
    const n4020 = eventos.filter((e) => e.tipo === 'R-4020').length;
    if (!eventos.length) await job.log(`Nenhum evento a gerar em ${competenciaBr(`${per}-01`)}: nenhum arquivo.`, 'aviso');
    else await job.log(`${eventos.length} eventos em ${lotes} ${lotes === 1 ? 'lote' : 'lotes'}: ${n4020} R-4020 e ${eventos.length - n4020} R-4010 (ambiente ${p.ambiente === '1' ? 'produção' : 'produção restrita'}).`);
  },
});

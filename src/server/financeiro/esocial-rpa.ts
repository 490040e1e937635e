import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import type { Previa } from '../../shared/processos/define';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { CATEGORIA_AUTONOMO, ESOCIAL_NS, esocialRpa } from '../../shared/processos/receita-federal';
import { paramsSchema } from '../../shared/processos/schema';
import { isValidDocument } from '../../shared/validation/br';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { operadora } from './folha';
import { documentoXml, idEvento, type NoXml } from './xml';

/**
 * eSocial events of the autonomous professionals paid by RPA (leiaute S-1.3): the S-1200 of every RPA of the period
 * (its month), with the fee and the INSS, IRRF and ISS withheld as the operator's rubrics (S-1010) — so the eSocial
 * derives the IRRF per worker (S-5002) that replaced the DIRF — and the S-1210 of every RPA paid in the period (the day
 * its payment was consolidated), with the net. A professional without a valid CPF or a birth date (infoComplem: no
 * S-2300 registration) is refused and listed in the log. Amounts with a decimal point, as the eSocial writes them.
 */

export type ParamsEsocial = { competencia: string; ambiente: string; codLotacao: string; ideTabRubr: string; rubricaHonorarios: string; rubricaInss: string; rubricaIrrf: string; rubricaIss: string };
export const VER_PROC = 'PORTAL-OPERADORA-1.0';

interface Rpa {
  id: number;
  numero: string;
  competencia: string;
  cpf: string | null;
  nome: string;
  nascimento: string | null;
  bruto: number;
  inss: number;
  irrf: number;
  iss: number;
  liquido: number;
  pago_em: string | null;
}

const decimalPonto = (c: number) => {
  const s = String(c).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

const COLUNAS = sql`r.id, r.numero, r.competencia, pr.cpf, pr.nome, pr.data_nascimento::text as nascimento, r.valor_bruto_centavos::text as bruto, r.inss_centavos::text as inss,
  r.irrf_centavos::text as irrf, r.iss_centavos::text as iss, r.valor_liquido_centavos::text as liquido`;
const lerRpas = async (db: Db, onde: ReturnType<typeof sql>, pago = sql`null::text`) =>
  (await query<Record<string, unknown>>(db, sql`select ${COLUNAS}, ${pago} as pago_em from rpas r join prestadores pr on pr.id = r.prestador_id ${onde} order by r.numero`)).map(
    (r) => ({ ...(r as unknown as Rpa), bruto: Number(r.bruto), inss: Number(r.inss), irrf: Number(r.irrf), iss: Number(r.iss), liquido: Number(r.liquido) }),
  );

/** The period's RPAs (S-1200) and the RPAs paid in it (S-1210), the payment not reversed. */
async function coletar(db: Db, mes: string) {
  const remun = await lerRpas(db, sql`where r.competencia = ${mes}`);
  const pagos = await lerRpas(
    db,
    sql`join rpa_protocolos x on x.rpa_id = r.id join solicitacao_pagamento_protocolos sp on sp.protocolo_id = x.protocolo_id join solicitacoes_pagamento s on s.id = sp.solicitacao_id
        join pagamentos_prestadores g on g.id = s.pagamento_id
        where g.estornado_em is null and to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${mes}
        group by r.id, pr.cpf, pr.nome, pr.data_nascimento`,
    sql`min(to_char(g.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'))`,
  );
  const recusa = (r: Rpa, remuneracao: boolean) =>
    !r.cpf ? `RPA nº ${r.numero} (${r.nome}): profissional sem CPF.` : !isValidDocument('cpf', r.cpf) ? `RPA nº ${r.numero} (${r.nome}): CPF ${r.cpf} com dígitos verificadores inválidos.` : remuneracao && !r.nascimento ? `RPA nº ${r.numero} (${r.nome}): sem data de nascimento no cadastro do prestador (o S-1200 a pede em infoComplem).` : null;
  const recusas = [...remun.map((r) => recusa(r, true)), ...pagos.map((r) => recusa(r, false))].filter((x): x is string => x != null);
  return { remun: remun.filter((r) => !recusa(r, true)), pagos: pagos.filter((r) => !recusa(r, false)), recusas: [...new Set(recusas)] };
}

async function operadoraValida(ctx: AppContext) {
  const op = await operadora(ctx);
  if (!isValidDocument('cnpj', op.cnpj)) throw AppError.of(422, `O CNPJ da operadora (${op.cnpj || 'vazio'}) é inválido: corrija o cadastro da operadora antes de gerar o eSocial.`);
  return op;
}

function s1200(r: Rpa, p: ParamsEsocial, cnpj: string, mes: string, id: string): NoXml {
  const item = (codRubr: string, v: number): NoXml | null => (v > 0 ? ['itensRemun', [['codRubr', codRubr], ['ideTabRubr', p.ideTabRubr], ['vrRubr', decimalPonto(v)]]] : null);
  return [
    'eSocial',
    [
      [
        'evtRemun',
        [
          ['ideEvento', [['indRetif', '1'], ['indApuracao', '1'], ['perApur', mes], ['tpAmb', p.ambiente], ['procEmi', '1'], ['verProc', VER_PROC]]],
          ['ideEmpregador', [['tpInsc', '1'], ['nrInsc', cnpj.slice(0, 8)]]],
          ['ideTrabalhador', [['cpfTrab', r.cpf!], ['infoComplem', [['nmTrab', r.nome.slice(0, 70)], ['dtNascto', r.nascimento!]]]]],
          [
            'dmDev',
            [
              ['ideDmDev', r.numero],
              ['codCateg', CATEGORIA_AUTONOMO],
              ['infoPerApur', [['ideEstabLot', [['tpInsc', '1'], ['nrInsc', cnpj], ['codLotacao', p.codLotacao], ['remunPerApur', [item(p.rubricaHonorarios, r.bruto), item(p.rubricaInss, r.inss), item(p.rubricaIrrf, r.irrf), item(p.rubricaIss, r.iss)]]]]]],
            ],
          ],
        ],
        { Id: id },
      ],
    ],
    { xmlns: ESOCIAL_NS.s1200 },
  ];
}

function s1210(r: Rpa, p: ParamsEsocial, cnpj: string, mes: string, id: string): NoXml {
  return [
    'eSocial',
    [
      [
        'evtPgtos',
        [
          ['ideEvento', [['indRetif', '1'], ['perApur', mes], ['tpAmb', p.ambiente], ['procEmi', '1'], ['verProc', VER_PROC]]],
          ['ideEmpregador', [['tpInsc', '1'], ['nrInsc', cnpj.slice(0, 8)]]],
          ['ideBenef', [['cpfBenef', r.cpf!], ['infoPgto', [['dtPgto', r.pago_em!], ['tpPgto', '1'], ['perRef', r.competencia], ['ideDmDev', r.numero], ['vrLiq', decimalPonto(r.liquido)]]]]],
        ],
        { Id: id },
      ],
    ],
    { xmlns: ESOCIAL_NS.s1210 },
  ];
}

const mesDe = (p: ParamsEsocial) => competenciaIso(p.competencia)!.slice(0, 7);

async function previaEsocial(ctx: AppContext, _s: unknown, p: ParamsEsocial): Promise<Previa> {
  await operadoraValida(ctx);
  const mes = mesDe(p);
  const { remun, pagos, recusas } = await coletar(ctx.db, mes);
  return {
    total: remun.length + pagos.length + recusas.length,
    resumo: `${remun.length} S-1200 e ${pagos.length} S-1210 de ${competenciaBr(`${mes}-01`)}; ${recusas.length} ${recusas.length === 1 ? 'recusado' : 'recusados'} na conferência.`,
    amostra: [...recusas.map((r) => `Recusado: ${r}`), ...remun.map((r) => `S-1200 RPA nº ${r.numero} ${r.nome}: honorários ${formatMoney(r.bruto)}`), ...pagos.map((r) => `S-1210 RPA nº ${r.numero} ${r.nome}: líquido ${formatMoney(r.liquido)}`)].slice(0, 8),
  };
}

export const esocialRpaExport = defineJobKind<ParamsEsocial>({
  tipo: esocialRpa.tipo,
  comandos: [esocialRpa.comando],
  params: paramsSchema(esocialRpa) as never,
  title: (_c, _m, p) => `eSocial dos RPAs de ${p.competencia.slice(0, 2)}/${p.competencia.slice(2)}`,
  preview: previaEsocial as never,
  async run(job, p) {
    const op = await operadoraValida(job.ctx);
    const mes = mesDe(p);
    const { remun, pagos, recusas } = await coletar(job.ctx.db, mes);
    for (const r of recusas) await job.log(`Evento recusado: ${r}`, 'aviso');
    const agora = new Date();
    // the eSocial's event id carries the employer's CNPJ root completed with zeros
    const idBase = op.cnpj.slice(0, 8).padEnd(14, '0');
    let seq = 0;
    for (const r of remun) {
      await job.saveFile(`S1200_${mes.replace('-', '')}_${r.cpf}_${r.numero}.xml`, 'xml', documentoXml(s1200(r, p, op.cnpj, mes, idEvento(idBase, agora, ++seq))));
      await job.checkpoint();
    }
    for (const r of pagos) {
      await job.saveFile(`S1210_${mes.replace('-', '')}_${r.cpf}_${r.numero}.xml`, 'xml', documentoXml(s1210(r, p, op.cnpj, mes, idEvento(idBase, agora, ++seq))));
      await job.checkpoint();
    }
    await job.log(`${remun.length} S-1200 (honorários ${formatMoney(remun.reduce((s, r) => s + r.bruto, 0))}) e ${pagos.length} S-1210 (líquido ${formatMoney(pagos.reduce((s, r) => s + r.liquido, 0))}).`);
  },
});

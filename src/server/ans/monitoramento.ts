import { sql } from 'drizzle-orm';
import { competenciaBr, competenciaIso } from '../../shared/processos/folha';
import { MAX_GUIAS_MONITORAMENTO, monitoramentoTiss } from '../../shared/processos/ans';
import { paramsSchema } from '../../shared/processos/schema';
import type { Previa } from '../../shared/processos/define';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { escreverMensagem, type No } from '../tiss/escrita';
import { hashInformado } from '../tiss/hash';
import { assinatura, decimal, exigirValido, mesSql, n, qtd, registrarRemessa, registroAns, ultimosEnvios, type RegistroEnviado } from './remessas';

/**
 * Monitoramento TISS (DOMAIN.md §1.9; schema tissMonitoramentoV1_01_00.xsd, RN 305/2012 and the ANS's Monitoramento
 * TISS instructions): every month the operator sends the ANS one guiaMonitoramento per guide it processed — here the
 * billed guides whose review was closed in the competência (the day the values were released is the processing
 * date) and the reimbursements released in it (origemEventoAtencao 4). A guide already sent in another competência
 * goes again only if what is reported changed (tipoRegistro 2, alteração); unchanged, it is not repeated.
 */

type Params = { competencia: string; versao: string };

const PAGINA = 500;
const TIPO_EVENTO: Record<string, string> = { CONSULTA: '1', 'SP-SADT': '2', RESUMO_INTERNACAO: '3', ODONTO: '4', HONORARIOS: '5' };
const TABELAS = new Set(['18', '19', '20', '22', '63', '90', '98', '00']);
/** ANS instruction: a provider without CNES is informed with 9999999. */
const SEM_CNES = '9999999';
/** The guide-number fields of a reimbursement, and the reimbursement field of a guide, are filled with zeros. */
const ZEROS = '0'.repeat(20);

interface Guia {
  chave: string;
  rotulo: string;
  no: No;
}

interface Contagem {
  guias: number;
  reembolsos: number;
}

async function contar(db: Db, mesIso: string): Promise<Contagem> {
  const m = mesSql(mesIso);
  const [{ guias }] = await query<{ guias: number }>(
    db,
    sql`select count(*)::int as guias from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id where p.analise_encerrada_em >= ${m.inicio} and p.analise_encerrada_em < ${m.fim}`,
  );
  const [{ reembolsos }] = await query<{ reembolsos: number }>(db, sql`select count(*)::int as reembolsos from reembolsos r where r.status = 'LIBERADO' and ${liberadoNoMes(m)}`);
  return { guias, reembolsos };
}

const liberadoEm = sql`(select max(h.em) from reembolso_historico h where h.reembolso_id = r.id and h.para = 'LIBERADO')`;
const liberadoNoMes = (m: ReturnType<typeof mesSql>) => sql`${liberadoEm} >= ${m.inicio} and ${liberadoEm} < ${m.fim}`;
const dia = (col: ReturnType<typeof sql>) => sql`to_char(${col} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

interface Pendencia {
  rotulo: string;
  motivo: string;
}

function beneficiarioNo(b: { cns: string | null; sexo: string | null; nascimento: string | null; cidade: number | null; plano: string | null }): No | string {
  if (b.sexo == null || b.nascimento == null) return 'beneficiário não identificado pela carteirinha';
  if (b.cidade == null) return 'beneficiário sem município de residência no cadastro';
  if (!b.plano) return 'plano do beneficiário sem registro na ANS';
  return [
    'dadosBeneficiario',
    [
      ['identBeneficiario', [b.cns ? ['numeroCartaoNacionalSaude', b.cns] : null, ['sexo', b.sexo], ['dataNascimento', b.nascimento], ['municipioResidencia', String(b.cidade)]]],
      ['numeroRegistroPlano', b.plano],
    ],
  ];
}

async function guiasDaPagina(db: Db, mesIso: string, depois: number, pend: Pendencia[]): Promise<{ guias: Guia[]; ultimo: number }> {
  const m = mesSql(mesIso);
  const gs = await query<{
    id: number; numeroPrestador: string; numeroOperadora: string | null; autorizacao: string | null; atendimento: string; informado: number; liberado: number | null; glosa: number;
    tipoGuia: string; origem: string; protocolo: string; processamento: string; cnes: string | null; tipoPessoa: string | null; cpf: string | null; cnpj: string | null; cidadePrestador: number | null;
    cns: string | null; sexo: string | null; nascimento: string | null; cidade: number | null; plano: string | null;
  }>(
    db,
    sql`select g.id, g.numero_guia_prestador as "numeroPrestador", g.numero_guia_operadora as "numeroOperadora", g.data_autorizacao::text as autorizacao, g.data_atendimento::text as atendimento,
          g.valor_informado_centavos::int8 as informado, g.valor_liberado_centavos::int8 as liberado, g.valor_glosa_centavos::int8 as glosa, p.tipo_guia as "tipoGuia", p.origem,
          ${dia(sql`p.recebido_em`)} as protocolo, ${dia(sql`p.analise_encerrada_em`)} as processamento,
          pr.cnes, pr.tipo_pessoa as "tipoPessoa", pr.cpf, pr.cnpj, pr.cidade as "cidadePrestador",
          b.cns, b.sexo, b.data_nascimento::text as nascimento, b.cidade, prod.registro_ans as plano
        from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id join prestadores pr on pr.id = p.prestador_id
          left join beneficiarios b on b.id = g.beneficiario_id left join produtos prod on prod.id = b.produto
        where p.analise_encerrada_em >= ${m.inicio} and p.analise_encerrada_em < ${m.fim} and g.id > ${depois}
        order by g.id limit ${PAGINA}`,
  );
  if (!gs.length) return { guias: [], ultimo: depois };
  const itens = await query<{ guia: number; tabela: string; codigo: string; quantidade: number; informado: number; liberado: number | null }>(
    db,
    sql`select guia_id as guia, codigo_tabela as tabela, codigo_procedimento as codigo, quantidade, valor_informado_centavos::int8 as informado, valor_liberado_centavos::int8 as liberado
        from itens_faturados where guia_id in (${sql.join(gs.map((g) => sql`${g.id}`), sql`, `)}) order by guia_id, sequencial`,
  );
  const porGuia = new Map<number, typeof itens>();
  for (const it of itens) porGuia.set(it.guia, [...(porGuia.get(it.guia) ?? []), it]);
  const guias: Guia[] = [];
  for (const g of gs) {
    const rotulo = `guia ${g.numeroPrestador}`;
    const ben = beneficiarioNo(g);
    if (typeof ben === 'string') {
      pend.push({ rotulo, motivo: ben });
      continue;
    }
    const doc = g.tipoPessoa === 'J' ? g.cnpj : g.cpf;
    if (!doc || g.cidadePrestador == null) {
      pend.push({ rotulo, motivo: doc ? 'prestador sem município no cadastro' : 'prestador sem CPF/CNPJ no cadastro' });
      continue;
    }
    const its = (porGuia.get(g.id) ?? []).map((it) => ({ ...it, informado: Number(it.informado), liberado: Number(it.liberado ?? 0), tabela: TABELAS.has(it.tabela) ? it.tabela : '00' }));
    if (!its.length) {
      pend.push({ rotulo, motivo: 'guia sem itens' });
      continue;
    }
    // paid value per class of the TUSS table: 18 fees and daily rates, 19 materials, 20 drugs, 22 procedures
    const pagoNa = (t: string) => its.filter((i) => i.tabela === t).reduce((s, i) => s + i.liberado, 0);
    const liberado = Number(g.liberado ?? 0);
    const no: No = [
      'guiaMonitoramento',
      [
        ['tipoRegistro', '1'],
        // dm_versaoPrestador of the 1.01.00 schema stops at 03.04.01: the 4.x versions providers send have no code, so it is left out
        ['formaEnvio', g.origem === 'PORTAL' ? '1' : '2'],
        ['dadosContratadoExecutante', [['CNES', g.cnes || SEM_CNES], ['identificadorExecutante', g.tipoPessoa === 'J' ? '1' : '2'], ['codigoCNPJ_CPF', doc], ['municipioExecutante', String(g.cidadePrestador)]]],
        ben,
        ['tipoEventoAtencao', TIPO_EVENTO[g.tipoGuia] ?? '2'],
        ['origemEventoAtencao', '1'],
        ['numeroGuia_prestador', g.numeroPrestador],
        ['numeroGuia_operadora', g.numeroOperadora || g.numeroPrestador],
        ['identificacaoReembolso', ZEROS],
        g.autorizacao ? ['dataAutorizacao', g.autorizacao] : null,
        ['dataRealizacao', g.atendimento],
        ['dataProtocoloCobranca', g.protocolo],
        ['dataProcessamentoGuia', g.processamento],
        [
          'valoresGuia',
          [
            ['valorTotalInformado', decimal(Number(g.informado))],
            ['valorProcessado', decimal(Number(g.informado))],
            ['valorTotalPagoProcedimentos', decimal(pagoNa('22'))],
            ['valorTotalDiarias', decimal(0)],
            ['valorTotalTaxas', decimal(pagoNa('18'))],
            ['valorTotalMateriais', decimal(pagoNa('19'))],
            ['valorTotalOPME', decimal(0)],
            ['valorTotalMedicamentos', decimal(pagoNa('20'))],
            ['valorGlosaGuia', decimal(Number(g.glosa))],
            ['valorPagoGuia', decimal(liberado)],
            ['valorPagoFornecedores', decimal(0)],
            ['valorTotalTabelaPropria', decimal(pagoNa('00'))],
            // the coparticipation is charged in the family's monthly bill on authorized events, not per billed guide
            ['valorTotalCoParticipacao', decimal(0)],
          ],
        ],
        ...its.map(
          (it): No => [
            'procedimentos',
            [
              ['identProcedimento', [['codigoTabela', it.tabela], ['Procedimento', [['codigoProcedimento', it.codigo]]]]],
              ['quantidadeInformada', it.quantidade],
              ['valorInformado', decimal(it.informado)],
              ['quantidadePaga', it.liberado > 0 ? it.quantidade : 0],
              ['valorPagoProc', decimal(it.liberado)],
              ['valorPagoFornecedor', decimal(0)],
              ['valorCoParticipacao', decimal(0)],
            ],
          ],
        ),
      ],
    ];
    guias.push({ chave: `g:${g.id}`, rotulo, no });
  }
  return { guias, ultimo: gs[gs.length - 1].id };
}

async function reembolsos(db: Db, mesIso: string, pend: Pendencia[]): Promise<Guia[]> {
  const m = mesSql(mesIso);
  const rs = await query<{
    id: number; protocolo: string; documento: string; atendimento: string; pedido: string; liberacao: string; pago: number; liberado: number | null; quantidade: number; codigo: string;
    cns: string | null; sexo: string | null; nascimento: string | null; cidade: number | null; plano: string | null; cnes: string | null; cidadeRede: number | null;
  }>(
    db,
    sql`select r.id, r.protocolo, r.profissional_documento as documento, r.data_atendimento::text as atendimento, ${dia(sql`r.criado_em`)} as pedido, ${dia(liberadoEm)} as liberacao,
          r.valor_pago_centavos::int8 as pago, r.valor_liberado_centavos::int8 as liberado, r.quantidade, pc.codigo,
          b.cns, b.sexo, b.data_nascimento::text as nascimento, b.cidade, prod.registro_ans as plano, rede.cnes, rede.cidade as "cidadeRede"
        from reembolsos r join procedimentos pc on pc.id = r.procedimento_id join beneficiarios b on b.id = r.beneficiario_id
          left join produtos prod on prod.id = coalesce(r.produto_id, b.produto) left join prestadores rede on rede.id = r.rede_prestador_id
        where r.status = 'LIBERADO' and ${liberadoNoMes(m)} order by r.id`,
  );
  const out: Guia[] = [];
  for (const r of rs) {
    const rotulo = `reembolso ${r.protocolo}`;
    const ben = beneficiarioNo(r);
    if (typeof ben === 'string') {
      pend.push({ rotulo, motivo: ben });
      continue;
    }
    const pago = Number(r.pago);
    const liberado = Number(r.liberado ?? 0);
    // the receipt does not say where the care happened: the network provider's city when the professional is one,
    // else the beneficiary's own (the reimbursement is asked where they live)
    const municipio = String(r.cidadeRede ?? r.cidade);
    const no: No = [
      'guiaMonitoramento',
      [
        ['tipoRegistro', '1'],
        // a receipt brought by the beneficiary, not a guide a provider sent
        ['formaEnvio', '4'],
        ['dadosContratadoExecutante', [['CNES', r.cnes || SEM_CNES], ['identificadorExecutante', r.documento.length === 14 ? '1' : '2'], ['codigoCNPJ_CPF', r.documento], ['municipioExecutante', municipio]]],
        ben,
        ['tipoEventoAtencao', r.codigo.startsWith('101010') ? '1' : '2'],
        ['origemEventoAtencao', '4'],
        ['numeroGuia_prestador', ZEROS],
        ['numeroGuia_operadora', ZEROS],
        ['identificacaoReembolso', r.protocolo],
        ['dataRealizacao', r.atendimento],
        ['dataProtocoloCobranca', r.pedido],
        ['dataProcessamentoGuia', r.liberacao],
        [
          'valoresGuia',
          [
            ['valorTotalInformado', decimal(pago)],
            ['valorProcessado', decimal(pago)],
            ['valorTotalPagoProcedimentos', decimal(liberado)],
            ['valorTotalDiarias', decimal(0)],
            ['valorTotalTaxas', decimal(0)],
            ['valorTotalMateriais', decimal(0)],
            ['valorTotalOPME', decimal(0)],
            ['valorTotalMedicamentos', decimal(0)],
            ['valorGlosaGuia', decimal(Math.max(0, pago - liberado))],
            ['valorPagoGuia', decimal(liberado)],
            ['valorPagoFornecedores', decimal(0)],
            ['valorTotalTabelaPropria', decimal(0)],
            ['valorTotalCoParticipacao', decimal(0)],
          ],
        ],
        [
          'procedimentos',
          [
            ['identProcedimento', [['codigoTabela', '22'], ['Procedimento', [['codigoProcedimento', r.codigo]]]]],
            ['quantidadeInformada', r.quantidade],
            ['valorInformado', decimal(pago)],
            ['quantidadePaga', liberado > 0 ? r.quantidade : 0],
            ['valorPagoProc', decimal(liberado)],
            ['valorPagoFornecedor', decimal(0)],
            ['valorCoParticipacao', decimal(0)],
          ],
        ],
      ],
    ];
    out.push({ chave: `r:${r.id}`, rotulo, no });
  }
  return out;
}

/** The cabeçalho of a file: lot number = competência and the file's sequence in it. */
export function cabecalhoMonitoramento(registro: string, mesIso: string, seq: number, versao: string, agora: Date): No {
  const aaaamm = mesIso.slice(0, 7).replace('-', '');
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' }).format(agora);
  return [
    'cabecalho',
    [
      ['identificacaoTransacao', [['tipoTransacao', 'MONITORAMENTO'], ['numeroLote', `${aaaamm}${String(seq).padStart(4, '0')}`], ['competenciaLote', aaaamm], ['dataRegistroTransacao', local.slice(0, 10)], ['horaRegistroTransacao', local.slice(11, 19)]]],
      ['registroANS', registro],
      ['versaoPadrao', versao],
    ],
  ];
}

/** The files of a competência: the guides in chunks of at most `limite` (the schema's maxOccurs), or one "sem movimento". */
export function arquivosMonitoramento(registro: string, mesIso: string, versao: string, guias: readonly No[], agora: Date, limite = MAX_GUIAS_MONITORAMENTO): Buffer[] {
  const partes: (readonly No[])[] = [];
  for (let i = 0; i < guias.length; i += limite) partes.push(guias.slice(i, i + limite));
  if (!partes.length) partes.push([]);
  return partes.map((parte, i) =>
    escreverMensagem(
      [cabecalhoMonitoramento(registro, mesIso, i + 1, versao, agora), ['Mensagem', [['operadoraParaANS', parte.length ? parte : [['semMovimentoInclusao', '5016']]]]]],
      'mensagemEnvioANS',
    ),
  );
}

const mesDe = (p: Params) => {
  const mes = competenciaIso(p.competencia);
  if (!mes) throw AppError.of(400, 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.', { field: 'competencia' });
  return mes;
};

async function previa(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const mes = mesDe(p);
  const c = await contar(ctx.db, mes);
  const total = c.guias + c.reembolsos;
  return {
    total: 0,
    resumo:
      total === 0
        ? `Nenhuma guia processada nem reembolso liberado em ${competenciaBr(mes)}: o arquivo sai "sem movimento" (5016).`
        : `${qtd(c.guias, 'guia processada', 'guias processadas')} e ${qtd(c.reembolsos, 'reembolso liberado', 'reembolsos liberados')} em ${competenciaBr(mes)} entram no Monitoramento TISS${total > MAX_GUIAS_MONITORAMENTO ? `, em ${Math.ceil(total / MAX_GUIAS_MONITORAMENTO)} arquivos` : ''}.`,
    amostra: [],
  };
}

export const monitoramentoTissExport = defineJobKind<Params>({
  tipo: monitoramentoTiss.tipo,
  comandos: [monitoramentoTiss.comando],
  params: paramsSchema(monitoramentoTiss) as never,
  title: (_ctx, _c, p) => `Monitoramento TISS ${String(p.competencia).replace(/^(\d{2})(\d{4})$/, '$1/$2')}`,
  preview: previa,
  async run(job, p) {
    const { db } = job.ctx;
    const mes = mesDe(p);
    const registro = await registroAns(job.ctx);
    const c = await contar(db, mes);
    await job.log(`${n(c.guias)} guias com análise encerrada e ${n(c.reembolsos)} reembolsos liberados em ${competenciaBr(mes)}.`);
    const pend: Pendencia[] = [];
    const todas: Guia[] = [];
    for (let depois = 0; ; ) {
      await job.checkpoint();
      const pg = await guiasDaPagina(db, mes, depois, pend);
      if (pg.ultimo === depois) break;
      depois = pg.ultimo;
      todas.push(...pg.guias);
      await job.progress(Math.min(80, Math.round((todas.length / Math.max(1, c.guias)) * 80)), 'Lendo as guias');
    }
    todas.push(...(await reembolsos(db, mes, pend)));
    // what was sent in another competência goes again only when it changed (alteração); the same competência is re-sent whole
    const enviadas: { guia: Guia; registro: RegistroEnviado }[] = [];
    let iguais = 0;
    for (let i = 0; i < todas.length; i += 1000) {
      const bloco = todas.slice(i, i + 1000);
      const antes = await ultimosEnvios(db, 'MONITORAMENTO', bloco.map((g) => g.chave), mes.slice(0, 7));
      for (const g of bloco) {
        const filhos = g.no[1] as readonly No[];
        const a = assinatura(filhos.slice(1));
        const anterior = antes.get(g.chave);
        if (anterior?.assinatura === a) {
          iguais++;
          continue;
        }
        const mov = anterior ? '2' : '1';
        const no: No = [g.no[0], [['tipoRegistro', mov], ...filhos.slice(1)]];
        enviadas.push({ guia: { ...g, no }, registro: { chave: g.chave, movimento: mov, assinatura: a } });
      }
    }
    if (iguais) await job.log(`${n(iguais)} guias já enviadas em outra competência, sem mudança, não se repetem.`);
    if (pend.length) {
      await job.log(`${n(pend.length)} guias ficaram fora do arquivo por falta de dados que a ANS exige:`, 'aviso');
      for (const x of pend.slice(0, 50)) await job.log(`${x.rotulo}: ${x.motivo}.`, 'aviso');
      if (pend.length > 50) await job.log(`e mais ${n(pend.length - 50)}.`, 'aviso');
    }
    await job.progress(85, 'Escrevendo e validando o arquivo');
    const arquivos = arquivosMonitoramento(registro, mes, p.versao, enviadas.map((e) => e.guia.no), new Date());
    const aaaamm = mes.slice(0, 7).replace('-', '');
    for (let i = 0; i < arquivos.length; i++) {
      const bytes = arquivos[i];
      const nome = `MONITORAMENTO_${registro}_${aaaamm}_${String(i + 1).padStart(2, '0')}.xml`;
      exigirValido(bytes, 'monitoramento-1.01.00', nome);
      const registros = enviadas.slice(i * MAX_GUIAS_MONITORAMENTO, (i + 1) * MAX_GUIAS_MONITORAMENTO).map((e) => e.registro);
      const hash = hashInformado(bytes.toString('latin1')) ?? '';
      await registrarRemessa(job, { tipo: 'MONITORAMENTO', competencia: mes.slice(0, 7), nome, kind: 'xml', bytes, hash, registros });
      await job.log(`Arquivo ${nome}: ${registros.length ? `${n(registros.length)} guias` : 'sem movimento (5016)'}, validado pelo XSD do Monitoramento TISS 1.01.00, hash ${hash}.`);
    }
  },
});

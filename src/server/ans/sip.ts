import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import { sip, trimestreIso } from '../../shared/processos/ans';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import { CONTRATACOES, periodoDoTrimestre, trimestreBr, type QuadroSip } from '../../shared/sip/analise';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { quadroSip } from '../sip/analise';
import { encodeLatin1 } from '../tiss/latin1';
import { textoMensagem, type No } from '../tiss/escrita';
import { carimbo } from './sib';
import { decimal, n, registrarRemessa, registroAns } from './remessas';

/**
 * SIP (RN 545/2022; DOMAIN.md §3b, §7): the quarter's assistance events and expenses per type of contract, UF and
 * SIP item, from the same figures the Análise do SIP shows (src/server/sip/analise.ts: bills by attendance date,
 * the item from the guide type and TUSS code, the expense the review released, the records its rules keep out).
 * Only billed events go in the file (authorized requests not yet billed are not an expense). The schema is not
 * public: the structure is ESTRUTURA_SIP, shown on the screen. Unlike TISS, the SIP's hash is over every character
 * of the file (gov.br/ans), computed with the hash element empty.
 */

type Params = { trimestre: string };

export const SIP_NS = 'http://www.ans.gov.br/padroes/sip/schemas';
const CNPJ_ANS = '03589068000146';
const CODIGO_CONTRATACAO: Record<string, string> = { INDIVIDUAL: '1', EMPRESARIAL: '2', ADESAO: '3' };

const trimestreDe = (p: Params) => {
  const t = trimestreIso(p.trimestre);
  if (!t) throw AppError.of(400, 'Trimestre inválido: informe o trimestre (1 a 4) e o ano, como T/AAAA.', { field: 'trimestre' });
  return t;
};

export function contratacaoNo(contratacao: string, q: QuadroSip): No | null {
  const expostos = q.foraCarencia.find((x) => x.contratacao === contratacao)?.beneficiarios ?? 0;
  const linhas = q.linhas.filter((l) => l.eventosFaturados > 0);
  if (!linhas.length && !expostos) return null;
  const ufs = [...new Set(linhas.map((l) => l.uf))].sort();
  return [
    'contratacao',
    [
      ['tipoContratacao', CODIGO_CONTRATACAO[contratacao]],
      ['beneficiariosExpostos', expostos],
      ...ufs.map(
        (uf): No => [
          'uf',
          [['sigla', uf], ...linhas.filter((l) => l.uf === uf).map((l): No => ['item', [['codigo', l.item], ['eventos', l.eventosFaturados], ['despesa', decimal(l.despesa)]]])],
        ],
      ),
    ],
  ];
}

/** The file: the hash element written empty, MD5 over all its ISO-8859-1 bytes, then put in place. */
export function arquivoSip(registro: string, trimestre: string, sequencial: number, contratacoes: readonly No[], agora: Date): { bytes: Buffer; hash: string } {
  const c = carimbo(agora);
  const filhos: No[] = [
    [
      'cabecalho',
      [
        ['identificacaoTransacao', [['tipoTransacao', 'ENVIO SIP'], ['sequencialTransacao', sequencial], ['dataHoraRegistroTransacao', c.iso]]],
        ['origem', [['registroANS', registro]]],
        ['destino', [['cnpj', CNPJ_ANS]]],
        ['trimestre', trimestre],
        ['dataBase', periodoDoTrimestre(trimestre)!.fim],
      ],
    ],
    ['mensagem', [['operadoraParaANS', [['sip', contratacoes]]]]],
  ];
  const semHash = textoMensagem(filhos, '', 'mensagemSIP', SIP_NS);
  const hash = createHash('md5').update(encodeLatin1(semHash)).digest('hex');
  return { bytes: encodeLatin1(textoMensagem(filhos, hash, 'mensagemSIP', SIP_NS)), hash };
}

async function quadros(ctx: AppContext, trimestre: string) {
  const out: { contratacao: string; q: QuadroSip }[] = [];
  for (const [k] of CONTRATACOES) out.push({ contratacao: k, q: await quadroSip(ctx.db, trimestre, k) });
  return out;
}

async function previa(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const t = trimestreDe(p);
  const per = periodoDoTrimestre(t)!;
  const [{ guias }] = await query<{ guias: number }>(ctx.db, sql`select count(*)::int as guias from guias_faturadas g where g.data_atendimento between ${per.inicio}::date and ${per.fim}::date`);
  return { total: 0, resumo: `${n(guias)} contas com atendimento no ${trimestreBr(t)} são lidas para o SIP (as regras da Análise do SIP deixam de fora as que não podem ser informadas).`, amostra: [] };
}

export const sipExport = defineJobKind<Params>({
  tipo: sip.tipo,
  comandos: [sip.comando],
  params: paramsSchema(sip) as never,
  title: (_ctx, _c, p) => `SIP ${String(p.trimestre).replace(/^(\d)(\d{4})$/, '$1/$2')}`,
  preview: previa,
  async run(job, p) {
    const t = trimestreDe(p);
    const registro = await registroAns(job.ctx);
    await job.progress(10, 'Somando eventos e despesas');
    const qs = await quadros(job.ctx, t);
    const [geral] = qs;
    for (const r of geral.q.regras) if (r.total) await job.log(`${n(r.total)} registros do trimestre ficaram fora: ${r.regra.replace(/-/g, ' ')}.`, 'aviso');
    const nos = qs.map((x) => contratacaoNo(x.contratacao, x.q)).filter((x): x is No => x != null);
    const agora = new Date();
    const [{ seq }] = await query<{ seq: number }>(job.ctx.db, sql`select count(*)::int + 1 as seq from remessas_ans where tipo = 'SIP'`);
    const { bytes, hash } = arquivoSip(registro, t, seq, nos, agora);
    const fim = periodoDoTrimestre(t)!.fim;
    const nome = `${registro}_${fim.slice(8, 10)}${fim.slice(5, 7)}${fim.slice(0, 4)}_${carimbo(agora).compacto}.xsip`;
    const registros = qs.flatMap((x) => x.q.linhas.filter((l) => l.eventosFaturados > 0).map((l) => ({ chave: `${x.contratacao}:${l.uf}:${l.item}`.slice(0, 40), movimento: 'ENVIO', assinatura: createHash('md5').update(`${l.eventosFaturados}:${l.despesa}`).digest('hex') })));
    await registrarRemessa(job, { tipo: 'SIP', competencia: t, nome, kind: 'xsip', bytes, hash, registros });
    const eventos = qs.reduce((s, x) => s + x.q.linhas.reduce((a, l) => a + l.eventosFaturados, 0), 0);
    const despesa = qs.reduce((s, x) => s + x.q.linhas.reduce((a, l) => a + l.despesa, 0), 0);
    await job.log(`Arquivo ${nome}: ${n(registros.length)} linhas (tipo de contratação × UF × item), ${n(eventos)} eventos, despesa de ${formatMoney(despesa)}; hash ${hash}.`);
  },
});

import { sql } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { toDecimalString } from '../../shared/money';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { operadoraPropria } from '../pessoas/cadastro';
import { escreverMensagem, type No } from '../tiss/escrita';

/**
 * The operator's answer to an appeal as a TISS 4.03.00 message (RESPOSTA_RECURSO_GLOSA, respostaRecursoGlosa /
 * reciboGlosa): per appealed item its answer (respostaGuiaItens) with the value accepted and the operator's reason,
 * and the appeal's totals. Written with the product's writer (ISO-8859-1, epílogo hash); the tests validate it
 * against the ANS schema.
 */
export async function respostaRecursoXml(ctx: AppContext, recursoId: number, agora = new Date()): Promise<Buffer> {
  const [r] = await query<{ numero: string; numero_guia_recurso: string; protocolo: string; numero_lote: string; codigo: string | null; cnpj: string | null; cpf: string | null; criado_em: string; recursado: string; acatado: string }>(
    ctx.db,
    sql`select r.numero, r.numero_guia_recurso, p.numero as protocolo, p.numero_lote, pr.codigo, pr.cnpj, pr.cpf,
          to_char(r.criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as criado_em, r.valor_recursado_centavos::text as recursado, r.valor_acatado_centavos::text as acatado
        from recursos_glosa r join protocolos_recebimento p on p.id = r.protocolo_id join prestadores pr on pr.id = r.prestador_id where r.id = ${recursoId}`,
  );
  const itens = await query<{ guia: string; guia_operadora: string | null; senha: string | null; data: string; sequencial: number; codigo_tabela: string; codigo_procedimento: string; descricao: string; codigo_glosa: string; recursado: string; justificativa: string; acatado: string | null; justificativa_operadora: string | null }>(
    ctx.db,
    sql`select g.numero_guia_prestador as guia, g.numero_guia_operadora as guia_operadora, g.senha, i.data::text as data, i.sequencial, i.codigo_tabela, i.codigo_procedimento,
          coalesce(i.descricao, pr.descricao) as descricao, ri.codigo_glosa, ri.valor_recursado_centavos::text as recursado, ri.justificativa,
          ri.valor_acatado_centavos::text as acatado, ri.justificativa_operadora
        from recursos_glosa_itens ri join itens_faturados i on i.id = ri.item_id join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id
        where ri.recurso_id = ${recursoId} order by g.ordem, i.sequencial`,
  );
  const op = await operadoraPropria(ctx.db);
  const ans = op?.registroAns ?? '000000';
  const destino: No = r.codigo ? ['codigoPrestadorNaOperadora', r.codigo] : r.cnpj ? ['CNPJ', r.cnpj] : ['CPF', r.cpf ?? ''];
  const dec = (v: string | null) => toDecimalString(Number(v ?? 0));
  const hora = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(agora);
  const filhos: No[] = [
    [
      'cabecalho',
      [
        ['identificacaoTransacao', [['tipoTransacao', 'RESPOSTA_RECURSO_GLOSA'], ['sequencialTransacao', r.numero], ['dataRegistroTransacao', todayIso(agora)], ['horaRegistroTransacao', hora]]],
        ['origem', [['registroANS', ans]]],
        ['destino', [['identificacaoPrestador', [destino]]]],
        ['Padrao', '4.03.00'],
      ],
    ],
    [
      'operadoraParaPrestador',
      [
        [
          'respostaRecursoGlosa',
          [
            [
              'reciboGlosa',
              [
                ['registroANS', ans],
                ['numeroGuiaRecGlosaPrestador', r.numero_guia_recurso],
                ['numeroGuiaRecGlosaOperadora', r.numero],
                ['nomeOperadora', (op?.nome ?? op?.razao ?? 'Operadora').slice(0, 70)],
                ['objetoRecurso', '2'],
                ['codigoPrestador', (r.codigo ?? r.cnpj ?? r.cpf ?? '').slice(0, 14)],
                // st_numerico12: a provider's lot "number" that is not one is answered with the protocol's own number
                ['numeroLote', /^\d{1,12}$/.test(r.numero_lote) ? r.numero_lote : r.protocolo],
                ['numeroProtocolo', r.protocolo],
                [
                  'opcaoRecurso',
                  itens.map(
                    (i): No => [
                      'recursoGuia',
                      [
                        [
                          'respostaGuiaItens',
                          [
                            ['numeroGuiaPrestador', i.guia],
                            i.guia_operadora ? ['numeroGuiaOperadora', i.guia_operadora] : null,
                            i.senha ? ['senha', i.senha] : null,
                            ['dataRealizacao', i.data],
                            ['sequencialItem', i.sequencial],
                            ['procRecurso', [['codigoTabela', i.codigo_tabela], ['codigoProcedimento', i.codigo_procedimento], ['descricaoProcedimento', i.descricao.slice(0, 150)]]],
                            ['codGlosa', i.codigo_glosa],
                            ['valorRecursado', dec(i.recursado)],
                            ['justificativaPrestador', i.justificativa],
                            ['valorAcatadado', dec(i.acatado)],
                            i.justificativa_operadora ? ['justificativaOperadora', i.justificativa_operadora] : null,
                          ],
                        ],
                      ],
                    ],
                  ),
                ],
                ['dataRecurso', r.criado_em],
                ['valorTotalRecursado', dec(r.recursado)],
                ['valorTotalAcatado', dec(r.acatado)],
              ],
            ],
          ],
        ],
      ],
    ],
  ];
  return escreverMensagem(filhos);
}

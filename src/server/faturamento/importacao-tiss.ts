import { sql } from 'drizzle-orm';
import { importacaoFaturamentoTiss } from '../../shared/processos/faturamento';
import { paramsSchema } from '../../shared/processos/schema';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { comprovanteRecebimento } from './comprovante';
import { conferirLote, gravarLote, LoteRepetido, resumoLote } from './recebimento';

type Params = { arquivo: number };

/** The refusal as the run ends with it: the first reason (the log lists them all). */
const MSG_RECUSADO = (n: number, primeiro: string) => (n > 1 ? `Lote recusado (${n} problemas; o primeiro: ${primeiro})` : `Lote recusado: ${primeiro}`);

/**
 * Importação de Faturamento TISS: the provider's lot file (sent through the durable files) is checked whole, then
 * stored with its protocol number; the receipt PDF is the run's file.
 */
export const importacaoFaturamentoTissKind = defineJobKind<Params>({
  tipo: importacaoFaturamentoTiss.tipo,
  comandos: [importacaoFaturamentoTiss.comando],
  params: paramsSchema(importacaoFaturamentoTiss) as never,
  title: () => 'Importação de lote TISS',
  async preview(ctx, session, p) {
    const arq = await lerEntrada(ctx, session, importacaoFaturamentoTiss.comando, p);
    const c = await conferirLote(ctx, session, arq.conteudo);
    if (!c.ok) return { total: c.erros.length, resumo: MSG_RECUSADO(c.erros.length, c.erros[0]), amostra: c.erros.slice(0, 20) };
    return { total: c.lote.lote.guias.length, resumo: resumoLote(c.lote), amostra: c.lote.lote.guias.slice(0, 20).map((g) => `Guia ${g.numeroGuiaPrestador}: carteira ${g.numeroCarteira}, ${g.itens.length} ${g.itens.length === 1 ? 'item' : 'itens'}`) };
  },
  async run(job, p) {
    await job.progress(5, 'Lendo o arquivo');
    const arq = await lerEntrada(job.ctx, job.session, importacaoFaturamentoTiss.comando, p);
    await job.progress(15, 'Conferindo esquema, hash, prestador e procedimentos');
    const c = await conferirLote(job.ctx, job.session, arq.conteudo);
    if (!c.ok) {
      for (const e of c.erros) await job.log(e, 'erro');
      throw AppError.of(422, MSG_RECUSADO(c.erros.length, c.erros[0]));
    }
    await job.log(resumoLote(c.lote));
    if (c.lote.charset === 'UTF-8') await job.log('O hash do epílogo confere calculado em UTF-8 (o padrão TISS calcula em ISO-8859-1).', 'aviso');
    const semCadastro = c.lote.lote.guias.filter((g) => !c.lote.beneficiarios.has(g.numeroCarteira));
    for (const g of semCadastro) await job.log(`Guia ${g.numeroGuiaPrestador}: a carteira ${g.numeroCarteira} não é de um beneficiário cadastrado; a análise da conta a glosa.`, 'aviso');
    await job.checkpoint();
    await job.progress(50, 'Gravando as guias');
    let gravado;
    try {
      gravado = await gravarLote(job.ctx, { session: job.session, ip: '' }, c.lote, { arquivoId: arq.id, execucaoId: job.id });
    } catch (e) {
      if (e instanceof LoteRepetido) {
        await job.log(e.message, 'erro');
        throw AppError.of(422, MSG_RECUSADO(1, e.message));
      }
      throw e;
    }
    await job.progress(85, 'Gerando o comprovante');
    const op = await operadoraPropria(job.ctx.db);
    const [prest] = await query<{ nome: string; codigo: string | null }>(job.ctx.db, sql`select nome, codigo from prestadores where id = ${c.lote.prestadorId}`);
    const pdf = await comprovanteRecebimento({ nome: op?.nome ?? op?.razao ?? 'Operadora', registroAns: op?.registroAns ?? '' }, prest, {
      ...gravado,
      numeroLote: c.lote.lote.numeroLote,
      padrao: c.lote.lote.padrao,
      tipoGuia: c.lote.lote.tipoGuia,
      origem: 'XML',
      guias: c.lote.lote.guias.map((g) => ({ numeroGuiaPrestador: g.numeroGuiaPrestador, numeroCarteira: g.numeroCarteira, dataAtendimento: g.dataAtendimento, itens: g.itens.length, valorInformado: g.valorTotal })),
    });
    await job.saveFile(`protocolo-${gravado.numero}.pdf`, 'pdf', pdf);
    await job.log(`Lote recebido no protocolo ${gravado.numero}.`);
    await job.progress(100, 'Concluído');
  },
});

import { formatMoney } from '../../shared/money';
import { importacaoRecursoGlosa } from '../../shared/processos/recurso-glosa';
import { paramsSchema } from '../../shared/processos/schema';
import { AppError } from '../http/errors';
import { lerEntrada } from '../jobs/entrada';
import { defineJobKind } from '../jobs/kind';
import { operadoraPropria } from '../pessoas/cadastro';
import { comprovanteRecurso } from './comprovante-recurso';
import { conferirRecursoXml } from './recurso-xml';
import { gravarRecurso, listarRecursos, RecursoRepetido, resumoRecurso } from './recursos';

type Params = { arquivo: number };

const MSG_RECUSADO = (n: number, primeiro: string) => (n > 1 ? `Recurso recusado (${n} problemas; o primeiro: ${primeiro})` : `Recurso recusado: ${primeiro}`);

/**
 * Importação de Recurso de Glosa: the provider's RECURSO_GLOSA file is checked whole, then stored with its protocol
 * number; the receipt PDF is the run's file.
 */
export const importacaoRecursoGlosaKind = defineJobKind<Params>({
  tipo: importacaoRecursoGlosa.tipo,
  comandos: [importacaoRecursoGlosa.comando],
  params: paramsSchema(importacaoRecursoGlosa) as never,
  title: () => 'Importação de recurso de glosa TISS',
  async preview(ctx, session, p) {
    const arq = await lerEntrada(ctx, session, importacaoRecursoGlosa.comando, p);
    const c = await conferirRecursoXml(ctx, session, arq.conteudo);
    if (!c.ok) return { total: c.erros.length, resumo: MSG_RECUSADO(c.erros.length, c.erros[0]), amostra: c.erros.slice(0, 20) };
    return {
      total: c.itens.length,
      resumo: resumoRecurso(c.protocolo.numero, c.itens.length, c.valorRecursado),
      amostra: c.itens.slice(0, 20).map((x) => `Guia ${x.item.guia}, item ${x.item.sequencial}: glosa ${x.codigoGlosa}, recursado ${formatMoney(x.valorRecursado)}`),
    };
  },
  async run(job, p) {
    await job.progress(5, 'Lendo o arquivo');
    const arq = await lerEntrada(job.ctx, job.session, importacaoRecursoGlosa.comando, p);
    await job.progress(20, 'Conferindo esquema, hash, prestador e glosas');
    const c = await conferirRecursoXml(job.ctx, job.session, arq.conteudo);
    if (!c.ok) {
      for (const e of c.erros) await job.log(e, 'erro');
      throw AppError.of(422, MSG_RECUSADO(c.erros.length, c.erros[0]));
    }
    await job.log(resumoRecurso(c.protocolo.numero, c.itens.length, c.valorRecursado));
    await job.checkpoint();
    await job.progress(50, 'Gravando o recurso');
    let gravado;
    try {
      gravado = await gravarRecurso(job.ctx, { session: job.session, ip: '' }, c, c.recurso.pedido, { origem: 'XML', padrao: c.recurso.padrao, hash: c.hash, arquivoId: arq.id });
    } catch (e) {
      if (e instanceof RecursoRepetido) {
        await job.log(e.message, 'erro');
        throw AppError.of(422, MSG_RECUSADO(1, e.message));
      }
      throw e;
    }
    await job.progress(85, 'Gerando o comprovante');
    const op = await operadoraPropria(job.ctx.db);
    const [r] = await listarRecursos(job.ctx, job.session, { id: gravado.id });
    await job.saveFile(`recurso-${gravado.numero}.pdf`, 'pdf', await comprovanteRecurso({ nome: op?.nome ?? op?.razao ?? 'Operadora', registroAns: op?.registroAns ?? '' }, r));
    await job.log(`Recurso recebido no protocolo ${gravado.numero}.`);
    await job.progress(100, 'Concluído');
  },
});

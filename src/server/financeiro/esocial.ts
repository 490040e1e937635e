import { formatMoney, sumMoney } from '../../shared/money';
import { esocialDominio, LAYOUT_ESOCIAL_DOMINIO, TIPO_DEPENDENTE_ESOCIAL } from '../../shared/processos/esocial';
import { linha } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { todayIso } from '../../shared/dates';
import { defineJobKind } from '../jobs/kind';
import { aaaamm, filtro, operadora, percorrer, previa, texto, titulo, type Params } from './folha';

/**
 * The eSocial health-plan file for Domínio Sistemas: per family, the worker's record (the titular's own charge and
 * the company's subsidy) and one record per dependent with its charge; the trailer counts both kinds and sums the
 * members' charges. A titular without CPF cannot be declared to the eSocial: left out and counted in the log.
 */
export const esocialDominioExport = defineJobKind<Params>({
  tipo: esocialDominio.tipo,
  comandos: [esocialDominio.comando],
  params: paramsSchema(esocialDominio) as never,
  title: titulo('eSocial (Domínio Sistemas)'),
  preview: previa,
  async run(job, p) {
    const [cab, trab, dep, rod] = LAYOUT_ESOCIAL_DOMINIO.registros;
    const op = await operadora(job.ctx);
    const comp = aaaamm(filtro(p).competencia);
    const linhas = [linha(cab, { cnpj: op.cnpj, registroAns: op.registroAns, competencia: comp, geracao: todayIso() })];
    let total = 0;
    let semCpf = 0;
    let depSemCpf = 0;
    let nada = 0;
    await percorrer(job, p, (fs) => {
      for (const x of fs) {
        const cobrado = (m: (typeof x.membros)[number]) => sumMoney([m.mensalidade ?? 0, m.coparticipacao]);
        if (!x.cpf) {
          semCpf++;
          continue;
        }
        if (x.mensalidade + x.coparticipacao <= 0) {
          nada++;
          continue;
        }
        const titular = x.membros.find((m) => m.id === x.titularId);
        const vrPgTit = titular ? cobrado(titular) : 0;
        linhas.push(linha(trab, { cpf: x.cpf, matricula: x.matricula, nome: x.nome, cnpjOper: op.cnpj, regANS: op.registroAns, vrPgTit, subsidio: x.subsidio }));
        total += vrPgTit;
        for (const m of x.membros) {
          if (m.id === x.titularId) continue;
          if (!m.cpf) depSemCpf++;
          const v = cobrado(m);
          linhas.push(linha(dep, { cpfTrab: x.cpf, tpDep: TIPO_DEPENDENTE_ESOCIAL[m.relacao] ?? '99', cpfDep: m.cpf, nmDep: m.nome, dtNascto: m.nascimento, vlrPgDep: v }));
          total += v;
        }
      }
    });
    linhas.push(linha(rod, { quantidade: linhas.length - 1, total }));
    if (semCpf) await job.log(`${semCpf.toLocaleString('pt-BR')} titulares sem CPF ficaram fora do arquivo (o eSocial identifica o trabalhador pelo CPF).`, 'aviso');
    if (depSemCpf) await job.log(`${depSemCpf.toLocaleString('pt-BR')} dependentes sem CPF foram escritos com o CPF em zeros.`, 'aviso');
    if (nada) await job.log(`${nada.toLocaleString('pt-BR')} titulares sem valor na competência ficaram fora do arquivo.`);
    const nome = `ESOCIAL_${comp}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await job.log(`Arquivo ${nome} com ${(linhas.length - 2).toLocaleString('pt-BR')} registros de trabalhadores e dependentes, total ${formatMoney(total)}.`);
  },
});

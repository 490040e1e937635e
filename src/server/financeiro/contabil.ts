import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import { competenciaBr } from '../../shared/processos/folha';
import { LAYOUT_MASTER_CONTABIL, masterContabil, ORIGENS_CONTABEIS } from '../../shared/processos/contabil';
import { linha } from '../../shared/processos/layout';
import { paramsSchema } from '../../shared/processos/schema';
import { todayIso } from '../../shared/dates';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { aaaamm, filtro, operadora, percorrer, previa, texto, titulo, type Params } from './folha';

type Origem = (typeof ORIGENS_CONTABEIS)[number][0];
interface Conta {
  debito: string;
  credito: string;
  historico: string;
}

const ultimoDia = (competencia: string) => new Date(Date.UTC(Number(competencia.slice(0, 4)), Number(competencia.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** The mapping of each origin in force on a date; a missing one stops the run with where to register it. */
async function contas(db: Db, data: string, competencia: string): Promise<Record<Origem, Conta>> {
  const rows = await query<{ origem: Origem; debito: string; credito: string; historico: string | null }>(
    db,
    sql`select distinct on (m.origem) m.origem, d.codigo as debito, c.codigo as credito, m.historico
        from mapeamentos_plano_conta m join planos_contas d on d.id = m.conta_debito join planos_contas c on c.id = m.conta_credito
        where m.origem in ('CONTRIBUICAO', 'COPARTICIPACAO') and m.inicio_vigencia <= ${data}
        order by m.origem, m.inicio_vigencia desc, m.id desc`,
  );
  const out = {} as Record<Origem, Conta>;
  for (const [origem, rotulo] of ORIGENS_CONTABEIS) {
    const r = rows.find((x) => x.origem === origem);
    if (!r) throw AppError.of(422, `Não há mapeamento do plano de contas de ${rotulo} em vigor em ${competencia}: cadastre-o em Financeiro › Configuração Financeira › Mapeamento do Plano de Contas.`);
    out[origem] = { debito: r.debito, credito: r.credito, historico: r.historico ?? rotulo };
  }
  return out;
}

export const masterContabilExport = defineJobKind<Params>({
  tipo: masterContabil.tipo,
  comandos: [masterContabil.comando],
  params: paramsSchema(masterContabil) as never,
  title: titulo('Lançamentos contábeis'),
  preview: previa,
  async run(job, p) {
    const [cab, lanc, rod] = LAYOUT_MASTER_CONTABIL.registros;
    const f = filtro(p);
    const data = ultimoDia(f.competencia);
    const mapa = await contas(job.ctx.db, data, competenciaBr(f.competencia));
    const op = await operadora(job.ctx);
    const comp = aaaamm(f.competencia);
    const linhas = [linha(cab, { cnpj: op.cnpj, competencia: comp, geracao: todayIso() })];
    const soma = { CONTRIBUICAO: 0, COPARTICIPACAO: 0 };
    await percorrer(job, p, (fs) => {
      for (const x of fs)
        for (const [origem, valor, codigo] of [['CONTRIBUICAO', x.mensalidade, 1], ['COPARTICIPACAO', x.coparticipacao, 2]] as const) {
          if (valor <= 0) continue;
          const c = mapa[origem];
          linhas.push(linha(lanc, { data, debito: c.debito, credito: c.credito, valor, origem: codigo, documento: x.matricula, historico: `${c.historico} ${competenciaBr(f.competencia)} ${x.matricula} ${x.nome}` }));
          soma[origem] += valor;
        }
    });
    const total = soma.CONTRIBUICAO + soma.COPARTICIPACAO;
    linhas.push(linha(rod, { quantidade: linhas.length - 1, total }));
    const nome = `CONTABIL_${comp}.txt`;
    await job.saveFile(nome, 'txt', texto(linhas));
    await job.log(`Arquivo ${nome} com ${(linhas.length - 2).toLocaleString('pt-BR')} lançamentos: contribuição ${formatMoney(soma.CONTRIBUICAO)} (${mapa.CONTRIBUICAO.debito} a ${mapa.CONTRIBUICAO.credito}), coparticipação ${formatMoney(soma.COPARTICIPACAO)} (${mapa.COPARTICIPACAO.debito} a ${mapa.COPARTICIPACAO.credito}); total ${formatMoney(total)}.`);
  },
});

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { STATUS_LABEL as AUT_LABEL, type Status as AutStatus } from '../../shared/autorizacoes';
import { instantToBr, isoToBr } from '../../shared/dates';
import { DIAS_EXECUCOES, SEMANAS_AUTORIZACOES, type PainelOperacoes } from '../../shared/dashboards';
import { JOB_STATUS, JOB_STATUS_LABEL, type JobStatus } from '../../shared/jobs';
import { api } from '../api/client';
import type { ScreenProps } from '../screens/types';
import { go } from '../workspace/store';
import { Barras, type Serie } from './Barras';
import './dashboards.css';

const int = new Intl.NumberFormat('pt-BR');
const COR_EXECUCAO: Record<JobStatus, string> = { fila: '#94a3b8', executando: '#0b5cab', concluida: '#107a3f', falhou: '#b42318', cancelada: '#8a5a00' };
const COR_AUTORIZACAO: Record<number, string> = { 1: '#107a3f', 7: '#4d9e6e', 2: '#0b5cab', 4: '#c38a00', 5: '#e0b34c', 3: '#b42318', 6: '#94a3b8' };
/** The authorization statuses in the order of the stack: decided first, then waiting, then refused and cancelled. */
const ORDEM_AUT = [1, 7, 2, 4, 5, 3, 6];

/** Every day (or Monday) from `desde`, `n` of them, as ISO dates. */
function sequencia(desde: string, n: number, passo: number): string[] {
  const base = new Date(`${desde}T12:00:00Z`).getTime();
  return Array.from({ length: n }, (_, i) => new Date(base + i * passo * 86_400_000).toISOString().slice(0, 10));
}

function Legenda({ series }: { series: Serie[] }) {
  return (
    <ul className="dash-legenda">
      {series.map((s) => (
        <li key={s.label}>
          <i style={{ background: s.cor }} aria-hidden="true" />
          {s.label}: <strong>{int.format(s.valores.reduce((a, b) => a + b, 0))}</strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * Dashboards (administrator): runs per day and state, the latest failures, authorization requests per week and
 * state, and the active sessions. The chart library (uPlot) comes with this screen only, not with the first page.
 */
export default function DashboardsScreen({ command }: ScreenProps) {
  const q = useQuery({ queryKey: ['dashboards', 'operacoes'], queryFn: () => api.get<PainelOperacoes>('/dashboards/operacoes', { quiet: true }), refetchInterval: 30_000 });
  const p = q.data;
  const execucoes = useMemo(() => {
    if (!p) return null;
    const dias = sequencia(p.desde.dia, DIAS_EXECUCOES, 1);
    const series: Serie[] = JOB_STATUS.map((st) => ({
      label: JOB_STATUS_LABEL[st],
      cor: COR_EXECUCAO[st],
      valores: dias.map((d) => p.execucoesPorDia.find((r) => r.dia === d && r.status === st)?.total ?? 0),
    }));
    return { rotulos: dias.map((d) => isoToBr(d).slice(0, 5)), series };
  }, [p]);
  const autorizacoes = useMemo(() => {
    if (!p) return null;
    const semanas = sequencia(p.desde.semana, SEMANAS_AUTORIZACOES, 7);
    const series: Serie[] = ORDEM_AUT.map((st) => ({
      label: AUT_LABEL[st as AutStatus],
      cor: COR_AUTORIZACAO[st],
      valores: semanas.map((w) => p.autorizacoesPorSemana.find((r) => r.semana === w && r.status === st)?.total ?? 0),
    }));
    return { rotulos: semanas.map((w) => isoToBr(w).slice(0, 5)), series };
  }, [p]);

  const hoje = p && execucoes ? execucoes.series.reduce((a, s) => a + s.valores[s.valores.length - 1], 0) : 0;
  const falhas30 = execucoes?.series.find((s) => s.label === JOB_STATUS_LABEL.falhou)?.valores.reduce((a, b) => a + b, 0) ?? 0;

  return (
    <div className="dash">
      <h1 className="page-title">{command.title}</h1>
      {q.isError && <p role="alert">{(q.error as Error).message}</p>}
      {!p ? (
        <p className="page-sub">Carregando…</p>
      ) : (
        <>
          <ul className="dash-numeros" aria-label="Resumo">
            <li data-testid="dash-hoje">
              <strong>{int.format(hoje)}</strong> execuções hoje
            </li>
            <li data-testid="dash-falhas">
              <strong className={falhas30 ? 'dash-ruim' : undefined}>{int.format(falhas30)}</strong> falhas em {DIAS_EXECUCOES} dias
            </li>
            <li data-testid="dash-analise">
              <strong>{int.format(p.autorizacoesEmAnalise)}</strong> solicitações em análise
            </li>
            <li data-testid="dash-sessoes">
              <strong>{int.format(p.sessoes.ativas)}</strong> sessões ativas
            </li>
          </ul>
          <div className="dash-grade">
            <section className="dash-cartao">
              <h2>Execuções por dia e situação (últimos {DIAS_EXECUCOES} dias)</h2>
              <Barras titulo="Execuções por dia e situação" rotulos={execucoes!.rotulos} series={execucoes!.series} />
              <Legenda series={execucoes!.series} />
            </section>
            <section className="dash-cartao">
              <h2>Solicitações de autorização por semana e situação (últimas {SEMANAS_AUTORIZACOES} semanas)</h2>
              <Barras titulo="Solicitações de autorização por semana e situação" rotulos={autorizacoes!.rotulos} series={autorizacoes!.series} />
              <Legenda series={autorizacoes!.series} />
            </section>
            <section className="dash-cartao">
              <h2>Últimas falhas</h2>
              {p.falhas.length ? (
                <ul className="dash-lista" data-testid="dash-ultimas-falhas">
                  {p.falhas.map((f) => (
                    <li key={f.id}>
                      <strong>
                        Nº {f.id} · {f.titulo}
                      </strong>
                      <small>
                        {f.usuario}
                        {f.terminadoEm && ` · ${instantToBr(f.terminadoEm)}`}
                      </small>
                      {f.erro && <span className="dash-erro">{f.erro}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="page-sub">Nenhuma execução falhou.</p>
              )}
              <a
                href="/util/analise/fila-sessao?situacao=falhou"
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                  e.preventDefault();
                  go('/util/analise/fila-sessao?situacao=falhou');
                }}
              >
                Ver na Fila de Sessões
              </a>
            </section>
            <section className="dash-cartao">
              <h2>Sessões ativas por usuário</h2>
              <table className="dash-tabela" data-testid="dash-usuarios">
                <thead>
                  <tr>
                    <th>Usuário</th>
                    <th className="num">Sessões</th>
                    <th>Desde</th>
                  </tr>
                </thead>
                <tbody>
                  {p.sessoes.usuarios.map((u) => (
                    <tr key={u.login}>
                      <td>
                        {u.nome}
                        <small>{u.login}</small>
                      </td>
                      <td className="num">{int.format(u.sessoes)}</td>
                      <td>{instantToBr(u.desde)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

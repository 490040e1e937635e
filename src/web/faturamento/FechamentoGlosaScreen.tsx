import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr } from '../../shared/dates';
import { STATUS_PROTOCOLO, STATUS_PROTOCOLO_TONS } from '../../shared/faturamento';
import { FECHAMENTO_GLOSA_MSG, fechamentoGlosaSchema } from '../../shared/faturamento/fechamento-glosa';
import { FECHAMENTO_GLOSA_LIST } from '../../shared/faturamento/listas';
import { RESULTADO_RECURSO_LABEL } from '../../shared/faturamento/recursos';
import { formatMoney } from '../../shared/money';
import { ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { digitacaoApi, digitacaoKeys } from './digitacao-api';
import '../workflow/workflow.css';
import './digitacao.css';
import './faturamento.css';

interface Linha extends Record<string, unknown> {
  id: number;
  numero: string;
  prestadorNome: string;
  prestadorCodigo: string | null;
  glosaFechadaEm: string | null;
}

const extras: ListScreenExtras<Linha> = {
  recordLabel: (r) => `Glosas do protocolo ${r.numero}`,
  cells: {
    prestadorNome: (r) => (
      <>
        {r.prestadorNome}
        {r.prestadorCodigo && <small>Código {r.prestadorCodigo}</small>}
      </>
    ),
  },
};

const statusLabel = (s: string) => STATUS_PROTOCOLO.find(([c]) => c === s)?.[1] ?? s;

/** One protocol's glosas: the glosed items with their appeals, and closing them by hand with the reason. */
function Fechamento({ command, search, id }: { command: Command; search: string; id: number }) {
  const tabId = useTabId();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: digitacaoKeys.fechamento(id), queryFn: () => digitacaoApi.fechamento(id), staleTime: 0 });
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const p = q.data;
  useEffect(() => {
    if (tabId && p) tabActions.setLabel(tabId, `Glosas do protocolo ${p.numero}`);
  }, [tabId, p]);
  if (q.isLoading) return <div className="splash">Carregando…</div>;
  if (q.isError || !p) return <p role="alert">{(q.error as Error | null)?.message ?? FECHAMENTO_GLOSA_MSG.naoEncontrado}</p>;
  const voltar = () => {
    const s = new URLSearchParams(search);
    s.delete('id');
    go(`${command.path}${s.size ? `?${s.toString()}` : ''}`, { tabId: tabId ?? undefined });
  };
  async function fechar(e: React.FormEvent) {
    e.preventDefault();
    if (!p) return;
    const r = fechamentoGlosaSchema.safeParse({ version: p.version, justificativa });
    if (!r.success) return setErro(r.error.issues[0].message);
    setEnviando(true);
    setErro(null);
    try {
      const n = await digitacaoApi.fecharGlosas(p.id, r.data);
      qc.setQueryData(digitacaoKeys.fechamento(p.id), n);
      await qc.invalidateQueries({ queryKey: listKeys.all });
      showAlerts([{ type: 'success', value: `Glosas do protocolo ${n.numero} fechadas: ${formatMoney(n.valorGlosa)} glosados em definitivo, ${formatMoney(n.valorLiberado)} liberados.` }]);
    } catch (err) {
      setErro(err instanceof ApiError ? err.message : 'Não foi possível fechar as glosas.');
      if (err instanceof ApiError && err.status === 409) await qc.invalidateQueries({ queryKey: digitacaoKeys.fechamento(p.id) });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="fat-view" data-testid="fechamento" data-id={p.id}>
      <div className="fluxo-cab">
        <div>
          <button type="button" className="btn btn-ghost fat-voltar" onClick={voltar}>
            ← Protocolos
          </button>
          <h1 className="page-title">
            Glosas do protocolo {p.numero} <Chip tone={p.glosaFechadaEm ? 'ok' : 'warn'}>{p.glosaFechadaEm ? 'Glosa fechada' : 'Glosa em aberto'}</Chip>
            <Chip tone={STATUS_PROTOCOLO_TONS[p.status]}>{statusLabel(p.status)}</Chip>
          </h1>
          <p className="page-sub">
            {p.prestadorCodigo ? `${p.prestadorCodigo} · ` : ''}
            {p.prestadorNome}
            {p.analiseEncerradaEm ? ` · análise encerrada em ${instantToBr(p.analiseEncerradaEm)}` : ''}
            {p.glosaFechadaEm ? ` · glosas fechadas em ${instantToBr(p.glosaFechadaEm)}${p.glosaFechadaPor ? ` por ${p.glosaFechadaPor}` : ''}` : ''}
          </p>
        </div>
      </div>
      <dl className="conta-totais fat-totais">
        <div>
          <dt>Informado</dt>
          <dd>{formatMoney(p.valorInformado)}</dd>
        </div>
        <div>
          <dt>Glosado</dt>
          <dd data-testid="glosado">{formatMoney(p.valorGlosa)}</dd>
        </div>
        <div>
          <dt>Liberado</dt>
          <dd data-testid="liberado">{formatMoney(p.valorLiberado)}</dd>
        </div>
        <div>
          <dt>Recursos pendentes</dt>
          <dd>{p.recursosPendentes}</dd>
        </div>
      </dl>
      <section className="card fluxo-dados">
        <h2>Itens glosados</h2>
        <table className="fat-tabela">
          <thead>
            <tr>
              <th>Guia · item</th>
              <th>Procedimento</th>
              <th>Glosa</th>
              <th className="num">Informado</th>
              <th className="num">Glosado</th>
              <th>Recurso</th>
            </tr>
          </thead>
          <tbody>
            {p.itens.map((i) => (
              <tr key={`${i.numeroGuiaPrestador}-${i.sequencial}`}>
                <td data-label="Guia · item">
                  {i.numeroGuiaPrestador} · {i.sequencial}
                </td>
                <td data-label="Procedimento">
                  {i.codigoProcedimento}
                  <small>{i.descricao}</small>
                </td>
                <td data-label="Glosa">
                  {i.glosaCodigo ?? '—'}
                  {i.glosaDescricao && <small>{i.glosaDescricao}</small>}
                </td>
                <td data-label="Informado" className="num">
                  {formatMoney(i.valorInformado)}
                </td>
                <td data-label="Glosado" className="num">
                  {formatMoney(i.valorGlosa)}
                </td>
                <td data-label="Recurso">
                  {!i.recurso ? 'Sem recurso' : i.recurso.resultado ? `${i.recurso.numero}: ${RESULTADO_RECURSO_LABEL[i.recurso.resultado]}` : <Chip tone="warn">{`${i.recurso.numero}: aguardando decisão`}</Chip>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {!p.glosaFechadaEm && (
        <form className="card fluxo-dados fat-fechar" onSubmit={fechar} noValidate data-testid="fechar-form">
          <h2>Fechar as glosas</h2>
          {p.recursosPendentes > 0 ? (
            <p className="fluxo-erro">{FECHAMENTO_GLOSA_MSG.recursosPendentes(p.recursosPendentes)}</p>
          ) : (
            <p className="page-sub">
              As glosas ficam definitivas: o protocolo não recebe mais recurso{p.status === '5' ? ' e passa a Liberado para pagamento' : ''}. A justificativa fica na trilha.
            </p>
          )}
          <div className="field">
            <label htmlFor="fg-justificativa">Justificativa *</label>
            <textarea id="fg-justificativa" rows={3} maxLength={500} value={justificativa} aria-invalid={erro ? true : undefined} onChange={(e) => (setJustificativa(e.target.value), setErro(null))} disabled={!p.podeFechar} />
          </div>
          {erro && (
            <p className="field-error" role="alert">
              {erro}
            </p>
          )}
          <div className="fluxo-rodape">
            <button type="submit" className="btn btn-primary" disabled={!p.podeFechar || enviando}>
              {enviando ? 'Fechando…' : 'Fechar as glosas'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * Fechamento de Glosa Manual (copass, cet, rondo): the reviewed protocols with glosas (open ones by default) and, on a
 * row (`?id=`), its glosed items and appeals with the closing form.
 */
export default function FechamentoGlosaScreen({ command, search }: ScreenProps) {
  const id = useMemo(() => Number(new URLSearchParams(search).get('id')) || null, [search]);
  if (id) return <Fechamento key={id} command={command} search={search} id={id} />;
  return <ListScreen<Linha> command={command} search={search} def={FECHAMENTO_GLOSA_LIST} extras={extras} />;
}

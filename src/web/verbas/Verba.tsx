import { useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr, isoToBr, todayIso } from '../../shared/dates';
import { formatMoney, parseMoney } from '../../shared/money';
import { applyMask } from '../../shared/resources/masks';
import { formatDocument } from '../../shared/validation/br';
import { competenciaBr, FLUXO, passoVerbaSchema, type Acao, type VerbaHistorico } from '../../shared/verbas';
import { VERBAS_LIST } from '../../shared/verbas/listas';
import { go } from '../workspace/store';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { verbaApi, verbaKeys } from './api';
import { ComposicaoVerba } from './ComposicaoVerba';
import './verbas.css';

export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'enviar', keys: 'alt+e', label: 'Alt+E', descricao: FLUXO.transitions.enviar.label },
  { acao: 'receber', keys: 'alt+r', label: 'Alt+R', descricao: FLUXO.transitions.receber.label },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Cancelar a solicitação' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Solicitação anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próxima solicitação na lista' },
];

function passo(h: VerbaHistorico): string {
  if (h.acao === 'registrar') return 'Solicitação registrada';
  if (h.acao === 'enviar') return 'Enviada à empresa';
  if (h.acao === 'receber') return 'Recebimento registrado';
  return 'Cancelada';
}

/**
 * One request in its tab: the company and competência, the composition the server computed at its creation, the
 * amounts asked and received, the steps its status allows (receiving asks the amount and the day) and the history.
 */
export function Verba({ command, search, id }: { command: Command; search: string; id: number }) {
  const [valor, setValor] = useState('');
  const [dia, setDia] = useState(() => isoToBr(todayIso()));
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list: VERBAS_LIST,
    queryKey: verbaKeys.detail(id),
    get: () => verbaApi.get(id),
    extra: (acao) => (acao === 'receber' ? { valorRecebido: valor ? (parseMoney(valor) ?? valor) : '', dataRecebimento: dia } : {}),
    schema: passoVerbaSchema,
    send: (body) => verbaApi.passo(id, body as Parameters<typeof verbaApi.passo>[1]),
    fields: ['valorRecebido', 'dataRecebimento'],
    reset: () => setValor(''),
    done: (acao, novo) => (acao === 'receber' ? `Recebimento de ${formatMoney(novo.valorRecebido ?? 0)} registrado.` : `Solicitação ${FLUXO.labels[novo.status].toLowerCase()}.`),
    focus: (e) => (e.valorRecebido ? '#verba-valor' : e.dataRecebimento ? '#verba-data' : e.nota ? 'textarea' : null),
    tabLabel: (d) => `Verba ${d.numero}`,
    shortcutsTitle: 'Solicitação de verba',
    shortcuts: ATALHOS,
  });
  const { req, d, erros } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Solicitação de verba não encontrada.'}</p>;
  const saldo = d.status === 'CANCELADA' ? 0 : d.valorSolicitado - (d.valorRecebido ?? 0);

  return (
    <div className="fluxo-registro" data-testid="verba" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Solicitação de verba <span data-testid="numero">{d.numero}</span>
          </>
        }
        sub={
          <>
            {d.empresaNome} · competência {competenciaBr(d.competencia)} · vencimento {isoToBr(d.vencimento)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={VERBAS_LIST}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="verba-dados">
          <h2 id="verba-dados">Solicitação</h2>
          <dl>
            <dt>Empresa</dt>
            <dd data-testid="empresa">{d.empresaNome}</dd>
            <dt>CNPJ</dt>
            <dd>{formatDocument('cnpj', d.empresaCnpj)}</dd>
            <dt>Competência</dt>
            <dd>{competenciaBr(d.competencia)}</dd>
            <dt>Data da solicitação</dt>
            <dd>{isoToBr(d.dataSolicitacao)}</dd>
            <dt>Vencimento</dt>
            <dd>{isoToBr(d.vencimento)}</dd>
            {d.observacao && (
              <>
                <dt>Observação</dt>
                <dd className="fluxo-texto">{d.observacao}</dd>
              </>
            )}
            {d.motivo && d.status === 'CANCELADA' && (
              <>
                <dt>Motivo do cancelamento</dt>
                <dd className="fluxo-texto" data-testid="motivo">
                  {d.motivo}
                </dd>
              </>
            )}
            <dt>Registrada por</dt>
            <dd>
              {d.criadoPor} em {instantToBr(d.criadoEm)}
            </dd>
          </dl>
          <p>
            <button type="button" className="btn" onClick={() => go(`/relatorio/contabil/solicitacao-verba-id?numero=${encodeURIComponent(d.numero)}`)}>
              Documento para a empresa
            </button>
          </p>
        </section>

        <section className="card fluxo-dados" aria-labelledby="verba-comp">
          <h2 id="verba-comp">Composição</h2>
          <ComposicaoVerba
            testid="composicao"
            itens={d.itens}
            totais={[
              { label: 'Valor solicitado', valor: d.valorSolicitado, testid: 'solicitado' },
              ...(d.valorRecebido != null ? [{ label: `Recebido em ${isoToBr(d.dataRecebimento)}`, valor: d.valorRecebido, testid: 'recebido' }] : []),
              ...(d.status !== 'CANCELADA' ? [{ label: 'Saldo a receber', valor: saldo }] : []),
            ]}
          />
        </section>
      </div>

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="verba"
          title="Andamento"
          noteLabel="Nota ou motivo (obrigatório para cancelar)"
          reloadLabel="Recarregar a solicitação (o que foi digitado é mantido)"
          shortcuts={ATALHOS}
        >
          {rec.permitidas.includes('receber') && (
            <>
              <div className="field fluxo-campo" data-campo="valorRecebido">
                <label htmlFor="verba-valor">Valor recebido (R$)</label>
                <input id="verba-valor" inputMode="decimal" placeholder="0,00" value={valor} aria-invalid={!!erros.valorRecebido} onChange={(e) => setValor(e.target.value)} />
                {erros.valorRecebido && (
                  <p className="field-error" role="alert" data-erro="valorRecebido">
                    {erros.valorRecebido}
                  </p>
                )}
              </div>
              <div className="field fluxo-campo" data-campo="dataRecebimento">
                <label htmlFor="verba-data">Recebido em</label>
                <input
                  id="verba-data"
                  inputMode="numeric"
                  placeholder="DD/MM/AAAA"
                  maxLength={10}
                  value={dia}
                  aria-invalid={!!erros.dataRecebimento}
                  onChange={(e) => setDia(applyMask('##/##/####', e.target.value))}
                />
                {erros.dataRecebimento && (
                  <p className="field-error" role="alert" data-erro="dataRecebimento">
                    {erros.dataRecebimento}
                  </p>
                )}
              </div>
            </>
          )}
        </WorkflowActions>
      )}

      <WorkflowHistory prefix="verba" rows={d.historico} labels={FLUXO.labels} step={passo} />
    </div>
  );
}

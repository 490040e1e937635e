import { useState } from 'react';
import type { Command } from '../../../commands';
import { canalLabel, FLUXO, formatDuracao, motivoLabel, pessoaLabel, RESULTADOS, resultadoLabel, transicaoSchema, type Acao, type AtendimentoHistorico } from '../../shared/atendimentos';
import { ATENDIMENTOS_LIST } from '../../shared/atendimentos/listas';
import { instantToBr } from '../../shared/dates';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { OptionSelect } from '../workflow/RecordForm';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { atendimentoApi, atendimentoKeys } from './api';

/** The contact's shortcuts (bound, on the buttons and in the "?" panel from here). */
export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'concluir', keys: 'alt+c', label: 'Alt+C', descricao: 'Concluir o atendimento' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Cancelar o atendimento' },
  { acao: 'reabrir', keys: 'alt+r', label: 'Alt+R', descricao: 'Reabrir o atendimento' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Atendimento anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próximo atendimento na lista' },
];

/** How a step of the history reads. */
function passo(h: AtendimentoHistorico): string {
  if (h.acao === 'registrar') return 'Atendimento registrado';
  if (h.acao === 'concluir') return `Concluído: ${resultadoLabel(h.resultado).toLowerCase()}`;
  return h.acao === 'cancelar' ? 'Cancelado' : 'Reaberto';
}

/**
 * One contact in its workspace tab: the protocol and status, the person, the contact (channel, reason, times,
 * duration, references), the steps its status allows (the shared workflow) with their shortcuts, and the history. Its
 * own part of a step: the outcome of a conclusion.
 */
export function Atendimento({ command, search, id }: { command: Command; search: string; id: number }) {
  const [resultado, setResultado] = useState('');
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list: ATENDIMENTOS_LIST,
    queryKey: atendimentoKeys.detail(id),
    get: () => atendimentoApi.get(id),
    extra: (acao) => ({ resultado: FLUXO.transitions[acao].resultado ? resultado || null : null }),
    schema: transicaoSchema,
    send: (body) => atendimentoApi.transicao(id, body as Parameters<typeof atendimentoApi.transicao>[1]),
    fields: ['resultado'],
    reset: () => setResultado(''),
    done: (acao, novo) => (acao === 'concluir' ? `Atendimento concluído: ${resultadoLabel(novo.resultado).toLowerCase()}.` : `Atendimento ${FLUXO.labels[novo.status].toLowerCase()}.`),
    focus: (e) => (e.resultado ? 'select' : 'textarea'),
    tabLabel: (d) => `Atendimento ${d.protocolo}`,
    shortcutsTitle: 'Atendimento',
    shortcuts: ATALHOS,
  });
  const { req, d, erros, setErros } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Atendimento não encontrado.'}</p>;
  const conclui = rec.permitidas.includes('concluir');
  const pedeMotivo = rec.permitidas.some((a) => FLUXO.transitions[a].reason);

  return (
    <div className="fluxo-registro" data-testid="atendimento" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Atendimento <span data-testid="protocolo">{d.protocolo}</span>
          </>
        }
        sub={
          <>
            {motivoLabel(d.motivo)} · {canalLabel(d.canal)} · {instantToBr(d.inicio)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={ATENDIMENTOS_LIST}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="atd-contato">
          <h2 id="atd-contato">Contato</h2>
          <dl>
            <dt>Protocolo</dt>
            <dd className="atd-protocolo">{d.protocolo}</dd>
            <dt>Motivo</dt>
            <dd>{motivoLabel(d.motivo)}</dd>
            <dt>Canal</dt>
            <dd>{canalLabel(d.canal)}</dd>
            <dt>Início</dt>
            <dd>{instantToBr(d.inicio)}</dd>
            <dt>Término</dt>
            <dd>{d.fim ? instantToBr(d.fim) : 'em andamento'}</dd>
            <dt>Duração</dt>
            <dd data-testid="duracao">{d.fim ? formatDuracao(d.duracao) : 'em andamento'}</dd>
            <dt>Descrição</dt>
            <dd className="fluxo-texto" data-testid="descricao">
              {d.descricao}
            </dd>
            {d.autorizacao && (
              <>
                <dt>Autorização</dt>
                <dd data-testid="autorizacao">Guia nº {d.autorizacao.numero}</dd>
              </>
            )}
            {d.protocoloDocumento && (
              <>
                <dt>Protocolo de documento</dt>
                <dd>{d.protocoloDocumento.numero}</dd>
              </>
            )}
            {d.resultado && (
              <>
                <dt>Resultado</dt>
                <dd data-testid="resultado">{resultadoLabel(d.resultado)}</dd>
              </>
            )}
            {d.justificativa && (d.status === 'CANCELADO' || d.status === 'EM_ANDAMENTO') && (
              <>
                <dt>{d.status === 'CANCELADO' ? 'Motivo do cancelamento' : 'Motivo da reabertura'}</dt>
                <dd className="fluxo-texto">{d.justificativa}</dd>
              </>
            )}
            <dt>Atendente</dt>
            <dd data-testid="atendente">{d.atendenteNome}</dd>
          </dl>
        </section>

        <section className="card fluxo-dados" aria-labelledby="atd-pessoa">
          <h2 id="atd-pessoa">{pessoaLabel(d.pessoaTipo)}</h2>
          <dl>
            <dt>Nome</dt>
            <dd data-testid="pessoa">{d.pessoaNome}</dd>
            {d.pessoaCodigo && (
              <>
                <dt>{d.pessoaTipo === 'BENEFICIARIO' ? 'Carteirinha' : 'Código do prestador'}</dt>
                <dd>{d.pessoaCodigo}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="atd"
          title="Andamento"
          noteLabel={pedeMotivo ? `Nota ou motivo (obrigatório para ${rec.permitidas.includes('reabrir') ? 'reabrir' : 'cancelar'})` : 'Nota'}
          reloadLabel="Recarregar o atendimento (o que foi digitado é mantido)"
          shortcuts={ATALHOS}
        >
          {conclui && (
            <div className="field fluxo-campo" data-campo="resultado">
              <label htmlFor="atd-resultado">Resultado (para concluir)</label>
              <OptionSelect id="atd-resultado" value={resultado} options={RESULTADOS} placeholder="Selecione…" invalid={!!erros.resultado} onChange={(v) => (setResultado(v), setErros(({ resultado: _, ...r }) => r))} />
              {erros.resultado && (
                <p className="field-error" role="alert" data-erro="resultado">
                  {erros.resultado}
                </p>
              )}
            </div>
          )}
        </WorkflowActions>
      )}

      <WorkflowHistory prefix="atd" rows={d.historico} labels={FLUXO.labels} step={passo} />
    </div>
  );
}

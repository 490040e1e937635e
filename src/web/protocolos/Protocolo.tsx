import { useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import { canalLabel, documentoLegivel, FLUXO, remetenteLabel, tipoDocumentoLabel, tramitacaoSchema, type Acao, type ProtocoloHistorico } from '../../shared/protocolos';
import { PROTOCOLOS_LIST } from '../../shared/protocolos/listas';
import { RefSelect } from '../resources/RefSelect';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { protocoloApi, protocoloKeys } from './api';

/** The protocol's shortcuts (bound, on the buttons and in the "?" panel from here). */
export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'encaminhar', keys: 'alt+s', label: 'Alt+S', descricao: FLUXO.transitions.encaminhar.label },
  { acao: 'concluir', keys: 'alt+c', label: 'Alt+C', descricao: FLUXO.transitions.concluir.label },
  { acao: 'devolver', keys: 'alt+v', label: 'Alt+V', descricao: 'Devolver ao remetente' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Cancelar o protocolo' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Protocolo anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próximo protocolo na lista' },
];

/** How a step of the history reads. */
function passo(h: ProtocoloHistorico): string {
  if (h.acao === 'registrar') return 'Documento protocolado';
  if (h.acao === 'encaminhar') return `Encaminhado ao setor ${h.setorNome ?? ''}`.trim();
  if (h.acao === 'devolver') return 'Devolvido ao remetente';
  if (h.acao === 'alterar') return 'Dados corrigidos';
  return h.acao === 'concluir' ? 'Concluído' : 'Cancelado';
}

/**
 * One protocol in its workspace tab: the number and status, the sender, the document, the actions its status allows
 * (the shared workflow) with their shortcuts, and the history. Its own part of a step: the sector it is forwarded to.
 */
export function Protocolo({ command, search, id }: { command: Command; search: string; id: number }) {
  const [setor, setSetor] = useState('');
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list: PROTOCOLOS_LIST,
    queryKey: protocoloKeys.detail(id),
    get: () => protocoloApi.get(id),
    extra: (acao) => (acao === 'encaminhar' && setor ? { setorId: Number(setor) } : {}),
    schema: tramitacaoSchema,
    send: (body) => protocoloApi.tramitar(id, body as Parameters<typeof protocoloApi.tramitar>[1]),
    fields: ['setorId'],
    reset: () => setSetor(''),
    done: (acao, novo) => (acao === 'encaminhar' ? `Encaminhado ao setor ${novo.setorNome}.` : `Protocolo ${FLUXO.labels[novo.status].toLowerCase()}.`),
    focus: (e) => (e.nota ? 'textarea' : null),
    tabLabel: (d) => `Protocolo ${d.numero}`,
    shortcutsTitle: 'Protocolo de documento',
    shortcuts: ATALHOS,
  });
  const { req, d, erros } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Protocolo não encontrado.'}</p>;
  const pedeMotivo = rec.permitidas.some((a) => FLUXO.transitions[a].reason);

  return (
    <div className="fluxo-registro" data-testid="protocolo" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Protocolo <span data-testid="numero">{d.numero}</span>
          </>
        }
        sub={
          <>
            {tipoDocumentoLabel(d.tipoDocumento)} · recebido em {isoToBr(d.recebidoEm)} · {canalLabel(d.canal)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={PROTOCOLOS_LIST}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="prot-doc">
          <h2 id="prot-doc">Documento</h2>
          <dl>
            <dt>Assunto</dt>
            <dd data-testid="assunto">{d.assunto}</dd>
            <dt>Tipo de documento</dt>
            <dd>{tipoDocumentoLabel(d.tipoDocumento)}</dd>
            <dt>Número de folhas</dt>
            <dd>{d.folhas}</dd>
            <dt>Recebido em</dt>
            <dd>{isoToBr(d.recebidoEm)}</dd>
            <dt>Canal</dt>
            <dd>{canalLabel(d.canal)}</dd>
            <dt>Setor de destino</dt>
            <dd data-testid="setor">{d.setorNome}</dd>
            {d.observacao && (
              <>
                <dt>Observação</dt>
                <dd className="fluxo-texto">{d.observacao}</dd>
              </>
            )}
            {d.motivo && (d.status === 'DEVOLVIDO' || d.status === 'CANCELADO') && (
              <>
                <dt>{d.status === 'DEVOLVIDO' ? 'Motivo da devolução' : 'Motivo do cancelamento'}</dt>
                <dd className="fluxo-texto" data-testid="motivo">
                  {d.motivo}
                </dd>
              </>
            )}
            <dt>Protocolado por</dt>
            <dd>
              {d.criadoPor} em {instantToBr(d.criadoEm)}
            </dd>
          </dl>
        </section>

        <section className="card fluxo-dados" aria-labelledby="prot-rem">
          <h2 id="prot-rem">Remetente</h2>
          <dl>
            <dt>Tipo</dt>
            <dd>{remetenteLabel(d.remetenteTipo)}</dd>
            <dt>{d.remetenteTipo === 'EMPRESA' ? 'Razão social' : 'Nome'}</dt>
            <dd data-testid="remetente">{d.remetenteNome}</dd>
            {d.remetenteDocumento && (
              <>
                <dt>{d.remetenteDocumento.length === 11 ? 'CPF' : 'CNPJ'}</dt>
                <dd>{documentoLegivel(d.remetenteDocumento)}</dd>
              </>
            )}
            {d.remetenteCodigo && (
              <>
                <dt>{d.remetenteTipo === 'BENEFICIARIO' ? 'Carteirinha' : 'Código do prestador'}</dt>
                <dd>{d.remetenteCodigo}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="prot"
          title="Tramitação"
          noteLabel={pedeMotivo ? 'Nota ou motivo (obrigatório para devolver ou cancelar)' : 'Nota'}
          reloadLabel="Recarregar o protocolo (a nota digitada é mantida)"
          shortcuts={ATALHOS}
        >
          {rec.permitidas.includes('encaminhar') && (
            <div className="field fluxo-campo" data-campo="setorId">
              <label htmlFor="prot-encaminhar-setor">Encaminhar ao setor</label>
              <RefSelect id="prot-encaminhar-setor" resource="setorempresa" label="Encaminhar ao setor" value={setor || String(d.setor)} currentLabel={d.setorNome} allowEmpty={false} invalid={!!erros.setorId} onChange={setSetor} />
              {erros.setorId && <p className="field-error">{erros.setorId}</p>}
            </div>
          )}
        </WorkflowActions>
      )}

      <WorkflowHistory prefix="prot" rows={d.historico} labels={FLUXO.labels} step={passo} />
    </div>
  );
}

import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import { decisaoSchema, FLUXO, parentescoLabel, sexoLabel, type Acao, type AdesaoHistorico } from '../../shared/adesoes';
import { ADESOES_LIST } from '../../shared/adesoes/listas';
import { formatCarteirinha } from '../../shared/text';
import { formatDocument } from '../../shared/validation/br';
import { AnexosLista } from '../workflow/AnexosLista';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { adesaoApi, adesaoKeys } from './api';

/** The request's shortcuts (bound, on the buttons and in the "?" panel from here). */
export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'aprovar', keys: 'alt+a', label: 'Alt+A', descricao: 'Aprovar e incluir o dependente' },
  { acao: 'recusar', keys: 'alt+r', label: 'Alt+R', descricao: 'Recusar a solicitação' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Desistir da solicitação' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Solicitação anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próxima solicitação na lista' },
];

const PASSOS: Record<AdesaoHistorico['acao'], string> = {
  solicitar: 'Inclusão solicitada',
  aprovar: 'Aprovada: dependente incluído e cartão emitido',
  recusar: 'Recusada',
  cancelar: 'Cancelada pelo titular',
};

/**
 * One membership request in its workspace tab: the protocol and status, the dependent's data and documents, the
 * titular, the decision (the refusal's reason; once approved, the new matrícula and card) and the steps this session
 * may take (the operator: approve or refuse with the reason; the titular: withdraw), with the history.
 */
export function Adesao({ command, search, id }: { command: Command; search: string; id: number }) {
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list: ADESOES_LIST,
    queryKey: adesaoKeys.detail(id),
    get: () => adesaoApi.get(id),
    extra: () => ({}),
    schema: decisaoSchema,
    send: (body) => adesaoApi.decidir(id, body as Parameters<typeof adesaoApi.decidir>[1]),
    fields: [],
    reset: () => undefined,
    done: (acao, novo) =>
      acao === 'aprovar' ? `${novo.nome} incluído(a) na família com a matrícula ${novo.dependente?.matricula ?? ''}. Cartão emitido.` : `Solicitação ${FLUXO.labels[novo.status].toLowerCase()}.`,
    focus: () => 'textarea',
    tabLabel: (d) => `Adesão ${d.nome}`,
    shortcutsTitle: 'Solicitação de adesão',
    shortcuts: ATALHOS,
    allowed: (d) => d.acoes,
  });
  const { req, d } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Solicitação não encontrada.'}</p>;
  const equipe = rec.permitidas.includes('aprovar');

  return (
    <div className="fluxo-registro" data-testid="adesao" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Adesão de <span data-testid="dependente">{d.nome}</span>
          </>
        }
        sub={
          <>
            Protocolo <span className="ade-protocolo" data-testid="protocolo">{d.protocolo}</span> · {instantToBr(d.solicitadaEm)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={ADESOES_LIST}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="ade-dep">
          <h2 id="ade-dep">Dependente</h2>
          <dl>
            <dt>Nome</dt>
            <dd>{d.nome}</dd>
            <dt>Parentesco</dt>
            <dd data-testid="parentesco">{parentescoLabel(d.relacaoDependencia)}</dd>
            <dt>CPF</dt>
            <dd>{formatDocument('cpf', d.cpf)}</dd>
            {d.cns && (
              <>
                <dt>CNS</dt>
                <dd>{formatDocument('cns', d.cns)}</dd>
              </>
            )}
            <dt>Nascimento</dt>
            <dd>{isoToBr(d.dataNascimento)}</dd>
            <dt>Sexo</dt>
            <dd>{sexoLabel(d.sexo)}</dd>
            <dt>Nome da mãe</dt>
            <dd>{d.nomeMae}</dd>
            {d.observacao && (
              <>
                <dt>Observação</dt>
                <dd className="fluxo-texto">{d.observacao}</dd>
              </>
            )}
            <dt>Documentos</dt>
            <dd>
              <AnexosLista anexos={d.anexos} className="ade-anexos" testId="anexos" />
            </dd>
          </dl>
        </section>

        <section className="card fluxo-dados" aria-labelledby="ade-fam">
          <h2 id="ade-fam">Família e decisão</h2>
          <dl>
            <dt>Titular</dt>
            <dd data-testid="titular">
              {d.titularNome}
              {d.titularCarteirinha && <small> · {formatCarteirinha(d.titularCarteirinha)}</small>}
            </dd>
            <dt>Solicitada por</dt>
            <dd>{d.solicitadaPor}</dd>
            {d.motivo && (
              <>
                <dt>Motivo da recusa</dt>
                <dd className="fluxo-texto" data-testid="motivo">
                  {d.motivo}
                </dd>
              </>
            )}
            {d.dependente && (
              <>
                <dt>Matrícula</dt>
                <dd data-testid="matricula">{d.dependente.matricula}</dd>
                <dt>Cartão</dt>
                <dd className="ade-cartao" data-testid="carteirinha">
                  {formatCarteirinha(d.dependente.carteirinha)} <small>· válido até {isoToBr(d.dependente.validade)}</small>
                </dd>
              </>
            )}
            {d.status === 'SOLICITADA' && (
              <>
                <dt>Situação</dt>
                <dd>A operadora confere os documentos e responde por aqui.</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="ade"
          title={equipe ? 'Decisão' : 'Sua solicitação'}
          noteLabel={equipe ? 'Nota ou motivo (obrigatório para recusar; o titular lê o motivo)' : 'Comentário (opcional)'}
          reloadLabel="Recarregar a solicitação (a nota digitada é mantida)"
          shortcuts={ATALHOS}
        />
      )}

      <WorkflowHistory prefix="ade" rows={d.historico} labels={FLUXO.labels} step={(h) => PASSOS[h.acao]} />
    </div>
  );
}

import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import type { ListDef } from '../../shared/lists/types';
import { formatMoney } from '../../shared/money';
import { conselhoLabel, FLUXO, passoSchemas, type Acao, type ReembolsoHistorico, type Tela } from '../../shared/reembolsos';
import { formatCarteirinha } from '../../shared/text';
import { formatDocument } from '../../shared/validation/br';
import { AnexosLista } from '../workflow/AnexosLista';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { reembolsoApi, reembolsoKeys } from './api';

/** The request's shortcuts (bound, on the buttons and in the "?" panel from here). */
export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'protocolar', keys: 'alt+p', label: 'Alt+P', descricao: 'Protocolar o recebimento' },
  { acao: 'analisar', keys: 'alt+a', label: 'Alt+A', descricao: 'Analisar e precificar pela tabela do plano' },
  { acao: 'liberar', keys: 'alt+l', label: 'Alt+L', descricao: 'Liberar o reembolso' },
  { acao: 'negar', keys: 'alt+n', label: 'Alt+N', descricao: 'Negar com o motivo' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Desistir do pedido' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Pedido anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próximo pedido na lista' },
];

const PASSOS: Record<ReembolsoHistorico['acao'], string> = {
  solicitar: 'Reembolso solicitado',
  protocolar: 'Recebimento protocolado',
  analisar: 'Analisado e precificado',
  liberar: 'Reembolso liberado',
  negar: 'Reembolso negado',
  cancelar: 'Pedido cancelado pelo beneficiário',
};

const documento = (v: string) => formatDocument(v.length === 14 ? 'cnpj' : 'cpf', v);

/**
 * One reimbursement request in its workspace tab: the care (who, the professional, the procedure, the amount paid and
 * the receipts), the analysis (the plan, the checks, the pricing steps, the amount released and its reason label) and
 * the steps of this screen (the desk protocols; the billing staff analyse, release or deny; the family withdraws),
 * with the history.
 */
export function Reembolso({ command, search, id, tela, list }: { command: Command; search: string; id: number; tela: Tela; list: ListDef }) {
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list,
    queryKey: reembolsoKeys.detail(tela, id),
    get: () => reembolsoApi.get(tela, id),
    extra: () => ({}),
    schema: passoSchemas[tela],
    send: (body) => reembolsoApi.passo(tela, id, body as Parameters<typeof reembolsoApi.passo>[2]),
    fields: [],
    reset: () => undefined,
    done: (acao, novo) =>
      acao === 'analisar'
        ? novo.glosa
          ? `Analisado: glosa ${novo.glosa.codigo} – ${novo.glosa.descricao}.`
          : `Analisado: ${formatMoney(novo.valorLiberado)} a liberar.`
        : acao === 'liberar'
          ? `Reembolso liberado: ${formatMoney(novo.valorLiberado)}.`
          : `Reembolso ${FLUXO.labels[novo.status].toLowerCase()}.`,
    focus: () => 'textarea',
    tabLabel: (d) => `Reembolso ${d.protocolo.slice(-6)}`,
    shortcutsTitle: 'Pedido de reembolso',
    shortcuts: ATALHOS,
    allowed: (d) => d.acoes,
  });
  const { req, d } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Pedido de reembolso não encontrado.'}</p>;
  const equipe = tela !== 'solicitacao';
  const valorDestaque = d.status === 'LIBERADO' || d.status === 'ANALISADO';

  return (
    <div className="fluxo-registro" data-testid="reembolso" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Reembolso de <span data-testid="beneficiario">{d.beneficiarioNome}</span>
          </>
        }
        sub={
          <>
            Protocolo <span className="reb-protocolo" data-testid="protocolo">{d.protocolo}</span> · {instantToBr(d.solicitadoEm)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={list}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <section className={`card reb-resultado reb-${d.status.toLowerCase()}`} aria-label="Situação do reembolso" data-testid="resultado">
        <div>
          <span className="reb-rotulo">{d.status === 'LIBERADO' ? 'Valor liberado' : valorDestaque ? 'Valor a liberar' : 'Valor pago'}</span>
          <strong className="reb-valor" data-testid="valor">
            {formatMoney(valorDestaque ? (d.valorLiberado ?? 0) : d.valorPago)}
          </strong>
        </div>
        <div>
          <span className="reb-rotulo">Motivo</span>
          <strong data-testid="motivo">{d.motivo ?? (d.status === 'CANCELADO' ? 'Cancelado pelo beneficiário' : 'Em andamento')}</strong>
        </div>
        {d.prazoPagamento && d.status !== 'LIBERADO' && (
          <div>
            <span className="reb-rotulo">Prazo de pagamento</span>
            <strong>até {isoToBr(d.prazoPagamento)}</strong>
          </div>
        )}
      </section>

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="reb-atd">
          <h2 id="reb-atd">Atendimento</h2>
          <dl>
            <dt>Beneficiário</dt>
            <dd>
              {d.beneficiarioNome}
              {d.carteirinha && <small> · {formatCarteirinha(d.carteirinha)}</small>}
            </dd>
            <dt>Procedimento</dt>
            <dd data-testid="procedimento">
              {d.procedimentoCodigo} – {d.procedimentoDescricao}
              {d.quantidade > 1 && <small> · {d.quantidade} vezes</small>}
            </dd>
            <dt>Data</dt>
            <dd>{isoToBr(d.dataAtendimento)}</dd>
            <dt>Profissional</dt>
            <dd>
              {d.profissional.nome}
              <small>
                {' '}
                · {conselhoLabel(d.profissional.conselho).split(' - ')[0]} {d.profissional.numero}/{d.profissional.uf} · {documento(d.profissional.documento)}
              </small>
            </dd>
            <dt>Valor pago</dt>
            <dd data-testid="valor-pago">{formatMoney(d.valorPago)}</dd>
            {d.observacao && (
              <>
                <dt>Observação</dt>
                <dd className="fluxo-texto">{d.observacao}</dd>
              </>
            )}
            <dt>Recibos</dt>
            <dd>
              <AnexosLista anexos={d.anexos} className="reb-anexos" testId="anexos" />
            </dd>
            {equipe && (
              <>
                <dt>Registrado por</dt>
                <dd>{d.solicitadoPor}</dd>
              </>
            )}
          </dl>
        </section>

        <section className="card fluxo-dados" aria-labelledby="reb-analise">
          <h2 id="reb-analise">Análise</h2>
          {!d.calculo ? (
            <p className="reb-espera">
              {d.status === 'SOLICITADO'
                ? 'A operadora confere os recibos e protocola o pedido.'
                : d.status === 'PROTOCOLADO'
                  ? 'Recibos protocolados: a análise precifica pela tabela de reembolso do seu plano.'
                  : 'Sem análise.'}
            </p>
          ) : (
            <>
              <dl>
                {d.produtoNome && (
                  <>
                    <dt>Plano</dt>
                    <dd>{d.produtoNome}</dd>
                  </>
                )}
                {d.valorTabela != null && (
                  <>
                    <dt>Valor da tabela</dt>
                    <dd data-testid="valor-tabela">{formatMoney(d.valorTabela)}</dd>
                  </>
                )}
                {d.glosa && (
                  <>
                    <dt>Glosa</dt>
                    <dd className="reb-glosa" data-testid="glosa">
                      {d.glosa.codigo} – {d.glosa.descricao}
                    </dd>
                  </>
                )}
              </dl>
              <ul className="reb-verificacoes" aria-label="Verificações">
                {d.calculo.verificacoes.map((v) => (
                  <li key={v.regra} className={v.glosa ? 'glosa' : 'ok'}>
                    <strong>{v.regra}</strong> {v.resultado}
                  </li>
                ))}
              </ul>
              {d.calculo.passos.length > 0 && (
                <table className="fluxo-tabela reb-passos" aria-label="Cálculo do reembolso">
                  <thead>
                    <tr>
                      <th>Regra</th>
                      <th className="num">Base</th>
                      <th className="num">Fator</th>
                      <th className="num">Resultado</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.calculo.passos.map((p, i) => (
                      <tr key={i}>
                        <td data-label="Regra">{p.regra}</td>
                        <td data-label="Base" className="num">
                          {formatMoney(p.base)}
                        </td>
                        <td data-label="Fator" className="num">
                          {p.fator}
                        </td>
                        <td data-label="Resultado" className="num">
                          {formatMoney(p.resultado)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {d.calculo.notas.map((n) => (
                <p key={n} className="fluxo-dica">
                  {n}
                </p>
              ))}
            </>
          )}
        </section>
      </div>

      {d.segregado && (
        <p className="fluxo-erro" role="note" data-testid="segregado">
          Você registrou este pedido: o protocolo, a análise e a decisão cabem a outro usuário.
        </p>
      )}

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="reb"
          title={equipe ? (tela === 'protocolo' ? 'Protocolo de recebimento' : 'Análise e decisão') : 'Seu pedido'}
          noteLabel={equipe ? 'Nota ou motivo (obrigatório para negar; o beneficiário lê o motivo)' : 'Comentário (opcional)'}
          reloadLabel="Recarregar o pedido (a nota digitada é mantida)"
          shortcuts={ATALHOS}
        />
      )}

      <WorkflowHistory prefix="reb" rows={d.historico} labels={FLUXO.labels} step={(h) => PASSOS[h.acao]} />
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import {
  AREAS,
  areaLabel,
  assuntoLabel,
  canalLabel,
  contatoLabel,
  FLUXO,
  PRAZO_PRORROGADO_DIAS_UTEIS,
  prorrogacaoSchema,
  SATISFACAO,
  satisfacaoLabel,
  tipoLabel,
  transicaoSchema,
  type Acao,
  type ManifestacaoDetalhe,
  type ManifestacaoHistorico,
} from '../../shared/ouvidoria';
import { MANIFESTACOES_LIST } from '../../shared/ouvidoria/listas';
import { ApiError } from '../api/client';
import { AnexosLista } from '../workflow/AnexosLista';
import { listKeys } from '../lists/api';
import { OptionSelect } from '../workflow/RecordForm';
import { useWorkflowRecord, type WorkflowShortcut } from '../workflow/useWorkflowRecord';
import { WorkflowActions } from '../workflow/WorkflowActions';
import { WorkflowHeader } from '../workflow/WorkflowHeader';
import { WorkflowHistory } from '../workflow/WorkflowHistory';
import { ouvidoriaApi, ouvidoriaKeys } from './api';
import { Prazo } from './ManifestacoesScreen';

/** The manifestação's shortcuts (bound, on the buttons and in the "?" panel from here). */
export const ATALHOS: WorkflowShortcut<Acao>[] = [
  { acao: 'analisar', keys: 'alt+a', label: 'Alt+A', descricao: 'Iniciar a análise' },
  { acao: 'encaminhar', keys: 'alt+m', label: 'Alt+M', descricao: 'Encaminhar à área' },
  { acao: 'retornar', keys: 'alt+t', label: 'Alt+T', descricao: 'Registrar o retorno da área' },
  { acao: 'responder', keys: 'alt+r', label: 'Alt+R', descricao: 'Responder ao beneficiário' },
  { acao: 'avaliar', keys: 'alt+v', label: 'Alt+V', descricao: 'Avaliar a resposta e encerrar' },
  { acao: 'encerrar', keys: 'alt+x', label: 'Alt+X', descricao: 'Encerrar a manifestação' },
  { acao: 'reabrir', keys: 'alt+b', label: 'Alt+B', descricao: 'Reabrir a manifestação' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Manifestação anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próxima manifestação na lista' },
];

const PASSOS: Record<ManifestacaoHistorico['acao'], string> = {
  registrar: 'Manifestação registrada',
  analisar: 'Análise iniciada',
  encaminhar: 'Encaminhada à área',
  retornar: 'Retorno da área',
  responder: 'Resposta enviada',
  avaliar: 'Resposta avaliada',
  encerrar: 'Encerrada',
  reabrir: 'Reaberta',
  prorrogar: 'Prazo prorrogado',
};
/** What the note is for: internal on the staff's routing steps; the reason of a reopening and a rating's comment are read by the family. */
function notaLabel(equipe: boolean, permitidas: readonly Acao[]): string {
  if (equipe && (permitidas.includes('encaminhar') || permitidas.includes('retornar'))) return 'Nota interna (obrigatória para encaminhar e para o retorno da área; o beneficiário não a vê)';
  if (permitidas.includes('reabrir')) return equipe ? 'Nota (obrigatória para reabrir; o motivo da reabertura é visto pelo beneficiário)' : 'Comentário (obrigatório para reabrir)';
  return equipe ? 'Nota interna (o beneficiário não a vê)' : 'Comentário';
}
const passo = (h: ManifestacaoHistorico) => `${PASSOS[h.acao]}${h.area ? `: ${areaLabel(h.area)}` : ''}`;

/** The 30-business-day extension of a manifestação still due: the justification and the button (the ombudsman's). */
function Prorrogacao({ d, onDone }: { d: ManifestacaoDetalhe; onDone: (n: ManifestacaoDetalhe) => void }) {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  async function prorrogar() {
    const body = { version: d.version, justificativa: texto };
    const r = prorrogacaoSchema.safeParse(body);
    if (!r.success) return setErro(r.error.issues[0].message);
    setEnviando(true);
    try {
      onDone(await ouvidoriaApi.prorrogar(d.id, body));
      setTexto('');
      setErro(null);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : (e as Error).message);
    } finally {
      setEnviando(false);
    }
  }
  return (
    <details className="card fluxo-dados">
      <summary>Prorrogar o prazo para {PRAZO_PRORROGADO_DIAS_UTEIS} dias úteis (caso complexo)</summary>
      <div className="field fluxo-campo largo">
        <label htmlFor="ouv-justificativa">Justificativa *</label>
        <textarea id="ouv-justificativa" rows={3} maxLength={1000} value={texto} aria-invalid={erro ? true : undefined} onChange={(e) => (setTexto(e.target.value), setErro(null))} />
        {erro && (
          <p className="field-error" role="alert">
            {erro}
          </p>
        )}
      </div>
      <button type="button" className="btn" disabled={enviando} onClick={() => void prorrogar()}>
        Prorrogar prazo
      </button>
    </details>
  );
}

/**
 * One manifestação in its workspace tab: protocol, status and the business days left; what was said, with its
 * attachments; the answer and the rating; the steps this session may take (the ombudsman: analyse, route with an
 * internal note, the area's return, answer, close; the family: rate and reopen) and the history (internal notes only
 * reach the staff: the server leaves them out for the family).
 */
export function Manifestacao({ command, search, id }: { command: Command; search: string; id: number }) {
  const qc = useQueryClient();
  const [area, setArea] = useState('');
  const [resposta, setResposta] = useState('');
  const [satisfacao, setSatisfacao] = useState('');
  const rec = useWorkflowRecord({
    workflow: FLUXO,
    command,
    search,
    id,
    list: MANIFESTACOES_LIST,
    queryKey: ouvidoriaKeys.detail(id),
    get: () => ouvidoriaApi.get(id),
    extra: (acao) => ({
      area: FLUXO.transitions[acao].area ? area || null : null,
      resposta: FLUXO.transitions[acao].resposta ? resposta || null : null,
      satisfacao: FLUXO.transitions[acao].satisfacao ? satisfacao || null : null,
    }),
    schema: transicaoSchema,
    send: (body) => ouvidoriaApi.transicao(id, body as Parameters<typeof ouvidoriaApi.transicao>[1]),
    fields: ['area', 'resposta', 'satisfacao'],
    reset: () => (setArea(''), setResposta(''), setSatisfacao('')),
    done: (acao, novo) => (acao === 'avaliar' ? 'Obrigado pela avaliação. Manifestação encerrada.' : `Manifestação ${FLUXO.labels[novo.status].toLowerCase()}.`),
    focus: (e) => (e.area ? '#ouv-area' : e.resposta ? '#ouv-resposta' : e.satisfacao ? '[data-campo="satisfacao"] input' : 'textarea'),
    tabLabel: (d) => `Manifestação ${d.protocolo}`,
    shortcutsTitle: 'Manifestação',
    shortcuts: ATALHOS,
    allowed: (d) => d.acoes,
  });
  const { req, d, erros, setErros } = rec;

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Manifestação não encontrada.'}</p>;
  const pode = (a: Acao) => rec.permitidas.includes(a);
  const equipe = d.podeProrrogar || pode('analisar') || pode('responder') || pode('encerrar') || pode('retornar');
  const erroDe = (k: 'area' | 'resposta' | 'satisfacao') =>
    erros[k] && (
      <p className="field-error" role="alert" data-erro={k}>
        {erros[k]}
      </p>
    );

  return (
    <div className="fluxo-registro" data-testid="manifestacao" data-id={d.id}>
      <WorkflowHeader
        workflow={FLUXO}
        status={d.status}
        title={
          <>
            Manifestação <span data-testid="protocolo" className="ouv-protocolo">{d.protocolo}</span>
          </>
        }
        sub={
          <>
            {tipoLabel(d.tipo)} · {assuntoLabel(d.assunto)} · {instantToBr(d.registradaEm)}
          </>
        }
        command={command}
        tabId={rec.tabId}
        list={MANIFESTACOES_LIST}
        nav={rec.nav}
        aviso={rec.aviso}
      />

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="ouv-dados">
          <h2 id="ouv-dados">Manifestação</h2>
          <dl>
            <dt>Beneficiário</dt>
            <dd data-testid="beneficiario">
              {d.beneficiarioNome}
              {d.carteirinha && <small> · {d.carteirinha}</small>}
            </dd>
            <dt>Tipo</dt>
            <dd>{tipoLabel(d.tipo)}</dd>
            <dt>Assunto</dt>
            <dd>{assuntoLabel(d.assunto)}</dd>
            <dt>Prazo de resposta</dt>
            <dd>
              {isoToBr(d.prazo)} · <Prazo dias={d.diasRestantes} />
              {d.prorrogada && <small> (prorrogado)</small>}
            </dd>
            {d.justificativaProrrogacao && (
              <>
                <dt>Justificativa da prorrogação</dt>
                <dd className="fluxo-texto">{d.justificativaProrrogacao}</dd>
              </>
            )}
            <dt>Canal</dt>
            <dd>{canalLabel(d.canal)}</dd>
            <dt>Resposta por</dt>
            <dd>
              {contatoLabel(d.contato)}
              {d.contatoValor && ` · ${d.contatoValor}`}
            </dd>
            {d.protocoloPrimeiraInstancia && (
              <>
                <dt>Protocolo da 1ª instância</dt>
                <dd className="ouv-protocolo">
                  {d.protocoloPrimeiraInstancia}
                  {d.atendimento && <small> · atendimento registrado</small>}
                </dd>
              </>
            )}
            {d.autorizacao && (
              <>
                <dt>Autorização</dt>
                <dd data-testid="autorizacao">Guia nº {d.autorizacao.numero}</dd>
              </>
            )}
            {d.area && (
              <>
                <dt>Aguardando a área</dt>
                <dd data-testid="area">{areaLabel(d.area)}</dd>
              </>
            )}
            <dt>Descrição</dt>
            <dd className="fluxo-texto" data-testid="descricao">
              {d.descricao}
            </dd>
            {d.anexos.length > 0 && (
              <>
                <dt>Anexos</dt>
                <dd>
                  <AnexosLista anexos={d.anexos} className="ouv-anexos" />
                </dd>
              </>
            )}
            <dt>Registrada por</dt>
            <dd>{d.registradaPor}</dd>
          </dl>
        </section>

        <section className="card fluxo-dados" aria-labelledby="ouv-resposta-titulo">
          <h2 id="ouv-resposta-titulo">Resposta da Ouvidoria</h2>
          {d.resposta ? (
            <dl>
              <dt>Respondida em</dt>
              <dd>{instantToBr(d.respondidaEm)}</dd>
              <dt>Resposta</dt>
              <dd className="ouv-resposta" data-testid="resposta">
                {d.resposta}
              </dd>
              {d.satisfacao != null && (
                <>
                  <dt>Avaliação</dt>
                  <dd data-testid="satisfacao">{satisfacaoLabel(d.satisfacao)}</dd>
                </>
              )}
              {d.reabrirAte && d.acoes.includes('reabrir') && (
                <>
                  <dt>Reabrir até</dt>
                  <dd>{isoToBr(d.reabrirAte)}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="fluxo-texto">Ainda sem resposta. Prazo: {isoToBr(d.prazo)}.</p>
          )}
        </section>
      </div>

      {rec.permitidas.length > 0 && (
        <WorkflowActions
          workflow={FLUXO}
          rec={rec}
          prefix="ouv"
          title={equipe ? 'Andamento' : 'Sua avaliação'}
          noteLabel={notaLabel(equipe, rec.permitidas)}
          reloadLabel="Recarregar a manifestação (o que foi digitado é mantido)"
          shortcuts={ATALHOS}
        >
          {pode('encaminhar') && (
            <div className="field fluxo-campo" data-campo="area">
              <label htmlFor="ouv-area">Área (para encaminhar)</label>
              <OptionSelect id="ouv-area" value={area} options={AREAS} placeholder="Selecione…" invalid={!!erros.area} onChange={(v) => (setArea(v), setErros(({ area: _, ...r }) => r))} />
              {erroDe('area')}
            </div>
          )}
          {pode('responder') && (
            <div className="field fluxo-campo largo" data-campo="resposta">
              <label htmlFor="ouv-resposta">Resposta ao beneficiário (para responder)</label>
              <textarea id="ouv-resposta" rows={4} maxLength={4000} value={resposta} aria-invalid={erros.resposta ? true : undefined} onChange={(e) => (setResposta(e.target.value), setErros(({ resposta: _, ...r }) => r))} />
              {erroDe('resposta')}
            </div>
          )}
          {pode('avaliar') && (
            <div className="field fluxo-campo largo" data-campo="satisfacao">
              <span id="ouv-satisfacao-rotulo">{equipe ? 'Avaliação dada pelo beneficiário (para avaliar)' : 'Como avalia a resposta? (para avaliar)'}</span>
              <div className="ouv-estrelas" role="radiogroup" aria-labelledby="ouv-satisfacao-rotulo">
                {SATISFACAO.map(([v, l]) => (
                  <label key={v} className={satisfacao === v ? 'ativo' : undefined}>
                    <input type="radio" name="ouv-satisfacao" value={v} checked={satisfacao === v} onChange={() => (setSatisfacao(v), setErros(({ satisfacao: _, ...r }) => r))} />
                    {l}
                  </label>
                ))}
              </div>
              {erroDe('satisfacao')}
            </div>
          )}
        </WorkflowActions>
      )}

      {d.podeProrrogar && (
        <Prorrogacao
          d={d}
          onDone={() => {
            // the record's version moved: the steps continue from the one just written
            void rec.recarregar();
            void qc.invalidateQueries({ queryKey: listKeys.all });
          }}
        />
      )}

      <WorkflowHistory prefix="ouv" rows={d.historico} labels={FLUXO.labels} step={passo} />
    </div>
  );
}

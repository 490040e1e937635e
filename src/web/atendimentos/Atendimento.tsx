import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Command } from '../../../commands';
import {
  ACAO_LABEL,
  acoesDe,
  canalLabel,
  formatDuracao,
  motivoLabel,
  pessoaLabel,
  RESULTADOS,
  resultadoLabel,
  STATUS_LABEL,
  STATUS_TONE,
  TRANSICOES,
  transicaoSchema,
  type Acao,
  type AtendimentoHistorico,
} from '../../shared/atendimentos';
import { ATENDIMENTOS_LIST } from '../../shared/atendimentos/listas';
import { instantToBr } from '../../shared/dates';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { listKeys } from '../lists/api';
import { ListNav, useListNeighbors } from '../lists/ListNav';
import { Chip } from '../ui/Chip';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { atendimentoApi, atendimentoKeys } from './api';

/**
 * The contact's shortcuts, written once: bound, shown on the buttons and listed in the "?" panel from here (Alt keeps
 * them clear of typing; Alt+D, Alt+E and Alt+F are the browser's own).
 */
export const ATALHOS: { acao: Acao | 'anterior' | 'proximo'; keys: string; label: string; descricao: string }[] = [
  { acao: 'concluir', keys: 'alt+c', label: 'Alt+C', descricao: 'Concluir o atendimento' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Cancelar o atendimento' },
  { acao: 'reabrir', keys: 'alt+r', label: 'Alt+R', descricao: 'Reabrir o atendimento' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Atendimento anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próximo atendimento na lista' },
];
const atalhoDe = (a: Acao) => ATALHOS.find((x) => x.acao === a)!.label;

/** How a step of the history reads. */
function passo(h: AtendimentoHistorico): string {
  if (h.acao === 'registrar') return 'Atendimento registrado';
  if (h.acao === 'concluir') return `Concluído: ${resultadoLabel(h.resultado).toLowerCase()}`;
  return h.acao === 'cancelar' ? 'Cancelado' : 'Reaberto';
}

/**
 * One contact in its workspace tab: the protocol and status, the person, the contact (channel, reason, times,
 * duration, references), the steps its status allows (the shared table) with their shortcuts, and the history. A 409
 * (another attendant moved it first) keeps what was typed and offers to reload.
 */
export function Atendimento({ command, search, id }: { command: Command; search: string; id: number }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const req = useQuery({ queryKey: atendimentoKeys.detail(id), queryFn: () => atendimentoApi.get(id) });
  const d = req.data;
  const [nota, setNota] = useState('');
  const [resultado, setResultado] = useState('');
  const [erros, setErros] = useState<Partial<Record<'nota' | 'resultado' | 'geral', string>>>({});
  const [conflito, setConflito] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [versao, setVersao] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // the tab is named after the protocol it shows
  const protocolo = d?.protocolo;
  useEffect(() => {
    if (tabId && protocolo) tabActions.setLabel(tabId, `Atendimento ${protocolo}`);
  }, [tabId, protocolo]);
  // the version the user works on is the first one read (a reload after a 409 takes the new one)
  useEffect(() => {
    if (d) setVersao((v) => v ?? d.version);
  }, [d]);

  const nav = useListNeighbors(ATENDIMENTOS_LIST, command, search, id);

  async function aplicar(acao: Acao) {
    if (!d || enviando) return;
    setAviso(null);
    if (!acoesDe(d.status).includes(acao)) return setErros({ geral: `${ACAO_LABEL[acao]}: não disponível para o status "${STATUS_LABEL[d.status]}".` });
    const body = { acao, version: versao ?? d.version, nota: nota.trim() || null, resultado: TRANSICOES[acao].resultado ? resultado || null : null };
    const r = transicaoSchema.safeParse(body);
    if (!r.success) {
      const e: typeof erros = {};
      for (const i of r.error.issues) {
        const k = String(i.path[0]);
        e[k === 'nota' || k === 'resultado' ? k : 'geral'] ??= i.message;
      }
      setErros(e);
      formRef.current?.querySelector<HTMLElement>(e.resultado ? 'select' : 'textarea')?.focus();
      return;
    }
    setErros({});
    setEnviando(true);
    try {
      const novo = await atendimentoApi.transicao(id, body);
      qc.setQueryData(atendimentoKeys.detail(id), novo);
      setVersao(novo.version);
      setConflito(false);
      setNota('');
      setResultado('');
      setAviso(acao === 'concluir' ? `Atendimento concluído: ${resultadoLabel(novo.resultado).toLowerCase()}.` : `Atendimento ${STATUS_LABEL[novo.status].toLowerCase()}.`);
      // done: what was typed is saved, so the tab no longer holds unsaved input (the workspace listens to submit)
      formRef.current?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflito(true);
      const campos = e instanceof ApiError ? e.fieldErrors() : {};
      setErros({ ...(campos.nota ? { nota: campos.nota } : {}), ...(campos.resultado ? { resultado: campos.resultado } : {}), ...(campos.nota || campos.resultado ? {} : { geral: (e as Error).message }) });
    } finally {
      setEnviando(false);
    }
  }
  async function recarregar() {
    const r = await qc.fetchQuery({ queryKey: atendimentoKeys.detail(id), queryFn: () => atendimentoApi.get(id) });
    setVersao(r.version);
    setConflito(false);
    setErros({});
  }

  const permitidas = d ? acoesDe(d.status) : [];
  useScreenShortcuts(
    'Atendimento',
    ATALHOS.filter((a) => a.acao === 'anterior' || a.acao === 'proximo' || permitidas.includes(a.acao)).map((a) => ({
      keys: a.keys,
      label: a.label,
      description: a.descricao,
      run: () => (a.acao === 'anterior' ? nav.move(-1) : a.acao === 'proximo' ? nav.move(1) : void aplicar(a.acao)),
    })),
  );

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Atendimento não encontrado.'}</p>;
  const conclui = permitidas.includes('concluir');
  const pedeMotivo = permitidas.some((a) => TRANSICOES[a].motivo);

  return (
    <div className="atd-registro" data-testid="atendimento" data-id={d.id}>
      <header className="atd-cab">
        <div>
          <h1 className="page-title">
            <span>
              Atendimento <span data-testid="protocolo">{d.protocolo}</span>
            </span>
            <Chip tone={STATUS_TONE[d.status]}>{STATUS_LABEL[d.status]}</Chip>
          </h1>
          <p className="page-sub">
            {motivoLabel(d.motivo)} · {canalLabel(d.canal)} · {instantToBr(d.inicio)}
          </p>
        </div>
        <div className="atd-nav">
          <button type="button" className="btn" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
            Lista
          </button>
          <ListNav def={ATENDIMENTOS_LIST} nav={nav} />
          <button type="button" className="btn" onClick={() => window.print()}>
            Imprimir comprovante
          </button>
        </div>
      </header>

      {aviso && (
        <p role="status" className="atd-ok" data-testid="aviso">
          {aviso}
        </p>
      )}

      <div className="atd-colunas">
        <section className="card atd-dados" aria-labelledby="atd-contato">
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
            <dd className="atd-texto" data-testid="descricao">
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
                <dd className="atd-texto">{d.justificativa}</dd>
              </>
            )}
            <dt>Atendente</dt>
            <dd data-testid="atendente">{d.atendenteNome}</dd>
          </dl>
        </section>

        <section className="card atd-dados" aria-labelledby="atd-pessoa">
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

      {permitidas.length > 0 && (
        <form ref={formRef} className="card atd-acoes-form" aria-label="Andamento" onSubmit={(e) => e.preventDefault()}>
          <h2>Andamento</h2>
          <div className="atd-grid">
            {conclui && (
              <div className="field atd-campo" data-campo="resultado">
                <label htmlFor="atd-resultado">Resultado (para concluir)</label>
                <select id="atd-resultado" value={resultado} aria-invalid={erros.resultado ? true : undefined} onChange={(e) => (setResultado(e.target.value), setErros(({ resultado: _, ...r }) => r))}>
                  <option value="">Selecione…</option>
                  {RESULTADOS.map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
                {erros.resultado && (
                  <p className="field-error" role="alert" data-erro="resultado">
                    {erros.resultado}
                  </p>
                )}
              </div>
            )}
            <div className="field atd-campo largo" data-campo="nota">
              <label htmlFor="atd-nota">{pedeMotivo ? `Nota ou motivo (obrigatório para ${permitidas.includes('reabrir') ? 'reabrir' : 'cancelar'})` : 'Nota'}</label>
              <textarea id="atd-nota" rows={3} maxLength={1000} value={nota} aria-invalid={erros.nota ? true : undefined} onChange={(e) => (setNota(e.target.value), setErros(({ nota: _, ...r }) => r))} />
              {erros.nota && (
                <p className="field-error" role="alert" data-erro="nota">
                  {erros.nota}
                </p>
              )}
            </div>
          </div>
          {erros.geral && (
            <div role="alert" className="atd-erro">
              {erros.geral}
              {conflito && (
                <button type="button" className="btn" onClick={() => void recarregar()}>
                  Recarregar o atendimento (o que foi digitado é mantido)
                </button>
              )}
            </div>
          )}
          <div className="atd-botoes">
            {permitidas.map((a) => (
              <button
                key={a}
                type="button"
                className={`btn ${a === 'cancelar' ? 'danger' : 'btn-primary'}`}
                disabled={enviando}
                onClick={() => void aplicar(a)}
                title={`${ACAO_LABEL[a]} (${atalhoDe(a)})`}
              >
                {ACAO_LABEL[a]}
                <kbd>{atalhoDe(a)}</kbd>
              </button>
            ))}
          </div>
        </form>
      )}

      <section className="card atd-historico" aria-labelledby="atd-hist">
        <h2 id="atd-hist">Histórico</h2>
        <table className="atd-tabela">
          <thead>
            <tr>
              <th>Data e hora</th>
              <th>Usuário</th>
              <th>Ação</th>
              <th>Status</th>
              <th>Nota</th>
            </tr>
          </thead>
          <tbody>
            {d.historico.map((h) => (
              <tr key={h.id} data-acao={h.acao}>
                <td data-label="Data e hora">{instantToBr(h.em)}</td>
                <td data-label="Usuário">{h.usuario}</td>
                <td data-label="Ação">{passo(h)}</td>
                <td data-label="Status">{h.de ? `${STATUS_LABEL[h.de]} → ${STATUS_LABEL[h.para]}` : STATUS_LABEL[h.para]}</td>
                <td data-label="Nota" className="atd-texto">
                  {h.nota ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

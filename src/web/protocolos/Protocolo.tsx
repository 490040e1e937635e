import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import {
  ACAO_LABEL,
  acoesDe,
  canalLabel,
  documentoLegivel,
  remetenteLabel,
  STATUS_LABEL,
  STATUS_TONE,
  tipoDocumentoLabel,
  TRANSICOES,
  tramitacaoSchema,
  type Acao,
  type ProtocoloHistorico,
} from '../../shared/protocolos';
import { PROTOCOLOS_LIST } from '../../shared/protocolos/listas';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { listKeys } from '../lists/api';
import { ListNav, useListNeighbors } from '../lists/ListNav';
import { RefSelect } from '../resources/RefSelect';
import { Chip } from '../ui/Chip';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { protocoloApi, protocoloKeys } from './api';

/**
 * The protocol's shortcuts, written once: bound, shown on the buttons and listed in the "?" panel from here (Alt keeps
 * them clear of typing; Alt+D, Alt+E and Alt+F are the browser's own).
 */
export const ATALHOS: { acao: Acao | 'anterior' | 'proximo'; keys: string; label: string; descricao: string }[] = [
  { acao: 'encaminhar', keys: 'alt+s', label: 'Alt+S', descricao: ACAO_LABEL.encaminhar },
  { acao: 'concluir', keys: 'alt+c', label: 'Alt+C', descricao: ACAO_LABEL.concluir },
  { acao: 'devolver', keys: 'alt+v', label: 'Alt+V', descricao: 'Devolver ao remetente' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X', descricao: 'Cancelar o protocolo' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Protocolo anterior na lista' },
  { acao: 'proximo', keys: 'alt+period', label: 'Alt+.', descricao: 'Próximo protocolo na lista' },
];
const atalhoDe = (a: Acao) => ATALHOS.find((x) => x.acao === a)!.label;

/** How a step of the history reads. */
function passo(h: ProtocoloHistorico): string {
  if (h.acao === 'registrar') return 'Documento protocolado';
  if (h.acao === 'encaminhar') return `Encaminhado ao setor ${h.setorNome ?? ''}`.trim();
  if (h.acao === 'devolver') return 'Devolvido ao remetente';
  return h.acao === 'concluir' ? 'Concluído' : 'Cancelado';
}

/**
 * One protocol in its workspace tab: the number and status, the sender, the document, the actions its status allows
 * (the shared table) with their shortcuts, and the history. A 409 (another desk moved it first) keeps the note typed
 * and offers to reload.
 */
export function Protocolo({ command, search, id }: { command: Command; search: string; id: number }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const req = useQuery({ queryKey: protocoloKeys.detail(id), queryFn: () => protocoloApi.get(id) });
  const d = req.data;
  const [nota, setNota] = useState('');
  const [setor, setSetor] = useState('');
  const [erros, setErros] = useState<Partial<Record<'nota' | 'setorId' | 'geral', string>>>({});
  const [conflito, setConflito] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [versao, setVersao] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // the tab is named after the protocol it shows (opened from the list with Enter, or just registered)
  const numero = d?.numero;
  useEffect(() => {
    if (tabId && numero) tabActions.setLabel(tabId, `Protocolo ${numero}`);
  }, [tabId, numero]);
  // the version the user works on is the first one read (a reload after a 409 takes the new one)
  useEffect(() => {
    if (d) setVersao((v) => v ?? d.version);
  }, [d]);

  // previous and next in the whole list it was opened from (the tab's address keeps its filters and order)
  const nav = useListNeighbors(PROTOCOLOS_LIST, command, search, id);

  async function aplicar(acao: Acao) {
    if (!d || enviando) return;
    setAviso(null);
    if (!acoesDe(d.status).includes(acao)) return setErros({ geral: `${ACAO_LABEL[acao]}: não disponível para o status "${STATUS_LABEL[d.status]}".` });
    const body = { acao, version: versao ?? d.version, nota: nota.trim() || null, ...(acao === 'encaminhar' && setor ? { setorId: Number(setor) } : {}) };
    const r = tramitacaoSchema.safeParse(body);
    if (!r.success) {
      const e: typeof erros = {};
      for (const i of r.error.issues) {
        const k = String(i.path[0]);
        e[k === 'nota' || k === 'setorId' ? k : 'geral'] ??= i.message;
      }
      setErros(e);
      if (e.nota) formRef.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
      return;
    }
    setErros({});
    setEnviando(true);
    try {
      const novo = await protocoloApi.tramitar(id, body);
      qc.setQueryData(protocoloKeys.detail(id), novo);
      setVersao(novo.version);
      setConflito(false);
      setNota('');
      setSetor('');
      setAviso(acao === 'encaminhar' ? `Encaminhado ao setor ${novo.setorNome}.` : `Protocolo ${STATUS_LABEL[novo.status].toLowerCase()}.`);
      // done: the note typed is saved, so the tab no longer holds unsaved input (the workspace listens to submit)
      formRef.current?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflito(true);
      const campos = e instanceof ApiError ? e.fieldErrors() : {};
      setErros({ ...(campos.nota ? { nota: campos.nota } : {}), ...(campos.setorId ? { setorId: campos.setorId } : {}), ...(campos.nota || campos.setorId ? {} : { geral: (e as Error).message }) });
    } finally {
      setEnviando(false);
    }
  }
  async function recarregar() {
    const r = await qc.fetchQuery({ queryKey: protocoloKeys.detail(id), queryFn: () => protocoloApi.get(id) });
    setVersao(r.version);
    setConflito(false);
    setErros({});
  }

  const permitidas = d ? acoesDe(d.status) : [];
  useScreenShortcuts(
    'Protocolo de documento',
    ATALHOS.filter((a) => a.acao === 'anterior' || a.acao === 'proximo' || permitidas.includes(a.acao)).map((a) => ({
      keys: a.keys,
      label: a.label,
      description: a.descricao,
      run: () => (a.acao === 'anterior' ? nav.move(-1) : a.acao === 'proximo' ? nav.move(1) : void aplicar(a.acao)),
    })),
  );

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Protocolo não encontrado.'}</p>;
  const pedeMotivo = permitidas.some((a) => TRANSICOES[a].motivo);
  const encaminha = permitidas.includes('encaminhar');

  return (
    <div className="prot-registro" data-testid="protocolo" data-id={d.id}>
      <header className="prot-cab">
        <div>
          <h1 className="page-title">
            <span>
              Protocolo <span data-testid="numero">{d.numero}</span>
            </span>
            <Chip tone={STATUS_TONE[d.status]}>{STATUS_LABEL[d.status]}</Chip>
          </h1>
          <p className="page-sub">
            {tipoDocumentoLabel(d.tipoDocumento)} · recebido em {isoToBr(d.recebidoEm)} · {canalLabel(d.canal)}
          </p>
        </div>
        <div className="prot-nav">
          <button type="button" className="btn" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
            Lista
          </button>
          <ListNav def={PROTOCOLOS_LIST} nav={nav} />
          <button type="button" className="btn" onClick={() => window.print()}>
            Imprimir comprovante
          </button>
        </div>
      </header>

      {aviso && (
        <p role="status" className="prot-ok" data-testid="aviso">
          {aviso}
        </p>
      )}

      <div className="prot-colunas">
        <section className="card prot-dados" aria-labelledby="prot-doc">
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
                <dd className="prot-texto">{d.observacao}</dd>
              </>
            )}
            {d.motivo && (d.status === 'DEVOLVIDO' || d.status === 'CANCELADO') && (
              <>
                <dt>{d.status === 'DEVOLVIDO' ? 'Motivo da devolução' : 'Motivo do cancelamento'}</dt>
                <dd className="prot-texto" data-testid="motivo">
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

        <section className="card prot-dados" aria-labelledby="prot-rem">
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

      {permitidas.length > 0 && (
        <form
          ref={formRef}
          className="card prot-acoes-form"
          aria-label="Tramitação"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <h2>Tramitação</h2>
          <div className="prot-grid">
            {encaminha && (
              <div className="field prot-campo" data-campo="setorId">
                <label htmlFor="prot-encaminhar-setor">Encaminhar ao setor</label>
                <RefSelect id="prot-encaminhar-setor" resource="setorempresa" label="Encaminhar ao setor" value={setor || String(d.setor)} currentLabel={d.setorNome} allowEmpty={false} invalid={!!erros.setorId} onChange={setSetor} />
                {erros.setorId && <p className="field-error">{erros.setorId}</p>}
              </div>
            )}
            <div className="field prot-campo largo" data-campo="nota">
              <label htmlFor="prot-nota">{pedeMotivo ? 'Nota ou motivo (obrigatório para devolver ou cancelar)' : 'Nota'}</label>
              <textarea id="prot-nota" rows={3} maxLength={1000} value={nota} aria-invalid={erros.nota ? true : undefined} onChange={(e) => (setNota(e.target.value), setErros(({ nota: _, ...r }) => r))} />
              {erros.nota && (
                <p className="field-error" role="alert" data-erro="nota">
                  {erros.nota}
                </p>
              )}
            </div>
          </div>
          {erros.geral && (
            <div role="alert" className={`prot-erro${conflito ? ' conflito' : ''}`}>
              {erros.geral}
              {conflito && (
                <button type="button" className="btn" onClick={() => void recarregar()}>
                  Recarregar o protocolo (a nota digitada é mantida)
                </button>
              )}
            </div>
          )}
          <div className="prot-botoes">
            {permitidas.map((a) => (
              <button
                key={a}
                type="button"
                className={`btn ${a === 'encaminhar' || (a === 'concluir' && !encaminha) ? 'btn-primary' : a === 'cancelar' || a === 'devolver' ? 'danger' : ''}`}
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

      <section className="card prot-historico" aria-labelledby="prot-hist">
        <h2 id="prot-hist">Histórico</h2>
        <table className="prot-tabela">
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
                <td data-label="Nota" className="prot-texto">
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

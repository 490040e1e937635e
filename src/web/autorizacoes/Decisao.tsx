import { formatBytes } from '../../shared/files';
import { downloadFile } from '../api/files';
import { isoToBr } from '../../shared/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { registry, type Command } from '../../../commands';
import { ACAO_LABEL, CONSELHO_SIGLA, JUSTIFICATIVA_NEGATIVA_MIN, MOTIVOS_NEGATIVA, MSG_JUSTIFICATIVA_NEGATIVA, STATUS, STATUS_LABEL, TIPOS, motivoLabel, podeAplicar, tagLabel, type Acao, type AutorizacaoDetalhe, type AutorizacaoHistorico, type DecisaoInput } from '../../shared/autorizacoes';
import { formatDateTime } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { userAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { listaOfPath } from '../../shared/autorizacoes/listas';
import { listKeys } from '../lists/api';
import { ListNav, useListNeighbors } from '../lists/ListNav';
import { autApi, autKeys, respostaPath } from './api';
import { DadosClinicosLeitura } from './CamposClinicos';
import { Resposta } from './Resposta';
import { StatusChip } from './StatusChip';
import { Dialog } from '../ui/Dialog';
import { useRecordActions } from '../records/actions';
import { ACOES_DECISAO, CONSULTA_BENEFICIARIOS, REGISTRO_BENEFICIARIOS, type DecisaoCtx } from './acoes';
import { openRecord } from '../workspace/store';
import { useMemo } from 'react';

/**
 * The decision screen's keys as the help pages list them: the declared actions' (./acoes.ts), then moving in the list.
 */
export const ATALHOS_DECISAO: { acao: string; keys: string; label: string; descricao: string }[] = [
  ...ACOES_DECISAO.filter((a) => a.hotkey).map((a) => ({ acao: a.id, keys: a.hotkey!.keys, label: a.hotkey!.label, descricao: a.label.replace(/…$/, '') })),
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,', descricao: 'Solicitação anterior na lista' },
  { acao: 'proxima', keys: 'alt+period', label: 'Alt+.', descricao: 'Próxima solicitação na lista' },
];

/** How a step of the history reads. */
function passo(h: AutorizacaoHistorico): string {
  if (h.acao === 'criar') return 'Solicitação registrada';
  if (h.acao === 'responder') return h.emNomeDoPrestador ? 'Resposta em nome do prestador' : 'Resposta do prestador';
  return ACAO_LABEL[h.acao as Acao] ?? h.acao;
}

interface ItemForm {
  quantidadeAutorizada: string;
  motivoNegativa: string;
}

/**
 * The auditor's decision on one request, in its own workspace tab: the request, its items with the authorized
 * quantity and negativa code per item, the decisions allowed from its status, the history, the senha and a
 * printable guide. A 409 (another auditor decided first) keeps everything typed and offers to reload.
 */
export function Decisao({ command, search, id, modo }: { command: Command; search: string; id: number; modo: 'auditor' | 'prestador' | 'leitura' }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const { visible } = useVisibility();
  const [aviso, setAviso] = useState<string | null>(null);
  // the provider's only decision here is to cancel: its fields show once asked for
  const [cancelando, setCancelando] = useState(modo !== 'prestador');
  const req = useQuery({ queryKey: autKeys.detail(id), queryFn: () => autApi.get(id) });
  const d = req.data;
  const [itens, setItens] = useState<Record<number, ItemForm>>({});
  const [motivo, setMotivo] = useState('');
  const [responsavel, setResponsavel] = useState('');
  const [motivoTodos, setMotivoTodos] = useState('1426');
  const [erro, setErro] = useState<string | null>(null);
  const [conflito, setConflito] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [versao, setVersao] = useState<number | null>(null);
  // Negar never decides at once: it opens a dialog asking for the code and the written justification
  const [negando, setNegando] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // the tab is named after the request it shows (opened from a list with Enter, or moved to the next in the queue)
  const numero = d?.numero;
  useEffect(() => {
    if (tabId && numero) tabActions.setLabel(tabId, `Guia ${numero}`);
  }, [tabId, numero]);

  // the typed values are seeded once per request version the auditor chose to work on (a reload after a 409 keeps them)
  useEffect(() => {
    if (!d) return;
    setItens((cur) => {
      const next: Record<number, ItemForm> = {};
      for (const i of d.itensDetalhe) next[i.id] = cur[i.id] ?? { quantidadeAutorizada: String(i.quantidadeAutorizada ?? i.quantidadeSolicitada), motivoNegativa: i.motivoNegativa ?? '' };
      return next;
    });
    setVersao((v) => v ?? d.version);
  }, [d]);

  // previous and next in the whole list it was opened from (the tab's address keeps its filters and order)
  const lista = listaOfPath(command.path);
  const nav = useListNeighbors(lista, command, search, id);

  /** A denial's code (items without their own) and justification, confirmed in the dialog. */
  type Negativa = { codigo: string; justificativa: string };
  function pedir(acao: Acao) {
    if (!d || enviando) return;
    if (!podeAplicar(acao, d.status)) return setErro(`${ACAO_LABEL[acao]}: não disponível para o status "${STATUS_LABEL[d.status]}".`);
    if (acao === 'negar') {
      setErro(null);
      return setNegando(true);
    }
    // asking the requester something needs the question written: the field gets the focus (from the palette too)
    if ((acao === 'pedirJustificativa' || acao === 'pedirDocumentos') && !motivo.trim()) {
      setErro(acao === 'pedirJustificativa' ? 'Descreva a justificativa técnica pedida ao solicitante no campo "Motivo / observação do auditor" e confirme de novo.' : 'Descreva os documentos pedidos ao prestador no campo "Motivo / observação do auditor" e confirme de novo.');
      formRef.current?.querySelector<HTMLTextAreaElement>('textarea[name="motivo"]')?.focus();
      return;
    }
    void decidir(acao);
  }
  async function decidir(acao: Acao, negativa?: Negativa): Promise<'ok' | 'conflito' | 'erro'> {
    if (!d || enviando) return 'erro';
    if (!podeAplicar(acao, d.status)) {
      setErro(`${ACAO_LABEL[acao]}: não disponível para o status "${STATUS_LABEL[d.status]}".`);
      return 'erro';
    }
    setErro(null);
    const body: DecisaoInput = { acao, version: versao ?? d.version, motivo: (negativa ? negativa.justificativa : motivo).trim() || null };
    if (acao === 'cancelar') body.responsavel = responsavel.trim() || null;
    if (acao === 'autorizarParcial')
      body.itens = d.itensDetalhe.map((i) => ({ id: i.id, quantidadeAutorizada: Number(itens[i.id]?.quantidadeAutorizada ?? i.quantidadeSolicitada), motivoNegativa: itens[i.id]?.motivoNegativa || null }));
    if (acao === 'negar') body.itens = d.itensDetalhe.map((i) => ({ id: i.id, motivoNegativa: itens[i.id]?.motivoNegativa || negativa?.codigo || motivoTodos }));
    setEnviando(true);
    try {
      const r = modo === 'auditor' ? await autApi.decidir(id, body) : await autApi.responder(id, body);
      qc.setQueryData(autKeys.detail(id), r);
      setVersao(r.version);
      setConflito(false);
      setMotivo('');
      // decided: what was typed is saved, so the tab no longer holds unsaved input (the workspace listens to submit)
      formRef.current?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await qc.invalidateQueries({ queryKey: listKeys.all });
      return 'ok';
    } catch (e) {
      const conflitou = e instanceof ApiError && e.status === 409;
      if (conflitou) setConflito(true);
      setErro(e instanceof Error ? e.message : String(e));
      return conflitou ? 'conflito' : 'erro';
    } finally {
      setEnviando(false);
    }
  }
  async function recarregar() {
    const r = await qc.fetchQuery({ queryKey: autKeys.detail(id), queryFn: () => autApi.get(id) });
    setVersao(r.version);
    setConflito(false);
    setErro(null);
  }

  useScreenShortcuts(
    'Decisão da solicitação — lista',
    ATALHOS_DECISAO.filter((a) => a.acao === 'anterior' || a.acao === 'proxima').map((a) => ({
      keys: a.keys,
      label: a.label,
      description: a.descricao,
      run: () => nav.move(a.acao === 'anterior' ? -1 : 1),
    })),
    { enabled: modo === 'auditor' },
  );

  // the declared actions (./acoes.ts): these buttons, their Alt keys and the palette's `>` while this tab is in front
  const record = useMemo(() => (d ? { label: `Guia ${d.numero}`, ctx: { status: d.status, modo } satisfies DecisaoCtx } : null), [d, modo]);
  const beneficiarioId = d?.beneficiarioId;
  const beneficiarioNome = d?.beneficiarioNome;
  const handlers: Record<string, () => void> = {
    autorizar: () => pedir('autorizar'),
    autorizarParcial: () => pedir('autorizarParcial'),
    negar: () => pedir('negar'),
    pedirJustificativa: () => pedir('pedirJustificativa'),
    pedirDocumentos: () => pedir('pedirDocumentos'),
    cancelar: () => (cancelando ? pedir('cancelar') : setCancelando(true)),
    abrirBeneficiario: () => {
      const registro = registry.match(REGISTRO_BENEFICIARIOS);
      const onde = registro && visible(registro) ? REGISTRO_BENEFICIARIOS : CONSULTA_BENEFICIARIOS;
      if (beneficiarioId) openRecord(`${onde}?ver=${beneficiarioId}`, beneficiarioNome ?? 'Beneficiário');
    },
  };
  const acoesDeclaradas = useRecordActions('Decisão da solicitação', ACOES_DECISAO, record, handlers, { keys: modo === 'auditor' });

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Solicitação não encontrada.'}</p>;
  // the provider answers in its own panel; here it may only cancel (the declarations say who is offered what)
  const botoes = acoesDeclaradas.filter((a) => a.id !== 'abrirBeneficiario');
  const abrirBeneficiario = acoesDeclaradas.find((a) => a.id === 'abrirBeneficiario');
  const autorizada = d.status === 1 || d.status === 7;
  const aguardando = d.status === STATUS.AGUARDANDO_JUSTIFICATIVA || d.status === STATUS.AGUARDANDO_DOCUMENTACAO;
  const prestadorUsuario = !!(user?.prestador || user?.prestadorAdministrativo);
  // the operator may answer for the provider: whoever may request this guide type (never the auditor who asked)
  const tipoCmd = registry.match(TIPOS[d.tipo]?.command ?? '');
  const respondePeloPrestador = modo === 'auditor' && aguardando && !prestadorUsuario && !user?.auditor && !!tipoCmd && visible(tipoCmd);

  return (
    <div className="aut-decisao" data-testid="decisao" data-id={d.id}>
      <header className="aut-cab">
        <h1 className="page-title">
          Guia {d.numero} <StatusChip status={d.status} />
        </h1>
        <div className="aut-nav">
          {abrirBeneficiario && (
            <button type="button" className="btn" onClick={abrirBeneficiario.run}>
              {abrirBeneficiario.label}
            </button>
          )}
          {respondePeloPrestador && (
            <button type="button" className="btn" onClick={() => go(respostaPath(d.tipo, d.id), { tabId: tabId ?? undefined, label: `Guia ${d.numero}` })}>
              Responder pelo prestador
            </button>
          )}
          {lista && (
            <ListNav def={lista} nav={nav} />
          )}
          {autorizada && (
            <button type="button" className="btn" onClick={() => window.print()}>
              Imprimir guia
            </button>
          )}
        </div>
      </header>

      {aviso && (
        <p role="status" className="aut-ok" data-testid="aviso">
          {aviso}
        </p>
      )}
      {modo === 'prestador' && aguardando && (
        <Resposta
          key={d.id}
          d={d}
          emNomeDoPrestador={!prestadorUsuario}
          onConflito={recarregar}
          onEnviada={(r) => {
            qc.setQueryData(autKeys.detail(id), r);
            setVersao(r.version);
            setAviso(`Resposta enviada: a solicitação voltou para "${STATUS_LABEL[r.status]}" e aguarda o auditor.`);
            void qc.invalidateQueries({ queryKey: ['autorizacoes', 'lista'] });
          }}
        />
      )}
      <section className="card aut-dados aut-guia">
        <dl>
          <dt>Tipo de guia</dt>
          <dd>{TIPOS[d.tipo]?.label}</dd>
          <dt>Data da solicitação</dt>
          <dd>{isoToBr(d.dataSolicitacao)}</dd>
          <dt>Caráter de atendimento</dt>
          <dd className={d.carater === '2' ? 'urgente' : undefined}>{d.carater === '2' ? 'Urgência/Emergência' : 'Eletiva'}</dd>
          <dt>Beneficiário</dt>
          <dd>
            {d.beneficiarioNome} — carteirinha {d.carteirinha}
          </dd>
          <dt>Prestador solicitante</dt>
          <dd>{d.prestadorNome}</dd>
          {d.prestadorExecutanteNome && (
            <>
              <dt>Prestador executante</dt>
              <dd>{d.prestadorExecutanteNome}</dd>
            </>
          )}
          <dt>Profissional solicitante</dt>
          <dd>
            {d.profissional.nome ?? '—'} · {CONSELHO_SIGLA[d.profissional.conselho] ?? `Conselho ${d.profissional.conselho}`} {d.profissional.numero}/{d.profissional.uf} · CBO {d.profissional.cbo ?? '—'}
          </dd>
          {d.cid && (
            <>
              <dt>CID</dt>
              <dd>{d.cid}</dd>
            </>
          )}
          <dt>Indicação clínica</dt>
          <dd>{d.indicacaoClinica ?? '—'}</dd>
          {autorizada && (
            <>
              <dt>Senha</dt>
              <dd data-testid="senha">{d.senha}</dd>
              <dt>Validade da senha</dt>
              <dd>{isoToBr(d.validadeSenha)}</dd>
            </>
          )}
          {d.status === 6 && (
            <>
              <dt>Motivo do cancelamento</dt>
              <dd>
                {d.motivo} — responsável: {d.responsavel}
              </dd>
            </>
          )}
          {d.anexos.length > 0 && (
            <>
              <dt>Anexos</dt>
              <dd data-testid="anexos">
                {d.anexos.map((a, i) => (
                  <span key={a.id}>
                    {i > 0 && ', '}
                    {a.arquivoId ? (
                      <button type="button" className="linklike" title={`Baixar ${a.nome} (${formatBytes(a.tamanho)})`} onClick={() => void downloadFile({ id: a.arquivoId!, nome: a.nome })}>
                        {a.nome}
                      </button>
                    ) : (
                      <span title="Documento registrado pelo sistema anterior, sem o arquivo">{a.nome}</span>
                    )}{' '}
                    ({tagLabel(a.tag)})
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
      </section>
      <DadosClinicosLeitura tipo={d.tipo} dados={d.dadosClinicos} />

      <form
        ref={formRef}
        className="card aut-form"
        aria-label="Decisão"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <table className="aut-tabela aut-itens tabela-celular">
          <thead>
            <tr>
              <th>Tabela</th>
              <th>Código</th>
              <th>Descrição</th>
              {TIPOS[d.tipo]?.odonto && <th>Dente/Face</th>}
              <th className="num">Solicitada</th>
              <th className="num">Autorizada</th>
              <th>Motivo da negativa (tabela 38)</th>
              <th className="num">Valor unit.</th>
            </tr>
          </thead>
          <tbody>
            {d.itensDetalhe.map((i) => (
              <tr key={i.id} data-item={i.id}>
                <td data-label="Tabela">{i.tabela}</td>
                <td data-label="Código">{i.codigo}</td>
                <td data-label="Descrição">{i.descricao}</td>
                {TIPOS[d.tipo]?.odonto && (
                  <td data-label="Dente/Face">
                    {i.dente ?? ''} {i.face ?? ''}
                  </td>
                )}
                <td className="num" data-label="Solicitada">{i.quantidadeSolicitada}</td>
                <td className="num" data-label="Autorizada">
                  {modo === 'auditor' ? (
                    <input
                      aria-label={`Quantidade autorizada de ${i.codigo}`}
                      type="number"
                      min={0}
                      max={i.quantidadeSolicitada}
                      disabled={!podeAplicar('autorizarParcial', d.status)}
                      value={itens[i.id]?.quantidadeAutorizada ?? ''}
                      onChange={(e) => setItens({ ...itens, [i.id]: { ...itens[i.id], quantidadeAutorizada: e.target.value } })}
                    />
                  ) : (
                    (i.quantidadeAutorizada ?? '—')
                  )}
                </td>
                <td data-label="Motivo da negativa">
                  {modo === 'auditor' && podeAplicar('negar', d.status) ? (
                    <select
                      aria-label={`Motivo da negativa de ${i.codigo}`}
                      value={itens[i.id]?.motivoNegativa ?? ''}
                      onChange={(e) => setItens({ ...itens, [i.id]: { ...itens[i.id], motivoNegativa: e.target.value } })}
                    >
                      <option value="">—</option>
                      {MOTIVOS_NEGATIVA.map(([c, l]) => (
                        <option key={c} value={c}>
                          {c} – {l}
                        </option>
                      ))}
                    </select>
                  ) : (
                    motivoLabel(i.motivoNegativa)
                  )}
                </td>
                <td className="num" data-label="Valor unit.">{formatMoney(i.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        {botoes.some((a) => a.enabled) && cancelando && (
          <div className="aut-campos">
            {modo === 'auditor' && podeAplicar('negar', d.status) && (
              <label>
                Motivo da negativa dos itens sem motivo
                <select aria-label="Motivo da negativa dos itens sem motivo" value={motivoTodos} onChange={(e) => setMotivoTodos(e.target.value)}>
                  {MOTIVOS_NEGATIVA.map(([c, l]) => (
                    <option key={c} value={c}>
                      {c} – {l}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label>
              {modo === 'auditor' ? 'Motivo / observação do auditor' : 'Motivo do cancelamento'}
              <textarea name="motivo" rows={3} maxLength={1000} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
            </label>
            {podeAplicar('cancelar', d.status) && (
              <label>
                Responsável pelo cancelamento
                <input name="responsavel" maxLength={150} value={responsavel} onChange={(e) => setResponsavel(e.target.value)} placeholder="Nome do usuário responsável" />
              </label>
            )}
          </div>
        )}

        {erro && (
          <div role="alert" className={`aut-erro${conflito ? ' conflito' : ''}`}>
            {erro}
            {conflito && (
              <button type="button" className="btn" onClick={() => void recarregar()}>
                Recarregar a solicitação (o que você digitou é mantido)
              </button>
            )}
          </div>
        )}

        <div className="aut-acoes">
          {botoes.map((a) => {
            const tecla = modo === 'auditor' ? a.hotkey : undefined;
            return (
              <button
                key={a.id}
                type="button"
                data-acao={a.id}
                className={`btn ${a.tone === 'primary' ? 'btn-primary' : a.tone === 'danger' ? 'danger' : ''}`}
                disabled={!a.enabled || enviando}
                onClick={a.run}
                title={tecla ? `${a.label.replace(/…$/, '')} (${tecla})` : a.label}
              >
                {cancelando ? a.label : 'Cancelar a solicitação…'}
                {tecla && <kbd>{tecla}</kbd>}
              </button>
            );
          })}
        </div>
      </form>
      {negando && (
        <NegarDialog
          semCodigo={d.itensDetalhe.filter((i) => !itens[i.id]?.motivoNegativa).length}
          total={d.itensDetalhe.length}
          codigo={motivoTodos}
          justificativa={motivo}
          erro={erro}
          enviando={enviando}
          onClose={() => setNegando(false)}
          onConfirm={async (n) => {
            setMotivoTodos(n.codigo);
            // a conflict is resolved on the screen (reload keeps what was typed); any other refusal stays in the dialog
            if ((await decidir('negar', n)) !== 'erro') setNegando(false);
          }}
        />
      )}

      <section className="card aut-historico">
        <h2>Histórico</h2>
        <ol>
          {d.historico.map((h) => (
            <li key={`${h.id}-${h.em}`} data-acao={h.acao}>
              <time>{formatDateTime(h.em)}</time> — <strong>{h.usuario}</strong>: {passo(h)} → {STATUS_LABEL[h.para]}
              {h.motivo && <> · {h.motivo}</>}
              {h.anexos && <> · documentos: {h.anexos.join(', ')}</>}
              {h.responsavel && <> · responsável: {h.responsavel}</>}
            </li>
          ))}
        </ol>
      </section>
      <p className="aut-total">Valor solicitado: {formatMoney(d.valor)}</p>
    </div>
  );
}

export type { AutorizacaoDetalhe };

/**
 * Negar's confirmation: the table-38 code for the items without their own (pre-filled as on the screen) and the
 * written justification, required. Keyboard first: the justification has the focus, Enter confirms (Shift+Enter
 * breaks the line), Esc cancels.
 */
function NegarDialog(p: {
  semCodigo: number;
  total: number;
  codigo: string;
  justificativa: string;
  erro: string | null;
  enviando: boolean;
  onClose: () => void;
  onConfirm: (n: { codigo: string; justificativa: string }) => Promise<void>;
}) {
  const [codigo, setCodigo] = useState(p.codigo);
  const [texto, setTexto] = useState(p.justificativa);
  const [aviso, setAviso] = useState<string | null>(null);
  function confirmar() {
    if (p.enviando) return;
    if (texto.trim().length < JUSTIFICATIVA_NEGATIVA_MIN) return setAviso(MSG_JUSTIFICATIVA_NEGATIVA);
    setAviso(null);
    void p.onConfirm({ codigo, justificativa: texto.trim() });
  }
  const mensagem = aviso ?? p.erro;
  return (
    <Dialog
      title="Negar a solicitação"
      className="negar-dialog"
      onClose={p.onClose}
      footer={
        <>
          <span className="negar-dica" aria-hidden="true">
            Enter confirma · Esc cancela
          </span>
          <button type="button" className="btn" onClick={p.onClose}>
            Voltar
          </button>
          <button type="button" className="btn danger" disabled={p.enviando} onClick={confirmar}>
            {p.enviando ? 'Negando…' : 'Negar'}
          </button>
        </>
      }
    >
      {/* not a <form>: a submit would tell the workspace the tab's input was saved */}
      <div
        className="negar-campos"
        onKeyDown={(e) => {
          // Enter confirms from either field (Shift+Enter breaks the justification's line)
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            confirmar();
          }
        }}
      >
        <label>
          Motivo da negativa (tabela 38)
          <select value={codigo} onChange={(e) => setCodigo(e.target.value)}>
            {MOTIVOS_NEGATIVA.map(([c, l]) => (
              <option key={c} value={c}>
                {c} – {l}
              </option>
            ))}
          </select>
          <small>
            {p.semCodigo === p.total
              ? p.total === 1
                ? 'Vale para o item da solicitação.'
                : `Vale para os ${p.total} itens da solicitação.`
              : p.semCodigo === 0
                ? 'Todos os itens já têm o seu motivo na tabela; ele é mantido.'
                : `Vale para ${p.semCodigo === 1 ? 'o item' : `os ${p.semCodigo} itens`} sem motivo na tabela; os demais mantêm o seu.`}
          </small>
        </label>
        <label>
          Justificativa da negativa
          <textarea
            data-autofocus
            rows={4}
            maxLength={1000}
            value={texto}
            aria-invalid={!!aviso}
            aria-describedby={mensagem ? 'negar-erro' : undefined}
            onChange={(e) => {
              setTexto(e.target.value);
              if (aviso && e.target.value.trim().length >= JUSTIFICATIVA_NEGATIVA_MIN) setAviso(null);
            }}
          />
          <small>Fica no histórico da solicitação. Mínimo de {JUSTIFICATIVA_NEGATIVA_MIN} caracteres.</small>
        </label>
        {mensagem && (
          <p role="alert" id="negar-erro" className="negar-erro">
            {mensagem}
          </p>
        )}
      </div>
    </Dialog>
  );
}

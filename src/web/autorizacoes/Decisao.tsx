import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import type { Command } from '../../../commands';
import {
  ACAO_LABEL, MOTIVOS_NEGATIVA, STATUS_LABEL, TIPOS, isoToBr, motivoLabel, podeAplicar, type Acao, type AutorizacaoDetalhe, type DecisaoInput,
} from '../../shared/autorizacoes';
import { formatDateTime, formatMoney } from '../../shared/format';
import { ApiError } from '../api/client';
import { useTabId } from '../workspace/hooks';
import { go, workspaceAtom } from '../workspace/store';
import { autApi, autKeys, queueOf } from './api';
import { StatusChip } from './StatusChip';

/** Screen-scoped shortcuts of the decision screen (listed on the screen; Alt keeps them clear of typing). */
export const ATALHOS_DECISAO: { acao: Acao | 'proxima' | 'anterior'; keys: string; label: string }[] = [
  { acao: 'autorizar', keys: 'alt+a', label: 'Alt+A' },
  { acao: 'autorizarParcial', keys: 'alt+p', label: 'Alt+P' },
  { acao: 'negar', keys: 'alt+n', label: 'Alt+N' },
  { acao: 'pedirJustificativa', keys: 'alt+j', label: 'Alt+J' },
  { acao: 'pedirDocumentos', keys: 'alt+o', label: 'Alt+O' },
  { acao: 'cancelar', keys: 'alt+x', label: 'Alt+X' },
  { acao: 'anterior', keys: 'alt+comma', label: 'Alt+,' },
  { acao: 'proxima', keys: 'alt+period', label: 'Alt+.' },
];

interface ItemForm {
  quantidadeAutorizada: string;
  motivoNegativa: string;
}

/**
 * The auditor's decision on one request, in its own workspace tab: the request, its items with the authorized
 * quantity and negativa code per item, the decisions allowed from its status, the history, the senha and a
 * printable guide. A 409 (another auditor decided first) keeps everything typed and offers to reload.
 */
export function Decisao({ command, id, modo }: { command: Command; id: number; modo: 'auditor' | 'prestador' | 'leitura' }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const ativa = useAtomValue(workspaceAtom).activeId === tabId || tabId == null;
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
  const formRef = useRef<HTMLFormElement>(null);

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

  const fila = queueOf(command.path);
  const pos = fila.indexOf(id);
  function irPara(delta: number) {
    const alvo = fila[pos + delta];
    if (alvo == null) return;
    const p = new URLSearchParams(location.search);
    p.set('id', String(alvo));
    go(`${command.path}?${p.toString()}`, { tabId: tabId ?? undefined, replace: true, label: 'Guia' });
  }

  async function decidir(acao: Acao) {
    if (!d || enviando) return;
    if (!podeAplicar(acao, d.status)) return setErro(`${ACAO_LABEL[acao]}: não disponível para o status "${STATUS_LABEL[d.status]}".`);
    setErro(null);
    const body: DecisaoInput = { acao, version: versao ?? d.version, motivo: motivo.trim() || null };
    if (acao === 'cancelar') body.responsavel = responsavel.trim() || null;
    if (acao === 'autorizarParcial')
      body.itens = d.itensDetalhe.map((i) => ({ id: i.id, quantidadeAutorizada: Number(itens[i.id]?.quantidadeAutorizada ?? i.quantidadeSolicitada), motivoNegativa: itens[i.id]?.motivoNegativa || null }));
    if (acao === 'negar') body.itens = d.itensDetalhe.map((i) => ({ id: i.id, motivoNegativa: itens[i.id]?.motivoNegativa || motivoTodos }));
    setEnviando(true);
    try {
      const r = modo === 'auditor' ? await autApi.decidir(id, body) : await autApi.responder(id, body);
      qc.setQueryData(autKeys.detail(id), r);
      setVersao(r.version);
      setConflito(false);
      setMotivo('');
      // decided: what was typed is saved, so the tab no longer holds unsaved input (the workspace listens to submit)
      formRef.current?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await qc.invalidateQueries({ queryKey: ['autorizacoes', 'lista'] });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflito(true);
      setErro(e instanceof Error ? e.message : String(e));
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

  const opts = { enabled: ativa && modo === 'auditor', enableOnFormTags: true, preventDefault: true } as const;
  useHotkeys('alt+a', () => void decidir('autorizar'), opts, [d, itens, motivo, versao]);
  useHotkeys('alt+p', () => void decidir('autorizarParcial'), opts, [d, itens, motivo, versao]);
  useHotkeys('alt+n', () => void decidir('negar'), opts, [d, itens, motivo, versao, motivoTodos]);
  useHotkeys('alt+j', () => void decidir('pedirJustificativa'), opts, [d, motivo, versao]);
  useHotkeys('alt+o', () => void decidir('pedirDocumentos'), opts, [d, motivo, versao]);
  useHotkeys('alt+x', () => void decidir('cancelar'), opts, [d, motivo, responsavel, versao]);
  useHotkeys('alt+comma', () => irPara(-1), opts, [pos, fila]);
  useHotkeys('alt+period', () => irPara(1), opts, [pos, fila]);

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'Solicitação não encontrada.'}</p>;
  const acoes: Acao[] = modo === 'auditor' ? ['autorizar', 'autorizarParcial', 'negar', 'pedirJustificativa', 'pedirDocumentos', 'cancelar'] : modo === 'prestador' ? ['responder', 'cancelar'] : [];
  const atalho = (a: Acao) => ATALHOS_DECISAO.find((x) => x.acao === a)?.label;
  const autorizada = d.status === 1 || d.status === 7;

  return (
    <div className="aut-decisao" data-testid="decisao" data-id={d.id}>
      <header className="aut-cab">
        <h1 className="page-title">
          Guia {d.numero} <StatusChip status={d.status} />
        </h1>
        <div className="aut-nav">
          {fila.length > 0 && pos >= 0 && (
            <>
              <button type="button" className="btn" disabled={pos <= 0} onClick={() => irPara(-1)} title="Anterior na fila (Alt+,)">
                ‹ Anterior
              </button>
              <span>
                {pos + 1} de {fila.length} na fila
              </span>
              <button type="button" className="btn" disabled={pos >= fila.length - 1} onClick={() => irPara(1)} title="Próxima na fila (Alt+.)">
                Próxima ›
              </button>
            </>
          )}
          {autorizada && (
            <button type="button" className="btn" onClick={() => window.print()}>
              Imprimir guia
            </button>
          )}
        </div>
      </header>

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
            {d.profissional.nome ?? '—'} · Conselho {d.profissional.conselho} {d.profissional.numero}/{d.profissional.uf} · CBO {d.profissional.cbo ?? '—'}
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
              <dd>{d.anexos.map((a) => `${a.nome} (${a.tag})`).join(', ')}</dd>
            </>
          )}
        </dl>
      </section>

      <form
        ref={formRef}
        className="card aut-form"
        aria-label="Decisão"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <table className="aut-tabela aut-itens">
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
                <td>{i.tabela}</td>
                <td>{i.codigo}</td>
                <td>{i.descricao}</td>
                {TIPOS[d.tipo]?.odonto && (
                  <td>
                    {i.dente ?? ''} {i.face ?? ''}
                  </td>
                )}
                <td className="num">{i.quantidadeSolicitada}</td>
                <td className="num">
                  <input
                    aria-label={`Quantidade autorizada de ${i.codigo}`}
                    type="number"
                    min={0}
                    max={i.quantidadeSolicitada}
                    disabled={modo !== 'auditor' || !podeAplicar('autorizarParcial', d.status)}
                    value={itens[i.id]?.quantidadeAutorizada ?? ''}
                    onChange={(e) => setItens({ ...itens, [i.id]: { ...itens[i.id], quantidadeAutorizada: e.target.value } })}
                  />
                </td>
                <td>
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
                <td className="num">{formatMoney(i.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        {acoes.some((a) => podeAplicar(a, d.status)) && (
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
              {modo === 'auditor' ? 'Motivo / observação do auditor' : 'Justificativa ou documentos enviados'}
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
          {acoes.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn ${a === 'autorizar' ? 'primary' : a === 'negar' || a === 'cancelar' ? 'danger' : ''}`}
              disabled={!podeAplicar(a, d.status) || enviando}
              onClick={() => void decidir(a)}
              title={atalho(a) ? `${ACAO_LABEL[a]} (${atalho(a)})` : ACAO_LABEL[a]}
            >
              {ACAO_LABEL[a]}
              {atalho(a) && <kbd>{atalho(a)}</kbd>}
            </button>
          ))}
        </div>
      </form>

      <section className="card aut-historico">
        <h2>Histórico</h2>
        <ol>
          {d.historico.map((h) => (
            <li key={`${h.id}-${h.em}`}>
              <time>{formatDateTime(h.em)}</time> — <strong>{h.usuario}</strong>: {h.acao === 'criar' ? 'Solicitação registrada' : (ACAO_LABEL[h.acao as Acao] ?? h.acao)} →{' '}
              {STATUS_LABEL[h.para]}
              {h.motivo && <> · {h.motivo}</>}
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

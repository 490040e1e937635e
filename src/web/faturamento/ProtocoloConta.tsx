import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Command } from '../../../commands';
import { STATUS_PROTOCOLO, STATUS_PROTOCOLO_TONS } from '../../shared/faturamento';
import type { ContaProtocolo, GuiaConta, ItemConta } from '../../shared/faturamento/conta';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney, parseMoney } from '../../shared/money';
import { ApiError } from '../api/client';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { Chip } from '../ui/Chip';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { baixarDemonstrativo, faturamentoApi, faturamentoKeys } from './api';
import './faturamento.css';

const statusLabel = (s: string) => STATUS_PROTOCOLO.find(([c]) => c === s)?.[1] ?? s;

/** The keys of the review, as the "?" panel and the hints line show them. */
const DICAS: [string, string][] = [
  ['↓ ↑', 'item'],
  ['N P', 'guia'],
  ['Alt+A', 'aceitar'],
  ['Alt+G', 'glosar'],
  ['Alt+L', 'liberar'],
  ['Alt+E', 'encerrar'],
];

function decisao(i: ItemConta): { texto: string; tom: 'ok' | 'bad' | 'warn' | 'neutral' } {
  if (!i.decidido) return { texto: 'Pendente', tom: 'neutral' };
  if (i.glosaCodigo) return { texto: `Glosa ${i.glosaCodigo}`, tom: 'bad' };
  return { texto: 'Liberado', tom: 'ok' };
}

interface Form {
  modo: 'glosar' | 'liberar';
  codigo: string;
  valor: string;
  justificativa: string;
}

/**
 * A received protocol in its workspace tab (flow 2): its guides and items with the informed, processed, released and
 * glosa values; the automatic proposals with their table-38 code and reason. The operator's reviewer decides item by
 * item from the keyboard (↓/↑ item, N/P guide, Alt+A accept as proposed, Alt+G glosa with a code and a reason, Alt+L release)
 * and closes the review (Alt+E); the provider reads its own bill and downloads the demonstrativo once it is closed.
 */
export function ProtocoloConta({ command, search, id }: { command: Command; search: string; id: number }) {
  const tabId = useTabId();
  const qc = useQueryClient();
  const req = useQuery({ queryKey: faturamentoKeys.conta(id), queryFn: () => faturamentoApi.conta(id), staleTime: 0 });
  const c: ContaProtocolo | undefined = req.data;
  const [g, setG] = useState(0);
  const [i, setI] = useState(0);
  const [form, setForm] = useState<Form | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [encerrar, setEncerrar] = useState(false);
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  const motivos = useQuery({ queryKey: faturamentoKeys.motivos, queryFn: faturamentoApi.motivos, enabled: !!c?.podeAnalisar, staleTime: 300_000 });

  const label = c ? `Protocolo ${c.numero}` : undefined;
  useEffect(() => {
    if (tabId && label) tabActions.setLabel(tabId, label);
  }, [tabId, label]);

  const guia: GuiaConta | undefined = c?.guias[g];
  const item: ItemConta | undefined = guia?.itens[i];
  const podeAnalisar = !!c?.podeAnalisar;

  useEffect(() => {
    const el = rowsRef.current?.querySelector<HTMLElement>(`tr[data-item="${item?.id}"]`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [item?.id]);

  function moverItem(d: number) {
    if (!c || !guia) return;
    setForm(null);
    setErro(null);
    const ni = i + d;
    if (ni >= 0 && ni < guia.itens.length) return setI(ni);
    // past the guide's last item: the next guide's first (and back)
    const ng = g + (d > 0 ? 1 : -1);
    if (ng < 0 || ng >= c.guias.length) return;
    setG(ng);
    setI(d > 0 ? 0 : c.guias[ng].itens.length - 1);
  }
  function moverGuia(d: number) {
    if (!c) return;
    const ng = Math.min(c.guias.length - 1, Math.max(0, g + d));
    setForm(null);
    setErro(null);
    setG(ng);
    setI(0);
  }
  /**
   * After a decision the cursor goes to the guide's next undecided item (wrapping to its first ones). It never leaves
   * the guide by itself: with the guide all decided it stays on the item just decided, so the reviewer sees the
   * decision and the guide's totals, and N moves on.
   */
  function proximoPendente(conta: ContaProtocolo) {
    const itens = conta.guias[g]?.itens ?? [];
    const ordem = [...itens.keys()].slice(i + 1).concat([...itens.keys()].slice(0, i));
    const prox = ordem.find((ii) => !itens[ii].decidido);
    if (prox != null) setI(prox);
  }

  async function decidir(it: ItemConta, body: { glosaCodigo: string | null; valorGlosa?: number; justificativa?: string }) {
    setSalvando(true);
    setErro(null);
    try {
      await faturamentoApi.analisar(it.id, { version: it.version, ...body });
      setForm(null);
      const nova = await qc.fetchQuery({ queryKey: faturamentoKeys.conta(id), queryFn: () => faturamentoApi.conta(id), staleTime: 0 });
      proximoPendente(nova);
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : 'Não foi possível salvar a decisão.';
      setErro(msg);
      showAlerts([{ type: 'error', value: msg }]);
      if (e instanceof ApiError && e.status === 409) await qc.invalidateQueries({ queryKey: faturamentoKeys.conta(id) });
    } finally {
      setSalvando(false);
    }
  }

  const aceitar = () => item && podeAnalisar && !salvando && void decidir(item, { glosaCodigo: item.glosaProposta });
  const abrirGlosa = () => item && podeAnalisar && setForm({ modo: 'glosar', codigo: item.glosaCodigo ?? item.glosaProposta ?? '', valor: '', justificativa: '' });
  const liberar = () => {
    if (!item || !podeAnalisar || salvando) return;
    // releasing against a proposal is a change from it: it asks for the reason
    if (item.glosaProposta) setForm({ modo: 'liberar', codigo: '', valor: '', justificativa: '' });
    else void decidir(item, { glosaCodigo: null });
  };
  function salvarForm() {
    if (!item || !form) return;
    if (form.modo === 'glosar' && !form.codigo) return setErro('Escolha o código de glosa (tabela TUSS 38).');
    const valor = form.valor.trim() ? parseMoney(form.valor) : undefined;
    if (form.valor.trim() && (valor == null || valor <= 0)) return setErro('Valor glosado inválido: informe em reais, por exemplo 40,00.');
    void decidir(item, {
      glosaCodigo: form.modo === 'glosar' ? form.codigo : null,
      ...(form.modo === 'glosar' && valor != null ? { valorGlosa: valor } : {}),
      ...(form.justificativa.trim() ? { justificativa: form.justificativa.trim() } : {}),
    });
  }

  useScreenShortcuts(
    'Análise da conta',
    [
      { keys: ['arrowdown', 'j'], label: '↓', description: 'Próximo item', run: () => moverItem(1) },
      { keys: ['arrowup', 'k'], label: '↑', description: 'Item anterior', run: () => moverItem(-1) },
      { keys: ['n', 'pagedown'], label: 'N', description: 'Próxima guia', run: () => moverGuia(1) },
      { keys: ['p', 'pageup'], label: 'P', description: 'Guia anterior', run: () => moverGuia(-1) },
      ...(podeAnalisar
        ? [
            { keys: 'alt+a', label: 'Alt+A', description: 'Aceitar o item como proposto', run: aceitar },
            { keys: 'alt+g', label: 'Alt+G', description: 'Glosar o item com um código e a justificativa', run: abrirGlosa },
            { keys: 'alt+l', label: 'Alt+L', description: 'Liberar o item sem glosa', run: liberar },
            { keys: 'alt+e', label: 'Alt+E', description: 'Encerrar a análise do protocolo', run: () => setEncerrar(true) },
          ]
        : []),
    ],
    { enabled: !!c && !encerrar },
  );

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !c) return <p role="alert">{(req.error as Error | null)?.message ?? 'Protocolo não encontrado.'}</p>;
  const t = c.totais;
  const pendentes = t.itens - t.decididos;
  const voltar = () => {
    const p = new URLSearchParams(search);
    p.delete('id');
    go(`${command.path}${p.size ? `?${p.toString()}` : ''}`, { tabId: tabId ?? undefined });
  };

  return (
    <div className="conta" data-testid="conta" data-id={c.id}>
      <div className="conta-cab">
        <div>
          <button type="button" className="btn btn-ghost conta-voltar" onClick={voltar}>
            ← Protocolos
          </button>
          <h1 className="page-title">
            Protocolo <span data-testid="numero">{c.numero}</span> <Chip tone={STATUS_PROTOCOLO_TONS[c.status]}>{statusLabel(c.status)}</Chip>
          </h1>
          <p className="page-sub">
            {c.prestadorCodigo ? `${c.prestadorCodigo} · ` : ''}
            {c.prestadorNome} · {c.origem === 'PORTAL' ? 'faturas digitadas no portal' : `lote ${c.numeroLote} · TISS ${c.padrao}`} · recebido em {instantToBr(c.recebidoEm)}
          </p>
        </div>
        <div className="conta-acoes">
          {c.demonstrativo && (
            <>
              <button type="button" className="btn btn-primary" onClick={() => void baixarDemonstrativo(c.id, c.numero, 'pdf')}>
                Demonstrativo (PDF)
              </button>
              <button type="button" className="btn" onClick={() => void baixarDemonstrativo(c.id, c.numero, 'xml')}>
                Demonstrativo (XML TISS)
              </button>
            </>
          )}
          {podeAnalisar && (
            <button type="button" className="btn btn-primary" onClick={() => setEncerrar(true)}>
              Encerrar análise <kbd className="conta-kbd">Alt+E</kbd>
            </button>
          )}
        </div>
      </div>

      <dl className="conta-totais" data-testid="totais-protocolo">
        <div>
          <dt>Informado</dt>
          <dd>{formatMoney(t.valorInformado)}</dd>
        </div>
        <div>
          <dt>Processado</dt>
          <dd>{formatMoney(t.valorProcessado)}</dd>
        </div>
        <div>
          <dt>Glosado</dt>
          <dd className="conta-glosa">{formatMoney(t.valorGlosa)}</dd>
        </div>
        <div>
          <dt>Liberado</dt>
          <dd>{formatMoney(t.valorLiberado)}</dd>
        </div>
        <div>
          <dt>Itens decididos</dt>
          <dd data-testid="decididos">
            {t.decididos} de {t.itens}
          </dd>
        </div>
      </dl>

      {podeAnalisar && (
        <p className="conta-dicas" aria-hidden="true">
          {DICAS.map(([k, d]) => (
            <span key={k}>
              <kbd>{k}</kbd> {d}
            </span>
          ))}
          <span>
            <kbd>?</kbd> todos os atalhos
          </span>
        </p>
      )}

      <div className="conta-corpo">
        <nav className="conta-guias" aria-label="Guias do protocolo">
          {c.guias.map((gg, gi) => {
            const dec = gg.itens.filter((x) => x.decidido).length;
            return (
              <button
                key={gg.id}
                type="button"
                className="conta-guia"
                aria-current={gi === g ? 'true' : undefined}
                data-guia={gg.numeroGuiaPrestador}
                onClick={() => (setG(gi), setI(0), setForm(null), setErro(null))}
              >
                <strong>Guia {gg.numeroGuiaPrestador}</strong>
                <small>
                  {gg.beneficiarioNome ?? `carteira ${gg.numeroCarteira}`} · {isoToBr(gg.dataAtendimento)}
                </small>
                <small>
                  {formatMoney(gg.valorInformado)} · {dec}/{gg.itens.length} {gg.itens.length === 1 ? 'item' : 'itens'}
                  {gg.valorGlosa > 0 && <span className="conta-glosa"> · glosa {formatMoney(gg.valorGlosa)}</span>}
                </small>
              </button>
            );
          })}
        </nav>

        {guia && (
          <section className="conta-guia-det card" aria-labelledby="conta-guia-titulo">
            <h2 id="conta-guia-titulo">
              Guia {guia.numeroGuiaPrestador} <small>({g + 1} de {c.guias.length})</small>
            </h2>
            <p className="page-sub">
              Carteira {guia.numeroCarteira}
              {guia.beneficiarioNome ? ` · ${guia.beneficiarioNome}` : ' · beneficiário não cadastrado'}
              {guia.senha ? ` · senha ${guia.senha}` : ' · sem senha'}
              {guia.numeroGuiaOperadora ? ` · guia da operadora ${guia.numeroGuiaOperadora}` : ''} · atendimento {isoToBr(guia.dataAtendimento)}
            </p>
            <table className="lista-tabela tabela-celular conta-itens">
              <thead>
                <tr>
                  <th>Item</th>
                  <th>Procedimento</th>
                  <th className="num">Qtd.</th>
                  <th className="num">Informado</th>
                  <th className="num">Processado</th>
                  <th className="num">Liberado</th>
                  <th className="num">Glosa</th>
                  <th>Proposta</th>
                  <th>Decisão</th>
                </tr>
              </thead>
              <tbody ref={rowsRef}>
                {guia.itens.map((it, ii) => {
                  const d = decisao(it);
                  return (
                    <tr key={it.id} data-item={it.id} aria-selected={ii === i} onClick={() => (setI(ii), setForm(null), setErro(null))}>
                      {/* a cell's value and its note in one box: on a phone the cell is a two-column grid (label, value) */}
                      <td data-label="Item">
                        <div>
                          {it.sequencial}
                          <small>{isoToBr(it.data)}</small>
                        </div>
                      </td>
                      <td data-label="Procedimento">
                        <div>
                          {it.codigoProcedimento}
                          <small>{it.descricao}</small>
                        </div>
                      </td>
                      <td data-label="Qtd." className="num">
                        {it.quantidade}
                      </td>
                      <td data-label="Informado" className="num">
                        {formatMoney(it.valorInformado)}
                      </td>
                      <td data-label="Processado" className="num">
                        {formatMoney(it.valorProcessado)}
                      </td>
                      <td data-label="Liberado" className="num">
                        {it.valorLiberado == null ? '—' : formatMoney(it.valorLiberado)}
                      </td>
                      <td data-label="Glosa" className="num conta-glosa">
                        {it.valorGlosa ? formatMoney(it.valorGlosa) : '—'}
                      </td>
                      <td data-label="Proposta">
                        {it.glosaProposta ? (
                          <div>
                            {it.glosaProposta}
                            <small>{it.glosaPropostaDescricao}</small>
                          </div>
                        ) : (
                          'Sem glosa'
                        )}
                      </td>
                      <td data-label="Decisão" data-testid="decisao">
                        <div>
                          <Chip tone={d.tom}>{d.texto}</Chip>
                          {it.glosaCodigo && <small>{it.glosaDescricao}</small>}
                          {it.justificativa && <small className="conta-just">“{it.justificativa}”</small>}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <td data-label="Total">Total da guia</td>
                  <td data-vazio />
                  <td data-vazio />
                  <td data-label="Informado" className="num">
                    {formatMoney(guia.valorInformado)}
                  </td>
                  <td data-label="Processado" className="num">
                    {formatMoney(guia.valorProcessado)}
                  </td>
                  <td data-label="Liberado" className="num">
                    {formatMoney(guia.valorLiberado)}
                  </td>
                  <td data-label="Glosa" className="num conta-glosa">
                    {formatMoney(guia.valorGlosa)}
                  </td>
                  <td data-vazio />
                  <td data-vazio />
                </tr>
              </tfoot>
            </table>

            {podeAnalisar && item && (
              <div className="conta-decisao" data-testid="decisao-item">
                <p>
                  <strong>
                    Item {item.sequencial} · {item.codigoProcedimento}
                  </strong>{' '}
                  {item.glosaProposta ? `· proposta: glosa ${item.glosaProposta} (${item.glosaPropostaDescricao ?? ''})` : '· sem glosa proposta'}
                </p>
                {!form && guia.itens.every((x) => x.decidido) && (
                  <p className="conta-guia-ok" data-testid="guia-decidida">
                    Todos os itens desta guia foram decididos{g + 1 < c.guias.length ? <> · <kbd className="conta-kbd">N</kbd> próxima guia</> : ''}.
                  </p>
                )}
                {!form && (
                  <div className="conta-botoes">
                    <button type="button" className="btn btn-primary" disabled={salvando} onClick={aceitar}>
                      Aceitar como proposto <kbd className="conta-kbd">Alt+A</kbd>
                    </button>
                    <button type="button" className="btn" disabled={salvando} onClick={abrirGlosa}>
                      Glosar <kbd className="conta-kbd">Alt+G</kbd>
                    </button>
                    <button type="button" className="btn" disabled={salvando} onClick={liberar}>
                      Liberar sem glosa <kbd className="conta-kbd">Alt+L</kbd>
                    </button>
                  </div>
                )}
                {form && (
                  <form
                    className="conta-form"
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      salvarForm();
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') {
                        e.preventDefault();
                        setForm(null);
                        setErro(null);
                      }
                      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                        e.preventDefault();
                        salvarForm();
                      }
                    }}
                  >
                    {form.modo === 'glosar' && (
                      <>
                        <div className="field">
                          <label htmlFor="conta-codigo">Código de glosa (TUSS 38)</label>
                          <select id="conta-codigo" autoFocus value={form.codigo} onChange={(e) => setForm({ ...form, codigo: e.target.value })}>
                            <option value="">Escolha o motivo…</option>
                            {(motivos.data ?? []).map((m) => (
                              <option key={m.codigo} value={m.codigo}>
                                {m.codigo} — {m.descricao}
                              </option>
                            ))}
                          </select>
                        </div>
                        <div className="field">
                          <label htmlFor="conta-valor">Valor glosado (vazio: todo o informado, {formatMoney(item.valorInformado)})</label>
                          <input id="conta-valor" inputMode="decimal" value={form.valor} onChange={(e) => setForm({ ...form, valor: e.target.value })} placeholder="Ex.: 40,00" />
                        </div>
                      </>
                    )}
                    <div className="field">
                      <label htmlFor="conta-just">Justificativa{form.modo === 'liberar' || form.codigo !== (item.glosaProposta ?? '') ? ' (obrigatória: difere da proposta)' : ''}</label>
                      <textarea id="conta-just" autoFocus={form.modo === 'liberar'} rows={2} maxLength={500} value={form.justificativa} onChange={(e) => setForm({ ...form, justificativa: e.target.value })} />
                    </div>
                    {erro && (
                      <p className="field-error" role="alert">
                        {erro}
                      </p>
                    )}
                    <div className="conta-botoes">
                      <button type="submit" className="btn btn-primary" disabled={salvando}>
                        {form.modo === 'glosar' ? 'Salvar a glosa' : 'Liberar o item'} <kbd className="conta-kbd">Ctrl+Enter</kbd>
                      </button>
                      <button type="button" className="btn" onClick={() => (setForm(null), setErro(null))}>
                        Cancelar <kbd className="conta-kbd">Esc</kbd>
                      </button>
                    </div>
                  </form>
                )}
                {!form && erro && (
                  <p className="field-error" role="alert">
                    {erro}
                  </p>
                )}
              </div>
            )}
          </section>
        )}
      </div>

      {encerrar && (
        <EncerrarDialog
          conta={c}
          pendentes={pendentes}
          onClose={() => setEncerrar(false)}
          onDone={async () => {
            setEncerrar(false);
            await qc.invalidateQueries({ queryKey: faturamentoKeys.conta(id) });
          }}
        />
      )}
    </div>
  );
}

function EncerrarDialog({ conta, pendentes, onClose, onDone }: { conta: ContaProtocolo; pendentes: number; onClose: () => void; onDone: () => Promise<void> }) {
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const comProposta = conta.totais.pendentesComProposta;
  const resumo = useMemo(() => {
    if (!pendentes) return 'Todos os itens foram decididos.';
    const sem = pendentes - comProposta;
    return `${pendentes === 1 ? 'Falta decidir 1 item' : `Faltam decidir ${pendentes} itens`}: ao encerrar, ${pendentes === 1 ? 'ele é aceito' : 'eles são aceitos'} como proposto${pendentes === 1 ? '' : 's'} (${comProposta} com glosa proposta, ${sem} liberado${sem === 1 ? '' : 's'} integralmente).`;
  }, [pendentes, comProposta]);
  async function confirmar() {
    setEnviando(true);
    setErro(null);
    try {
      const r = await faturamentoApi.encerrar(conta.id, { version: conta.version, aceitarPropostas: pendentes > 0 });
      showAlerts([{ type: 'success', value: `Análise do protocolo ${conta.numero} encerrada: ${formatMoney(r.totais.valorLiberado)} liberados, ${formatMoney(r.totais.valorGlosa)} glosados.` }]);
      await onDone();
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : 'Não foi possível encerrar a análise.');
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Dialog
      title={`Encerrar a análise do protocolo ${conta.numero}`}
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Voltar
          </button>
          <button type="button" className="btn btn-primary" disabled={enviando} onClick={() => void confirmar()}>
            Encerrar a análise
          </button>
        </>
      }
    >
      <p data-testid="encerrar-resumo">{resumo}</p>
      <p>
        Informado {formatMoney(conta.totais.valorInformado)} · glosado até agora {formatMoney(conta.totais.valorGlosa)}. Depois de encerrada, as decisões não mudam e o demonstrativo de análise fica disponível ao prestador.
      </p>
      {erro && (
        <p className="field-error" role="alert">
          {erro}
        </p>
      )}
    </Dialog>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { instantToBr, isoToBr } from '../../shared/dates';
import {
  RESULTADO_RECURSO_LABEL,
  RESULTADOS_RECURSO,
  SITUACOES_RECURSO,
  recursoManualSchema,
  type ItemRecursoLinha,
  type ProtocoloGlosas,
  type RecursoLinha,
  type RecursoManual,
  type ResultadoRecurso,
} from '../../shared/faturamento/recursos';
import { formatMoney, formatMoneyPlain, parseMoney } from '../../shared/money';
import { api, ApiError } from '../api/client';
import { saveBlob } from '../api/saveBlob';
import type { ScreenProps } from '../screens/types';
import { roleFlagsAtom, store, tokenAtom } from '../session/store';
import { showAlerts, showError } from '../ui/toasts';
import './recursos.css';

const chave = ['faturamento', 'recursos'] as const;
const situacaoLabel = (s: string) => SITUACOES_RECURSO.find(([v]) => v === s)?.[1] ?? s;
const TOM: Record<string, string> = { '1': 'chip-info', '2': 'chip-warn', '3': 'chip-ok' };
const TOM_RESULTADO: Record<ResultadoRecurso, string> = { '3092': 'chip-ok', '3095': 'chip-partial', '2902': 'chip-bad' };

/** Downloads a file the API answers (the receipt PDF, the TISS answer XML) with the session's token. */
async function baixar(url: string, nome: string) {
  const token = store.get(tokenAtom);
  const res = await fetch(`/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!res) return showError('Não foi possível baixar o arquivo: verifique a conexão.');
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { messages?: { alerts?: { value: string }[] } } | null;
    return showError(body?.messages?.alerts?.[0]?.value ?? `Não foi possível baixar o arquivo (erro ${res.status}).`);
  }
  saveBlob(await res.blob(), nome);
}

interface Escolha {
  marcado: boolean;
  valor: string;
  justificativa: string;
}

/** The appeal form: a protocol's glosed items, chosen per item (with the value) or as a whole guide, with the reason. */
function IniciarRecurso({ onCriado }: { onCriado: () => void }) {
  const [protocolo, setProtocolo] = useState('');
  const [dados, setDados] = useState<ProtocoloGlosas | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [erros, setErros] = useState<string[]>([]);
  const [itens, setItens] = useState<Record<number, Escolha>>({});
  const [guiaInteira, setGuiaInteira] = useState<Record<string, string | undefined>>({});
  const [enviando, setEnviando] = useState(false);

  async function buscar(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    setErros([]);
    const numero = protocolo.replace(/\D/g, '');
    if (!/^\d{12}$/.test(numero)) return setErro('Informe o número do protocolo de recebimento (12 dígitos).');
    setBuscando(true);
    try {
      const d = await api.get<ProtocoloGlosas>(`/faturamento/recursos/glosas?protocolo=${numero}`, { quiet: true });
      setDados(d);
      setItens({});
      setGuiaInteira({});
    } catch (err) {
      setDados(null);
      setErro(err instanceof ApiError ? err.message : 'Não foi possível buscar o protocolo.');
    } finally {
      setBuscando(false);
    }
  }

  const escolha = (id: number, valorGlosa: number): Escolha => itens[id] ?? { marcado: false, valor: formatMoneyPlain(valorGlosa), justificativa: '' };
  const mudar = (id: number, valorGlosa: number, m: Partial<Escolha>) => setItens((x) => ({ ...x, [id]: { ...escolha(id, valorGlosa), ...m } }));

  async function iniciar(e: FormEvent) {
    e.preventDefault();
    if (!dados) return;
    const problemas: string[] = [];
    const guias: RecursoManual['guias'] = [];
    for (const g of dados.guias) {
      const inteira = guiaInteira[g.numeroGuiaPrestador];
      if (inteira !== undefined) {
        guias.push({ numeroGuiaPrestador: g.numeroGuiaPrestador, justificativaGuia: inteira });
        continue;
      }
      const escolhidos = g.itens.filter((i) => itens[i.itemId]?.marcado);
      if (!escolhidos.length) continue;
      guias.push({
        numeroGuiaPrestador: g.numeroGuiaPrestador,
        itens: escolhidos.map((i) => {
          const x = itens[i.itemId];
          const valor = parseMoney(x.valor);
          if (valor == null) problemas.push(`Guia ${g.numeroGuiaPrestador}, item ${i.sequencial}: valor recursado inválido.`);
          return { sequencial: i.sequencial, valorRecursado: valor ?? 0, justificativa: x.justificativa };
        }),
      });
    }
    const corpo = { protocolo: dados.protocolo.numero, guias };
    const v = recursoManualSchema.safeParse(corpo);
    if (!v.success) problemas.push(...new Set(v.error.issues.map((i) => i.message)));
    if (problemas.length) return setErros(problemas);
    setErros([]);
    setEnviando(true);
    try {
      const r = await api.post<{ numero: string; valorRecursado: number }>('/faturamento/recursos', v.data, { quiet: true });
      showAlerts([{ type: 'success', value: `Recurso registrado sob o protocolo nº ${r.numero} (${formatMoney(r.valorRecursado)}).` }]);
      setDados(null);
      setProtocolo('');
      onCriado();
    } catch (err) {
      setErros(err instanceof ApiError ? err.alerts.map((a) => a.value) : ['Não foi possível registrar o recurso.']);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="card recurso-bloco" aria-labelledby="rec-iniciar">
      <h2 id="rec-iniciar">Iniciar recurso</h2>
      <form className="recurso-busca" onSubmit={buscar} noValidate>
        <div className="field">
          <label htmlFor="rec-protocolo">Protocolo de recebimento</label>
          <input id="rec-protocolo" inputMode="numeric" maxLength={12} value={protocolo} onChange={(e) => setProtocolo(e.target.value)} aria-invalid={!!erro} placeholder="Ex.: 202600000001" />
          {erro && <p className="field-error">{erro}</p>}
        </div>
        <button className="btn" type="submit" disabled={buscando}>
          {buscando ? 'Buscando…' : 'Buscar glosas'}
        </button>
      </form>

      {dados && (
        <form onSubmit={iniciar} noValidate data-testid="recurso-form">
          <p className="recurso-sub">
            Protocolo {dados.protocolo.numero} · lote {dados.protocolo.numeroLote} · {dados.protocolo.prestadorNome} · recebido em {instantToBr(dados.protocolo.recebidoEm).slice(0, 10)}
          </p>
          {dados.guias.length === 0 && <p>Este protocolo não tem itens glosados.</p>}
          {dados.guias.map((g) => {
            const inteira = guiaInteira[g.numeroGuiaPrestador];
            const livres = g.itens.filter((i) => !i.recurso);
            return (
              <fieldset key={g.numeroGuiaPrestador} className="recurso-guia" data-guia={g.numeroGuiaPrestador}>
                <legend>
                  Guia {g.numeroGuiaPrestador} · carteira {g.numeroCarteira} · atendimento {isoToBr(g.dataAtendimento)}
                </legend>
                {livres.length > 0 && (
                  <label className="recurso-check">
                    <input type="checkbox" checked={inteira !== undefined} onChange={(e) => setGuiaInteira((x) => ({ ...x, [g.numeroGuiaPrestador]: e.target.checked ? '' : undefined }))} />
                    Recorrer da guia inteira (todos os itens glosados, pelo valor glosado)
                  </label>
                )}
                {inteira !== undefined && (
                  <div className="field">
                    <label htmlFor={`rec-jg-${g.numeroGuiaPrestador}`}>Justificativa da guia</label>
                    <textarea id={`rec-jg-${g.numeroGuiaPrestador}`} maxLength={500} rows={2} value={inteira} onChange={(e) => setGuiaInteira((x) => ({ ...x, [g.numeroGuiaPrestador]: e.target.value }))} />
                  </div>
                )}
                <div className="recurso-itens">
                  {g.itens.map((i) => {
                    const x = escolha(i.itemId, i.valorGlosa);
                    const vencido = i.prazo < new Date().toISOString().slice(0, 10);
                    return (
                      <div key={i.itemId} className="recurso-item" data-item={i.sequencial}>
                        <div className="recurso-item-cab">
                          {inteira === undefined && !i.recurso && (
                            <input type="checkbox" aria-label={`Recorrer do item ${i.sequencial} da guia ${g.numeroGuiaPrestador}`} checked={x.marcado} onChange={(e) => mudar(i.itemId, i.valorGlosa, { marcado: e.target.checked })} />
                          )}
                          <strong>Item {i.sequencial}</strong>
                          <span>
                            {i.codigoProcedimento}
                            {i.descricao ? ` · ${i.descricao}` : ''}
                          </span>
                          <span className="chip chip-bad">Glosa {i.glosaCodigo}</span>
                        </div>
                        <div className="recurso-item-valores">
                          <span>Informado {formatMoney(i.valorInformado)}</span>
                          <span>Liberado {formatMoney(i.valorLiberado)}</span>
                          <span>Glosado {formatMoney(i.valorGlosa)}</span>
                          <span className={vencido ? 'recurso-vencido' : ''}>Prazo {isoToBr(i.prazo)}</span>
                          {i.recurso && <span className="chip chip-info">No recurso {i.recurso.numero}</span>}
                        </div>
                        {x.marcado && inteira === undefined && (
                          <div className="recurso-item-campos">
                            <div className="field">
                              <label htmlFor={`rec-v-${i.itemId}`}>Valor recursado (R$)</label>
                              <input id={`rec-v-${i.itemId}`} inputMode="decimal" value={x.valor} onChange={(e) => mudar(i.itemId, i.valorGlosa, { valor: e.target.value })} />
                            </div>
                            <div className="field recurso-just">
                              <label htmlFor={`rec-j-${i.itemId}`}>Justificativa</label>
                              <textarea id={`rec-j-${i.itemId}`} maxLength={500} rows={2} value={x.justificativa} onChange={(e) => mudar(i.itemId, i.valorGlosa, { justificativa: e.target.value })} />
                            </div>
                          </div>
                        )}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
          {erros.length > 0 && (
            <ul className="field-errors" role="alert">
              {erros.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {dados.guias.length > 0 && (
            <div className="recurso-acoes">
              <button className="btn btn-primary" type="submit" disabled={enviando}>
                {enviando ? 'Registrando…' : 'Iniciar'}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}

/** The operator's decision on one appealed item: the code, the value accepted (partial) and the reason. */
function Decisao({ item, onDecidido }: { item: ItemRecursoLinha; onDecidido: () => void }) {
  const [resultado, setResultado] = useState<ResultadoRecurso | ''>('');
  const [valor, setValor] = useState('');
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const id = `dec-${item.id}`;

  async function decidir(e: FormEvent) {
    e.preventDefault();
    if (!resultado) return setErro('Escolha a decisão.');
    const valorAcatado = resultado === '3095' ? parseMoney(valor) : undefined;
    if (resultado === '3095' && valorAcatado == null) return setErro('Informe o valor acatado.');
    setEnviando(true);
    setErro(null);
    try {
      await api.put(`/faturamento/recursos/itens/${item.id}/decisao`, { version: item.version, resultado, valorAcatado, justificativa }, { quiet: true });
      showAlerts([{ type: 'success', value: `Guia ${item.numeroGuiaPrestador}, item ${item.sequencial}: ${RESULTADO_RECURSO_LABEL[resultado].toLowerCase()}.` }]);
      onDecidido();
    } catch (err) {
      setErro(err instanceof ApiError ? err.message : 'Não foi possível registrar a decisão.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form className="recurso-decisao" onSubmit={decidir} noValidate data-testid="decisao">
      <div className="field">
        <label htmlFor={`${id}-r`}>Decisão</label>
        <select id={`${id}-r`} value={resultado} onChange={(e) => setResultado(e.target.value as ResultadoRecurso)}>
          <option value="">Escolha…</option>
          {RESULTADOS_RECURSO.map(([v, l]) => (
            <option key={v} value={v}>
              {v} · {l}
            </option>
          ))}
        </select>
      </div>
      {resultado === '3095' && (
        <div className="field">
          <label htmlFor={`${id}-v`}>Valor acatado (R$)</label>
          <input id={`${id}-v`} inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />
        </div>
      )}
      <div className="field recurso-just">
        <label htmlFor={`${id}-j`}>Justificativa da operadora</label>
        <textarea id={`${id}-j`} maxLength={500} rows={2} value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />
      </div>
      {erro && (
        <p className="field-error" role="alert">
          {erro}
        </p>
      )}
      <button className="btn btn-primary" type="submit" disabled={enviando}>
        {enviando ? 'Registrando…' : 'Registrar decisão'}
      </button>
    </form>
  );
}

function Recurso({ r, equipe, onMudou }: { r: RecursoLinha; equipe: boolean; onMudou: () => void }) {
  return (
    <article className="card recurso-card" data-testid="recurso" data-numero={r.numero}>
      <header className="recurso-card-cab">
        <h3>Recurso {r.numero}</h3>
        <span className={`chip ${TOM[r.situacao] ?? 'chip-muted'}`}>{situacaoLabel(r.situacao)}</span>
      </header>
      <p className="recurso-sub">
        Protocolo {r.protocolo} · lote {r.numeroLote} · {r.prestadorNome} · {r.origem === 'XML' ? 'arquivo TISS' : 'digitado no portal'} em {instantToBr(r.criadoEm)}
      </p>
      <p className="recurso-totais">
        Recursado <strong>{formatMoney(r.valorRecursado)}</strong> · Acatado <strong data-testid="acatado">{formatMoney(r.valorAcatado)}</strong>
      </p>
      <ul className="recurso-lista-itens">
        {r.itens.map((i) => (
          <li key={i.id} data-item={`${i.numeroGuiaPrestador}-${i.sequencial}`}>
            <div className="recurso-item-cab">
              <strong>
                Guia {i.numeroGuiaPrestador}, item {i.sequencial}
              </strong>
              <span>
                {i.codigoProcedimento}
                {i.descricao ? ` · ${i.descricao}` : ''}
              </span>
              <span className="chip chip-bad">Glosa {i.codigoGlosa}</span>
              {i.resultado ? <span className={`chip ${TOM_RESULTADO[i.resultado]}`}>{`${i.resultado} · ${RESULTADO_RECURSO_LABEL[i.resultado]}`}</span> : <span className="chip chip-muted">Aguardando análise</span>}
            </div>
            <div className="recurso-item-valores">
              <span>Recursado {formatMoney(i.valorRecursado)}</span>
              {i.valorAcatado != null && <span>Acatado {formatMoney(i.valorAcatado)}</span>}
              <span>Liberado agora {formatMoney(i.valorLiberado)}</span>
            </div>
            <p className="recurso-texto">
              <span>Justificativa do prestador:</span> {i.justificativa}
            </p>
            {i.justificativaOperadora && (
              <p className="recurso-texto">
                <span>Resposta da operadora:</span> {i.justificativaOperadora}
              </p>
            )}
            {equipe && !i.resultado && (r.proprio ? <p className="recurso-nota">Você registrou este recurso: a decisão cabe a outro usuário.</p> : <Decisao item={i} onDecidido={onMudou} />)}
          </li>
        ))}
      </ul>
      <div className="recurso-acoes">
        <button type="button" className="btn" onClick={() => void baixar(`/faturamento/recursos/${r.id}/comprovante`, `recurso-${r.numero}.pdf`)}>
          Comprovante (PDF)
        </button>
        {r.situacao === '3' && (
          <button type="button" className="btn" onClick={() => void baixar(`/faturamento/recursos/${r.id}/resposta`, `resposta-recurso-${r.numero}.xml`)}>
            Resposta TISS (XML)
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * Recurso de Glosa Manual: the provider starts an appeal of a protocol's glosas (per item, with the value, or the
 * whole guide) with its reasons and follows the answers; the operator's staff see every provider's appeals and decide
 * each item (3092 acatado, 3095 acatado em parte, 2902 glosa mantida). A file (RECURSO_GLOSA) goes through Importar
 * Recurso de Glosa; its appeals show here too.
 */
export default function RecursoGlosaScreen({ command }: ScreenProps) {
  const qc = useQueryClient();
  const flags = useAtomValue(roleFlagsAtom);
  const equipe = !flags.prestador && !flags.prestadorAdministrativo;
  const [situacao, setSituacao] = useState('');
  const lista = useQuery({ queryKey: [...chave, situacao], queryFn: () => api.get<RecursoLinha[]>(`/faturamento/recursos${situacao ? `?situacao=${situacao}` : ''}`) });
  const recarregar = () => void qc.invalidateQueries({ queryKey: chave });

  return (
    <div className="recurso-tela">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">
        Recurso de glosa por guia ou por item, com a justificativa, até 180 dias depois da glosa. {equipe ? 'A equipe da operadora decide cada item recorrido.' : 'A resposta da operadora aparece na lista de recursos.'}
      </p>
      <IniciarRecurso onCriado={recarregar} />
      <section className="recurso-bloco" aria-labelledby="rec-lista">
        <div className="recurso-lista-cab">
          <h2 id="rec-lista">Recursos</h2>
          <div className="field">
            <label htmlFor="rec-situacao">Situação</label>
            <select id="rec-situacao" value={situacao} onChange={(e) => setSituacao(e.target.value)}>
              <option value="">Todas</option>
              {SITUACOES_RECURSO.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </div>
        </div>
        {lista.isLoading && <p>Carregando…</p>}
        {lista.data?.length === 0 && <p>Nenhum recurso de glosa{situacao ? ' nesta situação' : ''}.</p>}
        {lista.data?.map((r) => <Recurso key={r.id} r={r} equipe={equipe} onMudou={recarregar} />)}
      </section>
    </div>
  );
}

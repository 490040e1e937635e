import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { competenciaQuery, type PagamentoLinha } from '../../shared/pagamentos';
import { PAGAMENTOS_LIST } from '../../shared/pagamentos/listas';
import { ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { showAlerts } from '../ui/toasts';
import '../workflow/workflow.css';
import { pagamentoApi, pagamentoKeys } from './api';
import './pagamentos.css';

type Linha = PagamentoLinha & Record<string, unknown>;
const extras: ListScreenExtras<Linha> = { opens: false, cells: { competencia: (r) => `${r.competencia.slice(5)}/${r.competencia.slice(0, 4)}` } };
const mesAtual = () => `${todayIso().slice(5, 7)}/${todayIso().slice(0, 4)}`;

/**
 * The month's consolidation: one line per provider with payment requests still to pay — the gross released, a natural
 * person's withholdings from its released RPAs, the net, or what is missing —; the chosen ones become payables "a
 * pagar" (one per provider), listed below for finance.
 */
function Consolidacao() {
  const qc = useQueryClient();
  const [texto, setTexto] = useState(mesAtual());
  const [competencia, setCompetencia] = useState(mesAtual());
  const [erroMes, setErroMes] = useState<string | null>(null);
  const linhas = useQuery({ queryKey: pagamentoKeys.consolidacao(competencia), queryFn: () => pagamentoApi.consolidacao(competencia) });
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const prontas = (linhas.data ?? []).filter((l) => !l.pendencia);
  useEffect(() => setMarcados(new Set((linhas.data ?? []).filter((l) => !l.pendencia).map((l) => l.prestadorId))), [linhas.data]);
  const escolhidas = prontas.filter((l) => marcados.has(l.prestadorId));
  const soma = (k: 'valorBruto' | 'valorRetencoes' | 'valorLiquido') => escolhidas.reduce((s, l) => s + l[k], 0);

  function buscar() {
    const r = competenciaQuery.safeParse({ competencia: texto });
    if (!r.success) return setErroMes(r.error.issues[0].message);
    setErroMes(null);
    setCompetencia(texto.trim());
  }
  async function consolidar() {
    setErro(null);
    if (!escolhidas.length) return setErro('Escolha ao menos um prestador.');
    setEnviando(true);
    try {
      const criados = await pagamentoApi.consolidar({ competencia, prestadores: escolhidas.map((l) => l.prestadorId) });
      const total = criados.reduce((s, c) => s + c.valorLiquido, 0);
      showAlerts([{ type: 'success', value: `${criados.length === 1 ? '1 pagamento consolidado' : `${criados.length} pagamentos consolidados`} na competência ${competencia}: ${formatMoney(total)} a pagar.` }]);
      await qc.invalidateQueries({ queryKey: ['pagamentos', 'consolidacao'] });
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErro(e.message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="card pag-painel" aria-labelledby="pag-cons" data-testid="consolidacao">
      <h2 id="pag-cons">Consolidar os pedidos de pagamento do mês</h2>
      <form
        className="pag-linha"
        onSubmit={(e) => {
          e.preventDefault();
          buscar();
        }}
      >
        <div className="field" data-campo="competencia">
          <label htmlFor="pag-competencia">Competência (mês do pedido)</label>
          <input id="pag-competencia" value={texto} maxLength={7} inputMode="numeric" placeholder="MM/AAAA" aria-invalid={erroMes ? true : undefined} onChange={(e) => setTexto(e.target.value)} />
          {erroMes && (
            <p className="field-error" role="alert">
              {erroMes}
            </p>
          )}
        </div>
        <button type="submit" className="btn">
          Buscar
        </button>
      </form>
      {linhas.isLoading ? (
        <p className="pag-vazio">Carregando…</p>
      ) : !linhas.data?.length ? (
        <p className="pag-vazio">Nenhum pedido de pagamento a consolidar em {competencia}.</p>
      ) : (
        <>
          <table className="fluxo-tabela pag-tabela" aria-label="Pagamentos a consolidar">
            <thead>
              <tr>
                <th>
                  <input type="checkbox" aria-label="Todos" checked={escolhidas.length === prontas.length && prontas.length > 0} onChange={(e) => setMarcados(new Set(e.target.checked ? prontas.map((l) => l.prestadorId) : []))} />
                </th>
                <th>Prestador</th>
                <th>Pedidos e NFS-e</th>
                <th className="num">Protocolos</th>
                <th className="num">Bruto</th>
                <th className="num">Retenções (RPA)</th>
                <th className="num">A pagar</th>
                <th>Pendência</th>
              </tr>
            </thead>
            <tbody>
              {linhas.data.map((l) => (
                <tr key={l.prestadorId} data-prestador={l.prestadorId}>
                  <td data-label="Consolidar">
                    <input
                      type="checkbox"
                      aria-label={`Consolidar ${l.prestadorNome}`}
                      disabled={!!l.pendencia}
                      checked={!l.pendencia && marcados.has(l.prestadorId)}
                      onChange={(e) => setMarcados((m) => (e.target.checked ? new Set([...m, l.prestadorId]) : new Set([...m].filter((x) => x !== l.prestadorId))))}
                    />
                  </td>
                  <td data-label="Prestador">
                    {l.prestadorNome}
                    <small>{l.tipoPessoa === 'F' ? 'Pessoa física' : 'Pessoa jurídica'}{l.prestadorCodigo ? ` · código ${l.prestadorCodigo}` : ''}</small>
                  </td>
                  <td data-label="Pedidos e NFS-e">
                    {l.notas.map((n) => (
                      <span key={n.solicitacao} className="pag-nfse">
                        {n.solicitacao}
                        <small>
                          {n.nfse
                            ? `NFS-e ${n.nfse.numero}${n.nfse.serie ? `/${n.nfse.serie}` : ''} · ${isoToBr(n.nfse.emissao)} · ${formatMoney(n.nfse.valorServicos)}`
                            : l.tipoPessoa === 'F'
                              ? 'RPA (sem NFS-e)'
                              : 'Sem NFS-e informada'}
                        </small>
                      </span>
                    ))}
                  </td>
                  <td data-label="Protocolos" className="num">
                    {l.protocolos}
                  </td>
                  <td data-label="Bruto" className="num">
                    {formatMoney(l.valorBruto)}
                  </td>
                  <td data-label="Retenções" className="num">
                    {formatMoney(l.valorRetencoes)}
                  </td>
                  <td data-label="A pagar" className="num">
                    {formatMoney(l.valorLiquido)}
                  </td>
                  <td data-label="Pendência" className={l.pendencia ? 'pag-pendencia' : undefined}>
                    {l.pendencia ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pag-linha">
            <div className="pag-resumo">
              <div>
                <span>Bruto</span>
                <strong>{formatMoney(soma('valorBruto'))}</strong>
              </div>
              <div>
                <span>Retenções</span>
                <strong>{formatMoney(soma('valorRetencoes'))}</strong>
              </div>
              <div>
                <span>A pagar</span>
                <strong data-testid="total-consolidar">{formatMoney(soma('valorLiquido'))}</strong>
              </div>
            </div>
            <button type="button" className="btn btn-primary" disabled={enviando || !escolhidas.length} onClick={() => void consolidar()}>
              {enviando ? 'Consolidando…' : 'Consolidar pagamento'}
            </button>
          </div>
        </>
      )}
      {erro && (
        <p role="alert" className="fluxo-erro">
          {erro}
        </p>
      )}
    </section>
  );
}

/** Solicitação de Pagamento de Prestador (finance): the month's consolidation above, the payables "a pagar" below. */
export default function ConsolidacaoScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={PAGAMENTOS_LIST} extras={{ ...extras, header: <Consolidacao /> }} />;
}

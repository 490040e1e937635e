import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { instantToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { statusPagamentoLabel, type SolicitacaoPagamentoLinha } from '../../shared/pagamentos';
import { SOLICITACOES_PAGAMENTO_LIST } from '../../shared/pagamentos/listas';
import { novaChave } from '../api/chave';
import { ApiError } from '../api/client';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { userAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import '../workflow/workflow.css';
import { pagamentoApi, pagamentoKeys } from './api';
import './pagamentos.css';

type Linha = SolicitacaoPagamentoLinha & Record<string, unknown>;

const extras: ListScreenExtras<Linha> = {
  opens: false,
  cells: {
    qtdProtocolos: (r) => (
      <span title={r.protocolos.join(', ')}>
        {r.qtdProtocolos}
        <small>{r.protocolos.slice(0, 3).join(', ')}{r.protocolos.length > 3 ? '…' : ''}</small>
      </span>
    ),
    status: (r) => (
      <>
        {r.status === 'CONSOLIDADA' ? 'Consolidada' : 'Solicitada'}
        {r.pagamentoNumero && <small>pagamento nº {r.pagamentoNumero}</small>}
      </>
    ),
  },
};

/**
 * The payment request: the provider's protocols with the review closed and value released, not asked yet (the staff
 * choose the provider first), chosen and asked for at once (one Idempotency-Key per request); its requests below.
 */
function Pedido() {
  const qc = useQueryClient();
  const user = useAtomValue(userAtom);
  const equipe = !!user && !user.prestador && !user.prestadorAdministrativo;
  const [prestador, setPrestador] = useState<Option | null>(null);
  const prestadorId = equipe ? (prestador?.id ?? null) : null;
  const disp = useQuery({ queryKey: pagamentoKeys.disponiveis(prestadorId), queryFn: () => pagamentoApi.disponiveis(prestadorId), enabled: !equipe || !!prestador });
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const chave = useRef(novaChave());
  // every protocol offered is chosen at first
  useEffect(() => setMarcados(new Set((disp.data ?? []).map((p) => p.id))), [disp.data]);
  const lista = disp.data ?? [];
  const total = lista.filter((p) => marcados.has(p.id)).reduce((s, p) => s + p.valorLiberado, 0);

  async function pedir() {
    setErro(null);
    if (!marcados.size) return setErro('Escolha ao menos um protocolo para pedir o pagamento.');
    setEnviando(true);
    try {
      const s = await pagamentoApi.solicitar({ prestadorId: prestadorId ?? undefined, protocolos: [...marcados] }, chave.current);
      chave.current = novaChave();
      showAlerts([{ type: 'success', value: `Pagamento solicitado sob o nº ${s.numero}: ${s.qtdProtocolos} ${s.qtdProtocolos === 1 ? 'protocolo' : 'protocolos'}, ${formatMoney(s.valorTotal)}.` }]);
      await qc.invalidateQueries({ queryKey: ['pagamentos', 'disponiveis'] });
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErro(e.message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="card pag-painel" aria-labelledby="pag-pedido" data-testid="pedido-pagamento">
      <h2 id="pag-pedido">Pedir pagamento de protocolos encerrados</h2>
      {equipe && (
        <div className="pag-linha">
          <div className="field" data-campo="prestadorId">
            <label htmlFor="pag-prestadorId">Prestador</label>
            <Autocomplete
              id="pag-prestadorId"
              queryKey={pagamentoKeys.prestadores}
              search={async (t) => (await pagamentoApi.prestadores(t)).map((p) => ({ id: p.id, label: p.nome, detail: p.codigo ?? undefined }))}
              value={prestador}
              onChange={setPrestador}
              placeholder="Nome, CPF ou CNPJ"
            />
          </div>
        </div>
      )}
      {(equipe && !prestador) || disp.isLoading ? (
        <p className="pag-vazio">{equipe && !prestador ? 'Escolha o prestador.' : 'Carregando…'}</p>
      ) : !lista.length ? (
        <p className="pag-vazio">Nenhum protocolo com a análise encerrada e valor liberado a pedir.</p>
      ) : (
        <>
          <table className="fluxo-tabela pag-tabela" aria-label="Protocolos a pedir">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="Todos"
                    checked={marcados.size === lista.length}
                    onChange={(e) => setMarcados(new Set(e.target.checked ? lista.map((p) => p.id) : []))}
                  />
                </th>
                <th>Protocolo</th>
                <th>Lote</th>
                <th>Recebido em</th>
                <th>RPA</th>
                <th className="num">Valor liberado</th>
              </tr>
            </thead>
            <tbody>
              {lista.map((p) => (
                <tr key={p.id}>
                  <td data-label="Pedir">
                    <input
                      type="checkbox"
                      aria-label={`Protocolo ${p.numero}`}
                      checked={marcados.has(p.id)}
                      onChange={(e) => setMarcados((m) => (e.target.checked ? new Set([...m, p.id]) : new Set([...m].filter((x) => x !== p.id))))}
                    />
                  </td>
                  <td data-label="Protocolo">{p.numero}</td>
                  <td data-label="Lote">{p.numeroLote}</td>
                  <td data-label="Recebido em">{instantToBr(p.recebidoEm)}</td>
                  <td data-label="RPA">{p.rpa ? `${p.rpa.numero} · ${statusPagamentoLabel(p.rpa.statusPagamento)}` : '—'}</td>
                  <td data-label="Valor liberado" className="num">
                    {formatMoney(p.valorLiberado)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pag-linha">
            <div className="pag-resumo">
              <div>
                <span>{marcados.size === 1 ? '1 protocolo' : `${marcados.size} protocolos`}</span>
                <strong data-testid="total-pedido">{formatMoney(total)}</strong>
              </div>
            </div>
            <button type="button" className="btn btn-primary" disabled={enviando} onClick={() => void pedir()}>
              {enviando ? 'Enviando…' : 'Solicitar pagamento'}
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

/** Solicitação de Pagamento ao Prestador: the request above, the provider's requests (or all, for the staff) below. */
export default function SolicitacaoPagamentoScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={SOLICITACOES_PAGAMENTO_LIST} extras={{ ...extras, header: <Pedido /> }} />;
}

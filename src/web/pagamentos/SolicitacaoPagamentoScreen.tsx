import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney, parseMoney } from '../../shared/money';
import { solicitacaoPagamentoSchema, statusPagamentoLabel, type SolicitacaoPagamentoInput, type SolicitacaoPagamentoLinha } from '../../shared/pagamentos';
import { CAMPOS_NFSE, faltasNfse, NFSE_MSG, nfseTexto } from '../../shared/pagamentos/nfse';
import { SOLICITACOES_PAGAMENTO_LIST } from '../../shared/pagamentos/listas';
import { novaChave } from '../api/chave';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { userAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { Field, FormSection } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
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
    nfseNumero: (r) =>
      r.nfse ? (
        <span className="pag-nfse-num" title={`Código de verificação ${r.nfse.codigoVerificacao} · ${formatMoney(r.nfse.valorServicos)}`}>
          {r.nfse.numero}
          {r.nfse.serie ? `/${r.nfse.serie}` : ''}
          <small>{isoToBr(r.nfse.emissao)}</small>
        </span>
      ) : (
        <span className="pag-sem">Sem NFS-e</span>
      ),
    status: (r) => (
      <>
        {r.status === 'CONSOLIDADA' ? 'Consolidada' : 'Solicitada'}
        {r.pagamentoNumero && <small>pagamento nº {r.pagamentoNumero}</small>}
      </>
    ),
  },
};

const ORDEM = ['prestadorId', 'protocolos', ...CAMPOS_NFSE];
const NFSE_VAZIA = { nfseNumero: '', nfseSerie: '', nfseEmissao: '', nfseCodigo: '', nfseValor: '' };

/**
 * The payment request: the provider's protocols with the review closed and value released, not asked yet (the staff
 * choose the provider first), chosen and asked for at once (one Idempotency-Key per request) with, for a legal entity,
 * the NFS-e that covers them; its requests below.
 */
function Pedido() {
  const qc = useQueryClient();
  const user = useAtomValue(userAtom);
  const equipe = !!user && !user.prestador && !user.prestadorAdministrativo;
  const [prestador, setPrestador] = useState<Option | null>(null);
  const prestadorId = equipe ? (prestador?.id ?? null) : null;
  const disp = useQuery({ queryKey: pagamentoKeys.disponiveis(prestadorId), queryFn: () => pagamentoApi.disponiveis(prestadorId), enabled: !equipe || !!prestador });
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const [nota, setNota] = useState(NFSE_VAZIA);
  const { formRef, erros, setErros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);
  const chave = useRef(novaChave());
  // every protocol offered is chosen at first
  useEffect(() => setMarcados(new Set((disp.data?.protocolos ?? []).map((p) => p.id))), [disp.data]);
  const lista = disp.data?.protocolos ?? [];
  const juridica = disp.data?.tipoPessoa === 'J';
  const total = lista.filter((p) => marcados.has(p.id)).reduce((s, p) => s + p.valorLiberado, 0);
  const campo = (k: keyof typeof NFSE_VAZIA) => ({
    id: `pag-${k}`,
    value: nota[k],
    'aria-invalid': inv(k),
    onChange: (e: ChangeEvent<HTMLInputElement>) => (setNota((n) => ({ ...n, [k]: e.target.value })), limpar(k)),
  });

  // the server's schema, plus what the form already knows: a legal entity informs its invoice, worth the total asked
  const esquema = solicitacaoPagamentoSchema.superRefine(
    (v, ctx) => {
      if (!juridica) return;
      for (const f of faltasNfse(v, true)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.message });
      if (typeof v.nfseValor === 'number' && v.nfseValor !== total) ctx.addIssue({ code: 'custom', path: ['nfseValor'], message: NFSE_MSG.valorDiferente(v.nfseValor, total) });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  );

  function pedir(e: FormEvent) {
    const valor = nota.nfseValor.trim();
    const corpo = {
      prestadorId: prestadorId ?? undefined,
      protocolos: [...marcados],
      ...(juridica ? { ...nota, nfseValor: valor ? (parseMoney(valor) ?? valor) : undefined } : {}),
    };
    return enviar(
      e,
      corpo,
      esquema,
      () => pagamentoApi.solicitar(corpo as SolicitacaoPagamentoInput, chave.current),
      async (s) => {
        chave.current = novaChave();
        setNota(NFSE_VAZIA);
        setErros({});
        showAlerts([{ type: 'success', value: `Pagamento solicitado sob o nº ${s.numero}: ${s.qtdProtocolos} ${s.qtdProtocolos === 1 ? 'protocolo' : 'protocolos'}, ${formatMoney(s.valorTotal)}${s.nfse ? `, NFS-e ${nfseTexto(s.nfse)}` : ''}.` }]);
        await qc.invalidateQueries({ queryKey: ['pagamentos', 'disponiveis'] });
        await qc.invalidateQueries({ queryKey: listKeys.all });
      },
    );
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
              onChange={(o) => (setPrestador(o), setNota(NFSE_VAZIA), setErros({}))}
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
        <form ref={formRef} noValidate onSubmit={(e) => void pedir(e)}>
          <table className="fluxo-tabela pag-tabela" aria-label="Protocolos a pedir">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="Todos"
                    checked={marcados.size === lista.length}
                    onChange={(e) => (setMarcados(new Set(e.target.checked ? lista.map((p) => p.id) : [])), limpar('protocolos'))}
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
                      onChange={(e) => (setMarcados((m) => (e.target.checked ? new Set([...m, p.id]) : new Set([...m].filter((x) => x !== p.id)))), limpar('protocolos'))}
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
          {juridica ? (
            <FormSection legend="Nota fiscal de serviços (NFS-e) dos protocolos pedidos">
              <Field k="nfseNumero" label="Número *" erros={erros} prefix="pag">
                <input {...campo('nfseNumero')} maxLength={15} inputMode="numeric" autoComplete="off" />
              </Field>
              <Field k="nfseSerie" label="Série" erros={erros} prefix="pag" dica="Se a nota tiver.">
                <input {...campo('nfseSerie')} maxLength={5} autoComplete="off" />
              </Field>
              <Field k="nfseEmissao" label="Emissão *" erros={erros} prefix="pag" dica="DD/MM/AAAA">
                <input {...campo('nfseEmissao')} maxLength={10} inputMode="numeric" placeholder="DD/MM/AAAA" autoComplete="off" />
              </Field>
              <Field k="nfseCodigo" label="Código de verificação *" erros={erros} prefix="pag">
                <input {...campo('nfseCodigo')} maxLength={11} autoComplete="off" />
              </Field>
              <Field k="nfseValor" label="Valor dos serviços (R$) *" erros={erros} prefix="pag" dica={`Igual ao total pedido: ${formatMoney(total)}.`}>
                <input {...campo('nfseValor')} maxLength={20} inputMode="decimal" placeholder="0,00" autoComplete="off" />
              </Field>
            </FormSection>
          ) : (
            <p className="pag-nota">Prestador pessoa física: sem NFS-e, o pagamento é pelo RPA de cada protocolo.</p>
          )}
          <div className="pag-linha">
            <div className="pag-resumo">
              <div>
                <span>{marcados.size === 1 ? '1 protocolo' : `${marcados.size} protocolos`}</span>
                <strong data-testid="total-pedido">{formatMoney(total)}</strong>
              </div>
            </div>
            <button type="submit" className="btn btn-primary" disabled={enviando}>
              {enviando ? 'Enviando…' : 'Solicitar pagamento'}
            </button>
          </div>
        </form>
      )}
      {(erros.protocolos ?? erros.prestadorId ?? geral) && (
        <p role="alert" className="fluxo-erro" data-campo="protocolos">
          {erros.protocolos ?? erros.prestadorId ?? geral}
        </p>
      )}
    </section>
  );
}

/** Solicitação de Pagamento ao Prestador: the request above, the provider's requests (or all, for the staff) below. */
export default function SolicitacaoPagamentoScreen({ command, search }: ScreenProps) {
  return <ListScreen<Linha> command={command} search={search} def={SOLICITACOES_PAGAMENTO_LIST} extras={{ ...extras, header: <Pedido /> }} />;
}

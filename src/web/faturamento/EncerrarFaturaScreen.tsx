import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { instantToBr, isoToBr } from '../../shared/dates';
import { MAX_GUIAS_PROTOCOLO, TIPOS_GUIA_DIGITADA, type FaturaDigitadaLinha, type ProtocoloGerado, type TipoGuiaDigitada } from '../../shared/faturamento/digitacao';
import { formatMoney, sumMoney } from '../../shared/money';
import { ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { baixar, digitacaoApi, digitacaoKeys } from './digitacao-api';
import { DIGITAR, useAbre } from './FaturaRegistrada';
import './digitacao.css';

const PROTOCOLOS = '/principal/faturamento/protocolos-recebimentos-prestadores';
const tipoLabel = (t: string) => TIPOS_GUIA_DIGITADA.find(([k]) => k === t)?.[1] ?? t;

/**
 * Encerrar Fatura / Gerar Protocolo: the provider's open typed bills, by guide type (a protocol holds one type, at most
 * 100 guides); the chosen ones are closed into a protocol with its number and receipt (PDF), and go to the review
 * like a lot sent as a file. The operator's staff first choose the provider (`?prestador=`) among those with open bills.
 */
export default function EncerrarFaturaScreen({ command, search }: ScreenProps) {
  const tabId = useTabId();
  const qc = useQueryClient();
  const abre = useAbre();
  const prestadorId = Number(new URLSearchParams(search).get('prestador')) || null;
  const q = useQuery({ queryKey: digitacaoKeys.abertas(prestadorId), queryFn: () => digitacaoApi.abertas(prestadorId), staleTime: 0 });
  const [sel, setSel] = useState<number[]>([]);
  const [tipo, setTipo] = useState<TipoGuiaDigitada | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [gerado, setGerado] = useState<ProtocoloGerado | null>(null);
  const chave = useRef(novaChave());

  if (gerado)
    return (
      <section className="card fat-feito" data-testid="protocolo-gerado" aria-live="polite">
        <h1 className="page-title">
          Protocolo nº <span data-testid="numero">{gerado.numero}</span> <Chip tone="info">Recebido</Chip>
        </h1>
        <p>
          {gerado.guias} {gerado.guias === 1 ? 'guia' : 'guias'} de {tipoLabel(gerado.tipoGuia)}, {gerado.itens} {gerado.itens === 1 ? 'item' : 'itens'}, valor informado{' '}
          <strong data-testid="valor">{formatMoney(gerado.valorInformado)}</strong> · recebido em {instantToBr(gerado.recebidoEm)}.
        </p>
        <p className="page-sub">As guias seguem para a análise da operadora; o demonstrativo de análise sai quando ela termina.</p>
        <div className="fat-acoes">
          <button type="button" className="btn btn-primary" onClick={() => void baixar(`/faturamento/faturas-abertas/protocolo/${gerado.id}/comprovante.pdf`, `protocolo-${gerado.numero}.pdf`)}>
            Baixar comprovante (PDF)
          </button>
          {abre(PROTOCOLOS) && (
            <button type="button" className="btn" onClick={() => go(`${PROTOCOLOS}?id=${gerado.id}`, { newTab: true, label: `Protocolo ${gerado.numero}` })}>
              Ver o protocolo
            </button>
          )}
          <button type="button" className="btn" onClick={() => (setGerado(null), setSel([]), setTipo(null))}>
            Encerrar outras faturas
          </button>
        </div>
      </section>
    );

  if (q.isLoading) return <div className="splash">Carregando…</div>;
  if (q.isError || !q.data) return <p role="alert">{(q.error as Error | null)?.message ?? 'Não foi possível ler as faturas abertas.'}</p>;
  const d = q.data;

  // the staff's first step: the providers with open bills
  if (!d.prestador)
    return (
      <div className="fat-encerrar">
        <h1 className="page-title">Encerrar fatura / gerar protocolo</h1>
        <p className="page-sub">Escolha o prestador: cada protocolo é de um prestador.</p>
        {d.prestadores.length === 0 ? (
          <p className="fluxo-ok">Nenhum prestador tem faturas digitadas abertas.</p>
        ) : (
          <div className="fat-prestadores" data-testid="prestadores">
            {d.prestadores.map((p) => (
              <button key={p.id} type="button" onClick={() => go(`${command.path}?prestador=${p.id}`, { tabId: tabId ?? undefined })}>
                <strong>{p.nome}</strong>
                <small>
                  {p.codigo ? `${p.codigo} · ` : ''}
                  {p.abertas} {p.abertas === 1 ? 'fatura aberta' : 'faturas abertas'} · {formatMoney(p.valor)}
                </small>
              </button>
            ))}
          </div>
        )}
      </div>
    );

  const grupos = TIPOS_GUIA_DIGITADA.map(([t]) => [t, d.faturas.filter((f) => f.tipoGuia === t)] as const).filter(([, l]) => l.length);
  const escolhidas = d.faturas.filter((f) => sel.includes(f.id));
  const total = sumMoney(escolhidas.map((f) => f.valorInformado));
  const alternar = (f: FaturaDigitadaLinha) => {
    setErro(null);
    // one guide type per protocol: choosing another type starts a new choice
    if (tipo !== f.tipoGuia) {
      setTipo(f.tipoGuia);
      setSel([f.id]);
      return;
    }
    setSel((s) => (s.includes(f.id) ? s.filter((i) => i !== f.id) : s.length >= MAX_GUIAS_PROTOCOLO ? s : [...s, f.id]));
  };
  const todas = (t: TipoGuiaDigitada, l: readonly FaturaDigitadaLinha[]) => {
    setErro(null);
    const marcadas = tipo === t && l.every((f) => sel.includes(f.id));
    setTipo(t);
    setSel(marcadas ? [] : l.slice(0, MAX_GUIAS_PROTOCOLO).map((f) => f.id));
  };

  async function gerar() {
    setEnviando(true);
    setErro(null);
    try {
      const p = await digitacaoApi.gerarProtocolo({ faturas: sel }, chave.current);
      chave.current = novaChave();
      setConfirmar(false);
      showAlerts([{ type: 'success', value: `Protocolo nº ${p.numero} gerado com ${p.guias} ${p.guias === 1 ? 'guia' : 'guias'}.` }]);
      await qc.invalidateQueries({ queryKey: ['faturamento', 'faturas-abertas'] });
      await qc.invalidateQueries({ queryKey: listKeys.all });
      setGerado(p);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : 'Não foi possível gerar o protocolo.');
      setConfirmar(false);
      await qc.invalidateQueries({ queryKey: digitacaoKeys.abertas(prestadorId) });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <div className="fat-encerrar" data-testid="encerrar">
      <h1 className="page-title">Encerrar fatura / gerar protocolo</h1>
      <p className="page-sub">
        {d.prestador.codigo ? `${d.prestador.codigo} · ` : ''}
        {d.prestador.nome} · escolha as faturas abertas de um tipo de guia (até {MAX_GUIAS_PROTOCOLO} por protocolo).
        {prestadorId && (
          <>
            {' '}
            <button type="button" className="btn btn-ghost" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
              Outro prestador
            </button>
          </>
        )}
      </p>
      {grupos.length === 0 && (
        <p className="fluxo-ok">
          Nenhuma fatura aberta.{' '}
          {abre(DIGITAR) && (
            <button type="button" className="btn btn-ghost" onClick={() => go(`${DIGITAR}?novo=1`, { tabId: tabId ?? undefined })}>
              Digitar uma fatura
            </button>
          )}
        </p>
      )}
      {grupos.map(([t, l]) => (
        <section key={t} className="card fluxo-dados fat-grupo" data-tipo={t}>
          <h2>
            Guias de {tipoLabel(t)} <small>({l.length} {l.length === 1 ? 'aberta' : 'abertas'})</small>
          </h2>
          <table className="fat-tabela fat-selecao">
            <thead>
              <tr>
                <th>
                  <input type="checkbox" aria-label={`Escolher todas as guias de ${tipoLabel(t)}`} checked={tipo === t && l.every((f) => sel.includes(f.id))} onChange={() => todas(t, l)} />
                </th>
                <th>Guia</th>
                <th>Beneficiário</th>
                <th>Atendimento</th>
                <th className="num">Itens</th>
                <th className="num">Valor informado</th>
              </tr>
            </thead>
            <tbody>
              {l.map((f) => (
                <tr key={f.id} data-fatura={f.numeroGuiaPrestador} aria-selected={sel.includes(f.id)}>
                  <td data-label="Escolher">
                    <input type="checkbox" aria-label={`Escolher a guia ${f.numeroGuiaPrestador}`} checked={sel.includes(f.id)} onChange={() => alternar(f)} />
                  </td>
                  <td data-label="Guia">
                    {f.numeroGuiaPrestador}
                    <small>{f.senha ? `senha ${f.senha}` : 'sem senha'}</small>
                  </td>
                  <td data-label="Beneficiário">
                    {f.beneficiarioNome}
                    <small>carteira {f.numeroCarteira}</small>
                  </td>
                  <td data-label="Atendimento">{isoToBr(f.dataAtendimento)}</td>
                  <td data-label="Itens" className="num">
                    {f.itens}
                  </td>
                  <td data-label="Valor informado" className="num">
                    {formatMoney(f.valorInformado)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {erro && (
        <p role="alert" className="fluxo-erro">
          {erro}
        </p>
      )}
      {grupos.length > 0 && (
        <div className="fat-resumo" data-testid="resumo">
          <span>
            <strong data-testid="escolhidas">{escolhidas.length}</strong> {escolhidas.length === 1 ? 'guia escolhida' : 'guias escolhidas'}
            {tipo && escolhidas.length > 0 ? ` de ${tipoLabel(tipo)}` : ''} · <strong data-testid="total">{formatMoney(total)}</strong>
          </span>
          <button type="button" className="btn btn-primary" disabled={!escolhidas.length || enviando} onClick={() => setConfirmar(true)}>
            Gerar protocolo
          </button>
        </div>
      )}
      {confirmar && (
        <Dialog
          title="Gerar o protocolo?"
          role="alertdialog"
          onClose={() => setConfirmar(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirmar(false)}>
                Voltar
              </button>
              <button type="button" className="btn btn-primary" disabled={enviando} onClick={() => void gerar()}>
                {enviando ? 'Gerando…' : 'Gerar o protocolo'}
              </button>
            </>
          }
        >
          <p data-testid="confirmar-resumo">
            {escolhidas.length} {escolhidas.length === 1 ? 'guia' : 'guias'} de {tipoLabel(tipo ?? '')}, valor informado {formatMoney(total)}. Depois de protocoladas, as faturas seguem para a análise da operadora e não mudam mais.
          </p>
        </Dialog>
      )}
    </div>
  );
}

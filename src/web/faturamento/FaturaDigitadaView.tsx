import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Command } from '../../../commands';
import { CONSELHO_SIGLA } from '../../shared/autorizacoes';
import { instantToBr, isoToBr } from '../../shared/dates';
import { STATUS_FATURA, STATUS_FATURA_TONS, TIPOS_GUIA_DIGITADA } from '../../shared/faturamento/digitacao';
import { formatMoney } from '../../shared/money';
import { ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { Chip } from '../ui/Chip';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { digitacaoApi, digitacaoKeys } from './digitacao-api';
import { ENCERRAR, useAbre } from './FaturaRegistrada';
import '../workflow/workflow.css';
import './digitacao.css';

const label = <T extends string>(l: readonly (readonly [T, string])[], v: string) => l.find(([k]) => k === v)?.[1] ?? v;
const PROTOCOLOS = '/principal/faturamento/protocolos-recebimentos-prestadores';

/** One typed bill: its guide, beneficiary, professional and items; an open one is closed into a protocol or cancelled. */
export function FaturaDigitadaView({ command, search, id }: { command: Command; search: string; id: number }) {
  const tabId = useTabId();
  const qc = useQueryClient();
  const abre = useAbre();
  const q = useQuery({ queryKey: digitacaoKeys.fatura(id), queryFn: () => digitacaoApi.fatura(id), staleTime: 0 });
  const [cancelar, setCancelar] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const f = q.data;
  useEffect(() => {
    if (tabId && f) tabActions.setLabel(tabId, `Fatura ${f.numeroGuiaPrestador}`);
  }, [tabId, f]);
  if (q.isLoading) return <div className="splash">Carregando…</div>;
  if (q.isError || !f) return <p role="alert">{(q.error as Error | null)?.message ?? 'Fatura não encontrada.'}</p>;
  const voltar = () => {
    const p = new URLSearchParams(search);
    p.delete('id');
    go(`${command.path}${p.size ? `?${p.toString()}` : ''}`, { tabId: tabId ?? undefined });
  };
  async function confirmarCancelamento() {
    if (!f) return;
    setErro(null);
    try {
      const n = await digitacaoApi.cancelar(f.id, f.version);
      qc.setQueryData(digitacaoKeys.fatura(f.id), n);
      await qc.invalidateQueries({ queryKey: listKeys.all });
      showAlerts([{ type: 'success', value: `Fatura da guia ${n.numeroGuiaPrestador} cancelada.` }]);
      setCancelar(false);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : 'Não foi possível cancelar a fatura.');
      if (e instanceof ApiError && e.status === 409) await qc.invalidateQueries({ queryKey: digitacaoKeys.fatura(f.id) });
    }
  }

  return (
    <div className="fat-view" data-testid="fatura" data-id={f.id}>
      <div className="fluxo-cab">
        <div>
          <button type="button" className="btn btn-ghost fat-voltar" onClick={voltar}>
            ← Faturas
          </button>
          <h1 className="page-title">
            Fatura da guia {f.numeroGuiaPrestador} <Chip tone={STATUS_FATURA_TONS[f.status]}>{label(STATUS_FATURA, f.status)}</Chip>
          </h1>
          <p className="page-sub">
            {f.prestadorCodigo ? `${f.prestadorCodigo} · ` : ''}
            {f.prestadorNome} · digitada em {instantToBr(f.criadoEm)}
            {f.criadoPor ? ` por ${f.criadoPor}` : ''}
          </p>
        </div>
        <div className="fat-acoes">
          {f.status === 'ABERTA' && abre(ENCERRAR) && (
            <button type="button" className="btn btn-primary" onClick={() => go(ENCERRAR, { tabId: tabId ?? undefined })}>
              Encerrar fatura / gerar protocolo
            </button>
          )}
          {f.protocolo && abre(PROTOCOLOS) && (
            <button type="button" className="btn btn-primary" onClick={() => go(`${PROTOCOLOS}?id=${f.protocolo!.id}`, { newTab: true, label: `Protocolo ${f.protocolo!.numero}` })}>
              Protocolo {f.protocolo.numero}
            </button>
          )}
          {f.status === 'ABERTA' && (
            <button type="button" className="btn danger" onClick={() => setCancelar(true)}>
              Cancelar fatura
            </button>
          )}
        </div>
      </div>

      <div className="fluxo-colunas">
        <section className="card fluxo-dados">
          <h2>Guia</h2>
          <dl>
            <dt>Tipo</dt>
            <dd>{label(TIPOS_GUIA_DIGITADA, f.tipoGuia)}</dd>
            <dt>Senha</dt>
            <dd>{f.senha ?? 'sem senha'}</dd>
            <dt>Guia da operadora</dt>
            <dd>{f.numeroGuiaOperadora ?? '—'}</dd>
            <dt>Autorizada em</dt>
            <dd>{f.dataAutorizacao ? isoToBr(f.dataAutorizacao) : '—'}</dd>
            <dt>Atendimento</dt>
            <dd>
              {isoToBr(f.dataAtendimento)} · {f.carater === '2' ? 'urgência/emergência' : 'eletivo'}
            </dd>
            <dt>Beneficiário</dt>
            <dd>
              {f.beneficiarioNome} · carteira {f.numeroCarteira}
            </dd>
          </dl>
        </section>
        <section className="card fluxo-dados">
          <h2>Profissional executante</h2>
          <dl>
            <dt>Nome</dt>
            <dd>{f.profissional.nome ?? '—'}</dd>
            <dt>Conselho</dt>
            <dd>
              {CONSELHO_SIGLA[f.profissional.conselho] ?? f.profissional.conselho} {f.profissional.numero}/{f.profissional.uf}
            </dd>
            <dt>CBO-S</dt>
            <dd>{f.profissional.cbo}</dd>
            {f.observacao && (
              <>
                <dt>Observação</dt>
                <dd className="fluxo-texto">{f.observacao}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <section className="card fluxo-dados fat-itens-view">
        <h2>Procedimentos</h2>
        <table className="fat-tabela">
          <thead>
            <tr>
              <th>#</th>
              <th>Procedimento</th>
              <th>Realização</th>
              <th className="num">Qtd.</th>
              <th className="num">Unitário</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {f.itens.map((i) => (
              <tr key={i.sequencial}>
                <td data-label="Item">{i.sequencial}</td>
                <td data-label="Procedimento">
                  {i.codigo}
                  <small>{i.descricao}</small>
                  {i.foraDaAutorizacao && <small className="fat-aviso">Fora da autorização: a análise propõe a glosa 1402.</small>}
                </td>
                <td data-label="Realização">{isoToBr(i.data)}</td>
                <td data-label="Qtd." className="num">
                  {i.quantidade}
                </td>
                <td data-label="Unitário" className="num">
                  {formatMoney(i.valorUnitario)}
                </td>
                <td data-label="Total" className="num">
                  {formatMoney(i.valorTotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>Total da guia</td>
              <td className="num" data-testid="total">
                <strong>{formatMoney(f.valorInformado)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </section>

      {cancelar && (
        <Dialog
          title={`Cancelar a fatura da guia ${f.numeroGuiaPrestador}?`}
          role="alertdialog"
          onClose={() => setCancelar(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setCancelar(false)}>
                Voltar
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void confirmarCancelamento()}>
                Cancelar a fatura
              </button>
            </>
          }
        >
          <p>A fatura cancelada não vai para protocolo, e o número da guia pode ser digitado de novo.</p>
          {erro && (
            <p className="field-error" role="alert">
              {erro}
            </p>
          )}
        </Dialog>
      )}
    </div>
  );
}

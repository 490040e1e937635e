import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { Command } from '../../../commands';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { applyMask } from '../../shared/resources/masks';
import { previaVerbaSchema, registroVerbaSchema, type RegistroVerbaInput } from '../../shared/verbas';
import { novaChave } from '../api/chave';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { RefSelect } from '../resources/RefSelect';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { Field, FormFooter, FormSection } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { verbaApi, verbaKeys } from './api';
import { ComposicaoVerba } from './ComposicaoVerba';
import './verbas.css';

const ORDEM = ['empresaId', 'competencia', 'vencimento', 'observacao'];

/** The last closed month (MM/AAAA): the usual competência of a new request. */
function mesAnterior(): string {
  const [a, m] = todayIso().split('-').map(Number);
  return m === 1 ? `12/${a - 1}` : `${String(m - 1).padStart(2, '0')}/${a}`;
}
/** Fifteen days from today: the usual due date. */
const emQuinzeDias = () => isoToBr(new Date(Date.parse(`${todayIso()}T12:00:00Z`) + 15 * 86_400_000).toISOString().slice(0, 10));

/**
 * A new request of funds: the company, the competência, the due date and a note. The composition (provider bills and
 * reimbursements of the company's beneficiaries) is shown as the server computes it, and computed again by the server
 * when registering; one Idempotency-Key per form.
 */
export function NovaVerba({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const chave = useMemo(() => novaChave(), []);
  const [empresa, setEmpresa] = useState('');
  const [competencia, setCompetencia] = useState(mesAnterior);
  const [vencimento, setVencimento] = useState(emQuinzeDias);
  const [observacao, setObservacao] = useState('');
  const { formRef, erros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  const previaValida = previaVerbaSchema.safeParse({ empresaId: empresa, competencia }).success;
  const previa = useQuery({ queryKey: verbaKeys.previa(empresa, competencia), queryFn: () => verbaApi.previa(empresa, competencia), enabled: previaValida });

  function registrar(e: FormEvent) {
    const corpo: RegistroVerbaInput = { empresaId: empresa, competencia, vencimento, observacao: observacao || null };
    return enviar(
      e,
      corpo,
      registroVerbaSchema,
      () => verbaApi.registrar(corpo, chave),
      async (d) => {
        showAlerts([{ type: 'success', value: `Solicitação de verba nº ${d.numero} registrada: ${formatMoney(d.valorSolicitado)}.` }]);
        qc.setQueryData(verbaKeys.detail(d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        go(`${command.path}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Verba ${d.numero}` });
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="verba" {...opts}>
      {control}
    </Field>
  );

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={registrar} noValidate aria-label="Nova solicitação de verba" data-testid="form-verba">
      <h1 className="page-title">Nova solicitação de verba</h1>
      <p className="page-sub">O valor é calculado pelo servidor ao registrar: contas de prestadores pagas na competência e reembolsos liberados no mês, dos beneficiários da empresa. Campos com * são obrigatórios.</p>

      <FormSection legend="Empresa e competência">
        {campo('empresaId', 'Empresa contratante *', <RefSelect id="verba-empresaId" resource="empresa" label="Empresa contratante" value={empresa} invalid={!!erros.empresaId} onChange={(v) => (setEmpresa(v), limpar('empresaId'))} />, { largo: true })}
        {campo(
          'competencia',
          'Competência *',
          <input id="verba-competencia" inputMode="numeric" placeholder="MM/AAAA" maxLength={7} value={competencia} aria-invalid={inv('competencia')} onChange={(e) => (setCompetencia(applyMask('##/####', e.target.value)), limpar('competencia'))} />,
        )}
        {campo(
          'vencimento',
          'Vencimento *',
          <input id="verba-vencimento" inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={vencimento} aria-invalid={inv('vencimento')} onChange={(e) => (setVencimento(applyMask('##/##/####', e.target.value)), limpar('vencimento'))} />,
        )}
        {campo(
          'observacao',
          'Observação',
          <textarea id="verba-observacao" rows={3} maxLength={1000} value={observacao} aria-invalid={inv('observacao')} onChange={(e) => (setObservacao(e.target.value), limpar('observacao'))} />,
          { largo: true },
        )}
      </FormSection>

      <section className="verba-previa" aria-live="polite" data-testid="previa">
        <h2>Composição</h2>
        {!previaValida ? (
          <p className="muted">Escolha a empresa e a competência para ver o valor.</p>
        ) : previa.isLoading ? (
          <p className="muted">Calculando…</p>
        ) : previa.isError ? (
          <p role="alert">{(previa.error as Error).message}</p>
        ) : previa.data && previa.data.itens.length ? (
          <ComposicaoVerba itens={previa.data.itens} totais={[{ label: 'Valor a solicitar', valor: previa.data.total }]} />
        ) : (
          <p className="muted">Nada a solicitar nesta competência para os beneficiários desta empresa.</p>
        )}
      </section>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Registrar solicitação" sendingLabel="Registrando…" />
    </form>
  );
}

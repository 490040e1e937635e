import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Command } from '../../../commands';
import { CONSTANTS } from '../../shared/constants';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney, parseMoney } from '../../shared/money';
import { ANEXOS_MAX, msgSolicitado, PRAZO_PAGAMENTO_DIAS, PRAZO_SOLICITACAO_DIAS, solicitacaoSchema, type ReembolsoDetalhe, type SolicitacaoInput } from '../../shared/reembolsos';
import { UF_OPTIONS } from '../../shared/resources/define';
import { CONSELHOS } from '../../shared/resources/pessoas';
import { formatCarteirinha } from '../../shared/text';
import { novaChave } from '../api/chave';
import { AnexosCampo, type AnexoEscolhido } from '../autorizacoes/AnexosCampo';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { userAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { Field, FormFooter, FormSection, OptionSelect } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { reembolsoApi, reembolsoKeys } from './api';
import './reembolsos.css';

const ORDEM = ['beneficiarioId', 'dataAtendimento', 'procedimentoId', 'quantidade', 'valorPago', 'profissionalNome', 'profissionalConselho', 'profissionalNumero', 'profissionalUf', 'profissionalDocumento', 'observacao', 'anexos'];
const COMANDO = '/principal/faturamento/solicitacoes-reembolso';

/** The receipt: the protocol at once, what happens next and where to follow it. */
function Recibo({ d, outro }: { d: ReembolsoDetalhe; outro: () => void }) {
  const tabId = useTabId();
  return (
    <section className="card reb-recibo" aria-labelledby="reb-recibo-titulo" data-testid="recibo">
      <h1 id="reb-recibo-titulo" className="page-title">
        Comprovante de pedido de reembolso
      </h1>
      <p role="status">{msgSolicitado(d.protocolo)}</p>
      <strong className="reb-protocolo" data-testid="protocolo">
        {d.protocolo}
      </strong>
      <dl className="fluxo-dados">
        <dt>Pedido em</dt>
        <dd>{instantToBr(d.solicitadoEm)}</dd>
        <dt>Beneficiário</dt>
        <dd>{d.beneficiarioNome}</dd>
        <dt>Atendimento</dt>
        <dd>
          {d.procedimentoCodigo} – {d.procedimentoDescricao}, {isoToBr(d.dataAtendimento)}
        </dd>
        <dt>Valor pago</dt>
        <dd>{formatMoney(d.valorPago)}</dd>
        <dt>Recibos</dt>
        <dd>{d.anexos.length}</dd>
      </dl>
      <p>A operadora confere os recibos, protocola o pedido e calcula o reembolso pela tabela do seu plano. O pagamento sai em até {PRAZO_PAGAMENTO_DIAS} dias do protocolo.</p>
      <div className="fluxo-botoes">
        <button type="button" className="btn btn-primary" onClick={() => go(`${COMANDO}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Reembolso ${d.protocolo.slice(-6)}` })}>
          Acompanhar este pedido
        </button>
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir comprovante
        </button>
        <button type="button" className="btn" onClick={outro}>
          Pedir outro reembolso
        </button>
      </div>
    </section>
  );
}

/**
 * The reimbursement request: who was attended (the family's members; the staff search anyone), the care (day,
 * procedure by TUSS code or name, how many times, the amount paid in reais), the professional or clinic that issued
 * the receipt, and the receipts (sent at once, checked by type and size). The shared schema checks it here and on the
 * server; one Idempotency-Key per form, so a double submission registers one request.
 */
export function NovoReembolso({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const familia = !!user && (user.beneficiario || user.dependente) && !user.admin;
  const membros = useQuery({ queryKey: reembolsoKeys.beneficiarios, queryFn: () => reembolsoApi.beneficiarios(), enabled: familia });
  const [beneficiario, setBeneficiario] = useState<Option | null>(null);
  const [membro, setMembro] = useState('');
  const [data, setData] = useState('');
  const [procedimento, setProcedimento] = useState<Option | null>(null);
  const [quantidade, setQuantidade] = useState('1');
  const [valor, setValor] = useState('');
  const [nome, setNome] = useState('');
  const [conselho, setConselho] = useState<string>(CONSTANTS.tipoConselho);
  const [numero, setNumero] = useState('');
  const [uf, setUf] = useState<string>(CONSTANTS.ufPadrao);
  const [documento, setDocumento] = useState('');
  const [observacao, setObservacao] = useState('');
  const [anexos, setAnexos] = useState<AnexoEscolhido[]>([]);
  const [recibo, setRecibo] = useState<ReembolsoDetalhe | null>(null);
  const chave = useRef(novaChave());
  const { formRef, erros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  if (recibo)
    return (
      <Recibo
        d={recibo}
        outro={() => {
          chave.current = novaChave();
          setRecibo(null);
          setProcedimento(null);
          setData('');
          setValor('');
          setObservacao('');
          setAnexos([]);
        }}
      />
    );

  function solicitar(e: FormEvent) {
    const texto = valor.trim();
    const corpo: SolicitacaoInput = {
      beneficiarioId: familia ? Number(membro) || undefined : beneficiario?.id,
      profissionalNome: nome,
      profissionalConselho: conselho,
      profissionalNumero: numero,
      profissionalUf: uf,
      profissionalDocumento: documento,
      procedimentoId: procedimento?.id,
      quantidade: Number(quantidade),
      dataAtendimento: data,
      // centavos; a text that is not an amount goes as it is and is refused beside the field
      valorPago: texto ? (parseMoney(texto) ?? texto) : null,
      observacao: observacao || null,
      anexos: anexos.map((a) => a.arquivoId),
    };
    const schema = solicitacaoSchema.superRefine((v, ctx) => (v.beneficiarioId ? undefined : ctx.addIssue({ code: 'custom', path: ['beneficiarioId'], message: 'Escolha quem foi atendido.' })));
    return enviar(
      e,
      corpo,
      schema,
      () => reembolsoApi.solicitar(corpo, chave.current),
      async (d) => {
        showAlerts([{ type: 'success', value: msgSolicitado(d.protocolo) }]);
        qc.setQueryData(reembolsoKeys.detail('solicitacao', d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        setRecibo(d);
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="reb" {...opts}>
      {control}
    </Field>
  );
  const texto = (k: string, value: string, set: (v: string) => void, o: { max: number; inputMode?: 'numeric' | 'decimal'; placeholder?: string; autoComplete?: string }) => (
    <input
      id={`reb-${k}`}
      value={value}
      maxLength={o.max}
      inputMode={o.inputMode}
      placeholder={o.placeholder}
      autoComplete={o.autoComplete ?? 'off'}
      aria-invalid={inv(k)}
      onChange={(e) => (set(e.target.value), limpar(k))}
    />
  );

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={solicitar} noValidate aria-label="Pedido de reembolso" data-testid="form-reembolso">
      <h1 className="page-title">Pedido de reembolso</h1>
      <p className="page-sub">
        Para atendimentos pagos fora da rede, em até {PRAZO_SOLICITACAO_DIAS} dias. O protocolo é gerado ao enviar. Campos com * são obrigatórios.
      </p>

      <FormSection legend="Atendimento">
        {familia ? (
          campo(
            'beneficiarioId',
            'Quem foi atendido *',
            <select id="reb-beneficiarioId" value={membro} aria-invalid={inv('beneficiarioId')} onChange={(e) => (setMembro(e.target.value), limpar('beneficiarioId'))}>
              <option value="">Selecione…</option>
              {(membros.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.nome}
                </option>
              ))}
            </select>,
            { largo: true },
          )
        ) : (
          <Field k="beneficiarioId" label="Beneficiário atendido *" erros={erros} prefix="reb" largo dica={beneficiario?.detail}>
            <Autocomplete
              id="reb-beneficiarioId"
              queryKey={reembolsoKeys.beneficiarios}
              search={async (termo) => (await reembolsoApi.beneficiarios(termo)).map((b) => ({ id: b.id, label: b.nome, detail: `Carteirinha ${formatCarteirinha(b.carteirinha)}` }))}
              value={beneficiario}
              onChange={(o) => (setBeneficiario(o), limpar('beneficiarioId'))}
              invalid={!!erros.beneficiarioId}
              placeholder="Nome, CPF ou carteirinha"
            />
          </Field>
        )}
        {campo('dataAtendimento', 'Data do atendimento *', texto('dataAtendimento', data, setData, { max: 10, inputMode: 'numeric', placeholder: 'DD/MM/AAAA' }))}
        <Field k="procedimentoId" label="Procedimento (TUSS) *" erros={erros} prefix="reb" largo dica={procedimento ? `Código ${procedimento.detail}` : 'Digite o código TUSS ou parte do nome: consulta, sessão de psicoterapia…'}>
          <Autocomplete
            id="reb-procedimentoId"
            queryKey={reembolsoKeys.procedimentos}
            search={async (termo) => (await reembolsoApi.procedimentos(termo)).map((p) => ({ id: p.id, label: `${p.codigo} – ${p.descricao}`, detail: p.codigo }))}
            value={procedimento}
            onChange={(o) => (setProcedimento(o), limpar('procedimentoId'))}
            invalid={!!erros.procedimentoId}
            placeholder="Código ou nome do procedimento"
          />
        </Field>
        {campo('quantidade', 'Quantidade *', texto('quantidade', quantidade, setQuantidade, { max: 2, inputMode: 'numeric' }), { dica: 'Sessões ou vezes no mesmo recibo.' })}
        {campo('valorPago', 'Valor pago (R$) *', texto('valorPago', valor, setValor, { max: 16, inputMode: 'decimal', placeholder: '0,00' }), { dica: 'O total do recibo, em reais.' })}
      </FormSection>

      <FormSection legend="Profissional ou clínica do recibo">
        {campo('profissionalNome', 'Nome *', texto('profissionalNome', nome, setNome, { max: 150 }), { largo: true })}
        {campo(
          'profissionalConselho',
          'Conselho *',
          <OptionSelect id="reb-profissionalConselho" value={conselho} options={CONSELHOS} invalid={inv('profissionalConselho')} onChange={(v) => (setConselho(v), limpar('profissionalConselho'))} />,
        )}
        {campo('profissionalNumero', 'Número no conselho *', texto('profissionalNumero', numero, setNumero, { max: 15 }))}
        {campo('profissionalUf', 'UF do conselho *', <OptionSelect id="reb-profissionalUf" value={uf} options={UF_OPTIONS} invalid={inv('profissionalUf')} onChange={(v) => (setUf(v), limpar('profissionalUf'))} />)}
        {campo('profissionalDocumento', 'CPF ou CNPJ *', texto('profissionalDocumento', documento, setDocumento, { max: 18, inputMode: 'numeric', placeholder: '000.000.000-00' }), { dica: 'Como está no recibo ou na nota fiscal.' })}
        {campo(
          'observacao',
          'Observação',
          <textarea id="reb-observacao" rows={3} maxLength={1000} value={observacao} aria-invalid={inv('observacao')} onChange={(e) => (setObservacao(e.target.value), limpar('observacao'))} />,
          { largo: true },
        )}
      </FormSection>

      <FormSection legend="Recibos">
        <div className="field fluxo-campo largo" data-campo="anexos">
          <AnexosCampo label={`Recibo ou nota fiscal do atendimento * (PDF ou foto, até ${ANEXOS_MAX})`} tag="reembolso" value={anexos} onChange={(v) => (setAnexos(v.slice(0, ANEXOS_MAX)), limpar('anexos'))} />
          {erros.anexos && (
            <p className="field-error" role="alert" data-erro="anexos">
              {erros.anexos}
            </p>
          )}
        </div>
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Enviar pedido" sendingLabel="Enviando…" />
    </form>
  );
}

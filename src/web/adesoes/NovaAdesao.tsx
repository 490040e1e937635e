import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Command } from '../../../commands';
import { instantToBr } from '../../shared/dates';
import { ANEXOS_MAX, msgSolicitada, parentescoLabel, PARENTESCOS, solicitacaoSchema, type AdesaoDetalhe, type SolicitacaoInput } from '../../shared/adesoes';
import { SEXOS } from '../../shared/resources/pessoas';
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
import { adesaoApi, adesaoKeys } from './api';
import './adesoes.css';

const ORDEM = ['titularId', 'nome', 'cpf', 'dataNascimento', 'sexo', 'relacaoDependencia', 'nomeMae', 'cns', 'observacao', 'anexos'];
const COMANDO = '/principal/solicitacoes-adesoes';

/** The receipt: the protocol at once, what happens next and where to follow it. */
function Recibo({ d, outra }: { d: AdesaoDetalhe; outra: () => void }) {
  const tabId = useTabId();
  return (
    <section className="card ade-recibo" aria-labelledby="ade-recibo-titulo" data-testid="recibo">
      <h1 id="ade-recibo-titulo" className="page-title">
        Comprovante de solicitação de adesão
      </h1>
      <p role="status">{msgSolicitada(d.protocolo)}</p>
      <strong className="ade-protocolo" data-testid="protocolo">
        {d.protocolo}
      </strong>
      <dl className="fluxo-dados">
        <dt>Solicitada em</dt>
        <dd>{instantToBr(d.solicitadaEm)}</dd>
        <dt>Titular</dt>
        <dd>{d.titularNome}</dd>
        <dt>Dependente</dt>
        <dd>
          {d.nome} ({parentescoLabel(d.relacaoDependencia)})
        </dd>
        <dt>Documentos</dt>
        <dd>{d.anexos.length}</dd>
      </dl>
      <p>A operadora confere os documentos. Aprovada a solicitação, o dependente entra no plano e o cartão fica disponível no portal.</p>
      <div className="fluxo-botoes">
        <button type="button" className="btn btn-primary" onClick={() => go(`${COMANDO}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Adesão ${d.nome}` })}>
          Acompanhar esta solicitação
        </button>
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir comprovante
        </button>
        <button type="button" className="btn" onClick={outra}>
          Solicitar outra
        </button>
      </div>
    </section>
  );
}

/**
 * The request to add a dependent: the titular (the staff choose it; a beneficiary asks for their own family), the
 * dependent's data as the SIB needs them, and the documents (sent at once, checked by type and size). The shared
 * schema checks it here and on the server; the receipt shows the protocol.
 */
export function NovaAdesao({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const familia = !!user && (user.beneficiario || user.dependente) && !user.admin;
  const [titular, setTitular] = useState<Option | null>(null);
  const [nome, setNome] = useState('');
  const [cpf, setCpf] = useState('');
  const [nascimento, setNascimento] = useState('');
  const [sexo, setSexo] = useState('');
  const [parentesco, setParentesco] = useState('');
  const [nomeMae, setNomeMae] = useState('');
  const [cns, setCns] = useState('');
  const [observacao, setObservacao] = useState('');
  const [anexos, setAnexos] = useState<AnexoEscolhido[]>([]);
  const [recibo, setRecibo] = useState<AdesaoDetalhe | null>(null);
  const { formRef, erros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  if (recibo) return <Recibo d={recibo} outra={() => (setRecibo(null), setNome(''), setCpf(''), setNascimento(''), setCns(''), setObservacao(''), setAnexos([]))} />;

  function solicitar(e: FormEvent) {
    const corpo: SolicitacaoInput = {
      titularId: familia ? undefined : titular?.id,
      nome,
      cpf,
      cns: cns || null,
      dataNascimento: nascimento,
      sexo: sexo as SolicitacaoInput['sexo'],
      relacaoDependencia: parentesco as SolicitacaoInput['relacaoDependencia'],
      nomeMae,
      observacao: observacao || null,
      anexos: anexos.map((a) => a.arquivoId),
    };
    const schema = familia ? solicitacaoSchema : solicitacaoSchema.superRefine((v, ctx) => (v.titularId ? undefined : ctx.addIssue({ code: 'custom', path: ['titularId'], message: 'Escolha o titular da família.' })));
    return enviar(
      e,
      corpo,
      schema,
      () => adesaoApi.solicitar(corpo),
      async (d) => {
        showAlerts([{ type: 'success', value: msgSolicitada(d.protocolo) }]);
        qc.setQueryData(adesaoKeys.detail(d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        setRecibo(d);
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="ade" {...opts}>
      {control}
    </Field>
  );
  const texto = (k: string, value: string, set: (v: string) => void, o: { max: number; inputMode?: 'numeric'; placeholder?: string; autoComplete?: string }) => (
    <input
      id={`ade-${k}`}
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
    <form ref={formRef} className="fluxo-form card" onSubmit={solicitar} noValidate aria-label="Solicitação de adesão de dependente" data-testid="form-adesao">
      <h1 className="page-title">Adesão de Dependente Familiar</h1>
      <p className="page-sub">
        {familia ? 'Peça a inclusão de um dependente no seu plano.' : 'Registre o pedido de inclusão de um dependente na família de um titular.'} O protocolo é gerado ao enviar. Campos com * são
        obrigatórios.
      </p>

      {!familia && (
        <FormSection legend="Titular">
          <Field k="titularId" label="Titular da família *" erros={erros} prefix="ade" largo dica={titular?.detail}>
            <Autocomplete
              id="ade-titularId"
              queryKey={adesaoKeys.titulares}
              search={async (termo) => (await adesaoApi.titulares(termo)).map((b) => ({ id: b.id, label: b.nome, detail: `Carteirinha ${b.carteirinha}` }))}
              value={titular}
              onChange={(o) => (setTitular(o), limpar('titularId'))}
              invalid={!!erros.titularId}
              placeholder="Nome, CPF ou carteirinha"
            />
          </Field>
        </FormSection>
      )}

      <FormSection legend="Dependente">
        {campo('nome', 'Nome completo *', texto('nome', nome, setNome, { max: 150 }), { largo: true })}
        {campo('cpf', 'CPF *', texto('cpf', cpf, setCpf, { max: 14, inputMode: 'numeric', placeholder: '000.000.000-00' }))}
        {campo('dataNascimento', 'Data de nascimento *', texto('dataNascimento', nascimento, setNascimento, { max: 10, inputMode: 'numeric', placeholder: 'DD/MM/AAAA' }))}
        {campo('sexo', 'Sexo *', <OptionSelect id="ade-sexo" value={sexo} options={SEXOS} placeholder="Selecione…" invalid={inv('sexo')} onChange={(v) => (setSexo(v), limpar('sexo'))} />)}
        {campo(
          'relacaoDependencia',
          'Parentesco com o titular *',
          <OptionSelect id="ade-relacaoDependencia" value={parentesco} options={PARENTESCOS} placeholder="Selecione…" invalid={inv('relacaoDependencia')} onChange={(v) => (setParentesco(v), limpar('relacaoDependencia'))} />,
        )}
        {campo('nomeMae', 'Nome da mãe *', texto('nomeMae', nomeMae, setNomeMae, { max: 150 }), { largo: true, dica: 'Como está na certidão: a ANS pede o nome da mãe de todo beneficiário.' })}
        {campo('cns', 'Cartão Nacional de Saúde (CNS)', texto('cns', cns, setCns, { max: 18, inputMode: 'numeric' }), { dica: 'Opcional: os 15 dígitos do cartão do SUS.' })}
        {campo(
          'observacao',
          'Observação',
          <textarea id="ade-observacao" rows={3} maxLength={1000} value={observacao} aria-invalid={inv('observacao')} onChange={(e) => (setObservacao(e.target.value), limpar('observacao'))} />,
          { largo: true },
        )}
      </FormSection>

      <FormSection legend="Documentos">
        <div className="field fluxo-campo largo" data-campo="anexos">
          <AnexosCampo label={`Certidão de nascimento ou de casamento, RG e CPF do dependente * (até ${ANEXOS_MAX})`} tag="adesao" value={anexos} onChange={(v) => (setAnexos(v.slice(0, ANEXOS_MAX)), limpar('anexos'))} />
          {erros.anexos && (
            <p className="field-error" role="alert" data-erro="anexos">
              {erros.anexos}
            </p>
          )}
        </div>
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Enviar solicitação" sendingLabel="Enviando…" />
    </form>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CLIENT_MESSAGES } from '../../shared/clients';
import { instantToBr, isoToBr } from '../../shared/dates';
import {
  ASSUNTOS,
  CANAIS,
  CONTATOS,
  msgRegistrada,
  PRAZO_DIAS_UTEIS,
  registroSchema,
  tipoLabel,
  TIPOS,
  TIPOS_SEGUNDA_INSTANCIA,
  type ManifestacaoDetalhe,
  type RegistroInput,
  type Tipo,
} from '../../shared/ouvidoria';
import { novaChave } from '../api/chave';
import { AnexosCampo, type AnexoEscolhido } from '../autorizacoes/AnexosCampo';
import type { Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { userAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { BeneficiarioPrestadorFields } from '../workflow/BeneficiarioPrestadorFields';
import { Field, FormFooter, FormSection, OptionSelect } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { ouvidoriaApi, ouvidoriaKeys } from './api';
import './ouvidoria.css';

const ORDEM = ['beneficiarioId', 'canal', 'tipo', 'assunto', 'protocoloPrimeiraInstancia', 'autorizacao', 'descricao', 'contato', 'contatoValor', 'anexos'];
const ACOMPANHAR = '/ouvidoria/manifestacoes';

/** The receipt of a registered manifestação: the protocol at once, the deadline, and where to follow it. */
function Recibo({ d, outra }: { d: ManifestacaoDetalhe; outra: () => void }) {
  const tabId = useTabId();
  return (
    <section className="card ouv-recibo" aria-labelledby="ouv-recibo-titulo" data-testid="recibo">
      <h1 id="ouv-recibo-titulo" className="page-title">
        Comprovante de manifestação
      </h1>
      <p role="status">{msgRegistrada(d.protocolo)}</p>
      <strong className="ouv-protocolo" data-testid="protocolo">
        {d.protocolo}
      </strong>
      <dl className="fluxo-dados">
        <dt>Registrada em</dt>
        <dd>{instantToBr(d.registradaEm)}</dd>
        <dt>Beneficiário</dt>
        <dd>{d.beneficiarioNome}</dd>
        <dt>Tipo</dt>
        <dd>{tipoLabel(d.tipo)}</dd>
        <dt>Prazo de resposta</dt>
        <dd data-testid="prazo">
          {isoToBr(d.prazo)} ({PRAZO_DIAS_UTEIS} dias úteis)
        </dd>
      </dl>
      <p>Guarde este número: com ele você acompanha a manifestação e a resposta da Ouvidoria.</p>
      <div className="fluxo-botoes">
        <button type="button" className="btn btn-primary" onClick={() => go(`${ACOMPANHAR}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Manifestação ${d.protocolo}` })}>
          Acompanhar esta manifestação
        </button>
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir comprovante
        </button>
        <button type="button" className="btn" onClick={outra}>
          Registrar outra
        </button>
      </div>
    </section>
  );
}

/**
 * Registro de Manifestação: the spec §8 notice (the ombudsman is an appeal channel) above the form; whose (a member of
 * the family for a beneficiary; anyone, and how it came, for the ombudsman's staff), type and subject, the
 * first-instance protocol (required for complaints and requests), the related authorization, what happened, how to
 * answer and the attachments. The shared schema checks it here and on the server; the receipt shows the protocol.
 */
export default function RegistroManifestacaoScreen({ command }: ScreenProps) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const familia = !!user && (user.beneficiario || user.dependente) && !user.admin;
  const membros = useQuery({ queryKey: [...ouvidoriaKeys.beneficiarios, 'familia'], queryFn: () => ouvidoriaApi.beneficiarios(), enabled: familia });
  const [benef, setBenef] = useState<Option | null>(null);
  const [membro, setMembro] = useState('');
  const [canal, setCanal] = useState('TELEFONE');
  const [tipo, setTipo] = useState<Tipo | ''>('');
  // one Idempotency-Key per form instance: a double click or a resend after a lost answer gets the same protocol back
  const chave = useRef(novaChave());
  const [assunto, setAssunto] = useState('');
  const [primeira, setPrimeira] = useState('');
  const [autorizacao, setAutorizacao] = useState('');
  const [descricao, setDescricao] = useState('');
  const [contato, setContato] = useState('PORTAL');
  const [contatoValor, setContatoValor] = useState('');
  const [anexos, setAnexos] = useState<AnexoEscolhido[]>([]);
  const [recibo, setRecibo] = useState<ManifestacaoDetalhe | null>(null);
  const { formRef, erros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);
  // the titular first: a beneficiary registers for themself unless they choose a dependent
  const beneficiarioId = familia ? Number(membro || membros.data?.[0]?.id) || undefined : benef?.id;

  if (recibo) return <Recibo d={recibo} outra={() => (setRecibo(null), setDescricao(''), setAnexos([]), setPrimeira(''), setAutorizacao(''))} />;

  function registrar(e: FormEvent) {
    const corpo: RegistroInput = {
      beneficiarioId,
      tipo: tipo as RegistroInput['tipo'],
      assunto: assunto as RegistroInput['assunto'],
      descricao,
      protocoloPrimeiraInstancia: primeira || null,
      autorizacao: autorizacao || null,
      canal: familia ? 'PORTAL' : (canal as RegistroInput['canal']),
      contato: contato as RegistroInput['contato'],
      contatoValor: contatoValor || null,
      anexos: anexos.map((a) => a.arquivoId),
    };
    return enviar(
      e,
      corpo,
      registroSchema,
      () => ouvidoriaApi.registrar(corpo, chave.current),
      async (d) => {
        chave.current = novaChave();
        showAlerts([{ type: 'success', value: msgRegistrada(d.protocolo) }]);
        qc.setQueryData(ouvidoriaKeys.detail(d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        setRecibo(d);
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="ouv" {...opts}>
      {control}
    </Field>
  );
  const pedePrimeira = !!tipo && TIPOS_SEGUNDA_INSTANCIA.includes(tipo);

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={registrar} noValidate aria-label="Registro de manifestação" data-testid="form-manifestacao">
      <h1 className="page-title">Registro de Manifestação</h1>
      <p className="ouv-aviso" role="note" data-testid="aviso-segunda-instancia">
        {CLIENT_MESSAGES.ouvidoriaSegundaInstancia} Informe abaixo o protocolo do atendimento anterior.
      </p>
      <p className="page-sub">O protocolo é gerado ao registrar. A Ouvidoria responde em até {PRAZO_DIAS_UTEIS} dias úteis. Campos com * são obrigatórios.</p>

      <FormSection legend="Quem se manifesta">
        {familia
          ? campo(
              'beneficiarioId',
              'Beneficiário *',
              <select id="ouv-beneficiarioId" value={membro || String(membros.data?.[0]?.id ?? '')} aria-invalid={inv('beneficiarioId')} onChange={(e) => (setMembro(e.target.value), limpar('beneficiarioId'))}>
                {(membros.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.nome}
                  </option>
                ))}
              </select>,
              { dica: 'Você ou um dependente do seu grupo familiar.' },
            )
          : (
            <>
              <BeneficiarioPrestadorFields
                tipo="BENEFICIARIO"
                prefix="ouv"
                erros={erros}
                limpar={limpar}
                beneficiario={benef}
                setBeneficiario={setBenef}
                prestador=""
                setPrestador={() => undefined}
                queryKey={ouvidoriaKeys.beneficiarios}
                search={ouvidoriaApi.beneficiarios}
                placeholder="Nome, CPF ou carteirinha"
              />
              {campo('canal', 'Canal *', <OptionSelect id="ouv-canal" value={canal} options={CANAIS.filter(([k]) => k !== 'PORTAL')} invalid={inv('canal')} onChange={(v) => (setCanal(v), limpar('canal'))} />)}
            </>
          )}
      </FormSection>

      <FormSection legend="Manifestação">
        {campo('tipo', 'Tipo *', <OptionSelect id="ouv-tipo" value={tipo} options={TIPOS} placeholder="Selecione…" invalid={inv('tipo')} onChange={(v) => (setTipo(v as Tipo), limpar('tipo'), limpar('protocoloPrimeiraInstancia'))} />)}
        {campo('assunto', 'Assunto *', <OptionSelect id="ouv-assunto" value={assunto} options={ASSUNTOS} placeholder="Selecione…" invalid={inv('assunto')} onChange={(v) => (setAssunto(v), limpar('assunto'))} />)}
        {campo(
          'protocoloPrimeiraInstancia',
          `Protocolo do atendimento anterior${pedePrimeira ? ' *' : ''}`,
          <input id="ouv-protocoloPrimeiraInstancia" inputMode="numeric" maxLength={20} value={primeira} aria-invalid={inv('protocoloPrimeiraInstancia')} onChange={(e) => (setPrimeira(e.target.value.replace(/\D/g, '')), limpar('protocoloPrimeiraInstancia'))} />,
          { dica: 'Os 20 dígitos do protocolo da central de atendimento.' },
        )}
        {campo(
          'autorizacao',
          'Nº da autorização (guia)',
          <input id="ouv-autorizacao" inputMode="numeric" maxLength={20} value={autorizacao} aria-invalid={inv('autorizacao')} onChange={(e) => (setAutorizacao(e.target.value.replace(/\D/g, '')), limpar('autorizacao'))} />,
          { dica: 'Se a manifestação for sobre uma autorização.' },
        )}
        {campo(
          'descricao',
          'Descrição *',
          <textarea id="ouv-descricao" rows={5} maxLength={4000} value={descricao} aria-invalid={inv('descricao')} onChange={(e) => (setDescricao(e.target.value), limpar('descricao'))} />,
          { largo: true, dica: 'O que aconteceu, quando e o que você espera da operadora.' },
        )}
      </FormSection>

      <FormSection legend="Resposta e anexos">
        {campo('contato', 'Receber a resposta *', <OptionSelect id="ouv-contato" value={contato} options={CONTATOS} invalid={inv('contato')} onChange={(v) => (setContato(v), limpar('contato'), limpar('contatoValor'))} />, {
          dica: 'A resposta também fica disponível em Acompanhar Manifestações.',
        })}
        {(contato === 'EMAIL' || contato === 'TELEFONE') &&
          campo(
            'contatoValor',
            contato === 'EMAIL' ? 'E-mail *' : 'Telefone *',
            <input id="ouv-contatoValor" inputMode={contato === 'EMAIL' ? 'email' : 'tel'} maxLength={150} value={contatoValor} aria-invalid={inv('contatoValor')} onChange={(e) => (setContatoValor(e.target.value), limpar('contatoValor'))} />,
          )}
        <div className="field fluxo-campo largo" data-campo="anexos">
          <AnexosCampo label="Documentos (opcional, até 5)" tag="ouvidoria" value={anexos} onChange={(v) => (setAnexos(v.slice(0, 5)), limpar('anexos'))} />
          {erros.anexos && (
            <p className="field-error" role="alert" data-erro="anexos">
              {erros.anexos}
            </p>
          )}
        </div>
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Registrar manifestação" sendingLabel="Registrando…" />
    </form>
  );
}

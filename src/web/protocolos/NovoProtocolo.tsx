import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Command } from '../../../commands';
import { isoToBr } from '../../shared/dates';
import { CANAIS, FOLHAS_MAX, hojeSaoPaulo, REMETENTES, registroSchema, TIPOS_DOCUMENTO, type RegistroInput, type RemetenteTipo } from '../../shared/protocolos';
import { applyMask, DOC_MASKS } from '../../shared/resources/masks';
import type { Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { RefSelect } from '../resources/RefSelect';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { BeneficiarioPrestadorFields } from '../workflow/BeneficiarioPrestadorFields';
import { Field, FormFooter, FormSection, KindChoice, OptionSelect } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { protocoloApi, protocoloKeys } from './api';

/** A CPF while it can still be one (11 digits), else a CNPJ (the alphanumeric one included). */
const mascaraDocumento = (tipo: RemetenteTipo, typed: string) => {
  const raw = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (tipo === 'OUTRO' && /^\d{0,11}$/.test(raw)) return applyMask(DOC_MASKS.cpf, raw);
  return applyMask(DOC_MASKS.cnpj, raw);
};

/** The fields in the order they are shown: the first one refused gets the focus. */
const ORDEM = ['remetenteTipo', 'beneficiarioId', 'prestadorId', 'remetenteNome', 'remetenteDocumento', 'tipoDocumento', 'assunto', 'folhas', 'recebidoEm', 'canal', 'setorId', 'observacao'];

/**
 * The desk's register form: who sent it (a beneficiary or a provider from their registries; a company or someone else
 * written in, with CPF/CNPJ), the document (type, subject, pages, when and how it came in) and the sector it goes to.
 * The shared schema checks it here and again on the server; every refusal shows beside its field. On success the
 * protocol opens in the same tab, named after its number.
 */
export function NovoProtocolo({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const [tipo, setTipo] = useState<RemetenteTipo>('BENEFICIARIO');
  const [benef, setBenef] = useState<Option | null>(null);
  const [prestador, setPrestador] = useState('');
  const [nome, setNome] = useState('');
  const [documento, setDocumento] = useState('');
  const [tipoDocumento, setTipoDocumento] = useState('');
  const [assunto, setAssunto] = useState('');
  const [folhas, setFolhas] = useState('1');
  const [recebidoEm, setRecebidoEm] = useState(() => isoToBr(hojeSaoPaulo()));
  const [canal, setCanal] = useState('PRESENCIAL');
  const [setor, setSetor] = useState('');
  const [observacao, setObservacao] = useState('');
  const { formRef, erros, setErros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  function protocolar(e: FormEvent) {
    const corpo: RegistroInput = {
      remetenteTipo: tipo,
      beneficiarioId: tipo === 'BENEFICIARIO' ? benef?.id : undefined,
      prestadorId: tipo === 'PRESTADOR' && prestador ? Number(prestador) : undefined,
      remetenteNome: tipo === 'EMPRESA' || tipo === 'OUTRO' ? nome : null,
      remetenteDocumento: tipo === 'EMPRESA' || tipo === 'OUTRO' ? documento : null,
      tipoDocumento: tipoDocumento as RegistroInput['tipoDocumento'],
      assunto,
      folhas,
      recebidoEm,
      canal: canal as RegistroInput['canal'],
      setorId: setor,
      observacao: observacao || null,
    };
    return enviar(
      e,
      corpo,
      registroSchema,
      () => protocoloApi.registrar(corpo),
      async (d) => {
        showAlerts([{ type: 'success', value: `Documento protocolado sob o nº ${d.numero}.` }]);
        qc.setQueryData(protocoloKeys.detail(d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        go(`${command.path}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Protocolo ${d.numero}` });
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="prot" {...opts}>
      {control}
    </Field>
  );
  const escrito = tipo === 'EMPRESA' || tipo === 'OUTRO';

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={protocolar} noValidate aria-label="Novo protocolo de documento" data-testid="form-protocolo">
      <h1 className="page-title">Novo protocolo de documento</h1>
      <p className="page-sub">O número do protocolo é gerado ao protocolar. Campos com * são obrigatórios.</p>

      <FormSection
        legend="Remetente"
        before={
          <KindChoice
            name="remetenteTipo"
            label="Tipo de remetente"
            options={REMETENTES}
            value={tipo}
            onChange={(v) => {
              setTipo(v);
              setDocumento((d) => (d ? mascaraDocumento(v, d) : d));
              setErros(({ beneficiarioId: _b, prestadorId: _p, remetenteNome: _n, remetenteDocumento: _d, ...e }) => e);
            }}
          />
        }
      >
        <BeneficiarioPrestadorFields
          tipo={tipo}
          prefix="prot"
          erros={erros}
          limpar={limpar}
          beneficiario={benef}
          setBeneficiario={setBenef}
          prestador={prestador}
          setPrestador={setPrestador}
          queryKey={protocoloKeys.beneficiarios}
          search={protocoloApi.beneficiarios}
          placeholder="Nome, CPF ou carteirinha (mín. 2 caracteres)"
        />
        {escrito && (
          <>
            {campo(
              'remetenteNome',
              tipo === 'EMPRESA' ? 'Razão social *' : 'Nome *',
              <input id="prot-remetenteNome" maxLength={150} value={nome} aria-invalid={inv('remetenteNome')} onChange={(e) => (setNome(e.target.value), limpar('remetenteNome'))} />,
              { largo: true },
            )}
            {campo(
              'remetenteDocumento',
              tipo === 'EMPRESA' ? 'CNPJ *' : 'CPF ou CNPJ *',
              <input
                id="prot-remetenteDocumento"
                inputMode={tipo === 'OUTRO' ? 'numeric' : undefined}
                maxLength={18}
                placeholder={tipo === 'EMPRESA' ? '00.000.000/0000-00' : '000.000.000-00'}
                value={documento}
                aria-invalid={inv('remetenteDocumento')}
                onChange={(e) => (setDocumento(mascaraDocumento(tipo, e.target.value)), limpar('remetenteDocumento'))}
              />,
            )}
          </>
        )}
      </FormSection>

      <FormSection legend="Documento">
        {campo(
          'tipoDocumento',
          'Tipo de documento *',
          <OptionSelect id="prot-tipoDocumento" value={tipoDocumento} options={TIPOS_DOCUMENTO} placeholder="Selecione…" invalid={inv('tipoDocumento')} onChange={(v) => (setTipoDocumento(v), limpar('tipoDocumento'))} />,
        )}
        {campo(
          'assunto',
          'Assunto *',
          <input id="prot-assunto" maxLength={200} value={assunto} aria-invalid={inv('assunto')} onChange={(e) => (setAssunto(e.target.value), limpar('assunto'))} />,
          { largo: true },
        )}
        {campo(
          'folhas',
          'Número de folhas *',
          <input
            id="prot-folhas"
            type="number"
            inputMode="numeric"
            min={1}
            max={FOLHAS_MAX}
            value={folhas}
            aria-invalid={inv('folhas')}
            onChange={(e) => (setFolhas(e.target.value), limpar('folhas'))}
          />,
        )}
        {campo(
          'recebidoEm',
          'Recebido em *',
          <input
            id="prot-recebidoEm"
            inputMode="numeric"
            placeholder="DD/MM/AAAA"
            maxLength={10}
            value={recebidoEm}
            aria-invalid={inv('recebidoEm')}
            onChange={(e) => (setRecebidoEm(applyMask('##/##/####', e.target.value)), limpar('recebidoEm'))}
          />,
        )}
        {campo(
          'canal',
          'Canal *',
          <OptionSelect id="prot-canal" value={canal} options={CANAIS} invalid={inv('canal')} onChange={(v) => (setCanal(v), limpar('canal'))} />,
        )}
      </FormSection>

      <FormSection legend="Encaminhamento">
        {campo('setorId', 'Setor de destino *', <RefSelect id="prot-setorId" resource="setorempresa" label="Setor de destino" value={setor} invalid={!!erros.setorId} onChange={(v) => (setSetor(v), limpar('setorId'))} />)}
        {campo(
          'observacao',
          'Observação',
          <textarea id="prot-observacao" rows={3} maxLength={1000} value={observacao} aria-invalid={inv('observacao')} onChange={(e) => (setObservacao(e.target.value), limpar('observacao'))} />,
          { largo: true },
        )}
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Protocolar" sendingLabel="Protocolando…" />
    </form>
  );
}

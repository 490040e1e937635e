import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Command } from '../../../commands';
import { CANAIS, formatDuracao, hojeSaoPaulo, horaSaoPaulo, instanteSaoPaulo, MOTIVOS, PESSOAS, registroSchema, type PessoaTipo, type RegistroInput } from '../../shared/atendimentos';
import { isoToBr, toIsoDate } from '../../shared/dates';
import { applyMask } from '../../shared/resources/masks';
import type { Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { userAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { BeneficiarioPrestadorFields } from '../workflow/BeneficiarioPrestadorFields';
import { Field, FormFooter, FormSection, KindChoice, OptionSelect } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { atendimentoApi, atendimentoKeys } from './api';

/** The fields in the order they are shown: the first one refused gets the focus. */
const ORDEM = ['pessoaTipo', 'beneficiarioId', 'prestadorId', 'canal', 'motivo', 'data', 'horaInicio', 'horaFim', 'autorizacao', 'protocoloDocumento', 'descricao'];

/** The duration while typing (the same computation as the server's), or null while it cannot be told. */
function duracaoDigitada(data: string, inicio: string, fim: string): number | null {
  const dia = toIsoDate(data);
  if (!dia || !/^\d{2}:\d{2}$/.test(inicio) || !/^\d{2}:\d{2}$/.test(fim)) return null;
  const min = Math.round((instanteSaoPaulo(dia, fim).getTime() - instanteSaoPaulo(dia, inicio).getTime()) / 60_000);
  return min >= 0 ? min : null;
}

/**
 * The desk's register form: who (a beneficiary by the policy's picker, or a provider), how and why, the day and the
 * start and end times (the duration shown as they are typed), the related authorization or document protocol and
 * what was said. The attendant is the session's user. The shared schema checks it here and again on the server;
 * every refusal shows beside its field. On success the contact opens in the same tab, named after its protocol.
 */
export function NovoAtendimento({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const [tipo, setTipo] = useState<PessoaTipo>('BENEFICIARIO');
  const [benef, setBenef] = useState<Option | null>(null);
  const [prestador, setPrestador] = useState('');
  const [canal, setCanal] = useState('TELEFONE');
  const [motivo, setMotivo] = useState('');
  const [data, setData] = useState(() => isoToBr(hojeSaoPaulo()));
  const [horaInicio, setHoraInicio] = useState(() => horaSaoPaulo());
  const [horaFim, setHoraFim] = useState('');
  const [autorizacao, setAutorizacao] = useState('');
  const [protocoloDocumento, setProtocoloDocumento] = useState('');
  const [descricao, setDescricao] = useState('');
  const { formRef, erros, setErros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);

  function registrar(e: FormEvent) {
    const corpo: RegistroInput = {
      pessoaTipo: tipo,
      beneficiarioId: tipo === 'BENEFICIARIO' ? benef?.id : undefined,
      prestadorId: tipo === 'PRESTADOR' && prestador ? Number(prestador) : undefined,
      canal: canal as RegistroInput['canal'],
      motivo: motivo as RegistroInput['motivo'],
      descricao,
      autorizacao: autorizacao || null,
      protocoloDocumento: protocoloDocumento || null,
      data,
      horaInicio,
      horaFim: horaFim || null,
    };
    return enviar(
      e,
      corpo,
      registroSchema,
      () => atendimentoApi.registrar(corpo),
      async (d) => {
        showAlerts([{ type: 'success', value: `Atendimento registrado sob o protocolo nº ${d.protocolo}.` }]);
        qc.setQueryData(atendimentoKeys.detail(d.id), d);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        go(`${command.path}?id=${d.id}`, { tabId: tabId ?? undefined, label: `Atendimento ${d.protocolo}` });
      },
    );
  }

  const campo = (k: string, label: string, control: ReactNode, opts: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix="atd" {...opts}>
      {control}
    </Field>
  );
  const hora = (k: 'horaInicio' | 'horaFim', label: string, value: string, set: (v: string) => void) =>
    campo(
      k,
      label,
      <div className="atd-hora">
        <input id={`atd-${k}`} inputMode="numeric" placeholder="HH:MM" maxLength={5} value={value} aria-invalid={inv(k)} onChange={(e) => (set(applyMask('##:##', e.target.value)), limpar(k))} />
        <button type="button" className="btn" onClick={() => (set(horaSaoPaulo()), limpar(k))} title="Usar a hora atual">
          Agora
        </button>
      </div>,
      k === 'horaFim' ? { dica: 'Em branco enquanto o contato continua.' } : {},
    );
  const duracao = duracaoDigitada(data, horaInicio, horaFim);

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={registrar} noValidate aria-label="Novo atendimento" data-testid="form-atendimento">
      <h1 className="page-title">Novo atendimento</h1>
      <p className="page-sub">
        O protocolo (RN 623/2024) é gerado ao registrar. Atendente: <strong>{user?.nome ?? user?.principal}</strong>. Campos com * são obrigatórios.
      </p>

      <FormSection
        legend="Quem entrou em contato"
        before={
          <KindChoice
            name="pessoaTipo"
            label="Beneficiário ou prestador"
            options={PESSOAS}
            value={tipo}
            onChange={(v) => {
              setTipo(v);
              setErros(({ beneficiarioId: _b, prestadorId: _p, ...e }) => e);
            }}
          />
        }
      >
        <BeneficiarioPrestadorFields
          tipo={tipo}
          prefix="atd"
          erros={erros}
          limpar={limpar}
          beneficiario={benef}
          setBeneficiario={setBenef}
          prestador={prestador}
          setPrestador={setPrestador}
          queryKey={atendimentoKeys.beneficiarios}
          search={atendimentoApi.beneficiarios}
          placeholder="Nome, CPF ou carteirinha"
        />
      </FormSection>

      <FormSection legend="Contato">
        {campo(
          'canal',
          'Canal *',
          <OptionSelect id="atd-canal" value={canal} options={CANAIS} invalid={inv('canal')} onChange={(v) => (setCanal(v), limpar('canal'))} />,
        )}
        {campo(
          'motivo',
          'Motivo *',
          <OptionSelect id="atd-motivo" value={motivo} options={MOTIVOS} placeholder="Selecione…" invalid={inv('motivo')} onChange={(v) => (setMotivo(v), limpar('motivo'))} />,
        )}
        {campo(
          'data',
          'Data *',
          <input id="atd-data" inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={data} aria-invalid={inv('data')} onChange={(e) => (setData(applyMask('##/##/####', e.target.value)), limpar('data'))} />,
        )}
        {hora('horaInicio', 'Início *', horaInicio, setHoraInicio)}
        {hora('horaFim', 'Término', horaFim, setHoraFim)}
        <div className="field fluxo-campo">
          <span className="atd-rotulo">Duração</span>
          <output className="atd-duracao" data-testid="duracao-digitada">
            {horaFim ? formatDuracao(duracao) : 'em andamento'}
          </output>
        </div>
        {campo(
          'autorizacao',
          'Nº da autorização (guia)',
          <input id="atd-autorizacao" inputMode="numeric" maxLength={20} value={autorizacao} aria-invalid={inv('autorizacao')} onChange={(e) => (setAutorizacao(e.target.value.replace(/\D/g, '')), limpar('autorizacao'))} />,
          { dica: 'Se o contato for sobre uma solicitação.' },
        )}
        {campo(
          'protocoloDocumento',
          'Protocolo de documento',
          <input
            id="atd-protocoloDocumento"
            placeholder="AAAA/NNNNNN"
            maxLength={11}
            value={protocoloDocumento}
            aria-invalid={inv('protocoloDocumento')}
            onChange={(e) => (setProtocoloDocumento(applyMask('####/######', e.target.value)), limpar('protocoloDocumento'))}
          />,
        )}
        {campo(
          'descricao',
          'Descrição *',
          <textarea id="atd-descricao" rows={4} maxLength={2000} value={descricao} aria-invalid={inv('descricao')} onChange={(e) => (setDescricao(e.target.value), limpar('descricao'))} />,
          { largo: true, dica: 'O que foi pedido e o que foi informado.' },
        )}
      </FormSection>

      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Registrar atendimento" sendingLabel="Registrando…" />
    </form>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { dateToBr, isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { applyMask } from '../../shared/resources/masks';
import { adesaoServicoSchema, encerramentoServicoSchema, MOTIVOS_ENCERRAMENTO_SERVICO, SERVICOS_MSG, SERVICOS_TELAS, type ServicoTela } from '../../shared/servicos';
import { ADESOES_SERVICOS_LISTS, type AdesaoServicoRow } from '../../shared/servicos/listas';
import { formatCarteirinha, labelOf } from '../../shared/text';
import { ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import type { Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { abilityAtom } from '../session/store';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { BeneficiarioPrestadorFields } from '../workflow/BeneficiarioPrestadorFields';
import { Field, FormFooter, FormSection, OptionSelect } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { servicosApi, servicosKeys } from './api';
import './servicos.css';

type Row = AdesaoServicoRow & Record<string, unknown>;

/**
 * Adesão ao Aeromédico / Adesão ao Odontológico: the service's adhesions (the list engine's screen), "Nova adesão"
 * (`?novo=1`) and, on an adhesion still open, "Encerrar adesão". Who may only list sees neither action.
 */
export default function AdesoesServicoScreen({ command, search }: ScreenProps) {
  const servico = SERVICOS_TELAS.find((s) => s.comando === command.path)!;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const ability = useAtomValue(abilityAtom);
  const subject = command.can?.[1] ?? '';
  const [encerrar, setEncerrar] = useState<Row | null>(null);
  if (params.has('novo'))
    return ability.can('insert', subject) ? (
      <NovaAdesao command={command} servico={servico} />
    ) : (
      <p className="card" role="alert">
        Você não tem permissão para registrar adesões.
      </p>
    );
  const podeEncerrar = ability.can('update', subject);
  const extras: ListScreenExtras<Row> = {
    opens: false,
    cells: {
      beneficiarioNome: (r) => (
        <>
          {r.beneficiarioNome}
          {r.fim && r.motivo ? <small>{labelOf(MOTIVOS_ENCERRAMENTO_SERVICO, r.motivo)}</small> : <small>registrada por {r.usuarioNome}</small>}
        </>
      ),
      carteirinha: (r) => <span className="lista-instante">{formatCarteirinha(r.carteirinha)}</span>,
      fim: (r) => (r.fim ? <>{isoToBr(r.fim)}</> : <small>—</small>),
      acoes: (r) =>
        podeEncerrar && r.fim == null ? (
          <button type="button" className="btn" onClick={() => setEncerrar(r)}>
            Encerrar adesão
          </button>
        ) : (
          <small>—</small>
        ),
    },
  };
  return (
    <>
      <ListScreen<Row> command={command} search={search} def={ADESOES_SERVICOS_LISTS[servico.segmento]} extras={extras} />
      {encerrar && <EncerrarDialog servico={servico} row={encerrar} onClose={() => setEncerrar(null)} />}
    </>
  );
}

const ORDEM = ['beneficiarioId', 'inicio'];

/** Nova adesão: the beneficiary (the policy's picker), the start date and the catalog's monthly value (read-only). */
function NovaAdesao({ command, servico }: { command: Command; servico: ServicoTela }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const [beneficiario, setBeneficiario] = useState<Option | null>(null);
  const [inicio, setInicio] = useState(() => dateToBr(new Date()));
  const [chave] = useState(novaChave);
  const { formRef, erros, limpar, inv, enviando, enviar, geral } = useRecordForm(ORDEM);
  const catalogo = useQuery({ queryKey: servicosKeys.catalogo(servico.segmento), queryFn: () => servicosApi.catalogo(servico.segmento), staleTime: 60_000 });

  function salvar(e: FormEvent) {
    const corpo = { beneficiarioId: beneficiario ? Number(beneficiario.id) : undefined, inicio };
    return enviar(
      e,
      corpo,
      adesaoServicoSchema,
      () => servicosApi.aderir(servico.segmento, adesaoServicoSchema.parse(corpo), chave),
      async () => {
        showAlerts([{ type: 'success', value: SERVICOS_MSG.aderiu(beneficiario?.label ?? 'O beneficiário', catalogo.data?.nome ?? servico.nome) }]);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        go(command.path, { tabId: tabId ?? undefined });
      },
    );
  }

  const nome = catalogo.data?.nome ?? servico.nome;
  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={salvar} noValidate aria-label="Nova adesão" data-testid="form-adesao-servico">
      <h1 className="page-title">Nova adesão — {nome}</h1>
      <p className="page-sub">O beneficiário passa a ter o serviço a partir da data de início, pelo valor mensal do catálogo de hoje. Campos com * são obrigatórios.</p>
      <FormSection legend="Beneficiário e início">
        <BeneficiarioPrestadorFields
          tipo="BENEFICIARIO"
          prefix="srv"
          erros={erros}
          limpar={limpar}
          beneficiario={beneficiario}
          setBeneficiario={setBeneficiario}
          prestador=""
          setPrestador={() => undefined}
          queryKey={servicosKeys.beneficiarios(servico.segmento)}
          search={servicosApi.beneficiarios(servico.segmento)}
          placeholder="Nome, CPF ou carteirinha"
        />
        <Field k="inicio" label="Início *" erros={erros} prefix="srv" dica="DD/MM/AAAA">
          <input id="srv-inicio" inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={inicio} aria-invalid={inv('inicio')} onChange={(e) => (setInicio(applyMask('##/##/####', e.target.value)), limpar('inicio'))} />
        </Field>
        <Field k="valor" label="Valor mensal" erros={erros} prefix="srv" dica={catalogo.data && !catalogo.data.ativo ? 'Serviço inativo no catálogo.' : 'Do catálogo de serviços adicionais.'}>
          <input id="srv-valor" readOnly value={catalogo.data ? formatMoney(catalogo.data.valorMensal) : ''} />
        </Field>
      </FormSection>
      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Registrar adesão" sendingLabel="Registrando…" />
    </form>
  );
}

/** Encerrar adesão: the last day covered and the reason, confirmed in the dialog; the same schema as the server's. */
function EncerrarDialog({ servico, row, onClose }: { servico: ServicoTela; row: Row; onClose: () => void }) {
  const qc = useQueryClient();
  const [fim, setFim] = useState(() => dateToBr(new Date()));
  const [motivo, setMotivo] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const limpar = (k: string) => setErros(({ [k]: _, ...e }) => e);

  async function confirmar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    const r = encerramentoServicoSchema.safeParse({ fim, motivo: motivo || undefined, version: row.version });
    if (!r.success) {
      const out: Record<string, string> = {};
      for (const i of r.error.issues) out[String(i.path[0] ?? 'geral')] ??= i.message;
      setErros(out);
      document.getElementById(`srv-enc-${out.fim ? 'fim' : 'motivo'}`)?.focus();
      return;
    }
    setEnviando(true);
    setGeral(null);
    try {
      await servicosApi.encerrar(servico.segmento, row.id, r.data);
      showAlerts([{ type: 'success', value: SERVICOS_MSG.encerrada(row.beneficiarioNome, servico.nome) }]);
      await qc.invalidateQueries({ queryKey: listKeys.all });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const campos = err.fieldErrors();
      if (Object.keys(campos).length) setErros(campos);
      else setGeral(err.message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog title="Encerrar adesão" onClose={onClose} className="srv-dialog">
      <form onSubmit={confirmar} noValidate aria-label="Encerrar adesão" data-testid="form-encerrar-adesao">
        <p style={{ marginTop: 0 }}>
          Encerrar a adesão de <strong>{row.beneficiarioNome}</strong> ao <strong>{servico.nome}</strong>, em vigor desde {isoToBr(row.inicio)} ({formatMoney(row.valorMensal)} por mês)? O serviço cobre até a data de encerramento, inclusive.
        </p>
        <div className="field" data-campo="fim">
          <label htmlFor="srv-enc-fim">Data de encerramento *</label>
          <input id="srv-enc-fim" data-autofocus inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={fim} aria-invalid={erros.fim ? true : undefined} onChange={(e) => (setFim(applyMask('##/##/####', e.target.value)), limpar('fim'))} />
          {erros.fim && (
            <p className="field-error" role="alert" data-erro="fim">
              {erros.fim}
            </p>
          )}
        </div>
        <div className="field" data-campo="motivo">
          <label htmlFor="srv-enc-motivo">Motivo do encerramento *</label>
          <OptionSelect id="srv-enc-motivo" value={motivo} options={MOTIVOS_ENCERRAMENTO_SERVICO} placeholder="Selecione…" invalid={!!erros.motivo} onChange={(v) => (setMotivo(v), limpar('motivo'))} />
          {erros.motivo && (
            <p className="field-error" role="alert" data-erro="motivo">
              {erros.motivo}
            </p>
          )}
        </div>
        {geral && (
          <p role="alert" className="fluxo-erro">
            {geral}
          </p>
        )}
        <div className="fluxo-rodape">
          <button type="button" className="btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={enviando}>
            {enviando ? 'Encerrando…' : 'Encerrar adesão'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { competenciaBr, rpaSchema, type RpaInput, type RpaPrevia } from '../../shared/pagamentos';
import { novaChave } from '../api/chave';
import { ApiError } from '../api/client';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import '../forms/forms.css';
import { showAlerts } from '../ui/toasts';
import { Field, FormSection, KindChoice } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { pagamentoApi, pagamentoKeys } from './api';
import { CalculoRpa, ProtocolosRpa } from './CalculoRpa';

const ORDEM = ['prestadorId', 'modo', 'protocoloId', 'de', 'ate', 'dataEmissao'];
const MODOS = [
  ['periodo', 'Protocolos de um período'],
  ['protocolo', 'Um protocolo'],
] as const;
const primeiroDoMes = () => `01/${todayIso().slice(5, 7)}/${todayIso().slice(0, 4)}`;

/**
 * Issuing an RPA: the natural-person provider, its closed protocols (one, or those received in a period), the issue
 * date (the month the withholdings accumulate in); "Pré-visualizar" shows what it pays and withholds, "Emitir RPA"
 * issues it in conference (CONF) and opens it.
 */
export function NovoRpa({ command }: { command: Command }) {
  const tabId = useTabId();
  const [prestador, setPrestador] = useState<Option | null>(null);
  const [modo, setModo] = useState<'periodo' | 'protocolo'>('periodo');
  const [protocolo, setProtocolo] = useState('');
  const [de, setDe] = useState(primeiroDoMes());
  const [ate, setAte] = useState(isoToBr(todayIso()));
  const [emissao, setEmissao] = useState(isoToBr(todayIso()));
  const [previa, setPrevia] = useState<RpaPrevia | null>(null);
  const chave = useRef(novaChave());
  const { formRef, erros, setErros, limpar, inv, geral, enviando, enviar } = useRecordForm(ORDEM);
  const protocolos = useQuery({
    queryKey: pagamentoKeys.rpaProtocolos(prestador?.id ?? 0),
    queryFn: () => pagamentoApi.rpaProtocolos(prestador!.id),
    enabled: !!prestador && modo === 'protocolo',
  });

  const corpo = (): RpaInput => ({
    prestadorId: prestador?.id,
    modo,
    protocoloId: modo === 'protocolo' ? Number(protocolo) || undefined : undefined,
    de: modo === 'periodo' ? de : undefined,
    ate: modo === 'periodo' ? ate : undefined,
    dataEmissao: emissao || undefined,
  });
  const mudou = (k: string) => (limpar(k), setPrevia(null));

  async function visualizar() {
    const c = corpo();
    const r = rpaSchema.safeParse(c);
    if (!r.success) {
      const e: Record<string, string> = {};
      for (const i of r.error.issues) e[String(i.path[0] ?? 'geral')] ??= i.message;
      return setErros(e);
    }
    try {
      setPrevia(await pagamentoApi.previa(c));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const campos = err.fieldErrors();
      setErros(Object.keys(campos).length ? campos : { geral: err.message });
    }
  }

  function emitir(e: FormEvent) {
    const c = corpo();
    return enviar(
      e,
      c,
      rpaSchema,
      () => pagamentoApi.emitir(c, chave.current),
      async (d) => {
        showAlerts([{ type: 'success', value: `RPA nº ${d.numero} emitido: líquido de ${formatMoney(d.valorLiquido)}, em conferência.` }]);
        go(`${command.path}?id=${d.id}`, { tabId: tabId ?? undefined, label: `RPA ${d.numero}` });
      },
    );
  }

  return (
    <form ref={formRef} className="fluxo-form card" onSubmit={emitir} noValidate aria-label="Emitir RPA" data-testid="form-rpa">
      <h1 className="page-title">Emitir RPA</h1>
      <p className="page-sub">Recibo de pagamento a autônomo dos protocolos com a análise encerrada de um prestador pessoa física. A situação de pagamento começa em conferência (CONF).</p>
      <FormSection legend="Prestador e protocolos">
        <Field k="prestadorId" label="Prestador pessoa física *" erros={erros} prefix="rpa" largo dica={prestador?.detail}>
          <Autocomplete
            id="rpa-prestadorId"
            queryKey={pagamentoKeys.rpaPrestadores}
            search={async (t) => (await pagamentoApi.rpaPrestadores(t)).map((p) => ({ id: p.id, label: p.nome, detail: p.codigo ? `Código ${p.codigo}` : undefined }))}
            value={prestador}
            onChange={(o) => (setPrestador(o), setProtocolo(''), mudou('prestadorId'))}
            invalid={!!erros.prestadorId}
            placeholder="Nome, código ou CPF"
          />
        </Field>
        <Field k="dataEmissao" label="Data de emissão *" erros={erros} prefix="rpa" dica="O mês da emissão é a competência das retenções.">
          <input id="rpa-dataEmissao" value={emissao} maxLength={10} inputMode="numeric" aria-invalid={inv('dataEmissao')} onChange={(e) => (setEmissao(e.target.value), mudou('dataEmissao'))} />
        </Field>
        <div className="field fluxo-campo largo" data-campo="modo">
          <KindChoice name="rpa-modo" label="Quais protocolos" options={MODOS} value={modo} onChange={(m) => (setModo(m), mudou('modo'))} />
        </div>
        {modo === 'protocolo' ? (
          <Field k="protocoloId" label="Protocolo *" erros={erros} prefix="rpa" largo>
            <select id="rpa-protocoloId" value={protocolo} aria-invalid={inv('protocoloId')} onChange={(e) => (setProtocolo(e.target.value), mudou('protocoloId'))}>
              <option value="">{prestador ? (protocolos.data?.length === 0 ? 'Nenhum protocolo encerrado sem RPA' : 'Selecione…') : 'Escolha o prestador primeiro'}</option>
              {(protocolos.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.numero} · lote {p.numeroLote} · {formatMoney(p.valorLiberado)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <>
            <Field k="de" label="Recebidos de *" erros={erros} prefix="rpa">
              <input id="rpa-de" value={de} maxLength={10} inputMode="numeric" placeholder="DD/MM/AAAA" aria-invalid={inv('de')} onChange={(e) => (setDe(e.target.value), mudou('de'))} />
            </Field>
            <Field k="ate" label="Até *" erros={erros} prefix="rpa">
              <input id="rpa-ate" value={ate} maxLength={10} inputMode="numeric" placeholder="DD/MM/AAAA" aria-invalid={inv('ate')} onChange={(e) => (setAte(e.target.value), mudou('ate'))} />
            </Field>
          </>
        )}
      </FormSection>

      {previa && (
        <section className="fluxo-secao pag-previa" aria-label="Prévia do RPA" data-testid="previa">
          <h2>
            Prévia · {previa.prestadorNome} · competência {competenciaBr(previa.competencia)}
          </h2>
          <ProtocolosRpa protocolos={previa.protocolos} />
          <CalculoRpa calculo={previa.calculo} />
        </section>
      )}

      {(geral || erros.geral) && (
        <p role="alert" className="fluxo-erro">
          {geral ?? erros.geral}
        </p>
      )}
      <div className="fluxo-rodape">
        <button type="button" className="btn" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
          Voltar à lista
        </button>
        <button type="button" className="btn" onClick={() => void visualizar()}>
          Pré-visualizar
        </button>
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Emitindo…' : 'Emitir RPA'}
        </button>
      </div>
    </form>
  );
}

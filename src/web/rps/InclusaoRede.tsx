import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { dateToBr, isoToBr } from '../../shared/dates';
import { abrangenciaLabel, inclusaoRedeSchema, MOTIVOS_EXCLUSAO_REDE, RPS_MSG } from '../../shared/rps';
import { applyMask } from '../../shared/resources/masks';
import { labelOf } from '../../shared/text';
import { ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import '../forms/forms.css';
import { PrestadorPicker } from '../forms/PrestadorPicker';
import { listKeys } from '../lists/api';
import { showAlerts } from '../ui/toasts';
import { Field, FormFooter, FormSection } from '../workflow/RecordForm';
import { useRecordForm } from '../workflow/useRecordForm';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { rpsApi, rpsKeys } from './api';
import './rps.css';

const ORDEM = ['prestadorId', 'produtos', 'data', 'observacao'];

/**
 * Incluir na rede (`?novo=1` on Movimentos RPS): one provider into the networks of the products checked, from a date.
 * Choosing the provider shows its term and where it already is (those products cannot be checked); the shared schema
 * checks the form here, and the server's refusals (the term, a product not sold yet, a period already there) come
 * back beside the field they concern, all at once.
 */
export function InclusaoRede({ command }: { command: Command }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const [prestador, setPrestador] = useState('');
  const [marcados, setMarcados] = useState<number[]>([]);
  const [data, setData] = useState(() => dateToBr(new Date()));
  const [observacao, setObservacao] = useState('');
  const [chave] = useState(novaChave);
  const { formRef, erros, setErros, limpar, inv, enviando, enviar, geral } = useRecordForm(ORDEM);
  const produtos = useQuery({ queryKey: rpsKeys.produtos, queryFn: rpsApi.produtos, staleTime: 60_000 });
  const prestadorId = Number(prestador) || 0;
  const rede = useQuery({ queryKey: rpsKeys.rede(prestadorId), queryFn: () => rpsApi.rede(prestadorId), enabled: prestadorId > 0, staleTime: 0 });
  const aberto = (produtoId: number) => rede.data?.vinculos.find((v) => v.produtoId === produtoId && v.fim == null);

  function salvar(e: FormEvent) {
    const corpo = { prestadorId: prestadorId || undefined, produtos: marcados, data, observacao };
    return enviar(
      e,
      corpo,
      inclusaoRedeSchema,
      () =>
        rpsApi.incluir(inclusaoRedeSchema.parse(corpo), chave).catch((err: unknown) => {
          // several products may be refused at once: every reason beside the field it concerns
          if (err instanceof ApiError && err.alerts.filter((a) => a.field).length > 1) {
            const porCampo: Record<string, string> = {};
            for (const a of err.alerts) if (a.field) porCampo[a.field] = porCampo[a.field] ? `${porCampo[a.field]}\n${a.value}` : a.value;
            setErros(porCampo);
            return null;
          }
          throw err;
        }),
      async (r) => {
        if (!r) return;
        const nome = rede.data?.prestador.nome ?? 'Prestador';
        showAlerts([{ type: 'success', value: RPS_MSG.incluido(r.movimentos.length, nome) }]);
        await qc.invalidateQueries({ queryKey: listKeys.all });
        await qc.invalidateQueries({ queryKey: rpsKeys.rede(prestadorId) });
        go(command.path, { tabId: tabId ?? undefined });
      },
    );
  }

  return (
    <form ref={formRef} className="fluxo-form card rps-form" onSubmit={salvar} noValidate aria-label="Incluir na rede" data-testid="form-inclusao-rede">
      <h1 className="page-title">Incluir na rede</h1>
      <p className="page-sub">O prestador entra na rede de atendimento de cada produto marcado a partir da data informada. Cada inclusão vira um movimento RPS pendente de envio à ANS. Campos com * são obrigatórios.</p>
      <FormSection legend="Prestador e data">
        <Field k="prestadorId" label="Prestador *" erros={erros} prefix="rps" largo>
          <PrestadorPicker
            id="rps-prestadorId"
            resource="prestador"
            value={prestador}
            invalid={!!erros.prestadorId}
            onChange={(v) => {
              setPrestador(v);
              setMarcados([]);
              limpar('prestadorId');
              limpar('produtos');
            }}
          />
        </Field>
        <Field k="data" label="Na rede a partir de *" erros={erros} prefix="rps" dica="DD/MM/AAAA">
          <input id="rps-data" inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={data} aria-invalid={inv('data')} onChange={(e) => (setData(applyMask('##/##/####', e.target.value)), limpar('data'))} />
        </Field>
        {rede.data && (
          <p className="rps-vigencia largo" data-testid="rps-vigencia">
            {rede.data.prestador.codigo} · {rede.data.prestador.nome} — vigência {rede.data.prestador.fimVigencia ? `de ${isoToBr(rede.data.prestador.inicioVigencia)} a ${isoToBr(rede.data.prestador.fimVigencia)}` : `desde ${isoToBr(rede.data.prestador.inicioVigencia)}`}
          </p>
        )}
      </FormSection>
      <FormSection legend="Produtos">
        <div className="rps-produtos largo" data-campo="produtos" role="group" aria-label="Produtos">
          {(produtos.data ?? []).map((p) => {
            const ja = aberto(p.id);
            const saidas = rede.data?.vinculos.filter((v) => v.produtoId === p.id && v.fim != null) ?? [];
            return (
              <label key={p.id} className={ja ? 'rps-produto ja' : 'rps-produto'}>
                <input
                  type="checkbox"
                  name={`produto-${p.id}`}
                  disabled={!!ja || !p.ativo}
                  checked={marcados.includes(p.id)}
                  onChange={(e) => (setMarcados(e.target.checked ? [...marcados, p.id] : marcados.filter((x) => x !== p.id)), limpar('produtos'))}
                />
                <span>
                  {p.nome} <small>registro {p.registroAns} · {abrangenciaLabel(p.abrangencia)}{p.ativo ? '' : ' · inativo'}</small>
                  {ja && <small className="rps-ja">Na rede desde {isoToBr(ja.inicio)}</small>}
                  {!ja &&
                    saidas.map((s) => (
                      <small key={s.id}>
                        Esteve na rede de {isoToBr(s.inicio)} a {isoToBr(s.fim)} ({labelOf(MOTIVOS_EXCLUSAO_REDE, s.motivoExclusao)})
                      </small>
                    ))}
                </span>
              </label>
            );
          })}
          {erros.produtos && (
            <p className="field-error rps-erros" role="alert" data-erro="produtos">
              {erros.produtos}
            </p>
          )}
        </div>
      </FormSection>
      <FormSection legend="Observação">
        <Field k="observacao" label="Observação" erros={erros} prefix="rps" largo>
          <textarea id="rps-observacao" rows={2} maxLength={500} value={observacao} onChange={(e) => (setObservacao(e.target.value), limpar('observacao'))} />
        </Field>
      </FormSection>
      <FormFooter command={command} tabId={tabId} geral={geral} enviando={enviando} label="Incluir na rede" sendingLabel="Incluindo…" />
    </form>
  );
}

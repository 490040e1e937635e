import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { CALCULO, type CalculoResposta } from '../../shared/precos';
import type { Passo } from '../../shared/precos/calculo';
import { paramsSchema } from '../../shared/processos/schema';
import { fieldState, type ClientFlags } from '../../shared/resources/define';
import { ApiError, api } from '../api/client';
import { FieldRow } from '../forms/FieldInput';
import type { ScreenProps } from '../screens/types';
import { clientAtom } from '../session/store';
import './precos.css';

type FormValues = Record<string, string | boolean>;

function initialValues(): FormValues {
  const out: FormValues = {};
  for (const [k, f] of Object.entries(CALCULO.campos)) out[k] = f.kind === 'boolean' ? f.default === true : f.default == null ? '' : String(f.default);
  return { ...out, data: isoToBr(todayIso()) };
}

/**
 * Cálculo de Procedimento (/util/analise/calculo-procedimento): pick a provider, a procedure, the date and the
 * options of the act; the server prices it with the one pricing function and answers each rule applied.
 */
export default function CalculoScreen({ command }: ScreenProps) {
  const flags = useAtomValue(clientAtom)?.flags as ClientFlags | undefined;
  const schema = useMemo(() => paramsSchema(CALCULO), []);
  const defaults = useMemo(() => initialValues(), []);
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    defaultValues: defaults,
    resolver: zodResolver(schema as never) as unknown as Resolver<FormValues, unknown, Record<string, unknown>>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const watched = useWatch({ control: form.control }) as FormValues;
  const [resposta, setResposta] = useState<CalculoResposta | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async () => {
    setBusy(true);
    setBanner(null);
    try {
      setResposta(await api.post<CalculoResposta>('/precos/calculo', form.getValues(), { quiet: true }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setResposta(null);
      const fields = err.fieldErrors();
      for (const [k, message] of Object.entries(fields)) if (CALCULO.campos[k]) form.setError(k, { type: 'server', message }, { shouldFocus: true });
      const general = err.alerts.filter((a) => !a.field || !CALCULO.campos[a.field]).map((a) => a.value);
      setBanner(general.length ? general.join(' ') : null);
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className="calc-screen">
      <header>
        <h1 className="page-title">{command.title}</h1>
        <p className="page-sub">
          O valor de um procedimento para um prestador numa data, pelas tabelas em vigência: o porte da tabela de preços contratada (ou o valor de referência), a classe de preço do
          prestador e os percentuais de função executante, via de acesso e urgência. Cada regra aplicada aparece abaixo.
        </p>
      </header>
      <form className="card" noValidate onSubmit={submit} aria-label={`Parâmetros de ${command.title}`} onChange={() => setResposta(null)}>
        {banner && (
          <div className="rf-banner" role="alert">
            {banner}
          </div>
        )}
        <div className="rf-grid">
          {Object.entries(CALCULO.campos).map(([k, f]) => {
            const st = fieldState(f, flags, watched);
            return st.hidden ? null : <FieldRow key={k} name={k} field={f} state={st} form={form} disabled={busy} />;
          })}
        </div>
        <div className="job-buttons" style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Calcular
          </button>
        </div>
      </form>
      {resposta && <Resultado r={resposta} />}
    </div>
  );
}

function Passos({ passos, titulo }: { passos: Passo[]; titulo: string }) {
  return (
    <table className="calc-tabela" aria-label={titulo}>
      <thead>
        <tr>
          <th>Regra</th>
          <th className="num">Base</th>
          <th className="num">Fator</th>
          <th className="num">Resultado</th>
        </tr>
      </thead>
      <tbody>
        {passos.map((p, i) => (
          <tr key={i}>
            <td>{p.regra}</td>
            <td className="num" data-rotulo="Base">
              {formatMoney(p.base)}
            </td>
            <td className="num" data-rotulo="Fator">
              {p.fator}
            </td>
            <td className="num" data-rotulo="Resultado">
              {formatMoney(p.resultado)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Resultado({ r }: { r: CalculoResposta }) {
  if (!r.preco.ok) return null;
  const p = r.preco;
  return (
    <section className="card calc-resultado" aria-label="Resultado do cálculo" role="status">
      <div className="calc-total">
        <span>Valor do procedimento</span>
        <strong>{formatMoney(p.valorTotal)}</strong>
        {p.quantidade > 1 && <span className="muted">{`${p.quantidade} × ${formatMoney(p.valorUnitario)}`}</span>}
      </div>
      <p className="calc-quem">
        {r.procedimento.codigo} – {r.procedimento.descricao}
        {r.procedimento.porte ? ` (porte ${r.procedimento.porte})` : ''} · {r.prestador.nome} · tabela {r.prestador.tabela ?? 'não contratada'} · classe {r.prestador.classe ?? 'não definida'} · em{' '}
        {isoToBr(r.data)}
      </p>
      <h2>Regras aplicadas</h2>
      <Passos passos={p.passos} titulo="Regras aplicadas" />
      {p.notas.length > 0 && (
        <ul className="calc-notas">
          {p.notas.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {r.coparticipacao && (
        <>
          <h2>Coparticipação do beneficiário{r.coparticipacao.valor != null ? `: ${formatMoney(r.coparticipacao.valor)}` : ''}</h2>
          {r.coparticipacao.passos.length > 0 && <Passos passos={r.coparticipacao.passos} titulo="Coparticipação" />}
          {r.coparticipacao.notas.length > 0 && (
            <ul className="calc-notas">
              {r.coparticipacao.notas.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

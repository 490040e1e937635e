import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { baixaSchema, borderosQuery, estornoBaixaSchema, type Bordero, type PagavelBaixa } from '../../shared/pagamentos/bordero';
import { api, ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import { listKeys } from '../lists/api';
import type { ScreenProps } from '../screens/types';
import { showAlerts } from '../ui/toasts';
import '../workflow/workflow.css';
import './pagamentos.css';

/**
 * Borderô de Pagamento (finance): the payables "a pagar" with the provider's account, the chosen ones paid in one
 * borderô (day of the credit, the operator's account); below, the latest borderôs, each line with the reversal of
 * its baixa (with a reason) and the borderô's report.
 */

const chaves = {
  aPagar: (c: string) => ['pagamentos', 'borderos', 'a-pagar', c] as const,
  borderos: ['pagamentos', 'borderos', 'lista'] as const,
};
const borderoApi = {
  aPagar: (c: string) => api.get<PagavelBaixa[]>(`/pagamentos/borderos/a-pagar${c ? `?competencia=${encodeURIComponent(c)}` : ''}`, { quiet: true }),
  borderos: () => api.get<Bordero[]>('/pagamentos/borderos', { quiet: true }),
  pagar: (body: unknown, chave: string) => api.post<Bordero>('/pagamentos/borderos', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  estornar: (id: number, motivo: string) => api.post<Bordero>(`/pagamentos/a-pagar/${id}/estorno-baixa`, { motivo }, { quiet: true }),
};
const mes = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;
const conta = (banco: string | null, agencia: string | null, c: string | null) => (banco && agencia && c ? `${banco} · ag. ${agencia} · c/c ${c}` : null);
/** The borderô's report: that borderô on the day it was credited. */
const relatorioDe = (b: Bordero) => `/relatorio/financeiro/bordero-pagamento?inicio=${isoToBr(b.dataCredito)}&termino=${isoToBr(b.dataCredito)}&bordero=${b.numero}`;

function Campo(p: { id: string; label: string; value: string; onChange: (v: string) => void; erro?: string; max: number; placeholder?: string; numeric?: boolean }) {
  return (
    <div className="field" data-campo={p.id}>
      <label htmlFor={`bd-${p.id}`}>{p.label}</label>
      <input id={`bd-${p.id}`} value={p.value} maxLength={p.max} placeholder={p.placeholder} inputMode={p.numeric ? 'numeric' : undefined} aria-invalid={p.erro ? true : undefined} onChange={(e) => p.onChange(e.target.value)} />
      {p.erro && (
        <p className="field-error" role="alert">
          {p.erro}
        </p>
      )}
    </div>
  );
}

function Pagar({ ultimo }: { ultimo: Bordero | undefined }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [competencia, setCompetencia] = useState('');
  const [erroMes, setErroMes] = useState<string | null>(null);
  const lista = useQuery({ queryKey: chaves.aPagar(competencia), queryFn: () => borderoApi.aPagar(competencia) });
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const [form, setForm] = useState({ dataCredito: isoToBr(todayIso()), bancoOrigem: '', agenciaOrigem: '', contaOrigem: '' });
  const [erros, setErros] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);
  const [chave, setChave] = useState(novaChave);
  // the account of the last borderô is the usual one
  useEffect(() => {
    if (ultimo) setForm((f) => (f.bancoOrigem ? f : { ...f, bancoOrigem: ultimo.bancoOrigem, agenciaOrigem: ultimo.agenciaOrigem, contaOrigem: ultimo.contaOrigem }));
  }, [ultimo]);
  const pagaveis = useMemo(() => (lista.data ?? []).filter((p) => p.banco && p.agencia && p.conta), [lista.data]);
  const escolhidos = pagaveis.filter((p) => marcados.has(p.id));
  const soma = (k: 'valorBruto' | 'valorRetencoes' | 'valorLiquido') => escolhidos.reduce((s, p) => s + p[k], 0);

  function buscar() {
    const r = borderosQuery.safeParse({ competencia: texto });
    if (!r.success) return setErroMes(r.error.issues[0].message);
    setErroMes(null);
    setCompetencia(r.data.competencia ?? '');
  }
  async function pagar() {
    const corpo = { ...form, pagamentos: escolhidos.map((p) => p.id) };
    const r = baixaSchema.safeParse(corpo);
    if (!r.success) {
      const e: Record<string, string> = {};
      for (const i of r.error.issues) e[String(i.path[0])] ??= i.message;
      return setErros(e);
    }
    setErros({});
    setEnviando(true);
    try {
      const b = await borderoApi.pagar(corpo, chave);
      showAlerts([{ type: 'success', value: `Borderô nº ${b.numero} registrado: ${b.linhas.length === 1 ? '1 pagamento pago' : `${b.linhas.length} pagamentos pagos`} em ${isoToBr(b.dataCredito)}, ${formatMoney(b.valorLiquido)} creditados.` }]);
      setMarcados(new Set());
      setChave(novaChave());
      await qc.invalidateQueries({ queryKey: ['pagamentos', 'borderos'] });
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const f = e.fieldErrors();
      setErros(Object.keys(f).length ? f : { geral: e.message });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section className="card pag-painel" aria-labelledby="bd-pagar" data-testid="bordero-pagar">
      <h2 id="bd-pagar">Pagamentos a pagar</h2>
      <form
        className="pag-linha"
        onSubmit={(e) => {
          e.preventDefault();
          buscar();
        }}
      >
        <Campo id="competencia" label="Competência" value={texto} onChange={setTexto} erro={erroMes ?? undefined} max={7} placeholder="MM/AAAA (todas)" numeric />
        <button type="submit" className="btn">
          Buscar
        </button>
      </form>
      {lista.isLoading ? (
        <p className="pag-vazio">Carregando…</p>
      ) : !lista.data?.length ? (
        <p className="pag-vazio">Nenhum pagamento a pagar{competencia ? ` na competência ${mes(competencia)}` : ''}.</p>
      ) : (
        <table className="fluxo-tabela pag-tabela" aria-label="Pagamentos a pagar">
          <thead>
            <tr>
              <th>
                <input type="checkbox" aria-label="Todos" checked={escolhidos.length === pagaveis.length && pagaveis.length > 0} onChange={(e) => setMarcados(new Set(e.target.checked ? pagaveis.map((p) => p.id) : []))} />
              </th>
              <th>Pagamento</th>
              <th>Prestador</th>
              <th>Conta do prestador</th>
              <th>Vencimento</th>
              <th className="num">Bruto</th>
              <th className="num">Retenções</th>
              <th className="num">Líquido</th>
            </tr>
          </thead>
          <tbody>
            {lista.data.map((p) => {
              const c = conta(p.banco, p.agencia, p.conta);
              return (
                <tr key={p.id} data-pagamento={p.numero}>
                  <td data-label="Pagar">
                    <input
                      type="checkbox"
                      aria-label={`Pagar ${p.numero} de ${p.prestadorNome}`}
                      disabled={!c}
                      checked={!!c && marcados.has(p.id)}
                      onChange={(e) => setMarcados((m) => (e.target.checked ? new Set([...m, p.id]) : new Set([...m].filter((x) => x !== p.id))))}
                    />
                  </td>
                  <td data-label="Pagamento">
                    {p.numero}
                    <small>competência {mes(p.competencia)}</small>
                  </td>
                  <td data-label="Prestador">{p.prestadorNome}</td>
                  <td data-label="Conta" className={c ? undefined : 'pag-pendencia'}>
                    {c ?? 'Sem banco, agência e conta no cadastro'}
                  </td>
                  <td data-label="Vencimento">{p.vencimento ? isoToBr(p.vencimento) : '—'}</td>
                  <td data-label="Bruto" className="num">
                    {formatMoney(p.valorBruto)}
                  </td>
                  <td data-label="Retenções" className="num">
                    {formatMoney(p.valorRetencoes)}
                  </td>
                  <td data-label="Líquido" className="num">
                    {formatMoney(p.valorLiquido)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {erros.pagamentos && (
        <p className="field-error" role="alert">
          {erros.pagamentos}
        </p>
      )}
      <div className="pag-resumo">
        <div>
          <span>Escolhidos</span>
          <strong>{escolhidos.length}</strong>
        </div>
        <div>
          <span>Bruto</span>
          <strong>{formatMoney(soma('valorBruto'))}</strong>
        </div>
        <div>
          <span>Retenções</span>
          <strong>{formatMoney(soma('valorRetencoes'))}</strong>
        </div>
        <div>
          <span>A creditar</span>
          <strong data-testid="total-bordero">{formatMoney(soma('valorLiquido'))}</strong>
        </div>
      </div>
      <form
        className="pag-linha"
        aria-label="Dados do borderô"
        onSubmit={(e) => {
          e.preventDefault();
          void pagar();
        }}
      >
        <Campo id="dataCredito" label="Data do crédito" value={form.dataCredito} onChange={(v) => setForm({ ...form, dataCredito: v })} erro={erros.dataCredito} max={10} placeholder="DD/MM/AAAA" numeric />
        <Campo id="bancoOrigem" label="Banco pagador" value={form.bancoOrigem} onChange={(v) => setForm({ ...form, bancoOrigem: v })} erro={erros.bancoOrigem} max={3} placeholder="001" numeric />
        <Campo id="agenciaOrigem" label="Agência" value={form.agenciaOrigem} onChange={(v) => setForm({ ...form, agenciaOrigem: v })} erro={erros.agenciaOrigem} max={7} placeholder="3064-3" />
        <Campo id="contaOrigem" label="Conta" value={form.contaOrigem} onChange={(v) => setForm({ ...form, contaOrigem: v })} erro={erros.contaOrigem} max={14} placeholder="40518-4" />
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Registrando…' : 'Registrar pagamento'}
        </button>
      </form>
      {erros.geral && (
        <p role="alert" className="fluxo-erro">
          {erros.geral}
        </p>
      )}
    </section>
  );
}

function Estorno({ pagamentoId, numero }: { pagamentoId: number; numero: string }) {
  const qc = useQueryClient();
  const [aberto, setAberto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  if (!aberto)
    return (
      <button type="button" className="btn btn-sm" onClick={() => setAberto(true)}>
        Estornar baixa
      </button>
    );
  async function estornar() {
    const r = estornoBaixaSchema.safeParse({ motivo });
    if (!r.success) return setErro(r.error.issues[0].message);
    setEnviando(true);
    try {
      await borderoApi.estornar(pagamentoId, motivo);
      showAlerts([{ type: 'success', value: `Baixa do pagamento nº ${numero} estornada: ele volta a pagar.` }]);
      await qc.invalidateQueries({ queryKey: ['pagamentos', 'borderos'] });
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErro(e.message);
    } finally {
      setEnviando(false);
    }
  }
  return (
    <div className="field" data-campo="motivo">
      <label htmlFor={`bd-motivo-${pagamentoId}`}>Motivo do estorno</label>
      <input id={`bd-motivo-${pagamentoId}`} value={motivo} maxLength={500} aria-invalid={erro ? true : undefined} onChange={(e) => setMotivo(e.target.value)} />
      {erro && (
        <p className="field-error" role="alert">
          {erro}
        </p>
      )}
      <div className="pag-linha">
        <button type="button" className="btn btn-sm btn-danger" disabled={enviando} onClick={() => void estornar()}>
          Confirmar estorno
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setAberto(false)}>
          Cancelar
        </button>
      </div>
    </div>
  );
}

function Borderos({ lista }: { lista: Bordero[] | undefined }) {
  if (!lista) return <p className="pag-vazio">Carregando…</p>;
  if (!lista.length) return <p className="pag-vazio">Nenhum borderô registrado.</p>;
  return (
    <>
      {lista.map((b) => (
        <section key={b.id} className="card pag-painel" aria-label={`Borderô ${b.numero}`} data-bordero={b.numero}>
          <h2>
            Borderô nº {b.numero} · crédito em {isoToBr(b.dataCredito)}
          </h2>
          <p className="pag-nota">
            Conta pagadora {b.bancoOrigem} · ag. {b.agenciaOrigem} · c/c {b.contaOrigem} · registrado por {b.registradoPor} · {formatMoney(b.valorLiquido)} creditados ·{' '}
            <a href={relatorioDe(b)}>Abrir o relatório do borderô</a>
          </p>
          <table className="fluxo-tabela pag-tabela" aria-label={`Pagamentos do borderô ${b.numero}`}>
            <thead>
              <tr>
                <th>Pagamento</th>
                <th>Prestador</th>
                <th>Conta creditada</th>
                <th className="num">Líquido</th>
                <th>Situação</th>
              </tr>
            </thead>
            <tbody>
              {b.linhas.map((l) => (
                <tr key={`${l.pagamentoId}-${l.estornadoEm ?? ''}`} data-pagamento={l.numero}>
                  <td data-label="Pagamento">
                    {l.numero}
                    <small>competência {mes(l.competencia)}</small>
                  </td>
                  <td data-label="Prestador">{l.prestadorNome}</td>
                  <td data-label="Conta creditada">{conta(l.banco, l.agencia, l.conta)}</td>
                  <td data-label="Líquido" className="num">
                    {formatMoney(l.valorLiquido)}
                  </td>
                  <td data-label="Situação">
                    {l.estornadoEm ? (
                      <span className="pag-pendencia">
                        Baixa estornada em {isoToBr(l.estornadoEm.slice(0, 10))} por {l.estornadoPor}: {l.estornoMotivo}
                      </span>
                    ) : (
                      <Estorno pagamentoId={l.pagamentoId} numero={l.numero} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

export default function BorderoScreen(_p: ScreenProps) {
  const borderos = useQuery({ queryKey: chaves.borderos, queryFn: borderoApi.borderos });
  return (
    <div className="fluxo-registro" data-testid="bordero-screen">
      <Pagar ultimo={borderos.data?.[0]} />
      <h2 className="pag-sub">Borderôs registrados</h2>
      <Borderos lista={borderos.data} />
    </div>
  );
}

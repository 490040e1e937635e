import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SaldoConsignadoFamilia, SaldoConsignadoPagina } from '../../shared/consignado';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { competenciaBr } from '../../shared/processos/folha';
import { RELACOES_DEPENDENCIA } from '../../shared/resources/pessoas';
import { labelOf } from '../../shared/text';
import { api, ApiError } from '../api/client';
import type { ScreenProps } from '../screens/types';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../util/util.css';
import './consignado.css';

const mesAtual = () => `${todayIso().slice(5, 7)}/${todayIso().slice(0, 4)}`;

/**
 * Saldo Consignado (aeco): per titular of a competência, what the payroll discount carries (fee net of the company's
 * subsidy, coparticipation) and the balance the plan's monthly ceiling left to consign later, a page at a time by
 * the billing calculation; a family opened shows each member's fee and events with the rule applied.
 */
export default function SaldoConsignadoScreen({ command, search }: ScreenProps) {
  const tabId = useTabId();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const competencia = params.get('competencia') ?? mesAtual();
  const empresa = params.get('empresa') ?? '';
  const nome = params.get('nome') ?? '';
  const comEventos = params.get('comEventos') === '1';
  const [cursores, setCursores] = useState<number[]>([0]);
  const [aberto, setAberto] = useState<number | null>(null);
  const [form, setForm] = useState({ competencia, empresa, nome, comEventos });
  const ir = (v: typeof form) => {
    const p = new URLSearchParams();
    p.set('competencia', v.competencia);
    if (v.empresa) p.set('empresa', v.empresa);
    if (v.nome.trim()) p.set('nome', v.nome.trim());
    if (v.comEventos) p.set('comEventos', '1');
    setCursores([0]);
    setAberto(null);
    go(`${command.path}?${p}`, { tabId: tabId ?? undefined, replace: true });
  };
  const empresas = useQuery({ queryKey: ['recursos', 'empresas', 'opcoes'], queryFn: () => api.get<{ id: number; label: string }[]>('/recursos/empresas/opcoes', { quiet: true }), staleTime: 300_000 });
  const depois = cursores.at(-1)!;
  const qs = new URLSearchParams({ competencia, ...(empresa ? { empresa } : {}), ...(nome ? { nome } : {}), ...(comEventos ? { comEventos: '1' } : {}), ...(depois ? { depois: String(depois) } : {}) });
  const pagina = useQuery({ queryKey: ['saldo-consignado', qs.toString()], queryFn: () => api.get<SaldoConsignadoPagina>(`/saldo-consignado?${qs}`, { quiet: true }) });
  const familia = useQuery({
    queryKey: ['saldo-consignado', 'familia', aberto, competencia],
    queryFn: () => api.get<SaldoConsignadoFamilia>(`/saldo-consignado/${aberto}?competencia=${encodeURIComponent(competencia)}`, { quiet: true }),
    enabled: aberto != null,
  });
  const p = pagina.data;
  const soma = (k: 'mensalidade' | 'subsidio' | 'coparticipacao' | 'consignado' | 'saldo') => p?.linhas.reduce((s, l) => s + l[k], 0) ?? 0;

  return (
    <div className="consignado">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">O desconto em folha de cada titular na competência (mensalidade líquida do subsídio da empresa e coparticipação) e o saldo a consignar: a coparticipação acima do teto mensal do plano, que não entrou no desconto.</p>
      <form
        className="card consignado-filtros"
        aria-label="Filtros do saldo consignado"
        onSubmit={(e) => {
          e.preventDefault();
          ir(form);
        }}
      >
        <label className="field">
          <span>Competência</span>
          <input id="consignado-competencia" value={form.competencia} maxLength={7} placeholder="MM/AAAA" onChange={(e) => setForm({ ...form, competencia: e.target.value })} />
        </label>
        <label className="field">
          <span>Empresa</span>
          <select id="consignado-empresa" value={form.empresa} onChange={(e) => setForm({ ...form, empresa: e.target.value })}>
            <option value="">Todas</option>
            {empresas.data?.map((x) => (
              <option key={x.id} value={x.id}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Titular</span>
          <input id="consignado-nome" value={form.nome} placeholder="Parte do nome" onChange={(e) => setForm({ ...form, nome: e.target.value })} />
        </label>
        <label className="consignado-check">
          <input type="checkbox" checked={form.comEventos} onChange={(e) => setForm({ ...form, comEventos: e.target.checked })} /> Só famílias com coparticipação no mês
        </label>
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
      </form>
      {pagina.isError && (
        <p className="util-erro" role="alert">
          {pagina.error instanceof ApiError ? pagina.error.message : 'Não foi possível calcular o saldo.'}
        </p>
      )}
      {p && (
        <>
          <p className="page-sub" data-testid="consignado-total">
            {p.titulares.toLocaleString('pt-BR')} {p.titulares === 1 ? 'titular' : 'titulares'} em {competenciaBr(p.competencia)}; página {cursores.length}. Totais desta página: consignado {formatMoney(soma('consignado'))}, saldo a
            consignar {formatMoney(soma('saldo'))}.
          </p>
          <div className="util-tabela-wrap card consignado-tabela">
            <table className="tabela-simples" data-testid="consignado-linhas">
              <thead>
                <tr>
                  <th>Matrícula</th>
                  <th>Titular</th>
                  <th>Empresa</th>
                  <th className="num">Vidas</th>
                  <th className="num">Mensalidade</th>
                  <th className="num">Subsídio</th>
                  <th className="num">Coparticipação</th>
                  <th className="num">Consignado</th>
                  <th className="num">Saldo a consignar</th>
                </tr>
              </thead>
              <tbody>
                {p.linhas.map((l) => (
                  <tr key={l.titularId} aria-selected={aberto === l.titularId} className={l.saldo ? 'consignado-com-saldo' : undefined}>
                    <td>{l.matricula}</td>
                    <td>
                      <button type="button" className="link" onClick={() => setAberto(aberto === l.titularId ? null : l.titularId)}>
                        {l.nome}
                      </button>
                    </td>
                    <td>{l.empresa ?? '—'}</td>
                    <td className="num">{l.vidas}</td>
                    <td className="num">{formatMoney(l.mensalidade)}</td>
                    <td className="num">{formatMoney(l.subsidio)}</td>
                    <td className="num">{formatMoney(l.coparticipacao)}</td>
                    <td className="num">{formatMoney(l.consignado)}</td>
                    <td className="num">{formatMoney(l.saldo)}</td>
                  </tr>
                ))}
                {!p.linhas.length && (
                  <tr>
                    <td colSpan={9} className="muted">
                      Nenhum titular ativo com estes filtros na competência.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <div className="util-acoes">
            <button type="button" className="btn" disabled={cursores.length < 2} onClick={() => setCursores(cursores.slice(0, -1))}>
              ‹ Anterior
            </button>
            <button type="button" className="btn" disabled={p.proximo == null} onClick={() => p.proximo != null && setCursores([...cursores, p.proximo])}>
              Próxima ›
            </button>
          </div>
        </>
      )}
      {aberto != null && familia.data && <Familia f={familia.data} />}
    </div>
  );
}

function Familia({ f }: { f: SaldoConsignadoFamilia }) {
  return (
    <section className="card" aria-label={`Família de ${f.nome}`}>
      <h2>
        {f.nome} · {f.plano}
      </h2>
      <p className="muted">
        Mensalidade {formatMoney(f.mensalidade)} − subsídio {formatMoney(f.subsidio)} + coparticipação {formatMoney(f.coparticipacao)} = consignado {formatMoney(f.consignado)}; saldo a consignar {formatMoney(f.saldo)}.
      </p>
      <div className="util-tabela-wrap">
        <table className="tabela-simples">
          <thead>
            <tr>
              <th>Beneficiário</th>
              <th>Relação</th>
              <th className="num">Idade</th>
              <th className="num">Mensalidade</th>
              <th>Eventos do mês</th>
              <th className="num">Coparticipação</th>
              <th className="num">Acima do teto</th>
            </tr>
          </thead>
          <tbody>
            {f.membros.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.nome}
                  <small className="muted"> {m.matricula}</small>
                </td>
                <td>{labelOf(RELACOES_DEPENDENCIA, m.relacao)}</td>
                <td className="num">{m.idade}</td>
                <td className="num">{m.mensalidade == null ? 'Sem faixa' : formatMoney(m.mensalidade)}</td>
                <td>
                  {m.eventos.length ? (
                    <ul className="consignado-eventos">
                      {m.eventos.map((e) => (
                        <li key={`${e.guia}-${e.codigo}`}>
                          {isoToBr(e.data)} · {e.codigo} {e.descricao} · {formatMoney(e.valorEvento)} → {formatMoney(e.cobrado)} <small className="muted">({e.regra})</small>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td className="num">{formatMoney(m.coparticipacao)}</td>
                <td className="num">{formatMoney(m.limiteCortou)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

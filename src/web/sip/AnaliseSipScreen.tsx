import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo } from 'react';
import { todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { ANALISE_SIP_LIST, CONTRATACOES, ITENS_SIP, REGRAS_SIP, trimestreBr, trimestresRecentes, type EventoSipRow, type QuadroSip } from '../../shared/sip/analise';
import { labelOf } from '../../shared/text';
import { api } from '../api/client';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../sib/sib.css';
import '../util/util.css';
import './sip.css';

type Row = EventoSipRow & Record<string, unknown>;
const int = new Intl.NumberFormat('pt-BR');
const extras: ListScreenExtras<Row> = { opens: false, cells: { beneficiario: (r) => r.beneficiario ?? 'Não identificado', uf: (r) => r.uf ?? '—' } };

/**
 * Análise do SIP: for a quarter (and a type of contract), the figures the SIP filing carries — events authorized and
 * billed and the expense released per assistance item and UF, the beneficiaries out of carência — then one card per
 * rule that keeps records out of the filing (a click lists them), as Análise do SIB does.
 */
export default function AnaliseSipScreen({ command, search }: ScreenProps) {
  const tabId = useTabId();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const opcoes = useMemo(() => trimestresRecentes(todayIso()), []);
  const trimestre = params.get('trimestre');
  const contratacao = params.get('contratacao');
  const regra = params.get('regra');
  const ir = (muda: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(muda)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    p.delete('offset');
    go(`${command.path}?${p}`, { tabId: tabId ?? undefined, replace: true });
  };
  // the quarter is part of the address: the last closed one when the tab has none
  useEffect(() => {
    if (!trimestre) ir({ trimestre: opcoes[0] });
  });
  const q = useQuery({
    queryKey: ['analise-sip', 'quadro', trimestre, contratacao],
    queryFn: () => api.get<QuadroSip>(`/analise-sip/quadro?trimestre=${trimestre}${contratacao ? `&contratacao=${contratacao}` : ''}`, { quiet: true }),
    enabled: !!trimestre,
    staleTime: 30_000,
  });
  const r = q.data;
  const porItem = ITENS_SIP.map((it) => {
    const ls = r?.linhas.filter((l) => l.item === it.item) ?? [];
    return { it, ls, a: ls.reduce((s, l) => s + l.eventosAutorizados, 0), f: ls.reduce((s, l) => s + l.eventosFaturados, 0), d: ls.reduce((s, l) => s + l.despesa, 0) };
  });
  const tot = { a: porItem.reduce((s, x) => s + x.a, 0), f: porItem.reduce((s, x) => s + x.f, 0), d: porItem.reduce((s, x) => s + x.d, 0) };

  const header = (
    <section className="sip" aria-label="Quadro do SIP">
      <div className="sip-filtros">
        <label className="field">
          <span>Trimestre</span>
          <select id="sip-trimestre" value={trimestre ?? ''} onChange={(e) => ir({ trimestre: e.target.value })}>
            {[...new Set([...(trimestre ? [trimestre] : []), ...opcoes])].map((t) => (
              <option key={t} value={t}>
                {trimestreBr(t)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Contratação</span>
          <select id="sip-contratacao" value={contratacao ?? ''} onChange={(e) => ir({ contratacao: e.target.value || null })}>
            <option value="">Todas</option>
            {CONTRATACOES.map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isError && <p className="util-erro">Não foi possível calcular o quadro do SIP.</p>}
      {!r && !q.isError && <p className="muted">Calculando…</p>}
      {r && (
        <>
          <ul className="util-numeros" aria-label="Totais do trimestre">
            <li>
              <strong data-testid="sip-autorizados">{int.format(tot.a)}</strong>
              <span>eventos autorizados</span>
            </li>
            <li>
              <strong data-testid="sip-faturados">{int.format(tot.f)}</strong>
              <span>eventos faturados</span>
            </li>
            <li>
              <strong data-testid="sip-despesa">{formatMoney(tot.d)}</strong>
              <span>despesa liberada</span>
            </li>
            {r.foraCarencia.map((x) => (
              <li key={x.contratacao}>
                <strong>{int.format(x.beneficiarios)}</strong>
                <span>fora da carência · {labelOf(CONTRATACOES, x.contratacao)}</span>
              </li>
            ))}
          </ul>
          <div className="util-tabela-wrap card sip-quadro">
            <table className="tabela-simples" data-testid="sip-quadro">
              <thead>
                <tr>
                  <th>Item assistencial / UF</th>
                  {/* "Eventos" and "liberada" drop on a phone, so the four columns fit its width */}
                  <th className="num">
                    <span className="sip-longo">Eventos </span>autorizados
                  </th>
                  <th className="num">
                    <span className="sip-longo">Eventos </span>faturados
                  </th>
                  <th className="num">
                    Despesa<span className="sip-longo"> liberada</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {porItem.map(({ it, ls, a, f, d }) => (
                  <Fragment key={it.item}>
                    <tr className="sip-item" data-item={it.item} title={it.descricao}>
                      <td>
                        {it.item}. {it.titulo}
                      </td>
                      <td className="num">{int.format(a)}</td>
                      <td className="num">{int.format(f)}</td>
                      <td className="num">{formatMoney(d)}</td>
                    </tr>
                    {ls.map((l) => (
                      <tr key={`${it.item}-${l.uf}`} className="sip-uf">
                        <td>{l.uf}</td>
                        <td className="num">{int.format(l.eventosAutorizados)}</td>
                        <td className="num">{int.format(l.eventosFaturados)}</td>
                        <td className="num">{formatMoney(l.despesa)}</td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <p className="page-sub" data-testid="sip-base">
            {int.format(r.registros)} registros no {trimestreBr(r.trimestre)} (solicitações autorizadas e contas recebidas). Fora do SIP por estas regras:
          </p>
          <ul className="sib-regras">
            {REGRAS_SIP.map((x) => {
              const total = r.regras.find((y) => y.regra === x.regra)?.total ?? 0;
              return (
                <li key={x.regra}>
                  <button type="button" className="sib-regra" aria-pressed={regra === x.regra} data-regra={x.regra} data-total={total} title={x.descricao} onClick={() => ir({ regra: x.regra })}>
                    <strong className={total ? 'sib-n sib-n-achou' : 'sib-n'}>{int.format(total)}</strong>
                    <span className="sib-titulo">{x.titulo}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {regra && <p className="sib-descricao">{REGRAS_SIP.find((x) => x.regra === regra)?.descricao}</p>}
        </>
      )}
    </section>
  );
  if (!trimestre) return <p className="muted">Carregando…</p>;
  return <ListScreen<Row> command={command} search={search} def={ANALISE_SIP_LIST} extras={{ ...extras, header }} />;
}

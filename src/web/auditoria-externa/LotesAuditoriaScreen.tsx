import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { LOTES_AUDITORIA_LIST, PARECERES, RESULTADOS_ITEM, STATUS_LOTE, TONS_LOTE, type LoteAuditoriaDetalhe, type LoteAuditoriaRow } from '../../shared/auditoria-externa';
import { motivoLabel } from '../../shared/autorizacoes';
import { instantToBr, isoToBr } from '../../shared/dates';
import { SITUACOES_LOTE_NEXIA } from '../../shared/processos/exportacoes';
import { labelOf } from '../../shared/text';
import { api, ApiError } from '../api/client';
import { ListNav, useListNeighbors } from '../lists/ListNav';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { Vistas } from '../util/Vistas';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../util/util.css';

const JobScreen = lazy(() => import('../jobs/JobScreen'));
type Row = LoteAuditoriaRow & Record<string, unknown>;

const extras: ListScreenExtras<Row> = {
  recordLabel: (r) => `Lote ${r.id}`,
  cells: {
    fim: (r) => isoToBr(r.fim),
    recusados: (r) => (r.recusados ? <strong className="util-erro">{r.recusados}</strong> : '0'),
  },
};

/**
 * Lotes de Integração de Auditoria: the lots sent to the external audit company (each Nexia file), one lot with its
 * items and what the return did to each (`?id=`), and the import of the company's return file (`?retorno=1`).
 */
export default function LotesAuditoriaScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  const vista = params.has('retorno') ? 'retorno' : 'lotes';
  const vistas = <Vistas path={command.path} atual={vista} vistas={[['lotes', 'Lotes enviados', ''], ['retorno', 'Importar retorno', 'retorno=1']]} />;
  if (id) return <Lote key={id} command={command} search={search} id={id} />;
  if (vista === 'retorno')
    return (
      <>
        {vistas}
        <Suspense fallback={<p className="muted">Carregando…</p>}>
          <JobScreen command={command} search={search} />
        </Suspense>
      </>
    );
  return <ListScreen<Row> command={command} search={search} def={LOTES_AUDITORIA_LIST} extras={{ ...extras, header: vistas }} />;
}

function Lote({ command, search, id }: ScreenProps & { id: number }) {
  const tabId = useTabId();
  const q = useQuery({ queryKey: ['lotes-auditoria', id], queryFn: () => api.get<LoteAuditoriaDetalhe>(`/lotes-auditoria/${id}`, { quiet: true }) });
  const nav = useListNeighbors(LOTES_AUDITORIA_LIST, command, search, id);
  const l = q.data;
  const lista = () => {
    const p = new URLSearchParams(search);
    p.delete('id');
    go(`${command.path}${p.size ? `?${p}` : ''}`, { tabId: tabId ?? undefined });
  };
  if (q.isError) return <p className="util-erro">{q.error instanceof ApiError ? q.error.message : 'Não foi possível abrir o lote.'}</p>;
  if (!l) return <p className="muted">Carregando…</p>;
  const respondidos = l.aplicados + l.recusados;
  return (
    <article className="util-registro" aria-label={`Lote ${l.id}`}>
      <header>
        <button type="button" className="btn" onClick={lista}>
          Lista
        </button>
        <h1 className="page-title">
          Lote {l.id} · {labelOf([['NEXIA', 'Nexia']], l.empresa)}
        </h1>
        <Chip tone={TONS_LOTE[l.status as keyof typeof TONS_LOTE]}>{labelOf(STATUS_LOTE, l.status)}</Chip>
        <ListNav def={LOTES_AUDITORIA_LIST} nav={nav} />
      </header>
      <p className="page-sub">
        {labelOf(SITUACOES_LOTE_NEXIA, l.situacao)} de {isoToBr(l.inicio)} a {isoToBr(l.fim)} · enviado por {l.enviadoPor} em {instantToBr(l.enviadoEm)}
        {l.retornoEm && ` · último retorno em ${instantToBr(l.retornoEm)}`}
        {l.arquivoId && (
          <>
            {' · '}
            <a href={`/api/arquivos/${l.arquivoId}`} download>
              arquivo enviado
            </a>
          </>
        )}
      </p>
      <ul className="util-numeros" aria-label="Resumo do lote">
        <li>
          <strong>{l.guias}</strong>
          <span>guias</span>
        </li>
        <li>
          <strong>{l.itens}</strong>
          <span>itens</span>
        </li>
        <li>
          <strong>{l.aplicados}</strong>
          <span>aplicados pelo retorno</span>
        </li>
        <li>
          <strong>{l.recusados}</strong>
          <span>recusados (ver motivo)</span>
        </li>
        <li>
          <strong>{l.itens - respondidos}</strong>
          <span>sem resposta</span>
        </li>
      </ul>
      <section className="card" aria-label="Itens do lote">
        <h2>Itens</h2>
        <div className="util-tabela-wrap">
          <table className="tabela-simples" data-testid="itens-lote">
            <thead>
              <tr>
                <th>Guia</th>
                <th>Beneficiário</th>
                <th>Procedimento</th>
                <th>Qtd.</th>
                <th>Situação da guia</th>
                <th>Parecer</th>
                <th>Resultado</th>
              </tr>
            </thead>
            <tbody>
              {l.itensLista.map((i) => (
                <tr key={i.id} data-resultado={i.resultado ?? ''}>
                  <td>{i.guia}</td>
                  <td>{i.beneficiario}</td>
                  <td>
                    {i.codigo} – {i.descricao}
                  </td>
                  <td>{i.quantidadeSolicitada}</td>
                  <td>{i.statusGuia}</td>
                  <td>
                    {i.parecer ? labelOf(PARECERES, i.parecer) : '—'}
                    {i.parecer === 'P' && ` (${i.quantidadeParecer})`}
                    {i.motivoNegativa && <small> · {motivoLabel(i.motivoNegativa)}</small>}
                    {i.justificativa && <small className="muted"> · {i.justificativa}</small>}
                  </td>
                  <td>
                    {i.resultado ? <Chip tone={i.resultado === 'APLICADO' ? 'ok' : 'bad'}>{labelOf(RESULTADOS_ITEM, i.resultado)}</Chip> : <span className="muted">Aguardando retorno</span>}
                    {i.motivoRecusa && <small className="util-erro"> {i.motivoRecusa}</small>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}

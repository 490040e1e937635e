import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr } from '../../shared/dates';
import { MOTIVO_RECUSA_MIN, MSG_MOTIVO_RECUSA, STATUS_INTEGRACAO, TONS_INTEGRACAO, type RegistroIntegracao as Registro } from '../../shared/integracoes';
import type { ListDef } from '../../shared/lists/types';
import { api, ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { ListNav, useListNeighbors } from '../lists/ListNav';
import { Chip } from '../ui/Chip';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../util/util.css';

const label = (s: string) => STATUS_INTEGRACAO.find(([k]) => k === s)?.[1] ?? s;

/** One received record: what came, the comparison with the registry, what applying does; apply or refuse with the reason. */
export function RegistroIntegracao({ command, search, id, base, def }: { command: Command; search: string; id: number; base: string; def: ListDef }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const key = ['integracao', base, id];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<Registro>(`${base}/${id}`, { quiet: true }) });
  const [confirmar, setConfirmar] = useState(false);
  const [recusar, setRecusar] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const r = q.data;
  const nav = useListNeighbors(def, command, search, id);
  const lista = () => {
    const p = new URLSearchParams(search);
    p.delete('id');
    go(`${command.path}${p.size ? `?${p}` : ''}`, { tabId: tabId ?? undefined });
  };

  async function acao(tipo: 'aplicar' | 'recusar') {
    if (!r) return;
    if (tipo === 'recusar' && motivo.trim().length < MOTIVO_RECUSA_MIN) {
      setErro(MSG_MOTIVO_RECUSA);
      return;
    }
    setBusy(true);
    setErro(null);
    try {
      const novo = await api.post<Registro>(`${base}/${id}/${tipo}`, { version: r.version, ...(tipo === 'recusar' ? { motivo: motivo.trim() } : {}) });
      qc.setQueryData(key, novo);
      await qc.invalidateQueries({ queryKey: listKeys.list(def.key) });
      setRecusar(false);
      setConfirmar(false);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErro(e.alerts.map((a) => a.value).join(' '));
      setConfirmar(false);
    } finally {
      setBusy(false);
    }
  }

  if (q.isError) return <p className="util-erro">{q.error instanceof ApiError ? q.error.message : 'Não foi possível abrir o registro.'}</p>;
  if (!r) return <p className="muted">Carregando…</p>;
  return (
    <article className="util-registro" aria-label={r.titulo}>
      <header>
        <button type="button" className="btn" onClick={lista}>
          Lista
        </button>
        <h1 className="page-title">{r.titulo}</h1>
        <Chip tone={TONS_INTEGRACAO[r.status]}>{label(r.status)}</Chip>
        <ListNav def={def} nav={nav} />
      </header>
      <p className="page-sub">
        Lote {r.loteId}, linha {r.linha} · {r.origem} · arquivo {r.nomeArquivo} · recebido em {instantToBr(r.recebidoEm)}
        {r.decididoPor && ` · ${r.status === 'APLICADO' ? 'aplicado' : 'recusado'} por ${r.decididoPor} em ${instantToBr(r.decididoEm)}`}
      </p>
      {r.motivo && (
        <p className="util-erro" data-testid="motivo">
          Motivo: {r.motivo}
        </p>
      )}
      {r.alertas.length > 0 && (
        <ul className="util-alertas" aria-label="Observações">
          {r.alertas.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
      <div className="util-colunas">
        <section className="card" aria-label="Recebido">
          <h2>Recebido</h2>
          {r.recebido.length ? (
            <dl className="util-dados">
              {r.recebido.map((x) => (
                <div key={x.rotulo} style={{ display: 'contents' }}>
                  <dt>{x.rotulo}</dt>
                  <dd>{x.valor}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">A linha não pôde ser lida.</p>
          )}
        </section>
        <section className="card" aria-label="Comparação com o cadastro">
          <h2>Comparação com o cadastro</h2>
          {r.diferencas.length ? (
            <div className="util-tabela-wrap">
              <table className="tabela-simples" data-testid="diferencas">
                <thead>
                  <tr>
                    <th>Campo</th>
                    <th>No cadastro</th>
                    <th>Recebido</th>
                  </tr>
                </thead>
                <tbody>
                  {r.diferencas.map((d) => (
                    <tr key={d.campo} className={d.muda ? 'util-muda' : undefined} data-muda={d.muda ? 'sim' : 'nao'}>
                      <td>{d.rotulo}</td>
                      <td>{d.atual ?? '—'}</td>
                      <td>{d.recebido ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">Sem registro no cadastro para comparar (um beneficiário novo).</p>
          )}
          <p className="util-efeito" data-testid="efeito">
            {r.efeito}
          </p>
          {r.beneficiarioId && (
            <p>
              <a href={`/cadastro/pessoa/beneficiarios?id=${r.beneficiarioId}`}>Abrir o cadastro do beneficiário</a>
            </p>
          )}
          {r.autorizacaoNumero && <p>Solicitação registrada: {r.autorizacaoNumero}</p>}
        </section>
      </div>
      {erro && (
        <p className="util-erro" role="alert">
          {erro}
        </p>
      )}
      {r.status === 'PENDENTE' && (
        <div className="util-acoes">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => setConfirmar(true)}>
            Aplicar
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setRecusar(true)}>
            Recusar
          </button>
        </div>
      )}
      {confirmar && <ConfirmDialog title="Confirmação" message={`Aplicar este registro? ${r.efeito}`} onNo={() => setConfirmar(false)} onYes={() => void acao('aplicar')} />}
      {recusar && (
        <Dialog
          title="Recusar o registro"
          onClose={() => setRecusar(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setRecusar(false)}>
                Cancelar
              </button>
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void acao('recusar')}>
                Recusar
              </button>
            </>
          }
        >
          <label className="field">
            <span>Motivo da recusa</span>
            <textarea
              className="util-motivo"
              data-autofocus
              id="integracao-motivo"
              maxLength={1000}
              value={motivo}
              aria-invalid={!!erro}
              onChange={(e) => setMotivo(e.target.value)}
            />
          </label>
          {erro && <p className="field-error">{erro}</p>}
        </Dialog>
      )}
    </article>
  );
}

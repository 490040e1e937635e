import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { dateToBr, instantToBr, isoToBr } from '../../shared/dates';
import { exclusaoRedeSchema, MOTIVOS_EXCLUSAO_REDE, RPS_MSG } from '../../shared/rps';
import { MOVIMENTOS_RPS_LIST, type MovimentoRpsRow } from '../../shared/rps/listas';
import { applyMask } from '../../shared/resources/masks';
import { formatDocument } from '../../shared/validation/br';
import { ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { OptionSelect } from '../workflow/RecordForm';
import { rpsApi } from './api';
import { InclusaoRede } from './InclusaoRede';
import './rps.css';

type Row = MovimentoRpsRow & Record<string, unknown>;

/**
 * Movimentos RPS (administrator): the registry of the products' networks — every inclusion and exclusion of a
 * provider, newest first, each pending its sending to the ANS —, "Incluir na rede" (`?novo=1`) and, on an inclusion
 * whose period is still open, "Excluir da rede" (date, reason, note).
 */
export default function MovimentosRpsScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const [excluir, setExcluir] = useState<Row | null>(null);
  if (params.has('novo')) return <InclusaoRede command={command} />;
  const extras: ListScreenExtras<Row> = {
    opens: false,
    cells: {
      prestadorNome: (r) => (
        <>
          {r.prestadorNome}
          <small>
            {r.prestadorCodigo}
            {r.documento ? ` · ${formatDocument(r.documento.length > 11 ? 'cnpj' : 'cpf', r.documento)}` : ''}
          </small>
        </>
      ),
      produtoNome: (r) => (
        <>
          {r.produtoNome}
          <small>registro {r.registroAns}</small>
        </>
      ),
      motivo: (r) => (r.motivo ? <>{MOTIVOS_EXCLUSAO_REDE.find(([k]) => k === r.motivo)?.[1]}</> : <small>—</small>),
      registradoEm: (r) => (
        <>
          <span className="lista-instante">{instantToBr(r.registradoEm)}</span>
          <small>{r.usuarioNome}</small>
        </>
      ),
      acoes: (r) =>
        r.tipo === 'I' && r.vinculoAberto ? (
          <button type="button" className="btn" onClick={() => setExcluir(r)}>
            Excluir da rede
          </button>
        ) : (
          <small>—</small>
        ),
    },
  };
  return (
    <>
      <ListScreen<Row> command={command} search={search} def={MOVIMENTOS_RPS_LIST} extras={extras} />
      {excluir && <ExclusaoDialog row={excluir} onClose={() => setExcluir(null)} />}
    </>
  );
}

const ORDEM = ['data', 'motivo', 'observacao'];

/** Excluir da rede: the date (its first day out), the reason and a note; the same schema as the server's. */
function ExclusaoDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const qc = useQueryClient();
  const [data, setData] = useState(() => dateToBr(new Date()));
  const [motivo, setMotivo] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const limpar = (k: string) => setErros(({ [k]: _, ...e }) => e);

  async function confirmar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    const corpo = { data, motivo: motivo || undefined, observacao, version: row.vinculoVersion };
    const r = exclusaoRedeSchema.safeParse(corpo);
    if (!r.success) {
      const out: Record<string, string> = {};
      for (const i of r.error.issues) out[String(i.path[0] ?? 'geral')] ??= i.message;
      setErros(out);
      document.getElementById(`rps-exc-${ORDEM.find((k) => out[k]) ?? 'data'}`)?.focus();
      return;
    }
    setEnviando(true);
    setGeral(null);
    try {
      await rpsApi.excluir(row.vinculoId, r.data);
      showAlerts([{ type: 'success', value: RPS_MSG.excluido(row.prestadorNome, row.produtoNome) }]);
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
    <Dialog title="Excluir da rede" onClose={onClose} className="rps-dialog">
      <form onSubmit={confirmar} noValidate aria-label="Excluir da rede" data-testid="form-exclusao-rede">
        <p style={{ marginTop: 0 }}>
          <strong>{row.prestadorNome}</strong> sai da rede do produto <strong>{row.produtoNome}</strong>, em que está desde {isoToBr(row.data)}.
        </p>
        <div className="field" data-campo="data">
          <label htmlFor="rps-exc-data">Fora da rede a partir de *</label>
          <input id="rps-exc-data" data-autofocus inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={data} aria-invalid={erros.data ? true : undefined} onChange={(e) => (setData(applyMask('##/##/####', e.target.value)), limpar('data'))} />
          {erros.data && (
            <p className="field-error" role="alert" data-erro="data">
              {erros.data}
            </p>
          )}
        </div>
        <div className="field" data-campo="motivo">
          <label htmlFor="rps-exc-motivo">Motivo da exclusão *</label>
          <OptionSelect id="rps-exc-motivo" value={motivo} options={MOTIVOS_EXCLUSAO_REDE} placeholder="Selecione…" invalid={!!erros.motivo} onChange={(v) => (setMotivo(v), limpar('motivo'))} />
          {erros.motivo && (
            <p className="field-error" role="alert" data-erro="motivo">
              {erros.motivo}
            </p>
          )}
        </div>
        <div className="field" data-campo="observacao">
          <label htmlFor="rps-exc-observacao">Observação</label>
          <textarea id="rps-exc-observacao" rows={2} maxLength={500} value={observacao} onChange={(e) => setObservacao(e.target.value)} />
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
            {enviando ? 'Excluindo…' : 'Excluir da rede'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

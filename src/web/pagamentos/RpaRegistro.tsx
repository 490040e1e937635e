import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Command } from '../../../commands';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { competenciaBr, situacaoRpaSchema, statusPagamentoLabel, type StatusPagamento } from '../../shared/pagamentos';
import { formatDocument } from '../../shared/validation/br';
import { ApiError } from '../api/client';
import { listKeys } from '../lists/api';
import { Chip } from '../ui/Chip';
import { showAlerts } from '../ui/toasts';
import '../workflow/workflow.css';
import { useTabId } from '../workspace/hooks';
import { go, tabActions } from '../workspace/store';
import { baixarRpa, pagamentoApi, pagamentoKeys } from './api';
import { CalculoRpa, ProtocolosRpa } from './CalculoRpa';

const TONS: Record<StatusPagamento, 'warn' | 'ok' | 'bad'> = { CONF: 'warn', LIB: 'ok', BLOQ: 'bad' };
const ACOES: { para: StatusPagamento; label: string; tone: 'primary' | 'danger' }[] = [
  { para: 'LIB', label: 'Liberar pagamento', tone: 'primary' },
  { para: 'BLOQ', label: 'Bloquear', tone: 'danger' },
  { para: 'CONF', label: 'Voltar para conferência', tone: 'danger' },
];

/**
 * One RPA: the provider, the protocols it pays, the gross, each withholding and the net; its payment status (CONF
 * until another user than its issuer releases or blocks it); the PDF the provider signs.
 */
export function RpaRegistro({ command, id }: { command: Command; id: number }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const req = useQuery({ queryKey: pagamentoKeys.rpa(id), queryFn: () => pagamentoApi.rpa(id) });
  const d = req.data;
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<{ campo: 'justificativa' | 'geral'; texto: string } | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    if (tabId && d) tabActions.setLabel(tabId, `RPA ${d.numero}`);
  }, [tabId, d]);

  if (req.isLoading) return <div className="splash">Carregando…</div>;
  if (req.isError || !d) return <p role="alert">{(req.error as Error | null)?.message ?? 'RPA não encontrado.'}</p>;

  async function mudar(para: StatusPagamento) {
    if (!d) return;
    const body = { version: d.version, statusPagamento: para, justificativa: justificativa.trim() || null };
    const r = situacaoRpaSchema.safeParse(body);
    if (!r.success) return setErro({ campo: 'justificativa', texto: r.error.issues[0].message });
    setEnviando(true);
    setErro(null);
    try {
      const novo = await pagamentoApi.situacao(id, body);
      qc.setQueryData(pagamentoKeys.rpa(id), novo);
      setJustificativa('');
      showAlerts([{ type: 'success', value: `RPA nº ${novo.numero}: ${statusPagamentoLabel(novo.statusPagamento).toLowerCase()}.` }]);
      await qc.invalidateQueries({ queryKey: listKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErro({ campo: e.fieldErrors().justificativa ? 'justificativa' : 'geral', texto: e.fieldErrors().justificativa ?? e.message });
    } finally {
      setEnviando(false);
    }
  }

  const p = d.prestador;
  return (
    <div className="fluxo-registro" data-testid="rpa" data-id={d.id}>
      <header className="fluxo-cab">
        <div>
          <h1 className="page-title">
            <span>RPA nº {d.numero}</span>
            <Chip tone={TONS[d.statusPagamento]}>{statusPagamentoLabel(d.statusPagamento)}</Chip>
          </h1>
          <p className="page-sub">
            {p.nome} · emitido em {isoToBr(d.dataEmissao)} · competência {competenciaBr(d.competencia)}
          </p>
        </div>
        <div className="fluxo-nav">
          <button type="button" className="btn" onClick={() => go(command.path, { tabId: tabId ?? undefined })}>
            Lista
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void baixarRpa(d.id, d.numero)}>
            Baixar PDF
          </button>
        </div>
      </header>

      <section className="card pag-painel" aria-label="Valores">
        <div className="pag-resumo">
          <div>
            <span>Bruto</span>
            <strong>{formatMoney(d.valorBruto)}</strong>
          </div>
          <div>
            <span>Retenções</span>
            <strong>{formatMoney(d.inss + d.irrf + d.iss)}</strong>
          </div>
          <div>
            <span>Líquido</span>
            <strong data-testid="liquido">{formatMoney(d.valorLiquido)}</strong>
          </div>
        </div>
      </section>

      <div className="fluxo-colunas">
        <section className="card fluxo-dados" aria-labelledby="rpa-calc">
          <h2 id="rpa-calc">Valores e retenções</h2>
          <CalculoRpa calculo={d.calculo} />
          <h2 className="pag-sub">Protocolos pagos</h2>
          <ProtocolosRpa protocolos={d.protocolos} />
        </section>
        <section className="card fluxo-dados" aria-labelledby="rpa-aut">
          <h2 id="rpa-aut">Autônomo</h2>
          <dl>
            <dt>Nome</dt>
            <dd>{p.codigo ? `${p.nome} (código ${p.codigo})` : p.nome}</dd>
            <dt>CPF</dt>
            <dd>{p.cpf ? formatDocument('cpf', p.cpf) : '—'}</dd>
            <dt>PIS/PASEP</dt>
            <dd>{p.pis ? formatDocument('pis', p.pis) : '—'}</dd>
            <dt>Conselho</dt>
            <dd>{p.conselho ? `${p.conselho} ${p.numeroConselho ?? ''}/${p.ufConselho ?? ''}` : '—'}</dd>
            {d.periodoInicio && (
              <>
                <dt>Período</dt>
                <dd>
                  protocolos recebidos de {isoToBr(d.periodoInicio)} a {isoToBr(d.periodoFim)}
                </dd>
              </>
            )}
            <dt>Emitido por</dt>
            <dd>
              {d.emitidoPor} · {instantToBr(d.emitidoEm)}
            </dd>
            {d.situacaoPor && (
              <>
                <dt>Conferido por</dt>
                <dd>
                  {d.situacaoPor} · {instantToBr(d.situacaoEm)}
                </dd>
              </>
            )}
            {d.justificativa && (
              <>
                <dt>Justificativa</dt>
                <dd className="fluxo-texto">{d.justificativa}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      {d.segregado && (
        <p className="fluxo-erro" role="note">
          Você emitiu este RPA: a liberação ou o bloqueio do pagamento cabe a outro usuário.
        </p>
      )}
      {d.podeConferir && (
        <form className="card fluxo-acoes-form" aria-label="Conferência do pagamento" onSubmit={(e) => e.preventDefault()}>
          <h2>Conferência do pagamento</h2>
          <div className="field fluxo-campo largo" data-campo="justificativa">
            <label htmlFor="rpa-justificativa">Justificativa (obrigatória para bloquear)</label>
            <textarea id="rpa-justificativa" rows={2} maxLength={500} value={justificativa} aria-invalid={erro?.campo === 'justificativa' || undefined} onChange={(e) => (setJustificativa(e.target.value), setErro(null))} />
            {erro?.campo === 'justificativa' && (
              <p className="field-error" role="alert">
                {erro.texto}
              </p>
            )}
          </div>
          {erro?.campo === 'geral' && (
            <div role="alert" className="fluxo-erro">
              {erro.texto}
            </div>
          )}
          <div className="fluxo-botoes rpa-botoes">
            {ACOES.filter((a) => a.para !== d.statusPagamento).map((a) => (
              <button key={a.para} type="button" className={`btn ${a.tone === 'primary' ? 'btn-primary' : 'danger'}`} disabled={enviando} onClick={() => void mudar(a.para)}>
                {a.label}
              </button>
            ))}
          </div>
        </form>
      )}
    </div>
  );
}

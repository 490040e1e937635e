import { registry } from '../../../commands';
import { isoToBr } from '../../shared/dates';
import type { FaturaDigitada } from '../../shared/faturamento/digitacao';
import { formatMoney } from '../../shared/money';
import { useVisibility } from '../session/useVisibility';
import { Chip } from '../ui/Chip';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import './digitacao.css';

export const ENCERRAR = '/principal/tiss/fatura-protocolo-digitado-prestador';
export const DIGITAR = '/principal/tiss/atendimento-autorizacao';

/** Whether the session opens a command (the next step's buttons show only then). */
export function useAbre() {
  const { visible } = useVisibility();
  return (path: string) => {
    const c = registry.match(path);
    return !!c && visible(c);
  };
}

/** What was registered, and the next steps: close it into a protocol, see it, or attend another senha. */
export function FaturaRegistrada({ f, outra, outraLabel }: { f: FaturaDigitada; outra: () => void; outraLabel: string }) {
  const tabId = useTabId();
  const abre = useAbre();
  return (
    <section className="card fat-feito" data-testid="fatura-registrada" aria-live="polite">
      <h1 className="page-title">
        Atendimento registrado <Chip tone="warn">Fatura aberta</Chip>
      </h1>
      <p>
        Guia <strong data-testid="guia">{f.numeroGuiaPrestador}</strong>
        {f.senha ? ` da senha ${f.senha}` : ''} · {f.beneficiarioNome} · atendimento em {isoToBr(f.dataAtendimento)} · {f.itens.length} {f.itens.length === 1 ? 'procedimento' : 'procedimentos'} ·{' '}
        <strong data-testid="valor">{formatMoney(f.valorInformado)}</strong>
      </p>
      <p className="page-sub">A fatura fica aberta até ser encerrada num protocolo: então segue para a análise da operadora.</p>
      <div className="fat-acoes">
        {abre(ENCERRAR) && (
          <button type="button" className="btn btn-primary" onClick={() => go(ENCERRAR, { tabId: tabId ?? undefined })}>
            Encerrar fatura / gerar protocolo
          </button>
        )}
        {abre(DIGITAR) && (
          <button type="button" className="btn" onClick={() => go(`${DIGITAR}?id=${f.id}`, { newTab: true, label: `Fatura ${f.numeroGuiaPrestador}` })}>
            Ver a fatura
          </button>
        )}
        <button type="button" className="btn" onClick={outra}>
          {outraLabel}
        </button>
      </div>
    </section>
  );
}

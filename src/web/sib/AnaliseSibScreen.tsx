import { useQuery } from '@tanstack/react-query';
import { ANALISE_SIB_LIST, competenciaBr, REGRAS_SIB, type BeneficiarioSibRow, type ResumoSib } from '../../shared/sib/analise';
import { api } from '../api/client';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { useTabId } from '../workspace/hooks';
import { go, openRecord } from '../workspace/store';
import './sib.css';

type Row = BeneficiarioSibRow & Record<string, unknown>;
const int = new Intl.NumberFormat('pt-BR');
const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const BENEFICIARIOS = '/cadastro/pessoa/beneficiarios';

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    // the beneficiary's own record (Ctrl+click: a new tab), where the data is corrected
    nome: (r) => (
      <a
        href={`${BENEFICIARIOS}?id=${r.id}`}
        onClick={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          if (e.ctrlKey || e.metaKey) openRecord(`${BENEFICIARIOS}?id=${r.id}`, r.nome);
          else go(`${BENEFICIARIOS}?id=${r.id}`);
        }}
      >
        {r.nome}
      </a>
    ),
  },
};

/**
 * Análise do SIB: how many beneficiaries each rule finds (a card per rule; a click lists them) and the list of the
 * chosen rule on the generic list screen, each name a link to the beneficiary's record.
 */
export default function AnaliseSibScreen({ command, search }: ScreenProps) {
  const tabId = useTabId();
  const resumo = useQuery({ queryKey: ['analise-sib', 'regras'], queryFn: () => api.get<ResumoSib>('/analise-sib/regras', { quiet: true }), staleTime: 30_000 });
  const atual = new URLSearchParams(search).get('regra');
  const r = resumo.data;
  const header = (
    <section className="sib-resumo" aria-label="Resumo por regra">
      <p className="page-sub" data-testid="sib-base">
        {r
          ? `${int.format(r.base)} beneficiários no SIB (ativos e suspensos). Última competência enviada: ${competenciaBr(r.competencia)}.`
          : resumo.isError
            ? 'Não foi possível contar as regras.'
            : 'Contando…'}
      </p>
      <ul className="sib-regras">
        {REGRAS_SIB.map((regra) => {
          const total = r?.regras.find((x) => x.regra === regra.regra)?.total;
          return (
            <li key={regra.regra}>
              <button
                type="button"
                className="sib-regra"
                aria-pressed={atual === regra.regra}
                data-regra={regra.regra}
                data-total={total ?? ''}
                title={regra.descricao}
                onClick={() => go(`${command.path}?regra=${regra.regra}`, { tabId: tabId ?? undefined, replace: true })}
              >
                <strong className={total ? 'sib-n sib-n-achou' : 'sib-n'}>{total == null ? '…' : int.format(total)}</strong>
                <span className="sib-titulo">{regra.titulo}</span>
                {r && total != null && r.base > 0 && <small>{pct.format((total * 100) / r.base)}% da base</small>}
              </button>
            </li>
          );
        })}
      </ul>
      {atual && <p className="sib-descricao">{REGRAS_SIB.find((x) => x.regra === atual)?.descricao}</p>}
    </section>
  );
  return <ListScreen<Row> command={command} search={search} def={ANALISE_SIB_LIST} extras={{ ...extras, header }} />;
}

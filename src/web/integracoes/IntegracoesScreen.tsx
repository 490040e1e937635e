import { lazy, Suspense, useMemo } from 'react';
import { INTEGRACAO_ATENDIMENTOS_LIST, INTEGRACAO_BENEFICIARIOS_LIST, type AtendimentoIntegracaoRow, type BeneficiarioIntegracaoRow } from '../../shared/integracoes/listas';
import type { ListDef } from '../../shared/lists/types';
import { formatDocument } from '../../shared/validation/br';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Vistas } from '../util/Vistas';
import { RegistroIntegracao } from './RegistroIntegracao';

const JobScreen = lazy(() => import('../jobs/JobScreen'));

type Row = (BeneficiarioIntegracaoRow | AtendimentoIntegracaoRow) & Record<string, unknown>;

const DEFS: Record<string, { def: ListDef; base: string }> = {
  '/util/analise/beneficiarios-integracoes': { def: INTEGRACAO_BENEFICIARIOS_LIST, base: '/integracoes/beneficiarios' },
  '/util/analise/atendimentos-integracoes': { def: INTEGRACAO_ATENDIMENTOS_LIST, base: '/integracoes/atendimentos' },
};

const extras: ListScreenExtras<Row> = {
  recordLabel: (r) => `Registro ${r.lote}/${r.linha}`,
  rowAttrs: (r) => ({ 'data-status': String(r.status) }),
  cells: {
    cpf: (r) => (typeof r.cpf === 'string' && r.cpf ? formatDocument('cpf', r.cpf) : '—'),
    motivo: (r) => r.motivo ?? (r.status === 'PENDENTE' ? 'Aguardando análise' : '—'),
    autorizacao: (r) => (typeof r.autorizacao === 'string' && r.autorizacao ? r.autorizacao : '—'),
  },
};

/**
 * Beneficiários de Integrações and Atendimentos de Integrações: the records received from the client's external
 * systems (the search view: status, movement or type, name, lot, period), one record beside the registry (`?id=`:
 * the differences, apply or refuse) and the import of a new file (`?importar=1`: the command's run, on the job screen).
 */
export default function IntegracoesScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const { def, base } = DEFS[command.path];
  const id = Number(params.get('id')) || null;
  const vista = params.has('importar') ? 'importar' : 'registros';
  const vistas = <Vistas path={command.path} atual={id ? '' : vista} vistas={[['registros', 'Registros recebidos', ''], ['importar', 'Importar arquivo', 'importar=1']]} />;
  if (id) return <RegistroIntegracao key={id} command={command} search={search} id={id} base={base} def={def} />;
  if (vista === 'importar')
    return (
      <>
        {vistas}
        <Suspense fallback={<p className="muted">Carregando…</p>}>
          <JobScreen command={command} search={search} />
        </Suspense>
      </>
    );
  return <ListScreen<Row> command={command} search={search} def={def} extras={{ ...extras, header: vistas }} />;
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { FILA_CMIS_LIST, MSG_CMIS_NAO_CONFIGURADO, type DocumentoCmisRow, type SituacaoCmis } from '../../shared/cmis';
import { api } from '../api/client';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Vistas } from '../util/Vistas';
import '../util/util.css';

const JobScreen = lazy(() => import('../jobs/JobScreen'));
type Row = DocumentoCmisRow & Record<string, unknown>;
const int = new Intl.NumberFormat('pt-BR');

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    motivo: (r) => r.motivo ?? (r.status === 'enviado' ? `Id ${r.objetoId ?? ''}` : 'Aguardando o envio'),
    pasta: (r) => r.pasta,
  },
};

/**
 * Integração CMIS: the queue of documents to the document repository (each protocolled document and each file of the
 * file manager) with its state and reason, the repository's setting, and the run that sends them (`?enviar=1`).
 */
export default function IntegracaoCmisScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const vista = params.has('enviar') ? 'enviar' : 'fila';
  const s = useQuery({ queryKey: ['cmis', 'situacao'], queryFn: () => api.get<SituacaoCmis>('/cmis/situacao', { quiet: true }), staleTime: 10_000 });
  const vistas = <Vistas path={command.path} atual={vista} vistas={[['fila', 'Fila de documentos', ''], ['enviar', 'Enviar ao repositório', 'enviar=1']]} />;
  const r = s.data;
  const header = (
    <>
      {vistas}
      {r && (
        <>
          <p className="page-sub" data-testid="cmis-situacao">
            {r.configurado ? `Repositório ${r.repositorio ?? '(o primeiro do serviço)'} em ${r.servico}, pasta ${r.pasta}.` : MSG_CMIS_NAO_CONFIGURADO}
          </p>
          <ul className="util-numeros" aria-label="Fila do repositório">
            <li>
              <strong>{int.format(r.pendentes)}</strong>
              <span>pendentes</span>
            </li>
            <li>
              <strong>{int.format(r.erros)}</strong>
              <span>com erro</span>
            </li>
            <li>
              <strong>{int.format(r.enviados)}</strong>
              <span>enviados</span>
            </li>
          </ul>
        </>
      )}
    </>
  );
  if (vista === 'enviar')
    return (
      <>
        {header}
        <Suspense fallback={<p className="muted">Carregando…</p>}>
          <JobScreen command={command} search={search} />
        </Suspense>
      </>
    );
  return <ListScreen<Row> command={command} search={search} def={FILA_CMIS_LIST} extras={{ ...extras, header }} />;
}

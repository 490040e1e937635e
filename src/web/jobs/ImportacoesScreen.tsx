import { importacoesList, type ImportacaoRow } from '../../shared/jobs-lists';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { go } from '../workspace/store';
import { FileCell, PersonCell, ProgressCell, ShaCell, SizeCell } from './RunCells';

type Row = ImportacaoRow & Record<string, unknown>;

const DEF = importacoesList();
const plural = (n: number, um: string, muitos: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : muitos}`;

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    processo: (r) => r.titulo,
    arquivo: (r) => <FileCell id={r.arquivoId} nome={r.arquivo} />,
    tamanho: (r) => <SizeCell bytes={r.tamanho} />,
    sha256: (r) => <ShaCell sha={r.sha256} />,
    remetente: (r) => <PersonCell nome={r.remetente} login={r.remetenteLogin} />,
    progresso: (r) => <ProgressCell status={r.status} progresso={r.progresso} etapa={r.etapa} />,
    // the run's log by level, opened in Log de Importação filtered to this run
    registro: (r) => (
      <span className="run-registro">
        <a
          href={`/util/analise/log-importacao?execucao=${r.id}`}
          onClick={(e) => {
            if (e.ctrlKey || e.metaKey || e.button !== 0) return;
            e.preventDefault();
            go(`/util/analise/log-importacao?execucao=${r.id}`);
          }}
        >
          {plural(r.linhasInfo + r.linhasAviso + r.linhasErro, 'linha', 'linhas')}
        </a>
        {r.linhasErro > 0 && <small className="run-erros">{plural(r.linhasErro, 'erro', 'erros')}</small>}
        {r.linhasAviso > 0 && <small className="run-avisos">{plural(r.linhasAviso, 'aviso', 'avisos')}</small>}
        {r.erro && r.status !== 'concluida' && <small className="run-erro">{r.erro}</small>}
      </span>
    ),
  },
};

/** Importações: the imported files and their runs (the list definition on the generic list screen). */
export default function ImportacoesScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={DEF} extras={extras} />;
}

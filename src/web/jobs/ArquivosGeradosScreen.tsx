import { ARQUIVOS_GERADOS_LIST, type ArquivoGeradoRow } from '../../shared/jobs-lists';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { FileCell, ShaCell, SizeCell } from './RunCells';

type Row = ArquivoGeradoRow & Record<string, unknown>;

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    nome: (r) => <FileCell id={r.id} nome={r.nome} />,
    comando: (r) => r.titulo,
    tamanho: (r) => <SizeCell bytes={r.tamanho} />,
    sha256: (r) => <ShaCell sha={r.sha256} />,
    execucao: (r) => `Nº ${r.execucao}`,
  },
};

/** Arquivos Gerados: every file the runs the user may read left behind, with its download. */
export default function ArquivosGeradosScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={ARQUIVOS_GERADOS_LIST} extras={extras} />;
}

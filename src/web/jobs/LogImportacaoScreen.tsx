import { logImportacaoList, type LogImportacaoRow } from '../../shared/jobs-lists';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';

type Row = LogImportacaoRow & Record<string, unknown>;

const DEF = logImportacaoList();

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    execucao: (r) => `Nº ${r.execucao}`,
  },
};

/** Log de Importação: the lines the import runs wrote, newest first. */
export default function LogImportacaoScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={DEF} extras={extras} />;
}

import { monitoramentoTissExport } from './monitoramento';
import { sibExport } from './sib';

/** The ANS exports' job kinds (src/shared/processos/ans.ts), in KINDS of src/server/jobs/kinds.ts. */
export const ANS_KINDS = [monitoramentoTissExport, sibExport];

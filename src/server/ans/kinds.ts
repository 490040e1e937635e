import { monitoramentoTissExport } from './monitoramento';
import { sibExport } from './sib';
import { sipExport } from './sip';
import { rpsExport } from './rps';
import { radarTissExport } from './radar';
import { diopsCadastralExport } from './diops';

/** The ANS exports' job kinds (src/shared/processos/ans.ts), in KINDS of src/server/jobs/kinds.ts. */
export const ANS_KINDS = [monitoramentoTissExport, sibExport, sipExport, rpsExport, radarTissExport, diopsCadastralExport];

import { useState } from 'react';
import { JOB_MSG, jobEnded } from '../../shared/jobs';
import { REPORT_FORMAT_LABEL, type ReportFormat } from '../../shared/relatorios/define';
import { downloadFile } from '../api/files';
import { jobsApi, openJobsPanel, watchJob } from '../jobs/api';
import { showAlerts, showError } from '../ui/toasts';

/** How long the screen waits for a small file before leaving it to "Meus processos". */
const WAIT_MS = 8_000;

/**
 * A report's file: always a run on the server (the same code for ten rows or a million). A small one ends within a
 * few seconds and is downloaded at once; a large one goes on in "Meus processos", which says when it is ready.
 */
export function useReportFile(comando: string, consulta: string) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  async function gerar(formato: ReportFormat) {
    setBusy(formato);
    try {
      const job = await jobsApi.queue('relatorio', comando, { formato, consulta }).catch(() => null);
      if (!job) return;
      const end = Date.now() + WAIT_MS;
      for (;;) {
        const j = await jobsApi.get(job.id).catch(() => null);
        if (j && j.status === 'concluida' && j.arquivos[0]) return void (await downloadFile(j.arquivos[0]));
        if (j && jobEnded(j.status)) return showError(j.erro ?? JOB_MSG.falhaInterna, `Relatório em ${REPORT_FORMAT_LABEL[formato]}`);
        if (Date.now() > end) {
          // from here "Meus processos" follows it and its toast says when it ends
          watchJob(job.id);
          showAlerts([{ type: 'info', value: `O relatório em ${REPORT_FORMAT_LABEL[formato]} continua sendo gerado. Acompanhe em Meus processos: ele avisa quando o arquivo estiver pronto.` }]);
          return openJobsPanel();
        }
        await new Promise((r) => setTimeout(r, 400));
      }
    } finally {
      setBusy(null);
    }
  }
  return { busy, gerar };
}

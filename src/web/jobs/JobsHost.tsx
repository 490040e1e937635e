import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { jobsPanelAtom } from './api';
import { JobWatcher } from './JobWatcher';

const JobsPanel = lazy(() => import('./JobsPanel'));

/** The "Meus processos" panel (loaded when first opened) and the watcher of runs queued from this page. */
export function JobsHost() {
  const [open, setOpen] = useAtom(jobsPanelAtom);
  return (
    <>
      <JobWatcher />
      {open && (
        <Suspense fallback={null}>
          <JobsPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { useAtomValue } from 'jotai';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { dismissToast, latestAction, toastsAtom } from './toasts';

/** Typing in a field keeps its own Ctrl+Z. */
const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || !!t.closest('input:not([type=checkbox]):not([type=radio]), textarea, select'));

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const undoable = toasts.some((t) => t.action);
  // Ctrl+Z takes back the latest write that offers it (a grid edit, a deletion) while its message shows
  useEffect(() => {
    if (!undoable) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z' || typing(e.target)) return;
      const action = latestAction();
      if (!action) return;
      e.preventDefault();
      action.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoable]);
  return (
    <div className="toasts" role="region" aria-label="Mensagens">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.type}`} role={t.type === 'error' ? 'alert' : 'status'} data-testid="toast">
          <div className="toast-body">
            {t.title && <strong>{t.title}</strong>}
            <span>{t.value}</span>
          </div>
          {t.action && (
            <button type="button" className="toast-acao" onClick={t.action.run} title={`${t.action.label} (Ctrl+Z)`}>
              {t.action.label}
              <kbd>Ctrl+Z</kbd>
            </button>
          )}
          <button type="button" aria-label="Fechar mensagem" onClick={() => dismissToast(t.id)}>
            <X size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

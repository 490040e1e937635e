import { useAtomValue } from 'jotai';
import { X } from 'lucide-react';
import { dismissToast, toastsAtom } from './toasts';

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="region" aria-label="Mensagens">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.type}`} role={t.type === 'error' ? 'alert' : 'status'} data-testid="toast">
          <div className="toast-body">
            {t.title && <strong>{t.title}</strong>}
            <span>{t.value}</span>
          </div>
          <button type="button" aria-label="Fechar mensagem" onClick={() => dismissToast(t.id)}>
            <X size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

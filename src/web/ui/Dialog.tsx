import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

interface DialogProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Absent = the dialog cannot be dismissed: no close button, no Escape, no click outside. */
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  /** Extra class on the dialog box (width of long forms, e.g. 'rf-dialog'). */
  className?: string;
}

/** A modal dialog that keeps focus inside while open and gives it back on close. */
export function Dialog({ title, children, footer, onClose, role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // a field marked data-autofocus (the one to type in) wins over the first one
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onClose?.();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')].filter((el) => !el.hasAttribute('disabled'));
    if (!items.length) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div className={className ? `dialog ${className}` : 'dialog'} role={role} aria-modal="true" aria-labelledby={titleId} ref={ref} onKeyDown={onKeyDown}>
        <header>
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="btn btn-ghost" data-close aria-label="Fechar" onClick={onClose}>
              <X size={18} />
            </button>
          )}
        </header>
        <div className="body">{children}</div>
        {footer && <footer>{footer}</footer>}
      </div>
    </div>
  );
}

/** Yes/no confirmation (spec §8: 'Confirmação', Sim/Não). */
export function ConfirmDialog({ title, message, onYes, onNo }: { title: string; message: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog
      title={title}
      role="alertdialog"
      onClose={onNo}
      footer={
        <>
          <button type="button" className="btn" onClick={onNo}>
            Não
          </button>
          <button type="button" className="btn btn-primary" onClick={onYes}>
            Sim
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{message}</p>
    </Dialog>
  );
}

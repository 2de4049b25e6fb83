import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called however the dialog closes: Escape, a button that calls `close`, or the parent setting `open` false. */
  onClose(): void;
  children: ReactNode;
  /** Where focus goes when what opened the dialog is gone by the time it closes (e.g. a cancelled pre-bet's row). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * The app's modal dialog, the login dialog's pattern made reusable: a native modal <dialog> (the browser traps focus
 * inside and closes it on Escape), titled for screen readers, and focus goes back to what opened it.
 */
export function Dialog({ open, title, onClose, children, fallbackFocus }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const handleClose = () => {
    onClose();
    const back = opener.current;
    opener.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    else fallbackFocus?.()?.focus();
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={handleClose}>
      {open && (
        <div className={styles.body}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

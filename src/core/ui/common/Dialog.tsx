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
 * A native modal <dialog> (the browser traps focus inside and closes it on Escape) shown while `open` is true; when it
 * closes, `onClose` runs and focus goes back to what opened it. Give the <dialog> the `ref` and `onClose` it returns.
 */
export function useModalDialog(open: boolean, onClose: () => void, fallbackFocus?: () => HTMLElement | null) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

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

  return { ref: dialog, onClose: handleClose };
}

/** The app's modal dialog (useModalDialog), titled for screen readers. */
export function Dialog({ open, title, onClose, children, fallbackFocus }: DialogProps) {
  const modal = useModalDialog(open, onClose, fallbackFocus);
  const id = useId();

  return (
    <dialog {...modal} className={styles.dialog} aria-labelledby={`${id}-title`}>
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

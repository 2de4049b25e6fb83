import type { ReactNode } from 'react';
import form from './Form.module.css';

/** Why a form cannot go on, announced as it appears; nothing while there is no error. */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={form.error} role="alert">
      {children}
    </p>
  );
}

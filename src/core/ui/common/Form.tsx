import type { InputHTMLAttributes, ReactNode } from 'react';
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

/** A form's field for an amount or odds: the decimal keypad on touch screens, and no autofill of old values. */
export function DecimalInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'inputMode' | 'autoComplete'>) {
  return <input className={form.input} inputMode="decimal" autoComplete="off" {...props} />;
}

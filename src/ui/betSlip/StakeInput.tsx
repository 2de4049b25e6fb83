import { useId, type ReactNode } from 'react';
import styles from './StakeInput.module.css';

/** Digits with at most 2 decimals while typing (what parseStake accepts, plus the half-typed "12."). */
const TYPING = /^\d{0,12}(\.\d{0,2})?$/;

interface StakeInputProps {
  /** The visible label ("Stake", "Unit stake"). */
  label: string;
  /** Read after the label by screen readers: what the stake is for. */
  context: string;
  value: string;
  invalid: boolean;
  disabled?: boolean;
  /** Shown under the field and read as its description (limits, risk and win). */
  hint?: ReactNode;
  onChange(value: string): void;
  onFocus?(): void;
  onBlur?(): void;
}

/** A money field: a labelled text input that only takes an amount with up to 2 decimals. */
export function StakeInput({ label, context, value, invalid, disabled, hint, onChange, onFocus, onBlur }: StakeInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <span className="sp-visually-hidden"> {context}</span>
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => {
          const next = event.target.value.trim();
          if (TYPING.test(next)) onChange(next);
        }}
      />
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );
}

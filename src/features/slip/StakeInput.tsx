import { useId, type ReactNode, type Ref } from 'react';
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
  /** Enter in the field: place the slip, as Enter submits a form. */
  onEnter?(): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Enter in a stake field places the slip, as the Place button would; when it cannot be placed yet, the field counts
 * as touched so the slip says why (a missing stake included).
 */
export function placeFromKeyboard(betSlip: { touchStake(): void }, orders: { place(): Promise<unknown> }) {
  betSlip.touchStake();
  void orders.place();
}

/** A money field: a labelled text input that only takes an amount with up to 2 decimals. */
export function StakeInput({ label, context, value, invalid, disabled, hint, onChange, onFocus, onBlur, onEnter, inputRef }: StakeInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <span className="sp-visually-hidden"> {context}</span>
      </label>
      <input
        ref={inputRef}
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
        onKeyDown={(event) => {
          if (event.key === 'Enter' && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
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

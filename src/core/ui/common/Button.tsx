import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'onDark';

/** The app's one button: primary (brand), secondary (outlined on light), onDark (outlined on the header). */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'md' | 'lg' }) {
  return <button type={type} className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')} {...rest} />;
}

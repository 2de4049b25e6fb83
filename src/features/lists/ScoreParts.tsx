import styles from './ScoreParts.module.css';

/** One piece of a row's score summary: a short label ("S2", "HT", "▲5") and, when it counts something, its score. */
export interface ScorePart {
  label: string;
  home?: number;
  away?: number;
  /** The long form for assistive technology and the tooltip ("Corners"), when the label is an abbreviation. */
  title?: string;
}

/** Score detail beside a row's main score, drawn the same way for every sport plugin. */
export function ScoreParts({ parts }: { parts: readonly ScorePart[] }) {
  if (parts.length === 0) return null;
  return (
    <span className={styles.summary} data-score-summary>
      {parts.map((part) => (
        <span key={part.label} className={styles.part}>
          {part.title ? (
            <abbr className={styles.period} title={part.title}>
              {part.label}
            </abbr>
          ) : (
            <span className={styles.period}>{part.label}</span>
          )}
          {part.home !== undefined && (
            <span className={styles.points}>
              {part.home}-{part.away}
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

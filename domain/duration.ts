// Kept apart from dates.ts so live clocks do not pull moment-timezone into the list's bundle.
/**
 * "mm:ss" for a match clock or duration. Minutes do not roll into hours (95
 * min 7 s is "95:07"); fractions of a second are dropped; a negative or
 * non-finite input shows "00:00".
 */
export function formatDuration(seconds: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '00:00';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

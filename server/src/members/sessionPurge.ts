import type { AuthService } from './auth';

/**
 * Deletes expired sessions every `everyMs` (real time; what counts as expired is the platform clock's business), so
 * they do not pile up for ever. Returns the function that stops it. The timer does not keep the process alive.
 */
export function startSessionPurge({
  auth,
  everyMs,
  onError,
}: {
  auth: Pick<AuthService, 'purgeExpiredSessions'>;
  everyMs: number;
  onError: (error: unknown) => void;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    // A slow database must not stack purges on top of each other.
    if (running) return;
    running = true;
    auth
      .purgeExpiredSessions()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

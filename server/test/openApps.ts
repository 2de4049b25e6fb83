/**
 * Every platform a test file built that is still open, and the builds still running (buildTestApp keeps these).
 * A set-up that times out on a busy machine leaves its build running: when it finishes later it would listen on a
 * port nobody closes, and jest, running in band, would never exit (issue 12). server/test/setup.ts closes them all
 * after each file. Kept apart from helpers.ts so the setup file does not load the platform for unit tests.
 */
export interface Closable {
  close(): Promise<unknown>;
}

export const openApps = new Set<Closable>();
export const pendingBuilds = new Set<Promise<unknown>>();
let tearingDown = false;

/** True once the file's tests are over: a build still running closes itself at its next step. */
export const isTearingDown = () => tearingDown;

/** Closes every platform of this test file still open, waiting for builds in flight; later builds close at once. */
export async function closeTestApps(): Promise<void> {
  tearingDown = true;
  await Promise.allSettled([...pendingBuilds]);
  await Promise.allSettled([...openApps].map((app) => app.close()));
}

/**
 * The world the end-to-end suite runs in (issue 27): one seed and one simulated instant, so every run starts the same
 * world with the same "today", and a frozen feed (FEED_SPEED 0) that moves only when a test's control moves its own
 * match. playwright.config.ts starts the platform with these; server/test/worldContract.test.ts builds the same world
 * in-process and checks what the e2e tests take for granted, so a feed change that breaks a precondition fails there in
 * seconds rather than as a browser test's timeout.
 */
export const E2E_WORLD = {
  seed: 7,
  /** Noon in Shanghai (the platform's calendar day), a Wednesday: half of "today" still to play. */
  epoch: '2026-06-03T04:00:00Z',
} as const;

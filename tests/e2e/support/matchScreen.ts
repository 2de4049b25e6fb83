import type { Locator, Page } from '@playwright/test';
import type { ClaimedMatch, TestMember } from '../../../contract/testControls';
import { app } from './betting';
import { expect, openApp, type Locale } from './world';

/**
 * Helpers of the match screen's tests (tests/e2e/match/, tests/e2e/sports/): a claimed match's screen opened by its
 * address, its scoreboard, media stage and panels, and a video seen playing.
 */

/** The host's name for a language in the claimed match's names (ClaimedMatch.home...). */
const NAME_KEY = { 'zh-CN': 'CMN', 'zh-TW': 'zh-TW', en: 'ENG', vi: 'VIE', th: 'THA' } as const satisfies Record<Locale, string>;

/** "Home – Away" as the app titles a match (its row's label, its screen's heading), in `locale`. */
export function matchTitle(match: ClaimedMatch, locale: Locale = 'en'): string {
  const key = NAME_KEY[locale];
  return `${match.home[key]} – ${match.away?.[key]}`;
}

/** The match screen's scoreboard (found by its attribute: its name is in the page's language). */
export const scoreboard = (page: Page) => app(page).locator('section[data-scoreboard]');
/** The match screen's media stage (video, animation), in English. */
export const mediaStage = (page: Page) => app(page).getByRole('region', { name: 'Live video and animation' });
/** The panel under the match screen's section tabs (All markets, Data, Line-ups...). */
export const matchPanel = (page: Page) => app(page).locator('#sp-match-panel');
/** The price buttons that can be clicked now. */
export const openPrices = (scope: Locator) => scope.locator('button[data-odd]:not([disabled])');

/** Opens the app standalone on a match's screen (?matchId=) and waits for that match's scoreboard. */
export async function openMatch(page: Page, matchId: number, options: { member?: TestMember; locale?: Locale; query?: string } = {}) {
  const query = [options.query, `matchId=${matchId}`].filter(Boolean).join('&');
  await openApp(page, { ...options, query });
  await expect(app(page).locator(`section[data-match-id="${matchId}"]`)).toBeVisible();
  await expect(scoreboard(page)).toBeVisible();
}

/** The scoreboard's main score as it reads on screen ("2 - 1"). */
export const scoreText = (state: { score: { home: number; away: number } }) => `${state.score.home} - ${state.score.away}`;

/** Playback position of the stage's video element (0 while none shows). */
const videoTime = (stage: Locator) =>
  stage
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.currentTime)
    .catch(() => 0);

/**
 * The stage's video plays: its position passes half a second, then moves on by more than a second. The platform
 * starts a line's encoder when its first viewer comes (docs/operations.md), so the first frames take some seconds.
 */
export async function expectPlaying(stage: Locator) {
  await expect.poll(() => videoTime(stage), { timeout: 30_000, message: 'the video starts' }).toBeGreaterThan(0.5);
  const start = await videoTime(stage);
  await expect.poll(() => videoTime(stage), { timeout: 15_000, message: 'the video keeps playing' }).toBeGreaterThan(start + 1);
}


import type { APIRequestContext, Page } from '@playwright/test';
import { ECONOMY_PATHS, type OperatorEvent, type OperatorStartEventRequest } from '../../../contract/economy';
import { OPERATOR_TOKEN_HEADER } from '../../../contract/forehead';
import {
  TEST_CONTROL_PATHS,
  type ClaimedMatch,
  type ClaimedRoom,
  type ClaimMatchRequest,
  type ClaimRoomRequest,
  type ClockNow,
  type FinishedEvent,
  type MarketSet,
  type PlayMatchRequest,
  type Played,
  type PlayTarget,
  type SetMarketRequest,
  type TestMember,
  type TestMemberRequest,
} from '../../../contract/testControls';
import { expect, test as base } from './cspGuard';
import { appReady } from './fixtures';

/** The e2e platform's operator token (playwright.config.ts sets OPERATOR_TOKEN): the test controls need it. */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret';

/**
 * The world a test sets up for itself (issue 27), through the platform's test controls (docs/api.md "Test controls"):
 * its own members, its own match or room, and the steps that move them. The feed stands still otherwise (FEED_SPEED 0),
 * so nothing changes under a test unless it asks, and no other test moves what it claimed.
 */
export interface World {
  /** A fresh member, signed in (default 10,000.00 CNY and 500.00 coins). */
  member(options?: TestMemberRequest): Promise<TestMember>;
  /** A match no other test gets: in play by default (kicked off now if need be), or from the list asked for. */
  match(options: ClaimMatchRequest): Promise<ClaimedMatch>;
  /** A live room of the test's own (no scheduled events), on a match of its own. */
  room(options?: ClaimRoomRequest): Promise<ClaimedRoom>;
  /** Plays a claimed match to a point; answers once its bets, pushes and room events are handled. */
  play(matchId: number, to: PlayTarget, more?: Omit<PlayMatchRequest, 'matchId' | 'to'>): Promise<Played>;
  /** Sets a market's odds or suspends it, through the feed's own push path. */
  setMarket(body: SetMarketRequest): Promise<MarketSet>;
  /** Starts a rain or a lottery in a room, as an operator does (the operator route). */
  startEvent(body: OperatorStartEventRequest): Promise<OperatorEvent>;
  /** Finishes a room event now: a lottery drawn, a rain closed. */
  finishEvent(recordId: number): Promise<FinishedEvent>;
  /** Moves the whole simulated clock (only for tests about time windows, in a project run alone). */
  advanceClock(ms: number): Promise<ClockNow>;
}

export function worldOf(request: APIRequestContext): World {
  const control = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers: { [OPERATOR_TOKEN_HEADER]: E2E_OPERATOR_TOKEN }, data });
    const body = (await response.json()) as { code: number; msg: string; data: T };
    expect(response.status(), `${url} ${JSON.stringify(data)}: ${body.msg}`).toBe(200);
    return body.data;
  };
  return {
    member: (options = {}) => control(TEST_CONTROL_PATHS.members, options),
    match: (options) => control(TEST_CONTROL_PATHS.claimMatch, options),
    room: (options = {}) => control(TEST_CONTROL_PATHS.claimRoom, options),
    play: (matchId, to, more = {}) => control(TEST_CONTROL_PATHS.playMatch, { matchId, to, ...more }),
    setMarket: (body) => control(TEST_CONTROL_PATHS.setMarket, body),
    startEvent: (body) => control(ECONOMY_PATHS.operatorStartEvent, body),
    finishEvent: (recordId) => control(TEST_CONTROL_PATHS.finishEvent, { recordId }),
    advanceClock: (ms) => control(TEST_CONTROL_PATHS.advanceClock, { ms }),
  };
}

/** The files of a live stream (a match line's or an anchor room's HLS playlist and segments, or its FLV). */
const STREAM_FILE = /\/media\/(?:live|anchor)\/.+\.(?:m3u8|ts|flv)(?:\?.*)?$/;

/**
 * `test` with the world fixture (and the CSP guard every test has). A page's live streams are refused unless the test
 * asks for them (`test.use({ streams: true })`): each stream starts an ffmpeg encoder on the platform, which keeps it
 * 30 s after the last viewer and runs at most media.maxEncoders at once, so the match screens that every sport's smoke
 * test and the layout check open would otherwise take the encoders (and much of the CPU) from the tests that watch a
 * stream play. A refused stream shows the player's own "failed to play" notice, as for a viewer whose line dropped.
 */
export const test = base.extend<{ world: World; streams: boolean }>({
  streams: [false, { option: true }],
  page: async ({ page, streams }, use) => {
    if (!streams) await page.route(STREAM_FILE, (route) => route.abort('blockedbyclient'));
    await use(page);
  },
  world: async ({ request }, use) => use(worldOf(request)),
});
export { expect };

/** The app's languages as the app stores them and the host names them. */
const HOST_LANGUAGE = { 'zh-CN': 'CMN', 'zh-TW': 'zh-TW', en: 'ENG', vi: 'VIE', th: 'THA' } as const;
export type Locale = keyof typeof HOST_LANGUAGE;

/** The app (and the demo host) open in `locale` on the page's first load; later changes are the test's. */
export async function startIn(page: Page, locale: Locale = 'en') {
  await page.addInitScript(
    ({ lng, host }) => {
      if (sessionStorage.getItem('e2e:locale-set')) return;
      localStorage.setItem('demo-host:language', host);
      localStorage.setItem('sport-pc:default:locale', JSON.stringify(lng));
      localStorage.setItem('sport-pc:demo:locale', JSON.stringify(lng));
      sessionStorage.setItem('e2e:locale-set', '1');
    },
    { lng: locale, host: HOST_LANGUAGE[locale] },
  );
}

/**
 * Opens the demo host at /newSport (with `query`, e.g. "roomId=8101") with `member` signed in: the host keeps its
 * session token (demo-host:token) and restores it on load, as after a member's own sign-in and a reload. The login box
 * itself is tested once (shell/host.spec.ts).
 */
export async function onHostAs(page: Page, member: TestMember, { query = '', locale = 'en' as Locale } = {}) {
  await startIn(page, locale);
  // Once per member and tab: a reload keeps whatever the test did since (signed out, say); a later member's own script
  // (the same page signed in as someone else) sets theirs.
  await page.addInitScript((token) => {
    const key = `e2e:token-set:${token}`;
    if (!sessionStorage.getItem(key)) {
      localStorage.setItem('demo-host:token', token);
      sessionStorage.setItem(key, '1');
    }
  }, member.token);
  await page.goto(`/newSport${query ? `?${query}` : ''}`);
  await appReady(page);
  await expect(page.getByTestId('host-balance')).toHaveText(/^[A-Z]+ [\d,]+\.\d{2}$/);
}

/** Opens the app standalone (`query` e.g. "matchId=123"), signed in through a link's token when a member is given. */
export async function openApp(page: Page, { member, query = '', locale = 'en' as Locale }: { member?: TestMember; query?: string; locale?: Locale } = {}) {
  await startIn(page, locale);
  const params = [member ? `token=${member.token}` : '', query].filter(Boolean).join('&');
  await page.goto(`/spa/sport-pc/${params ? `?${params}` : ''}`);
  await appReady(page);
}

/**
 * Records the channels the page's push client subscribes to (its `sub` frames, docs/api.md "Push"); call it before the
 * page opens. A push published before the platform has the page's subscription never reaches the page, and the app
 * subscribes a moment after it shows a match (it batches subscriptions, one frame a second at most): a test that
 * moves the world for the page to see waits with the answered function until the page listens.
 */
export function recordSubscriptions(page: Page): (channel: string) => Promise<void> {
  const channels = new Set<string>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      let frame: { cmd?: unknown; channels?: unknown } = {};
      try {
        frame = JSON.parse(String(payload)) as typeof frame;
      } catch {
        return;
      }
      if (frame.cmd === 'sub' && Array.isArray(frame.channels)) for (const channel of frame.channels) channels.add(String(channel));
    });
  });
  return (channel) => expect.poll(() => channels.has(channel), { message: `the page subscribes to ${channel}` }).toBe(true);
}

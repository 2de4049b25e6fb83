import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BANKER_PATHS, EXPERTS_PATHS, SERVICE_NEWS_PATHS } from '../../contract/paths';
import { EDIT_BET_PATHS } from '../../contract/editBet';
import { ECONOMY_PATHS } from '../../contract/economyCodes';
import { LIVE_ROOM_PATHS } from '../../contract/paths';
import { BETTING_PATHS, CASH_OUT_PATHS, CHAT_PATHS, FOREHEAD_PATHS, MATCH_PATHS, MEDIA_PATHS, SETTINGS_PATHS } from '../../contract/paths';
import { RESULT_PATHS } from '../../contract/resultCodes';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Every path the app calls is written once, in the contract (scripts/boundaries/routePaths.test.ts keeps other path
 * literals out of src/), and each of them is a route of the platform: a call the app makes cannot go to a path nobody
 * serves. Paths that are not HTTP routes of the platform are named with why.
 */
const NOT_PLATFORM_ROUTES: Readonly<Record<string, string>> = {
  [CHAT_PATHS.reportHostAdd]: "the chat host's report path (spec 001 section 7), on the chat service's own origin",
  [CHAT_PATHS.socket]: 'the chat websocket, not an HTTP route',
};

/** Paths the app appends a file name to: the route is the path with that parameter. */
const FILE_PREFIXES: ReadonlySet<string> = new Set([CHAT_PATHS.file, ECONOMY_PATHS.giftIcon]);

const MAPS = { BETTING_PATHS, CASH_OUT_PATHS, MATCH_PATHS, FOREHEAD_PATHS, MEDIA_PATHS, CHAT_PATHS, SETTINGS_PATHS, LIVE_ROOM_PATHS, EXPERTS_PATHS, BANKER_PATHS, SERVICE_NEWS_PATHS, EDIT_BET_PATHS, ECONOMY_PATHS, RESULT_PATHS };

const paths = Object.entries(MAPS).flatMap(([map, entries]) =>
  Object.entries(entries as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, path]) => ({ name: `${map}.${key}`, path })),
);

describe('the contract\'s paths are the platform\'s routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ sharedFeed: true });
  });
  afterAll(async () => t?.app.close());

  it('lists a good number of paths (a map left out of this test would be a map nobody checks)', () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  it.each(paths.filter(({ path }) => !(path in NOT_PLATFORM_ROUTES)))('$name ($path) is served', ({ path }) => {
    const route = FILE_PREFIXES.has(path) ? `${path}/:file` : path;
    const served = ['POST', 'GET'].some((method) => t.app.hasRoute({ method: method as 'POST' | 'GET', url: route }));
    expect({ path, served }).toEqual({ path, served: true });
  });
});

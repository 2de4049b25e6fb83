import { expect, test } from '../support/cspGuard';
import { appReady } from '../support/fixtures';

/**
 * The match tracker at football's half-time (issue 13: its clock read 46'): the period's name in the member's
 * language and no running minute, the half-time event at HT. The feed runs at FEED_SPEED, so some in-play match
 * reaches half-time within a minute or two.
 */
test('the tracker shows half-time as half-time, not a minute', async ({ page, request }) => {
  test.setTimeout(180_000);
  let matchId: number | undefined;
  // A match seen going from the 1st half (period 1) into half-time (2) between two polls a second apart: the whole
  // break (about 45 s at the tests' feed speed) is still ahead, time enough to open it.
  const lastPeriod = new Map<number, number>();
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/match/getList', { data: { type: 1, sportId: 1, current: 1, size: 50 } });
        const records = ((await answer.json()) as { data: { records: Array<{ matchId: number; media: { animation: string | null }; matchInfo: { period: number } }> } }).data.records;
        matchId = records.find((m) => m.media.animation && m.matchInfo.period === 2 && lastPeriod.get(m.matchId) === 1)?.matchId;
        for (const m of records) lastPeriod.set(m.matchId, m.matchInfo.period);
        return matchId;
      },
      { timeout: 150_000, intervals: [1_000], message: 'a football match at half-time' },
    )
    .toBeDefined();
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
  await appReady(page);
  const stage = page.getByRole('region', { name: 'Live video and animation' });
  await stage.getByRole('button', { name: 'Animation' }).click();
  const tracker = stage.locator('[data-animation="live"]');
  await expect(tracker).toContainText('Half Time');
  await expect(tracker.locator('[data-clock]')).toHaveCount(0);
  const timeline = tracker.getByRole('region', { name: 'Match events, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('HT');
  await expect(timeline).not.toContainText("46'");
  await stage.screenshot({ path: test.info().outputPath('tracker-half-time.png'), animations: 'disabled' });
});

import { app, clickInRow, rowOf, signInOnHost } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Anchor badges on match rows (spec 001: anchor search every 20 s; exclusive and agent rooms only for members whose
 * special rooms include them), on matches and rooms of the test's own.
 */
test('a member without the special room sees the normal anchor on a match; the member with it sees the exclusive one too', async ({ page, world }) => {
  // Two members sign in on the host in turn, each finding the row in the whole in-play list, and an axe scan.
  test.setTimeout(60_000);
  const match = await world.match({ sportId: 1, minVideoLines: 1 });
  const normal = await world.room({ matchId: match.matchId });
  const exclusive = await world.room({ matchId: match.matchId, type: 'exclusive', hostLanguage: 'cantonese' });
  const member = await world.member({ specialRooms: [exclusive.liveRoomId] });
  const other = await world.member();
  const inPlay = `list=1&sport=${match.sportId}`;

  await signInOnHost(page, other, { query: inPlay });
  const badge = (await rowOf(page, match.matchId)).getByRole('link', { name: /anchor/i });
  await expect(badge).toHaveAttribute('aria-label', new RegExp(normal.hostName));
  await expect(badge).not.toHaveAttribute('aria-label', new RegExp(exclusive.hostName));
  await expect(badge).toHaveAttribute('data-anchors', '1');

  await signInOnHost(page, member, { query: inPlay });
  const theirs = (await rowOf(page, match.matchId)).getByRole('link', { name: /anchor/i });
  await expect(theirs).toHaveAttribute('aria-label', new RegExp(`${exclusive.hostName} \\(Cantonese, live\\)`));
  await expect(theirs).toHaveAttribute('aria-label', new RegExp(`${normal.hostName} \\(Mandarin, live\\)`));
  await expect(theirs).toHaveAttribute('data-live', 'true');
  await expect(theirs).toHaveAttribute('data-anchors', '2');
  await expectAccessible(page);
  await shot(page, 'anchors-list.png');

  // The exclusive room itself opens for the member.
  await clickInRow(page, match.matchId, (row) => row.getByRole('link', { name: /anchor/i }));
  await expect(page).toHaveURL(/[?&]roomId=\d+/);
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible();
});

test('a visitor sees no badge on a match without anchors, a live one on a room\'s match, and a waiting one before kick-off', async ({ page, world }) => {
  const bare = await world.match({ sportId: 1 });
  const live = await world.room();
  const hidden = await world.room({ matchId: live.match.matchId, type: 'exclusive' });
  const waiting = await world.room({ living: false });
  await openApp(page, { query: `list=1&sport=1` });
  await expect((await rowOf(page, bare.matchId)).getByRole('link', { name: /anchor/i })).toHaveCount(0);
  const badge = (await rowOf(page, live.match.matchId)).getByRole('link', { name: /anchor/i });
  await expect(badge).toHaveAttribute('aria-label', new RegExp(`${live.hostName} \\(Mandarin, live\\)`));
  await expect(badge).not.toHaveAttribute('aria-label', new RegExp(hidden.hostName));

  await page.goto(`/spa/sport-pc/?list=2&sport=${waiting.match.sportId}`);
  const soon = (await rowOf(page, waiting.match.matchId)).getByRole('link', { name: /anchor/i });
  await expect(soon).toHaveAttribute('data-live', 'false');
  await expect(soon).toHaveAttribute('aria-label', new RegExp(`${waiting.hostName} \\(Mandarin, starting soon\\)`));
});

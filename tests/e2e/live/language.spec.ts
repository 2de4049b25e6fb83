import { ECONOMY_PATHS } from '../../../contract/economy';
import { app } from '../support/betting';
import { expect, onHostAs, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Issue 28: a language switch (here the host's, without a reload) rewords what was on screen, including what the
 * platform said: the chat's gift line is data the app words in the viewer's language, and the right column's live
 * video list is asked for again in the new language. Nothing of the language the page opened with stays there.
 */
test("a switch of language rewords the chat's gift line and the live video list, leaving no English behind", async ({ page, world }) => {
  const room = await world.room();
  const member = await world.member();
  // The gift goes in before the page opens, so the line comes with the room's history (no wait on the fan-out).
  const present = await page.request.post(ECONOMY_PATHS.giftPresent, {
    headers: { authorization: member.token },
    data: { roomId: room.liveRoomId, hostId: room.hostId, giftId: 1, count: 2 },
  });
  expect(present.ok(), await present.text()).toBe(true);

  // The right column's list of live matches with video, on home (in a live room the column plays nothing: one video
  // on the page, issue 31): the room's own match has video.
  await onHostAs(page, member);
  const liveVideo = app(page).locator('section[aria-labelledby="sp-live-title"]');
  const picks = liveVideo.locator('button');
  await expect(picks.first()).toBeVisible();
  const english = (await picks.locator('span').allTextContents()).flatMap((text) => text.split(' – ')).filter((name) => /[A-Za-z]{3}/.test(name));
  expect(english.length).toBeGreaterThan(0);
  await shot(page, 'language-before.png');

  // Into the room through the live lobby, without a reload.
  await app(page).getByRole('navigation').getByRole('button', { name: 'Live rooms', exact: true }).click();
  await app(page).locator(`article[data-room-id="${room.liveRoomId}"]`).getByRole('link').click();
  await expect(app(page).getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  // Found by role and mark, which stay the same in every language.
  const giftLine = app(page).locator('[role="log"] li[data-notice="gift"]');
  await expect(giftLine).toHaveText(`Activity ${member.nickname} sent Rose × 2`);

  await page.getByTestId('host-language').selectOption('CMN');
  await expect(app(page).getByRole('heading', { name: '投注单' })).toBeVisible();
  await expect(giftLine).toHaveText(`活动 ${member.nickname} 送出 玫瑰 × 2`);
  await expect(app(page).getByRole('log')).not.toContainText(/\b(sent|Rose|Activity)\b/);
  await shot(app(page).locator('[role="log"]'), 'language-after-chat.png');
  // Back from the room: every name the list showed in English is gone, the list came again in Chinese.
  await app(page).getByRole('button', { name: '返回' }).click();
  await expect(picks.first()).toBeVisible();
  for (const name of english) await expect(liveVideo).not.toContainText(name);
  await shot(page, 'language-after.png');
});

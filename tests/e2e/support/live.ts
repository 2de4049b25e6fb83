import type { APIRequestContext } from '@playwright/test';
import { expect } from './cspGuard';
import { AnchorType, LiveStatus, type Anchor } from '../../../src/domain/anchors';

/** A normal room on air (a visitor sees it), preferring the earliest period so the match outlasts the test. */
export async function liveRoom(request: APIRequestContext): Promise<Anchor> {
  let found: Anchor | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/ssapi/anchor/search?matchSource=inplay');
        const rooms = ((await response.json()) as { data: Anchor[] }).data;
        found = rooms.filter((a) => a.anchorType === AnchorType.Normal && a.liveStatus === LiveStatus.Living).sort((a, b) => a.match.half - b.match.half)[0];
        return found !== undefined;
      },
      { timeout: 60_000, message: 'an anchor is on air' },
    )
    .toBe(true);
  return found!;
}


import type { ComponentType } from 'react';
import { createExtensionPoint } from '../../kernel/extensionPoint';

/**
 * The live room's extension points: its tabs that other features fill (first-bet coverage, chat, program, the anchor
 * tab's follow and booking) and the layer over its stage (barrage, red envelopes, gift tips). Declared here, by the
 * screen that owns the places, so the kernel knows none of them.
 */

/** The room an extension draws for. */
export interface LiveRoomProps {
  liveRoomId: number;
  matchId: number;
  /** Scheme A, as the match lists and the slip number sports. */
  sportId: number;
  /** The room's anchor. */
  hostId: number;
  /**
   * An extension moved the member's money or coins (a gift, a conversion, a prize): the app fetches the balances again
   * and hands them to the host (onBalanceChange). A prop rather than a service, so it costs the initial bundle nothing.
   */
  moneyMoved(): void;
  /** A visitor asked for something a member does (sending a gift, grabbing an envelope): the host's or the app's sign-in. */
  signIn(): void;
}

/**
 * Tabs an extension fills (spec 001 section 2: bet, first-bet coverage, chat, program, data and anchor). The room draws
 * bet, first-bet coverage, chat and data itself; program exists only while an enabled extension fills it; the anchor tab
 * (CMN only) shows the anchor's profile, follow, booking and other rooms, with its extensions' sections under them.
 */
export type LiveRoomTabId = 'program' | 'anchor';

export interface LiveRoomTabModule {
  /** The tab's content (for `anchor`, a section under the profile). */
  Panel: ComponentType<LiveRoomProps>;
}

export const liveRoomTabPoint = /*#__PURE__*/ createExtensionPoint<LiveRoomTabModule, { tab: LiveRoomTabId }, { tab: LiveRoomTabId }>({
  id: 'liveRoom.tab',
  accepts: (match, select) => match.tab === select.tab,
});

export interface LiveRoomOverlayModule {
  /** Drawn over the stage's picture, full size; the layer lets clicks through where the overlay draws nothing. */
  Overlay: ComponentType<LiveRoomProps>;
}

/** Everything over the room's stage; every enabled extension draws, in config order. */
export const liveRoomOverlayPoint = /*#__PURE__*/ createExtensionPoint<LiveRoomOverlayModule>({ id: 'liveRoom.overlay' });

export interface LiveRoomHeaderModule {
  /** Drawn in the room's header, after its facts (the member's coin balance, say). */
  Header: ComponentType<LiveRoomProps>;
}

/** The room's header; every enabled extension draws, in config order. */
export const liveRoomHeaderPoint = /*#__PURE__*/ createExtensionPoint<LiveRoomHeaderModule>({ id: 'liveRoom.header' });

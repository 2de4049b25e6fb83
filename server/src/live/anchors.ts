import { LiveStatus, type LiveStatusId } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import { sports } from '../config/pluginManifests';
import { MatchStatus, type FeedClock, type FeedViews, type Fixture, type Lang } from '../feed';
import { text, type Text } from '../feed/i18n';
import { seedOf } from '../feed/random';
import { Roster, type AnchorProfile } from './roster';

const { toScheme } = sports;

/** An anchor opens their room this long before kick-off (simulated time); the room waits until the match starts. */
export const ANCHOR_LEAD_MS = 30 * 60_000;
/** An ended room stays in the list this long (simulated time) before the anchor takes another match. */
export const ANCHOR_ENDED_MS = 10 * 60_000;
/** At most this many anchors cover one match. */
export const ANCHORS_PER_MATCH = 2;
/** Popularity moves in steps of the app's anchor loop (20 s), not on every request. */
const POPULARITY_STEP_MS = 20_000;

/** Which rooms a search answers (the spec's matchSource; docs/api.md). */
export type AnchorSource = 'all' | 'inplay' | 'prematch';

const LIST_TYPE_IN_PLAY = 1;
const LIST_TYPE_TODAY = 2;

const STATUS_TEXT: Readonly<Record<LiveStatusId, Text>> = {
  [LiveStatus.Waiting]: text('即将开播', '即將開播', 'Starting soon', 'Sắp phát', 'กำลังจะเริ่ม'),
  [LiveStatus.Living]: text('直播中', '直播中', 'Live', 'Đang phát', 'กำลังถ่ายทอด'),
  [LiveStatus.Ended]: text('已结束', '已結束', 'Ended', 'Đã kết thúc', 'จบแล้ว'),
};

const FINISHED: ReadonlySet<number> = new Set([MatchStatus.Ended, MatchStatus.Cancelled, MatchStatus.Postponed, MatchStatus.Abandoned]);

interface Booking {
  matchId: number;
  /** Simulated time the anchor went on the match (popularity grows from then). */
  since: number;
  /** Simulated time the match ended or left the lists; the room shows as ended until ANCHOR_ENDED_MS later. */
  endedAt?: number;
}

/**
 * The anchors' rooms and the matches they cover, driven by the feed: a free anchor takes one of the in-play matches
 * that kicked off last (or, failing those, one about to start) of a sport they cover, at most two anchors to a match,
 * picked deterministically from the feed's state so a seed replays the same schedule. The room waits before kick-off,
 * is live while the match is in play, shows as ended for a while after, and then the anchor moves on. State is in
 * memory: rooms are a broadcast schedule, not member data, and a restart simply books them again.
 */
export class AnchorDirectory {
  private readonly bookings = new Map<number, Booking>();
  private readonly bookedListeners = new Set<(matchId: number) => void>();
  private rounds = 0;

  constructor(
    private readonly feed: FeedClock & FeedViews,
    readonly roster: Roster = new Roster(),
  ) {}

  /**
   * Puts an anchor on a match now (a test's own room, TEST_CONTROLS): the room stays on that match until it ends, then
   * shows as ended like any other.
   */
  book(hostId: number, matchId: number): void {
    if (!this.roster.host(hostId)) throw new Error(`anchors: no anchor ${hostId}`);
    this.bookings.set(hostId, { matchId, since: this.feed.now() });
    this.booked(matchId);
  }

  /**
   * Calls `listener` with the match each time an anchor goes on one (the experts fill a room's program tab at once);
   * returns the unsubscribe function. Called inside reads that book free anchors: a listener only queues work.
   */
  onBooked(listener: (matchId: number) => void): () => void {
    this.bookedListeners.add(listener);
    return () => {
      this.bookedListeners.delete(listener);
    };
  }

  private booked(matchId: number): void {
    for (const listener of this.bookedListeners) listener(matchId);
  }

  /** Every room on a match, whatever its type: visibility is the caller's (isAnchorVisible). */
  rooms(source: AnchorSource, lang: Lang): Anchor[] {
    this.reconcile();
    const now = this.feed.now();
    const out: Anchor[] = [];
    for (const profile of this.roster.all()) {
      const booking = this.bookings.get(profile.hostId);
      if (!booking) continue;
      const fixture = this.feed.fixture(booking.matchId);
      const liveStatus = liveStatusOf(booking, fixture);
      if (source === 'inplay' && liveStatus !== LiveStatus.Living) continue;
      if (source === 'prematch' && liveStatus !== LiveStatus.Waiting) continue;
      out.push(this.anchorOf(profile, booking, liveStatus, fixture, lang, now));
    }
    return out;
  }

  /**
   * One room as `rooms('all')` shows it. A room whose anchor is on a match is read without booking the free anchors
   * (building the candidate matches for them is most of a full list's cost, and gifts and red envelopes ask for one
   * room on every request); otherwise the full reconcile decides.
   */
  room(liveRoomId: number, lang: Lang): Anchor | undefined {
    const profile = this.roster.room(liveRoomId);
    const booking = profile && this.bookings.get(profile.hostId);
    const now = this.feed.now();
    if (!profile || !booking || (booking.endedAt !== undefined && now - booking.endedAt >= ANCHOR_ENDED_MS)) {
      return this.rooms('all', lang).find((r) => r.liveRoomId === liveRoomId);
    }
    const fixture = this.feed.fixture(booking.matchId);
    endIfOver(booking, fixture, now);
    return this.anchorOf(profile, booking, liveStatusOf(booking, fixture), fixture, lang, now);
  }

  private anchorOf(profile: AnchorProfile, booking: Booking, liveStatus: LiveStatusId, fixture: Fixture | undefined, lang: Lang, now: number): Anchor {
    const sportA = fixture?.sportId ?? profile.sports[0] ?? 0;
    const sportId = toScheme(sportA, 'A', 'C') ?? 0;
    const view = liveStatus === LiveStatus.Living ? this.feed.match(booking.matchId, lang) : undefined;
    return {
      liveRoomId: profile.liveRoomId,
      matchId: booking.matchId,
      sportId,
      hostId: profile.hostId,
      hostName: profile.hostName,
      anchorType: profile.anchorType,
      liveUserGroupId: profile.liveUserGroupId,
      hostLanguage: profile.hostLanguage,
      liveStatus,
      sort: profile.sort,
      popularity: popularityOf(profile, booking, liveStatus, now),
      match: {
        matchType: liveStatus === LiveStatus.Waiting ? LIST_TYPE_TODAY : LIST_TYPE_IN_PLAY,
        liveStatus,
        half: view?.matchInfo.period ?? 0,
        sportId,
        liveStatusFormat: STATUS_TEXT[liveStatus][lang],
        matchStatusFormat: view?.matchInfo.matchPeriod ?? '',
      },
    };
  }

  /** Ends rooms whose match is over, frees anchors whose ended room has been shown long enough, books free anchors. */
  private reconcile(): void {
    const now = this.feed.now();
    for (const [hostId, booking] of this.bookings) {
      if (booking.endedAt !== undefined) {
        if (now - booking.endedAt >= ANCHOR_ENDED_MS) this.bookings.delete(hostId);
        continue;
      }
      endIfOver(booking, this.feed.fixture(booking.matchId), now);
    }

    const covered = new Map<number, number>();
    for (const booking of this.bookings.values()) {
      if (booking.endedAt === undefined) covered.set(booking.matchId, (covered.get(booking.matchId) ?? 0) + 1);
    }
    // The latest kick-offs in play first (the anchor stays for most of the match), then the next to start.
    const candidates = [
      ...byKickOff(this.feed.fixtures('inplay')).reverse(),
      ...byKickOff(this.feed.fixtures('today').filter((f) => f.beginTime - now <= ANCHOR_LEAD_MS)),
    ];
    for (const profile of this.roster.all()) {
      if (this.bookings.has(profile.hostId)) continue;
      const open = candidates.filter((f) => profile.sports.includes(f.sportId) && (covered.get(f.matchId) ?? 0) < ANCHORS_PER_MATCH);
      if (open.length === 0) continue;
      // One of the first three, so anchors spread over the top matches instead of all taking the same one.
      const pick = open[seedOf(profile.hostId, this.rounds++) % Math.min(3, open.length)] as Fixture;
      this.bookings.set(profile.hostId, { matchId: pick.matchId, since: now });
      covered.set(pick.matchId, (covered.get(pick.matchId) ?? 0) + 1);
      this.booked(pick.matchId);
    }
  }
}

/** A booking's room ends when its match is over or gone from the feed. */
function endIfOver(booking: Booking, fixture: Fixture | undefined, now: number): void {
  if (booking.endedAt === undefined && (!fixture || FINISHED.has(fixture.matchStatus))) booking.endedAt = now;
}

function liveStatusOf(booking: Booking, fixture: Fixture | undefined): LiveStatusId {
  return booking.endedAt !== undefined ? LiveStatus.Ended : fixture?.inPlay ? LiveStatus.Living : LiveStatus.Waiting;
}

/** Earliest kick-off first, then by id, so picks are repeatable. */
function byKickOff(fixtures: Fixture[]): Fixture[] {
  return fixtures.sort((a, b) => a.beginTime - b.beginTime || a.matchId - b.matchId);
}

/** Viewers: a tenth of the anchor's following while waiting; growing with minutes on air, with a small swing. */
function popularityOf(profile: AnchorProfile, booking: Booking, liveStatus: LiveStatusId, now: number): number {
  const base = profile.basePopularity;
  if (liveStatus === LiveStatus.Waiting) return Math.round(base / 10);
  const minutes = Math.max(0, Math.floor(((booking.endedAt ?? now) - booking.since) / 60_000));
  const swing = seedOf(profile.hostId, Math.floor(now / POPULARITY_STEP_MS)) % Math.max(1, Math.round(base / 50));
  return base + minutes * Math.round(base / 400) + swing;
}

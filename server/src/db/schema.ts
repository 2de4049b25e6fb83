import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Every table of the platform, in one place. Conventions that keep a later PostgreSQL switch a
 * dialect change: timestamps are epoch milliseconds in integer (bigint) columns, money is integer
 * minor units (hundredths), exact rates are decimal strings in text columns, booleans are 0/1.
 */
export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  wallets: WalletsTable;
  exchange_rates: ExchangeRatesTable;
  ledger: LedgerTable;
  member_settings: MemberSettingsTable;
  match_results: MatchResultsTable;
  orders: OrdersTable;
  order_legs: OrderLegsTable;
  leg_snapshots: LegSnapshotsTable;
  bet_requests: BetRequestsTable;
  cash_outs: CashOutsTable;
  auto_cash_outs: AutoCashOutsTable;
  reservations: ReservationsTable;
  special_rooms: SpecialRoomsTable;
  live_follows: LiveFollowsTable;
  live_bookings: LiveBookingsTable;
  live_watches: LiveWatchesTable;
  member_titles: MemberTitlesTable;
  first_bet_covers: FirstBetCoversTable;
  chat_messages: ChatMessagesTable;
  chat_tokens: ChatTokensTable;
  chat_bans: ChatBansTable;
  chat_rooms: ChatRoomsTable;
  chat_reports: ChatReportsTable;
  chat_images: ChatImagesTable;
  app_log: AppLogTable;
}

export interface MembersTable {
  id: Generated<number>;
  /** Unique; sign-in compares it exactly. */
  username: string;
  /** scrypt, self-describing: see members/password.ts. */
  password_hash: string;
  nickname: string;
  /** The member's default currency: the balance marked isDefault and the unit of totalBalance. */
  currency: string;
  /** V0 to V10 in the spec. */
  vip_level: number;
  /** The user live group (spec 001 section 3): a positive id, or 0 for none. */
  live_group_id: Generated<number>;
  /** Whether the member is a user or an agent of their live group; an agent moderates their group's rooms. */
  live_group_user_type: Generated<'user' | 'agent'>;
  /**
   * The merchant (config/merchants/<id>.json) the member belongs to: its config decides which sports the member may bet
   * on. Null: the default merchant (config/app.json defaultMerchant).
   */
  merchant_id: string | null;
  /** The title worn beside the member's name in chat, if any. */
  worn_title_id: number | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * One row per member and asset. Coins are the asset 'COIN' rather than a separate table so that
 * coin movements (gifts, lotteries, the gold mall) share the ledger, the no-overdraft rule and the
 * one-transaction guarantee with money.
 */
export interface WalletsTable {
  member_id: number;
  /** A currency code (CNY, USD, ...) or 'COIN'. */
  asset: string;
  balance_minor: number;
  updated_at: number;
}

export interface ExchangeRatesTable {
  currency: string;
  /** CNY per one unit of the currency, as an exact decimal string. */
  rate_to_cny: string;
  updated_at: number;
}

/** Append-only: a wallet's balance always equals the sum of its ledger rows. */
export interface LedgerTable {
  id: Generated<number>;
  member_id: number;
  asset: string;
  /** Signed: credits positive, debits negative. */
  amount_minor: number;
  balance_after_minor: number;
  kind: string;
  /** What caused the movement (e.g. 'order' and its id); null for openings and adjustments. */
  ref_type: string | null;
  ref_id: string | null;
  created_at: number;
}

export interface MemberSettingsTable {
  member_id: number;
  /** The spec's user settings (UserConfig) as a JSON document. */
  json: string;
  updated_at: number;
}

/** Exclusive and agent live rooms a member may see (spec 001 "special rooms"). */
export interface SpecialRoomsTable {
  member_id: number;
  live_room_id: number;
  granted_at: number;
}

/** Events the app posted to its logging service (migration 0011); member and username are the session's, if any. */
export interface AppLogTable {
  id: Generated<number>;
  created_at: number;
  /** The browser's clock when it happened, as posted. */
  client_time: number;
  /** The client address it came from (rate limits are per address). */
  address: string;
  member_id: number | null;
  username: string | null;
  origin: string;
  level: string;
  event: string;
  message: string | null;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type Session = Selectable<SessionsTable>;
export type Wallet = Selectable<WalletsTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type MemberUpdate = Updateable<MembersTable>;

export interface MatchResultsTable {
  match_id: number;
  sport_id: number;
  league_id: number;
  begin_time: number;
  end_time: number;
  match_status: number;
  /** The feed's MatchResult, JSON. */
  result_json: string;
  created_at: number;
}

/**
 * An order: a single bet, or one series of a multiple bet (a parlay is the series of all its legs). Money in minor
 * units of `currency`; odds are decimal strings (the accumulator's product, or the series' seriesOdd).
 */
export interface OrdersTable {
  /** 19 digits: the creation time in ms and a sequence (the app matches ids on their first 15 characters). */
  id: string;
  member_id: number;
  /** The client's request id: a repeated request answers the orders it made instead of making new ones. */
  request_id: string;
  /** 1 single, 2 multiple. */
  bet_type: number;
  /** 0 for a single; for a multiple the series number N * 1000 + M (domain/series.ts). */
  series_number: number;
  /** Legs (matches) in the order. */
  item_count: number;
  /** Bets the unit stake is placed on. */
  bet_count: number;
  currency: string;
  /** CNY per unit of the currency when the order was placed. */
  exchange_rate: string;
  unit_stake_minor: number;
  /** unit stake x bet count: what was debited. */
  stake_minor: number;
  /** Stake still running after partial cash outs (the spec's remainingPrincipal). */
  remaining_stake_minor: number;
  odds: string;
  /** Gross return of the remaining stake if every leg wins. */
  max_win_minor: number;
  /** Odds-change acceptance: 0 none, 1 better, 2 any. */
  odds_change: number;
  /** Spec order status: 0 Created, 1 Confirming, 2 Rejected, 3 Canceled, 4 Confirmed, 5 Settled, 101 ReserveCashOut, 102 CashOut. */
  status: number;
  /** Spec bet result (0 until settled). */
  result: number;
  /** Gross return credited at settlement (cash-out payouts are separate). */
  payout_minor: number;
  cash_out_count: number;
  /** Stake cashed out so far. */
  cash_out_stake_minor: number;
  /** Paid out by cash outs so far. */
  cash_out_payout_minor: number;
  reject_type: number | null;
  reject_reason: string | null;
  is_in_play: number;
  /** Confirming orders: when the in-play delay ends and the price is checked again. */
  accept_at: number | null;
  reserve_id: string | null;
  created_at: number;
  confirmed_at: number | null;
  settled_at: number | null;
  cancelled_at: number | null;
  modified_at: number;
}

export interface OrderLegsTable {
  order_id: string;
  leg_no: number;
  match_id: number;
  sport_id: number;
  market_id: number;
  market_type: number;
  option_type: string;
  line: string | null;
  /** Decimal odds the leg was accepted at. */
  odds: string;
  /** The format the member saw (1 Europe, 2 Hong Kong, 3 Malay, 4 Indonesian). */
  odds_format: number;
  is_in_play: number;
  begin_time: number;
  /** The leg's snapshot in leg_snapshots (shared by every leg placed on the same content). */
  snapshot_hash: string;
  result: number;
  /** Final score of the settled period, "home:away". */
  result_score: string | null;
  settled_at: number | null;
}

/** What legs were placed on, stored once per distinct content and referenced by hash from order_legs. */
export interface LegSnapshotsTable {
  /** SHA-256 of market_json, a newline and names_json, base64url, first 22 characters. */
  hash: string;
  /** What settlement needs of the market (kind, period, unit, line, option types): ids may not survive a restart. */
  market_json: string;
  /** Names in every language (league, teams, market, option) for the history. */
  names_json: string;
}

export interface BetRequestsTable {
  member_id: number;
  request_id: string;
  /** JSON array of the order ids the request made. */
  order_ids: string;
  created_at: number;
}

export interface CashOutsTable {
  id: string;
  order_id: string;
  member_id: number;
  /** Stake cashed out. */
  stake_minor: number;
  payout_minor: number;
  /** 1 Confirming (in-play delay), 5 Settled (paid), 2 Rejected, 3 Canceled. */
  status: number;
  /** 1 when an auto cash-out rule made it. */
  auto: number;
  /** Failure reason code (betting/codes.ts CashOutFailure). */
  cancel_reason: number | null;
  accept_at: number | null;
  created_at: number;
  modified_at: number;
}

export interface AutoCashOutsTable {
  id: Generated<number>;
  order_id: string;
  member_id: number;
  /** Stake to cash out when it fires (the whole remaining stake or part of it). */
  stake_minor: number;
  /** Fires when the offer for that stake reaches this amount. */
  threshold_minor: number;
  /** 0 active, 1 fired, 2 cancelled, 3 failed. */
  status: number;
  cash_out_id: string | null;
  created_at: number;
  modified_at: number;
}

/** A pre-bet: a single bet placed by the platform when its option's odds reach `odds`. */
export interface ReservationsTable {
  id: string;
  member_id: number;
  currency: string;
  match_id: number;
  sport_id: number;
  market_id: number;
  market_type: number;
  option_type: string;
  line: string | null;
  /** Requested decimal odds. */
  odds: string;
  /** Odds when it was booked. */
  booked_odds: string;
  unit_stake_minor: number;
  is_in_play: number;
  begin_time: number;
  market_json: string;
  snapshot_json: string;
  /** 0 booked, 1 in progress (placed, order running), 2 settled, 3 cancelled, 4 no longer valid. */
  status: number;
  order_id: string | null;
  fail_reason: string | null;
  created_at: number;
  modified_at: number;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLegRow = Selectable<OrderLegsTable>;
export type LegSnapshotRow = Selectable<LegSnapshotsTable>;
export type CashOutRow = Selectable<CashOutsTable>;
export type AutoCashOutRow = Selectable<AutoCashOutsTable>;
export type ReservationRow = Selectable<ReservationsTable>;

/** Anchors a member follows (spec 001 live/subscribe). */
export interface LiveFollowsTable {
  member_id: number;
  host_id: number;
  created_at: number;
}

/** A member's booking of a room's next broadcast; noticed once when the room goes live. */
export interface LiveBookingsTable {
  id: Generated<number>;
  member_id: number;
  live_room_id: number;
  host_id: number;
  /** The match: the one the room waited for at booking, or the one it went live on; 0 until known. */
  match_id: number;
  /** The match the room was on (live or ended) at booking: going live on it again is not the broadcast booked. */
  skip_match_id: number;
  /** BookingStatus (contract/enums.ts): 0 booked, 1 notified, 2 cancelled. */
  status: number;
  created_at: number;
  modified_at: number;
}

/** Views that counted towards a room's popularity (one per member and room within the watch window). */
export interface LiveWatchesTable {
  id: Generated<number>;
  member_id: number;
  live_room_id: number;
  match_id: number;
  watched_at: number;
}

/** Titles a member obtained; a title once obtained is kept. */
export interface MemberTitlesTable {
  member_id: number;
  title_id: number;
  obtained_at: number;
}

/** A first-bet coverage offer a member joined in a room, for the match the room was on. */
export interface FirstBetCoversTable {
  id: Generated<number>;
  member_id: number;
  live_room_id: number;
  match_id: number;
  /** The member's currency at joining: the cap and the cover are in it. */
  currency: string;
  cap_minor: number;
  /** FirstBetCoverStatus (contract/enums.ts): 0 joined, 1 covered, 2 not covered, 3 lapsed. */
  status: number;
  /** The covered order once settled (the member's first single on the match after joining). */
  order_id: string | null;
  cover_minor: number;
  joined_at: number;
  modified_at: number;
}

export type FirstBetCoverRow = Selectable<FirstBetCoversTable>;
export type LiveBookingRow = Selectable<LiveBookingsTable>;

/** A chat message (migration 0009). Sender fields are copied at send time: history shows what the room saw. */
export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  /** contract ChatMessageKind. */
  kind: string;
  /** 0 for the platform's own messages (auto, act). */
  member_id: number;
  nickname: string;
  vip_level: number;
  title_id: number | null;
  /** 0 user, 1 agent of the room. */
  user_type: number;
  text: string;
  image_file: string | null;
  reply_to: number | null;
  /** The shared order as the spec's chat order history item (JSON), for order messages. */
  order_json: string | null;
  /** A platform message's contract ChatNotice (JSON), which the app words in each viewer's language. */
  notice_json: string | null;
  created_at: number;
  /** Set when an agent deleted it; history leaves it out. */
  deleted_at: number | null;
  deleted_by: number | null;
}

/** Chat tokens: SHA-256 of the token, as sessions; short-lived. */
export interface ChatTokensTable {
  token_hash: string;
  member_id: number;
  expires_at: number;
  /** The hash of the session token that asked for it (null: issued before migration 0019). */
  session_hash: string | null;
}

/** A mute: in one room (an agent's) or, with room_id 0, in every room. */
export interface ChatBansTable {
  id: Generated<number>;
  member_id: number;
  room_id: number;
  until: number;
  reason: string;
  created_by: number;
  created_at: number;
}

/** A room's chatBlock; a room without a row is open. */
export interface ChatRoomsTable {
  room_id: number;
  blocked: number;
  /** Slow mode: seconds a member waits between two messages in the room (0 off). */
  slow_seconds: Generated<number>;
  modified_by: number;
  modified_at: number;
}

export interface ChatReportsTable {
  id: Generated<number>;
  message_id: number;
  member_id: number;
  cate_id: number;
  remark: string;
  created_at: number;
}

/** An uploaded chat image; `file` is the name under DATA_DIR/chat-images. */
export interface ChatImagesTable {
  file: string;
  member_id: number;
  type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

// ---- Experts, comments and customer-service news (migration 0013_experts; docs/api.md "Experts, banker, banners,
// customer service"). Merged into Database here so the block stays self-contained. ----

export interface Database {
  expert_messages: ExpertMessagesTable;
  expert_picks: ExpertPicksTable;
  expert_message_reads: ExpertMessageReadsTable;
  expert_purchases: ExpertPurchasesTable;
  expert_follows: ExpertFollowsTable;
  expert_comments: ExpertCommentsTable;
  expert_comment_likes: ExpertCommentLikesTable;
  expert_comment_reports: ExpertCommentReportsTable;
  service_news: ServiceNewsTable;
  service_news_reads: ServiceNewsReadsTable;
  service_news_bubbles: ServiceNewsBubblesTable;
}

/** A program message an expert published; result 0 until its matches settle. */
export interface ExpertMessagesTable {
  id: Generated<number>;
  professor_id: number;
  betting_type: number;
  lead_match_id: number;
  sport_id: number;
  gold_price_minor: number;
  open_back_gold: number;
  return_percent: number;
  is_tripartite: number;
  content_json: string;
  tag_json: string;
  publish_time: number;
  read_count: Generated<number>;
  comment_count: Generated<number>;
  result: Generated<number>;
  yield_rate: string | null;
  settled_at: number | null;
}

/** One match of a message and the tip on it; outcome is the feed's BetResult once settled. */
export interface ExpertPicksTable {
  message_id: number;
  seq: number;
  match_id: number;
  sport_id: number;
  begin_time: number;
  names_json: string;
  market_id: number;
  market_kind: string;
  line: string | null;
  option_type: string;
  odds: string;
  outcome: number | null;
  home_score: number | null;
  away_score: number | null;
}

export interface ExpertMessageReadsTable {
  message_id: number;
  member_id: number;
  read_at: number;
}

export interface ExpertPurchasesTable {
  id: Generated<number>;
  message_id: number;
  member_id: number;
  price_minor: number;
  paid_at: number;
  refund_minor: Generated<number>;
  refunded_at: number | null;
}

export interface ExpertFollowsTable {
  member_id: number;
  professor_id: number;
  created_at: number;
}

export interface ExpertCommentsTable {
  id: Generated<number>;
  message_id: number;
  member_id: number;
  parent_id: number;
  reply_to_id: number | null;
  content: string;
  like_count: Generated<number>;
  created_at: number;
}

export interface ExpertCommentLikesTable {
  comment_id: number;
  member_id: number;
  created_at: number;
}

export interface ExpertCommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  member_id: number;
  cate_id: number;
  remark: string;
  created_at: number;
}

/** A customer-service news item: member_id 0 for a notice to everyone. */
export interface ServiceNewsTable {
  id: Generated<number>;
  member_id: number;
  kind: number;
  news_key: string;
  params_json: string;
  publish_time: number;
}

export interface ServiceNewsReadsTable {
  news_id: number;
  member_id: number;
  read_at: number;
}

export interface ServiceNewsBubblesTable {
  member_id: number;
  closed_at: number;
}

// ---- Coins, gifts and room events (issue 16, migration 0012_economy) ----

// Declaration merging adds the economy's tables to Database without touching the list above.
export interface Database {
  coin_transfers: CoinTransfersTable;
  coin_daily_usage: CoinDailyUsageTable;
  gift_presents: GiftPresentsTable;
  anchor_gift_tallies: AnchorGiftTalliesTable;
  live_events: LiveEventsTable;
  live_event_entries: LiveEventEntriesTable;
  red_envelopes: RedEnvelopesTable;
  live_event_winners: LiveEventWinnersTable;
  member_coupons: MemberCouponsTable;
}

/** A conversion of main balance to coins; pending until the money moved (succeeded) or did not (failed). */
export interface CoinTransfersTable {
  id: Generated<number>;
  member_id: number;
  currency: string;
  amount_minor: number;
  coins_minor: number;
  /** Coins per unit of the currency, a decimal string. */
  rate: string;
  status: 'pending' | 'failed' | 'succeeded';
  fail_reason: 'insufficientBalance' | 'noRate' | 'interrupted' | null;
  created_at: number;
  modified_at: number;
}

/** Coins a member spent on gifts and received from red envelopes on one UTC day (days since the epoch). */
export interface CoinDailyUsageTable {
  member_id: number;
  day: number;
  spent_minor: Generated<number>;
  received_minor: Generated<number>;
}

export interface GiftPresentsTable {
  id: Generated<number>;
  member_id: number;
  room_id: number;
  host_id: number;
  match_id: number;
  gift_id: number;
  count: number;
  total_minor: number;
  created_at: number;
}

/** Coins of gifts an anchor received (their tally; anchors are not members, so no wallet). */
export interface AnchorGiftTalliesTable {
  host_id: number;
  coins_minor: number;
  gifts: number;
  updated_at: number;
}

/** A room event: a live lottery (1), a red-envelope rain (3) or an answer lottery (4). Times are feed time. */
export interface LiveEventsTable {
  id: Generated<number>;
  room_id: number;
  match_id: number;
  kind: number;
  status: number;
  title: string;
  question: string;
  /** JSON array of the option texts. */
  options_json: string;
  answer: number | null;
  countdown_at: number;
  start_time: number;
  end_time: number;
  winner_count: number;
  reward_type: number | null;
  reward_amount_minor: number | null;
  reward_title_id: number | null;
  budget_minor: number | null;
  envelope_count: number | null;
  /** The revealed seed; '' until the reveal for a v2 event (its seed is derived from the fair secret, never stored early). */
  server_seed: string;
  seed_hash: string;
  /** FairAlgorithm the event was committed under: v1 for events announced before issue 29, v2 since. */
  algorithm: Generated<string>;
  /** v2 lotteries: SHA-256 of the closed entry list, written when entries close; null before and otherwise. */
  entries_hash: string | null;
  message_id: string | null;
  source_key: string | null;
  drawn_at: number | null;
  created_at: number;
}

/** A vote (kind 1) or an answer (kind 4) of a member. */
export interface LiveEventEntriesTable {
  event_id: number;
  member_id: number;
  choice: number;
  created_at: number;
}

/** One envelope of a rain: its amount from the seed, and who received it. */
export interface RedEnvelopesTable {
  event_id: number;
  idx: number;
  amount_minor: number;
  member_id: number | null;
  received_at: number | null;
  /** Envelopes of the rain its receive saw taken already (v2 proofs check tickets in this order); null until taken. */
  seq: number | null;
}

export interface LiveEventWinnersTable {
  event_id: number;
  member_id: number;
  draw_index: number;
  reward_type: number;
  amount_minor: number | null;
  currency: string | null;
  title_id: number | null;
  coupon_id: number | null;
  created_at: number;
}

export interface MemberCouponsTable {
  id: Generated<number>;
  member_id: number;
  type: number;
  amount_minor: number;
  currency: string;
  event_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// ---- The shared feed clock (issue 19, migration 0014_feed_origin; docs/operations.md "Several instances") ----

export interface Database {
  feed_origin: FeedOriginTable;
}

/** One row (id 1): where every instance's simulated clock starts from. */
export interface FeedOriginTable {
  id: number;
  seed: number;
  /** FEED_SPEED as the environment gave it, compared as text. */
  speed: string;
  real_start: number;
  sim_start: number;
  updated_at: number;
}

// ---- Platform-wide switches an operator sets (issue 19, migration 0017_platform_flags) ----

export interface Database {
  platform_flags: PlatformFlagsTable;
}

/** One row per switch (the maintenance notice: `maintenance`), shared by every instance and kept across restarts. */
export interface PlatformFlagsTable {
  name: string;
  /** 1 on, 0 off. */
  value: number;
  updated_at: number;
}

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

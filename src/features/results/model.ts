import type { MatchStatus } from '../../../contract/enums';

/**
 * The one result model every results provider maps its answer to (spec 001 section 3 "Result match"), and what a
 * provider plugin gives the results screen. Providers differ in ids (numbers, prefixed strings), time formats, status
 * codes and language codes; the screen sees none of that.
 */

/** A status by its spec name (section 4): the screen translates the name and never shows a code. */
export type ResultStatus = keyof typeof MatchStatus;

export interface ResultPeriod {
  /** The period's name in the requested language, as the provider gives it. */
  name: string;
  home: number;
  away: number;
}

export interface ResultModel {
  /** The provider's own match id (the screen only passes it back). */
  id: string;
  /** Scheme A (the sports menu's and the results selector's ids). */
  sportId: number;
  /** Kick-off, epoch ms. */
  beginTime: number;
  status: ResultStatus;
  /** "bo3", "12 rounds"...; empty when the sport has none. */
  format: string;
  neutral: boolean;
  league: { id: string; name: string };
  home: string;
  away: string;
  /** The result (goals, points, sets, frames or rounds won). */
  score: { home: number; away: number };
  /** Score by period in play order; empty for a match called off. */
  periods: ResultPeriod[];
}

export interface ResultLeague {
  id: string;
  name: string;
}

export interface ResultQuery {
  /** Scheme A. */
  sportId: number;
  /** Empty: every league. */
  leagueIds: readonly string[];
  /** Epoch ms, both inclusive. */
  from: number;
  to: number;
  /** From 1. */
  page: number;
  pageSize: number;
  /** The app's API language code (CMN, zh-TW, ENG, VIE, THA): a provider with other codes translates it. */
  language: string;
}

/** A page of results. `total` (records) and `pageTotal` (pages) may be missing: the screen then uses the spec's fallbacks. */
export interface ResultPage {
  matches: ResultModel[];
  total?: number;
  pageTotal?: number;
}

/** The results service's HTTP client (anonymous calls); it answers an envelope's `data`, or a body without one as is. */
export interface ResultsHttp {
  post(url: string, body?: unknown, config?: { noAuth?: boolean }): Promise<unknown>;
}

export interface ResultsProvider {
  leagues(query: Omit<ResultQuery, 'leagueIds' | 'page' | 'pageSize'>): Promise<ResultLeague[]>;
  list(query: ResultQuery): Promise<ResultPage>;
  /** A fuller record for the detail; without it the detail shows the row's record. */
  detail?(id: string, language: string): Promise<ResultModel>;
}

/** What a `results.provider` extension's code provides. */
export interface ResultsProviderModule {
  createProvider(http: ResultsHttp): ResultsProvider;
  /** The provider's name for the switch, by app locale (zh-CN, zh-TW, en, vi, th): the plugin's locales/<lng>.json. */
  names: Readonly<Record<string, string>>;
}

import { createHash } from 'node:crypto';
import { z } from 'zod';
import CMN from './CMN.json';
import ENG from './ENG.json';
import THA from './THA.json';
import VIE from './VIE.json';
import zhTW from './zh-TW.json';
import meta from './meta.json';
import type { StaticList } from '../../../contract/forehead';
import {
  MARKET_TYPES,
  MATCH_PERIODS,
  MATCH_STATUSES,
  OPTIONS,
  PERIODS,
  SPORTS,
  STATIC_LANGUAGES,
  TOURNAMENT_PHASES,
  LOCALE_OF,
  type StaticLanguage,
} from './tables';

const names = z.record(z.string(), z.string().min(1));
const dictionarySchema = z.strictObject({
  marketType: names,
  matchPeriod: z.strictObject({ football: names, basketball: names }),
  matchStatus: names,
  option: names,
  period: names,
  tournamentPhase: names,
});
type Dictionary = z.output<typeof dictionarySchema>;

export const DICTIONARIES: Record<StaticLanguage, unknown> = { CMN, 'zh-TW': zhTW, ENG, VIE, THA };

/** A missing name is a data bug; failing loudly beats showing an empty label in one language. */
function name(dict: Record<string, string>, key: string, where: string): string {
  const value = dict[key];
  if (value === undefined) throw new Error(`static list: no name for ${where}.${key}`);
  return value;
}

function build(language: StaticLanguage, dict: Dictionary): Omit<StaticList, 'version' | 'updatedAt'> {
  return {
    language,
    marketType: MARKET_TYPES.map((m) => ({ id: m.id, sportId: m.sportId, key: m.key, name: name(dict.marketType, m.nameKey, 'marketType') })),
    matchPeriod: MATCH_PERIODS.map((p) => ({
      id: p.id,
      sportId: p.sportId,
      key: p.key,
      name: name(dict.matchPeriod[p.sportKey], p.key, `matchPeriod.${p.sportKey}`),
    })),
    matchStatus: MATCH_STATUSES.map((s) => ({ id: s.id, code: s.code, name: name(dict.matchStatus, s.code, 'matchStatus') })),
    option: OPTIONS.map((o) => ({ id: o.id, code: o.code, name: name(dict.option, o.code, 'option') })),
    period: PERIODS.map((p) => ({ id: p.id, code: p.code, name: name(dict.period, p.code, 'period') })),
    sports: SPORTS.map((s, order) => ({ id: s.id, key: s.key, name: s.names[LOCALE_OF[language]], order: order + 1 })),
    tournamentPhase: TOURNAMENT_PHASES.map((t) => ({ id: t.id, code: t.code, name: name(dict.tournamentPhase, t.code, 'tournamentPhase') })),
  };
}

function buildAll(): Record<StaticLanguage, Omit<StaticList, 'version' | 'updatedAt'>> {
  const out = {} as Record<StaticLanguage, Omit<StaticList, 'version' | 'updatedAt'>>;
  for (const language of STATIC_LANGUAGES) {
    const parsed = dictionarySchema.safeParse(DICTIONARIES[language]);
    if (!parsed.success) throw new Error(`static list ${language}.json: ${parsed.error.message}`);
    out[language] = build(language, parsed.data);
  }
  return out;
}

/** A digest of every table in every language; meta.json must carry it (a test enforces that). */
export function computeStaticListVersion(): string {
  return createHash('sha256').update(JSON.stringify(buildAll())).digest('hex').slice(0, 16);
}

let cache: Record<StaticLanguage, StaticList> | undefined;

export function getStaticList(language: StaticLanguage): StaticList {
  if (!cache) {
    const all = buildAll();
    cache = {} as Record<StaticLanguage, StaticList>;
    for (const lang of STATIC_LANGUAGES) cache[lang] = { version: meta.version, updatedAt: meta.updatedAt, ...all[lang] };
  }
  return cache[language];
}

export const STATIC_LIST_META = meta;

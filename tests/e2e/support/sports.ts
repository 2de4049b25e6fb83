/** Every scheme-A sport with the plugin that serves it: one Playwright project each. */
export const SPORT_PROJECTS = [
  { sportId: 1, key: 'football', plugin: 'sport-football' },
  { sportId: 3, key: 'basketball', plugin: 'sport-basketball' },
  { sportId: 177, key: 'eFootball', plugin: 'sport-generic' },
  { sportId: 178, key: 'eBasketball', plugin: 'sport-generic' },
  { sportId: 5, key: 'tennis', plugin: 'sport-generic' },
  { sportId: 16, key: 'snooker', plugin: 'sport-generic' },
  { sportId: 13, key: 'volleyball', plugin: 'sport-generic' },
  { sportId: 47, key: 'badminton', plugin: 'sport-generic' },
  { sportId: 15, key: 'tableTennis', plugin: 'sport-generic' },
  { sportId: 7, key: 'baseball', plugin: 'sport-generic' },
  { sportId: 8, key: 'handball', plugin: 'sport-generic' },
  { sportId: 2, key: 'hockey', plugin: 'sport-generic' },
  { sportId: 6, key: 'americanFootball', plugin: 'sport-generic' },
  { sportId: 4, key: 'rugby', plugin: 'sport-generic' },
  { sportId: 18, key: 'mma', plugin: 'sport-generic' },
  { sportId: 19, key: 'boxing', plugin: 'sport-generic' },
  { sportId: 51, key: 'beachVolleyball', plugin: 'sport-generic' },
] as const;

export interface SportOptions {
  sportId: number;
  sportKey: string;
}

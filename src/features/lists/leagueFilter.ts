import { types, type Instance } from 'mobx-state-tree';
import type { LeagueListRequest, WireLeague } from '../../../contract/match';
import { envOf } from '../../core/store/env';
import { onDemand } from '../../core/store/onDemand';
import { request } from '../../sdk/request';
import { MATCH_PATHS } from '../../../contract/paths';

/** A league as leagueList answers it (spec: name, match count, icon, order), as the contract says. */
export type LeagueOption = WireLeague;

const isLeague = (value: unknown): value is LeagueOption =>
  typeof value === 'object' && value !== null && typeof (value as LeagueOption).id === 'number' && typeof (value as LeagueOption).name === 'string';

/** Case- and width-insensitive, as the platform's own search compares names. */
export const searchForm = (text: string) => text.normalize('NFKC').toLowerCase().trim();

/**
 * The league filter dialog's draft: the leagues of one sport and list type, which of them are ticked, and a search
 * within them. Nothing changes the list until the member applies; then "every league" and "no filter" are the same
 * thing, so new leagues keep appearing.
 */
export const LeagueFilterStore = types
  .model('LeagueFilterStore', {
    isOpen: false,
    sportId: 0,
    type: 0,
    request: request(),
    query: '',
    selected: types.array(types.number),
  })
  .volatile(() => ({
    leagues: [] as LeagueOption[],
    /** The list's filter when the dialog opened: empty means every league. */
    initial: [] as number[],
  }))
  .views((self) => ({
    get status() {
      return self.request.status;
    },
    get visible(): LeagueOption[] {
      const needle = searchForm(self.query);
      return needle === '' ? self.leagues : self.leagues.filter((league) => searchForm(league.name).includes(needle));
    },
    isSelected(id: number) {
      return self.selected.includes(id);
    },
    get allSelected() {
      return self.leagues.length > 0 && self.leagues.every((league) => self.selected.includes(league.id));
    },
    /** What applying sends as the list's leagueIds: none when every league is ticked. */
    get leagueIds(): number[] {
      const all = self.leagues.length > 0 && self.leagues.every((league) => self.selected.includes(league.id));
      return all ? [] : self.leagues.filter((league) => self.selected.includes(league.id)).map((league) => league.id);
    },
    get canApply() {
      return self.request.ready && self.selected.length > 0;
    },
  }))
  .actions((self) => ({
    setLeagues(leagues: LeagueOption[]) {
      self.leagues = leagues;
      const available = new Set(leagues.map((league) => league.id));
      // No filter shows as every league ticked; leagues of the old filter that have gone are dropped.
      const kept = self.initial.filter((id) => available.has(id));
      self.selected.replace(kept.length > 0 ? kept : leagues.map((league) => league.id));
    },
  }))
  .actions((self) => ({
    load() {
      const { http, logger } = envOf(self);
      return self.request.run(
        async () => {
          const answer: unknown = await http.match.post(MATCH_PATHS.leagueList, { type: self.type, sportId: self.sportId } satisfies LeagueListRequest, { noAuth: true });
          if (!Array.isArray(answer)) throw new TypeError('leagueList: unexpected answer');
          return answer.filter(isLeague).sort((a, b) => a.order - b.order || a.id - b.id);
        },
        self.setLeagues,
        { failed: (error) => logger.warn('league list failed', error) },
      );
    },
  }))
  .actions((self) => ({
    open(query: { sportId: number; type: number; leagueIds: readonly number[] }) {
      self.isOpen = true;
      self.sportId = query.sportId;
      self.type = query.type;
      self.initial = [...query.leagueIds];
      self.query = '';
      self.selected.clear();
      self.leagues = [];
      return self.load();
    },
    close() {
      self.isOpen = false;
      self.request.cancel();
    },
    toggle(id: number) {
      if (self.selected.includes(id)) self.selected.remove(id);
      else self.selected.push(id);
    },
    /** Ticks every league shown (all of them, or those the search matches). */
    selectAll() {
      for (const league of self.visible) if (!self.selected.includes(league.id)) self.selected.push(league.id);
    },
    /** Unticks every league shown. */
    clear() {
      const shown = new Set(self.visible.map((league) => league.id));
      self.selected.replace(self.selected.filter((id) => !shown.has(id)));
    },
    setQuery(text: string) {
      self.query = text;
    },
  }));

export type LeagueFilterStoreInstance = Instance<typeof LeagueFilterStore>;

/**
 * The league filter of an app root, made when the match list's filter button first renders, so its code loads with
 * the list screen rather than in the initial bundle.
 */
export const { of: leagueFilterOf } = onDemand('leagueFilter', LeagueFilterStore);

import { reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { ListType } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import { anchorsOf, type AnchorsRoot } from './anchors/anchors';
import { MatchSection } from '../lists/matchSection';
import { onDemand } from '../../core/store/onDemand';

/** The lists a room's match can be in: on air (in play) and waiting (today, or later for a room booked ahead). */
const ROOM_LISTS = [ListType.TodayAndInPlay, ListType.Early] as const;
/** One page of each list holds every room's match: the anchor list has far fewer matches than this. */
const PAGE = 100;

/**
 * The live lobby (issue 31): the sport it is filtered to and the rooms' matches (names, crests, score, kick-off), read
 * with the lists' own getList call by the rooms' match ids: the anchor list (GET /ssapi/anchor/search) names the room,
 * the match list names the match, so the platform needs no route of its own for the lobby. The rooms themselves and
 * their 20 s / 60 s polls are the anchors store's.
 */
export const LiveLobbyStore = types
  .model('LiveLobbyStore', {
    matches: types.optional(MatchSection, {}),
    /** Scheme C (as the rooms carry it); undefined shows every sport. */
    sportId: types.maybe(types.number),
  })
  .views((self) => ({
    matchOf(matchId: number): WireMatch | undefined {
      return self.matches.records.find((match) => match.matchId === matchId);
    },
  }))
  .actions((self) => ({
    setSport(sportId: number | undefined) {
      self.sportId = sportId;
    },
    /** The matches of these rooms; a reload (new rooms, a new language) keeps what shows until it answers. */
    loadMatches(matchIds: readonly number[]) {
      if (matchIds.length === 0) {
        self.matches.setEmpty();
        return;
      }
      void self.matches.load(
        ROOM_LISTS.map((type) => ({ type, size: PAGE, matchIds })),
        { maxPages: 1, quiet: true },
      );
    },
  }));

export type LiveLobbyStoreInstance = Instance<typeof LiveLobbyStore>;

export interface LiveLobbyRoot extends AnchorsRoot {
  settings: { apiLanguage: string };
}

/**
 * The lobby of an app root, made when the lobby first shows (its code loads with the live room's chunk). It follows the
 * anchor list: a room on a match it has not named yet, or a new language, asks for the matches again.
 */
export const { of: liveLobbyOf } = onDemand('liveLobby', LiveLobbyStore, (store, root: LiveLobbyRoot) => {
  const anchors = anchorsOf(root);
  const stop = reaction(
    () => ({ ids: [...new Set(anchors.visible.map((room) => room.matchId))].sort((a, b) => a - b).join(','), language: root.settings.apiLanguage }),
    ({ ids }) => store.loadMatches(ids === '' ? [] : ids.split(',').map(Number)),
    { fireImmediately: true, equals: (a, b) => a.ids === b.ids && a.language === b.language },
  );
  addDisposer(store, stop);
});

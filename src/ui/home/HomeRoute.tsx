import { observer } from 'mobx-react-lite';
import { lazy, useEffect } from 'react';
import { useSearch } from 'wouter';
import { FavouritesView } from '../favourites/FavouritesView';
import { HotView } from '../hot/HotView';
import { MatchListScreen } from '../matchList/MatchListScreen';
import { useStore } from '../storeContext';
import { HomePage } from './HomePage';

// Members only, and not on the first screen: its own chunk (with its locale namespace and the date arithmetic).
const MyBetsView = lazy(() => import(/* webpackChunkName: "my-bets" */ '../myBets/MyBetsView').then((m) => ({ default: m.MyBetsView })));
// One match's screen, with its players and data panels behind further lazy imports.
const MatchDetailScreen = lazy(() => import(/* webpackChunkName: "match-detail" */ '../matchDetail/MatchDetailScreen').then((m) => ({ default: m.MatchDetailScreen })));
// Text only, read rarely: its own chunk with its locale namespace.
const RulesPage = lazy(() => import(/* webpackChunkName: "rules" */ '../rules/RulesPage').then((m) => ({ default: m.RulesPage })));

/**
 * The spec's single route: home, the match list the member chose, hot matches, favourites, my bets, the rules or one match. `?list=<type>&sport=<id>` opens a list
 * directly, so a host (or a bookmark) can link to e.g. the football in-play list.
 */
export const HomeRoute = observer(function HomeRoute() {
  const store = useStore();
  const search = useSearch();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const type = Number(params.get('list'));
    const sportId = Number(params.get('sport'));
    if (Number.isInteger(type) && type > 0) void store.openList({ type, ...(Number.isInteger(sportId) && sportId > 0 ? { sportId } : {}) });
  }, [search, store]);
  // `?view=hot`, `?view=favourites` or `?view=myBets` (the platform's banner links point at the hot view this way).
  useEffect(() => {
    const view = new URLSearchParams(search).get('view');
    if (view === 'hot') store.showHot();
    else if (view === 'favourites') store.showFavourites();
    else if (view === 'myBets') store.showMyBets();
    else if (view === 'rules') store.showRules();
  }, [search, store]);
  // `?matchId=<id>` opens a match's screen (the platform's banner links, a host's or a live room's link to a match).
  useEffect(() => {
    const matchId = Number(new URLSearchParams(search).get('matchId'));
    if (Number.isInteger(matchId) && matchId > 0) store.ui.showMatch(matchId);
  }, [search, store]);
  switch (store.ui.view) {
    case 'list':
      return <MatchListScreen />;
    case 'hot':
      return <HotView />;
    case 'favourites':
      return <FavouritesView />;
    case 'myBets':
      return <MyBetsView />;
    case 'rules':
      return <RulesPage />;
    case 'match':
      return <MatchDetailScreen />;
    default:
      return <HomePage />;
  }
});

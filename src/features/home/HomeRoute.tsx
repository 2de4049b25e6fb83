import { observer } from 'mobx-react-lite';
import { lazy } from 'react';
import { FavouritesView } from '../favourites/FavouritesView';
import { HotView } from '../lists/hot/HotView';
import { MatchListScreen } from '../lists/MatchListScreen';
import { useStore } from '../../core/ui/storeContext';
import { HomePage } from './HomePage';
import { PluginScreen } from './PluginScreen';

// Members only, and not on the first screen: its own chunk (with its locale namespace and the date arithmetic).
const MyBetsView = lazy(() => import(/* webpackChunkName: "my-bets" */ '../myBets/MyBetsView').then((m) => ({ default: m.MyBetsView })));
// One match's screen, with its players and data panels behind further lazy imports.
const MatchDetailScreen = lazy(() => import(/* webpackChunkName: "match-detail" */ '../match/MatchDetailScreen').then((m) => ({ default: m.MatchDetailScreen })));
// An outright's runners: reached from the outright list or a link, not on the first screen.
const OutrightScreen = lazy(() => import(/* webpackChunkName: "outright" */ '../lists/outright/OutrightScreen').then((m) => ({ default: m.OutrightScreen })));
// A live room: its stage, tabs and the room's own extension points, not on the first screen.
const LiveRoomScreen = lazy(() => import(/* webpackChunkName: "live-room" */ '../liveRoom/LiveRoomScreen').then((m) => ({ default: m.LiveRoomScreen })));
// The live lobby: in the live room's chunk (a chunk of its own would cost the initial bundle's chunk map an entry), which
// a viewer who opens the lobby needs next anyway.
const LiveLobby = lazy(() => import(/* webpackChunkName: "live-room" */ '../liveRoom/LiveLobby').then((m) => ({ default: m.LiveLobby })));
// Text only, read rarely: its own chunk with its locale namespace.
// The member's settings: opened from the header or a ?view=settings link, rarely; its own chunk with its strings.
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const RulesPage = lazy(() => import(/* webpackChunkName: "rules" */ '../rules/RulesPage').then((m) => ({ default: m.RulesPage })));
// Finished matches from the result services' plugins: its own chunk, loading the chosen provider's behind it.
// The member's titles: opened from the header or a ?view=titles link, rarely; its own chunk.
const TitlesScreen = lazy(() => import(/* webpackChunkName: "titles" */ '../titles/TitlesScreen').then((m) => ({ default: m.TitlesScreen })));
const ResultsScreen = lazy(() => import(/* webpackChunkName: "results" */ '../results/ResultsScreen').then((m) => ({ default: m.ResultsScreen })));

/**
 * The spec's single route: home, the match list the member chose, hot matches, favourites, my bets, the rules, match results,
 * the settings, one match, one outright, one live room or a plugin's own screen; which one is also the page's address (screenUrl.ts, kept by the
 * Layout), so each can be linked and reloaded.
 */
export const HomeRoute = observer(function HomeRoute() {
  const store = useStore();
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
    case 'settings':
      return <SettingsPage />;
    case 'results':
      return <ResultsScreen />;
    case 'titles':
      return <TitlesScreen />;
    case 'match':
      return <MatchDetailScreen />;
    case 'outright':
      return <OutrightScreen />;
    case 'room':
      return <LiveRoomScreen />;
    case 'lobby':
      return <LiveLobby />;
    case 'plugin':
      return <PluginScreen />;
    default:
      return <HomePage />;
  }
});

import { observer } from 'mobx-react-lite';
import { MatchListScreen } from '../matchList/MatchListScreen';
import { useStore } from '../storeContext';
import { HomePage } from './HomePage';

/** The spec's single route: home, or the match list the member chose (state in the stores, not the URL path). */
export const HomeRoute = observer(function HomeRoute() {
  return useStore().ui.view === 'list' ? <MatchListScreen /> : <HomePage />;
});

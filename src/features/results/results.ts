import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RESULT_PAGE_SIZE } from '../../../contract/resultCodes';
import type { DateRange } from '../../../domain/dates';
import type { Logger } from '../../services/logger';
import type { ResultLeague, ResultModel, ResultsProvider } from './model';
import { pagesOf } from './resultsState';
import { request } from '../../sdk/request';

/** What the results screen's model needs: where failures are logged (spec 001 section 8: logged, answered empty). */
export interface ResultsEnv {
  logger: Pick<Logger, 'warn'>;
}

/** How the rows show: their skeleton, a page (kept while the next loads), or the failed state with a retry. */
export type ResultRowsStatus = 'loading' | 'ready' | 'failed';

/**
 * One results provider's screen: the sport, league, date range and page asked for, and what the provider answered
 * (its leagues, a page of finished matches, a match's fuller detail). Each answer comes through its own request, so a
 * newer query always wins over a slower older one; a failed call is logged and leaves nothing of the failed answer
 * (the spec's "empty answer"), and the loading flag clears either way.
 */
export const ResultsStore = types
  .model('ResultsStore', {
    /** Scheme A. */
    sportId: types.number,
    /** Empty: every league. */
    leagueId: '',
    range: types.frozen<DateRange>(),
    page: 1,
    leaguesRequest: request(),
    listRequest: request(),
    detailRequest: request(),
  })
  .volatile(() => ({
    provider: undefined as ResultsProvider | undefined,
    /** The app's API language code. */
    language: 'CMN',
    leagues: [] as ResultLeague[],
    matches: [] as ResultModel[],
    total: 0,
    pages: 1,
    /** The last match opened: it stays after its dialog closes, so the dialog can close itself and return the focus. */
    detail: undefined as ResultModel | undefined,
    detailOpen: false,
  }))
  .views((self) => ({
    /** A page is on its way (nothing asked yet counts: the screen asks as it mounts). */
    get loading() {
      return self.listRequest.status === 'loading' || self.listRequest.status === 'idle';
    },
    /** A page that shows stays while the next loads; only a failed call shows the failed state. */
    get rowsStatus(): ResultRowsStatus {
      if (self.listRequest.failed) return 'failed';
      return self.listRequest.ready || self.matches.length > 0 ? 'ready' : 'loading';
    },
  }))
  .actions((self) => ({
    setLeagues(leagues: ResultLeague[]) {
      self.leagues = leagues;
    },
    setPage(matches: ResultModel[], total: number, pages: number) {
      self.matches = matches;
      self.total = total;
      self.pages = pages;
    },
    setDetail(match: ResultModel) {
      self.detail = match;
    },
  }))
  .actions((self) => {
    const warn = (what: string) => (error: unknown) => getEnv<ResultsEnv>(self).logger.warn(`[results] ${what} failed`, error);
    return {
      loadLeagues() {
        const { provider, sportId, range, language } = self;
        if (!provider) return;
        // Another sport's or range's leagues must not stay offered while this one's load.
        self.leagues = [];
        void self.leaguesRequest.run(() => provider.leagues({ sportId, from: range.startTime, to: range.endTime, language }), self.setLeagues, {
          failed: warn('leagues'),
        });
      },
      loadList() {
        const { provider, sportId, leagueId, range, page, language } = self;
        if (!provider) return;
        const leagueIds = leagueId ? [leagueId] : [];
        void self.listRequest.run(
          () => provider.list({ sportId, leagueIds, from: range.startTime, to: range.endTime, page, pageSize: RESULT_PAGE_SIZE, language }),
          (answer) => {
            const { pages, total } = pagesOf(answer, RESULT_PAGE_SIZE);
            self.setPage(answer.matches, answer.matches.length === 0 && page === 1 ? 0 : total, pages);
          },
          {
            failed: (error) => {
              warn('result list')(error);
              self.setPage([], 0, 1);
            },
          },
        );
      },
    };
  })
  .actions((self) => ({
    /** The provider and language to ask (the screen's props): a new one asks again for everything shown. */
    connect(provider: ResultsProvider, language: string) {
      self.provider = provider;
      self.language = language;
      self.loadLeagues();
      self.loadList();
    },
    /** The screen went away: answers on their way are dropped. */
    disconnect() {
      self.leaguesRequest.cancel();
      self.listRequest.cancel();
      self.detailRequest.cancel();
    },
    /** A new sport drops the league and starts at page 1. */
    chooseSport(sportId: number) {
      self.sportId = sportId;
      self.leagueId = '';
      self.page = 1;
      self.loadLeagues();
      self.loadList();
    },
    chooseLeague(leagueId: string) {
      self.leagueId = leagueId;
      self.page = 1;
      self.loadList();
    },
    /** A new range of days: its leagues, every league, page 1. */
    chooseRange(range: DateRange) {
      self.range = range;
      self.leagueId = '';
      self.page = 1;
      self.loadLeagues();
      self.loadList();
    },
    goToPage(page: number) {
      self.page = page;
      self.loadList();
    },
    retry() {
      self.loadLeagues();
      self.loadList();
    },
    /** The row already holds everything the detail shows; a fuller answer replaces it, a failed one is only logged. */
    openDetail(match: ResultModel) {
      self.detail = match;
      self.detailOpen = true;
      const { provider, language } = self;
      if (!provider?.detail) return;
      void self.detailRequest.run(() => provider.detail!(match.id, language), self.setDetail, {
        failed: (error) => getEnv<ResultsEnv>(self).logger.warn('[results] result detail failed', error),
      });
    },
    closeDetail() {
      self.detailOpen = false;
    },
  }));

export type ResultsStoreInstance = Instance<typeof ResultsStore>;

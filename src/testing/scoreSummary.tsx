import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ScoreSummaryProps } from '../features/lists/points';
import type { ScoreRow } from '../../contract';
import { createLiveBook } from '../core/store/liveBook';
import { createTestI18n } from './i18n';
import { wireMatch } from './matchFixtures';

/** Renders a sport plugin's row score summary for match 1 of `sportId`, live from a book the test can push to. */
export async function renderScoreSummary(Summary: ComponentType<ScoreSummaryProps>, ns: string, sportId: number, score: ScoreRow[], period: number) {
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces(ns);
  const match = wireMatch({ sportId, score, betGroup: [], matchInfo: { ...wireMatch().matchInfo, period } });
  const book = createLiveBook({ now: () => 0 });
  book.seed([match], book.pushMark);
  const live = book.match(match.matchId)!;
  render(
    <I18nextProvider i18n={i18n}>
      <Summary match={match} live={live} />
    </I18nextProvider>,
  );
  return { book, live };
}

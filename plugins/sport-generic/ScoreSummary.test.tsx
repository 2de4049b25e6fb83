import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LiveBook } from '../../src/stores/liveBook';
import { createTestI18n } from '../../src/testing/i18n';
import { wireMatch } from '../../src/testing/matchFixtures';
import { ScoreSummary } from './ScoreSummary';

async function renderSummary(sportId: number, score: { pe: number; tyg: number; home: number; away: number }[], period: number) {
  const i18n = await createTestI18n('en');
  await i18n.loadNamespaces('sport-generic');
  const match = wireMatch({ sportId, score, betGroup: [], matchInfo: { ...wireMatch().matchInfo, period } });
  const book = new LiveBook(() => 0);
  book.seed([match]);
  const live = book.match(match.matchId)!;
  render(
    <I18nextProvider i18n={i18n}>
      <ScoreSummary match={match} live={live} />
    </I18nextProvider>,
  );
  return { book, live };
}

describe('generic ScoreSummary', () => {
  it("shows tennis games of the current set, and follows the push to the next set", async () => {
    const { book } = await renderSummary(5, [{ pe: 0, tyg: 5, home: 1, away: 0 }, { pe: 1, tyg: 6, home: 6, away: 4 }, { pe: 2, tyg: 6, home: 3, away: 2 }], 2);
    expect(screen.getByText('S2')).toBeInTheDocument();
    expect(screen.getByText('3-2')).toBeInTheDocument();
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 1, period: 3, score: [{ pe: 3, tyg: 6, home: 0, away: 1 }] }]));
    expect(screen.getByText('S3')).toBeInTheDocument();
    expect(screen.getByText('0-1')).toBeInTheDocument();
  });

  it('shows volleyball points of the current set', async () => {
    await renderSummary(13, [{ pe: 3, tyg: 1, home: 18, away: 21 }], 3);
    expect(screen.getByText('S3')).toBeInTheDocument();
    expect(screen.getByText('18-21')).toBeInTheDocument();
  });

  it('shows nothing for sports whose main score says it all, or before a period has a score', async () => {
    const { container } = render(<></>);
    await renderSummary(2, [{ pe: 1, tyg: 1, home: 1, away: 0 }], 1);
    await renderSummary(5, [], 1);
    expect(document.querySelectorAll('[data-score-summary]')).toHaveLength(0);
    expect(container).toBeEmptyDOMElement();
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderScoreSummary } from '../../src/sdk/testing';
import { ScoreSummary } from './ScoreSummary';

describe('basketball ScoreSummary', () => {
  it('shows the points of the quarter in play, and nothing in the break after it', async () => {
    const { book } = await renderScoreSummary(ScoreSummary, 'sport-basketball', 3, [{ pe: 1, tyg: 1, home: 25, away: 20 }, { pe: 5, tyg: 1, home: 18, away: 22 }], 5);
    expect(screen.getByText('18-22')).toBeInTheDocument();
    expect(document.querySelector('[data-score-summary]')).toHaveTextContent('Q3');
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 80, awayScore: 77, period: 6, score: [], serveIn: 0 }]));
    expect(document.querySelector('[data-score-summary]')).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderScoreSummary } from '../../src/sdk/testing';
import { ScoreSummary } from './ScoreSummary';

describe('football ScoreSummary', () => {
  it('shows the corners in the first half, and no half-time score before half-time', async () => {
    await renderScoreSummary(ScoreSummary, 'sport-football', 1, [{ pe: 1, tyg: 1, home: 1, away: 0 }, { pe: 0, tyg: 2, home: 4, away: 2 }], 1);
    expect(screen.queryByText('HT')).toBeNull();
    expect(screen.getByTitle('Corners')).toHaveTextContent('CR');
    expect(screen.getByText('4-2')).toBeInTheDocument();
  });

  it('adds the half-time score in the second half, and red cards once one is shown', async () => {
    const { book } = await renderScoreSummary(ScoreSummary, 'sport-football', 1, [{ pe: 1, tyg: 1, home: 1, away: 0 }, { pe: 0, tyg: 4, home: 0, away: 0 }], 3);
    expect(screen.getByText('HT')).toBeInTheDocument();
    expect(screen.getByText('1-0')).toBeInTheDocument();
    expect(screen.queryByTitle('Red cards')).toBeNull();
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 0, period: 3, score: [{ pe: 0, tyg: 4, home: 0, away: 1 }], serveIn: 0 }]));
    expect(screen.getByTitle('Red cards')).toHaveTextContent('RC');
    expect(screen.getByText('0-1')).toBeInTheDocument();
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { ScoreRow } from '../../src/sdk';
import { renderScoreSummary } from '../../src/sdk/testing';
import { ScoreSummary } from './ScoreSummary';

const renderSummary = (sportId: number, score: ScoreRow[], period: number) => renderScoreSummary(ScoreSummary, 'sport-generic', sportId, score, period);

describe('generic ScoreSummary', () => {
  it("shows tennis games of the current set, and follows the push to the next set", async () => {
    const { book } = await renderSummary(5, [{ pe: 0, tyg: 5, home: 1, away: 0 }, { pe: 1, tyg: 6, home: 6, away: 4 }, { pe: 2, tyg: 6, home: 3, away: 2 }], 2);
    expect(screen.getByText('S2')).toBeInTheDocument();
    expect(screen.getByText('3-2')).toBeInTheDocument();
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 1, period: 3, score: [{ pe: 3, tyg: 6, home: 0, away: 1 }], serveIn: 0 }]));
    expect(screen.getByText('S3')).toBeInTheDocument();
    expect(screen.getByText('0-1')).toBeInTheDocument();
  });

  it('shows volleyball points of the current set', async () => {
    await renderSummary(13, [{ pe: 3, tyg: 1, home: 18, away: 21 }], 3);
    expect(screen.getByText('S3')).toBeInTheDocument();
    expect(screen.getByText('18-21')).toBeInTheDocument();
  });

  it("shows snooker's frame in play with its points, numbered after the frames won", async () => {
    const { book } = await renderSummary(16, [{ pe: 0, tyg: 8, home: 3, away: 1 }, { pe: 1, tyg: 1, home: 45, away: 12 }], 1);
    expect(screen.getByText('F5')).toBeInTheDocument();
    expect(screen.getByText('45-12')).toBeInTheDocument();
    // Between frames (period 2) the row says nothing more than the frames score.
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 4, awayScore: 1, period: 2, score: [{ pe: 0, tyg: 8, home: 4, away: 1 }], serveIn: 0 }]));
    expect(document.querySelector('[data-score-summary]')).toBeNull();
  });

  it("shows the runs of baseball's inning in play (its row is under the top half's period), extra innings too", async () => {
    const { book } = await renderSummary(7, [{ pe: 9, tyg: 1, home: 0, away: 2 }], 10);
    expect(screen.getByText('This inning')).toBeInTheDocument();
    expect(screen.getByText('0-2')).toBeInTheDocument();
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 3, awayScore: 3, period: 20, score: [{ pe: 19, tyg: 1, home: 0, away: 1 }], serveIn: 0 }]));
    expect(screen.getByText('0-1')).toBeInTheDocument();
    // The break between innings shows nothing more than its period text.
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 3, awayScore: 3, period: 21, score: [], serveIn: 0 }]));
    expect(document.querySelector('[data-score-summary]')).toBeNull();
  });

  it("shows a timed sport's running period, and nothing in its breaks", async () => {
    const { book } = await renderSummary(2, [{ pe: 1, tyg: 1, home: 1, away: 0 }, { pe: 3, tyg: 1, home: 0, away: 2 }], 3);
    expect(screen.getByText('P2')).toBeInTheDocument();
    expect(screen.getByText('0-2')).toBeInTheDocument();
    act(() => book.applyScore([{ kind: 'score', matchId: 1, homeScore: 1, awayScore: 2, period: 4, score: [], serveIn: 0 }]));
    expect(document.querySelector('[data-score-summary]')).toBeNull();
  });

  it('shows nothing for fights, or before a period has a score', async () => {
    const { container } = render(<></>);
    await renderSummary(18, [{ pe: 0, tyg: 9, home: 1, away: 0 }], 3);
    await renderSummary(5, [], 1);
    expect(document.querySelectorAll('[data-score-summary]')).toHaveLength(0);
    expect(container).toBeEmptyDOMElement();
  });
});

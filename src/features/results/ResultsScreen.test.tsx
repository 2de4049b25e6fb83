import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESULT_PATHS } from '../../../contract/resultCodes';
import { resultLeagueSchema, resultPageSchema, resultDetailSchema } from '../../../contract/results';
import { IM_RESULTS_PATH, imAnswerSchema } from '../../../contract/resultsIm';
import { OB_RESULTS_PATH, obAnswerSchema } from '../../../contract/resultsOb';
import * as z from 'zod/mini';
import { fakeAnswer } from '../../testing/contractFakes';
import { renderWithStore } from '../../testing/renderWithStore';
import { ResultsScreen } from './ResultsScreen';
import { RESULTS_NS } from './ResultsView';

const KICK_OFF = Date.UTC(2024, 2, 14, 11, 45); // 19:45 in Shanghai

const ownMatch = {
  id: 501,
  beginTime: KICK_OFF,
  matchStatus: 2 as const,
  matchFormat: '',
  isNeutral: false,
  sportId: 1,
  league: { id: 1001, name: 'Own League', icon: '' },
  teams: { home: { id: 1, name: 'Own Home', icon: '' }, away: { id: 2, name: 'Own Away', icon: '' } },
  scores: [{ pe: 0, tyg: 1, home: 3, away: 1 }],
  newScores: [
    { period: 1, name: '1st Half', home: 1, away: 0 },
    { period: 3, name: '2nd Half', home: 2, away: 1 },
  ],
  totalScore: { home: 3, away: 1 },
};

const imAnswer = fakeAnswer(imAnswerSchema, {
  StatusCode: 100,
  StatusDesc: 'Success',
  Sports: [
    {
      SportId: 1,
      SportName: 'Soccer',
      Competitions: [
        {
          CompetitionId: 701001,
          CompetitionName: 'IM League',
          Events: [
            { EventId: 7000000501, EventDate: '2024-03-14T19:45:00+08:00', EventStatusId: 3, IsNeutral: false, Format: '', HomeTeam: 'IM Home', AwayTeam: 'IM Away', HomeScore: 0, AwayScore: 0, Periods: [] },
          ],
        },
      ],
    },
  ],
});

const obAnswer = fakeAnswer(obAnswerSchema, {
  status: true,
  msg: 'ok',
  data: [{ mid: 'M501', csid: 1, tid: 'T1001', tn: 'OB League', mgt: String(KICK_OFF), ms: 4, mfo: '', mng: 0, mhn: 'OB Home', man: 'OB Away', score: '2:2', msc: ['1st Half|1:1', '2nd Half|1:1'] }],
});

/** The results service as the platform answers it: each provider on its own path, in its own shape. */
function answer(url: string): unknown {
  switch (url) {
    case RESULT_PATHS.getOnSaleLeagues:
      return fakeAnswer(z.array(resultLeagueSchema), [{ id: 1001, name: 'Own League', icon: '', sportId: 1, matchCount: 1 }]);
    case RESULT_PATHS.matchResultList:
      return fakeAnswer(resultPageSchema, { records: [ownMatch], current: 1, size: 50, pageTotal: 1, total: 1 });
    case RESULT_PATHS.getMatchDetail:
      return fakeAnswer(resultDetailSchema, { ...ownMatch, endTime: KICK_OFF + 7_200_000, winner: 'home' });
    case IM_RESULTS_PATH:
      return imAnswer;
    case OB_RESULTS_PATH:
      return obAnswer;
    default:
      throw new Error(`unexpected ${url}`);
  }
}

describe('<ResultsScreen>', () => {
  it('offers every enabled provider in a switch, the own service first, and each maps its own answer to the same rows', async () => {
    const { http } = await renderWithStore(<ResultsScreen />, { namespaces: [RESULTS_NS],
      before: ({ http }) => {
        http.results.post.mockImplementation(async (url) => answer(url));
      },
    });
    const providers = await screen.findByRole('group', { name: 'Result source' });
    const buttons = within(providers).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Our results', 'IM results', 'OB results']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/Own Home/)).toBeInTheDocument();
    expect(screen.getByText('3 : 1')).toBeInTheDocument();
    expect(http.results.post).toHaveBeenCalledWith(RESULT_PATHS.matchResultList, expect.objectContaining({ sportId: 1, leagueIds: [], current: 1, size: 50 }), { noAuth: true });

    await userEvent.click(buttons[1]!);
    expect(await screen.findByText(/IM Home/)).toBeInTheDocument();
    const imRow = screen.getByText(/IM Home/).closest('tr')!;
    expect(within(imRow).getByText('Postponed')).toBeInTheDocument();
    expect(within(imRow).getByText('03-14 19:45')).toBeInTheDocument();
    const imCall = http.results.post.mock.calls.find(([url]) => url === IM_RESULTS_PATH)!;
    // The app speaks English here: gamebetim's code for it is "eng"; its sport id for football is 1.
    expect(imCall[1]).toMatchObject({ language: 'eng', sportId: 1 });
    expect((imCall[1] as { startTime: string }).startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
    expect(screen.getByRole('combobox', { name: 'League' })).toHaveTextContent('IM League');

    await userEvent.click(screen.getByRole('button', { name: 'OB results' }));
    expect(await screen.findByText(/OB Home/)).toBeInTheDocument();
    const obCall = http.results.post.mock.calls.find(([url]) => url === OB_RESULTS_PATH)!;
    expect(obCall[1]).toMatchObject({ language: 'eng', sportId: 1, startTime: expect.any(Number) });
    await userEvent.click(screen.getByRole('button', { name: 'Details of OB Home – OB Away' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('row').slice(1).map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['1st Half', '1', '1'],
      ['2nd Half', '1', '1'],
      ['Result', '2', '2'],
    ]);
  });

  it('shows no switch when only one provider is on', async () => {
    await renderWithStore(<ResultsScreen />, { namespaces: [RESULTS_NS],
      plugins: { enabled: (id) => id === 'results-ob' },
      before: ({ http }) => {
        http.results.post.mockImplementation(async (url) => answer(url));
      },
    });
    expect(await screen.findByText(/OB Home/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Result source' })).not.toBeInTheDocument();
    expect(screen.getByText('Source: OB results')).toBeInTheDocument();
  });

  it('offers only the sports the merchant offers in the sport selector (lite: football)', async () => {
    await renderWithStore(<ResultsScreen />, { namespaces: [RESULTS_NS],
      plugins: { enabled: (id) => !id.startsWith('sport-basketball') && !id.startsWith('sport-generic') },
      before: ({ http }) => {
        http.results.post.mockImplementation(async (url) => answer(url));
      },
    });
    expect(await screen.findByText(/Own Home/)).toBeInTheDocument();
    const sport = screen.getByRole('combobox', { name: 'Sport' });
    expect(within(sport).getAllByRole('option').map((o) => o.textContent)).toEqual(['Football']);
  });

  it('says so when no provider is on', async () => {
    await renderWithStore(<ResultsScreen />, { namespaces: [RESULTS_NS], plugins: { enabled: (id) => !id.startsWith('results-') } });
    expect(screen.getByText('No result source is switched on')).toBeInTheDocument();
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '../../testing/deferred';
import { renderWithStore } from '../../testing/renderWithStore';
import { resultMatch, shanghai } from '../../testing/resultFixtures';
import { SORTED_SPORT_IDS_A } from '../../kernel/sports';
import type { ResultLeague, ResultPage, ResultQuery, ResultsProvider } from './model';
import { RESULTS_NS, ResultsView } from './ResultsView';

const TZ = 'Asia/Shanghai';
/** 2024-03-15 10:30 in Shanghai. */
const NOW = Date.UTC(2024, 2, 15, 2, 30);
const LEAGUES: ResultLeague[] = [
  { id: 'L1', name: 'Harbour League' },
  { id: 'L2', name: 'Valley Cup' },
];

function fakeProvider(list: (q: ResultQuery) => Promise<ResultPage>, detail?: ResultsProvider['detail']) {
  const provider = {
    leagues: jest.fn(async (_query: Parameters<ResultsProvider['leagues']>[0]) => LEAGUES),
    list: jest.fn(list),
    ...(detail ? { detail: jest.fn(detail) } : {}),
  };
  return provider;
}

async function renderView(provider: ResultsProvider, sportIds: readonly number[] = SORTED_SPORT_IDS_A) {
  const logger = { warn: jest.fn() };
  const view = await renderWithStore(<ResultsView provider={provider} timezone={TZ} language="ENG" logger={logger} sportIds={sportIds} now={() => NOW} />, { namespaces: [RESULTS_NS] });
  return { ...view, logger };
}

const lastQuery = (provider: { list: jest.Mock<(q: ResultQuery) => Promise<ResultPage>> }) => provider.list.mock.calls.at(-1)![0];

describe('<ResultsView>', () => {
  it('shows loading until the page arrives, then the rows with MM-DD HH:mm times and status names, never codes', async () => {
    const answer = deferred<ResultPage>();
    const provider = fakeProvider(() => answer.promise);
    await renderView(provider);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await act(async () => answer.resolve({ matches: [resultMatch(1), resultMatch(2, { status: 'Postponed', periods: [], score: { home: 0, away: 0 } }), resultMatch(3, { status: 'CoverageLost' })], total: 3, pageTotal: 1 }));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('03-14 19:45')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 : 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ended')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Postponed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('–', { selector: 'td' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Coverage lost')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 3 matches')).toBeInTheDocument();
  });

  it('asks for the last 7 days, from 00:00:00 of the first day to 23:59:59 of today in the operator time zone, for the first sport of the list', async () => {
    const provider = fakeProvider(async () => ({ matches: [], total: 0, pageTotal: 0 }));
    await renderView(provider);
    expect(lastQuery(provider)).toEqual({
      sportId: 1,
      leagueIds: [],
      from: shanghai(2024, 3, 8),
      to: shanghai(2024, 3, 15, 23, 59, 59, 999),
      page: 1,
      pageSize: 50,
      language: 'ENG',
    });
    expect(screen.getByLabelText('From')).toHaveValue('2024-03-08');
    expect(screen.getByLabelText('To')).toHaveValue('2024-03-15');
  });

  it('normalises a picked range to whole days and refuses one that ends before it starts or spans over 31 days', async () => {
    const provider = fakeProvider(async () => ({ matches: [resultMatch(1)], total: 1 }));
    await renderView(provider);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-03-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2024-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(lastQuery(provider)).toMatchObject({ from: shanghai(2024, 3, 1), to: shanghai(2024, 3, 2, 23, 59, 59, 999), page: 1 });

    const calls = provider.list.mock.calls.length;
    await userEvent.clear(from);
    await userEvent.type(from, '2024-03-05');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The last day is before the first day');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 31 days');
    expect(provider.list.mock.calls).toHaveLength(calls);
  });

  it('says when nothing finished in the range', async () => {
    const provider = fakeProvider(async () => ({ matches: [], total: 0, pageTotal: 0 }));
    await renderView(provider);
    expect(screen.getByText('No results for this sport, league and dates')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('logs a failed call, answers empty, clears the loading flag and offers a retry', async () => {
    let fail = true;
    const provider = fakeProvider(async () => {
      if (fail) throw new Error('network down');
      return { matches: [resultMatch(9)], total: 1 };
    });
    const { logger, container } = await renderView(provider);
    expect(screen.getByText('Loading is failed')).toBeInTheDocument();
    expect(logger.warn).toHaveBeenCalledWith('[results] result list failed', expect.any(Error));
    expect(container.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Home 9\b/)).toBeInTheDocument();
  });

  it('pages by 50, and falls back to 200 records and 50 pages when the answer does not say', async () => {
    const provider = fakeProvider(async (q) => (q.page === 1 ? { matches: [resultMatch(1)], total: 120, pageTotal: 3 } : { matches: [resultMatch(q.page * 100)] }));
    await renderView(provider);
    expect(screen.getByText('Page 1 of 3 · 120 matches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(lastQuery(provider)).toMatchObject({ page: 2, pageSize: 50 });
    expect(await screen.findByText(/Home 200\b/)).toBeInTheDocument();
    // No total and no pageTotal: 200 records, so 4 pages of 50.
    expect(screen.getByText('Page 2 of 4 · 200 matches')).toBeInTheDocument();
  });

  it('filters by league and sport; a new sport drops the league and starts at page 1', async () => {
    const provider = fakeProvider(async () => ({ matches: [resultMatch(1)], total: 1 }));
    await renderView(provider);
    const league = screen.getByRole('combobox', { name: 'League' });
    expect(within(league).getAllByRole('option').map((o) => o.textContent)).toEqual(['All leagues', 'Harbour League', 'Valley Cup']);
    await userEvent.selectOptions(league, 'L2');
    expect(lastQuery(provider)).toMatchObject({ sportId: 1, leagueIds: ['L2'], page: 1 });
    const sport = screen.getByRole('combobox', { name: 'Sport' });
    // The spec's sorted list for results (scheme A), named from the catalogue.
    expect(within(sport).getAllByRole('option').map((o) => Number((o as HTMLOptionElement).value))).toEqual([1, 3, 177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51]);
    const tennisLeagues = deferred<ResultLeague[]>();
    provider.leagues.mockImplementation(() => tennisLeagues.promise);
    await userEvent.selectOptions(sport, '5');
    expect(lastQuery(provider)).toMatchObject({ sportId: 5, leagueIds: [], page: 1 });
    expect(provider.leagues).toHaveBeenLastCalledWith(expect.objectContaining({ sportId: 5 }));
    // Football's leagues are not offered while tennis's load.
    expect(within(league).getAllByRole('option').map((o) => o.textContent)).toEqual(['All leagues']);
    await act(async () => tennisLeagues.resolve([{ id: 'T1', name: 'Grass Open' }]));
    expect(within(league).getAllByRole('option').map((o) => o.textContent)).toEqual(['All leagues', 'Grass Open']);
  });

  it('opens a detail with the score by period and the result; a fuller answer from the provider replaces the row', async () => {
    const provider = fakeProvider(
      async () => ({ matches: [resultMatch(7, { format: 'bo3' })], total: 1 }),
      async (id) => resultMatch(Number(id), { format: 'bo3', neutral: true, periods: [{ name: 'Set 1', home: 6, away: 4 }, { name: 'Set 2', home: 7, away: 5 }], score: { home: 2, away: 0 } }),
    );
    await renderView(provider);
    await userEvent.click(screen.getByRole('button', { name: 'Details of Home 7 – Away 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Home 7 – Away 7' });
    expect(provider.detail).toHaveBeenCalledWith('7', 'ENG');
    const periods = within(dialog).getByRole('table', { name: 'Score by period' });
    expect(await within(periods).findByRole('rowheader', { name: 'Set 2' })).toBeInTheDocument();
    const cells = within(periods).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((c) => c.textContent));
    expect(cells).toEqual([
      ['Set 1', '6', '4'],
      ['Set 2', '7', '5'],
      ['Result', '2', '0'],
    ]);
    expect(within(dialog).getByText('Neutral ground')).toBeInTheDocument();
    expect(within(dialog).getByTestId('result-status')).toHaveTextContent('Ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a slower older answer never replaces a newer one', async () => {
    const first = deferred<ResultPage>();
    const provider = fakeProvider(async (q) => (q.sportId === 1 ? first.promise : { matches: [resultMatch(55)], total: 1 }));
    await renderView(provider);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), '3');
    expect(await screen.findByText(/Home 55\b/)).toBeInTheDocument();
    await act(async () => first.resolve({ matches: [resultMatch(11)], total: 1 }));
    expect(screen.queryByText(/Home 11\b/)).not.toBeInTheDocument();
  });
});

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_MAX_RANGE_DAYS, RESULT_PAGE_SIZE } from '../../../contract/resultCodes';
import { DateRangeError, dayOf, formatResultDate, resultsDefaultRange, resultsRange, type DateRange } from '../../domain/dates';
import { sportI18nKeyOf } from '../../kernel/sports';
import type { Logger } from '../../services/logger';
import { Button } from '../common/Button';
import { Dialog } from '../common/Dialog';
import form from '../common/Form.module.css';
import { EmptyState } from '../common/Panel';
import { LoadFailed, RowsSkeleton } from '../common/States';
import type { ResultLeague, ResultModel, ResultsProvider } from './model';
import { answerOrEmpty, pagesOf } from './resultsState';
import styles from './Results.module.css';

/**
 * The screen's strings are the `results` part of the common namespace rather than a namespace of their own: every
 * namespace file adds an entry to the initial bundle's locale map, which has no bytes to spare.
 */
export const RESULTS_KEYS = { keyPrefix: 'results' } as const;

interface ResultsViewProps {
  provider: ResultsProvider;
  /** The operator's time zone (config `timezone`): the days of the range and the times shown. */
  timezone: string;
  /** The app's API language code (CMN, ENG...). */
  language: string;
  logger: Pick<Logger, 'warn'>;
  /** The sports the selector offers: those the merchant offers (scheme A, catalogue order). */
  sportIds: readonly number[];
  now?: () => number;
}

type Status = 'loading' | 'ready' | 'failed';

interface Shown {
  status: Status;
  matches: ResultModel[];
  total: number;
  pages: number;
}

/**
 * One provider's results: sport, league and date-range filters, a page of finished matches and a detail. Every call
 * goes through answerOrEmpty (spec 8: logged, empty answer, loading flag cleared); a newer query always wins over a
 * slower older one.
 */
export function ResultsView({ provider, timezone, language, logger, sportIds, now = Date.now }: ResultsViewProps) {
  const { t } = useTranslation('common', RESULTS_KEYS);
  const { t: common } = useTranslation();
  const ids = useId();
  const initial = useMemo(() => resultsDefaultRange(now(), timezone), [now, timezone]);
  const [sportId, setSportId] = useState(sportIds[0] ?? 1);
  const [leagueId, setLeagueId] = useState('');
  const [range, setRange] = useState<DateRange>(initial);
  const [days, setDays] = useState({ first: dayOf(initial.startTime, timezone), last: dayOf(initial.endTime, timezone) });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [leagues, setLeagues] = useState<ResultLeague[]>([]);
  const [shown, setShown] = useState<Shown>({ status: 'loading', matches: [], total: 0, pages: 1 });
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  // The last match opened stays mounted after its dialog closes, so the dialog closes itself and returns the focus.
  const [detail, setDetail] = useState<ResultModel | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const openDetail = useCallback((m: ResultModel) => {
    setDetail(m);
    setDetailOpen(true);
  }, []);
  const latest = useRef(0);

  useEffect(() => {
    let current = true;
    // Another sport's or range's leagues must not stay offered while this one's load.
    setLeagues([]);
    void answerOrEmpty(() => provider.leagues({ sportId, from: range.startTime, to: range.endTime, language }), [], logger, 'leagues').then(({ value }) => {
      if (current) setLeagues(value);
    });
    return () => {
      current = false;
    };
  }, [provider, sportId, range, language, logger, attempt]);

  useEffect(() => {
    const query = ++latest.current;
    setLoading(true);
    setShown((s) => ({ ...s, status: s.status === 'ready' && s.matches.length > 0 ? 'ready' : 'loading' }));
    const leagueIds = leagueId ? [leagueId] : [];
    void answerOrEmpty(
      () => provider.list({ sportId, leagueIds, from: range.startTime, to: range.endTime, page, pageSize: RESULT_PAGE_SIZE, language }),
      { matches: [], total: 0, pageTotal: 0 },
      logger,
      'result list',
    ).then(({ value, failed }) => {
      if (query !== latest.current) return;
      const { pages, total } = pagesOf(value, RESULT_PAGE_SIZE);
      setShown({ status: failed ? 'failed' : 'ready', matches: value.matches, total: value.matches.length === 0 && page === 1 ? 0 : total, pages });
      setLoading(false);
    });
  }, [provider, sportId, leagueId, range, page, language, logger, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  const chooseSport = (id: number) => {
    setSportId(id);
    setLeagueId('');
    setPage(1);
  };

  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    try {
      setRange(resultsRange(days.first, days.last, timezone, RESULT_MAX_RANGE_DAYS));
      setRangeError(null);
      setLeagueId('');
      setPage(1);
    } catch (error) {
      if (!(error instanceof DateRangeError)) throw error;
      setRangeError(t(`range.error.${error.code}`, { days: RESULT_MAX_RANGE_DAYS }));
    }
  };

  return (
    <div className={styles.body} aria-busy={loading}>
      <div className={styles.filters}>
        <label className={form.field}>
          {t('sport')}
          <select className={form.input} value={sportId} onChange={(e) => chooseSport(Number(e.target.value))}>
            {sportIds.map((id) => (
              <option key={id} value={id}>
                {common(sportI18nKeyOf(id, 'A') ?? '')}
              </option>
            ))}
          </select>
        </label>
        <label className={form.field}>
          {t('league')}
          <select
            className={form.input}
            value={leagueId}
            onChange={(e) => {
              setLeagueId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('allLeagues')}</option>
            {leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <form className={styles.range} onSubmit={applyRange} aria-describedby={rangeError ? `${ids}-range-error` : undefined}>
          <label className={form.field}>
            {t('range.from')}
            <input className={form.input} type="date" value={days.first} onChange={(e) => setDays((d) => ({ ...d, first: e.target.value }))} />
          </label>
          <label className={form.field}>
            {t('range.to')}
            <input className={form.input} type="date" value={days.last} onChange={(e) => setDays((d) => ({ ...d, last: e.target.value }))} />
          </label>
          <Button type="submit" variant="secondary">
            {t('range.apply')}
          </Button>
        </form>
      </div>
      {rangeError && (
        <p id={`${ids}-range-error`} className={form.error} role="alert">
          {rangeError}
        </p>
      )}
      <ResultRows shown={shown} timezone={timezone} onRetry={retry} onOpen={openDetail} />
      {shown.status !== 'failed' && shown.matches.length > 0 && (
        <nav className={styles.pager} aria-label={t('pager.label')}>
          <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)}>
            {t('pager.previous')}
          </Button>
          <span aria-live="polite">{t('pager.status', { page, pages: shown.pages, total: shown.total })}</span>
          <Button variant="secondary" disabled={page >= shown.pages || loading} onClick={() => setPage((p) => p + 1)}>
            {t('pager.next')}
          </Button>
        </nav>
      )}
      {loading && shown.status === 'ready' && <p className={styles.loading}>{common('app.loading')}</p>}
      {detail && <ResultDetail key={detail.id} open={detailOpen} match={detail} provider={provider} language={language} timezone={timezone} logger={logger} onClose={() => setDetailOpen(false)} />}
    </div>
  );
}

function ResultRows({ shown, timezone, onRetry, onOpen }: { shown: Shown; timezone: string; onRetry(): void; onOpen(m: ResultModel): void }) {
  const { t } = useTranslation('common', RESULTS_KEYS);
  if (shown.status === 'loading') return <RowsSkeleton />;
  if (shown.status === 'failed') return <LoadFailed onRetry={onRetry} />;
  if (shown.matches.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <table className={styles.table}>
      <caption className="sp-visually-hidden">{t('title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('column.time')}</th>
          <th scope="col">{t('column.league')}</th>
          <th scope="col">{t('column.match')}</th>
          <th scope="col">{t('column.score')}</th>
          <th scope="col">{t('column.status')}</th>
          <th scope="col">
            <span className="sp-visually-hidden">{t('column.detail')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.matches.map((m) => (
          <tr key={m.id} data-result-id={m.id}>
            <td className={styles.time}>{formatResultDate(m.beginTime, timezone)}</td>
            <td>{m.league.name}</td>
            <td>
              {m.home} <span className={styles.versus}>–</span> {m.away}
            </td>
            <td className={styles.score}>{hasScore(m) ? `${m.score.home} : ${m.score.away}` : '–'}</td>
            <td>{t(`status.${m.status}`)}</td>
            <td>
              <Button variant="secondary" onClick={() => onOpen(m)} aria-label={t('detail.open', { home: m.home, away: m.away })}>
                {t('column.detail')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A match called off before it started has no score to show, only its status. */
const hasScore = (m: ResultModel) => m.periods.length > 0 || m.score.home + m.score.away > 0 || m.status === 'Ended';

function ResultDetail({
  open,
  match,
  provider,
  language,
  timezone,
  logger,
  onClose,
}: {
  open: boolean;
  match: ResultModel;
  provider: ResultsProvider;
  language: string;
  timezone: string;
  logger: Pick<Logger, 'warn'>;
  onClose(): void;
}) {
  const { t } = useTranslation('common', RESULTS_KEYS);
  const [full, setFull] = useState(match);
  useEffect(() => {
    if (!provider.detail) return;
    let current = true;
    // The row already holds everything the detail shows; a fuller answer replaces it, a failed one is only logged.
    void answerOrEmpty(() => provider.detail!(match.id, language), match, logger, 'result detail').then(({ value }) => {
      if (current) setFull(value);
    });
    return () => {
      current = false;
    };
  }, [provider, match, language, logger]);
  return (
    <Dialog open={open} title={t('detail.title', { home: full.home, away: full.away })} onClose={onClose}>
      <dl className={styles.facts}>
        <dt>{t('column.league')}</dt>
        <dd>{full.league.name}</dd>
        <dt>{t('column.time')}</dt>
        <dd>{formatResultDate(full.beginTime, timezone)}</dd>
        <dt>{t('column.status')}</dt>
        <dd data-testid="result-status">{t(`status.${full.status}`)}</dd>
        {full.format && (
          <>
            <dt>{t('detail.format')}</dt>
            <dd>{full.format}</dd>
          </>
        )}
        {full.neutral && (
          <>
            <dt>{t('detail.venue')}</dt>
            <dd>{t('detail.neutral')}</dd>
          </>
        )}
      </dl>
      <table className={styles.periods}>
        <caption>{t('detail.byPeriod')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.period')}</th>
            <th scope="col">{full.home}</th>
            <th scope="col">{full.away}</th>
          </tr>
        </thead>
        <tbody>
          {full.periods.map((p, i) => (
            <tr key={`${i}-${p.name}`}>
              <th scope="row">{p.name}</th>
              <td>{p.home}</td>
              <td>{p.away}</td>
            </tr>
          ))}
          <tr className={styles.totalRow}>
            <th scope="row">{t('detail.total')}</th>
            <td>{hasScore(full) ? full.score.home : '–'}</td>
            <td>{hasScore(full) ? full.score.away : '–'}</td>
          </tr>
        </tbody>
      </table>
      <div className={styles.dialogActions}>
        <Button onClick={onClose}>{t('detail.close')}</Button>
      </div>
    </Dialog>
  );
}

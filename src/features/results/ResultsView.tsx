import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_MAX_RANGE_DAYS } from '../../../contract/resultCodes';
import { DateRangeError, dayOf, formatResultDate, resultsDefaultRange, resultsRange } from '../../../domain/dates';
import { sportI18nKeyOf } from '../../kernel/sports';
import type { Logger } from '../../services/logger';
import { Button } from '../../core/ui/common/Button';
import { Dialog } from '../../core/ui/common/Dialog';
import { FormError } from '../../core/ui/common/Form';
import form from '../../core/ui/common/Form.module.css';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { ResultsStore, type ResultRowsStatus, type ResultsEnv } from './results';
import type { ResultModel, ResultsProvider } from './model';
import styles from './Results.module.css';

/** The results screen's strings (locales/<language>/results.json), loaded with the screen. */
export const RESULTS_NS = 'results';

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

/**
 * One provider's results: sport, league and date-range filters, a page of finished matches and a detail. What the
 * provider answers lives in the screen's model (ResultsStore: a newer query always wins over a slower older one); only
 * the range being typed is the form's own state.
 */
export const ResultsView = observer(function ResultsView({ provider, timezone, language, logger, sportIds, now = Date.now }: ResultsViewProps) {
  const { t } = useTranslation(RESULTS_NS);
  const { t: common } = useTranslation();
  const ids = useId();
  const [store] = useState(() => {
    const initial = resultsDefaultRange(now(), timezone);
    return ResultsStore.create({ sportId: sportIds[0] ?? 1, range: initial }, { logger } satisfies ResultsEnv);
  });
  const [days, setDays] = useState(() => ({ first: dayOf(store.range.startTime, timezone), last: dayOf(store.range.endTime, timezone) }));
  const [rangeError, setRangeError] = useState<string | null>(null);

  useEffect(() => {
    store.connect(provider, language);
    return () => store.disconnect();
  }, [store, provider, language]);

  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    try {
      store.chooseRange(resultsRange(days.first, days.last, timezone, RESULT_MAX_RANGE_DAYS));
      setRangeError(null);
    } catch (error) {
      if (!(error instanceof DateRangeError)) throw error;
      setRangeError(t(`range.error.${error.code}`, { days: RESULT_MAX_RANGE_DAYS }));
    }
  };
  const { sportId, leagueId, page, loading, rowsStatus, matches, detail } = store;

  return (
    <div className={styles.body} aria-busy={loading}>
      <div className={styles.filters}>
        <label className={form.field}>
          {t('sport')}
          <select className={form.input} value={sportId} onChange={(e) => store.chooseSport(Number(e.target.value))}>
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
            onChange={(e) => store.chooseLeague(e.target.value)}
          >
            <option value="">{t('allLeagues')}</option>
            {store.leagues.map((l) => (
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
      <FormError id={`${ids}-range-error`}>{rangeError}</FormError>
      <ResultRows status={rowsStatus} matches={matches} timezone={timezone} onRetry={store.retry} onOpen={store.openDetail} />
      {rowsStatus !== 'failed' && matches.length > 0 && (
        <nav className={styles.pager} aria-label={t('pager.label')}>
          <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => store.goToPage(page - 1)}>
            {t('pager.previous')}
          </Button>
          <span aria-live="polite">{t('pager.status', { page, pages: store.pages, total: store.total })}</span>
          <Button variant="secondary" disabled={page >= store.pages || loading} onClick={() => store.goToPage(page + 1)}>
            {t('pager.next')}
          </Button>
        </nav>
      )}
      {loading && rowsStatus === 'ready' && <p className={styles.loading}>{common('app.loading')}</p>}
      {detail && <ResultDetail key={detail.id} open={store.detailOpen} match={detail} timezone={timezone} onClose={store.closeDetail} />}
    </div>
  );
});

function ResultRows({
  status,
  matches,
  timezone,
  onRetry,
  onOpen,
}: {
  status: ResultRowsStatus;
  matches: readonly ResultModel[];
  timezone: string;
  onRetry(): void;
  onOpen(m: ResultModel): void;
}) {
  const { t } = useTranslation(RESULTS_NS);
  if (status === 'loading') return <RowsSkeleton />;
  if (status === 'failed') return <LoadFailed onRetry={onRetry} />;
  if (matches.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
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
        {matches.map((m) => (
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

/** `match`: the row's record, or the provider's fuller answer once it came (ResultsStore.openDetail). */
function ResultDetail({ open, match: full, timezone, onClose }: { open: boolean; match: ResultModel; timezone: string; onClose(): void }) {
  const { t } = useTranslation(RESULTS_NS);
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

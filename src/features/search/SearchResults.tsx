import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../kernel/sports';
import { formatInZone } from '../../core/domain/zonedTime';
import type { WireMatch } from '../../../contract';
import { isLive, searchOf } from './search';
import { Button } from '../../core/ui/common/Button';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import styles from './SearchBox.module.css';

/** The header search's results popover: the matches found, grouped by sport, as options of the input's listbox. */
export const SearchResults = observer(function SearchResults({
  listId,
  optionId,
  active,
  onHover,
  onPick,
}: {
  listId: string;
  optionId(index: number): string;
  /** The highlighted option's index over all groups (-1: none). */
  active: number;
  onHover(index: number): void;
  onPick(match: WireMatch): void;
}) {
  const { t, i18n } = useTranslation();
  const search = searchOf(useStore());
  const results = search.results;
  let index = -1;
  return (
    // A tab stop, so keyboard users can scroll the panel too (the arrows scroll it from the input as well).
    <div className={styles.popover} tabIndex={0}>
      {search.status === 'loading' && (
        <p className={styles.note} role="status">
          {t('app.loading')}
        </p>
      )}
      {search.status === 'failed' && (
        <div className={styles.note} role="alert">
          {t('search.failed')}{' '}
          <Button variant="secondary" onClick={() => void search.run()}>
            {t('action.retry')}
          </Button>
        </div>
      )}
      {search.status === 'ready' && results.length === 0 && (
        <p className={styles.note} role="status">
          {t('search.empty')}
        </p>
      )}
      <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.list} hidden={search.status !== 'ready' || results.length === 0}>
        {search.status === 'ready' &&
          search.groups.map((group) => {
            const sportKey = sportI18nKeyOf(group.sportId, 'A');
            const headingId = `${listId}-sport-${group.sportId}`;
            return (
              <div key={group.sportId} role="group" aria-labelledby={headingId}>
                <div id={headingId} role="presentation" className={styles.sport}>
                  {sportKey ? t(sportKey) : group.sportId}
                </div>
                {group.matches.map((match) => {
                  index += 1;
                  const position = index;
                  return (
                    <Result
                      key={match.matchId}
                      id={optionId(position)}
                      match={match}
                      active={position === active}
                      language={i18n.language}
                      onHover={() => onHover(position)}
                      onPick={() => onPick(match)}
                    />
                  );
                })}
              </div>
            );
          })}
      </div>
    </div>
  );
});

const Result = observer(function Result({
  id,
  match,
  active,
  language,
  onHover,
  onPick,
}: {
  id: string;
  match: WireMatch;
  active: boolean;
  language: string;
  onHover(): void;
  onPick(): void;
}) {
  const { t } = useTranslation();
  const live = useLiveBook().match(match.matchId);
  const playing = isLive(match);
  const { timezone } = useStore().ui;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      className={styles.option}
      data-match-id={match.matchId}
      // Keeps focus in the input: a mousedown on an option would blur it and close the popover before the click.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onPick}
    >
      <span className={styles.when}>
        {playing ? (
          <span className={styles.live}>{t('search.live')}</span>
        ) : (
          formatInZone(match.beginTime, timezone, language, 'dateTime')
        )}
      </span>
      <span className={styles.teams}>
        <span className={styles.match}>
          {match.matchInfo.homeName} – {match.matchInfo.awayName}
        </span>
        <span className={styles.league}>{match.leagueInfo.name}</span>
      </span>
      {playing && (
        <span className={styles.score}>
          {live?.homeScore ?? match.matchInfo.homeScore}:{live?.awayScore ?? match.matchInfo.awayScore}
        </span>
      )}
    </div>
  );
});

import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../kernel/sports';
import { formatInZone } from '../../domain/zonedTime';
import type { WireMatch } from '../../../contract';
import { isLive, SEARCH_MAX_LENGTH } from '../../stores/search';
import { Button } from '../common/Button';
import { useLiveBook, useStore } from '../storeContext';
import styles from './SearchBox.module.css';

/**
 * The header search: a combobox over the results popover. Typing searches after a pause; arrows move through the
 * results of every sport, Enter opens the highlighted one, Escape clears. The input keeps focus throughout, the
 * highlighted option is announced through aria-activedescendant.
 */
export const SearchBox = observer(function SearchBox() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { search } = store;
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const results = search.results;

  // New results: nothing highlighted until the member moves.
  useEffect(() => setActive(-1), [search.groups]);

  const open = focused && search.term !== '';
  const pick = (match: WireMatch) => {
    void store.openSearchResult(match);
    input.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (results.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 && step < 0 ? results.length - 1 : (current + step + results.length) % results.length));
        return;
      }
      case 'Enter': {
        const match = results[active];
        if (!match) return;
        event.preventDefault();
        pick(match);
        return;
      }
      case 'Escape':
        if (search.query === '') return;
        event.preventDefault();
        search.clear();
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving into the popover (its retry button) keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  let index = -1;
  return (
    <div className={styles.search} onFocus={() => setFocused(true)} onBlur={onBlur}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        className={styles.input}
        type="search"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {open && (
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
                const headingId = `${id}-sport-${group.sportId}`;
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
                          onHover={() => setActive(position)}
                          onPick={() => pick(match)}
                        />
                      );
                    })}
                  </div>
                );
              })}
          </div>
        </div>
      )}
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

import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireMatch } from '../../../contract';
import { SEARCH_MAX_LENGTH } from './domain/searchTerm';
import type { SearchStoreInstance } from './search';
import { useStore } from '../../core/ui/storeContext';
import styles from './SearchBox.module.css';

// The header's input is first-paint; the search store comes with the first focus and the results popover with the
// first search, both in one chunk.
const SearchResults = lazy(() => import(/* webpackChunkName: "search-results" */ './SearchResults').then((m) => ({ default: m.SearchResults })));
let searchModule: typeof import('./search') | undefined;
const loadSearch = () => import(/* webpackChunkName: "search-results" */ './search');

/**
 * The header search: a combobox over the results popover. Typing searches after a pause; arrows move through the
 * results of every sport, Enter opens the highlighted one, Escape clears. The input keeps focus throughout, the
 * highlighted option is announced through aria-activedescendant.
 */
export const SearchBox = observer(function SearchBox() {
  const { t } = useTranslation();
  const store = useStore();
  const [search, setSearch] = useState<SearchStoreInstance | undefined>(() => searchModule?.existingSearch(store));
  // What the member typed before the store arrived: it becomes the store's query when it does.
  const [draft, setDraft] = useState('');
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const results = search?.results ?? [];

  // New results: nothing highlighted until the member moves.
  useEffect(() => setActive(-1), [search?.groups]);
  useEffect(() => {
    if (!search || draft === '') return;
    search.setQuery(draft);
    setDraft('');
  }, [search, draft]);

  const load = () => {
    if (search) return;
    void loadSearch().then((module) => {
      searchModule = module;
      setSearch(module.searchOf(store));
    });
  };
  const open = focused && search !== undefined && search.term !== '';
  const pick = (match: WireMatch) => {
    search?.clear();
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
        if (!search || search.query === '') return;
        event.preventDefault();
        search.clear();
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving into the popover (its retry button) keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      className={styles.search}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={onBlur}
    >
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
        value={search ? search.query : draft}
        onChange={(event) => (search ? search.setQuery(event.target.value) : setDraft(event.target.value))}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Suspense
          fallback={
            <div className={styles.popover}>
              <p className={styles.note} role="status">
                {t('app.loading')}
              </p>
            </div>
          }
        >
          <SearchResults listId={listId} optionId={optionId} active={active} onHover={setActive} onPick={pick} />
        </Suspense>
      )}
    </div>
  );
});

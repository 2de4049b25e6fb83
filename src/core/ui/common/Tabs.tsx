import { useRef, type KeyboardEvent } from 'react';
import styles from './Tabs.module.css';

interface TabsProps<T extends string> {
  tabs: ReadonlyArray<{ id: T; label: string }>;
  selected: NoInfer<T>;
  /** Called with the tab chosen (T comes from `tabs` alone, so a state setter of a wider type fits). */
  onSelect: (id: NoInfer<T>) => void;
  /** The accessible name of the tab list. */
  label: string;
  /** Prefix of the tabs' element ids; the panel is `${idPrefix}-panel`, labelled by the selected tab. */
  idPrefix: string;
  /** A place's own look (the slip's segmented control), replacing the default pills. */
  classNames?: { list: string; tab: string };
}

const PILLS = { list: styles.tabs, tab: styles.tab };

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * A WAI-ARIA tab list: one tab in the tab order, arrow keys, Home and End move between the tabs and select. The
 * caller renders the panel with `role="tabpanel"`, id `tabPanelId(idPrefix)` and aria-labelledby the selected tab.
 */
export function Tabs<T extends string>({ tabs, selected, onSelect, label, idPrefix, classNames = PILLS }: TabsProps<T>) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    onSelect(tabs[next]!.id);
  };
  return (
    <div className={classNames.list} role="tablist" aria-label={label}>
      {tabs.map(({ id, label: text }, index) => (
        <button
          key={id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={tabId(idPrefix, id)}
          type="button"
          role="tab"
          className={classNames.tab}
          aria-selected={selected === id}
          aria-controls={tabPanelId(idPrefix)}
          tabIndex={selected === id ? 0 : -1}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => onSelect(id)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

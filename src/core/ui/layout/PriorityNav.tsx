import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import styles from './PriorityNav.module.css';

export interface NavItem {
  key: string;
  label: string;
  current: boolean;
  onSelect: () => void;
  /** A real address (Home): rendered as a link so it can be opened in a new tab. */
  href?: string;
  /** Shown after the label (the favourites count). */
  badge?: ReactNode;
}

/** The More button's width before it was ever drawn (it is measured once shown). */
const MORE_WIDTH_GUESS = 96;

/**
 * How many of the items fit the area: all when they do; otherwise as many as leave room for the More button.
 * Items stay laid out (clipped and inert past the count), so their widths can always be measured.
 */
function useVisibleCount(area: React.RefObject<HTMLElement | null>, items: React.RefObject<Array<HTMLElement | null>>, more: React.RefObject<HTMLElement | null>, layoutKey: string) {
  const [visible, setVisible] = useState(Number.MAX_SAFE_INTEGER);
  const moreWidth = useRef(MORE_WIDTH_GUESS);
  const measure = useCallback(() => {
    const element = area.current;
    if (!element) return;
    const widths = items.current.map((item) => item?.offsetWidth ?? 0);
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    if (more.current?.offsetWidth) moreWidth.current = more.current.offsetWidth;
    const available = element.clientWidth;
    const needed = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
    if (needed <= available) {
      setVisible(widths.length);
      return;
    }
    const room = available - moreWidth.current - gap;
    let used = 0;
    let count = 0;
    for (const width of widths) {
      used += width + (count > 0 ? gap : 0);
      if (used > room) break;
      count += 1;
    }
    setVisible(count);
  }, [area, items, more]);

  // Again once More appears or goes: its real width replaces the guess.
  useLayoutEffect(measure, [measure, layoutKey, visible]);
  useEffect(() => {
    const element = area.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The area for the room, each item for its own width (a web font arriving, a badge appearing).
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    for (const item of items.current) if (item) observer.observe(item);
    return () => observer.disconnect();
  }, [area, items, measure, layoutKey]);
  return visible;
}

/**
 * The main navigation as "priority+": items that do not fit the header's width in the member's language move
 * into a More menu, so every screen stays one click (or a few keys) away at any desktop width.
 */
export function PriorityNav({ items, label }: { items: NavItem[]; label: string }) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const moreButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  itemRefs.current.length = items.length;
  const visible = useVisibleCount(area, itemRefs, moreButton, items.map((i) => `${i.key}:${i.label}:${i.badge ?? ''}`).join('|'));
  const overflow = items.slice(visible);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !moreButton.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  useEffect(() => {
    if (overflow.length === 0) setOpen(false);
  }, [overflow.length]);

  const close = () => {
    setOpen(false);
    moreButton.current?.focus();
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: (index + 1) % entries.length, ArrowUp: (index - 1 + entries.length) % entries.length, Home: 0, End: entries.length - 1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (next !== undefined) {
      event.preventDefault();
      entries[next]?.focus();
    }
  };

  const entry = (item: NavItem, className: string, onSelect: () => void, ref?: (element: HTMLElement | null) => void, hidden?: boolean) => {
    const common = {
      className: item.current ? `${className} ${styles.active}` : className,
      'aria-current': item.current ? ('page' as const) : undefined,
      onClick: onSelect,
      inert: hidden || undefined,
      'aria-hidden': hidden || undefined,
    };
    const content = (
      <>
        {item.label}
        {item.badge}
      </>
    );
    return item.href ? (
      <Link key={item.key} href={item.href} ref={ref} {...common}>
        {content}
      </Link>
    ) : (
      <button key={item.key} type="button" ref={ref} {...common}>
        {content}
      </button>
    );
  };

  return (
    <div className={styles.area} ref={area}>
      <nav className={styles.nav} aria-label={label}>
        {items.map((item, index) =>
          entry(
            item,
            styles.tab,
            item.onSelect,
            (element) => {
              itemRefs.current[index] = element;
            },
            index >= visible,
          ),
        )}
      </nav>
      {overflow.length > 0 && (
        <div className={styles.more}>
          <button
            ref={moreButton}
            type="button"
            className={overflow.some((i) => i.current) ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-expanded={open}
            aria-controls={menuId}
            aria-haspopup="true"
            onClick={() => setOpen((o) => !o)}
          >
            {t('nav.more')}
            <span className={styles.caret} aria-hidden="true" />
          </button>
          {open && (
            <ul id={menuId} ref={menu} className={styles.menu} aria-label={t('nav.more')} onKeyDown={onMenuKeyDown}>
              {overflow.map((item) => (
                <li key={item.key}>
                  {entry(item, styles.menuItem, () => {
                    item.onSelect();
                    close();
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

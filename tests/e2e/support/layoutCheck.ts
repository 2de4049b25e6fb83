import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANGUAGES, switchLanguage } from './fixtures';
import type { Locale } from './world';

/**
 * The layout check (issue 28): every visible control of a screen is reachable by a mouse user. For each control, the
 * mouse wheel (over the control's own scroll container, as a person scrolls; never a scripted scrollIntoView) brings
 * it into view, and then the point at its centre hit-tests to the control itself or something inside it: not to a
 * panel, a sticky header or a column lying over it. And no text in it is cut: the control and anything inside it
 * that clips its content fit what they hold (scrollWidth ≤ clientWidth); a field or a select fits its text.
 *
 * The check counts the controls it tested and a screen states the fewest it must have, so a screen that lost its
 * controls (an empty list, a panel that failed to load) cannot pass quietly.
 */

/** The two most common laptop sizes (issue 28). */
export const LAYOUT_SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
export type LayoutSize = (typeof LAYOUT_SIZES)[number];
export const sizeName = (size: LayoutSize) => `${size.width}×${size.height}`;

/** What one check found on one screen. */
export interface LayoutResult {
  screen: string;
  /** Controls tested (reached and hit-tested, or failed). */
  tested: number;
  /** Controls that left the page while the check ran (a virtualised list's row re-rendered): not counted. */
  gone: string[];
  /** Controls placed off the page on purpose (skip links, shown on focus only): not counted. */
  offPage: number;
  problems: string[];
  /** How long the check took. */
  ms: number;
}

/** A scroll step the page asks for: wheel by (dx, dy) with the mouse at (x, y). */
interface Wheel {
  x: number;
  y: number;
  dx: number;
  dy: number;
}
type Plan = { ok: true } | { gone: true } | { wheel: Wheel } | { covered: string } | { fail: string };

interface Probe {
  mark(scope: Element): { ids: number[]; offPage: number; cut: Record<number, string> };
  passing(ids: number[]): number[];
  /**
   * The one highest on the page of these controls and the plan that reaches it (`plan`, without a cover), or undefined
   * when none is on the page any more: one round trip where the loop below made two.
   */
  next(ids: number[]): { id: number; plan: Plan } | undefined;
  plan(id: number, centre: boolean): Plan;
  describe(id: number): string;
  /** What the point at the control's centre hits now. */
  under(id: number): string;
  /** Once the page stands still after a planned wheel (`settle`), the controls of `ids` that now hit-test to themselves. */
  settledPassing(ids: number[]): Promise<number[]>;
  quiet(scope: Element): Promise<void>;
  clear(): void;
}
type ProbeWindow = Window & { __layoutProbe?: Probe };

/**
 * The in-page half of the check, installed once per document. Written as one function because Playwright sends it
 * to the page as source: it may use nothing from this file.
 */
function installProbe() {
  const w = window as ProbeWindow;
  if (w.__layoutProbe) return;
  // Interactive controls: native ones and anything given a widget role or a place in the tab order.
  const CONTROLS = [
    'button',
    'a[href]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const ATTR = 'data-layout-probe';
  let next = 1;
  const byId = (id: number) => document.querySelector<HTMLElement>(`[${ATTR}="${id}"]`);
  /** What each control was when marked: named still if it leaves the page. */
  const names = new Map<number, string>();
  const root = document.scrollingElement as HTMLElement;

  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const viewport = (): Box => ({ left: 0, top: 0, right: root.clientWidth, bottom: root.clientHeight });
  const clientBox = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    const left = r.left + el.clientLeft;
    const top = r.top + el.clientTop;
    return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
  };
  const intersect = (a: Box, b: Box): Box => ({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
  const inside = (x: number, y: number, b: Box, margin: number) => x >= b.left + margin && x <= b.right - margin && y >= b.top + margin && y <= b.bottom - margin;

  const scrollsOn = (el: Element, axis: 'x' | 'y') => {
    if (el === root) return axis === 'y' ? root.scrollHeight > root.clientHeight : root.scrollWidth > root.clientWidth;
    const style = getComputedStyle(el);
    const overflow = axis === 'y' ? style.overflowY : style.overflowX;
    if (!/(auto|scroll|overlay)/.test(overflow)) return false;
    return axis === 'y' ? el.scrollHeight > el.clientHeight : el.scrollWidth > el.clientWidth;
  };
  const isScroller = (el: Element) => scrollsOn(el, 'x') || scrollsOn(el, 'y');
  /** The scroll containers that move `el`, outermost first (the document unless a fixed ancestor comes first). */
  const scrollersOf = (el: Element): Element[] => {
    const chain: Element[] = [];
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      if (isScroller(a)) chain.unshift(a);
      if (getComputedStyle(a).position === 'fixed') return chain;
    }
    if (isScroller(root)) chain.unshift(root);
    return chain;
  };
  /** How far a scroller can still move: [min, max] for dx and dy. */
  const room = (el: Element) => ({
    x: [-el.scrollLeft, el.scrollWidth - el.clientWidth - el.scrollLeft] as const,
    y: [-el.scrollTop, el.scrollHeight - el.clientHeight - el.scrollTop] as const,
  });
  /** The scroller a wheel of (dx, dy) at the point moves, as Chromium routes it: the first up from the hit that can. */
  const wheelTarget = (x: number, y: number, dx: number, dy: number): Element | undefined => {
    let el = document.elementFromPoint(x, y);
    for (; el; el = el === root ? null : (el.parentElement ?? root)) {
      if (el === document.body) continue;
      const can = (isScroller(el) || el === root) && ((dy > 0 && room(el).y[1] >= 1) || (dy < 0 && room(el).y[0] <= -1) || (dx > 0 && room(el).x[1] >= 1) || (dx < 0 && room(el).x[0] <= -1));
      if (can) return el;
      const behaviour = getComputedStyle(el).overscrollBehavior;
      if (isScroller(el) && /(contain|none)/.test(behaviour)) return undefined;
    }
    return undefined;
  };

  const textOf = (el: Element) => (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 48);
  const describe = (el: Element | null): string => {
    if (!el) return '(nothing)';
    const role = el.getAttribute('role');
    const label = textOf(el);
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${el.id ? ` #${el.id}` : ''}>${label ? ` "${label}"` : ''}`;
  };

  const canvas = document.createElement('canvas').getContext('2d')!;
  const textWidth = (text: string, style: CSSStyleDeclaration) => {
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };
  /** Chromium's drop-down arrow of a select with the default appearance. */
  const SELECT_ARROW = 20;
  /** What of a control's text is cut, or undefined. */
  const cutOf = (control: HTMLElement): string | undefined => {
    if (control instanceof HTMLSelectElement || (control instanceof HTMLInputElement && /^(text|search|email|password|tel|url|number|)$/.test(control.type))) {
      const style = getComputedStyle(control);
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (control instanceof HTMLSelectElement && style.appearance !== 'none' ? SELECT_ARROW : 0);
      const text = control instanceof HTMLSelectElement ? (control.selectedOptions[0]?.text ?? '') : control.value || control.placeholder;
      const width = textWidth(text, style);
      return width > room + 0.5 ? `"${text}" needs ${Math.ceil(width)} px, has ${Math.floor(room)}` : undefined;
    }
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return undefined;
    for (const el of [control, ...control.querySelectorAll('*')]) {
      if (!(el instanceof HTMLElement) || el.clientWidth <= 1 || el.clientHeight <= 1) continue; // visually hidden text
      const style = getComputedStyle(el);
      if (style.display === 'inline' || isScroller(el)) continue; // no box of its own / scrolls by design
      const clips = style.overflowX !== 'visible';
      // The control's own box holds its text whatever its overflow; inside it, what clips must fit too.
      if ((el === control || clips) && el.scrollWidth > el.clientWidth) return `${el === control ? 'its text' : describe(el)} is ${el.scrollWidth - el.clientWidth} px wider than its box`;
      if ((el === control || style.overflowY !== 'visible') && el.scrollHeight > el.clientHeight + 1 && (el.innerText ?? '').trim() !== '') {
        return `${el === control ? 'its text' : describe(el)} is ${el.scrollHeight - el.clientHeight} px taller than its box`;
      }
    }
    return undefined;
  };

  const hits = (el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (!inside(x, y, viewport(), 0)) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  };

  let lastChain: Element[] = [];
  /** Where the scrollers of the last plan stood when it was made (before its wheel). */
  let planned = '';
  const positions = () => [root, ...lastChain].map((el) => `${el.scrollLeft},${el.scrollTop}`).join(' ');
  const first = (ids: number[]) => {
    let best: number | undefined;
    let top = Infinity;
    for (const id of ids) {
      const el = byId(id);
      if (!el) continue;
      const y = el.getBoundingClientRect().top + window.scrollY;
      if (y < top) [best, top] = [id, y];
    }
    return best;
  };
  const passing = (ids: number[]) =>
    ids.filter((id) => {
      const el = byId(id);
      return el !== null && hits(el);
    });
  /**
   * Until every scroller of the last plan stood still: for two frames once one moved from where the plan found it
   * (the headless shell applies a wheel at once, without smooth scrolling), for three when none has moved yet (a
   * wheel still on its way), at most 60 frames.
   */
  const settle = () =>
    new Promise<void>((resolve) => {
      let last = positions();
      let still = 0;
      let frames = 0;
      const tick = () => {
        const now = positions();
        still = now === last ? still + 1 : 0;
        last = now;
        frames += 1;
        if (still >= (now !== planned ? 2 : 3) || frames > 60) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  w.__layoutProbe = {
    mark(scope) {
      const ids: number[] = [];
      const cut: Record<number, string> = {};
      let offPage = 0;
      for (const el of scope.querySelectorAll<HTMLElement>(CONTROLS)) {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        // Above or left of its scroller's origin no scroll reaches: placed there on purpose until focused (skip links).
        const scroller = scrollersOf(el).pop() ?? root;
        const origin = scroller === root ? { left: -window.scrollX, top: -window.scrollY } : { left: clientBox(scroller).left - scroller.scrollLeft, top: clientBox(scroller).top - scroller.scrollTop };
        if (r.bottom <= origin.top || r.right <= origin.left) {
          offPage += 1;
          continue;
        }
        const id = next++;
        el.setAttribute(ATTR, String(id));
        ids.push(id);
        names.set(id, describe(el));
        const problem = cutOf(el);
        if (problem) cut[id] = problem;
      }
      return { ids, offPage, cut };
    },
    passing,
    next(ids) {
      const id = first(ids);
      return id === undefined ? undefined : { id, plan: this.plan(id, false) };
    },
    plan(id, centre) {
      const el = byId(id);
      if (!el) return { gone: true };
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const chain = scrollersOf(el);
      lastChain = chain;
      planned = positions();
      // Each scroller's own scrollport, and the part of it on screen (inside every scroller around it).
      const own = chain.map((s) => (s === root ? viewport() : clientBox(s)));
      const shown: Box[] = [];
      own.forEach((box, k) => shown.push(intersect(k === 0 ? viewport() : shown[k - 1]!, box)));
      const name = (s: Element) => describe(s === root ? document.documentElement : s);
      /** A wheel over scroller k that moves the centre to the middle of `region` (where the wheel can take it). */
      const towards = (k: number, region: Box, axes: { x: boolean; y: boolean }): Plan | undefined => {
        const scroller = chain[k]!;
        const free = room(scroller);
        const dx = axes.x ? Math.round(Math.min(Math.max(x - (region.left + region.right) / 2, free.x[0]), free.x[1])) : 0;
        const dy = axes.y ? Math.round(Math.min(Math.max(y - (region.top + region.bottom) / 2, free.y[0]), free.y[1])) : 0;
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return undefined;
        // The mouse where a wheel scrolls this scroller and no other: a grid of points over its part on screen.
        const at = shown[k]!;
        for (let i = 1; i < 8; i += 1) {
          for (let j = 1; j < 8; j += 1) {
            const px = at.left + ((at.right - at.left) * j) / 8;
            const py = at.top + ((at.bottom - at.top) * i) / 8;
            if (wheelTarget(px, py, dx, dy) === scroller) return { wheel: { x: px, y: py, dx, dy } };
          }
        }
        return { fail: `no place to put the mouse to scroll ${name(scroller)} towards it` };
      };
      const outside = (box: Box) => ({ x: x < box.left + 2 || x > box.right - 2, y: y < box.top + 2 || y > box.bottom - 2 });
      // Innermost first, into each scroller's own scrollport: a scroller that sticks in its outer one (the sports menu
      // in the page) moves the control, the outer one does not.
      for (let k = chain.length - 1; k >= 0; k -= 1) {
        const off = outside(own[k]!);
        if (!off.x && !off.y) continue;
        if (shown[k]!.right <= shown[k]!.left || shown[k]!.bottom <= shown[k]!.top) continue; // off screen: outer first
        return towards(k, shown[k]!, off) ?? { fail: `outside what ${name(chain[k]!)} shows, and the wheel cannot scroll it further` };
      }
      // Then outermost first, into what shows on screen.
      for (let k = 0; k < chain.length; k += 1) {
        const off = outside(shown[k]!);
        if (!off.x && !off.y) continue;
        return towards(k, shown[k]!, off) ?? { fail: `outside what ${name(chain[k]!)} shows, and the wheel cannot scroll it further` };
      }
      // Out from under a cover (a sticky header or footer): towards the middle of the innermost scroller that can move
      // it there (an outer one may not move it at all: a sticky column).
      if (centre) {
        for (let k = chain.length - 1; k >= 0; k -= 1) {
          const region = shown[k]!;
          if (Math.abs(y - (region.top + region.bottom) / 2) <= (region.bottom - region.top) / 5) continue;
          const plan = towards(k, region, { x: false, y: true });
          if (plan) return plan;
        }
      }
      if (hits(el)) return { ok: true };
      return { covered: describe(document.elementFromPoint(x, y)) };
    },
    under(id) {
      const el = byId(id);
      if (!el) return '(gone)';
      const r = el.getBoundingClientRect();
      return `${describe(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))} at ${Math.round(r.left + r.width / 2)},${Math.round(r.top + r.height / 2)}`;
    },
    describe(id) {
      return names.get(id) ?? describe(byId(id));
    },
    async settledPassing(ids) {
      await settle();
      return passing(ids);
    },
    quiet(scope) {
      // A screen just shown may still replace what it drew (a list's second answer): until no element has come or
      // gone for 300 ms, at most 5 s.
      return new Promise<void>((resolve) => {
        let timer = setTimeout(done, 300);
        const limit = setTimeout(done, 5_000);
        const observer = new MutationObserver((records) => {
          if (!records.some((r) => r.type === 'childList' && (r.addedNodes.length > 0 || r.removedNodes.length > 0))) return;
          clearTimeout(timer);
          timer = setTimeout(done, 300);
        });
        observer.observe(scope, { childList: true, subtree: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve();
        }
      });
    },
    clear() {
      for (const el of document.querySelectorAll(`[${ATTR}]`)) el.removeAttribute(ATTR);
      names.clear();
    },
  };
}

/**
 * Checks every visible control inside `scope` (the app by default; an open dialog's box, for a dialog) as described
 * at the top of this file, and answers what it found.
 */
export async function checkLayout(page: Page, screen: string, scope: Locator = page.locator('[data-sport-pc]').first()): Promise<LayoutResult> {
  const started = Date.now();
  // A toast lies over the screen's top for a few seconds on purpose ("Added to parlay"): checked once it has gone.
  await expect(page.locator('[data-sport-pc] [data-toast-type]'), 'toasts gone before the check').toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(installProbe);
  await scope.evaluate((el) => (window as ProbeWindow).__layoutProbe!.quiet(el));
  const marked = await scope.evaluate((el) => (window as ProbeWindow).__layoutProbe!.mark(el));
  const describe = (id: number) => page.evaluate((n) => (window as ProbeWindow).__layoutProbe!.describe(n), id);
  if (process.env.LAYOUT_DEBUG) console.log(screen, await Promise.all(marked.ids.map(describe)));
  const problems: string[] = [];
  for (const [id, cut] of Object.entries(marked.cut)) problems.push(`${await describe(Number(id))}: text cut, ${cut}`);
  const pending = new Set(marked.ids);
  const drop = (passing: number[]) => passing.forEach((id) => pending.delete(id));
  // Nothing else moves the mouse during a check: it is moved only where a wheel needs it elsewhere (a round trip less).
  let mouseAt: { x: number; y: number } | undefined;
  const wheel = async ({ x, y, dx, dy }: Wheel) => {
    if (mouseAt?.x !== x || mouseAt.y !== y) await page.mouse.move(x, y);
    mouseAt = { x, y };
    await page.mouse.wheel(dx, dy);
  };
  drop(await page.evaluate((ids) => (window as ProbeWindow).__layoutProbe!.passing(ids), [...pending]));
  // Top to bottom of the page, so the page scrolls one way: a virtualised list drops rows that scroll far out of view,
  // and the rows above the one being reached have been checked by then.
  for (;;) {
    const next = await page.evaluate((ids) => (window as ProbeWindow).__layoutProbe!.next(ids), [...pending]);
    if (next === undefined) break;
    const { id } = next;
    const verdict = await reach(page, id, next.plan, wheel, async () => {
      drop(await page.evaluate((ids) => (window as ProbeWindow).__layoutProbe!.settledPassing(ids), [...pending]));
      return !pending.has(id);
    });
    if (verdict === 'gone') continue; // left among the pending: counted as gone below
    pending.delete(id);
    if (verdict) problems.push(`${await describe(id)}: ${verdict}`);
  }
  // What is still pending left the page before its turn came (a row re-rendered): named, not counted.
  const gone = await Promise.all([...pending].map(describe));
  await page.evaluate(() => (window as ProbeWindow).__layoutProbe!.clear());
  return { screen, tested: marked.ids.length - gone.length, gone, offPage: marked.offPage, problems, ms: Date.now() - started };
}

/**
 * Scrolls with the wheel until the control hit-tests to itself, from `firstPlan` (made without a cover; `moved` settles
 * the page after each `wheel` and answers whether it does now). Answers undefined when it does, 'gone' when it left the
 * page, or why it cannot be reached.
 */
async function reach(page: Page, id: number, firstPlan: Plan, wheel: (step: Wheel) => Promise<void>, moved: () => Promise<boolean>): Promise<string | undefined> {
  let centre = false;
  let plan: Plan | undefined;
  for (let step = 0; step < 6; step += 1) {
    plan = step === 0 ? firstPlan : await page.evaluate(([n, c]) => (window as ProbeWindow).__layoutProbe!.plan(n, c), [id, centre] as const);
    if ('ok' in plan) return undefined;
    if ('gone' in plan) return 'gone';
    if ('wheel' in plan) {
      await wheel(plan.wheel);
      if (await moved()) return undefined;
    } else if ('covered' in plan && !centre) {
      // Something lies over it here (a sticky header, say): it must be reachable further into its container.
      centre = true;
    } else {
      return 'covered' in plan ? `its centre is under ${plan.covered}` : plan.fail;
    }
  }
  return `still not reached after six scrolls (the last asked for ${JSON.stringify(plan)}, under ${await page.evaluate((n) => (window as ProbeWindow).__layoutProbe!.under(n), id)})`;
}

/**
 * Reports a check (printed, and as an annotation of the test) and asserts it softly: no problem, and at least `min`
 * controls tested. Soft, so one test reports every screen and language it checks.
 */
export function reportLayout(result: LayoutResult, min: number) {
  const line = `${result.screen}: ${result.tested} controls tested (at least ${min})${result.gone.length ? `, ${result.gone.length} left the page while checked (${result.gone.slice(0, 3).join(', ')}…)` : ''}${result.problems.length ? `, ${result.problems.length} problems` : ''} in ${(result.ms / 1000).toFixed(1)} s`;
  console.log(`layout ${line}`);
  test.info().annotations.push({ type: 'layout', description: line });
  expect.soft(result.problems, `mouse reach and cut text on ${result.screen}`).toEqual([]);
  expect.soft(result.tested, `controls tested on ${result.screen}`).toBeGreaterThanOrEqual(min);
}

/** One screen of the layout suite: its name, the fewest controls it must have, and how to show it in each language. */
export interface LayoutScreen {
  name: string;
  min: number;
  /**
   * Shows the screen after a switch to `locale` (a dialog opened again, a tab chosen) and answers where its controls
   * are (the app unless a dialog or a part of it); undefined when the page already shows it.
   */
  show?: (page: Page, locale: Locale) => Promise<Locator | undefined>;
  /** Undoes what show did before the next language is chosen (closes a dialog). */
  hide?: (page: Page) => Promise<void>;
}

/**
 * Checks the screens the page can show in each of the five languages, switched with the app's own language select in
 * its header (as a member does; the page is not reloaded), and reports each check.
 */
export async function checkInEveryLanguage(page: Page, size: LayoutSize, screens: readonly LayoutScreen[]) {
  for (const language of LANGUAGES) {
    await switchLanguage(page, language);
    for (const screen of screens) {
      const scope = screen.show ? await screen.show(page, language[0]) : undefined;
      reportLayout(await checkLayout(page, `${screen.name} ${sizeName(size)} ${language[0]}`, scope), screen.min);
      await screen.hide?.(page);
    }
  }
}

/** The app's own text of `key` in a namespace of its locales (locales/<lng>/<ns>.json), to find a control by its name. */
export function say(locale: Locale, ns: string, key: string): string {
  const file = path.resolve(__dirname, '../../../locales', locale, `${ns}.json`);
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`${locale}/${ns}.json has no text "${key}"`);
  return value;
}

/** The open dialog of the app (a modal shows in the top layer; only its controls can be reached). */
export const openDialog = (page: Page) => page.locator('[data-sport-pc] dialog[open]');

import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../testing/i18n';
import { PriorityNav, type NavItem } from './PriorityNav';

/** jsdom lays nothing out: give every tab 100 px, the More button 60 px and the area the width under test. */
function layOut(areaWidth: number) {
  const widthOf = (element: HTMLElement) => {
    if (element.tagName === 'NAV' || element.tagName === 'UL') return 0;
    if (element.getAttribute('aria-haspopup')) return 60;
    return 100;
  };
  jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return widthOf(this);
  });
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'DIV' ? areaWidth : 0;
  });
}

function items(selected: string[], current = ''): NavItem[] {
  return ['Home', 'In-play', 'Today', 'Early', 'Hot', 'My bets'].map((label) => ({
    key: label,
    label,
    current: label === current,
    onSelect: () => selected.push(label),
  }));
}

async function renderNav(navItems: NavItem[]) {
  const i18n = await createTestI18n('en');
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PriorityNav label="Main navigation" items={navItems} />
      </I18nextProvider>,
    );
  });
}

describe('PriorityNav', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows every item and no More button when they fit', async () => {
    layOut(600);
    await renderNav(items([]));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'In-play', 'Today', 'Early', 'Hot', 'My bets']);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('moves what does not fit into More, where a click selects it and closes the menu', async () => {
    layOut(380);
    const selected: string[] = [];
    await renderNav(items(selected));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // 380 - 60 (More) leaves room for three 100 px tabs; the rest are clipped and out of reach.
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Home', 'In-play', 'Today']);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    const menu = screen.getByRole('list', { name: 'More' });
    expect(within(menu).getAllByRole('button').map((b) => b.textContent)).toEqual(['Early', 'Hot', 'My bets']);
    await userEvent.click(within(menu).getByRole('button', { name: 'My bets' }));
    expect(selected).toEqual(['My bets']);
    expect(screen.queryByRole('list', { name: 'More' })).toBeNull();
  });

  it('is usable by keyboard: Enter opens, focus goes in, arrows move, Escape closes back to More', async () => {
    layOut(380);
    const selected: string[] = [];
    await renderNav(items(selected));
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('list', { name: 'More' });
    expect(within(menu).getByRole('button', { name: 'Early' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('button', { name: 'Hot' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('button', { name: 'My bets' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'More' })).toBeNull();
    expect(more).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(selected).toEqual(['Hot']);
  });

  it('marks More as current when the current screen is in it', async () => {
    layOut(380);
    await renderNav(items([], 'My bets'));
    expect(screen.getByRole('button', { name: 'More' }).className).toContain('active');
  });
});

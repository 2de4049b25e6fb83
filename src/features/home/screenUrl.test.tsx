import { describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { Router } from 'wouter';
import { renderWithStore } from '../../testing/renderWithStore';
import { useStore } from '../../core/ui/storeContext';
import { parseScreen, searchFor, useScreenUrl } from './screenUrl';

/** What the Layout does for the app. */
function AddressKeeper() {
  useScreenUrl(useStore());
  return null;
}

describe('screen addresses', () => {
  it('reads every screen from its parameters, and anything else as home', () => {
    expect(parseScreen('')).toEqual({ view: 'home' });
    expect(parseScreen('?list=1&sport=3')).toEqual({ view: 'list', type: 1, sportId: 3 });
    expect(parseScreen('?list=2')).toEqual({ view: 'list', type: 2 });
    expect(parseScreen('?view=myBets')).toEqual({ view: 'myBets' });
    expect(parseScreen('?matchId=42&view=hot')).toEqual({ view: 'match', id: 42 });
    expect(parseScreen('?outrightId=101200695')).toEqual({ view: 'outright', id: 101200695 });
    expect(parseScreen('?roomId=8001')).toEqual({ view: 'room', id: 8001 });
    // A badge's link adds the room to the address of the screen it is on.
    expect(parseScreen('?matchId=42&roomId=8001')).toEqual({ view: 'room', id: 8001 });
    for (const junk of ['?view=admin', '?list=-1', '?list=1.5', '?matchId=abc', '?list=', '?outrightId=0', '?roomId=-2', '?roomId=x']) expect(parseScreen(junk)).toEqual({ view: 'home' });
  });

  it("reads My bets' tab and dates and the rules tab with their screens, and drops values no screen could mean", () => {
    expect(parseScreen('?view=myBets&tab=settled&range=custom&from=2026-11-20&to=2026-11-25')).toEqual({
      view: 'myBets',
      params: { tab: 'settled', range: 'custom', from: '2026-11-20', to: '2026-11-25' },
    });
    expect(parseScreen('?view=rules&tab=parlay&range=today')).toEqual({ view: 'rules', params: { tab: 'parlay' } });
    expect(parseScreen('?view=rules&tab=%3Cscript%3E')).toEqual({ view: 'rules' });
    // Only the screen that owns them carries them.
    expect(parseScreen('?view=hot&tab=settled')).toEqual({ view: 'hot' });
    expect(searchFor({ view: 'hot' }, '?merchant=lite&view=myBets&tab=settled&range=yesterday')).toBe('?merchant=lite&view=hot');
  });

  it('writes a screen back as the same parameters, keeping the ones it does not own', () => {
    for (const search of ['?list=1&sport=3', '?view=rules', '?view=rules&tab=cashOut', '?view=myBets&tab=settled&range=custom&from=2026-11-20&to=2026-11-25', '?view=results', '?view=settings', '?view=titles', '?view=lobby', '?matchId=42', '?outrightId=7', '?roomId=8001', '']) expect(searchFor(parseScreen(search), '')).toBe(search);
    expect(searchFor({ view: 'hot' }, '?merchant=lite&list=1&sport=1')).toBe('?merchant=lite&view=hot');
    expect(searchFor({ view: 'home' }, '?merchant=lite&matchId=9')).toBe('?merchant=lite');
    expect(searchFor({ view: 'list', type: 4 }, '?merchant=lite&outrightId=9')).toBe('?merchant=lite&list=4');
  });
});

/** Back or Forward, which jsdom (like a browser) completes with a popstate a moment later. */
async function travel(direction: 'back' | 'forward') {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history[direction]();
    await popped;
  });
}

describe('the address follows the screen and the screen follows the address', () => {
  // Every list answers empty: this is about which screen shows, not what it holds (so no screen is drawn either).
  const renderRoute = () =>
    renderWithStore(
      <Router base="">
        <AddressKeeper />
      </Router>,
      {
        before: ({ http }) => {
          for (const client of Object.values(http)) client.post.mockResolvedValue({ current: 1, pageTotal: 0, size: 50, total: 0, records: [] });
        },
      },
    );

  it('opens the screen a link names', async () => {
    window.history.replaceState(null, '', '/?merchant=lite&list=1&sport=3');
    const { store } = await renderRoute();
    expect(store.ui.view).toBe('list');
    expect(store.matchList.type).toBe(1);
    expect(store.matchList.sportId).toBe(3);
    // Applying the address wrote nothing new.
    expect(window.location.search).toBe('?merchant=lite&list=1&sport=3');
  });

  it('opens the match results from ?view=results, and writes it when the member opens them', async () => {
    window.history.replaceState(null, '', '/?merchant=lite&view=results');
    const { store } = await renderRoute();
    expect(store.ui.view).toBe('results');
    act(() => store.showScreen('home'));
    expect(window.location.search).toBe('?merchant=lite');
    act(() => store.showScreen('results'));
    expect(window.location.search).toBe('?merchant=lite&view=results');
  });

  it('makes each screen opened a history entry that Back and Forward return to', async () => {
    window.history.replaceState(null, '', '/?merchant=lite');
    const { store } = await renderRoute();
    const start = window.history.length;
    act(() => store.showScreen('hot'));
    expect(window.location.search).toBe('?merchant=lite&view=hot');
    act(() => store.ui.showMatch(77));
    expect(window.location.search).toBe('?merchant=lite&matchId=77');
    expect(window.history.length).toBe(start + 2);

    await travel('back');
    expect(store.ui.view).toBe('hot');
    expect(window.location.search).toBe('?merchant=lite&view=hot');
    await travel('back');
    expect(store.ui.view).toBe('home');
    await travel('forward');
    expect(store.ui.view).toBe('hot');
    // Going back and forth added no entries of its own.
    expect(window.history.length).toBe(start + 2);
  });

  it('gives an outright its own address, and Back from it returns to the list it was opened from', async () => {
    window.history.replaceState(null, '', '/?list=4&sport=1');
    const { store } = await renderRoute();
    act(() => store.ui.showOutright(5));
    expect(window.location.search).toBe('?outrightId=5');
    await travel('back');
    expect(store.ui.view).toBe('list');
    expect(store.matchList.type).toBe(4);
    await travel('forward');
    expect(store.ui.view).toBe('outright');
    expect(store.ui.matchId).toBe(5);
  });

  it('gives a live room its own address: Back returns to the screen it was opened from, Forward and a host path change reopen it', async () => {
    window.history.replaceState(null, '', '/?merchant=lite&list=1&sport=1');
    const { store } = await renderRoute();
    act(() => store.ui.showOne('room', 8001));
    expect(window.location.search).toBe('?merchant=lite&roomId=8001');
    await travel('back');
    expect(store.ui.view).toBe('list');
    await travel('forward');
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8001);
    // A host moving the app (its path-change event goes through navigate(), i.e. pushState).
    act(() => window.history.pushState(null, '', '/?merchant=lite&roomId=8003'));
    expect(store.ui.roomId).toBe(8003);
    act(() => store.ui.leaveMatch());
    expect(store.ui.view).toBe('list');
  });

  it("gives a plugin screen's open detail its own address: reload opens it, Back returns to the screen's list", async () => {
    expect(parseScreen('?screen=experts&detail=expert-12')).toEqual({ view: 'plugin', screen: 'experts', detail: 'expert-12' });
    // A value no plugin could mean is dropped at the door; the screen still opens.
    expect(parseScreen('?screen=experts&detail=%3Cb%3E')).toEqual({ view: 'plugin', screen: 'experts' });
    window.history.replaceState(null, '', '/?merchant=lite&screen=experts&detail=expert-12');
    const { store } = await renderRoute();
    expect(store.ui.view).toBe('plugin');
    expect(store.ui.pluginDetail).toBe('expert-12');
    act(() => store.showPluginScreen('experts'));
    expect(window.location.search).toBe('?merchant=lite&screen=experts');
    act(() => store.showPluginScreen('experts', 'expert-7'));
    expect(window.location.search).toBe('?merchant=lite&screen=experts&detail=expert-7');
    await travel('back');
    expect(store.ui.view).toBe('plugin');
    expect(store.ui.pluginDetail).toBeUndefined();
    await travel('forward');
    expect(store.ui.pluginDetail).toBe('expert-7');
    // Another screen leaves the detail behind.
    act(() => store.showScreen('hot'));
    expect(window.location.search).toBe('?merchant=lite&view=hot');
  });

  it("keeps a screen's inner state in its entry: a new tab replaces it, Back leaves the screen, and returning restores the tab", async () => {
    window.history.replaceState(null, '', '/?merchant=lite&view=rules&tab=parlay');
    const { store } = await renderRoute();
    expect(store.ui.view).toBe('rules');
    expect(store.ui.screenParams.rules).toEqual({ tab: 'parlay' });
    const start = window.history.length;
    act(() => store.ui.setScreenParams('rules', { tab: 'cashOut' }));
    expect(window.location.search).toBe('?merchant=lite&view=rules&tab=cashOut');
    expect(window.history.length).toBe(start);

    act(() => store.showScreen('hot'));
    expect(window.location.search).toBe('?merchant=lite&view=hot');
    await travel('back');
    expect(store.ui.view).toBe('rules');
    expect(store.ui.screenParams.rules).toEqual({ tab: 'cashOut' });
    // Opened again from the menu, the screen is as it was left, and says so in the address.
    act(() => store.showScreen('home'));
    act(() => store.showScreen('rules'));
    expect(window.location.search).toBe('?merchant=lite&view=rules&tab=cashOut');
  });

  it('follows a list the member opens, with its sport', async () => {
    const { store } = await renderRoute();
    await act(async () => {
      await store.openList({ type: 3, sportId: 2 });
    });
    expect(window.location.search).toBe('?list=3&sport=2');
  });
});

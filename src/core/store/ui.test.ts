import { describe, expect, it } from '@jest/globals';
import { UiStore } from './ui';

describe('Back from a screen of one thing', () => {
  it('returns to the view it was opened from, and marks the match for the list to scroll to only when that view is the list', () => {
    const ui = UiStore.create({ view: 'list' });
    ui.showMatch(5);
    ui.showOutright(6);
    ui.leaveMatch();
    expect(ui.view).toBe('list');
    expect(ui.listReturnMatchId).toBeUndefined(); // Back left an outright's screen: no match row to find

    ui.showMatch(7);
    ui.leaveMatch();
    expect(ui.listReturnMatchId).toBe(7);
    ui.clearListReturn();
    expect(ui.listReturnMatchId).toBeUndefined();

    ui.showView('home');
    ui.showMatch(8);
    ui.leaveMatch();
    expect(ui.view).toBe('home');
    expect(ui.listReturnMatchId).toBeUndefined();
  });
});

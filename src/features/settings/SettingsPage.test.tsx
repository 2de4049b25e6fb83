import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStoreInstance } from '../../core/store/RootStore';
import { renderWithStore } from '../../testing/renderWithStore';
import { SettingsPage } from './SettingsPage';

const signIn = ({ store }: { store: RootStoreInstance }) =>
  store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });

describe('SettingsPage', () => {
  it('changes the odds format and the odds-change acceptance the whole app uses', async () => {
    const { store } = await renderWithStore(<SettingsPage />, { before: signIn });
    expect(await screen.findByRole('heading', { name: 'My settings' })).toBeInTheDocument();
    const format = screen.getByRole('combobox', { name: 'Odds format' });
    // The help says where the format applies: two-way markets only (domain/odds displayOddsFormat).
    expect(format).toHaveAccessibleDescription(/^Hong Kong, Malay and Indonesian odds apply to two-way markets .* always show decimal odds\.$/);
    await userEvent.selectOptions(format, 'Hong Kong');
    expect(store.settings.oddsFormat).toBe(2);
    const acceptance = screen.getByRole('group', { name: 'When the odds change before my bet is taken' });
    expect(within(acceptance).getByRole('radio', { name: 'Accept better odds only' })).toBeChecked();
    await userEvent.click(within(acceptance).getByRole('radio', { name: 'Accept any odds' }));
    expect(store.settings.oddsChange).toBe(2);
  });

  it('turns goal push on and off and picks its scopes, each index of the accept list', async () => {
    const { store } = await renderWithStore(<SettingsPage />, { before: signIn });
    const push = await screen.findByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' });
    const scopes = screen.getByRole('group', { name: 'Show goal pushes for' });
    expect(push).toBeChecked();
    await userEvent.click(within(scopes).getByRole('checkbox', { name: 'All matches' }));
    expect([...store.settings.acceptList!]).toEqual([0, 0, 1, 0]);
    await userEvent.click(within(scopes).getByRole('checkbox', { name: 'Matches in my favourites' }));
    await userEvent.click(within(scopes).getByRole('checkbox', { name: 'Matches I have unsettled bets on' }));
    expect([...store.settings.acceptList!]).toEqual([1, 1, 1, 0]);
    await userEvent.click(within(scopes).getByRole('checkbox', { name: 'All matches' }));
    expect([...store.settings.acceptList!]).toEqual([1, 1, 0, 0]);
    expect(store.settings.goalPushWanted).toBe(true);
    await userEvent.click(push);
    expect(store.settings.acceptPush).toBe(0);
    expect(store.settings.goalPushWanted).toBe(false);
    // Off, the scopes cannot change (they are kept for when it is on again).
    expect(within(scopes).getByRole('checkbox', { name: 'Matches in my favourites' })).toBeDisabled();
  });

  it('a visitor changes odds settings on this device; goal push asks them to sign in', async () => {
    const { store } = await renderWithStore(<SettingsPage />);
    expect(await screen.findByText('Sign in to keep your settings and receive goal pushes.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Odds format' }), 'Malay');
    expect(store.settings.oddsFormat).toBe(3);
  });

  it('says when a change could not be saved', async () => {
    const { store, http } = await renderWithStore(<SettingsPage />, {
      before: async ({ store: s, http: h }) => {
        h.forehead.get.mockResolvedValue({ handicap: 1, accept: 1, acceptList: [0, 0, 1, 0], push_event: 1, event_sort: 0, uid: 7, setup: {}, showSettingChangableTip: true });
        h.forehead.post.mockRejectedValue(new Error('offline'));
        signIn({ store: s });
        const { memberSettingsOf } = await import('./memberSettings');
        memberSettingsOf(s);
      },
    });
    expect(await screen.findByText('Saved to your account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Accept no change' }));
    expect(await screen.findByText('Not saved: kept on this device and sent with your next change')).toBeInTheDocument();
    expect(store.settings.oddsChange).toBe(0);
    expect(http.forehead.post).toHaveBeenCalled();
  });
});

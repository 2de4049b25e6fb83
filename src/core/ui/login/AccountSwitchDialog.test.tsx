import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../testing/renderWithStore';
import { AccountSwitchDialog } from './AccountSwitchDialog';

const demo = { isLogin: true, token: 'tok-1', userData: { uid: '7', username: 'demo', nickname: 'Demo' } };
const other = { isLogin: true, userData: { uid: '8', username: 'demo2', nickname: '<b>Other</b>' } };

async function withPendingSwitch() {
  const view = await renderWithStore(<AccountSwitchDialog />, {
    before: async ({ store, http }) => {
      store.applyHostProps(demo);
      http.forehead.post.mockResolvedValueOnce(other);
      await store.session.acceptLinkToken('tok-other');
    },
  });
  return view;
}

describe('<AccountSwitchDialog>', () => {
  it('asks before a link switches to another account, names both as text, and stays by default (keyboard)', async () => {
    const { env } = await withPendingSwitch();
    const dialog = screen.getByRole('dialog', { name: 'Switch account?' });
    expect(dialog).toHaveTextContent('This link signs you in as <b>Other</b>. You are signed in as Demo.');
    expect(dialog.querySelector('b')).toBeNull();
    const stay = screen.getByRole('button', { name: 'Stay as Demo' });
    expect(stay).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(env.storage.get('auth')).toBe('tok-1');
  });

  it('switches when the member chooses the link account', async () => {
    const { env, http, store } = await withPendingSwitch();
    http.forehead.post.mockResolvedValueOnce(other);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Switch to <b>Other</b>' })).toHaveFocus();
    await act(async () => userEvent.keyboard('{Enter}'));
    expect(env.storage.get('auth')).toBe('tok-other');
    expect(store.session.displayName).toBe('<b>Other</b>');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the account when the dialog closes another way (Escape closes a native dialog; jsdom only fires the event)', async () => {
    const { env, store } = await withPendingSwitch();
    await act(async () => {
      screen.getByRole('dialog').dispatchEvent(new Event('close'));
    });
    expect(store.session.linkSwitch).toBeUndefined();
    expect(env.storage.get('auth')).toBe('tok-1');
  });
});

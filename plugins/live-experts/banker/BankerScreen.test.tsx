import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { BankerDetail } from '../../../contract/experts';
import { BANKER_PATHS } from '../../../contract/paths';
import { betSlipRef, httpRef, pluginScreenPoint, screenRef, sessionRef } from '../../../src/sdk';
import { createKernelEvents, createTestI18n, KernelProvider, loadPlugins, provideServices, registryOf, Slot } from '../../../src/sdk/testing';
import plugin from '../index';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
  await i18n.loadNamespaces(['common', 'experts']);
});

const BANKER: BankerDetail = {
  bankerId: 7001,
  nickname: 'Golden Bull',
  headUrl: '/api/banker/head/7001.svg',
  inviteCode: 'AB12CD',
  currency: 'CNY',
  pledgeAmount: '50000.00',
  remainingAmount: '50000.00',
  globalSingleMinBet: '10.00',
  globalSingleMaxBet: '50000.00',
  plan: { id: 1, name: 'Standard', deposit: '50000.00', singleBettingAmountLower: '10.00', singleBettingAmountUpper: '2000.00', sports: [1, 3] },
};

async function settle() {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      for (let j = 0; j < 10; j++) await Promise.resolve();
    });
  }
}

async function mount(post: jest.Mock<(path: string, body?: unknown) => Promise<unknown>>, isLogin = true) {
  const services = provideServices([httpRef, { forehead: { post, get: jest.fn() } } as never], [sessionRef, { isLogin }], [screenRef, { open: jest.fn() }], [betSlipRef, { add: jest.fn(), addPick: jest.fn(async () => 'closed' as const) }]);
  const plugins = loadPlugins({ plugins: [{ id: 'live-experts', enabled: true, options: {} }] }, registryOf(plugin), { services });
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <KernelProvider value={{ plugins, services, events: createKernelEvents() }}>
          <Slot point={pluginScreenPoint} select={{ screen: 'banker' }} render={(m) => <m.Screen />} />
        </KernelProvider>
      </I18nextProvider>,
    );
  });
  await settle();
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the banker screen', () => {
  it('shows placeholders while the detail loads', async () => {
    await mount(jest.fn(() => new Promise<never>(() => undefined)));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('says it failed and loads again on Retry, then shows the spec fields', async () => {
    const post = jest.fn<(path: string, body?: unknown) => Promise<unknown>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(BANKER);
    await mount(post);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(post).toHaveBeenCalledWith(BANKER_PATHS.detail, {});
    expect(screen.getByRole('heading', { name: 'Golden Bull' })).toBeInTheDocument();
    expect(screen.getByText('Invite code AB12CD')).toBeInTheDocument();
    expect(screen.getByText('10.00 to 2000.00')).toBeInTheDocument();
    expect(screen.getByText('Football, Basketball')).toBeInTheDocument();
  });

  it('opens what the banker jump answers, in a window opened on the click', async () => {
    const target = { location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const post = jest.fn(async (path: string, _body?: unknown) => (path === BANKER_PATHS.detail ? BANKER : { url: '/game/2?token=abc', token: 'abc', expiresAt: 1 }));
    await mount(post);
    fireEvent.click(screen.getByRole('button', { name: 'Open the game' }));
    await settle();
    expect(post).toHaveBeenLastCalledWith(BANKER_PATHS.jump, {});
    expect(target.location.href).toBe('/game/2?token=abc');
  });

  it('closes that window and says why when the jump is refused', async () => {
    const target = { location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const post = jest.fn(async (path: string, _body?: unknown) => {
      if (path === BANKER_PATHS.detail) return BANKER;
      throw new Error('Please log in again');
    });
    await mount(post);
    fireEvent.click(screen.getByRole('button', { name: 'Open the game' }));
    await settle();
    expect(target.close).toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in again');
  });

  it('asks a visitor to log in instead of offering the game', async () => {
    await mount(jest.fn(async () => BANKER), false);
    expect(screen.queryByRole('button', { name: 'Open the game' })).toBeNull();
    expect(screen.getByText("Log in to open the banker's game.")).toBeInTheDocument();
  });
});

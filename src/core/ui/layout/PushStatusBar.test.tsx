import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPushClient, PUSH_DEFAULTS, type PushClient } from '../../../services/push';
import { FakeWebSocket } from '../../../testing/fakeWebSocket';
import { renderWithStore } from '../../../testing/renderWithStore';
import { Toasts } from '../toasts/Toasts';
import { PushStatusBar } from './PushStatusBar';

let push: PushClient | undefined;
afterEach(() => {
  push?.close();
  push = undefined;
  FakeWebSocket.instances = [];
});

/** The next connection attempt's socket (the client waits `reconnectDelayMs` before each). */
async function nextSocket(count: number): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(count));
  return FakeWebSocket.instances.at(-1)!;
}

/**
 * The push client with a socket the test drives: the real client (its reconnects and backoff), 1 ms for the spec's
 * 3 s so the test runs on real timers (the backoff grows from it: 2, 4, 8 ms).
 */
async function mount() {
  push = createPushClient({ url: 'ws://push.test/push', WebSocket: FakeWebSocket, reconnectDelayMs: 1, check: (_chId, data) => ({ data }), logger: { info: () => {}, warn: () => {}, error: () => {} } });
  const client = push;
  const rendered = await renderWithStore(
    <>
      <PushStatusBar />
      <Toasts />
    </>,
    { before: ({ env }) => void Object.assign(env, { push: client }) },
  );
  return rendered;
}

describe('<PushStatusBar>', () => {
  it("says nothing while connected or within the spec's 5 reconnects, then says live updates are lost, offers to reconnect now, and says when they are back", async () => {
    await mount();
    const first = await nextSocket(1);
    act(() => first.open());
    act(() => first.drop());
    // The spec's 5 reconnects fail quietly.
    for (let attempt = 1; attempt <= PUSH_DEFAULTS.maxRetries; attempt += 1) {
      const socket = await nextSocket(1 + attempt);
      expect(screen.queryByRole('status')).toBeNull();
      act(() => socket.fail());
    }
    const bar = await screen.findByRole('status');
    expect(bar).toHaveTextContent(/Live updates lost: reconnect/);
    // The client keeps trying by itself with a growing wait; a failed attempt keeps the bar.
    act(() => FakeWebSocket.instances.at(-1)!.fail());
    const tried = FakeWebSocket.instances.length;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(tried));
    act(() => FakeWebSocket.instances.at(-1)!.fail());
    expect(screen.getByRole('status')).toHaveTextContent(/Live updates lost/);

    // Reconnect now skips the wait.
    const before = FakeWebSocket.instances.length;
    await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Reconnect now' }));
    const back = await nextSocket(before + 1);
    act(() => back.open());
    await waitFor(() => expect(screen.queryByText(/Live updates lost/)).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Live updates are back')).toBeInTheDocument();
  });

});

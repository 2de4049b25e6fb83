import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { usePlatformAnswer, type PlatformAnswerOptions, type PlatformCall } from './usePlatformAnswer';

/** Answers the test hands out one by one, per key asked. */
function calls() {
  const pending: Array<{ key: string; signal: AbortSignal; resolve(value: string): void; reject(error: unknown): void }> = [];
  const load = (key: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => pending.push({ key, signal, resolve, reject }));
  return { pending, load };
}

let last: PlatformCall<string> | undefined;
const Panel = observer(function Panel({ callKey, load, options }: { callKey: string | undefined; load: (key: string) => (signal: AbortSignal) => Promise<string>; options?: PlatformAnswerOptions }) {
  last = usePlatformAnswer(callKey, load(callKey ?? ''), options);
  return <p data-testid="panel">{`${last.status}:${last.data ?? '-'}`}</p>;
});
const shown = () => screen.getByTestId('panel').textContent;

describe('usePlatformAnswer', () => {
  it('asks nothing without a key, then loads; a new key shows nothing of the last one and drops its late answer', async () => {
    const { pending, load } = calls();
    const view = render(<Panel callKey={undefined} load={load} />);
    expect(shown()).toBe('idle:-');
    expect(pending).toHaveLength(0);

    view.rerender(<Panel callKey="a" load={load} />);
    expect(shown()).toBe('loading:-');
    await act(async () => pending[0]!.resolve('answer a'));
    expect(shown()).toBe('ready:answer a');

    view.rerender(<Panel callKey="b" load={load} />);
    expect(shown()).toBe('loading:-');
    view.rerender(<Panel callKey="c" load={load} />);
    // b's ask was called off: its signal aborted, its answer applies nowhere.
    expect(pending[1]!.signal.aborted).toBe(true);
    await act(async () => pending[1]!.resolve('answer b'));
    expect(shown()).toBe('loading:-');
    await act(async () => pending[2]!.resolve('answer c'));
    expect(shown()).toBe('ready:answer c');
  });

  it('keeps the answer while Retry asks again; a failure says failed and is heard; replace drops what is in flight', async () => {
    const { pending, load } = calls();
    const failed = jest.fn();
    render(<Panel callKey="a" load={load} options={{ failed }} />);
    await act(async () => pending[0]!.reject(new Error('down')));
    expect(shown()).toBe('failed:-');
    expect(failed).toHaveBeenCalledWith(new Error('down'));

    act(() => last!.reload());
    await act(async () => pending[1]!.resolve('first'));
    expect(shown()).toBe('ready:first');
    act(() => last!.reload());
    expect(shown()).toBe('loading:first');
    act(() => last!.replace('changed'));
    expect(shown()).toBe('ready:changed');
    await act(async () => pending[2]!.resolve('stale'));
    expect(shown()).toBe('ready:changed');
  });

  it('quiet: asking again for the same key keeps the answer ready, also when that ask fails', async () => {
    const { pending, load } = calls();
    const view = render(<Panel callKey="a" load={load} options={{ quiet: true, again: 1 }} />);
    await act(async () => pending[0]!.resolve('stream'));
    view.rerender(<Panel callKey="a" load={load} options={{ quiet: true, again: 2 }} />);
    expect(pending).toHaveLength(2);
    expect(shown()).toBe('ready:stream');
    await act(async () => pending[1]!.reject(new Error('blip')));
    expect(shown()).toBe('ready:stream');
  });

  it('calls off its ask when the panel goes', () => {
    const { pending, load } = calls();
    const view = render(<Panel callKey="a" load={load} />);
    view.unmount();
    expect(pending[0]!.signal.aborted).toBe(true);
  });
});

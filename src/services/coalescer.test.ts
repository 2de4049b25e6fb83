import { describe, expect, it, jest } from '@jest/globals';
import { createCoalescer, type FrameScheduler } from './coalescer';

function manualFrames() {
  const queue: Array<() => void> = [];
  const schedule: FrameScheduler = (run) => {
    queue.push(run);
    return () => queue.splice(queue.indexOf(run), 1);
  };
  return { schedule, frame: () => queue.splice(0).forEach((run) => run()), waiting: () => queue.length };
}

describe('createCoalescer', () => {
  it('applies all pending keys once per frame, keeping the last value of each key', () => {
    const frames = manualFrames();
    const apply = jest.fn<(batch: ReadonlyMap<string, number>) => void>();
    const coalescer = createCoalescer(apply, frames.schedule);
    coalescer.push('a', 1);
    coalescer.push('b', 2);
    coalescer.push('a', 3);
    expect(frames.waiting()).toBe(1);
    expect(apply).not.toHaveBeenCalled();
    frames.frame();
    expect(apply).toHaveBeenCalledTimes(1);
    expect([...apply.mock.calls[0]![0]]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    frames.frame();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('schedules again after a frame, and a flush applies at once without a frame', () => {
    const frames = manualFrames();
    const apply = jest.fn<(batch: ReadonlyMap<string, number>) => void>();
    const coalescer = createCoalescer(apply, frames.schedule);
    coalescer.push('a', 1);
    frames.frame();
    coalescer.push('a', 2);
    expect(coalescer.pending()).toBe(1);
    coalescer.flush();
    expect(frames.waiting()).toBe(0);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(coalescer.pending()).toBe(0);
  });

  it('drops pending updates and its frame on dispose', () => {
    const frames = manualFrames();
    const apply = jest.fn<(batch: ReadonlyMap<string, number>) => void>();
    const coalescer = createCoalescer(apply, frames.schedule);
    coalescer.push('a', 1);
    coalescer.dispose();
    expect(frames.waiting()).toBe(0);
    frames.frame();
    expect(apply).not.toHaveBeenCalled();
  });
});

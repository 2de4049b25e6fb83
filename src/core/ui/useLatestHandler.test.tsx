import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { useLatestHandler } from './useLatestHandler';

describe('useLatestHandler', () => {
  it("keeps one identity over re-renders and runs the latest render's code", () => {
    const seen: Array<(n: number) => string> = [];
    function Probe({ prefix }: { prefix: string }) {
      seen.push(useLatestHandler((n: number) => `${prefix}${n}`));
      return null;
    }
    const { rerender } = render(<Probe prefix="a" />);
    rerender(<Probe prefix="b" />);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]!(1)).toBe('b1');
  });
});

import { describe, expect, it } from '@jest/globals';
import { servingSide } from './serve';

describe('servingSide', () => {
  it("is the feed's serveIn while in play, and nobody otherwise or for an unknown value", () => {
    expect(servingSide(1, true)).toBe(1);
    expect(servingSide(2, true)).toBe(2);
    expect(servingSide(2, false)).toBeUndefined();
    expect(servingSide(0, true)).toBeUndefined();
    expect(servingSide(3, true)).toBeUndefined();
  });
});

import { describe, expect, it } from '@jest/globals';
import { availableModes, nextLine, parseMatchMedia, playableSource, resolveMediaUrl } from './mediaSources';

const resolve = (path: string) => resolveMediaUrl(path, 'http://media.test');

describe('resolveMediaUrl', () => {
  it('joins paths to the media base URL as axios does, keeping a path prefix', () => {
    expect(resolveMediaUrl('/media/live/1/1.flv', 'http://media.test')).toBe('http://media.test/media/live/1/1.flv');
    expect(resolveMediaUrl('/media/live/1/1.flv', 'https://cdn.test/sport/')).toBe('https://cdn.test/sport/media/live/1/1.flv');
  });

  it('passes absolute URLs through and resolves a relative base against the page', () => {
    expect(resolveMediaUrl('https://other.test/x.flv', 'http://media.test')).toBe('https://other.test/x.flv');
    expect(resolveMediaUrl('//other.test/x.flv', 'http://media.test', 'https://page.test/spa/')).toBe('https://other.test/x.flv');
    expect(resolveMediaUrl('/media/a', undefined, 'https://page.test/spa/sport-pc/')).toBe('https://page.test/media/a');
    expect(resolveMediaUrl('/media/a', '/api', 'https://page.test/spa/')).toBe('https://page.test/api/media/a');
  });
});

describe('parseMatchMedia', () => {
  it('keeps lines 1-5 in order, once each, and drops malformed entries', () => {
    const media = parseMatchMedia(
      {
        videos: [
          { line: 3, pc: '/3.flv', h5: '/3.m3u8' },
          { line: 1, pc: '/1.flv', h5: '' },
          { line: 1, pc: '/dup.flv', h5: '/dup.m3u8' },
          { line: 9, pc: '/9.flv', h5: '/9.m3u8' },
          { line: 2 },
          'junk',
        ],
        animations: [{ pc: '', h5: '/anim?h5' }],
      },
      7,
      resolve,
    );
    expect(media.videos).toEqual([
      { line: 1, urls: { flv: 'http://media.test/1.flv' } },
      { line: 3, urls: { flv: 'http://media.test/3.flv', hls: 'http://media.test/3.m3u8' } },
    ]);
    expect(media.animation).toBe('http://media.test/anim?h5');
  });

  it('answers nothing for an answer that is not an object', () => {
    expect(parseMatchMedia(null, 7, resolve)).toEqual({ videos: [] });
  });
});

describe('line and format choice', () => {
  const lines = [
    { line: 1, urls: { flv: 'f1', hls: 'h1' } },
    { line: 2, urls: { hls: 'h2' } },
    { line: 4, urls: { flv: 'f4' } },
  ];

  it('offers the next line up, wrapping round, and none for a single line', () => {
    expect(nextLine(lines, 1)).toBe(2);
    expect(nextLine(lines, 4)).toBe(1);
    expect(nextLine(lines.slice(0, 1), 1)).toBeUndefined();
  });

  it('prefers FLV, then HLS, skipping formats without a player or refused by the browser', () => {
    expect(playableSource(lines[0]!, new Set(['flv', 'hls']), new Set())).toEqual({ format: 'flv', url: 'f1' });
    expect(playableSource(lines[0]!, new Set(['flv', 'hls']), new Set(['flv']))).toEqual({ format: 'hls', url: 'h1' });
    expect(playableSource(lines[1]!, new Set(['flv']), new Set())).toBeUndefined();
  });

  it('lists video only with a player for a line, animation only with an animation plugin', () => {
    const media = { videos: lines, animation: 'a' };
    expect(availableModes({ media, players: new Set(['flv']), animationPlayer: true })).toEqual(['video', 'animation']);
    expect(availableModes({ media: { videos: [lines[1]!] }, players: new Set(['flv']), animationPlayer: true })).toEqual([]);
    expect(availableModes({ media, players: new Set(), animationPlayer: false })).toEqual([]);
  });
});

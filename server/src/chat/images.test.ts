import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { png } from '../../test/chatClient';
import { createImageStore, inspectImage } from './images';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

describe('inspectImage', () => {
  it('reads the type and size of PNG, GIF, JPEG and WebP from their headers', () => {
    expect(inspectImage(png(321, 123))).toEqual({ ok: true, image: { type: 'image/png', ext: 'png', width: 321, height: 123 } });
    expect(inspectImage(hex('474946383961 4000 2000 000000'))).toEqual({ ok: true, image: { type: 'image/gif', ext: 'gif', width: 64, height: 32 } });
    // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 0x01e0 (480), width 0x0280 (640).
    const jpeg = hex(`ffd8 ffe0 0010 4a464946000101000001000100 00 ffc0 0011 08 01e0 0280 03 012200 021101 031101`);
    expect(inspectImage(jpeg)).toEqual({ ok: true, image: { type: 'image/jpeg', ext: 'jpg', width: 640, height: 480 } });
    const vp8x = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1'), hex('0a000000 00000000 c70000 630000')]);
    expect(inspectImage(vp8x)).toEqual({ ok: true, image: { type: 'image/webp', ext: 'webp', width: 200, height: 100 } });
  });

  it('refuses content that is not one of those images, whatever it is called', () => {
    expect(inspectImage(Buffer.from('MZ\x90\x00rest', 'latin1'))).toEqual({ ok: false, reason: 'not a PNG, JPEG, GIF or WebP image (content starts with 4d 5a 90 00)' });
    expect(inspectImage(Buffer.from('\x7fELF', 'latin1')).ok).toBe(false);
    expect(inspectImage(Buffer.from('<svg onload="x()"></svg>')).ok).toBe(false);
    expect(inspectImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'not a PNG, JPEG, GIF or WebP image (content starts with nothing)' });
    expect(inspectImage(png(10, 10).subarray(0, 20))).toEqual({ ok: false, reason: 'a PNG without its IHDR header' });
    expect(inspectImage(hex('ffd8ffe000104a46'))).toEqual({ ok: false, reason: 'a JPEG without a frame header' });
  });
});

describe('createImageStore', () => {
  it('stores under a random name in its folder and resolves only names it could have made', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sport-pc-images-'));
    const store = createImageStore(dataDir);
    const name = store.save(Buffer.from('bytes'), 'png');
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readdirSync(path.join(dataDir, 'chat-images'))).toEqual([name]);
    expect(readFileSync(store.pathOf(name)!.file, 'utf8')).toBe('bytes');
    expect(store.pathOf(name)!.type).toBe('image/png');
    for (const bad of ['../sport-pc.sqlite', `../${name}`, `${name}/..`, name.toUpperCase(), `${name}.png`, '', '/etc/passwd']) expect(store.pathOf(bad)).toBeUndefined();
  });
});

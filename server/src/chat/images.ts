import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Chat images, checked by their content rather than by what the client says they are: the magic bytes decide the
 * type (PNG, JPEG, GIF, WebP), the header gives the dimensions, and anything else (an executable renamed .png, a
 * truncated header) is refused. Stored under DATA_DIR/chat-images with a random name the store made, so a name from
 * a request can only ever match one of those files.
 */

export interface ImageKind {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: 'png' | 'jpg' | 'gif' | 'webp';
}

export interface ImageInfo extends ImageKind {
  width: number;
  height: number;
}

export const IMAGE_TYPES: readonly ImageKind['type'][] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const TYPE_OF_EXT: Readonly<Record<ImageKind['ext'], ImageKind['type']>> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The only names the store makes: 32 hex digits and the type's extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export type ImageCheck = { ok: true; image: ImageInfo } | { ok: false; reason: string };

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

/** Reads the type and dimensions from the content; `reason` says what the content is not. */
export function inspectImage(buf: Buffer): ImageCheck {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    // The IHDR chunk comes first: length, "IHDR", width, height (big-endian).
    if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return { ok: false, reason: 'a PNG without its IHDR header' };
    return sized({ type: 'image/png', ext: 'png' }, buf.readUInt32BE(16), buf.readUInt32BE(20));
  }
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61) {
    if (buf.length < 10) return { ok: false, reason: 'a GIF without its screen descriptor' };
    return sized({ type: 'image/gif', ext: 'gif' }, buf.readUInt16LE(6), buf.readUInt16LE(8));
  }
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return jpegSize(buf);
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return webpSize(buf);
  const head = [...buf.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return { ok: false, reason: `not a PNG, JPEG, GIF or WebP image (content starts with ${head || 'nothing'})` };
}

function sized(kind: ImageKind, width: number, height: number): ImageCheck {
  if (width < 1 || height < 1) return { ok: false, reason: `a ${kind.ext.toUpperCase()} of ${width} × ${height} pixels` };
  return { ok: true, image: { ...kind, width, height } };
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(buf: Buffer): ImageCheck {
  let at = 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return { ok: false, reason: 'a JPEG with a broken marker' };
    const marker = buf[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = buf.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return sized({ type: 'image/jpeg', ext: 'jpg' }, buf.readUInt16BE(at + 7), buf.readUInt16BE(at + 5));
    if (length < 2) return { ok: false, reason: 'a JPEG with a broken segment length' };
    at += 2 + length;
  }
  return { ok: false, reason: 'a JPEG without a frame header' };
}

function webpSize(buf: Buffer): ImageCheck {
  const kind: ImageKind = { type: 'image/webp', ext: 'webp' };
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && buf.length >= 30) return sized(kind, 1 + buf.readUIntLE(24, 3), 1 + buf.readUIntLE(27, 3));
  if (chunk === 'VP8 ' && buf.length >= 30 && startsWith(buf, [0x9d, 0x01, 0x2a], 23)) {
    return sized(kind, buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L' && buf.length >= 25 && buf[20] === 0x2f) {
    const bits = buf.readUInt32LE(21);
    return sized(kind, (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  return { ok: false, reason: 'a WebP without a VP8, VP8L or VP8X header' };
}

export interface ImageStore {
  readonly dir: string;
  /** Writes the bytes under a new random name and returns the name. */
  save(bytes: Buffer, ext: ImageKind['ext']): string;
  /** The file of a stored name, or undefined for any name the store could not have made. */
  pathOf(name: string): { file: string; type: ImageKind['type'] } | undefined;
  /** Deletes a stored file (a name the store could not have made, or one already gone, is ignored). */
  remove(name: string): void;
}

export function createImageStore(dataDir: string): ImageStore {
  const dir = path.resolve(dataDir, 'chat-images');
  let made = false;
  return {
    dir,
    save(bytes, ext) {
      if (!made) {
        mkdirSync(dir, { recursive: true });
        made = true;
      }
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      // Written under a temporary name first, so a reader never sees half a file.
      const temp = path.join(dir, `.${name}.part`);
      writeFileSync(temp, bytes, { flag: 'wx' });
      renameSync(temp, path.join(dir, name));
      return name;
    },
    pathOf(name) {
      const match = STORED_NAME.exec(name);
      if (!match) return undefined;
      return { file: path.join(dir, name), type: TYPE_OF_EXT[match[1] as ImageKind['ext']] };
    },
    remove(name) {
      if (STORED_NAME.test(name)) rmSync(path.join(dir, name), { force: true });
    },
  };
}

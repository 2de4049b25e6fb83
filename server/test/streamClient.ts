import { expect } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';

/** Clients of the live streams over real HTTP (FLV parsed tag by tag), shared by the media stream tests. */

export interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export const json = (got: Got) => JSON.parse(got.body.toString('utf8')) as { code: number; msg: string; data: unknown };

export interface Tag {
  type: number;
  timestamp: number;
  frameType: number;
  avcPacketType: number;
}

/** The FLV file header and the complete tags in a byte stream so far. */
export function parseFlv(bytes: Buffer): { signature: string; hasVideo: boolean; tags: Tag[] } {
  const signature = bytes.toString('latin1', 0, 3);
  const tags: Tag[] = [];
  if (bytes.length < 13) return { signature, hasVideo: false, tags };
  let at = bytes.readUInt32BE(5) + 4;
  while (at + 11 <= bytes.length) {
    const size = bytes.readUIntBE(at + 1, 3);
    if (at + 11 + size + 4 > bytes.length) break;
    const type = (bytes[at] as number) & 0x1f;
    const first = bytes[at + 11] as number;
    tags.push({
      type,
      timestamp: (bytes.readUIntBE(at + 4, 3) | ((bytes[at + 7] as number) << 24)) >>> 0,
      frameType: type === 9 ? first >> 4 : 0,
      avcPacketType: type === 9 ? (bytes[at + 12] as number) : -1,
    });
    at += 11 + size + 4;
  }
  return { signature, hasVideo: ((bytes[4] as number) & 1) === 1, tags };
}

export interface FlvClient {
  status: number;
  headers: IncomingHttpHeaders;
  bytes(): Buffer;
  ended(): boolean;
  /** Resolves once the stream so far satisfies the check (or fails after a timeout). */
  until(check: (flv: ReturnType<typeof parseFlv>) => boolean, ms?: number): Promise<ReturnType<typeof parseFlv>>;
  close(): void;
}

export function openFlv(port: number, url: string): Promise<FlvClient> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    const req = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
      res.on('error', () => (ended = true));
      const bytes = () => Buffer.concat(chunks);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        bytes,
        ended: () => ended,
        async until(check, ms = 10_000) {
          const deadline = Date.now() + ms;
          for (;;) {
            const flv = parseFlv(bytes());
            if (check(flv)) return flv;
            if (Date.now() > deadline) throw new Error(`FLV stream: condition not met within ${ms} ms (${flv.tags.length} tags)`);
            await sleep(50);
          }
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if (!chunks.length) reject(error);
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

export function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The first video frame (not the AVC sequence header) of a stream. */
export const firstFrame = (tags: Tag[]) => tags.find((tag) => tag.type === 9 && tag.avcPacketType === 1);

/**
 * What a running encoder draws: the lavfi graph from its own command line (as the system started it, Linux /proc) and
 * the text files in its folder (drawtext's inputs, when a picture has words).
 */
export function encoderPicture({ pid, dir }: { pid: number | undefined; dir: string }): { graph: string; textFiles: string[] } {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return { graph: args[args.indexOf('-i') + 1] ?? '', textFiles: readdirSync(dir).filter((file) => file.endsWith('.txt')) };
}

/** A picture with no words: no text filter, no font, no text file (issue 31: the app draws names in the viewer's language). */
export const WORDLESS = { graph: expect.stringMatching(/^(?![\s\S]*(drawtext|textfile|fontfile))[\s\S]*\[out0\]$/), textFiles: [] };

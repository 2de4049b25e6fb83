/**
 * Fans one encoder's FLV byte stream out to every viewer of a line. The encoder's output is cut
 * into whole tags; the file header, the tags that describe the stream (onMetaData, the AVC
 * sequence header) and the tags since the latest keyframe are kept, so a viewer who joins late
 * gets a playable stream at once: header, stream description, then the current keyframe group.
 *
 * FLV layout: a 9-byte header and a 4-byte PreviousTagSize0, then tags of 11 header bytes
 * (type, 24-bit data size, 24+8-bit timestamp, 24-bit stream id), the data and a 4-byte
 * PreviousTagSize.
 */

const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;
const TAG_HEADER_BYTES = 11;
const FILE_HEADER_BYTES = 13;
const FRAME_KEY = 1;
const AVC = 7;
const AVC_SEQUENCE_HEADER = 0;
/** A tag larger than this is a corrupt stream, not a frame of a test picture. */
const MAX_TAG_BYTES = 8 * 1024 * 1024;
/** Without keyframes a group would grow for ever; past this it is dropped and joiners wait for the next keyframe. */
const MAX_GROUP_BYTES = 16 * 1024 * 1024;

/** Where a viewer's bytes go: a stream the HTTP reply reads (a PassThrough). */
export interface FlvSink {
  write(chunk: Buffer): boolean;
  end(): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
}

export interface FlvTagInfo {
  type: number;
  /** Video tags: frame type 1 keyframe, 2 inter frame. */
  frameType: number;
  /** Video tags: 7 AVC. */
  codecId: number;
  /** AVC tags: 0 sequence header, 1 NAL units, 2 end of sequence. */
  avcPacketType: number;
  timestamp: number;
}

/** Reads the fields of a tag (bytes from its type byte on). */
export function flvTagInfo(tag: Buffer): FlvTagInfo {
  const type = (tag[0] as number) & 0x1f;
  const data = tag[TAG_HEADER_BYTES] ?? 0;
  const timestamp = (tag.readUIntBE(4, 3) | ((tag[7] as number) << 24)) >>> 0;
  return {
    type,
    frameType: type === TAG_VIDEO ? data >> 4 : 0,
    codecId: type === TAG_VIDEO ? data & 0x0f : 0,
    avcPacketType: type === TAG_VIDEO ? (tag[TAG_HEADER_BYTES + 1] ?? -1) : -1,
    timestamp,
  };
}

interface Viewer {
  sink: FlvSink;
  /** False until the viewer has been sent the header and a keyframe to start from. */
  started: boolean;
}

export interface FlvRelayOptions {
  /** A viewer with more than this unsent is too slow for a live stream and is dropped. */
  maxBufferedBytes?: number;
  onWarning?: (reason: string) => void;
}

export class FlvRelay {
  private pending: Buffer = Buffer.alloc(0);
  private header: Buffer | undefined;
  /** onMetaData and the AVC sequence header: what a decoder needs before the first frame. */
  private readonly init = new Map<string, Buffer>();
  private group: Buffer[] = [];
  private groupBytes = 0;
  private readonly viewers = new Set<Viewer>();
  private closed = false;
  private corrupt = false;
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: FlvRelayOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** True once a late joiner can start at once (header and a keyframe group are cached). */
  get ready(): boolean {
    return this.header !== undefined && this.group.length > 0;
  }

  /** Bytes from the encoder, in any chunking. */
  push(chunk: Buffer): void {
    if (this.closed || this.corrupt) return;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.header) {
      if (this.pending.length < FILE_HEADER_BYTES) return;
      if (this.pending.toString('latin1', 0, 3) !== 'FLV') return this.fail('the encoder output is not FLV');
      const headerBytes = this.pending.readUInt32BE(5) + 4;
      if (headerBytes < FILE_HEADER_BYTES || headerBytes > 64) return this.fail('unexpected FLV header size');
      if (this.pending.length < headerBytes) return;
      this.header = Buffer.from(this.pending.subarray(0, headerBytes));
      this.pending = this.pending.subarray(headerBytes);
    }
    while (this.pending.length >= TAG_HEADER_BYTES) {
      const dataSize = this.pending.readUIntBE(1, 3);
      const total = TAG_HEADER_BYTES + dataSize + 4;
      if (total > MAX_TAG_BYTES) return this.fail('an FLV tag is too large');
      if (this.pending.length < total) break;
      // A copy: the tag outlives the chunk it came in (it may sit in the keyframe group).
      const tag = Buffer.from(this.pending.subarray(0, total));
      this.pending = this.pending.subarray(total);
      this.onTag(tag);
    }
    if (this.pending.length === 0) this.pending = Buffer.alloc(0);
  }

  /** Adds a viewer; it receives the header and the current keyframe group now, or from the next keyframe. */
  attach(sink: FlvSink): void {
    if (this.closed) {
      sink.end();
      return;
    }
    const viewer: Viewer = { sink, started: false };
    this.viewers.add(viewer);
    if (this.ready) {
      viewer.started = true;
      this.send(viewer, Buffer.concat([this.header as Buffer, ...this.init.values(), ...this.group]));
    }
  }

  detach(sink: FlvSink): void {
    for (const viewer of this.viewers) if (viewer.sink === sink) this.viewers.delete(viewer);
  }

  /** Ends every viewer's stream (the encoder stopped). */
  close(): void {
    this.closed = true;
    for (const viewer of this.viewers) if (!viewer.sink.destroyed && !viewer.sink.writableEnded) viewer.sink.end();
    this.viewers.clear();
    this.group = [];
    this.groupBytes = 0;
    this.pending = Buffer.alloc(0);
  }

  private fail(reason: string): void {
    this.corrupt = true;
    this.options.onWarning?.(reason);
    this.close();
  }

  private onTag(tag: Buffer): void {
    const info = flvTagInfo(tag);
    if (info.type === TAG_SCRIPT) {
      this.init.set('script', tag);
      return this.broadcast(tag, false);
    }
    if (info.type !== TAG_VIDEO) return this.broadcast(tag, false);
    if (info.codecId === AVC && info.avcPacketType === AVC_SEQUENCE_HEADER) {
      this.init.set('avc', tag);
      return this.broadcast(tag, false);
    }
    const key = info.frameType === FRAME_KEY;
    if (key) {
      this.group = [tag];
      this.groupBytes = tag.length;
    } else if (this.group.length > 0) {
      this.group.push(tag);
      this.groupBytes += tag.length;
      if (this.groupBytes > MAX_GROUP_BYTES) {
        this.group = [];
        this.groupBytes = 0;
      }
    }
    this.broadcast(tag, key);
  }

  private broadcast(tag: Buffer, keyframe: boolean): void {
    for (const viewer of this.viewers) {
      if (viewer.started) {
        this.send(viewer, tag);
      } else if (keyframe && this.header) {
        viewer.started = true;
        this.send(viewer, Buffer.concat([this.header, ...this.init.values(), tag]));
      }
    }
  }

  private send(viewer: Viewer, bytes: Buffer): void {
    const { sink } = viewer;
    if (sink.destroyed || sink.writableEnded) {
      this.viewers.delete(viewer);
      return;
    }
    if (sink.writableLength > this.maxBufferedBytes) {
      this.viewers.delete(viewer);
      this.options.onWarning?.('a viewer fell too far behind');
      sink.end();
      return;
    }
    sink.write(bytes);
  }
}

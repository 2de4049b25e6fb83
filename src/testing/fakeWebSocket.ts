/** A WebSocket a test drives by hand (the push client's tests, the push status bar's). */
type Listener = (event: unknown) => void;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('not open');
    this.sent.push(data);
  }

  close(code = 1000, reason = '') {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { type: 'close', code, reason, wasClean: true });
  }

  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.emit('open', { type: 'open' });
  }

  receive(frame: unknown) {
    this.emit('message', { type: 'message', data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The server went away. */
  drop() {
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { type: 'close', code: 1006, reason: '', wasClean: false });
  }

  /** A connection attempt that fails, as a refused connection does. */
  fail() {
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('error', { type: 'error', message: 'ECONNREFUSED' });
    this.emit('close', { type: 'close', code: 1006, reason: '', wasClean: false });
  }

  frames(): unknown[] {
    return this.sent.map((text) => JSON.parse(text) as unknown);
  }

  private emit(type: string, event: unknown) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}


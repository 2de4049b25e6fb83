import ReconnectingWebSocket from 'reconnecting-websocket';
import type { ChatClientFrame } from '../../../contract/chat';
import type { WebSocketConstructor } from '../../services/push';

/** What the chat store needs of its /chat connection; tests pass a fake. */
export interface ChatSocket {
  send(frame: ChatClientFrame): void;
  /** Connects again at once, asking `url` anew (a new token, or none after sign-out). */
  reconnect(): void;
  close(): void;
}

export interface ChatSocketHandlers {
  open(): void;
  frame(frame: unknown): void;
  closed(code: number): void;
}

/** Asked before every connection attempt, so a reconnect carries a token that is still valid. */
export type ChatUrl = () => Promise<string>;
export type OpenChatSocket = (url: ChatUrl, handlers: ChatSocketHandlers) => ChatSocket;

/** As /push (spec: 3000 ms between attempts), but without a retry cap: a chat room stays open as long as it is shown. */
const RECONNECT_MS = 3000;

/**
 * The /chat websocket on reconnecting-websocket (docs/api.md "The /chat websocket"). Nothing is queued while
 * disconnected: the store joins its room again on every open, and the join answers the history.
 */
export const openChatSocket: OpenChatSocket = (url, handlers) => {
  const Base = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  const socket = new ReconnectingWebSocket(url, undefined, {
    ...(Base ? { WebSocket: Base } : {}),
    minReconnectionDelay: RECONNECT_MS,
    maxReconnectionDelay: RECONNECT_MS,
    reconnectionDelayGrowFactor: 1,
    connectionTimeout: 4000,
    maxEnqueuedMessages: 0,
  });
  socket.addEventListener('open', () => handlers.open());
  socket.addEventListener('message', (event) => {
    let frame: unknown;
    try {
      frame = JSON.parse(String(event.data));
    } catch {
      // Not JSON: nothing the platform sends; ignored like any frame the store does not know.
      return;
    }
    handlers.frame(frame);
  });
  socket.addEventListener('close', (event) => handlers.closed(event.code));
  return {
    send: (frame) => {
      if (socket.readyState === ReconnectingWebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    reconnect: () => socket.reconnect(),
    close: () => socket.close(),
  };
};

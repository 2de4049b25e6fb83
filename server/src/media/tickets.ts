import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { STREAM_TICKET_PATTERN } from '../../../contract/media';
import type { Clock } from '../clock';

/**
 * Stream tickets: the anchor answer (GET /media/anchor/web) decides who may watch a room, but players fetch stream URLs
 * without the member's token, so the URLs it names carry a ticket instead: the room and an expiry, signed with a key
 * of this process. A room id alone (guessable) never opens an exclusive or agent room's stream. A ticket is a path
 * segment, not a query parameter, so the relative segment names of an HLS playlist carry it too.
 */

/** Long enough for any match and its extra time; a stage that reopens the room asks for a new one. */
export const TICKET_TTL_MS = 6 * 3600_000;

/** `<expiry, base 36>-<32 hex digits of HMAC-SHA256>` (the contract's STREAM_TICKET_PATTERN). */
const TICKET_PATTERN = STREAM_TICKET_PATTERN;

export type TicketCheck = 'ok' | 'expired' | 'invalid';

export interface StreamTickets {
  issue(liveRoomId: number): string;
  check(liveRoomId: number, ticket: string): TicketCheck;
}

export function createStreamTickets(clock: Clock, key: Buffer = randomBytes(32)): StreamTickets {
  const mac = (liveRoomId: number, expires: string) => createHmac('sha256', key).update(`room:${liveRoomId}:${expires}`).digest('hex').slice(0, 32);
  return {
    issue(liveRoomId) {
      const expires = (clock.now() + TICKET_TTL_MS).toString(36);
      return `${expires}-${mac(liveRoomId, expires)}`;
    },
    check(liveRoomId, ticket) {
      if (!TICKET_PATTERN.test(ticket)) return 'invalid';
      const [expires = '', signature = ''] = ticket.split('-');
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(mac(liveRoomId, expires), 'hex'))) return 'invalid';
      return parseInt(expires, 36) > clock.now() ? 'ok' : 'expired';
    },
  };
}

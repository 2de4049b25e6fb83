import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { ChatMessagesTable, Database } from '../db/schema';
import type { LimitStore } from '../http/limitStore';
import type { AnchorDirectory } from '../live/anchors';
import type { SpecialRooms } from '../live/specialRooms';
import type { PushHub } from '../push/hub';
import type { ImageStore } from './images';

/**
 * What every part of the chat service shares (service.ts puts the parts together): the platform services it is built
 * on, the stored message row, and how it refuses. Each part takes only the services it uses, picked from ChatDeps.
 */

export interface ChatDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: PlatformConfig;
  anchors: AnchorDirectory;
  specialRooms: SpecialRooms;
  hub: PushHub;
  images: ImageStore;
  /** The platform's limit store: the send window holds across instances sharing Redis. */
  limits: LimitStore;
}

/** A chat rule the member broke, or a thing that does not exist: its code (contract ChatError) and HTTP status. */
export class ChatRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 403,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

export type MessageRow = Selectable<ChatMessagesTable>;

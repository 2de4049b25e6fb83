import type { AppLogEvent } from '../../contract/appLog';
import { SETTINGS_PATHS } from '../../contract/paths';
import type { HttpClients } from './http';
import type { Logger } from './logger';
import type { Scheduler } from './scheduler';

/** Events that happen close together go out in one post. */
export const APP_LOG_DELAY_MS = 2000;
/** contract/appLog.ts MAX_LOG_EVENTS, kept as a number here so the app does not build the contract's schemas. */
const MAX_EVENTS = 20;
/** Past this many waiting events (a page throwing in a loop), further ones are dropped until the queue drains. */
const MAX_QUEUED = 100;
const FLUSH_TIMER = 'appLog.flush';

export interface AppLogDeps {
  http: Pick<HttpClients, 'forehead'>;
  scheduler: Pick<Scheduler, 'once' | 'stop'>;
  logger: Logger;
  now(): number;
  /** The page's origin and path (never its query, where a `?token=` may still sit). */
  origin(): string;
  /** The member signed in now. */
  member(): { uid: string; username: string } | undefined;
  /** The session token, removed from anything reported. */
  token(): string | null;
}

export interface AppLog {
  report(event: Pick<AppLogEvent, 'level' | 'event' | 'message'>): void;
}

/**
 * The app's side of the logging service (spec 001 section 7): events with the page origin, uid and username, batched
 * and posted to the platform. Reporting never fails the caller and never reports its own failures (a platform that
 * is down would otherwise be asked to log that it is down). A message never carries the session token.
 */
export function createAppLog(deps: AppLogDeps): AppLog {
  const queue: AppLogEvent[] = [];
  let scheduled = false;
  // Scheduled once per batch, not pushed back by each event: a page that keeps failing still gets its events out.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    deps.scheduler.once(FLUSH_TIMER, APP_LOG_DELAY_MS, flush);
  };
  const flush = async () => {
    scheduled = false;
    const events = queue.splice(0, MAX_EVENTS);
    if (events.length === 0) return;
    try {
      await deps.http.forehead.post(SETTINGS_PATHS.logAdd, { events });
    } catch (error) {
      deps.logger.warn('[app log] events not posted', error);
    }
    if (queue.length > 0) schedule();
  };
  return {
    report({ level, event, message }) {
      if (queue.length >= MAX_QUEUED) return;
      const token = deps.token();
      const member = deps.member();
      const text = message === undefined ? undefined : (token ? message.split(token).join('[token]') : message).slice(0, 1000);
      queue.push({
        level,
        event,
        origin: deps.origin().slice(0, 300),
        time: Math.floor(deps.now()),
        ...(text === undefined ? {} : { message: text }),
        ...(member ? { uid: member.uid, username: member.username } : {}),
      });
      schedule();
    },
  };
}

import { createHash } from 'node:crypto';
import pg from 'pg';

/** How often a follower tries to take the lease: takeover within about this long after the leader's session ends. */
export const LEADER_RETRY_MS = 2_000;

export type FeedRole = 'leader' | 'follower';

/**
 * Which instance is the feed leader (issue 19): the one that runs the side effects of the feed (results, settlement,
 * cash out, pre-bet triggers, economy events, experts, booking notices, feed pushes) and prices in-play markets.
 */
export interface Leadership {
  readonly role: FeedRole;
  isLeader(): boolean;
  /** Called on every change of role, promotion or step-down. */
  onChange(listener: (role: FeedRole) => void): () => void;
  /** One try to take the lease now (the loop calls it every retryMs); resolves to whether this instance leads. */
  attempt(): Promise<boolean>;
  /** Starts competing: a first attempt, then the retry loop. */
  start(): Promise<void>;
  /** Stops competing and gives the lease up (a clean shutdown hands over at once). */
  stop(): Promise<void>;
}

/** The embedded database has one instance by definition: it always leads. */
export function soleLeadership(): Leadership {
  return {
    role: 'leader',
    isLeader: () => true,
    onChange: () => () => undefined,
    attempt: async () => true,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

/** The lease's key, per schema (platforms in other schemas of one database do not compete). */
export function leaderLockKey(schema = 'public'): bigint {
  const hash = createHash('sha256').update(`sport-pc feed leader ${schema}`).digest();
  return hash.readBigInt64BE(0) & 0x7fffffffffffffffn;
}

export interface PostgresLeadershipOptions {
  url: string;
  schema?: string;
  /** How often a follower tries to take the lease (real ms); 0: only when attempt() is called (tests). */
  retryMs: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * The lease on PostgreSQL: a session-level `pg_try_advisory_lock` held on a connection of its own, outside the pool.
 * PostgreSQL keeps the lock while that session lives and drops it when the session ends, including when the process
 * dies without a word (SIGKILL, a lost machine: the socket closes, or TCP keep-alive finds it gone), so a follower's
 * next try takes it: takeover within retryMs after the leader's socket closes.
 *
 * If the leader's lock connection breaks (the database restarted, the network failed), it cannot tell whether
 * PostgreSQL still thinks it holds the lock, and another instance may take it at any moment: it steps down at once
 * (listeners stop every side effect) and competes again as a follower on a new connection. It does not exit: its HTTP
 * side keeps serving, as a follower's does.
 */
export function postgresLeadership({ url, schema, retryMs, log }: PostgresLeadershipOptions): Leadership {
  const key = leaderLockKey(schema);
  const listeners = new Set<(role: FeedRole) => void>();
  let role: FeedRole = 'follower';
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let trying: Promise<boolean> | undefined;
  let stopped = false;

  // A function, not `role === 'leader'` inline: role changes across the awaits above, which TypeScript cannot see.
  const isLeader = () => role === 'leader';
  const become = (next: FeedRole) => {
    if (role === next) return;
    role = next;
    log?.info({ feedRole: next }, next === 'leader' ? 'feed leader: took the lease' : 'feed leader: stepped down');
    for (const listener of listeners) listener(next);
  };

  const dropClient = (broken: pg.Client) => {
    if (client !== broken) return;
    client = undefined;
    become('follower');
  };

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: url, keepAlive: true, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    // A lost connection (or a closed one) ends the lease as far as this instance can know: step down.
    fresh.on('error', (error) => {
      log?.warn({ err: error }, 'feed leader: lock connection failed');
      dropClient(fresh);
    });
    fresh.on('end', () => dropClient(fresh));
    await fresh.connect();
    return fresh;
  }

  async function tryOnce(): Promise<boolean> {
    if (stopped) return false;
    if (role === 'leader') return true;
    try {
      client ??= await connect();
      const { rows } = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${key}) as locked`);
      if (rows[0]?.locked === true && !stopped) become('leader');
    } catch (error) {
      log?.warn({ err: error }, 'feed leader: could not try the lease');
      const broken = client;
      client = undefined;
      await broken?.end().catch(() => undefined);
    }
    return isLeader();
  }

  const attempt = () => {
    // One try at a time: the loop and a caller share it.
    trying ??= tryOnce().finally(() => {
      trying = undefined;
    });
    return trying;
  };

  return {
    get role() {
      return role;
    },
    isLeader,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attempt,
    async start() {
      await attempt();
      if (retryMs > 0 && !timer) {
        timer = setInterval(() => void attempt(), retryMs);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await trying;
      const held = client;
      client = undefined;
      become('follower');
      // Ending the session releases the lock at once, so a follower takes over on its next try.
      await held?.end().catch(() => undefined);
    },
  };
}

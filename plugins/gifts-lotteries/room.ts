import { reaction } from 'mobx';
import { destroy } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { httpRef, pushRef, schedulerRef, sessionRef, useService, type HttpClients, type LiveRoomProps, type PushClient, type Scheduler, type SessionView } from '../../src/sdk';
import type { MemberCoinsPush, RoomEventPush } from '../../contract/economy';
import { EconomyChannel } from './codes';
import { RoomEconomy, type EconomyEnv, type RoomEconomyInstance } from './store';

interface Shared {
  store: RoomEconomyInstance;
  users: number;
  stop(): void;
}

/**
 * The header and the stage of one room share one store: made by whichever mounts first, destroyed when the last
 * leaves. Kept per http client (one per app mount), so a remounted app never sees a disposed one.
 */
const rooms = new WeakMap<object, Map<number, Shared>>();

function acquire(http: HttpClients, push: PushClient, scheduler: Scheduler, session: SessionView, props: LiveRoomProps): Shared {
  const byRoom = rooms.get(http) ?? new Map<number, Shared>();
  rooms.set(http, byRoom);
  let shared = byRoom.get(props.liveRoomId);
  if (!shared) {
    const env: EconomyEnv = {
      post: postOn(http),
      now: () => Date.now(),
      moneyMoved: () => props.moneyMoved(),
      scheduler,
    };
    const store = RoomEconomy.create({ roomId: props.liveRoomId, hostId: props.hostId }, env);
    store.start(session.isLogin);
    // Messages missed (a lost connection, a platform restart): the room's events are read again (issue 31).
    const unsubscribe = push.subscribe(EconomyChannel.room(props.liveRoomId), (data) => store.apply(data as RoomEventPush), () => store.catchUp());
    // The session service reads the app's observable session: signing in or out reloads the member's own state.
    const stopLogin = reaction(() => session.isLogin, (isLogin) => store.setLogin(isLogin));
    // Gift names and the lottery's title come in the request language: a switch asks for them again (issue 28).
    const stopLanguage = reaction(() => session.language, () => store.languageChanged());
    // The member's private coins channel, while someone is signed in (the push socket is signed in as them).
    let leaveCoins: (() => void) | undefined;
    const stopCoins = reaction(
      () => session.uid,
      (uid) => {
        leaveCoins?.();
        leaveCoins = uid === undefined ? undefined : push.subscribe(EconomyChannel.memberCoins(Number(uid)), (data) => store.applyCoins(data as MemberCoinsPush));
      },
      { fireImmediately: true },
    );
    shared = {
      store,
      users: 0,
      stop() {
        unsubscribe();
        stopLogin();
        stopLanguage();
        stopCoins();
        leaveCoins?.();
        byRoom.delete(props.liveRoomId);
        destroy(store);
      },
    };
    byRoom.set(props.liveRoomId, shared);
  }
  shared.users += 1;
  return shared;
}

/** The room's economy store, fed by the room's push channel while any part of the plugin shows; undefined at first render. */
export function useRoomEconomy(props: LiveRoomProps): RoomEconomyInstance | undefined {
  const http = useService(httpRef);
  const push = useService(pushRef);
  const scheduler = useService(schedulerRef);
  const session = useService(sessionRef);
  const [store, setStore] = useState<RoomEconomyInstance | undefined>(undefined);
  useEffect(() => {
    const shared = acquire(http, push, scheduler, session, props);
    setStore(shared.store);
    return () => {
      shared.users -= 1;
      if (shared.users === 0) shared.stop();
    };
    // One store per room: the props' callbacks are the app's and do the same from render to render.
  }, [http, push, scheduler, session, props.liveRoomId]);
  return store;
}

/** A gift icon's path (live/load/gift `icon`) as a URL on the forehead service, which serves the icons. */
export function useIconUrl(): (path: string) => string {
  const http = useService(httpRef);
  const base = new URL(http.forehead.defaults.baseURL ?? '', window.location.href);
  return (path) => new URL(path, base).toString();
}

/**
 * A forehead call answering the envelope's data (the client resolves with it, src/services/http.ts, not an axios
 * response); through a promise even when a client answers synchronously.
 */
const postOn =
  (http: HttpClients) =>
  <T,>(path: string, body: object): Promise<T> =>
    Promise.resolve().then(() => http.forehead.post(path, body) as Promise<T>);

export function usePost() {
  return postOn(useService(httpRef));
}

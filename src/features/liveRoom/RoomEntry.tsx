import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { EnterEffect } from '../../../contract/liveRoomEnums';
import type { EnterAnimation } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import { envOf } from '../../core/store/env';
import { useStore } from '../../core/ui/storeContext';
import { usePlatformAnswer } from '../../core/ui/usePlatformAnswer';
import { useMemberTranslation } from './i18n';
import styles from './LiveRoomScreen.module.css';

/** How long the VIP entrance shows before it goes. */
export const ENTRANCE_MS = 4000;
/** The scheduler's name for the entrance's end (one room shows at a time). */
const ENTRANCE_END = 'live.entrance';

/**
 * A member entering a room: the view is counted (live/submit/watch, the room's popularity) and their VIP entrance
 * (live/enter/animation) shows once, a banner for V3-V6 and a wider one for V7-V10, then goes. A visitor's entry counts
 * nothing on the platform, so it sends nothing. Both calls are best effort: a failure is logged, the room plays on.
 */
export const RoomEntry = observer(function RoomEntry({ liveRoomId }: { liveRoomId: number }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  const { http, logger, scheduler } = envOf(store);
  const uid = store.session.isLogin ? store.session.userData?.uid : undefined;
  // One visit: this member in this room (another member, or another room, is another entrance).
  const visit = uid === undefined ? undefined : `${uid}:${liveRoomId}`;
  useEffect(() => {
    if (visit === undefined) return;
    Promise.resolve(http.forehead.post(LIVE_ROOM_PATHS.watch, { liveRoomId })).catch((error: unknown) => logger.warn('[live] watch not counted', error));
  }, [http, logger, visit, liveRoomId]);
  const entrance = usePlatformAnswer(visit, () => http.forehead.post(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId }) as Promise<EnterAnimation>, {
    failed: (error) => logger.warn('[live] entrance not shown', error),
  });
  // The visit whose entrance has had its time.
  const [ended, setEnded] = useState<string | undefined>(undefined);
  const shown = entrance.data !== undefined && entrance.data.effect !== EnterEffect.None && ended !== visit ? entrance.data : undefined;
  useEffect(() => {
    if (!shown) return undefined;
    scheduler.once(ENTRANCE_END, ENTRANCE_MS, () => setEnded(visit));
    return () => scheduler.stop(ENTRANCE_END);
  }, [scheduler, shown, visit]);
  if (!shown) return null;
  return (
    <p className={styles.entrance} role="status" data-effect={shown.effect === EnterEffect.Full ? 'full' : 'banner'}>
      {t('entrance', { name: shown.nickname, level: shown.vipLevel })}
    </p>
  );
});

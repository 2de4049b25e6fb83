import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { EnterEffect } from '../../../contract/liveRoomEnums';
import type { EnterAnimation } from '../../../contract/liveRoom';
import { LIVE_ROOM_PATHS } from '../../../contract/liveRoomPaths';
import { envOf } from '../../core/store/env';
import { useStore } from '../../core/ui/storeContext';
import { useMemberTranslation } from './AnchorMember';
import styles from './LiveRoomScreen.module.css';

/** How long the VIP entrance shows before it goes. */
export const ENTRANCE_MS = 4000;

/**
 * A member entering a room: the view is counted (live/submit/watch, the room's popularity) and their VIP entrance
 * (live/enter/animation) shows once, a banner for V3-V6 and a wider one for V7-V10, then goes. A visitor's entry counts
 * nothing on the platform, so it sends nothing. Both calls are best effort: a failure is logged, the room plays on.
 */
export const RoomEntry = observer(function RoomEntry({ liveRoomId }: { liveRoomId: number }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  const uid = store.session.isLogin ? store.session.userData?.uid : undefined;
  const [entrance, setEntrance] = useState<EnterAnimation | undefined>(undefined);
  useEffect(() => {
    if (uid === undefined) return;
    const { http, logger } = envOf(store);
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    Promise.resolve(http.forehead.post(LIVE_ROOM_PATHS.watch, { liveRoomId })).catch((error: unknown) => logger.warn('[live] watch not counted', error));
    Promise.resolve(http.forehead.post(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId }) as Promise<EnterAnimation>)
      .then((answer) => {
        if (gone || answer.effect === EnterEffect.None) return;
        setEntrance(answer);
        timer = setTimeout(() => setEntrance(undefined), ENTRANCE_MS);
      })
      .catch((error: unknown) => logger.warn('[live] entrance not shown', error));
    return () => {
      gone = true;
      if (timer !== undefined) clearTimeout(timer);
      setEntrance(undefined);
    };
  }, [store, uid, liveRoomId]);
  if (!entrance) return null;
  return (
    <p className={styles.entrance} role="status" data-effect={entrance.effect === EnterEffect.Full ? 'full' : 'banner'}>
      {t('entrance', { name: entrance.nickname, level: entrance.vipLevel })}
    </p>
  );
});

import { useEffect } from 'react';
import { useService } from '../../kernel';
import { matchChannels } from '../store/livePush';
import { pushRef } from './services';

/** Subscribes a match's push channels (scores, clock, prices) while the component showing it is mounted. */
export function useMatchChannels(matchId: number): void {
  const push = useService(pushRef);
  useEffect(() => {
    const offs = matchChannels(matchId).map((channel) => push.subscribe(channel));
    return () => offs.forEach((off) => off());
  }, [matchId, push]);
}

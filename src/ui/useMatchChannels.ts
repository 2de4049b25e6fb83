import { useEffect } from 'react';
import { useKernel } from '../kernel';
import { matchChannels } from '../stores/livePush';
import type { AppServices } from './services';

/** Subscribes a match's push channels (scores, clock, prices) while the component showing it is mounted. */
export function useMatchChannels(matchId: number): void {
  const { services } = useKernel<AppServices>();
  useEffect(() => {
    const offs = matchChannels(matchId).map((channel) => services.push.subscribe(channel));
    return () => offs.forEach((off) => off());
  }, [matchId, services.push]);
}

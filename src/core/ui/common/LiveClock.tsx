import { observer } from 'mobx-react-lite';
import { formatDuration } from '../../../../domain/duration';
import type { LiveMatch } from '../../store/liveBook';
import { useStore } from '../storeContext';

/**
 * A match clock ticking between updates. It observes the app-wide seconds ticker on its own, so each second
 * re-renders this text only, not the row or card around it. Nothing for sports without a clock.
 */
export const LiveClock = observer(function LiveClock({ live, className }: { live: LiveMatch; className?: string }) {
  const { ui } = useStore();
  if (live.clock.type === 'none') return null;
  return <span className={className}>{formatDuration(live.secondsAt(ui.now))}</span>;
});

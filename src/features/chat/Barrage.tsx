import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../contract/chat';
import { chatOf } from './chat';
import { useStore } from '../../core/ui/storeContext';
import { useChatWords } from './chatText';
import styles from './Chat.module.css';

/** Lanes over the stage; a message waits for the next free lane rather than overlapping another. */
export const BARRAGE_LANES = 4;
/** At most this many messages fly at once; a burst beyond it is skipped (the chat tab still lists everything). */
export const BARRAGE_MAX = 12;

interface Flying {
  message: ChatMessage;
  lane: number;
}

/**
 * The barrage (spec 001: scrolling messages over the stage, its toggle persisted per merchant): new messages of the room
 * cross the stage right to left on a CSS animation (transform only, so no layout work per frame), each removed when its
 * animation ends. Only messages that arrive while watching fly; the history does not.
 */
export const Barrage = observer(function Barrage() {
  const chat = chatOf(useStore());
  const words = useChatWords();
  const [flying, setFlying] = useState<Flying[]>([]);
  const shown = useRef(new Set<string>());
  const nextLane = useRef(0);
  const arrivals = chat.arrivals;
  const visible = chat.barrageVisible;

  useEffect(() => {
    if (!visible) {
      // What arrived while hidden never flies later.
      for (const message of arrivals) shown.current.add(message.id);
      setFlying([]);
      return;
    }
    const fresh = arrivals.filter((message) => !shown.current.has(message.id) && (message.text !== '' || message.order || message.notice));
    if (fresh.length === 0) return;
    for (const message of fresh) shown.current.add(message.id);
    setFlying((current) => {
      const next = [...current];
      for (const message of fresh) {
        if (next.length >= BARRAGE_MAX) break;
        next.push({ message, lane: nextLane.current });
        nextLane.current = (nextLane.current + 1) % BARRAGE_LANES;
      }
      return next;
    });
  }, [arrivals, visible]);

  if (!visible || flying.length === 0) return null;
  return (
    <div className={styles.barrage} aria-hidden="true" data-testid="barrage">
      {flying.map(({ message, lane }) => (
        <span
          key={message.id}
          className={styles.bullet}
          data-lane={lane}
          onAnimationEnd={() => setFlying((current) => current.filter((item) => item.message.id !== message.id))}
        >
          {message.notice ? words.line(message) : `${message.nickname}: ${words.line(message)}`}
        </span>
      ))}
    </div>
  );
});

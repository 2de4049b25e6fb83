import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { chatOf } from './chat';
import { useStore } from '../../core/ui/storeContext';
import { useChatError, useChatInputState, useChatTranslation } from './chatText';
import styles from './Chat.module.css';

/** True while the stage this element sits in fills the screen (the room's chat tab is outside it then). */
function useInFullscreen(element: React.RefObject<HTMLElement | null>): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => {
    const changed = () => setInside(document.fullscreenElement != null && element.current != null && document.fullscreenElement.contains(element.current));
    changed();
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [element]);
  return inside;
}

/**
 * The chat's input over the stage in full screen (issue 31): the room's chat tab is not on screen then, so a viewer
 * could read the barrage but not answer it. One line and Send, the chat tab's draft and rules (the same store): what
 * is typed here is in the tab after leaving full screen, and the input says why it is disabled as the tab does.
 */
export const FullscreenChat = observer(function FullscreenChat() {
  const holder = useRef<HTMLDivElement>(null);
  const inFullscreen = useInFullscreen(holder);
  return <div ref={holder} className={styles.fullscreenHolder}>{inFullscreen && <FullscreenInput />}</div>;
});

const FullscreenInput = observer(function FullscreenInput() {
  const { t } = useChatTranslation();
  const store = useStore();
  const chat = chatOf(store);
  const say = useChatError();
  const { disabled, placeholder, slowWait, slowNote } = useChatInputState(chat, store.ui);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chat.remindMsgLength >= 0 && slowWait === 0) chat.sendText();
  };
  return (
    <form className={styles.fullscreenInput} onSubmit={submit}>
      {chat.chatError && (
        <p className={styles.fullscreenError} role="alert">
          {say(chat.chatError)}
        </p>
      )}
      <input
        className={styles.fullscreenField}
        aria-label={t('input.label')}
        placeholder={placeholder}
        title={disabled ? placeholder : undefined}
        disabled={disabled}
        value={disabled ? '' : chat.draft}
        onChange={(event) => chat.setDraft(event.target.value)}
      />
      <button type="submit" className={styles.fullscreenSend} disabled={disabled || slowWait > 0 || chat.remindMsgLength < 0 || chat.draft.trim() === ''} title={slowNote || undefined}>
        {slowWait > 0 ? slowNote : t('input.send')}
      </button>
    </form>
  );
});

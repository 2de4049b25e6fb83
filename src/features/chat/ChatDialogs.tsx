import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ChatMessage } from '../../../contract/chat';
import type { ChatStoreInstance } from './chat';
import { failureOf, type ChatFailure } from './chatState';
import { Button } from '../../core/ui/common/Button';
import { Dialog } from '../../core/ui/common/Dialog';
import { RowsSkeleton } from '../../core/ui/common/States';
import { useChatError, useChatTranslation, useChatWords } from './chatText';
import { OrderCard } from './ChatMessageItem';
import styles from './Chat.module.css';

function Failure({ error }: { error: ChatFailure | null }) {
  const say = useChatError();
  return error ? (
    <p className={styles.error} role="alert">
      {say(error)}
    </p>
  ) : null;
}

/** Report a message with one of the platform's categories (and a note); the answer's error stays in the dialog. */
export const ReportDialog = observer(function ReportDialog({ chat, message, onClose, onDone, fallbackFocus }: { chat: ChatStoreInstance; message: ChatMessage | null; onClose(): void; onDone(): void; fallbackFocus(): HTMLElement | null }) {
  const { t } = useChatTranslation();
  const id = useId();
  const [cateId, setCateId] = useState<number | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<ChatFailure | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!message) return;
    setError(null);
    setRemark('');
    setCateId(undefined);
    if (chat.reportConfigList.length === 0) void chat.loadReportCategories();
  }, [chat, message]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message || cateId === undefined) return;
    setBusy(true);
    const result = await chat.report(message.id, cateId, remark);
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  };
  const categories = chat.reportConfigList;
  return (
    <Dialog open={message !== null} title={t('report.title')} onClose={onClose} fallbackFocus={fallbackFocus}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        {message && <p className={styles.quote}>{`${message.nickname}: ${message.text}`}</p>}
        {categories.length === 0 ? (
          <RowsSkeleton rows={2} />
        ) : (
          <fieldset className={styles.fieldset}>
            <legend>{t('report.category')}</legend>
            {categories.map((category) => (
              <label key={category.id} className={styles.choice}>
                <input type="radio" name={`${id}-cate`} value={category.id} checked={cateId === category.id} onChange={() => setCateId(category.id)} required />
                {category.name}
              </label>
            ))}
          </fieldset>
        )}
        <label className={styles.field}>
          {t('report.remark')}
          <textarea value={remark} maxLength={200} rows={2} onChange={(event) => setRemark(event.target.value)} />
        </label>
        <Failure error={error} />
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={busy || cateId === undefined}>
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});

const DURATIONS = [10, 60, 1440] as const;

/** An agent mutes a member of their room for a while, with a reason the member is shown. */
export function MuteDialog({ chat, message, onClose, fallbackFocus }: { chat: ChatStoreInstance; message: ChatMessage | null; onClose(): void; fallbackFocus(): HTMLElement | null }) {
  const { t } = useChatTranslation();
  const [minutes, setMinutes] = useState<number>(DURATIONS[0]);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message && chat.mute(message.uid, minutes, reason.trim())) onClose();
  };
  return (
    <Dialog open={message !== null} title={t('mute.title', { name: message?.nickname ?? '' })} onClose={onClose} fallbackFocus={fallbackFocus}>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          {t('mute.minutes')}
          <select value={minutes} onChange={(event) => setMinutes(Number(event.target.value))}>
            {DURATIONS.map((value) => (
              <option key={value} value={value}>
                {t(`mute.duration.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('mute.reason')}
          <input value={reason} maxLength={200} required onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={reason.trim() === ''}>
            {t('mute.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks before an agent's action that cannot be taken back quietly (deleting a message, closing the room's chat). */
export function ConfirmDialog({ open, title, body, confirm, onConfirm, onClose, fallbackFocus }: { open: boolean; title: string; body: string; confirm: string; onConfirm(): void; onClose(): void; fallbackFocus?: () => HTMLElement | null }) {
  const { t } = useChatTranslation();
  return (
    <Dialog open={open} title={title} onClose={onClose} fallbackFocus={fallbackFocus}>
      <p>{body}</p>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** The member's orders that may be shared in this room (the platform applies spec 001 section 5), each sent as a card. */
export const OrderPicker = observer(function OrderPicker({ chat, open, onClose }: { chat: ChatStoreInstance; open: boolean; onClose(): void }) {
  const { t } = useChatTranslation();
  const words = useChatWords();
  useEffect(() => {
    if (open) void chat.loadOrderHistory();
  }, [chat, open]);
  const { status, error } = chat.orderHistoryRequest;
  const orders = chat.chatOrderHistory;
  return (
    <Dialog open={open} title={t('share.title')} onClose={onClose}>
      <div className={styles.form}>
        {status === 'idle' || status === 'loading' ? (
          <RowsSkeleton rows={3} />
        ) : status === 'failed' ? (
          <Failure error={failureOf(error)} />
        ) : orders.length === 0 ? (
          <p className={styles.muted}>{t('share.empty')}</p>
        ) : (
          <>
            <p className={styles.muted}>{t('share.hint', { count: Math.min(orders.length, chat.orderShowRule.showCount) })}</p>
            <ul className={styles.orders}>
              {orders.map((order) => (
                <li key={order.orderId} className={styles.orderRow}>
                  <OrderCard order={order} />
                  <Button
                    onClick={() => {
                      if (chat.sendOrder(order.orderId)) onClose();
                    }}
                    aria-label={`${t('share.send')}: ${words.order(order).title}, ${words.order(order).section}`}
                  >
                    {t('share.send')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
});

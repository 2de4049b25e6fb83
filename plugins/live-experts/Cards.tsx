import type { ExpertMessage, ExpertPerson } from '../../contract/experts';
import { useExpertsTranslation, useFormatTime } from './i18n';
import styles from './Experts.module.css';

/** A settled message's result as a word and a colour (pending shows nothing). */
export function ResultBadge({ result }: { result: ExpertMessage['result'] }) {
  const { t } = useExpertsTranslation();
  if (result === 0) return null;
  return (
    <span className={styles.result} data-result={result}>
      {t(`result.${result}`)}
    </span>
  );
}

/** What a message costs, or that it is free or already bought. */
export function PriceTag({ message }: { message: ExpertMessage }) {
  const { t } = useExpertsTranslation();
  if (message.isBuy === 1) return <span className={styles.bought}>{t('bought')}</span>;
  if (Number(message.goldPrice) === 0) return <span className={styles.free}>{t('free')}</span>;
  return <span className={styles.price}>{t('price', { price: message.goldPrice })}</span>;
}

/** One message in a list: a button that opens its detail. */
export function MessageCard({ message, onOpen }: { message: ExpertMessage; onOpen(id: number): void }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(message.id)} data-message-id={message.id}>
      <span className={styles.cardHead}>
        <strong className={styles.cardTitle}>{message.sportsTitle}</strong>
        {message.isHot === 1 && <span className={styles.hot}>{t('hot')}</span>}
        <ResultBadge result={message.result} />
      </span>
      <span className={styles.cardFacts}>
        <span>{message.professorName}</span>
        {message.tag && <span className={styles.tag}>{message.tag}</span>}
        <span>{message.sportsInfo}</span>
        <span>{formatTime(message.publishTime)}</span>
        <span>{t('reads', { count: message.readCount })}</span>
        <span>{t('comments', { count: message.commentCount })}</span>
        <PriceTag message={message} />
      </span>
    </button>
  );
}

/** One expert in a list: a button that opens their detail. */
export function PersonCard({ person, onOpen }: { person: ExpertPerson; onOpen(id: number): void }) {
  const { t } = useExpertsTranslation();
  return (
    <button type="button" className={styles.card} onClick={() => onOpen(person.id)} data-person-id={person.id}>
      <span className={styles.cardHead}>
        <img className={styles.avatar} src={person.profile} alt="" width={40} height={40} />
        <strong className={styles.cardTitle}>{person.name}</strong>
        {person.tag && <span className={styles.tag}>{person.tag}</span>}
        {person.isAttention === 1 && <span className={styles.bought}>{t('following')}</span>}
      </span>
      <span className={styles.cardFacts}>
        <span>{t('hitRate', { rate: person.hitPercents })}</span>
        <span>{t('tenWin', { count: person.tenWin })}</span>
        <span>{t('winContinuous', { count: person.winContinuous })}</span>
        <span>{t('followers', { count: person.subscribed })}</span>
      </span>
    </button>
  );
}

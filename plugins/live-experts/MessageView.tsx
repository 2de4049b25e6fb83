import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ExpertComment, ExpertMessage, MessagePick, SubComment } from '../../contract/experts';
import { betSlipRef, Button, Dialog, sessionRef, useService, type AddPickOutcome } from '../../src/sdk';
import { ResultBadge } from './Cards';
import { useExpertsTranslation, useFormatTime } from './i18n';
import { Failed, PagedView, Skeleton } from './Paged';
import type { MessageDetailInstance } from './store';
import styles from './Experts.module.css';

/** A message's detail: its matches, the analysis once readable (or the paid unlock), and its comments. */
export const MessageView = observer(function MessageView({ detail }: { detail: MessageDetailInstance }) {
  const session = useService(sessionRef);
  useEffect(() => {
    void detail.load();
    void detail.loadRule();
  }, [detail]);
  if (detail.status === 'failed') return <Failed onRetry={() => void detail.load()} />;
  const message = detail.message;
  if (!message) return <Skeleton rows={6} />;
  return (
    <article className={styles.detail} aria-labelledby={`sp-expert-message-${message.id}`}>
      <MessageHead message={message} />
      <Matches message={message} />
      {message.canRead ? <Content message={message} /> : <Locked detail={detail} message={message} isLogin={session.isLogin} />}
      <Comments detail={detail} isLogin={session.isLogin} />
    </article>
  );
});

function MessageHead({ message }: { message: ExpertMessage }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  return (
    <header className={styles.detailHead}>
      <h2 id={`sp-expert-message-${message.id}`} className={styles.detailTitle}>
        {message.sportsTitle} <ResultBadge result={message.result} />
      </h2>
      <p className={styles.cardFacts}>
        <span>{message.professorName}</span>
        {message.tag && <span className={styles.tag}>{message.tag}</span>}
        <span>{message.sportsInfo}</span>
        <span>{message.sportsPlay}</span>
        <span>{t(message.bettingType === 2 ? 'parlay' : 'single')}</span>
        <span>{formatTime(message.publishTime)}</span>
        <span>{t('reads', { count: message.readCount })}</span>
        {message.yieldRate !== null && <span>{t('yieldRate', { rate: message.yieldRate })}</span>}
      </p>
    </header>
  );
}

function Matches({ message }: { message: ExpertMessage }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  return (
    <ul className={styles.matches} aria-label={t('matches')}>
      {message.messageMatchList.map((match) => (
        <li key={match.matchId} className={styles.match}>
          <span className={styles.muted}>{match.leagueName}</span>
          <span>
            {match.homeName}{' '}
            {match.homeScore !== null && match.awayScore !== null ? <strong>{t('score', { home: match.homeScore, away: match.awayScore })}</strong> : t('versus')}{' '}
            {match.awayName}
          </span>
          <span className={styles.muted}>{formatTime(match.beginTime)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Add to slip" on a pick the member can read: the app prices it from the live book now (not the odds the expert
 * published) and says what became of it; a closed market is refused with the reason, nothing added.
 */
function AddPick({ pick }: { pick: MessagePick }) {
  const { t } = useExpertsTranslation();
  const slip = useService(betSlipRef);
  const [state, setState] = useState<AddPickOutcome | 'busy' | undefined>();
  const add = async () => {
    setState('busy');
    setState(await slip.addPick({ matchId: pick.matchId, marketId: pick.marketId, optionType: pick.optionType }));
  };
  const refused = state === 'closed' || state === 'failed';
  return (
    <span className={styles.addPick}>
      <Button variant="secondary" disabled={state === 'busy'} aria-label={t('pickSlip.add', { selection: pick.selection })} onClick={() => void add()}>
        {t('pickSlip.button')}
      </Button>
      <span role={refused ? 'alert' : 'status'} className={refused ? styles.error : styles.muted}>
        {state && state !== 'busy' ? t(`pickSlip.${state}`) : ''}
      </span>
    </span>
  );
}

/** The analysis and picks: plain text from the platform, never HTML. */
function Content({ message }: { message: ExpertMessage }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  return (
    <section className={styles.content} aria-label={t('analysis')} data-testid="expert-content">
      {message.payTime !== null && <p className={styles.muted}>{t('paidAt', { time: formatTime(message.payTime) })}</p>}
      <p className={styles.text}>{message.content}</p>
      {message.picks && message.picks.length > 0 && (
        <table className={styles.picks}>
          <caption className={styles.caption}>{t('picks')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('play')}</th>
              <th scope="col">{t('selection')}</th>
              <th scope="col">{t('odds')}</th>
              <th scope="col">{t('pickSlip.column')}</th>
            </tr>
          </thead>
          <tbody>
            {message.picks.map((pick) => (
              <tr key={pick.matchId}>
                <td>{pick.play}</td>
                <td>{pick.selection}</td>
                <td>{pick.odds}</td>
                <td>
                  <AddPick pick={pick} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A paid message not bought: its price, the refund rule, and the purchase behind a confirmation. */
const Locked = observer(function Locked({ detail, message, isLogin }: { detail: MessageDetailInstance; message: ExpertMessage; isLogin: boolean }) {
  const { t } = useExpertsTranslation();
  return (
    <section className={styles.locked} aria-label={t('locked')}>
      <p>{t('lockedText', { price: message.goldPrice })}</p>
      {message.openBackGold === 1 && <p className={styles.muted}>{t('refundRule', { percent: message.returnGoldPercentage })}</p>}
      {isLogin ? (
        <Button onClick={() => detail.askToBuy()}>{t('buy', { price: message.goldPrice })}</Button>
      ) : (
        <p className={styles.muted}>{t('loginToBuy')}</p>
      )}
      <Dialog open={detail.buy !== 'closed'} title={t('buyTitle')} onClose={() => detail.closeBuy()}>
        <p>{t('buyConfirm', { price: message.goldPrice, title: message.sportsTitle })}</p>
        {detail.buyError && (
          <p role="alert" className={styles.error}>
            {detail.buyError}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => detail.closeBuy()} disabled={detail.buy === 'buying'}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void detail.confirmBuy()} disabled={detail.buy === 'buying'} aria-busy={detail.buy === 'buying'}>
            {t('confirmBuy')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
});

/** The comment box, disabled with the rule's reasons (recharge limit, VIP limit, ban) in the platform's words. */
const CommentBox = observer(function CommentBox({ detail, isLogin, parentId, onDone }: { detail: MessageDetailInstance; isLogin: boolean; parentId?: number; onDone?(): void }) {
  const { t } = useExpertsTranslation();
  const [text, setText] = useState('');
  const id = useId();
  const reasons = isLogin ? detail.refusals : [t('loginToComment')];
  const disabled = reasons.length > 0 || (isLogin && detail.rule === undefined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await detail.publish(text, parentId)) {
      setText('');
      onDone?.();
    }
  };
  return (
    <form className={styles.commentBox} onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-text`} className={styles.label}>
        {t(parentId ? 'replyLabel' : 'commentLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        value={text}
        maxLength={500}
        rows={parentId ? 2 : 3}
        disabled={disabled}
        aria-describedby={reasons.length > 0 ? `${id}-why` : undefined}
        placeholder={reasons[0] ?? t('commentPlaceholder')}
        onChange={(event) => setText(event.target.value)}
      />
      {reasons.length > 0 && (
        <ul id={`${id}-why`} className={styles.reasons}>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {detail.publishError && (
        <p role="alert" className={styles.error}>
          {detail.publishError}
        </p>
      )}
      <div className={styles.actions}>
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            {t('cancel')}
          </Button>
        )}
        <Button type="submit" disabled={disabled || detail.publishing || text.trim() === ''}>
          {t(parentId ? 'reply' : 'publish')}
        </Button>
      </div>
    </form>
  );
});

const Comments = observer(function Comments({ detail, isLogin }: { detail: MessageDetailInstance; isLogin: boolean }) {
  const { t } = useExpertsTranslation();
  return (
    <section className={styles.comments} aria-labelledby={`sp-expert-comments-${detail.id}`}>
      <h3 id={`sp-expert-comments-${detail.id}`} className={styles.subhead}>
        {t('comments', { count: detail.message?.commentCount ?? 0 })}
      </h3>
      <CommentBox detail={detail} isLogin={isLogin} />
      <PagedView<ExpertComment> list={detail.comments as never} label={t('commentList')} empty={t('noComments')}>
        {(rows) => (
          <ul className={styles.commentList}>
            {rows.map((comment) => (
              <li key={comment.id}>
                <CommentItem detail={detail} comment={comment} isLogin={isLogin} />
                {comment.subComments.length > 0 && (
                  <ul className={styles.replies} aria-label={t('replies')}>
                    {comment.subComments.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem detail={detail} comment={reply} isLogin={isLogin} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedView>
      <ReportDialog detail={detail} />
    </section>
  );
});

/** One comment or reply: author, text, likes (once), reply and report. */
const CommentItem = observer(function CommentItem({ detail, comment, isLogin }: { detail: MessageDetailInstance; comment: ExpertComment | SubComment; isLogin: boolean }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  const [replying, setReplying] = useState(false);
  const reported = detail.reported.includes(comment.id);
  const replyTo = 'replyToNickName' in comment ? comment.replyToNickName : null;
  return (
    <div className={styles.comment} data-comment-id={comment.id}>
      <p className={styles.cardFacts}>
        <strong>{comment.nickName || comment.username}</strong>
        {replyTo && <span>{t('replyTo', { name: replyTo })}</span>}
        <span>{formatTime(comment.createdAt)}</span>
      </p>
      <p className={styles.text}>{comment.content}</p>
      {isLogin && (
        <div className={styles.commentActions}>
          <button
            type="button"
            className={styles.link}
            aria-pressed={comment.isLiked === 1}
            disabled={comment.isLiked === 1}
            aria-label={t('likeLabel', { count: comment.likeCount })}
            onClick={() => void detail.like(comment.id)}
          >
            {t('like', { count: comment.likeCount })}
          </button>
          <button type="button" className={styles.link} aria-expanded={replying} onClick={() => setReplying(!replying)}>
            {t('reply')}
          </button>
          <button type="button" className={styles.link} disabled={reported} onClick={() => void detail.openReport(comment.id)}>
            {t(reported ? 'reported' : 'report')}
          </button>
        </div>
      )}
      {replying && <CommentBox detail={detail} isLogin={isLogin} parentId={comment.id} onDone={() => setReplying(false)} />}
    </div>
  );
});

/** Report a comment with one of the platform's categories. */
const ReportDialog = observer(function ReportDialog({ detail }: { detail: MessageDetailInstance }) {
  const { t } = useExpertsTranslation();
  const [cateId, setCateId] = useState<number | undefined>(undefined);
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cateId !== undefined) void detail.report(cateId);
  };
  return (
    <Dialog open={detail.reporting !== undefined} title={t('reportTitle')} onClose={() => detail.closeReport()}>
      <form onSubmit={submit}>
        {detail.categories ? (
          <fieldset className={styles.categories}>
            <legend className={styles.label}>{t('reportCategory')}</legend>
            {detail.categories.map((category) => (
              <label key={category.id} className={styles.option}>
                <input type="radio" name={name} value={category.id} checked={cateId === category.id} onChange={() => setCateId(category.id)} />
                {category.name}
              </label>
            ))}
          </fieldset>
        ) : (
          !detail.reportError && <Skeleton rows={2} />
        )}
        {detail.reportError && (
          <p role="alert" className={styles.error}>
            {detail.reportError}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => detail.closeReport()}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={cateId === undefined}>
            {t('reportSend')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});

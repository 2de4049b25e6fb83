import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDuration, sessionRef, useService, type LiveRoomOverlayModule, type LiveRoomProps } from '../../src/sdk';
import type { FairProof as FairProofAnswer, Reward } from '../../contract/economy';
import { ECONOMY_PATHS } from './codes';
import { useIconUrl, usePost, useRoomEconomy } from './room';
import { MARQUEE_LINE_MS, type RoomEconomyInstance } from './store';
import { useStrings } from './strings';
import { FairCheck } from './verify';
import styles from './economy.module.css';

/** Envelopes the rain overlay offers to tap; whichever is tapped, the platform picks the envelope (provably fair). */
const ENVELOPES_SHOWN = 6;

/** The event clock (the platform's, see RoomEconomy.clock), re-read every second while something counts down. */
function useEventNow(store: RoomEconomyInstance, active: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [active]);
  return store.eventNow(Date.now());
}

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

/** A reward in words (spec 001 section 3 reward types). */
export function useRewardText() {
  const { t } = useStrings();
  return (reward: Reward) => t(`reward.${reward.type}`, { amount: reward.amount ?? '', currency: reward.currency ?? '', title: reward.titleId ?? '' });
}

/** Over the stage: gifts as they arrive, the gift tip, the red-envelope ball and rain, the lottery, and the win marquee. */
const Overlay = observer(function Overlay(props: LiveRoomProps) {
  const store = useRoomEconomy(props);
  if (!store) return null;
  return (
    <div className={styles.stage}>
      <Marquee store={store} />
      <GiftsOnStage store={store} />
      <RainBall store={store} signIn={props.signIn} />
      <LotteryOverlay store={store} signIn={props.signIn} />
    </div>
  );
});

/** How a combo shows its length: a plain count, then bigger at 5 sends and again at 10. */
const comboTier = (sends: number) => (sends >= 10 ? 'max' : sends >= 5 ? 'high' : 'base');

/** Every viewer sees each gift fly over the stage, and the tip names the newest (spec 001 section 2). */
export const GiftsOnStage = observer(function GiftsOnStage({ store }: { store: RoomEconomyInstance }) {
  const { t } = useStrings();
  const iconUrl = useIconUrl();
  return (
    <>
      <div className={styles.flyers}>
        {store.playing.map((gift) => {
          const icon = store.gifts.find((g) => g.giftId === gift.giftId)?.icon;
          return (
            <div key={gift.presentId} className={styles.flying} data-animation={gift.animation} data-testid="gift-animation" aria-hidden="true">
              {icon && <img src={iconUrl(icon)} alt="" width={64} height={64} />}
              <span>{gift.nickname}</span>
              {/* Keyed by the send, so the count pops again at each one of a combo. */}
              <b key={gift.sends} className={styles.combo} data-tier={comboTier(gift.sends)} data-testid="gift-combo">
                {t('stage.combo', { count: gift.count })}
              </b>
            </div>
          );
        })}
      </div>
      <p className={styles.tip} role="status" data-shown={Boolean(store.tip)}>
        {store.tip ? t('stage.tip', { nickname: store.tip.nickname, count: store.tip.count, gift: store.giftName(store.tip.giftId) ?? t('stage.aGift') }) : ''}
      </p>
    </>
  );
});

/**
 * The red-envelope floating ball (spec 001 section 3): it counts down to the rain, then opens the overlay to grab one
 * envelope; a received envelope (hasReceived) drops the ball. Visitors are asked to sign in.
 */
export const RainBall = observer(function RainBall({ store, signIn }: { store: RoomEconomyInstance; signIn(): void }) {
  const { t } = useStrings();
  const rewardText = useRewardText();
  const [open, setOpen] = useState(false);
  // Where the member caught an envelope: the outcome opens there.
  const [grabbed, setGrabbed] = useState<Grabbed | undefined>(undefined);
  const ball = useRef<HTMLButtonElement>(null);
  const rain = store.rain;
  const outcome = store.prizePopup ? 'prize' : store.showMessagePopup ? 'none' : undefined;
  const shown = store.isShowFloatingBall && rain !== undefined && rain.status !== 2;
  const now = useEventNow(store, shown);
  const waiting = rain !== undefined && now < rain.startTime;
  const closed = rain !== undefined && now >= rain.endTime;
  useEffect(() => {
    if (!shown || closed) setOpen(false);
  }, [shown, closed]);
  return (
    <>
      {shown && !closed && (
        <button
          type="button"
          className={styles.ball}
          ref={ball}
          data-testid="rain-ball"
          onClick={() => (store.isLogin ? !waiting && setOpen(true) : signIn())}
          aria-disabled={store.isLogin && waiting}
        >
          {waiting ? t('rain.countdown', { seconds: secondsUntil(rain.startTime, now) }) : store.isLogin ? t('rain.open') : t('rain.signIn')}
        </button>
      )}
      {(outcome || (open && shown)) && (
        <RainLayer
          store={store}
          secondsLeft={rain ? secondsUntil(rain.endTime, now) : 0}
          grabbed={grabbed}
          outcome={outcome && { title: outcome === 'prize' ? t('rain.prizeTitle') : t('rain.title'), text: outcome === 'prize' ? rewardText({ type: 5, amount: rain?.obtainPrize ?? '', currency: null, titleId: null }) : t('rain.none') }}
          onGrab={setGrabbed}
          onClose={() => {
            if (outcome) store.closePopup();
            setOpen(false);
            setGrabbed(undefined);
            ball.current?.focus();
          }}
        />
      )}
    </>
  );
});

/** The envelope a member caught: its number and where it was on the stage when caught. */
interface Grabbed {
  index: number;
  left: string;
  top: number;
}

/**
 * The rain itself, over the stage rather than in a dialog box (issue 31): envelopes fall across the picture while the
 * video plays on. Any envelope grabs one (the platform picks which, provably fair), so a falling one stops under the
 * pointer or the keyboard's focus to be easy to catch; with reduced motion they stand in a row. The outcome opens where
 * the envelope was caught: the prize on the opened envelope, or that none was left. A non-modal dialog: focus moves to
 * the first envelope (then to Close with the outcome), Escape or Close ends it and focus goes back to the ball.
 */
function RainLayer(props: {
  store: RoomEconomyInstance;
  secondsLeft: number;
  grabbed: Grabbed | undefined;
  outcome: { title: string; text: string } | undefined;
  onGrab(grabbed: Grabbed): void;
  onClose(): void;
}) {
  const { store, secondsLeft, grabbed, outcome, onGrab, onClose } = props;
  const { t } = useStrings();
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => (outcome ? close : first).current?.focus(), [outcome !== undefined]);
  const left = (i: number) => `${6 + (i * 88) / ENVELOPES_SHOWN}%`;
  return (
    <div
      className={styles.rain}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="rain"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <header className={styles.rainHeader}>
        <h3 id={titleId}>{outcome ? outcome.title : t('rain.title')}</h3>
        {!outcome && <p>{t('rain.pick', { seconds: secondsLeft })}</p>}
        <button ref={close} type="button" className={styles.rainClose} onClick={onClose}>
          {t('close')}
        </button>
      </header>
      {outcome ? (
        <p className={styles.opened} style={{ left: grabbed?.left ?? '50%', top: grabbed?.top ?? '38%' }} role="status">
          {grabbed && <span className={styles.seal}>{grabbed.index + 1}</span>}
          <span data-testid="rain-prize">{outcome.text}</span>
        </p>
      ) : (
        Array.from({ length: ENVELOPES_SHOWN }, (_, i) => (
          <button
            key={i}
            ref={i === 0 ? first : undefined}
            type="button"
            className={styles.envelope}
            // Spread across the picture, each on its own delay, so they do not fall as one row.
            style={{ left: left(i), animationDelay: `${(i * 0.7) % 2.1}s` }}
            disabled={store.grabbing}
            onClick={(event) => {
              const layer = event.currentTarget.parentElement!.getBoundingClientRect();
              // Kept clear of the header and of the stage's bottom edge, where the opened envelope would not fit.
              const top = Math.min(Math.max(event.currentTarget.getBoundingClientRect().top - layer.top, 48), layer.height - 110);
              onGrab({ index: i, left: left(i), top });
              void store.grab();
            }}
            aria-label={t('rain.envelope', { n: i + 1 })}
          >
            <span className={styles.seal}>{i + 1}</span>
          </button>
        ))
      )}
    </div>
  );
}

/**
 * The lottery overlay (live lottery and answer lottery; spec 001 section 4 states 0 not started, 1 in progress, 2
 * finished): the question and its options to vote or answer, the draw's winners, the room's win list and the
 * provably fair proof.
 */
export const LotteryOverlay = observer(function LotteryOverlay({ store, signIn }: { store: RoomEconomyInstance; signIn(): void }) {
  const { t } = useStrings();
  const rewardText = useRewardText();
  const id = useId();
  const [winListShown, setWinListShown] = useState(false);
  // Closed per draw (issue 31): closing hides this lottery behind a chip that opens it again; the next lottery shows.
  const [closedRecord, setClosedRecord] = useState<number | undefined>(undefined);
  const chip = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'chip' | 'card' | undefined>(undefined);
  const lottery = store.lottery;
  const closed = lottery !== undefined && closedRecord === lottery.recordId;
  const now = useEventNow(store, !closed && (lottery?.status === 0 || lottery?.status === 1));
  useEffect(() => {
    // Focus follows the toggle, so a keyboard user is not dropped to the page when the card goes.
    (focusNext.current === 'chip' ? chip : closeButton).current?.focus();
    focusNext.current = undefined;
  }, [closed]);
  if (!lottery) return null;
  const kindName = t(`lottery.kind.${lottery.kind}`);
  // The title is the operator's; when it is only the kind's name (or empty), the kind is not said twice.
  const title = lottery.title.trim() || kindName;
  if (closed)
    return (
      <button
        ref={chip}
        type="button"
        className={`${styles.toggle} ${styles.lotteryChip}`}
        aria-expanded={false}
        onClick={() => {
          focusNext.current = 'card';
          setClosedRecord(undefined);
        }}
      >
        {t('lottery.reopen', { title })}
      </button>
    );
  // The card is about the current draw: its winners only (the drawn push's, else the win list's rows of this record).
  const winners = store.drawn?.recordId === lottery.recordId ? store.drawn.winners : store.winList.filter((w) => w.recordId === lottery.recordId);
  const earlier = store.winList.filter((w) => w.recordId !== lottery.recordId);
  const enter = (option: number) => (store.isLogin ? void store.enter(option) : signIn());
  return (
    <section className={styles.lottery} aria-labelledby={`${id}-title`} data-status={lottery.status}>
      <div className={styles.lotteryHead}>
        <div>
          {title !== kindName && <p className={styles.kind}>{kindName}</p>}
          <h2 id={`${id}-title`} className={styles.panelTitle}>
            {title}
          </h2>
        </div>
        <button
          ref={closeButton}
          type="button"
          className={styles.close}
          aria-label={t('lottery.close')}
          onClick={() => {
            focusNext.current = 'chip';
            setClosedRecord(lottery.recordId);
          }}
        >
          ×
        </button>
      </div>
      <p className={styles.muted}>
        {lottery.status === 0
          ? t('lottery.startsIn', { time: formatDuration(secondsUntil(lottery.startTime, now)) })
          : lottery.status === 1
            ? t('lottery.drawIn', { time: formatDuration(secondsUntil(lottery.endTime, now)) })
            : t('lottery.finished')}{' '}
        {t('lottery.prize', { count: lottery.winnerCount, reward: rewardText(lottery.reward) })}
      </p>
      {lottery.status !== 2 && (
        <fieldset className={styles.options} disabled={lottery.status !== 1 || lottery.joined || store.entering}>
          <legend>{lottery.question}</legend>
          {lottery.options.map((o) => (
            <button key={o.option} type="button" className={styles.toggle} aria-pressed={lottery.myChoice === o.option} onClick={() => enter(o.option)}>
              {o.text}
              {lottery.kind === 1 && <span className={styles.muted}> {t('lottery.votes', { count: voteCount(store, o.option, o.votes) })}</span>}
            </button>
          ))}
        </fieldset>
      )}
      <p role="status" className={store.enterRefusal ? styles.error : styles.status}>
        {store.enterRefusal ? t('lottery.refused') : lottery.joined && lottery.status !== 2 ? t(lottery.kind === 1 ? 'lottery.voted' : 'lottery.answered') : ''}
      </p>
      {lottery.status === 2 && (
        <div>
          {lottery.answer !== null && <p>{t('lottery.answer', { answer: lottery.options.find((o) => o.option === lottery.answer)?.text ?? '' })}</p>}
          {winners.length === 0 ? (
            <p>{t('lottery.noWinners')}</p>
          ) : (
            <ul className={styles.ranks} aria-label={t('lottery.winners')}>
              {winners.map((w) => (
                <li key={w.uid}>
                  {w.nickname}: {rewardText(w.reward)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* Keyed by the record: a verdict (or a check still travelling) belongs to its draw, not to the next lottery. */}
      <FairProof key={lottery.recordId} recordId={lottery.recordId} seedHash={store.seeds[lottery.recordId]?.seedHash || lottery.seedHash} seed={lottery.seed ?? store.seeds[lottery.recordId]?.seed} />
      {/* The room's earlier draws, apart from this one's, so their winners never read as this draw's. */}
      <button type="button" className={styles.toggle} aria-pressed={winListShown} onClick={() => setWinListShown((shown) => !shown)}>
        {t('winList.toggle')}
      </button>
      {winListShown &&
        (earlier.length === 0 ? (
          <p className={styles.muted}>{t('winList.empty')}</p>
        ) : (
          <ul className={styles.ranks} aria-label={t('winList.toggle')}>
            {earlier.map((w) => (
              <li key={`${w.recordId}-${w.uid}`}>
                {w.nickname}: {rewardText(w.reward)}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
});

/** The live vote's count of an option: vote/info's (kept current by the room's vote pushes) when it is this lottery's. */
function voteCount(store: RoomEconomyInstance, option: number, fallback: number): number {
  const vote = store.vote;
  if (!vote || vote.recordId !== store.lottery?.recordId) return fallback;
  return vote.options.find((o) => o.option === option)?.votes ?? fallback;
}

/**
 * The provably fair proof of an event: the seed's hash published before it, the seed revealed after it, and Verify,
 * which fetches the proof (live/lottery/fair) and recomputes the winners or envelopes with the platform's algorithm,
 * shows the closed entry list's hash the draw was keyed with, and tells a member whether their entry is in that list.
 */
export const FairProof = observer(function FairProof({ recordId, seedHash, seed }: { recordId: number; seedHash: string; seed: string | undefined }) {
  const { t } = useStrings();
  const post = usePost();
  const session = useService(sessionRef);
  // Made once per mount: the parent keys this by the record, so a check belongs to its draw.
  const [check] = useState(() =>
    FairCheck.create({}, { proof: () => post<FairProofAnswer>(ECONOMY_PATHS.fairProof, { recordId }), uid: () => (session.uid === undefined ? undefined : Number(session.uid)) }),
  );
  // A check still travelling when the draw goes applies nowhere.
  useEffect(() => () => check.request.cancel(), [check]);
  const { verdict, checked: proof } = check;
  const verify = () => check.check();
  return (
    <details className={styles.fair}>
      <summary>{t('fair.title')}</summary>
      <dl>
        <dt>{t('fair.seedHash')}</dt>
        <dd className={styles.hash}>{seedHash}</dd>
        <dt>{t('fair.seed')}</dt>
        <dd className={styles.hash}>{seed ?? t('fair.notYet')}</dd>
        {proof?.entriesHash && (
          <>
            <dt>{t('fair.entriesHash', { n: proof.count })}</dt>
            <dd className={styles.hash}>{proof.entriesHash}</dd>
          </>
        )}
      </dl>
      {seed && (
        <button type="button" className={styles.toggle} disabled={verdict === 'checking'} onClick={() => void verify()}>
          {t('fair.verify')}
        </button>
      )}
      <p role="status">{verdict ? t(`fair.${verdict}`) : ''}</p>
      {proof?.entered !== undefined && <p>{t(proof.entered ? 'fair.entered' : 'fair.notEntered')}</p>}
    </details>
  );
});

/** The win marquee: one line at a time, each for MARQUEE_LINE_MS. */
export const Marquee = observer(function Marquee({ store }: { store: RoomEconomyInstance }) {
  const { t } = useStrings();
  const rewardText = useRewardText();
  const line = store.marquee[0];
  useEffect(() => {
    if (!line) return;
    const id = setTimeout(() => store.nextMarqueeLine(), MARQUEE_LINE_MS);
    return () => clearTimeout(id);
  }, [line?.key, store]);
  return (
    <p className={styles.marquee} aria-live="polite" data-shown={Boolean(line)}>
      {line ? t('marquee.won', { nickname: line.nickname, reward: rewardText(line.reward) }) : ''}
    </p>
  );
});

const stage: LiveRoomOverlayModule = { Overlay };
export default stage;

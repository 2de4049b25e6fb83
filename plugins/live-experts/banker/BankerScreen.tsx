import { useEffect, useState } from 'react';
import type { BankerDetail } from '../../../contract/experts';
import { BANKER_PATHS } from '../../../contract/expertsPaths';
import type { GameJump } from '../../../contract/marketing';
import { Button, httpRef, sessionRef, useService, type PluginScreenModule } from '../../../src/sdk';
import { useExpertsTranslation } from '../i18n';
import { Failed, Skeleton } from '../Paged';
import styles from '../Experts.module.css';

type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

/**
 * The banker detail (spec 001 section 3): who the banker is, their pledge and what is left of it, the book's stake
 * bounds and their plan; "Open the game" asks the banker jump for a one-time URL and opens it.
 */
function Screen() {
  const { t } = useExpertsTranslation();
  const http = useService(httpRef);
  const session = useService(sessionRef);
  const [detail, setDetail] = useState<Load<BankerDetail>>({ status: 'loading' });
  const [jumpError, setJumpError] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setDetail({ status: 'loading' });
    (http.forehead.post(BANKER_PATHS.detail, {}) as Promise<BankerDetail>).then(
      (data) => live && setDetail({ status: 'loaded', data }),
      () => live && setDetail({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [http, attempt]);

  const openGame = async () => {
    setJumpError(undefined);
    // Opened now, while the click still counts as the member's: a window opened after the answer would be blocked.
    const target = window.open('', '_blank');
    try {
      const jump = (await http.forehead.post(BANKER_PATHS.jump, {})) as GameJump;
      if (target) target.location.href = jump.url;
      else window.location.assign(jump.url);
    } catch (error) {
      target?.close();
      setJumpError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className={styles.screen} aria-labelledby="sp-banker-title">
      <header className={styles.head}>
        <h1 id="sp-banker-title" className={styles.title}>
          {t('banker.title')}
        </h1>
      </header>
      {detail.status === 'loading' && <Skeleton rows={5} />}
      {detail.status === 'failed' && <Failed onRetry={() => setAttempt((n) => n + 1)} />}
      {detail.status === 'loaded' && (
        <article className={styles.detail} aria-labelledby="sp-banker-name" data-banker-id={detail.data.bankerId}>
          <header className={styles.detailHead}>
            <img className={styles.avatarLarge} src={detail.data.headUrl} alt="" width={64} height={64} />
            <div>
              <h2 id="sp-banker-name" className={styles.detailTitle}>
                {detail.data.nickname}
              </h2>
              <p className={styles.muted}>{t('banker.inviteCode', { code: detail.data.inviteCode })}</p>
            </div>
          </header>
          <dl className={styles.record}>
            <dt>{t('banker.pledgeAmount')}</dt>
            <dd>{`${detail.data.pledgeAmount} ${detail.data.currency}`}</dd>
            <dt>{t('banker.remainingAmount')}</dt>
            <dd>{`${detail.data.remainingAmount} ${detail.data.currency}`}</dd>
            <dt>{t('banker.singleBet')}</dt>
            <dd>{t('banker.range', { min: detail.data.globalSingleMinBet, max: detail.data.globalSingleMaxBet })}</dd>
          </dl>
          <h3 className={styles.subhead}>{t('banker.plan', { name: detail.data.plan.name })}</h3>
          <dl className={styles.record}>
            <dt>{t('banker.deposit')}</dt>
            <dd>{`${detail.data.plan.deposit} ${detail.data.currency}`}</dd>
            <dt>{t('banker.planBet')}</dt>
            <dd>{t('banker.range', { min: detail.data.plan.singleBettingAmountLower, max: detail.data.plan.singleBettingAmountUpper })}</dd>
            <dt>{t('banker.sports')}</dt>
            {/* Scheme A ids (football 1, basketball 3): the banker takes the two sports its plans name. */}
            <dd>{detail.data.plan.sports.map((id) => t(`banker.sport.${id}`, { defaultValue: String(id) })).join(', ')}</dd>
          </dl>
          {session.isLogin ? (
            <div className={styles.actions}>
              <Button onClick={() => void openGame()}>{t('banker.openGame')}</Button>
            </div>
          ) : (
            <p className={styles.muted}>{t('banker.loginToPlay')}</p>
          )}
          {jumpError && (
            <p role="alert" className={styles.error}>
              {jumpError}
            </p>
          )}
        </article>
      )}
    </section>
  );
}

function Title() {
  const { t } = useExpertsTranslation();
  return <>{t('banker.title')}</>;
}

const banker: PluginScreenModule = { Screen, Title };

export default banker;

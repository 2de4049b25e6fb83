import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { BANKER_PATHS } from '../../../contract/paths';
import type { GameJump } from '../../../contract/marketing';
import { Button, httpRef, sessionRef, useService, type PluginScreenModule } from '../../../src/sdk';
import { useExpertsTranslation } from '../i18n';
import { Failed, Skeleton } from '../Paged';
import styles from '../Experts.module.css';
import { BankerStore } from './store';

/**
 * The banker detail (spec 001 section 3): who the banker is, their pledge and what is left of it, the book's stake
 * bounds and their plan; "Open the game" asks the banker jump for a one-time URL and opens it.
 */
const Screen = observer(function Screen() {
  const { t } = useExpertsTranslation();
  const http = useService(httpRef);
  const session = useService(sessionRef);
  const [store] = useState(() => BankerStore.create({}, { forehead: http.forehead }));
  const [jumpError, setJumpError] = useState<string | undefined>(undefined);
  useEffect(() => {
    void store.load();
    // Leaving the screen drops the answer still in flight.
    return () => store.request.cancel();
  }, [store]);
  const { status } = store.request;
  const data = store.detail;

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
      {(status === 'idle' || status === 'loading') && <Skeleton rows={5} />}
      {status === 'failed' && <Failed onRetry={() => void store.load()} />}
      {status === 'ready' && data && (
        <article className={styles.detail} aria-labelledby="sp-banker-name" data-banker-id={data.bankerId}>
          <header className={styles.detailHead}>
            <img className={styles.avatarLarge} src={data.headUrl} alt="" width={64} height={64} />
            <div>
              <h2 id="sp-banker-name" className={styles.detailTitle}>
                {data.nickname}
              </h2>
              <p className={styles.muted}>{t('banker.inviteCode', { code: data.inviteCode })}</p>
            </div>
          </header>
          <dl className={styles.record}>
            <dt>{t('banker.pledgeAmount')}</dt>
            <dd>{`${data.pledgeAmount} ${data.currency}`}</dd>
            <dt>{t('banker.remainingAmount')}</dt>
            <dd>{`${data.remainingAmount} ${data.currency}`}</dd>
            <dt>{t('banker.singleBet')}</dt>
            <dd>{t('banker.range', { min: data.globalSingleMinBet, max: data.globalSingleMaxBet })}</dd>
          </dl>
          <h3 className={styles.subhead}>{t('banker.plan', { name: data.plan.name })}</h3>
          <dl className={styles.record}>
            <dt>{t('banker.deposit')}</dt>
            <dd>{`${data.plan.deposit} ${data.currency}`}</dd>
            <dt>{t('banker.planBet')}</dt>
            <dd>{t('banker.range', { min: data.plan.singleBettingAmountLower, max: data.plan.singleBettingAmountUpper })}</dd>
            <dt>{t('banker.sports')}</dt>
            {/* Scheme A ids (football 1, basketball 3): the banker takes the two sports its plans name. */}
            <dd>{data.plan.sports.map((id) => t(`banker.sport.${id}`, { defaultValue: String(id) })).join(', ')}</dd>
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
});

function Title() {
  const { t } = useExpertsTranslation();
  return <>{t('banker.title')}</>;
}

const banker: PluginScreenModule = { Screen, Title };

export default banker;

import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { ExpertMessage } from '../../contract/experts';
import { Button, sessionRef, tabId, tabPanelId, Tabs, useService } from '../../src/sdk';
import { MessageCard } from './Cards';
import { useExpertsTranslation } from './i18n';
import { Failed, PagedView, Skeleton } from './Paged';
import type { PersonDetailInstance } from './store';
import styles from './Experts.module.css';

type PersonTab = 'now' | 'history';

/** An expert: the record derived from their settled tips, the follow switch, and their now and history messages. */
export const PersonView = observer(function PersonView({ detail, onOpenMessage }: { detail: PersonDetailInstance; onOpenMessage(id: number): void }) {
  const { t } = useExpertsTranslation();
  const session = useService(sessionRef);
  const [tab, setTab] = useState<PersonTab>('now');
  useEffect(() => {
    if (detail.status === 'idle') void detail.load();
  }, [detail]);
  if (detail.status === 'failed') return <Failed onRetry={() => void detail.load()} />;
  const person = detail.person;
  if (!person) return <Skeleton rows={6} />;
  const idPrefix = `sp-expert-${person.id}`;
  return (
    <article className={styles.detail} aria-labelledby={`${idPrefix}-name`}>
      <header className={styles.detailHead}>
        <img className={styles.avatarLarge} src={person.profile} alt="" width={64} height={64} />
        <div>
          <h2 id={`${idPrefix}-name`} className={styles.detailTitle}>
            {person.name} {person.tag && <span className={styles.tag}>{person.tag}</span>}
          </h2>
          <p className={styles.text}>{person.introduction}</p>
        </div>
        {session.isLogin && (
          <Button variant={person.isAttention === 1 ? 'secondary' : 'primary'} aria-pressed={person.isAttention === 1} disabled={detail.following} onClick={() => void detail.toggleFollow()}>
            {t(person.isAttention === 1 ? 'unfollow' : 'follow')}
          </Button>
        )}
      </header>
      {detail.followError && (
        <p role="alert" className={styles.error}>
          {detail.followError}
        </p>
      )}
      <dl className={styles.record}>
        <dt>{t('record.hitPercents')}</dt>
        <dd>{person.hitPercents}%</dd>
        <dt>{t('record.hitSession')}</dt>
        <dd>{t('record.ofSessions', { hit: person.hitSession, total: person.sportsSession })}</dd>
        <dt>{t('record.tenWin')}</dt>
        <dd>
          {t('record.tenWinValue', { count: person.tenWin, played: person.tenHistory.length })}{' '}
          <span className={styles.history} aria-hidden="true">
            {person.tenHistory.map((result, i) => (
              <span key={i} className={styles.dot} data-result={result} />
            ))}
          </span>
        </dd>
        <dt>{t('record.weekRateReturn')}</dt>
        <dd>{person.weekRateReturn}%</dd>
        <dt>{t('record.longestWin')}</dt>
        <dd>{person.longestWin}</dd>
        <dt>{t('record.winContinuous')}</dt>
        <dd>{person.winContinuous}</dd>
        <dt>{t('record.ordered')}</dt>
        <dd>{person.ordered}</dd>
        <dt>{t('record.subscribed')}</dt>
        <dd>{person.subscribed}</dd>
      </dl>
      <Tabs
        tabs={(['now', 'history'] as const).map((id) => ({ id, label: t(`personTabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
        label={t('personTabs.label')}
        idPrefix={idPrefix}
      />
      <div id={tabPanelId(idPrefix)} role="tabpanel" aria-labelledby={tabId(idPrefix, tab)}>
        <PagedView<ExpertMessage> key={tab} list={(tab === 'now' ? detail.now : detail.history) as never} label={t(`personTabs.${tab}`)} empty={t(`empty.${tab}`)}>
          {(rows) => (
            <ul className={styles.cards}>
              {rows.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} onOpen={onOpenMessage} />
                </li>
              ))}
            </ul>
          )}
        </PagedView>
      </div>
    </article>
  );
});

import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import type { MemberTitle, Title, TitleObtain, TitleSet, TitleWall } from '../../../contract/liveRoom';
import { useService } from '../../kernel';
import { envOf } from '../../core/store/env';
import { Button } from '../../core/ui/common/Button';
import { EmptyState } from '../../core/ui/common/Panel';
import { Screen } from '../../core/ui/common/Screen';
import screen from '../../core/ui/common/Screen.module.css';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { usePlatformCall } from '../../core/ui/usePlatformAnswer';
import { assetUrlRef } from '../../core/ui/services';
import { useStore } from '../../core/ui/storeContext';
import styles from './TitlesScreen.module.css';

const useTitlesTranslation = () => useTranslation('common', { keyPrefix: 'titles' });
const ID_PREFIX = 'sp-titles';
type View = 'wall' | 'list';

/** The date a title was obtained, in the member's language and the platform's time zone. */
const useDate = () => {
  const { i18n } = useTitlesTranslation();
  const { timezone } = useStore().ui;
  return (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: timezone }).format(ms);
};

/**
 * The member's titles (spec 001 section 7, "Titles"): their title wall (user/title/wall/info: VIP level, the worn title
 * and what they obtained) and every title with their state of it (user/title/list/all), where an obtained title is
 * worn or taken off (user/title/set/info) and any title's conditions and progress open (user/title/obtain/info). A
 * visitor sees the catalogue (user/membertitlemanagement/listpc) and is asked to sign in.
 */
export const TitlesScreen = observer(function TitlesScreen() {
  const { t } = useTitlesTranslation();
  const store = useStore();
  const [view, setView] = useState<View>('wall');
  const uid = store.session.isLogin ? store.session.userData?.uid : undefined;
  return (
    <Screen titleId="sp-titles-title" title={t('title')}>
      <div className={`${screen.content} ${styles.content}`}>
        {uid === undefined ? (
          <Catalogue />
        ) : (
          <>
            <Tabs tabs={(['wall', 'list'] as const).map((id) => ({ id, label: t(id) }))} selected={view} onSelect={setView} label={t('tabs')} idPrefix={ID_PREFIX} />
            <div id={tabPanelId(ID_PREFIX)} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, view)} className={styles.panel}>
              {view === 'wall' ? <Wall key={uid} uid={uid} /> : <AllTitles key={uid} />}
            </div>
          </>
        )}
      </div>
    </Screen>
  );
});

function TitleIcon({ title }: { title: Title }) {
  const assetUrl = useService(assetUrlRef);
  return <img className={styles.icon} src={assetUrl(title.icon)} alt="" width={40} height={40} />;
}

/** The member's wall: VIP level, the worn title and the titles obtained, earliest first. */
const Wall = observer(function Wall({ uid }: { uid: string }) {
  const { t } = useTitlesTranslation();
  const { http } = envOf(useStore());
  const dateOf = useDate();
  const wall = usePlatformCall(`wall:${uid}`, () => http.forehead.post(LIVE_ROOM_PATHS.titleWall, { userId: Number(uid) }) as Promise<TitleWall>);
  if (wall.status === 'failed') return <LoadFailed onRetry={wall.reload} />;
  if (!wall.data) return <RowsSkeleton rows={3} />;
  const { vipLevel, wornTitleId, titles, total } = wall.data;
  const worn = titles.find((title) => title.id === wornTitleId);
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('vip')}</dt>
        <dd data-testid="titles-vip">{t('vipLevel', { level: vipLevel })}</dd>
        <dt>{t('wornTitle')}</dt>
        <dd data-testid="titles-worn">{worn?.name ?? t('none')}</dd>
        <dt>{t('list')}</dt>
        <dd>{t('count', { count: titles.length, total })}</dd>
      </dl>
      {titles.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <ul className={styles.titles} aria-label={t('wall')}>
          {titles.map((title) => (
            <li key={title.id} className={styles.title} data-worn={title.id === wornTitleId}>
              <TitleIcon title={title} />
              <div className={styles.text}>
                <span className={styles.name}>
                  {title.name}
                  {title.id === wornTitleId && <span className={styles.badge}>{t('worn')}</span>}
                </span>
                <span className={styles.muted}>{title.description}</span>
                <span className={styles.muted}>{t('obtainedAt', { date: dateOf(title.obtainedAt) })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

/** Every title with the member's state: wear or take off what they obtained, see how to obtain the rest. */
const AllTitles = observer(function AllTitles() {
  const { t } = useTitlesTranslation();
  const store = useStore();
  const { http, toast, logger } = envOf(store);
  const dateOf = useDate();
  const list = usePlatformCall('list', () => http.forehead.post(LIVE_ROOM_PATHS.titleList, {}) as Promise<MemberTitle[]>);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<number | undefined>(undefined);
  if (list.status === 'failed') return <LoadFailed onRetry={list.reload} />;
  if (!list.data) return <RowsSkeleton rows={4} />;
  const titles = list.data;

  const wear = async (title: MemberTitle | undefined) => {
    setBusy(true);
    try {
      const answer = (await http.forehead.post(LIVE_ROOM_PATHS.titleSet, { titleId: title?.id ?? 0 })) as TitleSet;
      list.replace(titles.map((each) => ({ ...each, worn: each.id === answer.wornTitleId })));
      toast.success(title ? t('wearing', { name: title.name }) : t('tookOff'));
    } catch (error) {
      logger.warn('[titles] not changed', error);
      toast.error(t('wearFailed'), { detail: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ul className={styles.titles} aria-label={t('list')}>
      {titles.map((title) => (
        <li key={title.id} className={styles.title} data-worn={title.worn} data-obtained={title.obtained}>
          <TitleIcon title={title} />
          <div className={styles.text}>
            <span className={styles.name}>
              {title.name}
              {title.worn && <span className={styles.badge}>{t('worn')}</span>}
            </span>
            <span className={styles.muted}>{title.description}</span>
            <span className={styles.muted}>{title.obtainedAt === null ? t('locked') : t('obtainedAt', { date: dateOf(title.obtainedAt) })}</span>
            {open === title.id && <Progress title={title} />}
          </div>
          <div className={styles.actions}>
            {title.obtained && (
              <Button variant={title.worn ? 'secondary' : 'primary'} disabled={busy} aria-busy={busy} onClick={() => void wear(title.worn ? undefined : title)}>
                {t(title.worn ? 'takeOff' : 'wear')}
              </Button>
            )}
            <Button variant="secondary" aria-expanded={open === title.id} aria-controls={`sp-title-progress-${title.id}`} onClick={() => setOpen(open === title.id ? undefined : title.id)}>
              {t('progress')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
});

/** A title's conditions and the member's progress towards them (user/title/obtain/info). */
const Progress = observer(function Progress({ title }: { title: MemberTitle }) {
  const { t } = useTitlesTranslation();
  const { http } = envOf(useStore());
  const obtain = usePlatformCall(`obtain:${title.id}`, () => http.forehead.post(LIVE_ROOM_PATHS.titleObtain, { titleId: title.id }) as Promise<TitleObtain>);
  return (
    <section id={`sp-title-progress-${title.id}`} className={styles.progress} aria-label={t('progressOf', { name: title.name })}>
      {obtain.status === 'failed' ? (
        <LoadFailed onRetry={obtain.reload} />
      ) : !obtain.data ? (
        <RowsSkeleton rows={1} />
      ) : (
        <>
          <progress max={100} value={obtain.data.progress} aria-label={t('percent', { value: obtain.data.progress })} />
          <ul className={styles.conditions}>
            {obtain.data.conditions.map((condition) => (
              <li key={condition.description} data-met={condition.met}>
                {condition.description}: {t('condition', { current: condition.current, target: condition.target })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});

/** A visitor's view: the titles there are to earn, and the way to sign in. */
const Catalogue = observer(function Catalogue() {
  const { t } = useTitlesTranslation();
  const store = useStore();
  const { http } = envOf(store);
  const catalogue = usePlatformCall('catalogue', () => http.forehead.post(LIVE_ROOM_PATHS.titleCatalogue, {}) as Promise<Title[]>);
  return (
    <>
      <p className={styles.note}>
        {t('visitor')} <Button onClick={() => store.requireLogin(t('visitor'))}>{t('signIn')}</Button>
      </p>
      <h2 className={styles.subhead}>{t('catalogue')}</h2>
      {catalogue.status === 'failed' ? (
        <LoadFailed onRetry={catalogue.reload} />
      ) : !catalogue.data ? (
        <RowsSkeleton rows={4} />
      ) : (
        <ul className={styles.titles} aria-label={t('catalogue')}>
          {catalogue.data.map((title) => (
            <li key={title.id} className={styles.title}>
              <TitleIcon title={title} />
              <div className={styles.text}>
                <span className={styles.name}>{title.name}</span>
                <span className={styles.muted}>{title.description}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

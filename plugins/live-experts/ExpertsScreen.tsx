import { observer } from 'mobx-react-lite';
import type { ExpertMessage, ExpertPerson, MyComment } from '../../contract/experts';
import { useEffect } from 'react';
import { Button, screenRef, sessionRef, tabId, tabPanelId, Tabs, useService } from '../../src/sdk';
import { MessageCard, PersonCard } from './Cards';
import { useExpertsTranslation, useFormatTime } from './i18n';
import { MessageView } from './MessageView';
import { PagedView } from './Paged';
import { PersonView } from './PersonView';
import { detailOf, EXPERTS_TABS, groupsOf, GROUP_SIZE, MEMBER_TABS, type ExpertsStoreInstance, type ExpertsTab } from './store';
import styles from './Experts.module.css';

const ID_PREFIX = 'sp-experts';
/** This screen's name in the app's address (the manifest's `app.screen` extension). */
const SCREEN = 'experts';

/** Opens an expert's or a message's detail on the experts screen. */
type OpenDetail = (id: number) => void;

/**
 * The experts screen: its lists as tabs, with an expert or a message open over them. What is open lives in the page's
 * address (`&detail=expert-12`), so a reload or a shared link opens it and the browser's Back returns to the list:
 * opening goes through the address, and the store shows what the address names.
 */
export const ExpertsScreen = observer(function ExpertsScreen({ store }: { store: ExpertsStoreInstance }) {
  const { t } = useExpertsTranslation();
  const session = useService(sessionRef);
  const screens = useService(screenRef);
  const detail = screens.detail;
  useEffect(() => store.showDetail(detail), [store, detail]);
  const openPerson: OpenDetail = (id) => screens.open(SCREEN, detailOf({ kind: 'expert', id }));
  const openMessage: OpenDetail = (id) => screens.open(SCREEN, detailOf({ kind: 'message', id }));
  const tabs = EXPERTS_TABS.filter((id) => session.isLogin || !MEMBER_TABS.has(id));
  const tab = tabs.includes(store.tab) ? store.tab : 'messages';
  const open = store.message ?? store.person;
  return (
    <section className={styles.screen} aria-labelledby="sp-experts-title">
      <header className={styles.head}>
        {open && (
          <Button variant="secondary" onClick={() => screens.open(SCREEN, store.backDetail)}>
            {t('back')}
          </Button>
        )}
        <h1 id="sp-experts-title" className={styles.title}>
          {t('title')}
        </h1>
      </header>
      {store.message ? (
        <MessageView key={store.message.id} detail={store.message} />
      ) : store.person ? (
        <PersonView key={store.person.id} detail={store.person} onOpenMessage={openMessage} />
      ) : (
        <>
          <Tabs tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))} selected={tab} onSelect={(id) => store.showTab(id)} label={t('tabs.label')} idPrefix={ID_PREFIX} />
          <div id={tabPanelId(ID_PREFIX)} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, tab)} className={styles.panel}>
            <TabPanel store={store} tab={tab} openPerson={openPerson} openMessage={openMessage} />
          </div>
        </>
      )}
    </section>
  );
});

function TabPanel({ store, tab, openPerson, openMessage }: { store: ExpertsStoreInstance; tab: ExpertsTab; openPerson: OpenDetail; openMessage: OpenDetail }) {
  const { t } = useExpertsTranslation();
  switch (tab) {
    case 'persons':
      return (
        <PagedView<ExpertPerson> key={tab} list={store.persons as never} label={t('tabs.persons')} empty={t('empty.persons')}>
          {(rows) =>
            groupsOf(rows).map((group, i) => (
              <ul key={i} className={styles.group} aria-label={t('group', { from: i * GROUP_SIZE + 1, to: i * GROUP_SIZE + group.length })}>
                {group.map((person) => (
                  <li key={person.id}>
                    <PersonCard person={person} onOpen={openPerson} />
                  </li>
                ))}
              </ul>
            ))
          }
        </PagedView>
      );
    case 'gods':
    case 'attention':
      return (
        <PagedView<ExpertPerson> key={tab} list={store[tab] as never} label={t(`tabs.${tab}`)} empty={t(`empty.${tab}`)}>
          {(rows) => (
            <ul className={styles.cards}>
              {rows.map((person) => (
                <li key={person.id}>
                  <PersonCard person={person} onOpen={openPerson} />
                </li>
              ))}
            </ul>
          )}
        </PagedView>
      );
    case 'mine':
      return <MyComments store={store} openMessage={openMessage} />;
    default:
      return <MessageList store={store} openMessage={openMessage} />;
  }
}

/** The messages, newest first; the live room's program tab shows the same list for its match. */
export function MessageList({ store, openMessage }: { store: ExpertsStoreInstance; openMessage: OpenDetail }) {
  const { t } = useExpertsTranslation();
  return (
    <PagedView<ExpertMessage> list={store.messages as never} label={t('tabs.messages')} empty={t('empty.messages')}>
      {(rows) => (
        <ul className={styles.cards}>
          {rows.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} onOpen={openMessage} />
            </li>
          ))}
        </ul>
      )}
    </PagedView>
  );
}

function MyComments({ store, openMessage }: { store: ExpertsStoreInstance; openMessage: OpenDetail }) {
  const { t } = useExpertsTranslation();
  const formatTime = useFormatTime();
  return (
    <PagedView<MyComment> list={store.mine as never} label={t('tabs.mine')} empty={t('empty.mine')}>
      {(rows) => (
        <ul className={styles.cards}>
          {rows.map((comment) => (
            <li key={comment.id}>
              <button type="button" className={styles.card} onClick={() => openMessage(comment.messageId)}>
                <span className={styles.cardHead}>
                  <strong className={styles.cardTitle}>{comment.sportsTitle}</strong>
                </span>
                <span className={styles.text}>{comment.content}</span>
                <span className={styles.cardFacts}>
                  <span>{formatTime(comment.createdAt)}</span>
                  <span>{t('likes', { count: comment.likeCount })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PagedView>
  );
}

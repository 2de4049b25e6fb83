import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnchorTab, LiveStatus, pickRoom, type AnchorRoom } from '../../../domain/anchors';
import { Slot, useKernel } from '../../kernel';
import { toScheme } from '../../kernel/sports';
import { anchorsOf } from './anchors/anchors';
import { chatOf } from '../chat/chat';
import { matchDetailOf } from '../match/matchDetail';
import type { MatchDetail } from '../match/matchDetailWire';
import { Button } from '../../core/ui/common/Button';
import { LiveClock } from '../../core/ui/common/LiveClock';
import { EmptyState } from '../../core/ui/common/Panel';
import screen from '../../core/ui/common/Screen.module.css';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { DataPanel, LineupPanel, TextLivePanel } from '../match/data';
import { detailTabsOf } from '../match/data/sources';
import { MarketsPanel } from '../match/MarketsPanel';
import { MediaStage } from '../match/media/MediaStage';
import { MatchStatus } from '../../../contract/enums';
import { MATCH_DETAIL_NS } from '../match/Scoreboard';
import { BannerView } from '../banners/BannerView';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { useMatchChannels } from '../../core/ui/useMatchChannels';
import { AnchorMember } from './AnchorMember';
import { FirstBetTab } from './FirstBetTab';
import { RoomEntry } from './RoomEntry';
import { Barrage } from '../chat/Barrage';
import { ChatTab } from '../chat/ChatTab';
import { FullscreenChat } from '../chat/FullscreenChat';
import { useChatTranslation } from '../chat/chatText';
import { liveRoomHeaderPoint, liveRoomOverlayPoint, liveRoomTabPoint, type LiveRoomProps, type LiveRoomTabId } from './points';
import styles from './LiveRoomScreen.module.css';
import { LIVE_ROOM_NS, useRoomTranslation } from './i18n';
import { CHAT_NS } from '../chat/chatText';

const ID_PREFIX = 'sp-room';

type RoomTab = 'bet' | 'firstBet' | 'chat' | 'data' | LiveRoomTabId;
/** The tabs the room draws itself; the others are its extensions'. */
const OWN_TABS: ReadonlySet<RoomTab> = new Set(['bet', 'firstBet', 'chat', 'data', 'anchor']);
/** Spec 001 section 2, in its order. */
const TAB_ORDER: readonly RoomTab[] = ['bet', 'firstBet', 'chat', 'program', 'data', 'anchor'];
/** Tabs that exist only while an extension fills them. */
const FILLED_BY_EXTENSIONS: ReadonlySet<RoomTab> = new Set(['program']);

/**
 * A live room (spec 001 section 2): the anchor's stream on the shared media stage (the anchor play mode beside the
 * match's video and animation), a header with the anchor and the match's live score, and the room's tabs beside the
 * stage. It shows the room asked for (ui.roomId) and follows its anchor from match to match through the anchor list;
 * when the room is gone it shows the first live room and says so.
 */
export const LiveRoomScreen = observer(function LiveRoomScreen() {
  // The room's strings, its chat's and its markets' load together, before it shows (one wait, not one per tab).
  useTranslation([LIVE_ROOM_NS, CHAT_NS, MATCH_DETAIL_NS]);
  const { t } = useRoomTranslation();
  const store = useStore();
  const anchors = anchorsOf(store);
  const { roomId } = store.ui;
  // The anchor of the room asked for, while it was listed: when the room goes, the screen follows its anchor.
  const [followed, setFollowed] = useState<{ roomId: number; hostId: number } | undefined>(undefined);
  // The bet-slip toggle hides the slip for the room only: any other screen has its slip.
  useEffect(() => () => store.ui.setSlipHidden(false), [store]);

  const back = (
    <Button variant="secondary" onClick={() => store.ui.leaveMatch()}>
      {t('back')}
    </Button>
  );
  const picked = roomId === undefined ? undefined : pickRoom(anchors.visible, roomId, followed?.roomId === roomId ? followed.hostId : undefined);
  const asked = picked && picked.room.liveRoomId === roomId ? picked.room : undefined;
  useEffect(() => {
    if (asked) setFollowed({ roomId: asked.liveRoomId, hostId: asked.hostId });
  }, [asked?.liveRoomId, asked?.hostId]);
  if (!picked) {
    const waiting = anchors.status === 'idle' || anchors.status === 'loading';
    return (
      <section className={screen.screen} aria-label={t('title')} aria-busy={waiting}>
        <header className={screen.head}>{back}</header>
        <div className={screen.content}>
          {waiting ? <RowsSkeleton rows={6} /> : anchors.status === 'failed' ? <LoadFailed onRetry={() => void anchors.load()} /> : <EmptyState>{t('noLiveRoom')}</EmptyState>}
        </div>
      </section>
    );
  }
  return <RoomView key={picked.room.liveRoomId} room={picked.room} fellBack={picked.fellBack} back={back} />;
});

const formatCount = (count: number, language: string) => new Intl.NumberFormat(language).format(count);

/** The anchor's name; the spec's anchor has none, so a platform that sends none shows the anchor's id. */
const useAnchorName = () => {
  const { t } = useRoomTranslation();
  return (room: AnchorRoom) => room.hostName ?? t('anchorId', { id: room.hostId });
};

const RoomView = observer(function RoomView({ room, fellBack, back }: { room: AnchorRoom; fellBack: boolean; back: ReactNode }) {
  const { t, i18n } = useRoomTranslation();
  const { t: common } = useTranslation();
  const store = useStore();
  const { plugins } = useKernel();
  const detail = matchDetailOf(store);
  const nameOf = useAnchorName();
  // The chat-room toggle hides the chat only: bet, first-bet cover, data and anchor stay beside the stage.
  const [chatShown, setChatShown] = useState(true);
  const [chosenTab, setTab] = useState<RoomTab | undefined>(undefined);
  const chat = chatOf(store);
  const { t: chatText } = useChatTranslation();
  // The room's chat runs while the room shows, whichever tab is open: the barrage flies over the stage from it.
  useEffect(() => {
    chat.enter(room.liveRoomId);
    return () => chat.leave();
  }, [chat, room.liveRoomId]);

  // The room's match: its markets for the bet tab and its names; it follows the anchor when they move to another match.
  useEffect(() => {
    detail.show(room.matchId);
    return () => detail.hide();
  }, [detail, room.matchId]);
  useMatchChannels(room.matchId);
  const live = useLiveBook().match(room.matchId);
  const match = detail.match?.matchId === room.matchId ? detail.match : undefined;
  const sportId = match?.sportId ?? toScheme(room.sportId, 'C', 'A') ?? room.sportId;
  const props: LiveRoomProps = {
    liveRoomId: room.liveRoomId,
    matchId: room.matchId,
    sportId,
    hostId: room.hostId,
    moneyMoved: () => void store.session.refreshBalance(),
    signIn: () => void store.requireLogin(),
  };

  const tabs = TAB_ORDER.filter((id) =>
    id === 'chat'
      ? chatShown
      : id === 'anchor'
        ? hasAnchorTab(store.settings.apiLanguage)
        : !FILLED_BY_EXTENSIONS.has(id) || plugins.list(liveRoomTabPoint, { tab: id as LiveRoomTabId }).length > 0,
  );
  // The chat is the room's own conversation: the room opens on it (on the bet tab while the chat is hidden).
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : chatShown ? 'chat' : 'bet';
  const overlays = plugins.list(liveRoomOverlayPoint).length > 0;
  const headers = plugins.list(liveRoomHeaderPoint).length > 0;
  const name = nameOf(room);

  return (
    <section className={`${screen.screen} ${styles.room}`} aria-labelledby="sp-room-title" data-room-id={room.liveRoomId}>
      <header className={screen.head}>
        <div className={styles.heading}>
          {back}
          <h1 id="sp-room-title" className={screen.title}>
            {name}
          </h1>
          <span className={screen.facts}>
            <span>{common(`anchor.language.${room.hostLanguage}`)}</span>
            <span>{t('popularity', { count: room.popularity, value: formatCount(room.popularity, i18n.language) })}</span>
            <span className={styles.state} data-live={room.liveStatus === LiveStatus.Living}>
              {t(room.liveStatus === LiveStatus.Living ? 'state.live' : 'state.waiting')}
            </span>
          </span>
          {headers && <Slot point={liveRoomHeaderPoint} render={(module) => <module.Header {...props} />} />}
        </div>
        <div className={styles.toggles} role="group" aria-label={t('toggles')}>
          <button type="button" className={styles.toggle} aria-pressed={chatShown} onClick={() => setChatShown((shown) => !shown)}>
            {t('chatRoom')}
            {chat.unread > 0 && (
              <span className={styles.unread} data-testid="chat-unread">
                <span aria-hidden="true">{chat.unread}</span>
                <span className="sp-visually-hidden">{chatText('unread', { count: chat.unread })}</span>
              </span>
            )}
          </button>
          <button type="button" className={styles.toggle} aria-pressed={!store.ui.slipHidden} onClick={() => store.ui.setSlipHidden(!store.ui.slipHidden)}>
            {t('betSlip')}
          </button>
          <button type="button" className={styles.toggle} aria-pressed={chat.barrageVisible} onClick={() => chat.setBarrageVisible(!chat.barrageVisible)}>
            {chatText('barrage')}
          </button>
        </div>
      </header>
      <RoomEntry liveRoomId={room.liveRoomId} />
      {fellBack && (
        <p className={styles.notice} role="status">
          {t('fellBack', { name })}
        </p>
      )}
      <MatchLine room={room} match={match} />
      <div className={styles.body}>
        <MediaStage
          matchId={room.matchId}
          sportId={sportId}
          liveRoomId={room.liveRoomId}
          roomStatus={room.liveStatus}
          matchEnded={live?.matchStatus === MatchStatus.Ended}
          caption={{
            anchor: name,
            home: match?.matchInfo.homeName,
            away: match?.matchInfo.awayName,
            homeScore: live?.homeScore ?? match?.matchInfo.homeScore,
            awayScore: live?.awayScore ?? match?.matchInfo.awayScore,
          }}
          overlay={
            <>
              <Barrage />
              <FullscreenChat />
              {overlays && <Slot point={liveRoomOverlayPoint} render={(module) => <module.Overlay {...props} />} />}
            </>
          }
        />
        <section className={styles.side} aria-label={t('tabs.label')}>
          <Tabs tabs={tabs.map((id) => ({ id, label: id === 'chat' && chat.unread > 0 ? t('tabs.chatUnread', { count: chat.unread }) : t(`tabs.${id}`) }))} selected={tab} onSelect={setTab} label={t('tabs.label')} idPrefix={ID_PREFIX} />
          <div id={tabPanelId(ID_PREFIX)} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, tab)} className={styles.panel}>
            {tab === 'chat' && <ChatTab />}
            {tab === 'bet' && <BetTab match={match} status={detail.status} onRetry={() => detail.reload()} />}
            {tab === 'data' && <DataTab matchId={room.matchId} sportId={sportId} match={match} />}
            {tab === 'anchor' && <AnchorTab room={room} props={props} />}
            {tab === 'firstBet' && <FirstBetTab liveRoomId={room.liveRoomId} />}
            {!OWN_TABS.has(tab) && <Slot point={liveRoomTabPoint} select={{ tab: tab as LiveRoomTabId }} fallback={<RowsSkeleton rows={3} />} render={(module) => <module.Panel {...props} />} />}
          </div>
        </section>
      </div>
      {/* Under the stage and its tabs, never between the room's header and the stage (issue 31). */}
      <BannerView scope="room" />
    </section>
  );
});

/** The match the anchor is on, with its live score and clock (kept current by the match's push channels). */
const MatchLine = observer(function MatchLine({ room, match }: { room: AnchorRoom; match: MatchDetail | undefined }) {
  const { t } = useRoomTranslation();
  const store = useStore();
  const live = useLiveBook().match(room.matchId);
  if (!match) return null;
  const home = live?.homeScore ?? match.matchInfo.homeScore;
  const away = live?.awayScore ?? match.matchInfo.awayScore;
  return (
    <section className={styles.match} aria-label={t('match')}>
      <span className={styles.league}>{match.leagueInfo.name}</span>
      <span className={styles.teams}>
        {match.matchInfo.homeName} <strong className={styles.score}>{t('score', { home, away })}</strong> {match.matchInfo.awayName}
      </span>
      <span className={styles.period}>
        {live?.matchPeriod ?? match.matchInfo.matchPeriod}
        {live && <LiveClock live={live} />}
      </span>
      <Button variant="secondary" size="md" onClick={() => store.ui.showMatch(room.matchId)}>
        {t('openMatch')}
      </Button>
    </section>
  );
});

/** The room's match markets, each price into the slip (the match screen's markets); none for a sport switched off. */
function BetTab({ match, status, onRetry }: { match: MatchDetail | undefined; status: string; onRetry(): void }) {
  const { t } = useTranslation(MATCH_DETAIL_NS);
  if (status === 'unavailable') return <EmptyState>{t('notOffered')}</EmptyState>;
  if (match) return <MarketsPanel groups={match.betGroups} />;
  return status === 'failed' ? <LoadFailed onRetry={onRetry} /> : <RowsSkeleton rows={4} />;
}

type DataView = 'data' | 'lineup' | 'textLive';

/** The match data panels the match has: those its sport's enabled plugins provide. */
function DataTab({ matchId, sportId, match }: { matchId: number; sportId: number; match: MatchDetail | undefined }) {
  const { t } = useRoomTranslation();
  const [view, setView] = useState<DataView>('data');
  const { plugins } = useKernel();
  // The match screen's rule (detailTabsOf): the plugins say which panels the sport has, never a sport id here.
  const tabs = detailTabsOf(plugins, sportId);
  const views = (['data', 'lineup', 'textLive'] as const).filter((id) => tabs.includes(id));
  const data = { matchId, sportId, ...(match ? { homeName: match.matchInfo.homeName, awayName: match.matchInfo.awayName } : {}) };
  return (
    <div className={styles.data}>
      {views.length > 1 && (
        <div className={styles.views} role="group" aria-label={t('tabs.data')}>
          {views.map((id) => (
            <button key={id} type="button" className={styles.toggle} aria-pressed={id === view} onClick={() => setView(id)}>
              {t(`data.${id}`)}
            </button>
          ))}
        </div>
      )}
      {view === 'data' && <DataPanel {...data} />}
      {view === 'lineup' && <LineupPanel {...data} />}
      {view === 'textLive' && <TextLivePanel {...data} />}
    </div>
  );
}

/** The anchor's profile, follow and booking, and their other rooms in the anchor list; extensions add sections under them. */
const AnchorTab = observer(function AnchorTab({ room, props }: { room: AnchorRoom; props: LiveRoomProps }) {
  const { t, i18n } = useRoomTranslation();
  const { t: common } = useTranslation();
  const store = useStore();
  const nameOf = useAnchorName();
  const others = anchorsOf(store).visible.filter((other) => other.hostId === room.hostId && other.liveRoomId !== room.liveRoomId);
  return (
    <div className={styles.anchor}>
      <dl className={styles.profile}>
        <dt>{t('profile.name')}</dt>
        <dd>{nameOf(room)}</dd>
        <dt>{t('profile.language')}</dt>
        <dd>{common(`anchor.language.${room.hostLanguage}`)}</dd>
        <dt>{t('profile.popularity')}</dt>
        <dd>{formatCount(room.popularity, i18n.language)}</dd>
        <dt>{t('profile.room')}</dt>
        <dd>{room.liveRoomId}</dd>
      </dl>
      <AnchorMember room={room} />
      <h2 className={styles.subhead}>{t('otherRooms')}</h2>
      {others.length === 0 ? (
        <p className={styles.muted}>{t('noOtherRooms')}</p>
      ) : (
        <ul className={styles.rooms}>
          {others.map((other) => (
            <li key={other.liveRoomId}>
              <button type="button" className={styles.roomButton} onClick={() => store.ui.showOne('room', other.liveRoomId)}>
                {t('roomEntry', { room: other.liveRoomId, state: t(other.liveStatus === LiveStatus.Living ? 'state.live' : 'state.waiting') })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Slot point={liveRoomTabPoint} select={{ tab: 'anchor' }} render={(module) => <module.Panel {...props} />} />
    </div>
  );
});

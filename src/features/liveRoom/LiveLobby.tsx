import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireMatch } from '../../../contract';
import { AnchorType, LiveStatus, lobbyRooms, roomSports, type AnchorRoom } from '../../../domain/anchors';
import { formatInZone } from '../../core/domain/zonedTime';
import { SORTED_SPORT_IDS_A, sportI18nKeyOf, toScheme } from '../../kernel/sports';
import { anchorsOf } from './anchors/anchors';
import { liveLobbyOf } from './liveLobby';
import { liveMemberOf } from './liveMember';
import { Button } from '../../core/ui/common/Button';
import { Crest } from '../../core/ui/common/Crest';
import { EmptyState } from '../../core/ui/common/Panel';
import screen from '../../core/ui/common/Screen.module.css';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { useLobbyTranslation, useMemberTranslation, useRoomTranslation } from './i18n';
import styles from './LiveLobby.module.css';

const NO_FOLLOWS: ReadonlySet<number> = new Set();

/**
 * The live lobby (issue 31): every room this viewer may see (exclusive and agent rooms only for a member granted them),
 * on air or waiting for kick-off, rooms of followed anchors first, filterable by sport. A card opens its room (it is a
 * link, `?roomId=`, so a new tab opens it too); follow and book sit on the card in every language, where the anchor
 * tab (CMN only, spec 001 section 2) is not shown.
 */
export const LiveLobby = observer(function LiveLobby() {
  const { t } = useLobbyTranslation();
  const { t: common } = useTranslation();
  const store = useStore();
  const anchors = anchorsOf(store);
  const lobby = liveLobbyOf(store);
  const member = store.session.isLogin ? liveMemberOf(store) : undefined;
  const followed = member ? new Set(member.followedHostIds) : NO_FOLLOWS;
  // In the sports menu's order (the catalogue's), whatever order the rooms come in.
  const menuOrder = (id: number) => {
    const index = SORTED_SPORT_IDS_A.indexOf(toScheme(id, 'C', 'A') ?? -1);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const sports = roomSports(anchors.visible).sort((a, b) => menuOrder(a) - menuOrder(b));
  // A filter for a sport whose rooms all ended shows every sport again rather than an empty screen.
  const sportId = lobby.sportId !== undefined && sports.includes(lobby.sportId) ? lobby.sportId : undefined;
  const rooms = lobbyRooms(anchors.visible, followed, sportId);
  const waiting = anchors.status === 'idle' || anchors.status === 'loading';
  // Followed anchors go first and booked rooms say so: the member's follows and bookings, once.
  useEffect(() => {
    if (!member) return;
    if (member.infoStatus === 'idle') void member.loadInfo();
    if (member.bookingsStatus === 'idle') void member.loadBookings();
  }, [member, member?.infoStatus, member?.bookingsStatus]);
  const sportName = (id: number) => {
    const key = sportI18nKeyOf(id, 'C');
    return key ? common(key) : String(id);
  };

  return (
    <section className={screen.screen} aria-labelledby="sp-lobby-title" aria-busy={waiting}>
      <header className={screen.head}>
        <h1 id="sp-lobby-title" className={screen.title}>
          {t('title')}
          {!waiting && <span className={screen.count}>{t('count', { count: anchors.visible.length })}</span>}
        </h1>
        {sports.length > 1 && (
          <div className={styles.sports} role="group" aria-label={t('sports')}>
            <button type="button" className={styles.sport} aria-pressed={sportId === undefined} onClick={() => lobby.setSport(undefined)}>
              {t('allSports')}
            </button>
            {sports.map((id) => (
              <button key={id} type="button" className={styles.sport} aria-pressed={sportId === id} onClick={() => lobby.setSport(id)}>
                {sportName(id)}
              </button>
            ))}
          </div>
        )}
      </header>
      {waiting ? (
        <div className={screen.content}>
          <RowsSkeleton rows={4} />
        </div>
      ) : anchors.status === 'failed' ? (
        <div className={screen.content}>
          <LoadFailed onRetry={() => void anchors.load()} />
        </div>
      ) : rooms.length === 0 ? (
        <div className={screen.content}>
          <EmptyState>{t('empty')}</EmptyState>
        </div>
      ) : (
        <ul className={styles.grid} aria-label={t('rooms')}>
          {rooms.map((room) => (
            <li key={room.liveRoomId}>
              <RoomCard room={room} match={lobby.matchOf(room.matchId)} followed={followed.has(room.hostId)} sportName={sportName(room.sportId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

const formatCount = (count: number, language: string) => new Intl.NumberFormat(language).format(count);

/** One room: its poster (drawn here: the stream's own picture burns in names in the anchor's language), facts and actions. */
const RoomCard = observer(function RoomCard({ room, match, followed, sportName }: { room: AnchorRoom; match: WireMatch | undefined; followed: boolean; sportName: string }) {
  const { t, i18n } = useLobbyTranslation();
  const { t: common } = useTranslation();
  const { t: roomText } = useRoomTranslation();
  const store = useStore();
  const live = useLiveBook().match(room.matchId);
  const onAir = room.liveStatus === LiveStatus.Living;
  // The spec's anchor has no name: a platform that sends none shows the anchor's id, as the room does.
  const name = room.hostName ?? roomText('anchorId', { id: room.hostId });
  const teams = match ? `${match.matchInfo.homeName} – ${match.matchInfo.awayName}` : '';
  const special = room.anchorType === AnchorType.Exclusive ? 'exclusive' : room.anchorType === AnchorType.Agent ? 'agent' : undefined;
  // The room's own address, as the anchor badges link it: a modified click opens it in a new tab.
  const address = new URLSearchParams(location.search);
  for (const key of ['view', 'screen', 'matchId', 'outrightId', 'list', 'sport']) address.delete(key);
  address.set('roomId', String(room.liveRoomId));
  const home = live?.homeScore ?? match?.matchInfo.homeScore;
  const away = live?.awayScore ?? match?.matchInfo.awayScore;

  return (
    <article className={styles.card} data-room-id={room.liveRoomId} data-live={onAir} data-followed={followed || undefined} aria-labelledby={`sp-lobby-room-${room.liveRoomId}`}>
      <a
        className={styles.open}
        href={`?${address}`}
        onClick={(event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey) return;
          event.preventDefault();
          store.ui.showOne('room', room.liveRoomId);
        }}
      >
        <span className={styles.poster} data-sport={room.sportId} aria-hidden="true">
          <span className={styles.posterTop}>
            <span className={styles.state}>{t(onAir ? 'live' : 'upcoming')}</span>
            <span className={styles.popularity}>{t('watching', { count: room.popularity, value: formatCount(room.popularity, i18n.language) })}</span>
          </span>
          {match ? (
            <span className={styles.versus}>
              <Crest src={match.matchInfo.homeIcon} size={40} team={match.matchInfo.homeName} />
              <span className={styles.score}>{onAir && home !== undefined ? `${home} : ${away}` : formatInZone(match.beginTime, store.ui.timezone, i18n.language, 'time')}</span>
              <Crest src={match.matchInfo.awayIcon} size={40} team={match.matchInfo.awayName} />
            </span>
          ) : (
            <span className={styles.versus}>{sportName}</span>
          )}
          <span className={styles.posterSport}>{sportName}</span>
        </span>
        <span className={styles.text}>
          <span id={`sp-lobby-room-${room.liveRoomId}`} className={styles.anchor}>
            {name}
          </span>
          <span className={styles.match}>{teams || t('matchUnknown')}</span>
          <span className={styles.facts}>
            {match && <span>{match.leagueInfo.name}</span>}
            <span>{common(`anchor.language.${room.hostLanguage}`)}</span>
            {onAir ? live?.matchPeriod && <span className={styles.period}>{live.matchPeriod}</span> : match && <span>{t('kickOff', { time: formatInZone(match.beginTime, store.ui.timezone, i18n.language, 'dateTime') })}</span>}
          </span>
          <span className="sp-visually-hidden">{t(onAir ? 'live' : 'upcoming')}, {t('watching', { count: room.popularity, value: formatCount(room.popularity, i18n.language) })}</span>
        </span>
      </a>
      <div className={styles.marks}>
        {followed && <span className={styles.mark}>{t('followed')}</span>}
        {special && <span className={styles.mark} data-special={special}>{t(`special.${special}`)}</span>}
      </div>
      <CardActions room={room} followed={followed} name={name} />
    </article>
  );
});

/** Follow the anchor and (for a room waiting for kick-off) book its broadcast: a visitor's press asks them to sign in. */
const CardActions = observer(function CardActions({ room, followed, name }: { room: AnchorRoom; followed: boolean; name: string }) {
  const { t } = useMemberTranslation();
  const store = useStore();
  const member = store.session.isLogin ? liveMemberOf(store) : undefined;
  const booked = member?.openBooking(room.liveRoomId);
  const followBusy = member ? member.isBusy('follow', room.hostId) || member.infoStatus === 'loading' : false;
  const bookBusy = member ? member.isBusy('book', room.liveRoomId) || member.bookingsStatus === 'loading' : false;
  const follow = () => store.requireLogin(t('signInToFollow')) && void liveMemberOf(store).setFollow(room.hostId, !followed);
  const book = () => store.requireLogin(t('signInToBook')) && void liveMemberOf(store).setBooked(room.liveRoomId, !booked);
  return (
    <div className={styles.actions}>
      <Button variant={followed ? 'secondary' : 'primary'} aria-pressed={followed} aria-busy={followBusy} disabled={followBusy} aria-label={t(followed ? 'followingName' : 'followName', { name })} onClick={follow}>
        {t(followed ? 'following' : 'follow')}
      </Button>
      {room.liveStatus === LiveStatus.Waiting && (
        <Button variant={booked ? 'secondary' : 'primary'} aria-pressed={Boolean(booked)} aria-busy={bookBusy} disabled={bookBusy} aria-label={t(booked ? 'cancelBookingName' : 'bookName', { name })} onClick={book}>
          {t(booked ? 'cancelBooking' : 'book')}
        </Button>
      )}
    </div>
  );
});

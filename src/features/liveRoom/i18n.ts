import { useTranslation } from 'react-i18next';

/** The live rooms' strings (locales/<language>/liveRoom.json): the room, the member's side of it and the lobby. */
export const LIVE_ROOM_NS = 'liveRoom';

/** The room screen's strings. */
export const useRoomTranslation = () => useTranslation(LIVE_ROOM_NS, { keyPrefix: 'room' });
/** What a member does in a room: follow, book, titles, entrance, first-bet coverage. */
export const useMemberTranslation = () => useTranslation(LIVE_ROOM_NS, { keyPrefix: 'roomMember' });
/** The lobby of every live and upcoming room. */
export const useLobbyTranslation = () => useTranslation(LIVE_ROOM_NS, { keyPrefix: 'lobby' });

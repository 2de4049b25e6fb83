/** Paths of the live room's member calls (docs/api.md "Live room"); the spec's where it names them. */
export const LIVE_ROOM_PATHS = {
  subscribe: '/api/forehead/live/subscribe',
  unsubscribe: '/api/forehead/live/unsubscribe',
  subscribeInfo: '/api/forehead/live/user/subscribe/info',
  bookingAdd: '/api/forehead/live/booking/add',
  bookingCancel: '/api/forehead/live/booking/cancel',
  bookingList: '/api/forehead/live/booking/list',
  watch: '/api/forehead/live/submit/watch',
  activitySelect: '/api/forehead/live/match/activity/select',
  messageSelect: '/api/forehead/live/match/message/select',
  enterAnimation: '/api/forehead/live/enter/animation',
  anchorProxy: '/api/forehead/live/get/switch/proxy',
  /** The rooms the anchor badges name (special rooms). */
  specialRoomIds: '/api/forehead/live/liveRoom/getSpecialRoomIds',
  firstBetInfo: '/api/forehead/live/firstBet/info',
  firstBetJoin: '/api/forehead/live/firstBet/join',
  titleCatalogue: '/api/forehead/user/membertitlemanagement/listpc',
  titleWall: '/api/forehead/user/title/wall/info',
  titleSet: '/api/forehead/user/title/set/info',
  titleList: '/api/forehead/user/title/list/all',
  titleObtain: '/api/forehead/user/title/obtain/info',
} as const;

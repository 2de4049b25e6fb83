import type { CommentRule, ExpertComment, ExpertMessage, ExpertPerson } from '../../contract/experts';
import type { Page } from './api';

/** Answers shaped as the platform's routes give them (contract/experts.ts), for the plugin's tests. */
export function page<T>(list: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { list, total: list.length, pageNum: 1, pageSize: 10, isLastPage: false, ...over };
}

export function message(over: Partial<ExpertMessage> = {}): ExpertMessage {
  return {
    id: 1,
    professorId: 3,
    professorName: 'Coach Li',
    professorProfile: '/api/expert/avatar/3.svg',
    sportsTitle: 'Lions to win at home',
    sportsInfo: 'Football · Premier League',
    sportsPlay: '1X2',
    tag: '5 in a row',
    bettingType: 1,
    messageMatchList: [{ matchId: 501, sportsId: 1, leagueName: 'Premier League', homeName: 'Lions', awayName: 'Tigers', beginTime: 1_700_000_000_000, homeScore: null, awayScore: null }],
    publishTime: 1_699_990_000_000,
    isHot: 0,
    readCount: 10,
    commentCount: 1,
    result: 0,
    yieldRate: null,
    isAttention: 0,
    isBuy: 0,
    payTime: null,
    isTripartite: 0,
    goldPrice: '0.00',
    openBackGold: 0,
    returnGoldPercentage: 0,
    canRead: true,
    content: 'The analysis',
    picks: [{ matchId: 501, sportId: 1, marketId: 9001, optionType: 'h', play: '1X2', selection: 'Lions', odds: '1.85' }],
    ...over,
  };
}

export function person(over: Partial<ExpertPerson> = {}): ExpertPerson {
  return {
    id: 3,
    name: 'Coach Li',
    tag: '5 in a row',
    profile: '/api/expert/avatar/3.svg',
    introduction: 'Ten years of football.',
    sportsSession: 20,
    hitSession: 12,
    hitPercents: '60.00',
    tenHistory: [1, 1, 2],
    tenWin: 2,
    weekRateReturn: '12.50',
    longestWin: 5,
    winContinuous: 2,
    ordered: 4,
    subscribed: 8,
    isAttention: 0,
    isTripartite: 0,
    nowCount: 1,
    ...over,
  };
}

export function comment(over: Partial<ExpertComment> = {}): ExpertComment {
  return { id: 1, messageId: 7, parentId: 0, uid: 1, nickName: 'demo', username: 'de**o', content: 'Nice pick', likeCount: 0, isLiked: 0, createdAt: 1_700_000_000_000, subComments: [], ...over };
}

export function rule(over: Partial<CommentRule> = {}): CommentRule {
  return {
    isAvailable: true,
    rechargeLimitRule: { rechargeCurrentVal: '100.00', rechargeLimitIsAccord: true, rechargeLimitText: '', rechargeLimitVal: '0.00' },
    vipCurrentVal: 1,
    vipLimitIsAccord: true,
    vipLimitText: '',
    vipLimitVal: 0,
    isBan: false,
    banText: '',
    ...over,
  };
}

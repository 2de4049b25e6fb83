import { describe, expect, it } from '@jest/globals';
import { chatMemberChannel, chatRoomChannel } from '../../../contract/chat';
import { CHAT_PATHS, LIVE_ROOM_PATHS } from '../../../contract/paths';
import { ApiError } from '../../services/http';
import { memberState } from '../../testing/bettingFixtures';
import { CHAT_RULE, chatMessage, chatOrder, fakeChatSockets, helloAndJoin } from '../../testing/chatFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { chatOf, EMOJI_PAGE } from './chat';
import { TOKEN_MARGIN_MS, TOKEN_REFUSED } from './chatConnection';
import { createRootStore } from '../../core/store/RootStore';

const NOW = 1_700_000_000_000;
const TOKEN = (n: number, expiresAt = NOW + 300_000, chatBanInfo: { until: number; reason: string } | null = null) => ({ token: `tok${n}`, expiresAt, chatRule: CHAT_RULE, chatBanInfo });

function setup({ login = true, tokens = [TOKEN(1), TOKEN(2)] } = {}) {
  let now = NOW;
  const { env, http } = fakeEnv({ now: () => now });
  const fake = fakeChatSockets();
  Object.assign(env, { openChatSocket: fake.open, chatUrl: async () => 'ws://chat.test/chat' });
  const queue = [...tokens];
  http.forehead.get.mockImplementation(async (url: string) => {
    if (url === CHAT_PATHS.token) {
      if (!login) throw new ApiError({ code: 401, message: 'sign in', service: 'forehead' });
      return queue.shift();
    }
    throw new Error(`unexpected GET ${url}`);
  });
  http.forehead.post.mockImplementation(async (url: string) => {
    if (url === LIVE_ROOM_PATHS.titleCatalogue) return [{ id: 3, name: 'Sharpshooter', icon: '/t/3.png', description: 'd', category: 'wins', sort: 1 }];
    if (url === LIVE_ROOM_PATHS.titleList) return [];
    throw new Error(`unexpected POST ${url}`);
  });
  const root = createRootStore({}, env);
  if (login) root.applyHostProps(memberState());
  const chat = chatOf(root);
  return { env, http, root, chat, fake, socket: fake.last(), advance: (ms: number) => (now += ms) };
}

describe('chat store', () => {
  it('opens /chat with a chat token, joins the room on open and takes the history from the join answer', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    expect(socket.urls).toEqual(['ws://chat.test/chat?language=CMN&token=tok1']);
    expect(socket.sent).toEqual([{ cmd: 'join', roomId: 8001 }]);
    const history = [chatMessage({ id: '1' }), chatMessage({ id: '2' })];
    helloAndJoin(socket, { messages: history });
    expect(chat.messageList.map((m) => m.id)).toEqual(['1', '2']);
    expect(chat.status).toBe('joined');
    expect(chat.chatRule).toEqual(CHAT_RULE);
    expect(chat.inputBlock(NOW)).toBeNull();
  });

  it('a visitor connects without a token and cannot send: the input says sign in', async () => {
    const { chat, socket, http } = setup({ login: false });
    chat.enter(8001);
    await socket.open();
    expect(socket.urls[0]).toBe('ws://chat.test/chat?language=CMN');
    expect(http.forehead.get).not.toHaveBeenCalledWith(CHAT_PATHS.token);
    helloAndJoin(socket, { uid: 0 });
    expect(chat.inputBlock(NOW)).toBe('visitor');
  });

  it('adds room messages in order once, drops deleted ones, and follows the room block', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket, { messages: [chatMessage({ id: '1' })] });
    socket.roomEvents(8001, [
      { kind: 'message', message: chatMessage({ id: '2' }) },
      { kind: 'message', message: chatMessage({ id: '1' }) },
      { kind: 'message', message: chatMessage({ id: '3' }) },
    ]);
    expect(chat.messageList.map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(chat.arrivals.map((m) => m.id)).toEqual(['2', '3']);
    socket.roomEvents(8001, [{ kind: 'delete', roomId: 8001, messageId: '2' }, { kind: 'block', roomId: 8001, chatBlock: true }]);
    expect(chat.messageList.map((m) => m.id)).toEqual(['1', '3']);
    expect(chat.inputBlock(NOW)).toBe('blocked');
    socket.roomEvents(8001, [{ kind: 'block', roomId: 8001, chatBlock: false }]);
    expect(chat.inputBlock(NOW)).toBeNull();
  });

  it('joins again (and takes the history again) when a room frame was missed', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket);
    socket.deliver({ chId: chatRoomChannel(8001), seq: 1, epoch: 'e1', data: { events: [{ kind: 'message', message: chatMessage({ id: '5' }) }] } });
    socket.deliver({ chId: chatRoomChannel(8001), seq: 3, epoch: 'e1', data: { events: [{ kind: 'message', message: chatMessage({ id: '7' }) }] } });
    expect(socket.sent.filter((f) => f.cmd === 'join')).toHaveLength(2);
    expect(chat.messageList.map((m) => m.id)).toEqual(['5']);
  });

  it('a mute (ban event) disables the input until it ends or is lifted; the token carries a platform-wide one', async () => {
    const { chat, socket } = setup({ tokens: [TOKEN(1, NOW + 300_000, { until: NOW + 60_000, reason: 'spam' })] });
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket, { chatBanInfo: { until: NOW + 60_000, reason: 'spam' } });
    expect(chat.inputBlock(NOW)).toBe('banned');
    expect(chat.inputBlock(NOW + 60_001)).toBeNull();
    socket.deliver({ chId: chatMemberChannel(7), seq: 1, data: { kind: 'ban', roomId: 8001, chatBanInfo: null } });
    expect(chat.chatBanInfo).toBeNull();
    expect(chat.inputBlock(NOW)).toBeNull();
  });

  it('sends text and replies, keeps the platform refusal (rate limit) in chatError and clears it when typing again', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    const quoted = chatMessage({ id: '9' });
    helloAndJoin(socket, { messages: [quoted] });
    chat.setDraft('  hello  ');
    expect(chat.remindMsgLength).toBe(195);
    expect(chat.sendText()).toBe(true);
    chat.setReply(quoted);
    chat.setDraft('agreed');
    chat.sendText();
    const sends = socket.sent.filter((f) => f.cmd === 'send');
    expect(sends).toEqual([
      { cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'text', text: 'hello' },
      { cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'reply', text: 'agreed', replyTo: '9' },
    ]);
    expect(chat.replyMsg).toBeNull();
    expect(chat.draft).toBe('');
    socket.deliver({ cmd: 'error', ref: 'c2', code: 16005, msg: 'too many messages', retryAfterSeconds: 4 });
    expect(chat.chatError).toEqual({ code: 16005, msg: 'too many messages', retryAfterSeconds: 4 });
    chat.setDraft('x');
    expect(chat.chatError).toBeNull();
  });

  it('does not send an empty draft, nor before the room is joined (chatError says so)', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    chat.setDraft('   ');
    expect(chat.sendText()).toBe(false);
    chat.setDraft('early');
    expect(chat.sendText()).toBe(false);
    expect(chat.chatError?.msg).toBe('not connected');
    expect(socket.sent).toEqual([]);
  });

  it('asks for a new token when the current one is near its expiry and when the platform refused it (4401)', async () => {
    const { chat, socket, http, advance } = setup({ tokens: [TOKEN(1, NOW + 60_000), TOKEN(2, NOW + 400_000), TOKEN(3, NOW + 900_000)] });
    chat.enter(8001);
    await socket.open();
    advance(60_000 - TOKEN_MARGIN_MS + 1);
    await socket.open();
    socket.handlers.closed(TOKEN_REFUSED);
    await socket.open();
    await socket.open();
    expect(socket.urls.map((url) => new URL(url).searchParams.get('token'))).toEqual(['tok1', 'tok2', 'tok3', 'tok3']);
    expect(http.forehead.get.mock.calls.filter(([url]) => url === CHAT_PATHS.token)).toHaveLength(3);
  });

  it('reconnects with the new state when the member signs out', async () => {
    const { chat, socket, root } = setup();
    chat.enter(8001);
    await socket.open();
    root.session.clear();
    expect(socket.reconnects).toBe(1);
    await socket.open();
    expect(socket.urls[1]).toBe('ws://chat.test/chat?language=CMN');
    expect(chat.inputBlock(NOW)).toBe('visitor');
  });

  it('a failed token call is kept in chatError; the socket still connects to read', async () => {
    const { chat, socket, http } = setup();
    http.forehead.get.mockRejectedValue(new ApiError({ code: -1, message: 'Network Error', service: 'forehead' }));
    chat.enter(8001);
    await socket.open();
    expect(chat.chatError).toEqual({ code: -1, msg: 'Network Error' });
    expect(socket.urls[0]).toBe('ws://chat.test/chat?language=CMN');
  });

  it('leaving one room for another leaves, resets the list and joins the new one', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket, { messages: [chatMessage({ id: '1' })] });
    chat.enter(8002);
    expect(socket.sent.slice(-2)).toEqual([{ cmd: 'leave', roomId: 8001 }, { cmd: 'join', roomId: 8002 }]);
    expect(chat.messageList).toEqual([]);
    // A late frame of the old room is not shown in the new one.
    socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '4' }) }]);
    expect(chat.messageList).toEqual([]);
  });

  it('chunks the emoji groups by 8', async () => {
    const { chat, http } = setup();
    const emojis = Array.from({ length: 19 }, (_, i) => ({ id: `1f6${i}`, code: `e${i}` }));
    http.forehead.post.mockImplementation(async (url: string) => (url === CHAT_PATHS.emoji ? [{ groupId: 1, name: 'Smileys', emojis }] : []));
    await chat.loadEmoji();
    expect(chat.emojiList[0]!.pages.map((page) => page.length)).toEqual([EMOJI_PAGE, EMOJI_PAGE, 3]);
  });

  it('reports answer the error object instead of throwing, and keep it in chatError', async () => {
    const { chat, http } = setup();
    chat.enter(8001);
    http.forehead.post.mockImplementation(async (url: string) => {
      if (url === CHAT_PATHS.reportCategories) return [{ id: 1, name: 'Spam' }];
      if (url === CHAT_PATHS.reportAdd) throw new ApiError({ code: 16012, message: 'already reported', service: 'forehead' });
      return [];
    });
    await chat.loadReportCategories();
    expect(chat.reportConfigList).toEqual([{ id: 1, name: 'Spam' }]);
    const result = await chat.report('12', 1, '  ');
    expect(result).toEqual({ ok: false, error: { code: 16012, msg: 'already reported' } });
    expect(chat.chatError).toEqual({ code: 16012, msg: 'already reported' });
    expect(http.forehead.post).toHaveBeenLastCalledWith(CHAT_PATHS.reportAdd, { messageId: '12', cateId: 1, roomId: 8001 });
  });

  it("lists the room's shareable orders up to showCount and shares one as an order message", async () => {
    const { chat, socket, http } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket);
    const records = [chatOrder({ orderId: '11' }), chatOrder({ orderId: '12' }), chatOrder({ orderId: '13' })];
    http.forehead.post.mockImplementation(async (_url: string, body?: unknown) => {
      expect(body).toEqual({ roomId: 8001 });
      return { rule: { showCount: 2, coins: [{ thirdCoin: 'CNY', minAmount: '10.00' }] }, matchId: 7, records };
    });
    await chat.loadOrderHistory();
    expect(chat.chatOrderHistory.map((o) => o.orderId)).toEqual(['11', '12']);
    expect(chat.orderShowRule.showCount).toBe(2);
    chat.sendOrder('12');
    expect(socket.sent.at(-1)).toEqual({ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'order', orderId: '12' });
  });

  it("says why the shareable orders did not load, and drops an answer for a room the member has left", async () => {
    const { chat, socket, http } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket);
    http.forehead.post.mockRejectedValueOnce(new ApiError({ code: 16020, message: 'not in this room', service: 'forehead' }));
    expect(await chat.loadOrderHistory()).toBe('failed');
    expect(chat.orderHistoryRequest.status).toBe('failed');
    expect(chat.chatError).toEqual({ code: 16020, msg: 'not in this room' });

    let answer!: (value: unknown) => void;
    http.forehead.post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const loading = chat.loadOrderHistory();
    expect(chat.orderHistoryRequest.status).toBe('loading');
    await Promise.resolve();
    expect(http.forehead.post).toHaveBeenLastCalledWith(CHAT_PATHS.orderHistory, { roomId: 8001 });
    chat.enter(8002);
    answer({ rule: { showCount: 2, coins: [] }, matchId: 7, records: [chatOrder({ orderId: '11' })] });
    await loading;
    expect(chat.chatOrderHistory).toEqual([]);
  });

  it('uploads an image and sends it with the draft as image-text', async () => {
    const { chat, socket, http } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket);
    http.forehead.post.mockImplementation(async () => ({ file: `${'a'.repeat(32)}.png`, url: '/x', type: 'image/png', width: 1, height: 1, bytes: 68 }));
    chat.setDraft('look');
    const result = await chat.sendImage(new Blob([new Uint8Array(4)], { type: 'image/png' }));
    expect(result.ok).toBe(true);
    expect(http.forehead.post.mock.calls.at(-1)![0]).toBe(CHAT_PATHS.imageUpload);
    expect(socket.sent.at(-1)).toEqual({ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'image-text', image: `${'a'.repeat(32)}.png`, text: 'look' });
  });

  it('agents delete and mute through the socket', async () => {
    const { chat, socket } = setup();
    chat.enter(8001);
    await socket.open();
    helloAndJoin(socket, { userType: 1 });
    expect(chat.isAgent).toBe(true);
    chat.deleteMessage('5');
    chat.mute(9, 10, 'spam');
    expect(socket.sent.slice(-2)).toEqual([
      { cmd: 'delete', ref: expect.any(String), roomId: 8001, messageId: '5' },
      { cmd: 'mute', ref: expect.any(String), roomId: 8001, uid: 9, minutes: 10, reason: 'spam' },
    ]);
  });

  it('keeps the barrage toggle per merchant in storage', () => {
    const { chat, env } = setup();
    expect(chat.barrageVisible).toBe(true);
    chat.setBarrageVisible(false);
    expect(env.storage.get('barrageVisible')).toBe(false);
  });

  it('loads the title catalogue by id for the names', async () => {
    const { chat } = setup();
    await chat.loadTitles();
    expect(chat.memberTitleMap[3]?.name).toBe('Sharpshooter');
  });
});

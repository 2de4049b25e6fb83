import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatMemberChannel } from '../../../contract/chat';
import { CHAT_PATHS, LIVE_ROOM_PATHS } from '../../../contract/paths';
import { ApiError } from '../../services/http';
import { chatOf } from './chat';
import { memberState } from '../../testing/bettingFixtures';
import { CHAT_RULE, chatMessage, chatOrder, helloAndJoin, type FakeChatSocket } from '../../testing/chatFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { CHAT_NS } from './chatText';
import { Barrage } from './Barrage';
import { ChatTab } from './ChatTab';
import { FullscreenChat } from './FullscreenChat';

const FUTURE = Date.now() + 3_600_000;
const XSS = '<img src=x onerror="window.__xss=1">';
const IMAGE = { file: `${'a'.repeat(32)}.png`, url: `/api/forehead/system/file/get/${'a'.repeat(32)}.png`, type: 'image/png', width: 40, height: 30, bytes: 99 };

type Join = Parameters<typeof helloAndJoin>[1];

/** The chat tab of room 8001, joined as the platform answers `join` (a member unless uid 0). */
async function mount({ member = true, join = {} as Join, ui = <ChatTab />, now = undefined as (() => number) | undefined } = {}) {
  const rendered = await renderWithStore(ui, {
    namespaces: [CHAT_NS],
    ...(now ? { now } : {}),
    before: ({ store, http }) => {
      http.forehead.get.mockImplementation(async (url: string) => {
        if (url === CHAT_PATHS.token) return { token: 'tok', expiresAt: FUTURE, chatRule: CHAT_RULE, chatBanInfo: null };
        throw new Error(`unexpected GET ${url}`);
      });
      http.forehead.post.mockImplementation(async (url: string) => {
        // Names in the request language, as the platform answers them.
        if (url === LIVE_ROOM_PATHS.titleCatalogue) return [{ id: 3, name: store.settings.apiLanguage === 'CMN' ? '神射手' : 'Sharpshooter', icon: '/t/3.png', description: 'd', category: 'wins', sort: 1 }];
        if (url === LIVE_ROOM_PATHS.titleList) return [];
        if (url === CHAT_PATHS.reportCategories) return [{ id: 1, name: 'Spam or advertising' }, { id: 2, name: 'Abuse' }];
        if (url === CHAT_PATHS.orderHistory) return { rule: { showCount: 10, coins: [] }, matchId: 7, records: [chatOrder({ orderId: '41', betTitle: 'Arsenal vs Chelsea' })] };
        if (url === CHAT_PATHS.emoji) return [{ groupId: 1, name: 'Smileys', emojis: Array.from({ length: 10 }, (_, i) => ({ id: `1f60${i}`, code: String.fromCodePoint(0x1f600 + i) })) }];
        if (url === CHAT_PATHS.imageUpload) return IMAGE;
        throw new Error(`unexpected POST ${url}`);
      });
      if (member) store.applyHostProps(memberState());
      chatOf(store).enter(8001);
    },
  });
  const socket = rendered.chatSockets.last();
  await act(async () => {
    await socket.open();
    helloAndJoin(socket, { uid: member ? 7 : 0, ...join });
    await chatOf(rendered.store).loadTitles();
  });
  const deliver = (frame: () => void) => act(() => frame());
  return { ...rendered, socket, deliver, chat: chatOf(rendered.store) };
}

const input = () => screen.getByRole('textbox', { name: 'Message' });
const sends = (socket: FakeChatSocket) => socket.sent.filter((f) => f.cmd !== 'join' && f.cmd !== 'leave');
const messageOf = (text: string) => screen.getByText(text).closest('li')!;
/** A message's actions, which show while the pointer is over it. */
async function actionsOf(text: string) {
  await userEvent.hover(messageOf(text));
  return within(messageOf(text));
}

describe('<ChatTab>', () => {
  it("shows a shared bet's odds by the viewer's format: a handicap single in it, a 1X2 single and a parlay in decimal", async () => {
    const { store } = await mount({
      join: {
        messages: [
          chatMessage({ id: '1', kind: 'order', nickname: 'Ann', text: '', order: chatOrder({ betId: '170000000000001', odd: '2.40', outcomeCount: 2 }) }),
          chatMessage({ id: '2', kind: 'order', nickname: 'Bo', text: '', order: chatOrder({ betId: '170000000000002', betSection: '1X2: Arsenal', odd: '2.40', outcomeCount: 3 }) }),
          chatMessage({ id: '3', kind: 'order', nickname: 'Cy', text: '', order: chatOrder({ betId: '170000000000003', betTitle: '2 legs', odd: '5.7600', outcomeCount: 0 }) }),
          // Shared before the field existed: decimal, which is never wrong.
          chatMessage({ id: '4', kind: 'order', nickname: 'Di', text: '', order: chatOrder({ betId: '170000000000004', odd: '2.40' }) }),
        ],
      },
    });
    const odds = () => screen.getAllByTestId('chat-order').map((card) => within(card).getByText('Odds').nextSibling?.textContent);
    expect(odds()).toEqual(['2.40', '2.40', '5.76', '2.40']);
    act(() => store.settings.setOddsFormat(3));
    expect(odds()).toEqual(['-0.71', '2.40', '5.76', '2.40']);
  });

  it('draws every kind of message with VIP level, worn title and the agent mark beside names', async () => {
    const reply = chatMessage({ id: '3', kind: 'reply', nickname: 'Bo', text: 'me too', reply: { id: '1', uid: 7, nickname: 'Ann', kind: 'text', text: 'what a goal' } });
    await mount({
      join: {
        messages: [
          chatMessage({ id: '1', nickname: 'Ann', text: 'what a goal', vipLevel: 7, titleId: 3 }),
          chatMessage({ id: '2', kind: 'image', nickname: 'Cy', text: '', image: IMAGE }),
          reply,
          chatMessage({ id: '4', kind: 'order', nickname: 'Di', text: '', order: chatOrder({ betAmount: '50.00', odd: '1.95', wonAmount: '97.50', orderStatus: 5, betSection: 'Asian Handicap: Arsenal -0.5', isEarlySettlement: true }) }),
          chatMessage({ id: '5', kind: 'image-text', nickname: 'Ed', text: 'look at this', image: IMAGE }),
          chatMessage({ id: '6', kind: 'auto', uid: 0, nickname: '', text: 'Welcome to the room' }),
          chatMessage({ id: '7', kind: 'act', uid: 0, nickname: '', text: 'Red envelopes at half time' }),
          chatMessage({ id: '8', nickname: 'Host helper', userType: 1, text: 'keep it friendly' }),
        ],
      },
    });
    const list = screen.getByRole('log', { name: 'Chat messages' });
    const first = within(messageOf('what a goal'));
    expect(first.getByText('V7')).toBeInTheDocument();
    expect(first.getByText('Sharpshooter')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Image sent by Cy' })).toHaveAttribute('src', IMAGE.url);
    expect(within(list).getByRole('img', { name: 'Image sent by Ed' })).toBeInTheDocument();
    expect(within(messageOf('me too')).getByText('what a goal', { exact: false }).tagName).toBe('BLOCKQUOTE');
    const order = within(screen.getByTestId('chat-order'));
    for (const text of ['Shared bet', 'Settled', 'Arsenal vs Chelsea', 'Asian Handicap: Arsenal -0.5', '50.00 CNY', '1.95', '97.50 CNY', 'Partly cashed out']) {
      expect(order.getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(messageOf('Welcome to the room')).getByText('Notice')).toBeInTheDocument();
    expect(within(messageOf('Red envelopes at half time')).getByText('Activity')).toBeInTheDocument();
    expect(within(messageOf('keep it friendly')).getByText('Agent')).toBeInTheDocument();
    expect(within(messageOf('what a goal')).queryByText('Agent')).toBeNull();
  });

  it("words the platform's lines, shared bets and title badges in the viewer's language, and rewords them all on a switch", async () => {
    const texts = (cmn: string, eng: string) => ({ CMN: cmn, 'zh-TW': cmn, ENG: eng, VIE: eng, THA: eng });
    const { store } = await mount({
      join: {
        messages: [
          chatMessage({ id: '1', nickname: 'Ann', text: 'what a goal', titleId: 3 }),
          chatMessage({ id: '2', kind: 'act', uid: 0, nickname: '', text: '', notice: { type: 'gift', uid: 9, nickname: 'Bo<b>', giftId: 1, giftName: texts('玫瑰', 'Rose'), count: 2 } }),
          chatMessage({
            id: '3',
            kind: 'act',
            uid: 0,
            nickname: '',
            text: '',
            notice: { type: 'answerLottery', recordId: 4, title: texts('答题抽奖', 'Answer lottery'), question: 'Who scores next?', options: ['Home', 'Away'] },
          }),
          chatMessage({
            id: '4',
            kind: 'order',
            nickname: 'Di',
            text: '',
            // Titles as the sharer's language made them; the legs carry every language.
            order: chatOrder({
              betTitle: 'Arsenal vs Chelsea',
              betSection: 'Handicap: Arsenal -0.5',
              legs: [{ matchId: 7, home: texts('阿森纳', 'Arsenal'), away: texts('切尔西', 'Chelsea'), market: texts('让球', 'Handicap'), option: texts('阿森纳 -0.5', 'Arsenal -0.5') }],
            }),
          }),
          // Stored before notices existed: its sentence shows as stored.
          chatMessage({ id: '5', kind: 'act', uid: 0, nickname: '', text: 'Bo 🎁 玫瑰 x1' }),
        ],
      },
    });
    const list = screen.getByRole('log', { name: 'Chat messages' });
    expect(within(list).getByText('Bo<b> sent Rose × 2', { exact: false })).toBeInTheDocument();
    expect(within(list).getByText('Answer lottery: Who scores next? 1. Home 2. Away', { exact: false })).toBeInTheDocument();
    expect(within(screen.getByTestId('chat-order')).getByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(within(screen.getByTestId('chat-order')).getByText('Handicap: Arsenal -0.5')).toBeInTheDocument();
    expect(within(messageOf('what a goal')).getByText('Sharpshooter')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();

    await act(async () => {
      await store.settings.setLocale('zh-CN');
    });
    await within(messageOf('what a goal')).findByText('神射手');
    expect(within(list).getByText('Bo<b> 送出 玫瑰 × 2', { exact: false })).toBeInTheDocument();
    expect(within(list).getByText('答题抽奖：Who scores next? 1. Home 2. Away', { exact: false })).toBeInTheDocument();
    const order = within(screen.getByTestId('chat-order'));
    expect(order.getByText('阿森纳 vs 切尔西')).toBeInTheDocument();
    expect(order.getByText('让球：阿森纳 -0.5')).toBeInTheDocument();
    expect(within(list).getByText('Bo 🎁 玫瑰 x1', { exact: false })).toBeInTheDocument();
    // Nothing of the language the page opened with is left (the operator's own words stay as written).
    for (const english of ['Sharpshooter', 'Rose', 'sent', 'Answer lottery', 'Arsenal', 'Chelsea', 'Handicap', 'Shared bet']) {
      expect(list).not.toHaveTextContent(english);
    }
  });

  it('titles a shared bet builder with its match and its number of selections', async () => {
    const texts = (cmn: string, eng: string) => ({ CMN: cmn, 'zh-TW': cmn, ENG: eng, VIE: eng, THA: eng });
    const leg = (market: string, option: string) => ({ matchId: 7, home: texts('阿森纳', 'Arsenal'), away: texts('切尔西', 'Chelsea'), market: texts(market, market), option: texts(option, option) });
    await mount({
      join: {
        messages: [
          chatMessage({
            id: '9',
            kind: 'order',
            nickname: 'Di',
            text: '',
            order: chatOrder({ betType: 3, betTitle: 'Arsenal vs Chelsea · Bet builder (2)', outcomeCount: 0, odd: '3.40', legs: [leg('1X2', 'Arsenal'), leg('Over/Under', 'Over 2.5')] }),
          }),
        ],
      },
    });
    const order = within(screen.getByTestId('chat-order'));
    expect(order.getByText('Arsenal vs Chelsea · Bet builder (2)')).toBeInTheDocument();
    expect(order.getByText('1X2: Arsenal / Over/Under: Over 2.5')).toBeInTheDocument();
  });

  it('shows markup in a message as the text typed, never as HTML', async () => {
    const { socket, deliver } = await mount();
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ nickname: '<b>bold</b>', text: XSS }) }]));
    expect(screen.getByText(XSS)).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  it('a visitor reads but the input is disabled and says to sign in', async () => {
    await mount({ member: false, join: { messages: [chatMessage({ text: 'hello all' })] } });
    expect(screen.getByText('hello all')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', 'Sign in to chat');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('a muted member sees until when and why; the input comes back when the mute is lifted', async () => {
    const { socket, deliver } = await mount({ join: { chatBanInfo: { until: FUTURE, reason: 'flooding' } } });
    expect(input()).toBeDisabled();
    expect(input().getAttribute('placeholder')).toMatch(/^You are muted until .+: flooding$/);
    await deliver(() => socket.deliver({ chId: chatMemberChannel(7), seq: 1, data: { kind: 'ban', roomId: 8001, chatBanInfo: null } }));
    expect(input()).toBeEnabled();
    expect(input()).toHaveAttribute('placeholder', 'Say something…');
  });

  it("a blocked room disables the input and says so; reopening restores it", async () => {
    const { socket, deliver } = await mount({ join: { chatBlock: true } });
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', "The agent has closed this room's chat");
    await deliver(() => socket.roomEvents(8001, [{ kind: 'block', roomId: 8001, chatBlock: false }]));
    expect(input()).toBeEnabled();
  });

  it('counts the characters left, refuses a message over the limit, and shows the rate limit until the member types again', async () => {
    const { socket, deliver } = await mount();
    await userEvent.type(input(), 'hello');
    expect(screen.getByText('195 characters left')).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: 'x'.repeat(203) } });
    expect(screen.getByText('3 characters too many')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(input(), { target: { value: 'hello' } });
    await userEvent.type(input(), '{Enter}');
    expect(sends(socket)).toEqual([{ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'text', text: 'hello' }]);
    expect(input()).toHaveValue('');
    await deliver(() => socket.deliver({ cmd: 'error', ref: 'c1', code: 16005, msg: 'rate', retryAfterSeconds: 6 }));
    expect(screen.getByRole('alert')).toHaveTextContent('You are sending too fast: try again in 6 seconds.');
    await userEvent.type(input(), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replies with the quoted message, and the quote bar can be cancelled', async () => {
    const { socket } = await mount({ join: { messages: [chatMessage({ id: '21', nickname: 'Ann', text: 'who scores next?' })] } });
    await userEvent.click((await actionsOf('who scores next?')).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText('Replying to Ann', { exact: false })).toBeInTheDocument();
    expect(input()).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText('Replying to Ann', { exact: false })).toBeNull();
    await userEvent.click((await actionsOf('who scores next?')).getByRole('button', { name: 'Reply' }));
    await userEvent.type(input(), 'Saka{Enter}');
    expect(sends(socket).at(-1)).toEqual({ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'reply', text: 'Saka', replyTo: '21' });
    expect(screen.queryByText('Replying to Ann', { exact: false })).toBeNull();
  });

  it('reports a message with a category in a dialog that keeps focus and gives it back; a refusal shows in the dialog', async () => {
    const { http } = await mount({ join: { messages: [chatMessage({ id: '31', uid: 9, nickname: 'Spammer', text: 'buy now' })] } });
    const report = (await actionsOf('buy now')).getByRole('button', { name: 'Report' });
    await userEvent.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report a message' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Spam or advertising' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'links');
    http.forehead.post.mockImplementationOnce(async () => {
      throw new ApiError({ code: 16012, message: 'already', service: 'forehead' });
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this message.');
    expect(http.forehead.post).toHaveBeenCalledWith(CHAT_PATHS.reportAdd, { messageId: '31', cateId: 1, roomId: 8001, remark: 'links' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back to the Report button, or to the message itself when its actions went with the pointer; either way they show.
    expect(messageOf('buy now').contains(document.activeElement)).toBe(true);
    expect(within(messageOf('buy now')).getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it("lists the member's shareable bets and shares one as an order message", async () => {
    const { socket, http } = await mount();
    await userEvent.click(screen.getByRole('button', { name: 'Share a bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share a bet' });
    expect(await within(dialog).findByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(http.forehead.post).toHaveBeenCalledWith(CHAT_PATHS.orderHistory, { roomId: 8001 });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Share: Arsenal vs Chelsea/ }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'order', orderId: '41' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers delete, mute and unmute only to an agent of the room, and asks before deleting', async () => {
    const messages = [chatMessage({ id: '51', uid: 9, nickname: 'Loud', text: 'rude words' })];
    const member = await mount({ join: { messages } });
    const asMember = await actionsOf('rude words');
    expect(asMember.getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(asMember.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(asMember.queryByRole('button', { name: 'Mute' })).toBeNull();
    expect(asMember.queryByRole('button', { name: 'Unmute' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Agent tools' })).toBeNull();
    member.unmount();

    const { socket } = await mount({ join: { messages, userType: 1 } });
    await userEvent.click((await actionsOf('rude words')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(confirm).toHaveTextContent("Loud's message disappears for everyone in the room.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sends(socket)).toEqual([]);
    await userEvent.click((await actionsOf('rude words')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this message?' })).getByRole('button', { name: 'Delete' }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'delete', ref: expect.any(String), roomId: 8001, messageId: '51' });
    await userEvent.click((await actionsOf('rude words')).getByRole('button', { name: 'Mute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute Loud' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'For' }), '60');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'mute', ref: expect.any(String), roomId: 8001, uid: 9, minutes: 60, reason: 'insults' });
    await userEvent.click((await actionsOf('rude words')).getByRole('button', { name: 'Unmute' }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'unmute', ref: expect.any(String), roomId: 8001, uid: 9 });
  });

  it("shows a message's actions only on hover or keyboard focus, and Tab from the message reaches them", async () => {
    await mount({ join: { messages: [chatMessage({ id: '71', uid: 9, nickname: 'Ann', text: 'first' }), chatMessage({ id: '72', uid: 9, nickname: 'Bo', text: 'second' })] } });
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    await userEvent.hover(messageOf('first'));
    expect(within(messageOf('first')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(within(messageOf('second')).queryByRole('button', { name: 'Reply' })).toBeNull();
    await userEvent.unhover(messageOf('first'));
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();

    // By keyboard: the log, then each message, then its actions.
    await userEvent.tab();
    expect(screen.getByRole('log')).toHaveFocus();
    await userEvent.tab();
    expect(messageOf('first')).toHaveFocus();
    expect(within(messageOf('first')).getByRole('group', { name: "Ann's message" })).toBeInTheDocument();
    await userEvent.tab();
    expect(within(messageOf('first')).getByRole('button', { name: 'Reply' })).toHaveFocus();
    await userEvent.tab();
    expect(within(messageOf('first')).getByRole('button', { name: 'Report' })).toHaveFocus();
    await userEvent.tab();
    expect(messageOf('second')).toHaveFocus();
    expect(within(messageOf('first')).queryByRole('button', { name: 'Reply' })).toBeNull();
    await userEvent.keyboard('{Tab}{Enter}');
    expect(screen.getByText('Replying to Bo', { exact: false })).toBeInTheDocument();
    expect(input()).toHaveFocus();
  });

  it("lets an agent close the room's chat after confirming and reopen it; a refusal is said plainly", async () => {
    const { socket, deliver } = await mount({ join: { userType: 1 } });
    const tools = screen.getByRole('group', { name: 'Agent tools' });
    expect(tools).toHaveTextContent('The chat is open.');
    await userEvent.click(within(tools).getByRole('button', { name: 'Close chat' }));
    const confirm = await screen.findByRole('dialog', { name: "Close the room's chat?" });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sends(socket)).toEqual([]);
    await userEvent.click(within(tools).getByRole('button', { name: 'Close chat' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: "Close the room's chat?" })).getByRole('button', { name: 'Close chat' }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'block', ref: expect.any(String), roomId: 8001, chatBlock: true });
    await deliver(() => socket.roomEvents(8001, [{ kind: 'block', roomId: 8001, chatBlock: true }]));
    expect(tools).toHaveTextContent('The chat is closed: members cannot send.');
    // Reopening takes nothing away, so it goes at once.
    await userEvent.click(within(tools).getByRole('button', { name: 'Reopen chat' }));
    expect(sends(socket).at(-1)).toEqual({ cmd: 'block', ref: expect.any(String), roomId: 8001, chatBlock: false });
    await deliver(() => socket.deliver({ cmd: 'error', ref: 'c2', code: 16006, msg: 'not an agent' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Only the room's agents can do that.");
    await deliver(() => socket.roomEvents(8001, [{ kind: 'block', roomId: 8001, chatBlock: false }]));
    expect(within(tools).getByRole('button', { name: 'Close chat' })).toBeInTheDocument();
  });

  it('counts others\' messages that arrive while the chat is not shown, and clears the count when it shows', async () => {
    const { socket, deliver, chat, unmount } = await mount();
    expect(chat.unread).toBe(0);
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '81', uid: 9 }) }]));
    expect(chat.unread).toBe(0);
    unmount();
    expect(chat.shown).toBe(false);
    await deliver(() =>
      socket.roomEvents(8001, [
        { kind: 'message', message: chatMessage({ id: '82', uid: 9 }) },
        { kind: 'message', message: chatMessage({ id: '83', uid: 7, text: 'my own' }) },
        { kind: 'message', message: chatMessage({ id: '84', uid: 0, kind: 'auto', text: 'a notice' }) },
        { kind: 'message', message: chatMessage({ id: '85', uid: 10 }) },
      ]),
    );
    expect(chat.unread).toBe(2);
    act(() => chat.setShown(true));
    expect(chat.unread).toBe(0);
  });

  it('offers the names of recent chatters after @, by keyboard or pointer, and highlights a message that mentions the member', async () => {
    const { socket, deliver } = await mount({
      join: {
        messages: [
          chatMessage({ id: '91', uid: 9, nickname: 'Anna', text: 'hi' }),
          chatMessage({ id: '92', uid: 10, nickname: 'Bo', text: 'yo' }),
          chatMessage({ id: '93', uid: 11, nickname: 'Andy', text: 'hey' }),
          chatMessage({ id: '94', uid: 7, nickname: 'Me', text: 'mine' }),
        ],
      },
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(input(), 'well @');
    const list = screen.getByRole('listbox', { name: 'People in the chat' });
    // Newest first, each once, never the member.
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['@Andy', '@Bo', '@Anna']);
    await userEvent.type(input(), 'a');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['@Andy', '@Anna']);
    expect(input()).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: '@Andy' }).id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(input()).toHaveValue('well @Anna ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(sends(socket)).toEqual([]);
    await userEvent.type(input(), 'and @b');
    await userEvent.click(screen.getByRole('option', { name: '@Bo' }));
    expect(input()).toHaveValue('well @Anna and @Bo ');
    expect(input()).toHaveFocus();
    await userEvent.type(input(), '@');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(sends(socket).at(-1)).toEqual({ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'text', text: 'well @Anna and @Bo @' });

    await deliver(() =>
      socket.roomEvents(8001, [
        { kind: 'message', message: chatMessage({ id: '95', uid: 9, nickname: 'Anna', text: 'nice one @Me!' }) },
        { kind: 'message', message: chatMessage({ id: '96', uid: 9, nickname: 'Anna', text: 'and @Meg too' }) },
      ]),
    );
    expect(messageOf('nice one @Me!')).toHaveAttribute('data-mentioned', 'true');
    expect(within(messageOf('nice one @Me!')).getByText('Mentions you')).toBeInTheDocument();
    expect(messageOf('and @Meg too')).not.toHaveAttribute('data-mentioned');
    expect(within(messageOf('and @Meg too')).queryByText('Mentions you')).toBeNull();
  });

  it('keeps a reader who scrolled up in place and offers a jump to the new messages', async () => {
    const { socket, deliver } = await mount({ join: { messages: [chatMessage({ id: '61' })] } });
    const log = screen.getByRole('log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '62' }) }]));
    expect(log.scrollTop).toBe(100);
    await userEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(log.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });
});

describe('<ChatTab> scroll-back', () => {
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));
  const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chatMessage({ id: String(from + i), uid: 9, text: `old ${from + i}` }));

  it('loads the page before the first message when scrolled to the top, keeping what the reader sees in place, until the start', async () => {
    const { http, socket, deliver } = await mount({ join: { messages: page(101, 150) } });
    const asked: unknown[] = [];
    let answer: (value: unknown) => void = () => {};
    http.forehead.get.mockImplementation(async (url: string, config?: unknown) => {
      if (url !== CHAT_PATHS.history) throw new Error(`unexpected GET ${url}`);
      asked.push((config as { params?: unknown } | undefined)?.params);
      return new Promise((resolve) => (answer = resolve));
    });
    const log = screen.getByRole('log');
    // 20 px a message: what the reader sees moves down by the page's height when the page goes on top.
    const messagesIn = () => [...log.querySelectorAll<HTMLElement>('[data-message-id]')];
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => messagesIn().length * 20 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });
    const offsetTop = jest.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      return messagesIn().indexOf(this) * 20;
    });
    restore.push(() => offsetTop.mockRestore());
    log.scrollTop = 10;
    await act(async () => fireEvent.scroll(log));
    expect(asked).toEqual([{ roomId: 8001, before: '101' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading earlier messages…');
    // One ask at a time.
    await act(async () => fireEvent.scroll(log));
    expect(asked).toHaveLength(1);
    await act(async () => answer({ messages: page(51, 100), hasMore: true }));
    expect(screen.getByText('old 51')).toBeInTheDocument();
    expect(log.scrollTop).toBe(10 + 50 * 20);
    expect(log.querySelector('[data-message-id]')).toHaveTextContent('old 51');

    // New messages while scrolled back: the reader stays, the jump is offered, the old pages stay.
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ id: '151', uid: 9, text: 'fresh' }) }]));
    expect(log.scrollTop).toBe(1010);
    expect(screen.getByRole('button', { name: 'New messages' })).toBeInTheDocument();
    expect(screen.getByText('old 51')).toBeInTheDocument();

    // The keyboard's way: the button at the top; the last page says the chat starts there.
    await userEvent.click(screen.getByRole('button', { name: 'Earlier messages' }));
    expect(asked.at(-1)).toEqual({ roomId: 8001, before: '51' });
    await act(async () => answer({ messages: page(49, 50), hasMore: false }));
    expect(log.querySelector('[data-message-id]')).toHaveTextContent('old 49');
    expect(screen.getByText("This is the start of the room's chat.")).toBeInTheDocument();
    log.scrollTop = 0;
    await act(async () => fireEvent.scroll(log));
    expect(asked).toHaveLength(2);
  });

  it('offers a retry when a page of older messages fails', async () => {
    const { http } = await mount({ join: { messages: page(101, 150) } });
    http.forehead.get.mockRejectedValueOnce(new ApiError({ code: 500, message: 'down', service: 'forehead' }));
    const log = screen.getByRole('log');
    log.scrollTop = 0;
    await act(async () => fireEvent.scroll(log));
    expect(screen.getByRole('alert')).toHaveTextContent('Earlier messages could not be loaded.');
    http.forehead.get.mockResolvedValueOnce({ messages: page(60, 100), hasMore: false });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('old 60')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing when the join answered fewer than a full history', async () => {
    const { http } = await mount({ join: { messages: page(1, 3) } });
    const log = screen.getByRole('log');
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(http.forehead.get).not.toHaveBeenCalledWith(CHAT_PATHS.history, expect.anything());
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).toBeNull();
  });
});

describe('<ChatTab> slow mode', () => {
  const T0 = 1_800_000_000_000;

  it("counts a member down after each message, holds the send back meanwhile, and follows the platform's wait and the agent's switch", async () => {
    let now = T0;
    const { socket, deliver, store } = await mount({ now: () => now, join: { slowSeconds: 30 } });
    const tick = (ms: number) => act(() => {
      now += ms;
      store.ui.setNow(now);
    });
    await tick(0);
    expect(input()).toHaveAttribute('placeholder', 'Slow mode is on: one message every 30 seconds');
    await userEvent.type(input(), 'first{Enter}');
    expect(sends(socket)).toEqual([expect.objectContaining({ cmd: 'send', kind: 'text', text: 'first' })]);
    await deliver(() => socket.deliver({ cmd: 'ack', ref: 'c1', id: '900', createdAt: now }));

    await tick(12_000);
    expect(screen.getByTestId('chat-slow-wait')).toHaveTextContent('Slow mode: 18 s');
    // Typing goes on; the send waits (button and Enter).
    await userEvent.type(input(), 'second{Enter}');
    expect(input()).toHaveValue('second');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAccessibleDescription('Slow mode: 18 s');
    expect(sends(socket)).toHaveLength(1);
    await tick(18_000);
    expect(screen.queryByTestId('chat-slow-wait')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sends(socket)).toHaveLength(2);

    // The platform's refusal (another tab sent) says the seconds left and restarts the count from them.
    await deliver(() => socket.deliver({ cmd: 'error', ref: 'c2', code: 16014, msg: 'slow mode: one message every 30 s in room 8001; try again in 7 s', retryAfterSeconds: 7 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Slow mode is on: you can send again in 7 seconds.');
    await tick(0);
    expect(screen.getByTestId('chat-slow-wait')).toHaveTextContent('Slow mode: 7 s');

    // The agent switches it off: the count and the note go at once.
    await deliver(() => socket.roomEvents(8001, [{ kind: 'slow', roomId: 8001, slowSeconds: 0 }]));
    expect(screen.queryByTestId('chat-slow-wait')).toBeNull();
    expect(input()).toHaveAttribute('placeholder', 'Say something…');
  });

  it('starts a reloaded member at the wait the join answered', async () => {
    let now = T0;
    const { store } = await mount({ now: () => now, join: { slowSeconds: 60, nextSendAt: T0 + 45_000 } });
    act(() => store.ui.setNow(now));
    expect(screen.getByTestId('chat-slow-wait')).toHaveTextContent('Slow mode: 45 s');
    now += 45_000;
    act(() => store.ui.setNow(now));
    expect(screen.queryByTestId('chat-slow-wait')).toBeNull();
  });

  it("gives the room's agent the switch beside the other agent tools, and no wait of their own", async () => {
    let now = T0;
    const { socket, deliver, store } = await mount({ now: () => now, join: { userType: 1 } });
    const tools = within(screen.getByRole('group', { name: 'Agent tools' }));
    const select = tools.getByRole('combobox', { name: 'Slow mode' });
    expect(select).toHaveDisplayValue('Off');
    await userEvent.selectOptions(select, 'Every 30 seconds');
    expect(sends(socket)).toEqual([expect.objectContaining({ cmd: 'slow', roomId: 8001, slowSeconds: 30 })]);
    await deliver(() => socket.roomEvents(8001, [{ kind: 'slow', roomId: 8001, slowSeconds: 30 }]));
    expect(select).toHaveDisplayValue('Every 30 seconds');
    // A value set elsewhere shows as it is.
    await deliver(() => socket.roomEvents(8001, [{ kind: 'slow', roomId: 8001, slowSeconds: 45 }]));
    expect(select).toHaveDisplayValue('Every 45 seconds');

    await userEvent.type(input(), 'agents talk{Enter}');
    await deliver(() => socket.deliver({ cmd: 'ack', ref: 'c2', id: '901', createdAt: now }));
    act(() => store.ui.setNow(now + 1000));
    expect(screen.queryByTestId('chat-slow-wait')).toBeNull();
    expect(input()).toHaveAttribute('placeholder', 'Say something…');
  });
});

describe('<ChatTab> image preview', () => {
  // Put back after the file's last test: the previews' clean-up (unmount, after each test) still revokes.
  const restore: (() => void)[] = [];
  afterAll(() => restore.splice(0).forEach((undo) => undo()));
  function objectUrls() {
    const made: string[] = [];
    const revoked: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    if (restore.length > 0) restore.splice(0).forEach((undo) => undo());
    URL.createObjectURL = () => {
      made.push(`blob:preview-${made.length}`);
      return made.at(-1)!;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    restore.push(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
    return { made, revoked };
  }
  const choose = (container: HTMLElement, file: File) => act(() => void fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } }));
  const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
  const uploads = (http: { forehead: { post: { mock: { calls: unknown[][] } } } }) => http.forehead.post.mock.calls.filter(([url]) => url === CHAT_PATHS.imageUpload);

  it('shows a chosen image with Send and Cancel instead of sending it, and sends it with the draft only on Send', async () => {
    const urls = objectUrls();
    const { container, http, socket } = await mount();
    await userEvent.type(input(), 'look');
    await choose(container, png('goal.png'));
    const preview = within(screen.getByRole('group', { name: 'Image to send' }));
    expect(preview.getByRole('img', { name: 'Preview of goal.png' })).toHaveAttribute('src', urls.made.at(-1));
    expect(preview.getByText('goal.png')).toBeInTheDocument();
    expect(preview.getByText('Your message goes with the image.')).toBeInTheDocument();
    expect(uploads(http)).toEqual([]);
    expect(preview.getByRole('button', { name: 'Send' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(uploads(http)).toHaveLength(1);
    expect(sends(socket)).toEqual([expect.objectContaining({ cmd: 'send', kind: 'image-text', image: IMAGE.file, text: 'look' })]);
    expect(screen.queryByRole('group', { name: 'Image to send' })).toBeNull();
    // The picture is let go by the preview's effect clean-up, which React runs in its passive phase: on a loaded
    // machine that can come after the act() that removed the preview, so wait for it rather than assume one tick.
    await waitFor(() => expect(urls.revoked).toContain(urls.made.at(-1)));
    expect(input()).toHaveFocus();
  });

  it("says what the platform would refuse before any upload: the type, the size, the pixels; Escape or Cancel drops it", async () => {
    objectUrls();
    const { container, http } = await mount();
    await choose(container, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file cannot be sent: only PNG, JPEG, GIF, WebP images.');
    expect(within(screen.getByRole('group', { name: 'Image to send' })).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Image to send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send an image' })).toHaveFocus();

    await choose(container, png('huge.png', 3 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('This image is 3 MB; at most 2 MB can be sent.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await choose(container, png('wide.png'));
    const picture = screen.getByRole('img', { name: 'Preview of wide.png' });
    Object.defineProperty(picture, 'naturalWidth', { value: 5000 });
    Object.defineProperty(picture, 'naturalHeight', { value: 300 });
    fireEvent.load(picture);
    expect(screen.getByRole('alert')).toHaveTextContent('This image is 5000 × 300 pixels; at most 4096 × 4096 can be sent.');
    expect(within(screen.getByRole('group', { name: 'Image to send' })).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(uploads(http)).toEqual([]);
  });

  it("keeps the preview when the platform refuses the upload, with the platform's reason under the input", async () => {
    objectUrls();
    const { container, http } = await mount();
    http.forehead.post.mockRejectedValueOnce(new ApiError({ code: 4015, message: 'body: not a PNG, JPEG, GIF or WebP image', service: 'forehead' }));
    await choose(container, png('fake.png'));
    await userEvent.click(within(screen.getByRole('group', { name: 'Image to send' })).getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('body: not a PNG, JPEG, GIF or WebP image');
    expect(screen.getByRole('group', { name: 'Image to send' })).toBeInTheDocument();
  });
});

describe('<Barrage>', () => {
  it('flies only new messages, none while switched off, and not the history', async () => {
    const { socket, deliver, chat } = await mount({ ui: <Barrage />, join: { messages: [chatMessage({ text: 'old news' })] } });
    expect(screen.queryByText(/old news/)).toBeNull();
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ nickname: 'Ann', text: XSS }) }]));
    expect(screen.getByTestId('barrage')).toHaveTextContent(`Ann: ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await act(() => chat.setBarrageVisible(false));
    expect(screen.queryByTestId('barrage')).toBeNull();
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ text: 'while off' }) }]));
    await act(() => chat.setBarrageVisible(true));
    expect(screen.queryByText(/while off/)).toBeNull();
  });

  it("flies a gift in the viewer's language and rewords it on a switch", async () => {
    const { socket, deliver, store } = await mount({ ui: <Barrage /> });
    const giftName = { CMN: '玫瑰', 'zh-TW': '玫瑰', ENG: 'Rose', VIE: 'Hoa hồng', THA: 'กุหลาบ' };
    await deliver(() => socket.roomEvents(8001, [{ kind: 'message', message: chatMessage({ kind: 'act', uid: 0, nickname: '', text: '', notice: { type: 'gift', uid: 9, nickname: 'Bo', giftId: 1, giftName, count: 3 } }) }]));
    expect(screen.getByTestId('barrage')).toHaveTextContent(/^Bo sent Rose × 3$/);
    await act(async () => {
      await store.settings.setLocale('vi');
    });
    expect(screen.getByTestId('barrage')).toHaveTextContent(/^Bo đã tặng Hoa hồng × 3$/);
  });
});

describe('<FullscreenChat>', () => {
  const setFullscreen = (element: Element | null) => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
  };
  afterEach(() => {
    delete (document as { fullscreenElement?: unknown }).fullscreenElement;
  });

  it('shows the chat input over the stage only in full screen (issue 31), sends from it, and goes with full screen', async () => {
    const { socket } = await mount({
      ui: (
        <section data-testid="stage">
          <FullscreenChat />
        </section>
      ),
    });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    setFullscreen(screen.getByTestId('stage'));
    fireEvent.change(input(), { target: { value: 'from full screen' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sends(socket)).toEqual([{ cmd: 'send', ref: expect.any(String), roomId: 8001, kind: 'text', text: 'from full screen' }]);
    expect(input()).toHaveValue('');
    // Another element in full screen (not this stage) shows nothing here.
    setFullscreen(document.createElement('div'));
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

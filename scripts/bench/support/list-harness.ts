/**
 * Harness for the list-performance benchmark: serves the built app with the few calls it makes on boot, an
 * in-play football list of 500 synthetic matches (six markets each), and a /push websocket that sends every
 * connected page RATE odds updates per second across all 500 matches (not only subscribed ones: the page must
 * take the whole load). /bench/baseline.html is the comparison: the same rows as plain DOM, updated by writing
 * text nodes directly. Prints `READY <port>`.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';

const root = path.resolve(__dirname, '../../..');
const MATCHES = 500;
const RATE = Number(process.env.RATE ?? 1000);

const KINDS = [
  { kind: 'win1x2', period: 'ft', options: ['home', 'away', 'draw'] },
  { kind: 'handicap', period: 'ft', options: ['home', 'away'], line: '-0.5' },
  { kind: 'overUnder', period: 'ft', options: ['over', 'under'], line: '2.5' },
  { kind: 'win1x2', period: '1h', options: ['home', 'away', 'draw'] },
  { kind: 'handicap', period: '1h', options: ['home', 'away'], line: '0' },
  { kind: 'overUnder', period: '1h', options: ['over', 'under'], line: '1' },
];
const odd = (seed: number) => (1.5 + ((seed * 9301 + 49297) % 233280) / 233280).toFixed(3);

const matches = Array.from({ length: MATCHES }, (_, i) => {
  const matchId = 1000 + i;
  const betGroup = KINDS.map((k, j) => {
    const marketId = matchId * 100 + j;
    return {
      name: k.kind,
      groupType: k.kind,
      marketType: 1000 + j,
      period: k.period,
      moneyHandicap: [
        {
          marketId, matchId, sportId: 1, key: k.kind, kind: k.kind, marketType: 1000 + j, period: k.period, line: k.line,
          status: 1, allowParley: true, isInPlay: true, name: k.kind,
          options: k.options.map((type, n) => ({ type, name: type, line: k.line, odd: odd(marketId + n), isLock: false })),
        },
      ],
    };
  });
  return {
    matchId, sportId: 1, matchStatus: 1, isNeutral: false, beginTime: Date.now() - 3_600_000,
    matchInfo: { homeName: `Home ${i}`, awayName: `Away ${i}`, homeIcon: '', awayIcon: '', homeId: i * 2, awayId: i * 2 + 1, matchPeriod: '2H', period: 3, homeScore: i % 3, awayScore: i % 2, matchTime: 3000 },
    leagueInfo: { id: 1 + Math.floor(i / 10), name: `League ${1 + Math.floor(i / 10)}`, icon: '', sportId: 1 },
    score: [], matchCount: 6, marketCount: 6, betGroup, media: { videos: [], animation: null }, bo: 0, serveIn: 0,
    matchClock: { running: true, period: 3, second: 3000, type: 'up' }, isOutright: false,
  };
});

const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

async function main() {
  const app = Fastify();
  await app.register(fastifyWebsocket);
  await app.register(fastifyStatic, { root: path.join(root, 'dist', 'spa', 'sport-pc'), prefix: '/spa/sport-pc/' });
  app.post('/api/forehead/system/domain/list/v2', async (request) => {
    const origin = `http://${request.host}`;
    return ok({ betting: origin, match: origin, forehead: origin, media: origin, results: origin, icon: origin, banner: origin, push: `ws://${request.host}/push`, chat: `ws://${request.host}/chat` });
  });
  app.get('/api/forehead/system/config/app', async () =>
    ok({ merchantId: 'default', merchantName: 'bench', defaultLocale: 'en', timezone: 'Asia/Shanghai', theme: {}, plugins: [{ id: 'sport-football', enabled: true, options: { pageSize: 50 } }] }),
  );
  app.post('/api/forehead/system/language/staticList', async () => ok({}));
  app.post('/api/match/statistical', async () => ok({ ht: 0, tc: MATCHES, hls: [], sl: [] }));
  app.post('/api/match/:other', async (request) => {
    const body = (request.body ?? {}) as { current?: number; size?: number };
    const size = body.size ?? 50;
    const current = body.current ?? 1;
    return ok({ current, size, total: MATCHES, pageTotal: Math.ceil(MATCHES / size), records: matches.slice((current - 1) * size, current * size) });
  });
  app.get('/bench/baseline.html', async (_request, reply) => reply.type('text/html').send(BASELINE));

  const sockets = new Set<WebSocket>();
  app.get('/push', { websocket: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let sent = 0;
  let seq = 0;
  // seq counts per channel, as on the platform; a gap would make the page refetch its list.
  const channelSeq = new Map<number, number>();
  // Batches every 10 ms keep the rate without a timer per message; each update moves one market's prices.
  setInterval(() => {
    for (let n = 0; n < RATE / 100; n++) {
      const match = matches[(seq * 7919) % MATCHES]!;
      const market = match.betGroup[seq % KINDS.length]!.moneyHandicap[0]!;
      seq++;
      const update = { kind: 'odds', matchId: match.matchId, markets: [{ marketId: market.marketId, marketType: market.marketType, period: market.period, line: market.line, status: 1, allowParley: true, options: market.options.map((o, k) => ({ type: o.type, line: o.line, odd: odd(seq + k), isLock: false })) }] };
      const next = (channelSeq.get(match.matchId) ?? 0) + 1;
      channelSeq.set(match.matchId, next);
      const frame = JSON.stringify({ chId: `match:${match.matchId}:odds`, seq: next, data: update });
      for (const socket of sockets) socket.send(frame);
      sent++;
    }
  }, 10);
  app.get('/bench/sent', async () => ({ sent }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`READY ${(app.server.address() as { port: number }).port}\n`);
}

/** The comparison page: 500 rows of 14 prices as plain text nodes, each update written straight into its nodes. */
const BASELINE = `<!doctype html><html><head><meta charset="utf-8"><style>body{font:12px sans-serif;margin:0}div{height:96px;border-bottom:1px solid #ddd;display:flex;gap:8px;align-items:center}</style></head><body><main id="list"></main><script>
const nodes = new Map();
const list = document.getElementById('list');
for (let i = 0; i < ${MATCHES}; i++) {
  const row = document.createElement('div');
  row.append('Home ' + i + ' v Away ' + i);
  for (let j = 0; j < 6; j++) for (const type of ['home', 'away', 'draw', 'over', 'under']) {
    const span = document.createElement('span');
    span.textContent = '1.900';
    row.append(span);
    nodes.set(((1000 + i) * 100 + j) + ':' + type, span.firstChild);
  }
  list.append(row);
}
const socket = new WebSocket('ws://' + location.host + '/push');
socket.onmessage = (event) => {
  const { data } = JSON.parse(event.data);
  for (const market of data.markets) for (const option of market.options) {
    const node = nodes.get(market.marketId + ':' + option.type);
    if (node) node.nodeValue = option.odd;
  }
};
</script></body></html>`;

void main();

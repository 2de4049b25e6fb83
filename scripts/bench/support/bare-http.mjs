// The floor for the HTTP benches: a bare node:http server on a free loopback port, answering every POST with a small
// JSON envelope once its body is read and parsed. Prints "READY <port>"; run as a child process, as the platform is.
import http from 'node:http';

const ANSWER = JSON.stringify({ code: 0, msg: 'every envelope was taken', data: 'failure' });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(ANSWER) });
    res.end(ANSWER);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/** A minimal webhook receiver for the benchmark: answers 200 to everything. Prints its URL. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let count = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    count++;
    res.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`);
});
process.on('SIGTERM', () => {
  console.error(`received ${count}`);
  process.exit(0);
});

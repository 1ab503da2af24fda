/**
 * The throughput baseline of DESIGN.md section 7: a naive Express 5 handler returning a fixed order
 * body behind express.json() and a bearer check. Prints its URL, then serves until killed.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const order = JSON.parse(process.argv[2] ?? '{}') as unknown;
const app = express();
app.use(express.json());
app.get('/v1/orders/:order_id', (req, res) => {
  if (req.get('authorization') !== 'Bearer sk_test_ci_acme') {
    res.status(401).json({ error: { code: 'unauthorized' } });
    return;
  }
  res.json(order);
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

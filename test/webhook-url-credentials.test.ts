/**
 * Issue 17, finding 10: a user name and password in a webhook URL are masked wherever the URL is
 * shown (endpoint lists, the delivery log, the report in every format, the logs, the dashboard's
 * stream, the banner), as the signing secret beside it is; the stored endpoint keeps them, and
 * requests still send them as Basic authentication.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBanner } from '../src/cli/banner.js';
import { formatJunit } from '../src/report/format-junit.js';
import { formatMarkdown } from '../src/report/format-markdown.js';
import { Receiver } from './support/receiver.js';
import { StreamClient } from './support/stream-client.js';
import { TestSandbox } from './support/test-sandbox.js';

const PASSWORD = 's3cret-pw';
const BASIC = `Basic ${Buffer.from(`hook-user:${PASSWORD}`).toString('base64')}`;

describe('credentials in a webhook URL', () => {
  const lines: string[] = [];
  let rx: Receiver;
  let t: TestSandbox;
  let stream: StreamClient;
  let url: string;
  let masked: string;
  let endpointId: string;
  beforeAll(async () => {
    rx = await Receiver.start();
    url = rx.url.replace('://', `://hook-user:${PASSWORD}@`);
    masked = rx.url.replace('://', '://****@');
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    t = await TestSandbox.start({ logger, scenario: 'ci' });
    stream = await StreamClient.open(`${t.url.replace(/^http/, 'ws')}/__sandbox/stream`);
    const created = await t.post('/__sandbox/webhook-endpoints', { url });
    expect(created.status).toBe(201);
    endpointId = created.body.endpoint_id;
    rx.answer(500); // a failed attempt too: it is logged at warn, with its error
    await t.createOrder();
    await t.sandbox.settle();
    expect((await t.post(`/__sandbox/webhook-endpoints/${endpointId}/probe`)).status).toBe(200);
    await stream.next('delivery');
  });
  afterAll(async () => {
    stream.close();
    await t.close();
    await rx.close();
  });

  const shows = (text: string, where: string): void => {
    expect(text, where).not.toContain(PASSWORD);
    expect(text, where).not.toContain('hook-user');
    expect(text, where).toContain(masked);
  };

  it('are still sent as Basic authentication, and kept in the state', async () => {
    expect(rx.received.length).toBeGreaterThan(0);
    for (const r of rx.received) expect(r.headers.authorization).toBe(BASIC);
    const state = (await t.get('/__sandbox/state')).body;
    expect(state.webhook_endpoints.map((e: { url: string }) => e.url)).toContain(url);
  });

  it('are masked in the endpoint list and the delivery log', async () => {
    shows((await t.get('/__sandbox/webhook-endpoints')).text, 'endpoint list');
    const deliveries = await t.get('/__sandbox/webhook-deliveries');
    expect(deliveries.body.deliveries.length).toBeGreaterThan(0);
    shows(deliveries.text, 'delivery log');
    shows(JSON.stringify(t.sandbox.deliveries()), 'sandbox.deliveries()');
  });

  it('are masked in the report, as JSON, Markdown and JUnit', async () => {
    const report = (await t.get('/__sandbox/report')).body;
    shows(JSON.stringify(report.receivers), 'report');
    expect(report.receivers[0].probe.url).toBe(masked);
    const opts = { failOn: new Set<never>() };
    shows(formatMarkdown(report, opts, []), 'markdown');
    shows(formatJunit(report, opts), 'junit');
  });

  it('are masked in the logs, the dashboard stream and the start banner', () => {
    const webhookLines = lines.filter((l) => l.includes('webhook'));
    expect(webhookLines.some((l) => l.includes('"level":40'))).toBe(true);
    shows(webhookLines.join('\n'), 'logs');
    expect(lines.join('\n')).not.toContain(PASSWORD);
    const deliveries = stream.messages.filter((m) => m.type === 'delivery');
    expect(deliveries.length).toBeGreaterThan(0);
    shows(JSON.stringify(deliveries), 'stream');
    const banner = formatBanner(t.sandbox, { version: '0.0.0', dataFile: undefined });
    shows(banner, 'banner');
  });

  it('never reach the request journal or its HAR export', async () => {
    const har = await t.get('/__sandbox/requests.har');
    expect(har.status).toBe(200);
    expect(har.text).not.toContain(PASSWORD);
  });
});

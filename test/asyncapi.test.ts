import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../src/events/event-bus.js';
import { TestSandbox } from './support/test-sandbox.js';

describe('the AsyncAPI document at /asyncapi.json', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await TestSandbox.start();
  });
  afterAll(() => t.close());

  it("is a valid AsyncAPI 3 document of the streams (a named sandbox's too) and the six webhook events", async () => {
    const res = await fetch(`${t.url}/asyncapi.json`);
    expect(res.status).toBe(200);
    const served = await res.text();
    const { document, diagnostics } = await new Parser().parse(served);
    // Errors (0) and warnings (1); hints about newer versions of the spec are not defects.
    const problems = [DiagnosticSeverity.Error, DiagnosticSeverity.Warning];
    expect(diagnostics.filter((d) => problems.includes(d.severity))).toEqual([]);
    expect(document).toBeDefined();
    const addresses = document!
      .channels()
      .all()
      .map((c) => c.address());
    expect(addresses).toEqual(
      expect.arrayContaining([
        '/v1/orders/{order_id}/location/stream',
        '/__sandbox/stream',
        '/__sandbox/sandboxes/{name}/stream',
      ]),
    );
    const webhooks = document!.channels().get('webhooks')!;
    expect(
      webhooks
        .messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual([...EVENT_NAMES].sort());
    const sandbox = document!.channels().get('sandboxStream')!;
    expect(
      sandbox
        .messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual(['clock', 'delivery', 'drivers', 'event', 'hello', 'reset']);
    const named = document!.channels().get('namedSandboxStream')!;
    expect(
      named
        .messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual(['clock', 'delivery', 'drivers', 'event', 'hello', 'reset']);
    expect(named.parameters().get('name')).toBeDefined();
    expect(document!.info().description()).toContain('4410');
  });
});

import type { WebhookEndpointRecord } from '../store/state.js';
import type { EventRecord } from '../events/event-record.js';
import { signPayload } from './signature.js';

/** A webhook request as it goes out: exactly these headers (Node adds Host, Content-Length and Connection). */
export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

/**
 * The request of attempt `attempt` of `event` to `endpoint`: the event as the JSON body, signed
 * with the endpoint's secret (`X-Service-Signature`), with the event name and the attempt number;
 * with the W3C `traceparent` of the attempt's span when the request that caused it sent one.
 */
export function buildRequest(
  endpoint: Pick<WebhookEndpointRecord, 'secret'>,
  event: EventRecord,
  attempt: number,
  traceparent?: string,
): WebhookRequest {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1.0',
    'X-Service-Signature': signPayload(endpoint.secret, body),
    'X-Service-Event': event.event,
    'X-Service-Delivery-Attempt': String(attempt),
  };
  if (traceparent !== undefined) headers.traceparent = traceparent;
  return { headers, body };
}

import type { ProbeCase, ProbeCaseResult, ProbeResult } from '../domain/sandbox-types.js';
import type { WebhookEndpointRecord } from '../store/state.js';
import type { EventRecord } from '../events/event-record.js';
import { buildRequest, type WebhookRequest } from './build-request.js';
import type { Transport } from './send.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/** The four requests of a probe, each about its own event (a receiver's dedupe cannot mask one). */
export type ProbeEvents = Record<ProbeCase, EventRecord>;

const CASES: readonly ProbeCase[] = ['wrong_signature', 'altered_body', 'unsigned', 'valid'];

/**
 * The request of one probe case. `wrong_signature`: the body signed with another secret;
 * `altered_body`: the genuine signature of the event, sent with a body changed after signing (the
 * order's total raised, as a tampering attacker would); `unsigned`: no `X-Service-Signature`;
 * `valid`: exactly what a real delivery sends, the control that shows the receiver accepts at all.
 */
export function probeRequest(
  endpoint: Pick<WebhookEndpointRecord, 'secret'>,
  event: EventRecord,
  kind: ProbeCase,
): WebhookRequest {
  const genuine = buildRequest(endpoint, event, 1);
  switch (kind) {
    case 'valid':
      return genuine;
    case 'wrong_signature':
      return {
        ...genuine,
        headers: {
          ...genuine.headers,
          'X-Service-Signature': buildRequest({ secret: `${endpoint.secret}_not_yours` }, event, 1)
            .headers['X-Service-Signature']!,
        },
      };
    case 'altered_body': {
      const altered: EventRecord = structuredClone(event);
      altered.data.order.pricing.total += 100_000;
      return { headers: genuine.headers, body: JSON.stringify(altered) };
    }
    case 'unsigned': {
      const headers = { ...genuine.headers };
      delete headers['X-Service-Signature'];
      return { headers, body: genuine.body };
    }
  }
}

const isAccepted = (status: number | null): boolean =>
  status !== null && status >= 200 && status < 300;

function verdictOf(
  kind: ProbeCase,
  status: number | null,
  complete: boolean,
): ProbeCaseResult['verdict'] {
  if (status === null || !complete) return 'no_answer';
  return isAccepted(status) === (kind === 'valid') ? 'ok' : 'wrong';
}

function judge(cases: ProbeCaseResult[]): Pick<ProbeResult, 'status' | 'message'> {
  const accepted = cases.filter((c) => c.expected === 'rejected' && c.verdict === 'wrong');
  if (accepted.length > 0)
    return {
      status: 'failed',
      message: `the receiver answered 2xx to ${accepted.map((c) => c.case).join(', ')}: it would accept a forged webhook in production; verify X-Service-Signature (HMAC-SHA256 of the raw body with the endpoint's secret) and answer 4xx when it does not match`,
    };
  const silent = cases.filter((c) => c.verdict === 'no_answer');
  if (silent.length > 0)
    return {
      status: 'inconclusive',
      message: `no complete answer to ${silent.map((c) => c.case).join(', ')} (${silent[0]!.error ?? 'no answer'}); start the receiver and probe again`,
    };
  const valid = cases.find((c) => c.case === 'valid');
  if (valid?.verdict !== 'ok')
    return {
      status: 'inconclusive',
      message: `the receiver refused even the correctly signed request (answered ${valid?.response_status}), so its refusals prove nothing; check it uses this endpoint's secret, then probe again`,
    };
  return {
    status: 'passed',
    message: 'the receiver accepted the signed request and refused the three forged ones',
  };
}

/**
 * Sends the probe's four requests to `endpoint` at once (so a hanging receiver costs one time-out,
 * not four) through `transport`, and judges the answers: any 2xx to a forged request fails.
 */
export async function runSignatureProbe(args: {
  endpoint: WebhookEndpointRecord;
  events: ProbeEvents;
  transport: Transport;
  timeoutMs: number;
  probedAt: string;
}): Promise<ProbeResult> {
  const { endpoint, events, transport, timeoutMs } = args;
  const cases = await Promise.all(
    CASES.map(async (kind): Promise<ProbeCaseResult> => {
      const request = probeRequest(endpoint, events[kind], kind);
      const r = await transport(endpoint.url, request.headers, request.body, timeoutMs);
      return {
        case: kind,
        expected: kind === 'valid' ? 'accepted' : 'rejected',
        response_status: r.status,
        error: r.error,
        duration_ms: r.durationMs,
        verdict: verdictOf(kind, r.status, r.error === null),
      };
    }),
  );
  return {
    endpoint_id: endpoint.endpoint_id,
    url: maskUrlCredentials(endpoint.url),
    probed_at: args.probedAt,
    ...judge(cases),
    cases,
  };
}

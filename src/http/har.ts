import { STATUS_CODES } from 'node:http';
import type { JournalBody, JournalEntry } from '../journal/request-journal.js';

interface HarNameValue {
  name: string;
  value: string;
}

/** A HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/), as `toHar` builds it. */
export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: '';
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  /** Custom fields (HAR allows them with a leading underscore): what the journal adds. */
  _request_id: string;
  _operation: string | null;
  _generation: number;
  _virtual_time: string;
  _account_id: string | null;
  _fault: JournalEntry['fault'];
}

/**
 * The journal's entries as a HAR 1.2 log, which browser dev tools (Network → Import HAR) and HTTP
 * tools open. `baseUrl` is the sandbox's address as the client called it. A request answered with
 * nothing (dropped, held, abandoned) has status 0, as browsers record a failed request.
 */
export function toHar(entries: readonly JournalEntry[], baseUrl: string, version: string): HarLog {
  return {
    log: {
      version: '1.2',
      creator: { name: 'delivery-sandbox', version },
      entries: entries.map((e) => harEntry(e, baseUrl)),
    },
  };
}

function harEntry(e: JournalEntry, baseUrl: string): HarEntry {
  const queryString = Object.entries(e.query).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).map((value) => ({ name, value })),
  );
  const search = new URLSearchParams(
    queryString.map((q): [string, string] => [q.name, q.value]),
  ).toString();
  const requestMime = e.request.headers['content-type'] ?? 'application/json';
  const responseMime = e.response.headers['content-type'] ?? 'application/json; charset=utf-8';
  const status = e.status ?? 0;
  return {
    startedDateTime: e.started_at,
    time: e.duration_ms,
    request: {
      method: e.method,
      url: `${baseUrl}${e.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(e.request.headers),
      queryString,
      ...(e.request.body.text === null
        ? {}
        : {
            postData: { mimeType: requestMime, text: e.request.body.text, ...cut(e.request.body) },
          }),
      headersSize: -1,
      bodySize: e.request.body.size,
    },
    response: {
      status,
      statusText: e.status === null ? '' : (STATUS_CODES[status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues({ ...e.response.headers, 'x-request-id': e.id }),
      content: {
        size: e.response.body.size,
        mimeType: responseMime,
        ...(e.response.body.text === null ? {} : { text: e.response.body.text }),
        ...cut(e.response.body),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: e.status === null ? -1 : e.response.body.size,
    },
    cache: {},
    timings: { send: 0, wait: e.duration_ms, receive: 0 },
    ...(e.fault ? { comment: `injected fault: ${e.fault.kind} (${e.fault.source})` } : {}),
    _request_id: e.id,
    _operation: e.operation,
    _generation: e.generation,
    _virtual_time: e.virtual_time,
    _account_id: e.account_id,
    _fault: e.fault,
  };
}

function nameValues(headers: Record<string, string>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function cut(body: JournalBody): { comment?: string } {
  return body.truncated
    ? { comment: `truncated: the first bytes of ${body.size} are kept (the journal's body limit)` }
    : {};
}

/**
 * HAR 1.2 as a JSON Schema, written from the specification's required fields
 * (http://www.softwareishard.com/blog/har-12-spec/ and the W3C draft "HTTP Archive (HAR) format"):
 * every object the spec marks required, with its required members and their types. Optional
 * members are checked for type when present; custom fields (a leading underscore) are allowed.
 */
const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } },
};

const nameValues = { type: 'array', items: nameValue };

const dateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
};

export const HAR_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { type: 'string' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        pages: { type: 'array' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: { type: 'string' },
              startedDateTime: dateTime,
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string', format: 'uri' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: nameValues,
                  queryString: nameValues,
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: {
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      params: { type: 'array' },
                    },
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: nameValues,
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: {
                      size: { type: 'integer' },
                      compression: { type: 'integer' },
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      encoding: { type: 'string' },
                    },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  blocked: { type: 'number', minimum: -1 },
                  dns: { type: 'number', minimum: -1 },
                  connect: { type: 'number', minimum: -1 },
                  send: { type: 'number', minimum: 0 },
                  wait: { type: 'number', minimum: 0 },
                  receive: { type: 'number', minimum: 0 },
                  ssl: { type: 'number', minimum: -1 },
                },
              },
              serverIPAddress: { type: 'string' },
              connection: { type: 'string' },
              comment: { type: 'string' },
            },
          },
        },
        comment: { type: 'string' },
      },
    },
  },
} as const;

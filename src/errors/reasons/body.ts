import { type AnyReasonSpec, reason } from '../reason-spec.js';

/**
 * Reading the request's body: its JSON, content type and encoding, its size and depth (the body
 * parsers of `http/`, the state import).
 */
export const BODY_REASONS = {
  malformed_json: reason<{ detail: string }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'v1',
    when: 'the body is not valid JSON',
    message: (p) => `The body is not valid JSON (${p.detail}); send a JSON object`,
  }),
  unsupported_content_type: reason<{ got: string }>({
    code: 'invalid_request',
    param: 'Content-Type',
    surface: 'v1',
    when: 'a body that is not `application/json` (or not UTF-8)',
    message: (p) => `The body must be UTF-8 JSON with Content-Type: application/json; got ${p.got}`,
  }),
  unsupported_content_encoding: reason<{ detail: string }>({
    code: 'invalid_request',
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'an unknown `Content-Encoding`',
    message: (p) => `${p.detail}; send the body uncompressed, or as gzip, deflate or br`,
  }),
  malformed_body: reason<{ detail: string }>({
    code: 'invalid_request',
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'a body that does not decompress',
    message: (p) =>
      `The body could not be decompressed (${p.detail}); send it uncompressed or with the right Content-Encoding`,
  }),
  bad_request: reason<{ detail: string }>({
    code: 'invalid_request',
    param: null,
    surface: 'v1',
    when: 'a request Node or Express could not read for another reason',
    message: (p) => `The request could not be read: ${p.detail}`,
  }),
  body_too_large: reason<{ limit: string }>({
    code: 'invalid_request',
    status: 413,
    param: 'body',
    surface: 'v1',
    when: 'the body is over 1 MiB',
    message: (p) => `The request body is larger than ${p.limit}; send a smaller body`,
  }),
  json_too_deep: reason<{ limit: number }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'v1',
    when: 'a JSON body (or scenario) that nests arrays and objects deeper than the limit (64; 128 for a state)',
    message: (p) =>
      `The JSON nests arrays and objects deeper than ${p.limit} levels; send a flatter body`,
  }),
  inflate_ratio_exceeded: reason<{ ratio: number }>({
    code: 'invalid_request',
    status: 413,
    param: 'Content-Encoding',
    surface: 'v1',
    when: 'a compressed state import that inflates more than 100 times its size (a decompression bomb)',
    message: (p) =>
      `The body inflates to more than ${p.ratio} times its compressed size; send it uncompressed or less compressed`,
  }),
} satisfies Record<string, AnyReasonSpec>;

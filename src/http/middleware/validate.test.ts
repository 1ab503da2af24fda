import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../errors/service-error.js';
import { loadOpenApiDocument } from '../openapi-document.js';
import { compileRequestValidators } from '../request-validators.js';
import { queryCheck } from './validate.js';

const validators = compileRequestValidators(loadOpenApiDocument('v1'), 'v1');
const NEAR = 'lat=37.7749&lng=-122.4194&radius=5';

/** The ServiceError `f` throws, or undefined. */
function refusal(f: () => unknown): ServiceError | undefined {
  try {
    f();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  return undefined;
}

describe('queryCheck', () => {
  it('parses, coerces and fills a query, and answers the same text again with the same result', () => {
    const check = queryCheck(validators, 'listAvailableDrivers');
    const first = check(NEAR);
    expect(first).toEqual({ lat: 37.7749, lng: -122.4194, radius: 5 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(check(NEAR)).toBe(first);
    // Another text is checked afresh, and the first checked again after it.
    expect(check('lat=1&lng=2')).toEqual({ lat: 1, lng: 2, radius: 5 });
    const again = check(NEAR);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('refuses a bad query every time it comes, and keeps what it accepted before', () => {
    const check = queryCheck(validators, 'listAvailableDrivers');
    const accepted = check(NEAR);
    for (let i = 0; i < 2; i++) {
      const refused = refusal(() => check('lat=0x10&lng=1'));
      expect(refused?.status).toBe(400);
      expect(refused?.param).toBe('lat');
    }
    expect(refusal(() => check('lat=&lng=1'))?.message).toBe('lat must not be empty');
    expect(check(NEAR)).toBe(accepted);
  });

  it('is no weaker for a query it accepted before: one more parameter is refused', () => {
    const check = queryCheck(validators, 'listAvailableDrivers');
    check(NEAR);
    expect(refusal(() => check(`${NEAR}&near=me`))?.param).toBe('near');
  });
});

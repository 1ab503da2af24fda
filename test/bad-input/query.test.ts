/** Bad input: the query of GET /v1/drivers/available. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../support/bad-input.js';
import { TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('the query of GET /v1/drivers/available', () => {
  it.each([
    { what: 'lat is missing', query: 'lng=-122.42', params: ['lat'] },
    { what: 'lat and lng are missing', query: 'radius=2', params: ['lat', 'lng'] },
    { what: 'there is no query at all', query: '', params: ['lat', 'lng'] },
    { what: 'lat is abc', query: 'lat=abc&lng=-122.42', params: ['lat'] },
    { what: 'lat is empty', query: 'lat=&lng=-122.42', params: ['lat'] },
    { what: 'lat is only a space', query: 'lat=%20&lng=-122.42', params: ['lat'] },
    { what: 'lat is 91', query: 'lat=91&lng=-122.42', params: ['lat'] },
    { what: 'lng is 180.5', query: 'lat=37.77&lng=180.5', params: ['lng'] },
    { what: 'radius is 0', query: 'lat=37.77&lng=-122.42&radius=0', params: ['radius'] },
    { what: 'radius is 51', query: 'lat=37.77&lng=-122.42&radius=51', params: ['radius'] },
    { what: 'radius is -1', query: 'lat=37.77&lng=-122.42&radius=-1', params: ['radius'] },
    { what: 'lat is given twice', query: 'lat=37.77&lat=37.78&lng=-122.42', params: ['lat'] },
    {
      what: 'lat uses bracket syntax',
      query: 'lat[]=37.77&lng=-122.42',
      params: ['lat', 'lat[]'],
    },
    {
      what: 'an unknown parameter is given',
      query: 'lat=37.77&lng=-122.42&foo=1',
      params: ['foo'],
    },
    { what: 'lat is Infinity', query: 'lat=Infinity&lng=-122.42', params: ['lat'] },
    { what: 'lat is 1e400', query: 'lat=1e400&lng=-122.42', params: ['lat'] },
    { what: 'lat is NaN', query: 'lat=NaN&lng=-122.42', params: ['lat'] },
    { what: 'lng is -Infinity', query: 'lat=37.77&lng=-Infinity', params: ['lng'] },
    {
      what: 'radius is Infinity',
      query: 'lat=37.77&lng=-122.42&radius=Infinity',
      params: ['radius'],
    },
    { what: 'lat is hexadecimal 0x10', query: 'lat=0x10&lng=-122.42', params: ['lat'] },
    { what: 'lat is binary 0b1', query: 'lat=0b1&lng=-122.42', params: ['lat'] },
  ])('is refused with 400 naming the parameter when $what', async ({ query, params }) => {
    expectInvalid(await t.get(`/v1/drivers/available?${query}`), params);
  });

  it('accepts plain decimal numbers, negative and in exponent form', async () => {
    const res = await t.get('/v1/drivers/available?lat=3.7749e1&lng=-122.4194&radius=50');
    expect(res.status).toBe(200);
    expect(res.body.center).toEqual({ lat: 37.749, lng: -122.4194 });
    expect(res.body.radius_km).toBe(50);
  });
});

/**
 * Bad input: the fields of a POST /v1/orders body: wrong types, values out of range, unknown
 * fields, __proto__ and other prototype keys, several problems at once, and unicode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, JSON_TYPE, ORDER_KEYS, order, rawOrder } from '../support/bad-input.js';
import { SAMPLE_ORDER, TestSandbox } from '../support/test-sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await TestSandbox.start();
});
afterAll(() => t.close());

describe('a field of POST /v1/orders with the wrong type or out of range', () => {
  it.each([
    { what: 'pickup is a string', param: 'pickup', body: order((o) => (o.pickup = '1 Main')) },
    { what: 'dropoff is null', param: 'dropoff', body: order((o) => (o.dropoff = null)) },
    {
      what: 'pickup.address is missing',
      param: 'pickup.address',
      body: order((o) => delete o.pickup.address),
    },
    {
      what: 'pickup.address is a number',
      param: 'pickup.address',
      body: order((o) => (o.pickup.address = 42)),
    },
    {
      what: 'pickup.address is empty',
      param: 'pickup.address',
      body: order((o) => (o.pickup.address = '')),
    },
    {
      what: 'pickup.address has 501 characters',
      param: 'pickup.address',
      body: order((o) => (o.pickup.address = 'a'.repeat(501))),
    },
    {
      what: 'pickup.location.lat is a string',
      param: 'pickup.location.lat',
      body: order((o) => (o.pickup.location.lat = '37.79')),
    },
    {
      what: 'pickup.location.lat is 91',
      param: 'pickup.location.lat',
      body: order((o) => (o.pickup.location.lat = 91)),
    },
    {
      what: 'pickup.location.lat is 1e400 (Infinity once parsed)',
      param: 'pickup.location.lat',
      raw: JSON.stringify(SAMPLE_ORDER).replace('37.7955', '1e400'),
    },
    {
      what: 'dropoff.location.lng is -181',
      param: 'dropoff.location.lng',
      body: order((o) => (o.dropoff.location.lng = -181)),
    },
    {
      what: 'dropoff.location has no lng',
      param: 'dropoff.location.lng',
      body: order((o) => delete o.dropoff.location.lng),
    },
    {
      what: 'pickup.phone has letters',
      param: 'pickup.phone',
      body: order((o) => (o.pickup.phone = 'call me maybe')),
    },
    {
      what: 'pickup.name is empty',
      param: 'pickup.name',
      body: order((o) => (o.pickup.name = '')),
    },
    {
      what: 'pickup.instructions has 1001 characters',
      param: 'pickup.instructions',
      body: order((o) => (o.pickup.instructions = 'x'.repeat(1001))),
    },
    { what: 'items is not an array', param: 'items', body: order((o) => (o.items = {})) },
    {
      what: 'items has 101 entries',
      param: 'items',
      body: order((o) => (o.items = Array.from({ length: 101 }, () => o.items[0]))),
    },
    {
      what: 'an item is a string',
      param: 'items[0]',
      body: order((o) => (o.items = ['Pad thai'])),
    },
    {
      what: 'an item quantity is 0',
      param: 'items[0].quantity',
      body: order((o) => (o.items[0].quantity = 0)),
    },
    {
      what: 'an item quantity is 1.5',
      param: 'items[0].quantity',
      body: order((o) => (o.items[0].quantity = 1.5)),
    },
    {
      what: 'an item unit_price is negative',
      param: 'items[0].unit_price',
      body: order((o) => (o.items[0].unit_price = -1)),
    },
    {
      what: 'an item has no name',
      param: 'items[0].name',
      body: order((o) => delete o.items[0].name),
    },
    { what: 'tip is -1', param: 'tip', body: order((o) => (o.tip = -1)) },
    { what: 'tip is the string "2"', param: 'tip', body: order((o) => (o.tip = '2')) },
    { what: 'tip is 2.5', param: 'tip', body: order((o) => (o.tip = 2.5)) },
    { what: 'tip is over 100000', param: 'tip', body: order((o) => (o.tip = 100_001)) },
    {
      what: 'external_reference has 65 characters',
      param: 'external_reference',
      body: order((o) => (o.external_reference = 'r'.repeat(65))),
    },
    {
      what: 'external_reference is a number',
      param: 'external_reference',
      body: order((o) => (o.external_reference = 12)),
    },
    {
      what: 'metadata has 21 keys',
      param: 'metadata',
      body: order(
        (o) =>
          (o.metadata = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))),
      ),
    },
    {
      what: 'metadata is an array',
      param: 'metadata',
      body: order((o) => (o.metadata = ['a'])),
    },
    {
      what: 'a metadata value is a number',
      param: 'metadata.table',
      body: order((o) => (o.metadata = { table: 12 })),
    },
    {
      what: 'a metadata value has 501 characters',
      param: 'metadata.note',
      body: order((o) => (o.metadata = { note: 'n'.repeat(501) })),
    },
    {
      what: 'a metadata key has 41 characters',
      param: `metadata.${'k'.repeat(41)}`,
      body: order((o) => (o.metadata = { ['k'.repeat(41)]: 'v' })),
    },
    {
      what: 'a metadata key is empty',
      param: 'metadata.',
      body: order((o) => (o.metadata = { '': 'v' })),
    },
  ])('is refused with 400 naming it when $what', async (c) => {
    const res =
      'raw' in c
        ? await t.request('POST', '/v1/orders', { raw: c.raw, headers: JSON_TYPE })
        : await t.post('/v1/orders', c.body);
    expectInvalid(res, [c.param]);
  });
});

describe('an unknown field', () => {
  it.each([
    { where: 'at the top level', param: 'colour', body: order((o) => (o.colour = 'red')) },
    {
      where: 'in pickup',
      param: 'pickup.color',
      body: order((o) => (o.pickup.color = 'red')),
    },
    {
      where: 'in a location',
      param: 'dropoff.location.alt',
      body: order((o) => (o.dropoff.location.alt = 12)),
    },
    {
      where: 'in an item',
      param: 'items[0].sku',
      body: order((o) => (o.items[0].sku = 'A1')),
    },
    {
      where: 'with a misspelt name',
      param: 'dropof',
      body: order((o) => ((o.dropof = o.dropoff), delete o.dropoff)),
      also: ['dropoff'],
    },
  ])('is refused with 400 naming the field $where', async ({ body, param, also }) => {
    expectInvalid(await t.post('/v1/orders', body), [param, ...(also ?? [])]);
  });
});

describe('__proto__, constructor and prototype keys', () => {
  it.each([
    {
      where: '__proto__ at the top level',
      param: '__proto__',
      raw: rawOrder('top', '"__proto__":{"polluted":"yes"}'),
    },
    {
      where: 'constructor at the top level',
      param: 'constructor',
      raw: rawOrder('top', '"constructor":{"prototype":{"polluted":"yes"}}'),
    },
    {
      where: '__proto__ in pickup',
      param: 'pickup.__proto__',
      raw: rawOrder('pickup', '"__proto__":{"polluted":"yes"}'),
    },
    {
      where: 'constructor in pickup',
      param: 'pickup.constructor',
      raw: rawOrder('pickup', '"constructor":{"prototype":{"polluted":"yes"}}'),
    },
    {
      where: '__proto__ in an item',
      param: 'items[0].__proto__',
      raw: rawOrder('item', '"__proto__":{"polluted":"yes"}'),
    },
    {
      where: '__proto__ in metadata',
      param: 'metadata.__proto__',
      raw: rawOrder('top', '"metadata":{"__proto__":"yes"}'),
    },
    {
      where: 'constructor in metadata',
      param: 'metadata.constructor',
      raw: rawOrder('top', '"metadata":{"constructor":"yes"}'),
    },
    {
      where: 'prototype in metadata',
      param: 'metadata.prototype',
      raw: rawOrder('top', '"metadata":{"prototype":"yes"}'),
    },
  ])('are refused with 400 naming them: $where', async ({ raw, param }) => {
    const res = await t.request('POST', '/v1/orders', { raw, headers: JSON_TYPE });
    expectInvalid(res, [param]);
  });

  it('leave no trace: a valid order afterwards has exactly the usual fields', async () => {
    const created = await t.createOrder();
    expect(Object.keys(created).sort()).toEqual(ORDER_KEYS);
    expect(created.metadata).toEqual({});
    expect(Object.keys(created.pickup).sort()).toEqual(
      ['address', 'instructions', 'location', 'name', 'phone'].sort(),
    );
    expect(created.polluted).toBeUndefined();
    expect(created.metadata.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const again = await t.get(`/v1/orders/${created.order_id}`);
    expect(again.body).toEqual(created);
  });

  it('are plain data when they name Object methods a client may use (toString, hasOwnProperty)', async () => {
    const metadata = { toString: 'a', hasOwnProperty: 'b', valueOf: 'c' };
    const created = await t.createOrder({ metadata });
    expect(created.metadata).toEqual(metadata);
  });
});

describe('a body with several problems at once', () => {
  it('lists one detail per problem, each naming its own param', async () => {
    const body = {
      pickup: { address: 5, location: { lat: 91, lng: 0 } },
      dropoff: { address: '' },
      items: [{ name: 'Pad thai', quantity: 0, unit_price: -5 }],
      tip: 'lots',
      external_reference: 'r'.repeat(65),
      colour: 'red',
    };
    const expected = [
      'pickup.address',
      'pickup.location.lat',
      'dropoff.address',
      'items[0].quantity',
      'items[0].unit_price',
      'tip',
      'external_reference',
      'colour',
    ];
    const res = await t.post('/v1/orders', body);
    expectInvalid(res, expected);
    expect(new Set(res.body.error.details.map((d: any) => d.param)).size).toBe(expected.length);
  });
});

describe('unicode', () => {
  it.each([
    { what: 'accents', address: 'Calle de Alcalá 42, Madrid' },
    { what: 'CJK', address: '東京都千代田区丸の内1丁目' },
    { what: 'a right-to-left script', address: 'شارع الملك فهد، الرياض' },
    { what: 'emoji', address: '🍜 Noodle Bar, 12 Market St 🚲' },
    { what: 'ZWJ sequences and flags', address: '👩‍🍳 Kitchen 🇺🇸, Pier 5' },
    { what: 'combining marks', address: 'Cafe\u0301 Noe\u0308l, 3 Rue' },
    { what: '500 emoji (the limit counts characters)', address: '🍕'.repeat(500) },
  ])('in addresses is accepted and returned as sent ($what)', async ({ address }) => {
    const body = order((o) => {
      o.pickup.address = address;
      o.dropoff.address = address;
      delete o.dropoff.location;
      o.pickup.name = address.slice(0, 20);
      o.metadata = { [address.slice(0, 10)]: address.slice(0, 30) };
    });
    const res = await t.post('/v1/orders', body);
    expect(res.status).toBe(201);
    expect(res.body.pickup.address).toBe(address);
    expect(res.body.dropoff.address).toBe(address);
    expect(res.body.metadata).toEqual(body.metadata);
    expect((await t.get(`/v1/orders/${res.body.order_id}`)).body).toEqual(res.body);
  });
});

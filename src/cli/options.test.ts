import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  parseJournalSize,
  parseLocationInterval,
  parsePort,
  parseSpeed,
  parseWebhookSecret,
  parseWebhookUrls,
} from './options.js';

describe('the shared argument parsers', () => {
  it.each([
    ['0', 0],
    ['4242', 4242],
    ['65535', 65535],
  ])('parsePort accepts %j', (text, port) => {
    expect(parsePort(text)).toBe(port);
  });

  it.each(['abc', '-1', '1.5', '65536', ''])('parsePort refuses %j', (text) => {
    expect(() => parsePort(text)).toThrow(InvalidArgumentError);
  });

  it.each(['0', '-2', 'fast', '10001'])('parseSpeed refuses %j', (text) => {
    expect(() => parseSpeed(text)).toThrow(/above 0 and at most 10000/);
  });

  it('parseLocationInterval takes a duration from 1s to 10m', () => {
    expect([parseLocationInterval('1s'), parseLocationInterval(' 10m ')]).toEqual(['1s', '10m']);
  });

  it.each([
    ['999ms', /outside 1s to 10m/],
    ['11m', /outside 1s to 10m/],
    ['often', /not a duration; write it like "10s"/],
  ])('parseLocationInterval refuses %j', (text, says) => {
    expect(() => parseLocationInterval(text)).toThrow(says);
  });

  it('parseJournalSize takes 1 to 100000 requests', () => {
    expect([parseJournalSize('1'), parseJournalSize('100000')]).toEqual([1, 100000]);
  });

  it.each(['0', '-5', '1.5', '100001', 'lots', ''])('parseJournalSize refuses %j', (text) => {
    expect(() => parseJournalSize(text)).toThrow(/from 1 to 100000/);
  });

  it('parseSpeed accepts fractions and the maximum', () => {
    expect([parseSpeed('0.5'), parseSpeed('10000')]).toEqual([0.5, 10000]);
  });

  it('parseWebhookUrls splits on commas and appends to the earlier occurrences', () => {
    expect(parseWebhookUrls(' http://a.test/x , https://b.test ', ['http://first.test'])).toEqual([
      'http://first.test',
      'http://a.test/x',
      'https://b.test',
    ]);
    expect(() => parseWebhookUrls('http://a.test,ftp://x')).toThrow(/got "ftp:\/\/x"/);
  });

  it('parseWebhookSecret wants whsec_ and 8 to 100 word characters', () => {
    expect(parseWebhookSecret('whsec_abcdefgh')).toBe('whsec_abcdefgh');
    expect(() => parseWebhookSecret('whsec_short')).toThrow(/expected whsec_/);
    expect(() => parseWebhookSecret('sk_abcdefghij')).toThrow(/expected whsec_/);
  });
});

import { describe, expect, it } from 'vitest';
import { maskUrlCredentials } from './mask-url-credentials.js';

describe('maskUrlCredentials', () => {
  it.each([
    ['http://u:pw@localhost:3000/hooks', 'http://****@localhost:3000/hooks'],
    ['https://token@hooks.example/x?y=1', 'https://****@hooks.example/x?y=1'],
    ['http://u:p@ss@host/', 'http://****@host/'],
    ['http://:pw@host', 'http://****@host'],
    ['HTTP://U:PW@HOST/a', 'HTTP://****@HOST/a'],
    ['http://u:pw@host\\path', 'http://****@host\\path'],
  ])('masks the user and password of %s', (url, masked) => {
    expect(maskUrlCredentials(url)).toBe(masked);
  });

  it.each([
    ['http://localhost:3000/hooks'],
    ['http://host/path?email=a@b.example'],
    ['http://host/a@b'],
    ['http://host#x@y'],
    ['not a url'],
  ])('leaves %s as it is', (url) => {
    expect(maskUrlCredentials(url)).toBe(url);
  });

  it('masks everything URL parsing would take as credentials', () => {
    for (const url of ['http://u:pw@host/', 'http://a@b@host/', 'https://x:y@h:1/p?q#f']) {
      const parsed = new URL(maskUrlCredentials(url));
      expect(parsed.password).toBe('');
      expect(parsed.username).toBe('****');
      expect(parsed.host).toBe(new URL(url).host);
    }
  });
});

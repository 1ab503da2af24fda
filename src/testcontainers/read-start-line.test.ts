import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStartLine } from './read-start-line.js';

const START = { event: 'listening', url: 'http://0.0.0.0:4242', webhook_secret: 'whsec_x' };

describe('readStartLine', () => {
  it('finds the start line among JSON log lines, split across chunks', async () => {
    const line = JSON.stringify(START);
    const logs = Readable.from([
      '{"level":30,"msg":"scenario ci loaded"}\n{"level":30,"msg":"not',
      ` listening yet"}\n${line.slice(0, 10)}`,
      `${line.slice(10)}\n{"level":30,"msg":"after"}\n`,
    ]);
    await expect(readStartLine(logs)).resolves.toMatchObject(START);
    expect(logs.destroyed).toBe(true);
  });

  it('rejects, saying what it looked for, when the logs end without one', async () => {
    const logs = Readable.from(['sandbox listening on 4242\n', '{"event":"listening"\n']);
    await expect(readStartLine(logs)).rejects.toThrow(/no start line \(\{"event":"listening"/);
  });
});

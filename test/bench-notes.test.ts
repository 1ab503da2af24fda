import { describe, expect, it } from 'vitest';
import { NOTES_MARKER, withKeptNotes } from '../bench/kept-notes.js';

describe("BENCHMARKS.md's notes across runs of npm run bench", () => {
  it('keeps what follows the marker and replaces what precedes it', () => {
    const before = `# Benchmarks\n\nold table\n\n${NOTES_MARKER}\n\n## A session\n\nmeasured by hand\n`;
    const after = withKeptNotes('# Benchmarks\n\nnew table\n', before);
    expect(after).toBe(
      `# Benchmarks\n\nnew table\n\n${NOTES_MARKER}\n\n## A session\n\nmeasured by hand\n`,
    );
    expect(withKeptNotes('# Benchmarks\n\nnewer table\n', after)).toContain('measured by hand');
    expect(withKeptNotes('# Benchmarks\n\nnewer table\n', after)).not.toContain('new table');
  });

  it('starts the notes empty for a file without them, or no file', () => {
    expect(withKeptNotes('# B\n', undefined)).toBe(`# B\n\n${NOTES_MARKER}\n\n`);
    expect(withKeptNotes('# B\n', '# B\n\nold\n')).toBe(`# B\n\n${NOTES_MARKER}\n\n`);
  });

  it('is in BENCHMARKS.md itself, after the generated report', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('../BENCHMARKS.md', import.meta.url), 'utf8');
    const at = text.indexOf(NOTES_MARKER);
    expect(at).toBeGreaterThan(0);
    expect(text.indexOf('## Against a baseline')).toBeLessThan(at); // generated, above it
    expect(text.indexOf('### What bounds the budgets')).toBeGreaterThan(at); // by hand, below
  });
});

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { StartLineFields } from '../cli/start-line.js';

/**
 * The JSON start line (docs/cli.md, "The start line") among a container's log lines: the image
 * logs as JSON, and the start line (`"event":"listening"`) is the one stdout line holding the
 * webhook secrets. `logs` follows the container; it is closed once the line is read. Rejects when
 * the logs end without it (the container stopped).
 */
export async function readStartLine(logs: Readable): Promise<StartLineFields> {
  const lines = createInterface({ input: logs, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (!line.includes('"listening"')) continue;
      const parsed = parseLine(line);
      if (parsed?.event === 'listening') return parsed;
    }
  } finally {
    lines.close();
    logs.destroy();
  }
  throw new Error(
    'the container logged no start line ({"event":"listening",…}): is DELIVERY_SANDBOX_LOG_FORMAT still json?',
  );
}

function parseLine(line: string): StartLineFields | undefined {
  try {
    return JSON.parse(line) as StartLineFields;
  } catch {
    return undefined;
  }
}

// The header's sandbox picker: `default` and the named sandboxes (GET /__sandbox/sandboxes). The
// page shows one sandbox, the one `/?sandbox=NAME` names; choosing another loads the page again
// with that name, so every panel and the stream start over in it (api.ts scopes every URL).
import { useEffect, useState } from 'preact/hooks';
import { list, sandboxName } from './api.js';

/** How often the list is read again while the page is open (opening the picker reads it too). */
const REFRESH_MS = 10_000;

/** The page's URL showing sandbox `name` (`default` drops the parameter), its panel kept. */
export function sandboxHref(name: string): string {
  const url = new URL(location.href);
  if (name === 'default') url.searchParams.delete('sandbox');
  else url.searchParams.set('sandbox', name);
  return url.toString();
}

export function SandboxPicker() {
  const current = sandboxName() ?? 'default';
  const [names, setNames] = useState<string[]>([]);
  const load = () => {
    list<{ name: string }>('/__sandbox/sandboxes', 'sandboxes')
      .then((page) => setNames(page.items.map((s) => s.name)))
      .catch(() => undefined); // the picker keeps the names it had; the panels show what failed
  };
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const options = ['default', ...names.filter((n) => n !== 'default')];
  if (!options.includes(current)) options.push(current);
  return (
    <label class="picker">
      <span class="muted">sandbox</span>
      <select
        name="sandbox"
        data-testid="sandbox-picker"
        value={current}
        onFocus={load}
        onChange={(e) => {
          if (e.currentTarget.value !== current)
            location.assign(sandboxHref(e.currentTarget.value));
        }}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

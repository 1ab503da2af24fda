import { CATALOGUE, ERROR_STATUS, REASONS, type Reason, type Surface } from './catalogue.js';

/** The reasons that can be answered on `surface` (`control`: every reason, the control plane's included). */
export function reasonsOf(surface: Surface): Reason[] {
  return REASONS.filter((r) => surface === 'control' || CATALOGUE[r].surface === 'v1');
}

/**
 * The error table of docs/errors.md, one row per reason (and per documented alternative code), generated
 * from the catalogue so the two cannot drift (`npm run generate` writes it; a test checks it).
 */
export function reasonTable(): string {
  const rows = [
    '| status | code | reason | when |',
    '|---|---|---|---|',
    '| 400 | `invalid_request` | `null` | a validation failure: `param` names the first field at fault, `details` lists every one |',
  ];
  for (const reason of REASONS) {
    const spec = CATALOGUE[reason];
    const where = spec.surface === 'control' ? ' (control plane)' : '';
    rows.push(
      `| ${spec.status ?? ERROR_STATUS[spec.code]} | \`${spec.code}\` | \`${reason}\` | ${spec.when}${where} |`,
    );
    if (spec.alternative) {
      const alt = spec.alternative;
      rows.push(`| ${ERROR_STATUS[alt.code]} | \`${alt.code}\` | \`${reason}\` | ${alt.when} |`);
    }
  }
  return rows.join('\n');
}

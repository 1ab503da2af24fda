import type { ErrorObject } from 'ajv';
import type { ErrorDetail } from '../errors/service-error.js';

/** `/items/0/name` → `items[0].name`; the empty path is `root`. */
export function toParam(instancePath: string, root: string): string {
  if (instancePath === '') return root;
  let out = '';
  for (const raw of instancePath.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function valueAt(data: unknown, instancePath: string): unknown {
  let cur: unknown = data;
  if (instancePath === '') return cur;
  for (const raw of instancePath.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return `the number ${String(value)}`;
  return `${typeof value} ${JSON.stringify(value) ?? String(typeof value)}`;
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/**
 * Turns ajv's errors into the API's `details`: one entry per failure, each naming the parameter,
 * the offending value and what would be accepted. `root` names the whole input (`body`, `query`).
 */
export function toErrorDetails(
  errs: readonly ErrorObject[],
  data: unknown,
  root: 'body' | 'query',
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const e of errs) {
    const detail = toDetail(e, data, root);
    if (!detail) continue;
    const key = `${detail.param}\0${detail.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      details.push(detail);
    }
  }
  return details;
}

function toDetail(e: ErrorObject, data: unknown, root: 'body' | 'query'): ErrorDetail | undefined {
  // Failures inside `propertyNames` are summed up by the `propertyNames` error itself.
  if ((e as { propertyName?: string }).propertyName !== undefined) return undefined;
  const p = e.params as Record<string, unknown>;
  const param = toParam(e.instancePath, root);
  const value = valueAt(data, e.instancePath);
  const child = (name: unknown): string =>
    param === 'body' || param === 'query' ? String(name) : `${param}.${String(name)}`;
  const desc = (e.parentSchema as { description?: string } | undefined)?.description;
  switch (e.keyword) {
    case 'required':
      return {
        param: child(p.missingProperty),
        message: `${child(p.missingProperty)} is required`,
      };
    case 'additionalProperties': {
      const allowed = Object.keys(
        (e.parentSchema as { properties?: object } | undefined)?.properties ?? {},
      );
      // A key can be as long as the body: name it in part.
      const key = String(p.additionalProperty);
      const name = child(key.length > 60 ? `${key.slice(0, 60)}…` : key);
      return {
        param: name,
        message: `${name} is not a known ${root === 'query' ? 'query parameter' : 'field'}; remove it${allowed.length ? ` (known: ${allowed.join(', ')})` : ''}`,
      };
    }
    case 'type': {
      const what = param === 'body' ? 'The request body' : param;
      return {
        param,
        message: `${what} must be ${article(String(p.type))}; got ${describe(value)}`,
      };
    }
    case 'minLength':
      return {
        param,
        message:
          p.limit === 1
            ? `${param} must not be empty`
            : `${param} must be at least ${String(p.limit)} characters long`,
      };
    case 'maxLength':
      return {
        param,
        message: `${param} must be at most ${String(p.limit)} characters long; got ${(value as string).length}`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        param,
        message: `${param} must be ${String(p.comparison)} ${String(p.limit)}${desc ? ` (${desc})` : ''}; got ${String(value)}`,
      };
    case 'pattern':
      return {
        param,
        message: `${param} has the wrong format (${desc ?? `expected to match ${String(p.pattern)}`}); got ${describe(value)}`,
      };
    case 'enum':
      return {
        param,
        message: `${param} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; got ${describe(value)}`,
      };
    case 'const':
      return {
        param,
        message: `${param} must be ${JSON.stringify(p.allowedValue)}; got ${describe(value)}`,
      };
    case 'maxItems':
      return {
        param,
        message: `${param} may have at most ${String(p.limit)} entries; got ${(value as unknown[]).length}`,
      };
    case 'minItems':
      return { param, message: `${param} needs at least ${String(p.limit)} entries` };
    case 'maxProperties':
      return {
        param,
        message: `${param} may have at most ${String(p.limit)} keys; got ${Object.keys(value as object).length}`,
      };
    case 'propertyNames':
      return {
        param: child(p.propertyName),
        message: `${param} has a key that is not allowed: ${JSON.stringify(p.propertyName)} (keys are 1–40 characters and not reserved names)`,
      };
    case 'format':
      return {
        param,
        message: `${param} must be a valid ${String(p.format)}; got ${describe(value)}`,
      };
    case 'if':
    case 'oneOf':
    case 'anyOf':
    case 'not':
      // Wrapper errors only repeat the specific failures ajv reported beside them.
      return e.keyword === 'not' ? { param, message: `${param} is not allowed here` } : undefined;
    default:
      return { param, message: `${param} ${e.message ?? 'is invalid'}` };
  }
}

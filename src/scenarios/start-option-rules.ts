import { readFileSync } from 'node:fs';
import { closestMatch } from '../domain/closest-match.js';
import { packagePath } from '../paths.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/**
 * The rules of the start options that a scenario file sets too (`clock`, `speed`, `webhooks`),
 * read from scenarios/schema.json, so that `startSandbox()`, the CLI's flags and a scenario file
 * accept exactly the same values. Only the schema keywords these fields use are understood.
 */

/** The part of a JSON Schema the option fields use. */
interface Rule {
  type?: string;
  enum?: unknown[];
  exclusiveMinimum?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  maxLength?: number;
}

/** What each rule accepts, in words, for the rules a pattern says badly. */
const IN_WORDS: Record<string, string> = {
  webhookUrl: 'an http(s) URL such as http://localhost:3000/webhooks',
  webhookSecret:
    'whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret',
};

export type OptionRule = 'clockMode' | 'speed' | 'webhookUrl' | 'webhookSecret' | 'webhookEvent';

let rules: Record<OptionRule, Rule> | undefined;

/** The rules, read from the schema on first use (a start with none of these options reads nothing). */
function optionRules(): Record<OptionRule, Rule> {
  if (rules) return rules;
  type Node = { properties: Record<string, Node>; items: Node } & Rule;
  const schema = JSON.parse(readFileSync(packagePath('scenarios', 'schema.json'), 'utf8')) as Node;
  const { clock, webhooks } = schema.properties;
  const endpoint = webhooks!.properties.endpoints!.items.properties;
  rules = {
    clockMode: clock!.properties.mode!,
    speed: clock!.properties.speed!,
    webhookUrl: endpoint.url!,
    webhookSecret: endpoint.secret!,
    webhookEvent: endpoint.events!.items,
  };
  return rules;
}

const quote = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);

/**
 * What is wrong with `value` under `rule`: `expected …; got …` and a did-you-mean where one fits,
 * or undefined when the value is good.
 *
 * @example checkOption('clockMode', 'manuel') // 'expected one of "realtime", "manual"; got "manuel"; did you mean "manual"?'
 */
export function checkOption(name: OptionRule, value: unknown): string | undefined {
  const rule = optionRules()[name];
  const expected = IN_WORDS[name] ?? describeRule(rule);
  const wrong = (): string => {
    const near =
      rule.enum && typeof value === 'string'
        ? closestMatch(value, rule.enum.map(String))
        : undefined;
    // A refused URL is quoted as the sandbox shows URLs: without its user name and password.
    const shown =
      name === 'webhookUrl' && typeof value === 'string' ? maskUrlCredentials(value) : value;
    return `expected ${expected}; got ${quote(shown)}${near === undefined ? '' : `; did you mean "${near}"?`}`;
  };
  if (rule.enum) return rule.enum.includes(value) ? undefined : wrong();
  if (rule.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return wrong();
    if (rule.exclusiveMinimum !== undefined && !(value > rule.exclusiveMinimum)) return wrong();
    if (rule.minimum !== undefined && value < rule.minimum) return wrong();
    if (rule.maximum !== undefined && value > rule.maximum) return wrong();
    return undefined;
  }
  if (typeof value !== 'string') return wrong();
  if (rule.maxLength !== undefined && value.length > rule.maxLength)
    return `expected at most ${rule.maxLength} characters; got ${value.length}`;
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) return wrong();
  return undefined;
}

/** A rule in words: its values, or its bounds. */
function describeRule(rule: Rule): string {
  if (rule.enum) return `one of ${rule.enum.map(quote).join(', ')}`;
  const bounds = [
    rule.exclusiveMinimum !== undefined ? `above ${rule.exclusiveMinimum}` : undefined,
    rule.minimum !== undefined ? `at least ${rule.minimum}` : undefined,
    rule.maximum !== undefined ? `at most ${rule.maximum}` : undefined,
  ].filter(Boolean);
  if (rule.type === 'number') return `a number${bounds.length ? ` ${bounds.join(' and ')}` : ''}`;
  return rule.pattern === undefined
    ? `a ${rule.type ?? 'value'}`
    : `a value matching ${rule.pattern}`;
}

/**
 * The problems of the options a scenario file sets too (`clock`, `speed`, `webhooks`), checked
 * by the scenario schema's own rules, as the CLI's flags are: `name: expected …; got …`.
 */
export function checkScenarioOptions(options: {
  clock?: unknown;
  speed?: unknown;
  webhooks?: unknown;
}): string[] {
  const problems: string[] = [];
  const check = (name: string, rule: Parameters<typeof checkOption>[0], value: unknown): void => {
    const problem = checkOption(rule, value);
    if (problem !== undefined) problems.push(`${name}: ${problem}`);
  };
  if (options.clock !== undefined) check('clock', 'clockMode', options.clock);
  if (options.speed !== undefined) check('speed', 'speed', options.speed);
  const webhooks: unknown = options.webhooks;
  if (webhooks === undefined) return problems;
  if (!Array.isArray(webhooks))
    return [...problems, 'webhooks: expected an array of { url, secret?, events? }'];
  webhooks.forEach((w: { url?: unknown; secret?: unknown; events?: unknown } | null, i) => {
    if (w === null || typeof w !== 'object') {
      problems.push(`webhooks[${i}]: expected an object { url, secret?, events? }`);
      return;
    }
    check(`webhooks[${i}].url`, 'webhookUrl', w.url);
    if (w.secret !== undefined) check(`webhooks[${i}].secret`, 'webhookSecret', w.secret);
    if (w.events !== undefined && !Array.isArray(w.events))
      problems.push(`webhooks[${i}].events: expected an array of event names, such as ["*"]`);
    else
      (w.events as unknown[] | undefined)?.forEach((e, j) =>
        check(`webhooks[${i}].events[${j}]`, 'webhookEvent', e),
      );
  });
  return problems;
}

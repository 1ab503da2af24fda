// @ts-check
/**
 * dependency-cruiser: the architecture's dependency direction, checked by `npm run lint`.
 *
 * Target layout (one folder per layer, src/<layer>/), highest first:
 *
 *   testcontainers      src/testcontainers/ (the delivery-sandbox/testcontainers entry): the sandbox
 *                       in a container, spoken to over HTTP only, with the CLI's control client
 *                       and start line; never the sandbox itself, and nothing imports it
 *   cli                 src/cli/ and src/cli.ts (the executable entry)
 *   sandbox             src/sandbox/ (the host, the options, start and stop)
 *   http live scenarios simulation webhooks report client   the "features": siblings, never each other
 *   edge journal        shared edges of the features: edge/ (Host, Origin, bearer parsing, raw
 *                       socket answers: what http and live both check before a request reaches a
 *                       world) and journal/ (the request journal http records and report reads).
 *                       Each imports only errors, support and domain, never each other
 *   commands            the operations behind the endpoints and scenario steps
 *   world               the wired state of one sandbox run
 *   store events clock errors                          the "core": may use each other (no cycles)
 *   support             src/paths.ts, src/version.ts, src/logger.ts (src/log-levels.ts), src/fixtures.ts, src/json-schema.ts,
 *                       src/listeners.ts (the one listener registry, which journal/ uses too),
 *                       src/slices.ts (long work in slices that yield to the event loop)
 *   domain              pure rules: imports nothing from src outside src/domain/
 *
 * A layer imports itself and anything below it, transitively (http may import commands, world,
 * store, ..., domain), never anything above. The features meet through commands and the event
 * bus, so none of them imports another. src/index.ts is the public entry: it may re-export from
 * every layer except cli (values too: signPayload, EVENT_NAMES, ScenarioError are public API),
 * and nothing inside src imports it.
 *
 * The leaf utilities are a `support` layer rather than "allowed from anywhere": every layer but
 * domain may import them, and they import only domain (fixtures.ts needs the TestPaymentMethod
 * type) and each other, so they can never grow a dependency on the layers that use them.
 *
 * Type-only imports count (tsPreCompilationDeps): a layering that holds only at run time is not
 * a clean one. src/ and dashboard/ (the browser code; the two never import each other) are
 * cruised, without *.test.ts; test/ and bench/ are not layered.
 */

const FEATURES = [
  'http',
  'live',
  'scenarios',
  'simulation',
  'webhooks',
  'report',
  'client',
  'trace',
];
const CORE = ['store', 'events', 'clock', 'errors'];

const ENTRY = '^src/index\\.ts$';
const TESTCONTAINERS = '^src/testcontainers/';
const CLI = '^src/(cli/|cli\\.ts$)';
const SANDBOX = '^src/sandbox/';
const FEATURE = `^src/(${FEATURES.join('|')})/`;
const EDGES = '^src/(edge|journal)/';
const COMMANDS = '^src/commands/';
const WORLD = '^src/world/';
const CORE_LAYER = `^src/(${CORE.join('|')})/`;
const SUPPORT =
  '^src/(paths|version|logger|log-levels|fixtures|json-schema|listeners|slices)\\.ts$';
const DOMAIN = '^src/domain/';

const LAYERS = [
  ENTRY,
  TESTCONTAINERS,
  CLI,
  SANDBOX,
  FEATURE,
  EDGES,
  COMMANDS,
  WORLD,
  CORE_LAYER,
  SUPPORT,
  DOMAIN,
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular dependency: break the cycle, e.g. move the shared piece down a layer or pass it in as a parameter.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import does not resolve to a file or package: fix the path (.js suffix for .ts files) or install the package.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-in-a-layer',
      severity: 'error',
      comment:
        'Every src module belongs to a layer: move this file into its src/<layer>/ folder, or add it to the map in .dependency-cruiser.mjs.',
      // A module rule, so each unmapped file is reported once: from.pathNot '.*' counts no
      // dependent, so "fewer than 1 dependent" holds for every module the `module` part selects.
      module: { path: '^src/', pathNot: LAYERS, numberOfDependentsLessThan: 1 },
      from: { pathNot: '.*' },
    },
    {
      name: 'not-to-entry',
      severity: 'error',
      comment:
        'src/index.ts is the public entry only: import the module that defines the thing, not the package entry.',
      from: { path: '^src/', pathNot: ENTRY },
      to: { path: ENTRY },
    },
    {
      name: 'not-to-testcontainers',
      severity: 'error',
      comment:
        'src/testcontainers/ is the delivery-sandbox/testcontainers entry point, which loads the testcontainers package: nothing else may import it.',
      from: { path: '^src/', pathNot: TESTCONTAINERS },
      to: { path: TESTCONTAINERS },
    },
    {
      name: 'testcontainers-over-http',
      severity: 'error',
      comment:
        'The container handle speaks to the sandbox over HTTP: it may use the control client, the start line and domain types, never the sandbox in process.',
      from: { path: TESTCONTAINERS },
      to: {
        path: '^src/',
        pathNot: [TESTCONTAINERS, '^src/cli/(control-client|start-line)\\.ts$', DOMAIN],
      },
    },
    {
      name: 'entry-not-to-cli',
      severity: 'error',
      comment:
        'The public entry must not pull in the CLI: export the thing from sandbox (or a lower layer) instead.',
      from: { path: ENTRY },
      to: { path: CLI },
    },
    {
      name: 'sandbox-not-upward',
      severity: 'error',
      comment:
        'sandbox sits under cli: it must not import the CLI; move the shared code into sandbox or below.',
      from: { path: SANDBOX },
      to: { path: CLI },
    },
    {
      name: 'feature-not-upward',
      severity: 'error',
      comment:
        'http/live/scenarios/simulation/webhooks/report sit under sandbox: take what you need as a parameter instead of importing sandbox or cli.',
      from: { path: FEATURE },
      to: { path: [SANDBOX, CLI] },
    },
    {
      name: 'no-feature-siblings',
      severity: 'error',
      comment:
        'Features never import each other: meet through a command (src/commands/) or an event on the bus, or move the shared code down.',
      from: { path: FEATURE },
      to: { path: FEATURE, pathNot: '^src/$1/' },
    },
    {
      name: 'edges-import-only-errors',
      severity: 'error',
      comment:
        'edge/ and journal/ are the shared edges under http and live: they may import only errors, support and domain (and themselves, never each other); take anything else as a parameter.',
      from: { path: EDGES },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/errors/', SUPPORT, DOMAIN] },
    },
    {
      name: 'below-not-to-edges',
      severity: 'error',
      comment:
        "commands, world and the core sit under the edges: a Host check, a bearer header or the request journal is the features' business; take what you need as a parameter.",
      from: { path: [COMMANDS, WORLD, CORE_LAYER, SUPPORT, DOMAIN] },
      to: { path: EDGES },
    },
    {
      name: 'commands-not-upward',
      severity: 'error',
      comment:
        'commands sit under the features: depend only on world, store/events/clock/errors, support and domain; let the feature call the command.',
      from: { path: COMMANDS },
      to: { path: [FEATURE, SANDBOX, CLI] },
    },
    {
      name: 'world-not-upward',
      severity: 'error',
      comment:
        'world sits under commands: depend only on store/events/clock/errors, support and domain; pass higher-level behaviour in as a parameter.',
      from: { path: WORLD },
      to: { path: [COMMANDS, FEATURE, SANDBOX, CLI] },
    },
    {
      name: 'core-not-upward',
      severity: 'error',
      comment:
        'store/events/clock/errors sit under world: depend only on each other (no cycles), support and domain.',
      from: { path: CORE_LAYER },
      to: { path: [WORLD, COMMANDS, FEATURE, SANDBOX, CLI] },
    },
    {
      name: 'support-imports-only-domain',
      severity: 'error',
      comment:
        'paths/version/logger/fixtures/listeners are leaf utilities: they may import only domain and each other; move the code that needs more up a layer.',
      from: { path: SUPPORT },
      to: { path: '^src/', pathNot: [SUPPORT, DOMAIN] },
    },
    {
      name: 'server-not-to-dashboard',
      severity: 'error',
      comment:
        'The server never imports the browser code (dashboard/): it serves the built files from dist/dashboard/ (src/http/dashboard-assets.ts).',
      from: { path: '^src/' },
      to: { path: '^dashboard/' },
    },
    {
      name: 'dashboard-not-to-server',
      severity: 'error',
      comment:
        'The dashboard meets the server only over HTTP and the stream, as openapi/ and asyncapi.yaml describe them: declare the shape in dashboard/src/types.ts instead of importing src/.',
      from: { path: '^dashboard/' },
      to: { path: '^src/' },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment:
        'domain is pure rules: it imports nothing from src outside src/domain/; take the value as a parameter or move the code up.',
      from: { path: DOMAIN },
      to: { path: '^src/', pathNot: DOMAIN },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    // Type-only imports are dependencies too: the layering must hold for them as well.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};

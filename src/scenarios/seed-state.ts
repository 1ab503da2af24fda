import { nextTurn, Slicer } from '../slices.js';
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { insideRing, type CityMap } from '../domain/city-map.js';
import { findCityMap } from '../domain/city-maps/find-city-map.js';
import { pointInCircle, round, roundLatLng, type LatLng } from '../domain/geo.js';
import { IdGenerator } from '../domain/ids.js';
import { keepRecent } from '../domain/keep-recent.js';
import type { Vehicle, VehicleType } from '../domain/api-types.js';
import { SeededRandom } from '../domain/seeded-random.js';
import type { DriverRecord, SandboxState } from '../store/state.js';
import { loadDriverLocale, type DriverLocaleData } from './driver-locales.js';
import { readPrebuiltWorld, type SeededDrivers } from './prebuilt-worlds.js';
import type { Scenario } from './scenario.js';

const SCOOTERS = [
  'Vespa Primavera 50',
  'Honda Metropolitan',
  'Yamaha Zuma 125',
  'Piaggio Liberty 150',
  'NIU NQi GT',
];
const BICYCLES = [
  'Trek FX 2',
  'Specialized Sirrus',
  'Cannondale Quick 4',
  'Brompton C Line',
  'Giant Escape 3',
];

function pickVehicleType(weights: Record<VehicleType, number>, u: number): VehicleType {
  const types: VehicleType[] = ['bicycle', 'scooter', 'car'];
  const sum = types.reduce((s, t) => s + weights[t], 0);
  if (sum <= 0) return 'car';
  let acc = 0;
  for (const t of types) {
    acc += weights[t] / sum;
    if (u < acc) return t;
  }
  return 'car';
}

function makeVehicle(locale: DriverLocaleData, type: VehicleType): Vehicle {
  const { faker } = locale;
  const color = faker.vehicle.color();
  const plate = (): string =>
    locale.plate === 'vrm'
      ? faker.vehicle.vrm()
      : faker.helpers.replaceSymbols(locale.plate).toUpperCase();
  if (type === 'car') {
    const [make, models] = faker.helpers.arrayElement(locale.cars);
    const car = `${make} ${faker.helpers.arrayElement(models)}`;
    return {
      type,
      description: locale.colourAfter ? `${car} ${color}` : `${color} ${car}`,
      plate: plate(),
    };
  }
  const model = faker.helpers.arrayElement(type === 'scooter' ? SCOOTERS : BICYCLES);
  return {
    type,
    description: locale.colourAfter ? `${model} ${color}` : `${color} ${model}`,
    plate: type === 'scooter' ? plate() : null,
  };
}

/**
 * A driver's starting point: uniform over the city's circle and, in a city the sandbox has a map
 * of, on land (redrawn from the seeded generator while in the bay; the centre after 64 draws).
 */
function driverPosition(
  scenario: Scenario,
  map: CityMap | undefined,
  random: SeededRandom,
): LatLng {
  const { center, radius_km } = scenario.city;
  for (let i = 0; i < 64; i++) {
    const p = roundLatLng(pointInCircle(center, radius_km, random.next(), random.next()));
    if (!map || insideRing(map.land, p)) return p;
  }
  return roundLatLng(center);
}

/**
 * A world of at most this many drivers is kept once built (seedStateInSlices); a build in slices
 * looks at the time once every SEED_CHECK drivers and yields after SLICE_MS (src/slices.ts).
 */
export const SEED_SLICE = 2000;
const SEED_CHECK = 50;

/**
 * The state a scenario starts in: its accounts and its drivers, generated from the seed (names,
 * phones and vehicles with a seeded faker; positions, vehicle mix and speed with the seeded
 * generator). The same scenario and seed always give the same world.
 */
export async function seedState(scenario: Scenario): Promise<SandboxState> {
  return seedStateWith(scenario, await loadDriverLocale(scenario.locale));
}

/** `seedState` with the scenario's locale already loaded (loadDriverLocale): without waiting. */
export function seedStateWith(scenario: Scenario, locale: DriverLocaleData): SandboxState {
  const steps = seedSteps(scenario, locale);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same state as `seedState`, built in slices of SLICE_MS with a turn of the event
 * loop between two (a world of 200 000 drivers takes seconds to generate: the server keeps
 * answering meanwhile). Every build has its own seeded faker, so builds that overlap cannot
 * shift each other's draws.
 */
export async function seedStateInSlices(scenario: Scenario): Promise<SandboxState> {
  const key = driversKey(scenario);
  let known = key === undefined ? undefined : seeded.get(key);
  if (!known && key !== undefined) {
    known = readPrebuiltWorld(key);
    if (known) keepRecent(seeded, key, known, SEEDED_KEPT);
  }
  if (known) {
    const state = emptyState(scenario);
    state.counters = { ...known.counters };
    state.drivers = structuredClone(known.drivers);
    return state;
  }
  const steps = seedSteps(scenario, await loadDriverLocale(scenario.locale));
  for (;;) {
    const step = steps.next();
    if (step.done) {
      const { counters, drivers } = step.value;
      if (key !== undefined)
        keepRecent(seeded, key, structuredClone({ counters, drivers }), SEEDED_KEPT);
      return step.value;
    }
    await nextTurn();
  }
}

/**
 * The drivers of small seeded worlds already built, by what they are built from (the same inputs
 * always give the same drivers): a test suite creates a `ci` sandbox per test, and generating
 * their names, phones and vehicles with faker was most of a create's cost. Worlds of more than
 * SEED_SLICE drivers are not kept (memory); at most SEEDED_KEPT, the least recent dropped.
 */
const seeded = new Map<string, SeededDrivers>();
const SEEDED_KEPT = 32;

/** What a world's drivers are built from, as a key; `undefined` for a world too big to keep. */
export function driversKey(s: Scenario): string | undefined {
  if (s.drivers.count + s.drivers.list.length > SEED_SLICE) return undefined;
  return JSON.stringify([s.seed, s.locale, s.city, s.drivers]);
}

/** A world with the scenario's accounts and nothing else yet. */
function emptyState(scenario: Scenario): SandboxState {
  return {
    version: 1,
    scenario: scenario.name,
    seed: scenario.seed,
    counters: {},
    accounts: scenario.accounts.map((a) => ({
      account_id: a.id,
      name: a.name,
      billing: a.billing,
      api_keys: [...a.api_keys],
    })),
    drivers: [],
    orders: [],
    payments: [],
    events: [],
    idempotency: [],
    webhook_endpoints: [],
    deliveries: [],
    webhook_attempts: [],
  };
}

/** Builds the state, yielding after every SLICE_MS of generating (seedState never yields). */
function* seedSteps(scenario: Scenario, shared: DriverLocaleData): Generator<void, SandboxState> {
  const state = emptyState(scenario);
  const ids = new IdGenerator(scenario.seed, state.counters);
  const random = new SeededRandom(`${scenario.seed}:drivers`);
  // This build's own faker (the same definitions and seed give the shared instance's draws),
  // made by the locale's class: importing the package's root would load every locale.
  const Own = shared.faker.constructor as new (options: { locale: LocaleDefinition }) => Faker;
  const locale = { ...shared, faker: new Own({ locale: shared.faker.rawDefinitions }) };
  const { faker } = locale;
  faker.seed(random.int(0, 2 ** 31 - 1));
  const map = findCityMap(scenario.city);
  const slice = new Slicer();
  for (let i = 0; i < scenario.drivers.count; i++) {
    if (i % SEED_CHECK === 0 && slice.due()) {
      yield;
      slice.restart();
    }
    const type = pickVehicleType(scenario.drivers.vehicles, random.next());
    const driver: DriverRecord = {
      driver_id: ids.next('drv'),
      name: faker.person.fullName(),
      phone: faker.phone.number({ style: 'international' }),
      rating: round(random.float(4.2, 5.0), 1),
      vehicle: makeVehicle(locale, type),
      status: 'available',
      location: driverPosition(scenario, map, random),
      order_id: null,
      speed_factor: round(random.float(0.8, 1.2), 3),
    };
    state.drivers.push(driver);
  }
  for (const spec of scenario.drivers.list) {
    const type = spec.vehicle?.type ?? 'car';
    const generated = makeVehicle(locale, type);
    state.drivers.push({
      driver_id: spec.id ?? ids.next('drv'),
      name: spec.name ?? faker.person.fullName(),
      phone: spec.phone ?? faker.phone.number({ style: 'international' }),
      rating: spec.rating ?? 4.8,
      vehicle: {
        type,
        description: spec.vehicle?.description ?? generated.description,
        plate: spec.vehicle?.plate === undefined ? generated.plate : spec.vehicle.plate,
      },
      status: spec.status ?? 'available',
      location: roundLatLng(spec.location),
      order_id: null,
      speed_factor: 1,
    });
  }
  return state;
}

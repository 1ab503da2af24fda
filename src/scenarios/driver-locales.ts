import type { Faker } from '@faker-js/faker';
import type { DriverLocale } from '../domain/scenario.js';

/**
 * Each supported locale's faker, imported when a world in that locale is first generated: only
 * the supported locales, each a small entry of its own (the package's main entry loads every
 * locale, ~150 ms). Not at start-up: a bundled scenario's world is generated at build time
 * (src/scenarios/prebuilt-worlds.ts), and faker is ~700 KB of the bundle to compile.
 */
const FAKERS: Record<DriverLocale, () => Promise<Faker>> = {
  en_US: async () => (await import('@faker-js/faker/locale/en_US')).faker,
  en_GB: async () => (await import('@faker-js/faker/locale/en_GB')).faker,
  fr: async () => (await import('@faker-js/faker/locale/fr')).faker,
  de: async () => (await import('@faker-js/faker/locale/de')).faker,
  es: async () => (await import('@faker-js/faker/locale/es')).faker,
};

/** A locale's faker and vehicles (loadDriverLocale). */
export interface DriverLocaleData extends DriverVehicles {
  faker: Faker;
}

const loaded = new Map<DriverLocale, Promise<DriverLocaleData>>();

/** A locale's faker (imported on first use) with its vehicles. */
export function loadDriverLocale(locale: DriverLocale): Promise<DriverLocaleData> {
  let data = loaded.get(locale);
  if (!data) {
    data = FAKERS[locale]().then((faker) => ({ ...DRIVER_VEHICLES[locale], faker }));
    loaded.set(locale, data);
  }
  return data;
}

/** What drives in a locale: common makes with their models, and the shape of a plate. */
export interface DriverVehicles {
  /** `[make, models]`: the car is a make with one of its own models (never a "Subaru Model 3"). */
  cars: readonly (readonly [string, readonly string[]])[];
  /** A plate pattern for faker's replaceSymbols (`#` a digit, `?` a letter), or `vrm` (UK). */
  plate: string;
  /** Whether the colour follows the car ("Renault Clio rouge") rather than leads it. */
  colourAfter: boolean;
}

/** Each supported locale's vehicles. */
export const DRIVER_VEHICLES: Record<DriverLocale, DriverVehicles> = {
  en_US: {
    cars: [
      ['Toyota', ['Corolla', 'Prius', 'Camry', 'RAV4']],
      ['Honda', ['Civic', 'Accord', 'Fit']],
      ['Ford', ['Focus', 'Fusion', 'Escape']],
      ['Chevrolet', ['Bolt', 'Malibu', 'Spark']],
      ['Tesla', ['Model 3', 'Model Y']],
      ['Nissan', ['Leaf', 'Sentra', 'Versa']],
      ['Hyundai', ['Elantra', 'Ioniq', 'Kona']],
      ['Kia', ['Niro', 'Soul', 'Forte']],
      ['Subaru', ['Impreza', 'Outback', 'Crosstrek']],
    ],
    plate: '#???###', // California
    colourAfter: false,
  },
  en_GB: {
    cars: [
      ['Vauxhall', ['Corsa', 'Astra']],
      ['Ford', ['Fiesta', 'Focus', 'Puma']],
      ['Volkswagen', ['Golf', 'Polo']],
      ['Nissan', ['Qashqai', 'Leaf', 'Micra']],
      ['Toyota', ['Yaris', 'Corolla', 'Prius']],
      ['Kia', ['Niro', 'Picanto']],
      ['Mini', ['Cooper', 'Electric']],
    ],
    plate: 'vrm',
    colourAfter: false,
  },
  fr: {
    cars: [
      ['Renault', ['Clio', 'Zoe', 'Mégane', 'Twingo']],
      ['Peugeot', ['208', '308', 'e-208']],
      ['Citroën', ['C3', 'C4', 'Ami']],
      ['Dacia', ['Sandero', 'Spring', 'Logan']],
      ['Toyota', ['Yaris', 'Corolla']],
      ['Volkswagen', ['Polo', 'Golf']],
    ],
    plate: '??-###-??',
    colourAfter: true,
  },
  de: {
    cars: [
      ['Volkswagen', ['Golf', 'Polo', 'ID.3']],
      ['Opel', ['Corsa', 'Astra']],
      ['BMW', ['1er', 'i3']],
      ['Mercedes-Benz', ['A-Klasse', 'B-Klasse']],
      ['Audi', ['A3', 'A1']],
      ['Škoda', ['Fabia', 'Octavia']],
      ['Ford', ['Fiesta', 'Focus']],
    ],
    plate: '? ?? ####',
    colourAfter: false,
  },
  es: {
    cars: [
      ['SEAT', ['Ibiza', 'León', 'Arona']],
      ['Renault', ['Clio', 'Mégane']],
      ['Peugeot', ['208', '2008']],
      ['Toyota', ['Corolla', 'Yaris']],
      ['Dacia', ['Sandero', 'Logan']],
      ['Kia', ['Niro', 'Ceed']],
    ],
    plate: '#### ???',
    colourAfter: true,
  },
};

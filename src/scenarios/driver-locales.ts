// Only the supported locales, each a small entry of its own: the package's main entry loads every
// locale (~150 ms at start-up); these five together add ~25 ms over English alone.
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as enGB } from '@faker-js/faker/locale/en_GB';
import { faker as enUS } from '@faker-js/faker/locale/en_US';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as fr } from '@faker-js/faker/locale/fr';
import type { Faker } from '@faker-js/faker';
import type { DriverLocale } from '../domain/scenario.js';

/** What drives in a locale: common makes with their models, and the shape of a plate. */
export interface DriverLocaleData {
  faker: Faker;
  /** `[make, models]`: the car is a make with one of its own models (never a "Subaru Model 3"). */
  cars: readonly (readonly [string, readonly string[]])[];
  /** A plate pattern for faker's replaceSymbols (`#` a digit, `?` a letter), or `vrm` (UK). */
  plate: string;
  /** Whether the colour follows the car ("Renault Clio rouge") rather than leads it. */
  colourAfter: boolean;
}

/** Each supported locale's faker and vehicles. */
export const DRIVER_LOCALES: Record<DriverLocale, DriverLocaleData> = {
  en_US: {
    faker: enUS,
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
    faker: enGB,
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
    faker: fr,
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
    faker: de,
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
    faker: es,
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

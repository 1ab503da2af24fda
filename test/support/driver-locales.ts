// The supported locales' fakers imported up front, for test code that builds a world without
// waiting (openWorld): the sandbox itself imports a locale's faker on first use
// (src/scenarios/driver-locales.ts).
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as enGB } from '@faker-js/faker/locale/en_GB';
import { faker as enUS } from '@faker-js/faker/locale/en_US';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as fr } from '@faker-js/faker/locale/fr';
import type { DriverLocale } from '../../src/domain/scenario.js';
import { DRIVER_VEHICLES, type DriverLocaleData } from '../../src/scenarios/driver-locales.js';

const FAKERS = { de, en_GB: enGB, en_US: enUS, es, fr };

/** A locale's faker and vehicles, as loadDriverLocale gives them. */
export function driverLocale(locale: DriverLocale): DriverLocaleData {
  return { ...DRIVER_VEHICLES[locale], faker: FAKERS[locale] };
}

import { readFileSync } from 'node:fs';
import type { TestPaymentMethod } from './domain/payment-methods.js';
import { packagePath } from './paths.js';

let paymentMethods: TestPaymentMethod[] | undefined;

/** The test payment methods of `fixtures/payment-methods.json`, read once. */
export function testPaymentMethods(): TestPaymentMethod[] {
  paymentMethods ??= (
    JSON.parse(readFileSync(packagePath('fixtures', 'payment-methods.json'), 'utf8')) as {
      payment_methods: TestPaymentMethod[];
    }
  ).payment_methods;
  return paymentMethods;
}

/** What charging a test payment method does. */
export type PaymentOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds' | 'expired_card';

export interface TestPaymentMethod {
  id: string;
  brand: string;
  outcome: PaymentOutcome;
  description: string;
}

/** The shape a payment method id must have (`pm_` and a name). */
export const PAYMENT_METHOD_PATTERN = /^pm_[A-Za-z0-9_]+$/;

/**
 * Looks a payment method up among the test methods. A well-shaped id that is not one of them is
 * answered `undefined` (the caller says which ones exist).
 */
export function findPaymentMethod(
  methods: readonly TestPaymentMethod[],
  id: string,
): TestPaymentMethod | undefined {
  return methods.find((m) => m.id === id);
}

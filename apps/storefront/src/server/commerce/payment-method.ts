/** A way to pay for an order. Online methods (cards, wallets) would add a redirect or a client step. */
export interface PaymentMethod {
  readonly id: string;
  /** Called once the order is written, with its server-computed total. */
  authorize(order: { readonly id: string; readonly totalCents: number }): Promise<PaymentResult>;
}

export interface PaymentResult {
  /** `pending`: money is collected later (on delivery). */
  readonly status: 'pending' | 'paid';
}

/** The built-in offline method: nothing to authorize now, the courier collects the payment. */
export const payOnDelivery: PaymentMethod = {
  id: 'pay_on_delivery',
  authorize: async () => ({ status: 'pending' }),
};

export const paymentMethods: readonly PaymentMethod[] = [payOnDelivery];

export function findPaymentMethod(id: unknown): PaymentMethod | undefined {
  return paymentMethods.find((method) => method.id === id);
}

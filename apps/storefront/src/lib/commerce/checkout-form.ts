import { z } from 'zod';
import type { Messages } from '../../i18n/messages.ts';

// The checkout page validates in the browser, under a policy without 'unsafe-eval': Zod would otherwise probe
// `Function("")` on its first object parse (a CSP violation the browser reports, though Zod catches it).
z.config({ jitless: true });

/** Countries the shop delivers to (ISO 3166-1 alpha-2). */
export const deliveryCountries = ['FR', 'BE', 'CH', 'LU', 'DE'] as const;
export type DeliveryCountry = (typeof deliveryCountries)[number];

/** Field problems, as codes the client and the server translate the same way. */
export type FieldProblem = keyof Messages['checkout']['fields'];

const text = (max: number) =>
  z
    .string({ error: 'required' satisfies FieldProblem })
    .trim()
    .min(1, { error: 'required' satisfies FieldProblem })
    .max(max, { error: 'tooLong' satisfies FieldProblem });

/**
 * Contact and delivery details of a checkout. The browser checks them as the shopper types; the server
 * checks them again, since anything can be posted.
 */
export const checkoutDetailsSchema = z.object({
  email: text(254).pipe(z.email({ error: 'email' satisfies FieldProblem })),
  firstName: text(80),
  lastName: text(80),
  phone: z
    .string()
    .trim()
    .max(30, { error: 'tooLong' satisfies FieldProblem })
    .regex(/^(\+?[0-9 ().-]{6,30})?$/, { error: 'phone' satisfies FieldProblem })
    .default(''),
  address: text(200),
  postalCode: text(12).pipe(
    z.string().regex(/^[A-Za-z0-9 -]{3,12}$/, { error: 'postalCode' satisfies FieldProblem }),
  ),
  city: text(100),
  country: z.enum(deliveryCountries, { error: 'country' satisfies FieldProblem }),
});

export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;
export type CheckoutField = keyof CheckoutDetails;

export const checkoutFields = Object.keys(checkoutDetailsSchema.shape) as CheckoutField[];

/** Validates details and returns each invalid field's localized message (empty when all are valid). */
export function checkoutFieldErrors(
  input: unknown,
  messages: Messages,
): Partial<Record<CheckoutField, string>> {
  const result = checkoutDetailsSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !isCheckoutField(field) || errors[field]) continue;
    errors[field] = messages.checkout.fields[asProblem(issue.message)];
  }
  return errors;
}

function isCheckoutField(name: string): name is CheckoutField {
  return (checkoutFields as string[]).includes(name);
}

function asProblem(message: string): FieldProblem {
  return message in { required: 1, email: 1, tooLong: 1, postalCode: 1, phone: 1, country: 1 }
    ? (message as FieldProblem)
    : 'required';
}

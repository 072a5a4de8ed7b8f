import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../i18n/messages.ts';
import { checkoutDetailsSchema, checkoutFieldErrors } from './checkout-form.ts';

const valid = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Martin',
  phone: '',
  address: '3 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  country: 'FR',
};

describe('checkout details', () => {
  it('accepts a complete address and trims it', () => {
    expect(checkoutDetailsSchema.parse({ ...valid, city: '  Paris ' }).city).toBe('Paris');
    expect(checkoutFieldErrors(valid, messagesFor('en'))).toEqual({});
  });

  it('names each invalid field in the shopper’s language', () => {
    const input = { ...valid, email: 'not-an-email', firstName: ' ', country: 'US' };
    expect(checkoutFieldErrors(input, messagesFor('en'))).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
      firstName: 'This field is required.',
      country: 'Choose a country from the list.',
    });
    expect(checkoutFieldErrors(input, messagesFor('fr'))).toMatchObject({
      firstName: 'Ce champ est obligatoire.',
    });
  });

  it('treats missing fields and non-strings as required', () => {
    expect(checkoutFieldErrors({}, messagesFor('en'))).toMatchObject({
      email: 'This field is required.',
      city: 'This field is required.',
    });
    expect(checkoutFieldErrors({ ...valid, postalCode: '<script>' }, messagesFor('en'))).toEqual({
      postalCode: 'Enter a valid postal code.',
    });
  });
});

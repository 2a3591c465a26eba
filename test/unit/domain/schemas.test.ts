import { describe, expect, it } from 'vitest';
import type * as z from '../../../domain/schemas/zod';
import { addressSchema } from '../../../domain/schemas/addresses';
import {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordFormSchema,
  updateProfileFormSchema,
  updateProfileSchema,
  verifyOtpSchema,
} from '../../../domain/schemas/auth';
import { hasNoLink, PASSWORD_RULES } from '../../../domain/schemas/fields';
import { labelOrderSchema } from '../../../domain/schemas/labels';
import { checkoutSessionSchema, topupSchema } from '../../../domain/schemas/payments';
import { supportSchema } from '../../../domain/schemas/support';
import { trackSchema } from '../../../domain/schemas/tracking';
import { fieldErrors } from '../../../domain/validation';

/** The field -> message map a 400 would carry, or {} when the value is valid. */
function errorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error).fields;
}

const address = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'tx', zip: '78701', country: 'US' };
const order = {
  labelType: 'usps_priority',
  weight: 2,
  height: 4,
  length: 10,
  width: 6,
  from: address,
  to: { ...address, name: 'Bo Chan', zip: '10001-1234', state: 'NY', city: 'New York' },
  paymentMethod: 'credits',
};
const strong = 'Str0ng!pass';

describe('login', () => {
  it('accepts a good body', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.co', password: '123456', recaptchaToken: 't' })).toEqual({});
  });
  it('gives the spec messages', () => {
    expect(errorsOf(loginSchema, { email: 'nope', password: '12345', recaptchaToken: '' })).toEqual({
      email: 'Invalid email format',
      password: 'Password must be at least 6 characters',
      recaptchaToken: "Please verify you're not a robot",
    });
  });
  it('reports every missing field', () => {
    expect(Object.keys(errorsOf(loginSchema, {}))).toEqual(['email', 'password', 'recaptchaToken']);
  });
  it('trims the email', () => {
    expect(loginSchema.parse({ email: '  a@b.co ', password: '123456', recaptchaToken: 't' }).email).toBe('a@b.co');
  });
});

describe('register', () => {
  const good = { name: 'Al', email: 'al@example.com', password: strong, recaptchaToken: 't' };
  it('accepts a good body', () => expect(errorsOf(registerSchema, good)).toEqual({}));
  it('needs a name of 2 characters after trimming', () => {
    expect(errorsOf(registerSchema, { ...good, name: ' A ' })).toEqual({ name: 'Name must be at least 2 characters' });
  });
  it.each([
    ['Sh0rt!a', 'Password must be at least 8 characters'],
    ['lower0!case', 'Must contain at least one uppercase letter'],
    ['UPPER0!CASE', 'Must contain at least one lowercase letter'],
    ['NoNumber!x', 'Must contain at least one number'],
    ['NoSpecial1x', 'Must contain at least one special character'],
  ])('refuses %s: %s', (password, message) => {
    expect(errorsOf(registerSchema, { ...good, password })).toEqual({ password: message });
  });
  it('offers each password rule for the live checklist', () => {
    expect(PASSWORD_RULES.map((r) => r.test(strong))).toEqual([true, true, true, true, true]);
    expect(PASSWORD_RULES.map((r) => r.test('abc'))).toEqual([false, false, true, false, false]);
  });
  it('refuses a huge password before anything hashes it', () => {
    expect(errorsOf(registerSchema, { ...good, password: `${strong}${'x'.repeat(200)}` }).password).toMatch(/at most 128/);
  });
});

describe('one-time code', () => {
  it.each(['ABC123', 'abc123', '000000'])('accepts %s', (otp) => {
    expect(errorsOf(verifyOtpSchema, { email: 'a@b.co', otp })).toEqual({});
  });
  it.each(['ABC12', 'ABC1234', 'ABC-12', 'ÄBC123', ''])('refuses %j', (otp) => {
    expect(errorsOf(verifyOtpSchema, { email: 'a@b.co', otp })).toHaveProperty('otp');
  });
  it('needs a valid email for send, resend and forgot', () => {
    expect(errorsOf(emailOnlySchema, { email: 'x@' })).toEqual({ email: 'Invalid email format' });
  });
});

describe('reset and profile forms', () => {
  it('reset: passwords must match', () => {
    expect(errorsOf(resetPasswordFormSchema, { token: 't', password: strong, confirmPassword: 'other' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
  it('profile: a blank password keeps the current one', () => {
    expect(errorsOf(updateProfileSchema, { name: 'Al', password: '' })).toEqual({});
    expect(errorsOf(updateProfileSchema, { name: 'Al' })).toEqual({});
  });
  it('profile: a new password follows the sign-up rules and must match its confirmation', () => {
    expect(errorsOf(updateProfileSchema, { name: 'Al', password: 'weak' })).toHaveProperty('password');
    expect(errorsOf(updateProfileFormSchema, { name: 'Al', password: strong, confirmPassword: 'x', currentPassword: 'Old-pass-1' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
  it('profile: a new password needs the current one beside it; a name change does not', () => {
    const message = 'Enter your current password to change it';
    expect(errorsOf(updateProfileSchema, { name: 'Al', password: strong })).toEqual({ currentPassword: message });
    expect(errorsOf(updateProfileSchema, { name: 'Al', password: strong, currentPassword: '' })).toEqual({ currentPassword: message });
    expect(errorsOf(updateProfileFormSchema, { name: 'Al', password: strong, confirmPassword: strong })).toEqual({ currentPassword: message });
    expect(updateProfileSchema.safeParse({ name: 'Al', password: strong, currentPassword: 'Old-pass-1' }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ name: 'Al', password: '' }).success).toBe(true);
  });
  it.each([
    ['a line break', 'Ann\nLee', 'Must be on one line'],
    ['a carriage return', 'Ann\rLee', 'Must be on one line'],
    ['a link', 'Ann https://evil.example', 'Links are not allowed here'],
    ['a scheme-less link', 'Ann www.evil.example', 'Links are not allowed here'],
    ['a domain', 'Ann evil-login.com', 'Links are not allowed here'],
  ])('names and address lines refuse %s, on sign-up, profile and addresses alike', (_what, text, message) => {
    expect(errorsOf(registerSchema, { name: text, email: 'a@b.co', password: strong, recaptchaToken: 't' })).toEqual({ name: message });
    expect(errorsOf(updateProfileSchema, { name: text })).toEqual({ name: message });
    expect(errorsOf(addressSchema, { name: text, street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' })).toEqual({ name: message });
    expect(errorsOf(addressSchema, { name: 'Ann', street: text, city: 'Austin', state: 'TX', zip: '78701', country: 'US' })).toEqual({ street: message });
  });
  it('names with initials, dots and apostrophes stay allowed', () => {
    for (const name of ['J. R. R. Tolkien', "Dr. Ann O'Brien-Lee", 'St. Louis Shipping Co.', 'Ann.Lee']) {
      expect(updateProfileSchema.safeParse({ name }).success, name).toBe(true);
    }
  });
  it('profile: the email is not part of the body', () => {
    expect(updateProfileSchema.parse({ name: 'Al', email: 'new@x.co' })).toEqual({ name: 'Al' });
  });
});

describe('label order', () => {
  it('accepts a good order and upper-cases the state', () => {
    const parsed = labelOrderSchema.parse(order);
    expect(parsed.from.state).toBe('TX');
  });
  it('gives the spec messages for missing fields', () => {
    expect(errorsOf(labelOrderSchema, {})).toMatchObject({
      labelType: 'Label Type is required',
      weight: 'Weight must be a positive number',
      height: 'Required',
      length: 'Required',
      width: 'Required',
      from: 'Required',
      to: 'Required',
      paymentMethod: 'Payment method is required',
    });
  });
  it.each([0, -1, Number.NaN, '2'])('refuses weight %j', (weight) => {
    expect(errorsOf(labelOrderSchema, { ...order, weight })).toEqual({ weight: 'Weight must be a positive number' });
  });
  it('refuses a weight over 70 lb', () => {
    expect(errorsOf(labelOrderSchema, { ...order, weight: 71 })).toEqual({ weight: 'Must be at most 70' });
  });
  it('accepts 70 lb and 0.5 lb', () => {
    expect(errorsOf(labelOrderSchema, { ...order, weight: 70 })).toEqual({});
    expect(errorsOf(labelOrderSchema, { ...order, weight: 0.5 })).toEqual({});
  });
  it('needs every address field, named by path', () => {
    expect(errorsOf(labelOrderSchema, { ...order, to: { ...order.to, city: '  ', zip: '123' } })).toEqual({
      'to.city': 'Required',
      'to.zip': 'ZIP must be 5 digits or ZIP+4',
    });
  });
  it('refuses an unknown payment method', () => {
    expect(errorsOf(labelOrderSchema, { ...order, paymentMethod: 'free' })).toEqual({ paymentMethod: 'Payment method is required' });
  });
  it('ignores a price sent by the browser', () => {
    expect(labelOrderSchema.parse({ ...order, price: 0.01 })).not.toHaveProperty('price');
  });
});

describe('address', () => {
  it('needs all six fields', () => {
    expect(Object.keys(errorsOf(addressSchema, {})).sort()).toEqual(['city', 'country', 'name', 'state', 'street', 'zip']);
  });
  it('refuses a state that is not a US code', () => {
    expect(errorsOf(addressSchema, { ...address, state: 'ZZ' })).toEqual({ state: 'Use a two-letter US state code' });
  });
  it.each([
    ['a NUL', 'Ann\u0000 Lee'],
    ['an escape character', 'Ann\u001b[31m Lee'],
    ['a bidi override', 'Ann \u202Eeel'],
    ['a lone surrogate', 'Ann \uD83D Lee'],
  ])('refuses %s in free text, on every form that takes it', (_what, text) => {
    expect(errorsOf(addressSchema, { ...address, name: text })).toEqual({ name: 'Contains characters that are not allowed' });
    expect(errorsOf(supportSchema, { email: 'a@b.co', subject: 'Other', message: `${text} needs help` })).toEqual({
      message: 'Contains characters that are not allowed',
    });
  });
  it('takes accents, other scripts, emoji and line breaks in a message', () => {
    expect(errorsOf(addressSchema, { ...address, name: 'Zoë Ñúñez 山田 🚚' })).toEqual({});
    expect(errorsOf(supportSchema, { email: 'a@b.co', subject: 'Other', message: 'Line one\r\n\tLine two 📦' })).toEqual({});
  });
});

describe('address company, second street line and phone', () => {
  it.each([
    ['(512) 555-0100', '5125550100'],
    ['512.555.0100', '5125550100'],
    [' 512 555 0100 ', '5125550100'],
    ['+1 512-555-0100', '5125550100'],
    ['+15125550100', '5125550100'],
    ['1 (512) 555-0100', '5125550100'],
    ['5125550100', '5125550100'],
  ])('keeps the phone %j as its ten digits', (phone, digits) => {
    expect(addressSchema.parse({ ...address, phone }).phone).toBe(digits);
  });

  it.each([
    ['seven digits', '555-0100'],
    ['eleven digits not starting with 1', '25125550100'],
    ['another country code', '+44 20 7946 0958'],
    ['a plus without the 1', '+5125550100'],
    ['letters', '512-555-CALL'],
    ['an extension', '512-555-0100 x12'],
    ['a slash', '512/555/0100'],
    ['a number', 5125550100],
    ['31 characters', '5'.repeat(31)],
  ])('refuses a phone with %s', (_what, phone) => {
    expect(errorsOf(addressSchema, { ...address, phone })).toEqual({ phone: 'Phone must be a 10-digit US number' });
  });

  it('reads a blank company, second line or phone as left out, and keeps them out of the address', () => {
    const parsed = addressSchema.parse({ ...address, company: '  ', street2: '', phone: ' ' });
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ ...address, state: 'TX' });
    expect(addressSchema.parse(address)).not.toHaveProperty('phone');
  });

  it('trims company and second line, one line of at most 100 characters each, without links', () => {
    expect(addressSchema.parse({ ...address, company: ' Acme Corp. ', street2: ' Suite 200 ' })).toMatchObject({ company: 'Acme Corp.', street2: 'Suite 200' });
    expect(errorsOf(addressSchema, { ...address, company: 'c'.repeat(100), street2: 's'.repeat(100) })).toEqual({});
    expect(errorsOf(addressSchema, { ...address, company: 'c'.repeat(101), street2: 's'.repeat(101) })).toEqual({
      company: 'Must be at most 100 characters',
      street2: 'Must be at most 100 characters',
    });
    expect(errorsOf(addressSchema, { ...address, company: 'Acme\nInc', street2: 'see www.example.com' })).toEqual({
      company: 'Must be on one line',
      street2: 'Links are not allowed here',
    });
    expect(errorsOf(addressSchema, { ...address, company: 'Ann \u202Eeel', street2: 7 })).toEqual({
      company: 'Contains characters that are not allowed',
      street2: 'Must be text',
    });
  });

  it('takes them on both sides of a label order, named by path; the recipient keeps its email apart', () => {
    const to = { ...order.to, company: 'Chan & Co', street2: 'Apt 4', phone: '212 555 0100', email: 'bo@example.com' };
    expect(labelOrderSchema.parse({ ...order, to }).to).toMatchObject({ company: 'Chan & Co', street2: 'Apt 4', phone: '2125550100', email: 'bo@example.com' });
    expect(errorsOf(labelOrderSchema, { ...order, from: { ...address, phone: '12' }, to: { ...to, street2: 'x'.repeat(101) } })).toEqual({
      'from.phone': 'Phone must be a 10-digit US number',
      'to.street2': 'Must be at most 100 characters',
    });
  });
});

describe('top-up', () => {
  it.each([1, '1', 10.5, '10000', 10000])('accepts %j', (amount) => {
    expect(errorsOf(topupSchema, { amount, creditType: 'Crypto' })).toEqual({});
  });
  it.each([0, -5, 0.99, 10000.01, 1.234, 'abc', Number.NaN, null])('refuses %j with the spec message', (amount) => {
    expect(errorsOf(topupSchema, { amount, creditType: 'Crypto' })).toEqual({ amount: 'Please enter a valid amount.' });
  });
  it('checkout needs an amount or an order', () => {
    expect(errorsOf(checkoutSessionSchema, {})).toEqual({ amount: 'Please enter a valid amount.' });
    expect(errorsOf(checkoutSessionSchema, { metadata: { orderDetails: { ...order, paymentMethod: 'purchase' } } })).toEqual({});
  });
});

describe('tracking and support', () => {
  it('tracking number is required', () => {
    expect(errorsOf(trackSchema, { trackingNumber: '   ' })).toEqual({ trackingNumber: 'Please enter a USPS tracking number' });
    expect(trackSchema.parse({ trackingNumber: '9400 1000 0000 0000 0000 00' }).trackingNumber).toBe('9400100000000000000000');
  });
  it('support subject and message rules', () => {
    expect(errorsOf(supportSchema, { email: 'a@b.co', subject: '', message: '' })).toEqual({
      subject: 'Please select a subject',
      message: 'Please enter your message',
    });
    expect(errorsOf(supportSchema, { email: 'a@b.co', subject: 'Other', message: 'too short' })).toEqual({
      message: 'Message must be at least 10 characters',
    });
    expect(errorsOf(supportSchema, { email: 'a@b.co', subject: 'Billing Questions', message: 'Ten chars!' })).toEqual({});
  });
});

describe('one-line fields', () => {
  it('tells links from dotted initials and places', () => {
    expect(['J. R. R. Tolkien', 'St. Louis', 'Suite 4.5', 'Ann Lee'].map(hasNoLink)).toEqual([true, true, true, true]);
    expect(['evil.ru/x', 'see https://x.y', 'www.shop', 'mail me at shop.com', 'ftp://host'].map(hasNoLink)).toEqual([false, false, false, false, false]);
  });

  // The link test runs on whatever a caller sends, before any length check stops it: it must stay
  // linear in the text, or one request of hyphenated text would hold a Lambda for minutes.
  it('checks a megabyte of hyphenated text at once, and the schema refuses it for its length', () => {
    const huge = 'a-'.repeat(500_000);
    expect(hasNoLink(huge)).toBe(true);
    const parsed = addressSchema.safeParse({ name: huge, street: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' });
    expect(parsed.success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CONTACT_NOTES_MAX,
  ContactMessages as M,
  ContactTypeMessages,
  contactInputSchema,
  contactLine,
  contactTypeInputSchema,
  contactTypeUpdateSchema,
  displayPhone,
  missingContactTypes,
  parsePhone,
  phoneProblem,
  type ContactType,
} from './contacts.ts';

const valid = { types: [1], firstName: 'Dana', lastName: 'Whitfield', email: 'dana@summitweb.example' };

const firstMessage = (input: unknown): string | null => {
  const result = contactInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('phone numbers', () => {
  it.each([
    ['(303) 555-0147', '+13035550147', '(303) 555-0147'],
    ['303.555.0147', '+13035550147', '(303) 555-0147'],
    ['3035550147', '+13035550147', '(303) 555-0147'],
    ['+1 720 201 0100', '+17202010100', '(720) 201-0100'],
    ['1-720-201-0100', '+17202010100', '(720) 201-0100'],
    ['+44 20 7946 0000', '+442079460000', '+44 20 7946 0000'],
  ])('reads %s as %s, shown as %s', (typed, e164, shown) => {
    expect(parsePhone(typed)).toEqual({ e164, display: shown });
    expect(phoneProblem(typed)).toBeNull();
    expect(displayPhone(e164)).toBe(shown);
  });

  it.each([
    ['123', M.phoneInvalid],
    ['(555) 201-0100', M.phoneInvalid],
    ['call me', M.phoneInvalid],
    ['+1 303 555 01470', M.phoneInvalid],
    ['1'.repeat(41), M.phoneInvalid],
    ['(303) 555-0147 ext. 12', M.phoneExtension],
  ])('refuses %s', (typed, message) => {
    expect(phoneProblem(typed)).toBe(message);
    expect(firstMessage({ ...valid, phone: typed })).toBe(message);
  });

  it('takes an empty phone, and stores what it reads as E.164', () => {
    expect(phoneProblem('  ')).toBeNull();
    expect(contactInputSchema.parse({ ...valid, phone: '' }).phone).toBe('');
    expect(contactInputSchema.parse(valid).phone).toBe('');
    expect(contactInputSchema.parse({ ...valid, phone: ' (303) 555-0147 ' }).phone).toBe('+13035550147');
  });

  it('shows nothing for no number', () => {
    expect(displayPhone('')).toBe('');
  });
});

describe('contactInputSchema', () => {
  it('trims and fills what is left out', () => {
    expect(contactInputSchema.parse({ ...valid, firstName: ' Dana ', types: [2, 1, 2] })).toEqual({
      types: [2, 1],
      firstName: 'Dana',
      lastName: 'Whitfield',
      title: '',
      email: 'dana@summitweb.example',
      phone: '',
      notes: '',
    });
  });

  it.each([
    ['no types', { ...valid, types: [] }, M.typesRequired],
    ['types missing', { ...valid, types: undefined }, M.typesRequired],
    ['too many types', { ...valid, types: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, M.typesTooMany],
    ['no first name', { ...valid, firstName: '  ' }, M.firstNameRequired],
    ['first name missing', { ...valid, firstName: undefined }, M.firstNameRequired],
    ['long first name', { ...valid, firstName: 'a'.repeat(101) }, M.firstNameTooLong],
    ['no last name', { ...valid, lastName: '' }, M.lastNameRequired],
    ['long last name', { ...valid, lastName: 'a'.repeat(101) }, M.lastNameTooLong],
    ['long title', { ...valid, title: 'a'.repeat(121) }, M.titleTooLong],
    ['no email', { ...valid, email: '' }, M.emailRequired],
    ['email missing', { ...valid, email: undefined }, M.emailRequired],
    ['email without a domain', { ...valid, email: 'dana@' }, M.emailInvalid],
    ['email with a space', { ...valid, email: 'dana whitfield@summit.example' }, M.emailInvalid],
    ['long email', { ...valid, email: `${'a'.repeat(250)}@x.example` }, M.emailInvalid],
    ['long notes', { ...valid, notes: 'a'.repeat(CONTACT_NOTES_MAX + 1) }, M.notesTooLong],
  ])('refuses %s', (_label, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('takes notes up to the limit', () => {
    expect(firstMessage({ ...valid, notes: 'a'.repeat(CONTACT_NOTES_MAX) })).toBeNull();
  });
});

describe('contact types', () => {
  const type = (id: number, name: string, required: boolean, vendorTypes: string[] = []): ContactType => ({
    id,
    name,
    required,
    vendorTypes,
    sortOrder: id,
  });
  const types = [
    type(1, 'Primary', false),
    type(2, 'Technical', true),
    type(3, 'Billing', true),
    type(4, 'Compliance', true, ['VOW Vendor']),
  ];

  it('names the required types of the vendor type that no contact has, in order', () => {
    expect(missingContactTypes(types, [], 'IDX Vendor')).toEqual(['Technical', 'Billing']);
    expect(missingContactTypes(types, [], 'VOW Vendor')).toEqual(['Technical', 'Billing', 'Compliance']);
    expect(missingContactTypes(types, [{ types: [1, 3] }], 'IDX Vendor')).toEqual(['Technical']);
    expect(missingContactTypes(types, [{ types: [2] }, { types: [3, 4] }], 'VOW Vendor')).toEqual([]);
  });

  it('checks the admin input', () => {
    expect(contactTypeUpdateSchema.parse({ required: true })).toEqual({ required: true, vendorTypes: [] });
    expect(
      contactTypeUpdateSchema.parse({ required: false, vendorTypes: ['VOW Vendor', 'VOW Vendor'] }),
    ).toEqual({ required: false, vendorTypes: ['VOW Vendor'] });
    const bad = contactTypeUpdateSchema.safeParse({ required: true, vendorTypes: ['Broker'] });
    expect(bad.error?.issues[0]?.message).toBe(ContactTypeMessages.vendorTypeInvalid);
    expect(contactTypeInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      ContactTypeMessages.nameRequired,
    );
    expect(contactTypeInputSchema.parse({ name: ' Legal ' })).toEqual({
      name: 'Legal',
      required: false,
      vendorTypes: [],
    });
  });

  it('names a contact as the metadata does', () => {
    expect(contactLine({ firstName: 'Dana', lastName: 'Whitfield', email: 'dana@x.example' })).toBe(
      'Dana Whitfield <dana@x.example>',
    );
  });
});

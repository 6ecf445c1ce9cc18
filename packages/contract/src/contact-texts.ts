/**
 * The limits and texts of key contacts, apart from the phone rules (contacts.ts), so a screen that
 * only names contacts (the dashboard) does not load the phone number metadata.
 */

export const CONTACT_NAME_MAX = 100;
export const CONTACT_TITLE_MAX = 120;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_NOTES_MAX = 1000;
export const CONTACT_TYPES_MAX = 10;
export const CONTACT_TYPE_NAME_MAX = 60;

export const ContactMessages = {
  title: 'Key Contacts',
  intro: 'The people at your company the MLS contacts about technical, billing and compliance matters.',
  add: 'Add contact',
  edit: 'Edit contact',
  save: 'Save',
  cancel: 'Cancel',
  deleteAction: 'Delete',
  deleteConfirm: 'Delete this contact?',
  deleteConfirmDetail: (name: string) => `${name} will be removed from your key contacts.`,
  filterByType: 'Filter by type',
  allTypes: 'All types',
  empty: 'No key contacts yet.',
  emptyNext: 'Add the people the MLS should contact about your account.',
  emptyFiltered: (type: string) => `No contacts of type ${type}.`,
  clearFilter: 'Show all types',
  loadFailed: 'Key contacts could not be loaded.',
  created: 'Contact added',
  saved: 'Contact saved',
  deleted: 'Contact deleted',
  missing: 'Missing key contacts:',
  missingHint: 'The MLS requires a contact of each of these types.',
  columns: {
    name: 'Name',
    types: 'Types',
    title: 'Title',
    email: 'Email',
    phone: 'Phone',
    notes: 'Notes',
    actions: 'Actions',
  },
  fields: {
    types: 'Contact types',
    firstName: 'First name',
    lastName: 'Last name',
    title: 'Title',
    email: 'Email',
    phone: 'Phone',
    notes: 'Notes',
  },
  phoneHint: 'A US number, or an international one starting with +.',
  typesRequired: 'Please choose at least one contact type.',
  typesTooMany: `A contact can have at most ${CONTACT_TYPES_MAX} types.`,
  typeUnknown: 'One of the contact types chosen does not exist.',
  firstNameRequired: 'Please enter the first name.',
  firstNameTooLong: `A first name can be at most ${CONTACT_NAME_MAX} characters.`,
  lastNameRequired: 'Please enter the last name.',
  lastNameTooLong: `A last name can be at most ${CONTACT_NAME_MAX} characters.`,
  titleTooLong: `A title can be at most ${CONTACT_TITLE_MAX} characters.`,
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a valid phone number, such as (303) 555-0147 or +44 20 7946 0000.',
  phoneExtension: 'Please enter the phone number without an extension; put the extension in the notes.',
  notesTooLong: `Notes can be at most ${CONTACT_NOTES_MAX} characters.`,
  notFound: 'Contact not found',
  stale:
    'This contact was changed by someone else since you opened it. Reload it to see their changes, then save again.',
} as const;

export const ContactTypeMessages = {
  nameRequired: 'Please enter the name of the contact type.',
  nameTooLong: `A contact type's name can be at most ${CONTACT_TYPE_NAME_MAX} characters.`,
  nameTaken: 'A contact type with this name already exists.',
  vendorTypeInvalid: 'Please choose vendor types from the list: IDX Vendor or VOW Vendor.',
  notFound: 'Contact type not found',
  created: (name: string) => `Contact type ${name} created`,
  saved: (name: string) => `Contact type ${name} saved`,
} as const;

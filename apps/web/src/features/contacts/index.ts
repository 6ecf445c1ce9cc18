/** Key contacts (/team): the vendor's contacts by type, added, edited and deleted in a dialog. */
export { useContactTypes, useContacts } from './api.ts';

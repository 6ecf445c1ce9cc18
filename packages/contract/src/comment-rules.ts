import type { Role } from './roles.ts';

/**
 * Who may post an internal note (`public: false`), which vendors never see: MLS staff only. The
 * server refuses one from anyone else (CommentMessages.internalOnlyStaff); the web app offers the
 * choice to staff alone.
 */
export function canPostInternalNote(role: Role): boolean {
  return role === 'admin';
}

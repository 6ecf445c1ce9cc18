import { useMediaQuery } from './use-media-query.ts';

/**
 * Whether the user has asked their system for less motion (WCAG 2.3.3): dialogs, drawers, menus
 * and toasts then appear and go without sliding or fading.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', false);
}

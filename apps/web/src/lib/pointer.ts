/**
 * A touch screen without a fine pointer (a phone, a tablet): nothing hovers there, so a hover hint
 * shown by a tap stays over the page, and a focused text field raises the on-screen keyboard.
 */
export function touchScreen(): boolean {
  return window.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false;
}

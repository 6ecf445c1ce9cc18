/**
 * Lets non-React code (the HTTP client, the idle timer) navigate through the router once it
 * exists, instead of reloading the page.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);
let routed = false;

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
  routed = true;
}

/** Whether an app (the light one or the full one) navigates in place yet. */
export function hasRouter(): boolean {
  return routed;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

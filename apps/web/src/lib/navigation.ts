/**
 * Lets non-React code (the HTTP client, the idle timer) navigate through the router once it
 * exists, instead of reloading the page.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

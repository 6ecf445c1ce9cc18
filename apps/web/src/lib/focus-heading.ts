/**
 * After a page is chosen from the menu, focus goes to the new page's heading, so a keyboard or
 * screen-reader user continues from the top of what they asked for rather than from the menu.
 * Pages load their code on demand, so this waits (a few seconds at most) for a heading in the
 * content area that is not the one shown when the page was chosen; a later choice replaces an
 * earlier one still waiting.
 */
let pending = 0;

export function focusNextPageHeading(
  main: () => HTMLElement | null = () => document.getElementById('main'),
  waitMs = 5000,
): void {
  cancelAnimationFrame(pending);
  const before = main()?.querySelector('h1') ?? null;
  // React may keep the element and change its text when both pages draw their heading alike.
  const beforeText = before?.textContent;
  const started = performance.now();
  const attempt = () => {
    const heading = main()?.querySelector<HTMLElement>('h1');
    if (heading && (heading !== before || heading.textContent !== beforeText)) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return;
    }
    if (performance.now() - started < waitMs) pending = requestAnimationFrame(attempt);
  };
  pending = requestAnimationFrame(attempt);
}

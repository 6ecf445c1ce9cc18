/**
 * Focus that moves once something appears: the page chosen from the menu, or the queue's next item
 * once a decision has taken the last one away. Each waits (a few seconds at most) by animation
 * frames for `find` to name an element, then focuses it; at the end of the wait it focuses
 * `fallback` instead, if given. A later call replaces an earlier one still waiting.
 */
let pending = 0;

export function focusWhen(
  find: () => HTMLElement | null | undefined,
  { waitMs = 5000, fallback }: { waitMs?: number; fallback?: () => HTMLElement | null | undefined } = {},
): void {
  cancelAnimationFrame(pending);
  const started = performance.now();
  const attempt = () => {
    const target = find() ?? (performance.now() - started >= waitMs ? fallback?.() : undefined);
    if (target) {
      // A heading or a row is focused as a landmark of where the user now is.
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]'))
        target.setAttribute('tabindex', '-1');
      target.focus();
      return;
    }
    if (performance.now() - started < waitMs) pending = requestAnimationFrame(attempt);
  };
  pending = requestAnimationFrame(attempt);
}

/**
 * After a page is chosen from the menu, focus goes to the new page's heading, so a keyboard or
 * screen-reader user continues from the top of what they asked for rather than from the menu.
 * Pages load their code on demand, so this waits for a heading in the content area other than the
 * one shown when the page was chosen.
 */
export function focusNextPageHeading(
  main: () => HTMLElement | null = () => document.getElementById('main'),
): void {
  const before = main()?.querySelector('h1') ?? null;
  // React may keep the element and change its text when both pages draw their heading alike.
  const beforeText = before?.textContent;
  focusWhen(() => {
    const heading = main()?.querySelector<HTMLElement>('h1');
    return heading && (heading !== before || heading.textContent !== beforeText) ? heading : null;
  });
}

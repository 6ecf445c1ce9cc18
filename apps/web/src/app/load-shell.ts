/** The app shell's code (app/shell.tsx), loaded by the first route or guard step that needs it. */
export const loadShell = () => import('./shell.tsx');

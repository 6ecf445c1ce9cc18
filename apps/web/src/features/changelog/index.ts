/** What changed in this release, for the /changelog page and the footer's drawer. */
export { ChangelogContent } from './changelog-content.tsx';

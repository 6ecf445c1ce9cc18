/** What changed in this release; shown in the footer's drawer and on /changelog. */
export const CHANGELOG = {
  features: [
    'Teams: a website can carry a team of agents, with one primary agent and any number of members.',
    'Basic accessibility settings: a colour-blind mode with nine colour schemes for status colours, and a choice of small, medium or large controls.',
    'Linked vendor accounts: switch between the accounts linked to your user from the top bar.',
    'Tabs of visited pages with Refresh, Close, Close Others and Close All on right-click.',
    'Compliance watch: licensed websites are checked against the MLS display rules, with each finding, its evidence and its fix-by date on the website’s Compliance tab, and "Fixed: check again" once the page is put right.',
    'API keys and webhooks: under Tools, make keys for your own systems with the scopes and addresses they need, and have every licensing event (a site activated or terminated, a request decided, a form signed) sent to your systems as it happens, signed.',
    'Two-step sign-in: add an authenticator app or a passkey under Profile, keep ten recovery codes, and log in with a passkey alone; MLS staff set one up at their next sign-in, and may log in through the MLS’s own single sign-on.',
  ],
  fixes: [
    'Long licensee names no longer push the top bar out of view; they are shortened with an ellipsis.',
    'After a password change, sessions open in other browsers now end instead of staying signed in.',
    'The login name is trimmed, so a stray space no longer causes a failed login.',
  ],
} as const;

export function ChangelogContent({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="vp-changelog">
      <p className="vp-muted">Version {__APP_VERSION__}</p>
      <H>New features</H>
      <ul>
        {CHANGELOG.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <H>Bug fixes</H>
      <ul>
        {CHANGELOG.fixes.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

/** Website teams: the routes, and the team lookups and writes a site's approved change makes. */
export { teamsRoutes } from './routes.ts';
export { addMembers, removeMembers, teamOf, touchTeam } from './queries.ts';

/** Website teams: the routes (no other module needs a team's internals). */
export { teamsRoutes } from './routes.ts';

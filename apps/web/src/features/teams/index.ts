/** The team of agents of a team-product website (the modal's Team tab). */
export { TeamTab } from './components/team-tab.tsx';

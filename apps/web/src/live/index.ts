/** The live channel (spec §4): the client, its hook for the layout, and its events for screens. */
export { useLiveChannel } from './live-channel.ts';
export { useLiveEvent } from './live-events.ts';

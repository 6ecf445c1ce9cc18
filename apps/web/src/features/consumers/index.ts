/** Data feeds: a provider's consumers and a consumer's providers (Tools → Data Feeds). */
export { useConsumers } from './api.ts';

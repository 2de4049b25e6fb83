/**
 * The wire contract both halves import: zod/mini schemas and enums of every route, push and chat message
 * (docs/api.md "The contract"). It imports nothing but zod, so the app can take schemas without full zod.
 */
export * from './enums';
export * from './errors';
export * from './envelope';
export * from './paths';
export * from './shapes';
export * from './match';
export * from './pages';
export * from './betting';
export * from './editBet';
export * from './matchData';
export * from './forehead';
export * from './media';
export * from './marketing';
export * from './live';
export * from './platform';
export * from './fields';
export * from './liveRoom';
export * from './settings';
export * from './appLog';
export * from './showOrder';
export * from './channels';
export * from './push';
export * from './chat';
export * from './resultCodes';
export * from './results';
export * from './resultsIm';
export * from './resultsOb';
export * from './experts';
export * from './economy';

/**
 * The economy's wire constants the plugin uses as values: the contract's zod-free module (importing them from
 * contract/economy.ts would bring its schemas' zod calls, which stay in the app's first download).
 */
export { EconomyChannel, EconomyError, ECONOMY_PATHS, RED_ENVELOPE_FAILURE } from '../../contract/economyCodes';

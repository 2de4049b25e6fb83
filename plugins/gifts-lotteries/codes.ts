/**
 * The economy's wire constants the plugin uses as values, in one place: the contract's (never copied here).
 */
export { EconomyChannel, EconomyError, ECONOMY_PATHS, RED_ENVELOPE_FAILURE } from '../../contract/economy';

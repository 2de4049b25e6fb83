/** The platform's side of validation messages; the wording itself, `expecting` included, is the contract's (contract/issues.ts). */
export { expecting, formatZodError, installZodMessages } from '../../../contract/issues';

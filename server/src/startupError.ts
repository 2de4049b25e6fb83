/**
 * A problem an operator must fix before the platform can start (bad config file, bad environment
 * variable, unsupported database). main.ts prints its message as one line and exits with code 1,
 * so the message must stand on its own: what, where, and what was expected.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

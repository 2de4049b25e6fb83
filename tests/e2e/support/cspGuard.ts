import { expect, test as base } from '@playwright/test';

/**
 * `test` with a guard that fails any test whose page broke its Content-Security-Policy: the app and the demo host
 * must work under the policy the platform sends (docs/operations.md "Security headers"), not merely load.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

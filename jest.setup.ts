import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';

// jsdom has <dialog> but not its modal methods; model just what the app relies on (open state, close event).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not scroll; the virtualised lists call it when they mount.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Screens write their address (ui/home/screenUrl.ts); each test starts at the page's root, not where the last left.
if (typeof window !== 'undefined') {
  afterEach(() => window.history.replaceState(null, '', '/'));
}

// findBy*/waitFor give up after 1 s by default. A lazy chunk's first import transforms its whole module graph, and on
// a fresh clone (CI: no transform cache) with the platform tests on the other core that took over 5 s for the login
// dialog and a live-room extension. 20 s still ends a test that waits for something that never comes well inside the
// 60 s test timeout.
if (typeof window !== 'undefined') {
  (require('@testing-library/react') as typeof import('@testing-library/react')).configure({ asyncUtilTimeout: 20_000 });
}

// jsdom has no TextEncoder, which browsers and Node have; domain/fair.ts (the live rooms' provably fair draws, in the
// gifts-lotteries overlay's code) encodes with it when loaded.
if (typeof window !== 'undefined' && typeof globalThis.TextEncoder === 'undefined') {
  globalThis.TextEncoder = (require('node:util') as typeof import('node:util')).TextEncoder as typeof globalThis.TextEncoder;
}

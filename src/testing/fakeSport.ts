import type { SportModule } from '../features/lists/points';

/** A sport module for kernel tests: renders nothing unless a test gives it a MenuEntry. */
export function fakeSportModule(overrides: Partial<SportModule> = {}): SportModule {
  return { MenuEntry: () => null, rowColumns: () => [], periodLabel: (_sport, pe) => String(pe), scoreboard: () => ({ periods: [], periodTyg: 1, extras: [], serve: false }), ...overrides };
}

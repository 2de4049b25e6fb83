import type { ReactNode } from 'react';
import { Toasts } from '../core/ui/toasts/Toasts';
import { memberState } from './bettingFixtures';
import { renderWithStore } from './renderWithStore';

/** A forehead route's fake: the request body in, the answer's data out. */
export type ForeheadAnswer = (body: Record<string, unknown>) => unknown;

/**
 * Renders `ui` with the toasts (renderWithStore), a member signed in unless `member` is false, and the forehead
 * client's POSTs answered from `routes` by path: a path without an answer fails the call. `namespaces`: the piece's own.
 */
export function renderWithRoutes(ui: ReactNode, { member = true, routes = {} as Record<string, ForeheadAnswer>, namespaces = [] as readonly string[] } = {}) {
  return renderWithStore(
    <>
      {ui}
      <Toasts />
    </>,
    {
      namespaces,
      before: ({ store, http }) => {
        http.forehead.post.mockImplementation(async (url: string, body?: unknown) => {
          const answer = routes[url];
          if (!answer) throw new Error(`no answer for ${url}`);
          return answer((body ?? {}) as Record<string, unknown>);
        });
        if (member) store.applyHostProps(memberState());
      },
    },
  );
}

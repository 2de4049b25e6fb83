import type { ReactNode } from 'react';
import screen from './Screen.module.css';

/**
 * A main-column screen: the heading card (its title, then what the screen shows beside it, such as its tabs) above the
 * content. `titleId` names the screen for assistive technology and tests.
 */
export function Screen({ titleId, title, head, children }: { titleId: string; title: string; head?: ReactNode; children: ReactNode }) {
  return (
    <section className={screen.screen} aria-labelledby={titleId}>
      <header className={screen.head}>
        <h1 id={titleId} className={screen.title}>
          {title}
        </h1>
        {head}
      </header>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** Line icons on a 24-unit grid, one per scheme-A sport this plugin serves. */
const paths: Record<number, ReactNode> = {
  // tennis: ball with seam
  5: (<><circle cx="12" cy="12" r="9.5" /><path d="M4.5 6.5c4 2.5 4 8.5 0 11M19.5 6.5c-4 2.5-4 8.5 0 11" /></>),
  // snooker: cue ball and cue
  16: (<><circle cx="9" cy="15" r="5.5" /><path d="M13 11l8.5-8.5" /></>),
  // volleyball
  13: (<><circle cx="12" cy="12" r="9.5" /><path d="M12 2.5c0 6 3 9.5 8.5 11M12 12c-5 2.5-7.5 6-7 8.6M12 12c-4.5-3-9.5-2.5-9.5-2.5" /></>),
  // badminton: shuttlecock
  47: (<><circle cx="8" cy="17" r="3.5" /><path d="M10.5 14.5l8-8M7 13.5l7-10M12 17.5l8-5M13 6l3 3" /></>),
  // table tennis: paddle and ball
  15: (<><circle cx="10" cy="10" r="6.5" /><path d="M14.6 14.6l5 5" /><circle cx="19" cy="6" r="2" /></>),
  // baseball: bat and ball
  7: (<><path d="M4 20l2-2M6 18l12-12a2.5 2.5 0 00-3.5-3.5l-12 12" /><circle cx="18" cy="18" r="3" /></>),
  // handball
  8: (<><circle cx="12" cy="12" r="9.5" /><path d="M7 5l5 7 5-7M12 12v9.5" /></>),
  // ice hockey: stick and puck
  2: (<><path d="M6 3l6 14h6" /><rect x="13" y="18.5" width="8" height="2.5" rx="1.2" /></>),
  // american football
  6: (<><ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-35 12 12)" /><path d="M9.5 14.5l5-5M10.5 11.5l2 2M12 10l2 2" /></>),
  // rugby
  4: (<><ellipse cx="12" cy="12" rx="9.5" ry="6" /><path d="M2.5 12h19M12 8.5v7" /></>),
  // MMA: glove
  18: (<><path d="M7 10V6a3 3 0 013-3h4a3 3 0 013 3v7l-2 3H9l-2-3z" /><path d="M9 20h6v-4H9z" /></>),
  // boxing: glove
  19: (<><path d="M6 9a5 5 0 015-5h2a5 5 0 015 5v4a4 4 0 01-4 4h-4a4 4 0 01-4-4z" /><path d="M8 17v4h8v-4M6 11h5" /></>),
  // beach volleyball: ball and sun rays
  51: (<><circle cx="12" cy="14" r="7" /><path d="M12 7c0 4 2 6 6.5 7M12 14c-3 2-4.5 4-4.5 6.3M3 4l2 2M12 1.5v2M21 4l-2 2" /></>),
  // e-football: controller with ball
  177: (<><rect x="2.5" y="7" width="19" height="11" rx="5.5" /><path d="M7 10.5v4M5 12.5h4" /><circle cx="16.5" cy="12.5" r="2" /></>),
  // e-basketball: controller with hoop lines
  178: (<><rect x="2.5" y="7" width="19" height="11" rx="5.5" /><path d="M7 10.5v4M5 12.5h4M14.5 12.5h4M16.5 10.5v4" /></>),
};

export function GenericSportIcon({ sportId }: { sportId: number }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      {paths[sportId] ?? <circle cx="12" cy="12" r="9.5" />}
    </svg>
  );
}

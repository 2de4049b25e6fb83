import type { ComponentType } from 'react';

/**
 * Extension points: what a plugin of each kind contributes once its code is loaded (`Module`) and the static data
 * its manifest declares up front (`Match`), so the core can list and filter plugins without downloading them.
 * Later issues add points here (results, player, animation, experts, banker, gifts) together with their users.
 */
export interface SportMenuEntryProps {
  sportId: number;
  name: string;
  count?: number;
  active: boolean;
  onSelect(sportId: number): void;
}

export interface SportModule {
  MenuEntry: ComponentType<SportMenuEntryProps>;
}

export interface ExtensionPoints {
  sport: {
    /** Scheme A sport ids this plugin renders. */
    match: { sportIds: readonly number[] };
    select: { sportId?: number };
    module: SportModule;
  };
}

export type PointId = keyof ExtensionPoints;
export type PointMatch<P extends PointId> = ExtensionPoints[P]['match'];
export type PointSelect<P extends PointId> = ExtensionPoints[P]['select'];
export type PointModule<P extends PointId> = ExtensionPoints[P]['module'];

/** Whether a plugin's static match accepts a slot's selection; one rule per point. */
export const pointMatchers: { [P in PointId]: (match: PointMatch<P>, select: PointSelect<P>) => boolean } = {
  sport: (match, select) => select.sportId === undefined || match.sportIds.includes(select.sportId),
};

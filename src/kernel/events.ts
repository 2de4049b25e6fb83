import mitt, { type Emitter } from 'mitt';
import type { GapReason } from '../services/push';

/** A selection a member clicked in a list or the match detail: what the bet slip needs to add it. */
export interface SelectionEvent {
  matchId: number;
  sportId: number;
  marketId: number;
  marketType: number;
  /** Outcomes of the market (its options): 2 makes it two-way, shown in the member's odds format (domain/odds). */
  outcomeCount: number;
  period: string;
  optionType: string;
  line?: string;
  odd: string;
  allowParley: boolean;
}

/** Events between the core and plugins (a plugin never reaches into another; it emits or listens here). */
export type KernelEvents = {
  /** An odds button was clicked by a member; the bet slip adds the selection. */
  'betSlip.add': SelectionEvent;
  /** A 51st favourite was refused (spec: favourites at most 50, a max-collected event fires). */
  'favourites.maxCollected': { limit: number };
  /** Push messages of a channel were missed (a seq gap) or the platform restarted (a new epoch): refetch its state. */
  'push.gap': { chId: string; reason: GapReason };
};

export type KernelEmitter = Emitter<KernelEvents>;

export const createKernelEvents = (): KernelEmitter => mitt<KernelEvents>();

import { EnterEffect } from '../../../contract/enums';
import type { Member } from '../db/schema';

/**
 * The anchor-proxy switch (spec 001 "Live get switch from proxy returns the anchor-proxy flag"): on for a member of a
 * user live group, whose agent's rooms are served to them through the group, off for everyone else. The login state
 * and POST /api/forehead/live/get/switch/proxy answer it by this one rule.
 */
export function anchorProxyEnableOf(member: Pick<Member, 'live_group_id'>): 0 | 1 {
  return member.live_group_id > 0 ? 1 : 0;
}

/** The room's entrance effect for a member's VIP level (V0 to V10). */
export function enterEffectOf(vipLevel: number): EnterEffect {
  if (vipLevel >= 7) return EnterEffect.Full;
  if (vipLevel >= 3) return EnterEffect.Banner;
  return EnterEffect.None;
}

import type { FastifyRequest } from 'fastify';
import type { AppConfigs } from '../config/appConfig';
import { offeredSportsOf } from '../config/pluginManifests';
import type { OfferedSports } from '../../../domain/sports';
import { ApiError, CODES } from './envelope';

import { MERCHANT_HEADER } from '../../../contract/forehead';

export { MERCHANT_HEADER };

const MERCHANT_ID = /^[a-z0-9-]{1,64}$/;

export interface Merchants {
  readonly defaultMerchant: string;
  /** The sports a merchant offers; the default merchant's for null (a member without one: the demo members). */
  sports(merchantId: string | null): OfferedSports;
  /**
   * The merchant of a read: the member's own when the route signed one in (requireMember), else the one the app names
   * in the `x-merchant-id` header, else the default merchant. A malformed header answers 4001, an unknown one 4004.
   */
  ofRequest(request: FastifyRequest): string;
  /** Whether `merchantId` names a configured merchant. */
  has(merchantId: string): boolean;
}

/**
 * The merchants of config/app.json + config/merchants/, with each one's offered sports worked out once at start. A
 * member's bets are judged by the merchant stored with the member, which the member cannot change; the header only
 * chooses what an anonymous read lists.
 */
export function createMerchants(appConfigs: AppConfigs): Merchants {
  const sports = new Map(appConfigs.merchantIds.map((id) => [id, offeredSportsOf(appConfigs.get(id)!)]));
  const fallback = offeredSportsOf(appConfigs.get()!);
  const sportsOf = (merchantId: string | null) => sports.get(merchantId ?? appConfigs.defaultMerchant) ?? fallback;
  return {
    defaultMerchant: appConfigs.defaultMerchant,
    sports: sportsOf,
    has: (merchantId) => sports.has(merchantId),
    ofRequest(request) {
      if (request.member) return request.member.merchantId ?? appConfigs.defaultMerchant;
      const named = request.headers[MERCHANT_HEADER];
      if (named === undefined) return appConfigs.defaultMerchant;
      if (typeof named !== 'string' || !MERCHANT_ID.test(named)) {
        throw new ApiError(400, CODES.INVALID_INPUT, `headers.${MERCHANT_HEADER}: expected a merchant id matching /^[a-z0-9-]{1,64}$/, got ${JSON.stringify(named)}`);
      }
      if (!sports.has(named)) {
        throw new ApiError(404, CODES.NOT_FOUND, `headers.${MERCHANT_HEADER}: no merchant "${named}" (known: ${appConfigs.merchantIds.join(', ')})`);
      }
      return named;
    },
  };
}

/** Why a match of a sport the merchant switched off is refused, e.g. `matchId: match 12 is basketball, which merchant "lite" does not offer`. */
export function notOfferedDetail(where: string, what: string, sportKey: string | undefined, merchantId: string): string {
  return `${where}: ${what} is ${sportKey ?? 'a sport'}, which merchant "${merchantId}" does not offer`;
}

/** The forehead family's refusal of a match of a sport the merchant switched off: HTTP 403, code 4003. */
export function sportNotOffered(detail: string): ApiError {
  return new ApiError(403, CODES.SPORT_NOT_OFFERED, detail);
}

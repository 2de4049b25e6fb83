import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currencyOfId, isCurrency, type Currency } from '../../money';
import { ApiError, CODES, bettingErrorEnvelope, envelope } from '../../http/envelope';
import { currentMember } from '../../http/requireMember';
import type { MemberSession } from '../../members/auth';
import { notOfferedDetail } from '../../http/merchant';
import { BetError } from '../../betting/codes';
import { refuse } from '../../betting/rules';
import { sports as catalogue } from '../../config/pluginManifests';

/** What the betting routes share besides their request schemas (those are the contract's, contract/betting.ts). */

/** The usual responses of a betting route: data on 200, the betting envelope on failures. */
export function bettingResponses<T extends z.core.$ZodType>(data: T) {
  return {
    200: envelope(data),
    400: bettingErrorEnvelope,
    401: bettingErrorEnvelope,
    403: bettingErrorEnvelope,
    404: bettingErrorEnvelope,
    409: bettingErrorEnvelope,
    422: bettingErrorEnvelope,
    500: bettingErrorEnvelope,
  };
}

/**
 * The currency a call is in: the one asked for by id, else the member's own, which the session carries (a member's
 * currency is fixed when the member is created), so a bet reads no member row.
 */
export function currencyFor(member: MemberSession, currencyId: number | undefined): Currency {
  if (currencyId !== undefined) {
    const currency = currencyOfId(currencyId);
    if (!currency) throw new ApiError(400, CODES.INVALID_INPUT, `body.currencyId: no currency ${currencyId}`);
    return currency;
  }
  return isCurrency(member.currency) ? member.currency : 'CNY';
}

/**
 * The currency a bet (or the bet info and pre-bet limits before one) is in. Like currencyFor, but a currencyId must
 * name the member's own currency or one they hold a wallet in: a bet in any other currency could only be refused
 * later as an empty balance, so it is refused here with a message that says why (422, code 4001).
 */
export async function betCurrencyFor(app: FastifyInstance, member: MemberSession, currencyId: number | undefined): Promise<Currency> {
  const currency = currencyFor(member, currencyId);
  if (currencyId === undefined) return currency;
  const own = currencyFor(member, undefined);
  if (currency === own) return currency;
  const held = (await app.wallet.getBalances(member.memberId)).map((b) => b.asset).filter((a): a is Currency => isCurrency(a));
  if (held.includes(currency)) return currency;
  const wallets = [...new Set([own, ...held])].join(', ');
  throw new ApiError(422, CODES.INVALID_INPUT, `body.currencyId: ${currencyId} (${currency}) is not a currency of this member, who bets in ${wallets}`);
}

/**
 * Refuses (403, 15015) a call that names a market of a sport the member's own merchant switched off, before anything
 * is priced or moves: the member's merchant is stored on the platform, so no request can widen it. `markets`: each
 * selection's market id and where the request names it. An unknown market is left to the pricing, which answers it closed.
 */
export function refuseSportsNotOffered(app: FastifyInstance, request: FastifyRequest, markets: ReadonlyArray<{ marketId: number; where: string }>): void {
  const merchantId = currentMember(request).merchantId ?? app.merchants.defaultMerchant;
  const offered = app.merchants.sports(merchantId);
  if (offered.all) return;
  for (const { marketId, where } of markets) {
    const sportId = app.feed.market(marketId)?.sportId;
    if (sportId !== undefined && !offered.offers(sportId, 'A')) {
      throw refuse(BetError.SportNotOffered, notOfferedDetail(where, `market ${marketId}`, catalogue.keyOf(sportId, 'A'), merchantId));
    }
  }
}

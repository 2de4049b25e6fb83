import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OddsFormat } from '../../../../src/domain/odds';
import { CURRENCIES, currencyOfId, isCurrency, type Currency } from '../../money';
import { ApiError, CODES, bettingErrorEnvelope, envelope, languageField } from '../../http/envelope';
import { expecting } from '../../validation/issues';

/** Fields shared by the betting routes, each with a message that names what was expected. */

export const idField = (what: string) =>
  z.number({ error: expecting(what) }).int({ error: expecting(what) }).min(1, { error: expecting(what) }).max(Number.MAX_SAFE_INTEGER, { error: expecting(what) });

const AMOUNT = 'an amount above 0 with at most 2 decimals, like "100.00"';
/** Money: a decimal string (a JSON number is read through its text, never used as a float). */
export const amountField = z
  .union([z.string(), z.number()], { error: expecting(AMOUNT) })
  .transform(String)
  .refine((v) => /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(v) && Number(v) > 0, { error: expecting(AMOUNT) });

const ODDS = 'odds as a decimal number in the oddsFormat sent, like "1.95" or "-0.87"';
export const oddsField = z
  .union([z.string(), z.number()], { error: expecting(ODDS) })
  .transform(String)
  .refine((v) => /^-?\d{1,6}(\.\d{1,10})?$/.test(v), { error: expecting(ODDS) });

export const oddsChangeField = z
  .union([z.literal(0), z.literal(1), z.literal(2)], { error: expecting('0 (none), 1 (better) or 2 (any)') })
  .default(1);

export const oddsFormatField = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: expecting('1 Europe, 2 Hong Kong, 3 Malay or 4 Indonesian') })
  .default(OddsFormat.Europe)
  .transform((v) => v as OddsFormat);

export const currencyIdField = z
  .number({ error: expecting(`a currency id 1-${CURRENCIES.length} (CNY 1, USD 2, ...)`) })
  .int()
  .min(1, { error: expecting(`a currency id 1-${CURRENCIES.length}`) })
  .max(CURRENCIES.length, { error: expecting(`a currency id 1-${CURRENCIES.length}`) })
  .optional();

const REQUEST_ID = 'a request id of 8-64 letters, digits, "-" or "_"';
export const requestIdField = z.string({ error: expecting(REQUEST_ID) }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: expecting(REQUEST_ID) }).optional();

export const orderIdField = z.string({ error: expecting('an order id (digits)') }).regex(/^\d{1,32}$/, { error: expecting('an order id (digits)') });

export const timeField = (what: string) => z.number({ error: expecting(what) }).int({ error: expecting(what) }).min(0, { error: expecting(what) });

export { languageField };

/** The usual responses of a betting route: data on 200, the betting envelope on failures. */
export function bettingResponses<T extends z.core.$ZodType>(data: T) {
  return {
    200: envelope(data),
    400: bettingErrorEnvelope,
    401: bettingErrorEnvelope,
    404: bettingErrorEnvelope,
    409: bettingErrorEnvelope,
    422: bettingErrorEnvelope,
    500: bettingErrorEnvelope,
  };
}

/** The currency a call is in: the one asked for by id, else the member's own. */
export async function currencyFor(app: FastifyInstance, memberId: number, currencyId: number | undefined): Promise<Currency> {
  if (currencyId !== undefined) {
    const currency = currencyOfId(currencyId);
    if (!currency) throw new ApiError(400, CODES.INVALID_INPUT, `body.currencyId: no currency ${currencyId}`);
    return currency;
  }
  const member = await app.auth.getMember(memberId);
  return member && isCurrency(member.currency) ? member.currency : 'CNY';
}

/**
 * The currency a bet (or the bet info and pre-bet limits before one) is in. Like currencyFor, but a currencyId must
 * name the member's own currency or one they hold a wallet in: a bet in any other currency could only be refused
 * later as an empty balance, so it is refused here with a message that says why (422, code 4001).
 */
export async function betCurrencyFor(app: FastifyInstance, memberId: number, currencyId: number | undefined): Promise<Currency> {
  const currency = await currencyFor(app, memberId, currencyId);
  if (currencyId === undefined) return currency;
  const own = await currencyFor(app, memberId, undefined);
  if (currency === own) return currency;
  const held = (await app.wallet.getBalances(memberId)).map((b) => b.asset).filter((a): a is Currency => isCurrency(a));
  if (held.includes(currency)) return currency;
  const wallets = [...new Set([own, ...held])].join(', ');
  throw new ApiError(422, CODES.INVALID_INPUT, `body.currencyId: ${currencyId} (${currency}) is not a currency of this member, who bets in ${wallets}`);
}

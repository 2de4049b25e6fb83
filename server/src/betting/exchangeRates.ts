import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Currency } from '../money';

export type ExchangeRates = Record<string, string>;

/** Writes the configured rates (CNY per unit) so reports and the API read one source. */
export async function storeExchangeRates(db: Kysely<Database>, rates: Record<Currency, string>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [currency, rate] of Object.entries(rates)) {
      await trx
        .insertInto('exchange_rates')
        .values({ currency, rate_to_cny: rate, updated_at: now })
        .onConflict((oc) => oc.column('currency').doUpdateSet({ rate_to_cny: rate, updated_at: now }))
        .execute();
    }
  });
}

export async function readExchangeRates(db: Kysely<Database>): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'rate_to_cny']).execute();
  return Object.fromEntries(rows.map((r) => [r.currency, r.rate_to_cny]));
}

import { formatZodError } from '../../contract/issues';
import { oddsPushSchema, pushSchemaOf } from '../../contract/push';
import { exactOddsPush } from './oddsCheck.generated';

/**
 * The push client's check of a message against the contract, in the chunk the client loads when it starts: the
 * schemas and this code stay out of the app's first download (issue 2's budget).
 *
 * An odds message (a thousand a second on a busy in-play list) first meets a check generated from the same schema
 * (scripts/contract/oddsCheck.ts): one with exactly the schema's shape is what zod's parse would give back, so it goes
 * on as it is. Every other message, and any odds message with a key the schema does not name or a value it refuses,
 * is zod's to strip, refuse and word.
 */
export function checkPush(chId: string, data: unknown): { data: unknown } | string {
  const schema = pushSchemaOf(chId);
  if (!schema) return 'the contract has no schema for this channel';
  if (schema === oddsPushSchema && exactOddsPush(data)) return { data };
  const result = schema.safeParse(data);
  if (result.success) return { data: result.data };
  return formatZodError(result.error, 'data');
}

import { formatZodError } from '../../contract/issues';
import { pushSchemaOf } from '../../contract/push';

/**
 * The push client's check of a message against the contract, in the chunk the client loads when it starts: the
 * schemas and this code stay out of the app's first download (issue 2's budget).
 */
export function checkPush(chId: string, data: unknown): { data: unknown } | string {
  const schema = pushSchemaOf(chId);
  if (!schema) return 'the contract has no schema for this channel';
  const result = schema.safeParse(data);
  if (result.success) return { data: result.data };
  return formatZodError(result.error, 'data');
}

import { expect, type APIRequestContext } from '@playwright/test';
import { OPERATOR_TOKEN_HEADER } from '../../../contract/forehead';
import { ECONOMY_PATHS, type OperatorEvent, type OperatorStartEventRequest } from '../../../contract/economy';

/** The e2e platform's operator token (playwright.config.ts sets OPERATOR_TOKEN), so tests can start room events. */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret';

/** Starts an event in a room through the operator route, as an operator would (docs/api.md). */
export async function startRoomEvent(request: APIRequestContext, body: OperatorStartEventRequest): Promise<OperatorEvent> {
  const response = await request.post(ECONOMY_PATHS.operatorStartEvent, { headers: { [OPERATOR_TOKEN_HEADER]: E2E_OPERATOR_TOKEN }, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: OperatorEvent }).data;
}

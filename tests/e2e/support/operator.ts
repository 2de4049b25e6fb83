import { expect, type APIRequestContext } from '@playwright/test';
import { OPERATOR_TOKEN_HEADER } from '../../../contract/forehead';
import { ECONOMY_PATHS, EconomyError, type OperatorEvent, type OperatorStartEventRequest } from '../../../contract/economy';

/** The e2e platform's operator token (playwright.config.ts sets OPERATOR_TOKEN), so tests can start room events. */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-a-secret';

/**
 * Starts an event in a room through the operator route, as an operator would (docs/api.md). config/platform.json
 * also schedules rains and lotteries in the rooms (every few seconds at FEED_SPEED 20), and a room takes one event of a
 * kind at a time: a refusal for that (EventBusy) is tried again until the scheduled one is over.
 */
export async function startRoomEvent(request: APIRequestContext, body: OperatorStartEventRequest): Promise<OperatorEvent> {
  let started: OperatorEvent | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.post(ECONOMY_PATHS.operatorStartEvent, { headers: { [OPERATOR_TOKEN_HEADER]: E2E_OPERATOR_TOKEN }, data: body });
        const answer = (await response.json()) as { code: number; msg?: string; data: OperatorEvent };
        if (response.ok()) started = answer.data;
        else expect(answer.code, answer.msg).toBe(EconomyError.EventBusy);
        return started !== undefined;
      },
      { timeout: 60_000, intervals: [1_000], message: 'the operator starts the event' },
    )
    .toBe(true);
  return started!;
}

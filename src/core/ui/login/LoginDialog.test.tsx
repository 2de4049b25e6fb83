import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../services/http';
import { renderWithStore } from '../../../testing/renderWithStore';
import { LoginDialog } from './LoginDialog';

describe('LoginDialog', () => {
  it('says how long to wait when the platform throttled the sign-in', async () => {
    const msg = 'too many failed sign-ins for this username from your address; try again in 8 s';
    const { store, http } = await renderWithStore(<LoginDialog />, {
      before: ({ http: h }) => {
        h.forehead.post.mockRejectedValueOnce(
          new ApiError({ code: 4029, service: 'forehead', httpStatus: 429, message: msg, body: { code: 4029, msg, data: { retryAfterSeconds: 8 } } }),
        );
      },
    });
    act(() => store.ui.openLogin());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 8 s');
    expect(http.forehead.post).toHaveBeenCalledTimes(1);
  });
});

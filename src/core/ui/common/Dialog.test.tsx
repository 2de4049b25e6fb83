import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Dialog } from './Dialog';

function Harness({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const fallback = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={fallback} tabIndex={-1}>
        Screen
      </h1>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <Dialog open={open} title="Confirm" onClose={() => setOpen(false)} fallbackFocus={() => fallback.current}>
        <button
          type="button"
          onClick={() => {
            if (removeOpener) setOpenerShown(false);
            setOpen(false);
          }}
        >
          Done
        </button>
      </Dialog>
    </>
  );
}

describe('<Dialog>', () => {
  it('opens modal with its title as name, and gives focus back to what opened it', async () => {
    await act(async () => render(<Harness />));
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('focuses the fallback when the opener is gone', async () => {
    await act(async () => render(<Harness removeOpener />));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('heading', { name: 'Screen' })).toHaveFocus();
  });
});

import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { AWAY_NAME, HOME_NAME, lineupAnswer, renderWithStore } from '../../../src/sdk/testing';
import lineupSections from '.';

const { Above, Below } = lineupSections;
const names = { home: HOME_NAME, away: AWAY_NAME };

describe("football's sections of the line-up panel", () => {
  it('draws both elevens on a pitch above the team lists', async () => {
    const lineup = lineupAnswer();
    const { container } = await renderWithStore(Above && <Above lineup={lineup} names={names} />);
    const pitch = screen.getByRole('img', { name: `${HOME_NAME} 4-3-3 against ${AWAY_NAME} 4-3-3` });
    // 22 shirts, each a numbered circle with the name below.
    expect(pitch.querySelectorAll('circle[r="6"]')).toHaveLength(22);
    expect(within(pitch).getByText('Home 11')).toBeInTheDocument();
    expect(container.querySelectorAll('svg[role="img"] text').length).toBeGreaterThanOrEqual(44);
  });

  it('lists the incidents below them in time order, naming the players', async () => {
    const lineup = lineupAnswer();
    await renderWithStore(Below && <Below lineup={lineup} names={names} />);
    const incidents = screen.getByRole('region', { name: 'Incidents' });
    const items = within(incidents).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`21'Yellow card${AWAY_NAME}Away 4`);
    expect(within(items[0]!).getByRole('img', { name: 'Yellow card' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent(`62'Substitution${HOME_NAME}Home Sub on for Home 8`);
    expect(within(items[1]!).getByRole('img', { name: 'Substitution' })).toBeInTheDocument();
  });

  it('says when there are no incidents yet', async () => {
    await renderWithStore(Below && <Below lineup={{ ...lineupAnswer(), incidentArr: [] }} names={names} />);
    expect(within(screen.getByRole('region', { name: 'Incidents' })).getByText('No incidents yet.')).toBeInTheDocument();
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { observer } from 'mobx-react-lite';
import { envOf } from '../../core/store/env';
import { renderWithStore } from '../../testing/renderWithStore';
import { Layout } from '../../core/ui/layout/Layout';
import { useStore } from '../../core/ui/storeContext';
import { RulesPage } from './RulesPage';

async function renderRules(language: 'en' | 'zh-CN' = 'en') {
  return renderWithStore(<RulesPage />, {
    before: async ({ store }) => {
      const { i18n } = envOf(store);
      await i18n.loadNamespaces('rules');
      if (language !== 'en') await i18n.changeLanguage(language);
    },
  });
}

describe('<RulesPage>', () => {
  it('shows the general sports rules first: settlement, quarter lines, odds changes, in-play delay', async () => {
    await renderRules();
    expect(screen.getByRole('heading', { level: 1, name: 'Betting rules' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Rules' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General sports rules', 'Parlay rules', 'Cash-out rules']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'General sports rules' });
    for (const heading of ['When a bet counts', 'In-play bets', 'Odds changes', 'How bets are settled', 'Results', 'Quarter lines (Asian handicap and totals)', 'Void markets', 'Odds formats', 'Limits']) {
      expect(within(panel).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(within(panel).getByText(/Accept better odds \(the default\)/)).toBeInTheDocument();
    expect(within(panel).getByText(/145 is returned \(half win\)/)).toBeInTheDocument();
  });

  it('switches to the parlay and cash-out rules, by click and by arrow keys', async () => {
    await renderRules();
    await userEvent.click(screen.getByRole('tab', { name: 'Parlay rules' }));
    const parlay = screen.getByRole('tabpanel', { name: 'Parlay rules' });
    expect(within(parlay).getByRole('heading', { name: 'Void and pushed selections' })).toBeInTheDocument();
    expect(within(parlay).getByText(/Trixie \(3串4\): 3 doubles and 1 treble/)).toBeInTheDocument();
    expect(within(parlay).getByText(/the Trixie returns 130.09/)).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    const cashOutTab = screen.getByRole('tab', { name: 'Cash-out rules' });
    expect(cashOutTab).toHaveFocus();
    expect(cashOutTab).toHaveAttribute('aria-selected', 'true');
    const cashOut = screen.getByRole('tabpanel', { name: 'Cash-out rules' });
    expect(within(cashOut).getByRole('heading', { name: 'How the offer is priced' })).toBeInTheDocument();
    expect(within(cashOut).getByText(/= 158.33/)).toBeInTheDocument();
    expect(within(cashOut).getByRole('heading', { name: 'Automatic early settlement' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'General sports rules' })).toHaveFocus();
  });

  it('shows the tab its address names, and puts the chosen tab in it', async () => {
    const { store } = await renderWithStore(<RulesPage />, {
      before: async ({ store }) => {
        await envOf(store).i18n.loadNamespaces('rules');
        store.ui.setScreenParams('rules', { tab: 'cashOut' });
      },
    });
    expect(screen.getByRole('tab', { name: 'Cash-out rules' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Parlay rules' }));
    expect(store.ui.screenParams.rules).toEqual({ tab: 'parlay' });
    await userEvent.click(screen.getByRole('tab', { name: 'General sports rules' }));
    expect(store.ui.screenParams.rules).toEqual({});
    // Back to an address with a tab.
    act(() => store.ui.setScreenParams('rules', { tab: 'parlay' }));
    expect(screen.getByRole('tabpanel', { name: 'Parlay rules' })).toBeInTheDocument();
  });

  it('reads in the member language', async () => {
    await renderRules('zh-CN');
    expect(screen.getByRole('heading', { level: 1, name: '投注规则' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '提前结算规则' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '四分之一盘口（亚洲让球与大小球）' })).toBeInTheDocument();
  });
});

const ViewName = observer(function ViewName() {
  return <p data-testid="view">{useStore().ui.view}</p>;
});

describe('the rules link', () => {
  it('sits in the footer of every screen and opens the rules view', async () => {
    const { store } = await renderWithStore(
      <Layout merchantName="Test" embedded>
        <ViewName />
      </Layout>,
    );
    const link = within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Betting rules' });
    await userEvent.click(link);
    expect(store.ui.view).toBe('rules');
    expect(screen.getByTestId('view')).toHaveTextContent('rules');
    expect(link).toHaveAttribute('aria-current', 'page');
    act(() => store.dispose());
  });
});

import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { mapBetRecord } from '../../../domain/betRecord';
import { OddsFormat } from '../../../domain/odds';
import { wireOption, wireRecord } from '../../testing/betRecordFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { BetCard } from './BetCard';

const NOW = Date.UTC(2026, 10, 21, 4, 0);

describe('<BetCard> cash-out history', () => {
  it('names why a cash out failed in every language, and a code it does not know by a generic text, never the raw code', async () => {
    const record = mapBetRecord(
      wireRecord({
        cashOutList: [
          // The platform sends the spec's failure reason as a number: 4 market suspend.
          { id: 'c1', createdTime: NOW, amount: '50.00', payout: '0.00', orderId: '1763700000000000001', orderStatus: 2, refundAmount: '100.00', cancelReason: 4 },
          { id: 'c2', createdTime: NOW, amount: '50.00', payout: '0.00', orderId: '1763700000000000001', orderStatus: 3, refundAmount: '100.00', cancelReason: 99 },
        ],
        cashOutCount: 0,
      }),
    );
    const { i18n } = await renderWithStore(
      <Suspense fallback={null}>
        <BetCard record={record} oddsFormat={OddsFormat.Europe} timeZone="Asia/Shanghai" apiLanguage="ENG" />
      </Suspense>,
    );
    const expected: Record<string, [string, string]> = {
      en: ['A market of this bet is suspended', 'Other reason'],
      'zh-CN': ['该注单的盘口已暂停', '其他原因'],
      'zh-TW': ['該注單的盤口已暫停', '其他原因'],
      vi: ['Một kèo của vé cược đang tạm dừng', 'Lý do khác'],
      th: ['ตลาดของบิลนี้ถูกระงับ', 'เหตุผลอื่น'],
    };
    for (const [lng, [suspended, other]] of Object.entries(expected)) {
      await act(async () => {
        await i18n.changeLanguage(lng);
        await i18n.loadNamespaces(['myBets', 'cashOut', 'betSlip']);
      });
      const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent(suspended);
      expect(rows[1]).toHaveTextContent(other);
      for (const row of rows) expect(row.textContent).not.toMatch(/· (4|99)$/);
    }
  });
});

describe('<BetCard> outright legs', () => {
  it('names a bet on an outright by its competition and runner, with when it settles, not "A vs B" or a kick-off', async () => {
    const leg = wireOption({ matchName: 'Premier Winner', leagueName: 'Premier', marketTypeName: 'Winner', optionName: 'Copper Bay', home: { id: 9, logoUrl: '', name: 'Premier Winner' }, away: null, matchType: 2, beginTime: Date.UTC(2026, 11, 20, 16, 0) });
    const record = mapBetRecord(wireRecord({ options: [leg] }));
    await renderWithStore(
      <Suspense fallback={null}>
        <BetCard record={record} oddsFormat={OddsFormat.Europe} timeZone="Asia/Shanghai" apiLanguage="ENG" />
      </Suspense>,
    );
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Copper Bay');
    expect(item).toHaveTextContent('Winner');
    expect(item).toHaveTextContent(/Premier Winner · Settles/);
    expect(item.textContent).not.toMatch(/ vs |Kick-off|· Premier ·/);
  });
});

describe('<BetCard> bet builder', () => {
  it('names a bet builder by its selections and lists every leg of its match', async () => {
    const legs = [wireOption({ optionName: 'Arsenal' }), wireOption({ optionName: 'Over', marketTypeName: 'Over/Under' }), wireOption({ optionName: 'Arsenal -0.5', marketTypeName: 'Handicap' })];
    const record = mapBetRecord(wireRecord({ betType: 3, options: legs }));
    await renderWithStore(
      <Suspense fallback={null}>
        <BetCard record={record} oddsFormat={OddsFormat.Europe} timeZone="Asia/Shanghai" apiLanguage="ENG" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Bet builder (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});

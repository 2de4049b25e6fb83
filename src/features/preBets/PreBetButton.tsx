import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatLine } from '../match/domain/lines';
import type { SlipEntryInstance } from '../slip/slipEntry';
import { SLIP_NS } from '../slip/slipState';
import { reservationsOf } from './reservations';
import { useStore } from '../../core/ui/storeContext';
import styles from './PreBetButton.module.css';

/**
 * "Pre-bet" on a slip entry: for members, in single mode, while the entry's market is open and it is not waiting for
 * the book. Its label is the slip's (betSlip namespace), so it never holds up the slip; the dialog's own strings load
 * when it opens.
 */
export const PreBetButton = observer(function PreBetButton({ entry }: { entry: SlipEntryInstance }) {
  const { t } = useTranslation(SLIP_NS);
  const store = useStore();
  const { betSlip } = store;
  const reservations = reservationsOf(store);
  if (!betSlip.isLogin || betSlip.mode !== 'single' || entry.closed || entry.suspended || entry.locked) return null;
  const line = entry.current.line ?? entry.line;
  const selection = `${entry.optionName || entry.optionType}${line !== undefined ? ` ${formatLine(line)}` : ''}`;
  return (
    <button type="button" className={styles.button} aria-label={t('preBetFor', { selection })} aria-haspopup="dialog" onClick={() => reservations.open(entry)}>
      {t('preBet')}
    </button>
  );
});

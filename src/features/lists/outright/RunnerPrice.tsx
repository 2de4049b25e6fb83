import type { WireMarket } from '../../../../contract';
import type { LiveMarket } from '../../../core/store/liveBook';
import { OddsButton } from '../../slip/odds/OddsButton';
import { useAddToSlip } from '../../slip/odds/useAddToSlip';
import type { Runner } from './runners';
import styles from './Outright.module.css';

/** One runner: its name, then its price as the same button (and slip path) every other price uses. */
export function RunnerPrice({ runner, wire, live }: { runner: Runner; wire: WireMarket; live: LiveMarket }) {
  const addToSlip = useAddToSlip();
  return (
    <div className={styles.runner} data-runner={runner.type}>
      <span className={styles.runnerName} aria-hidden="true">
        {runner.name}
      </span>
      <OddsButton market={live} optionType={runner.type} label={runner.name} showLine={false} onSelect={(type) => addToSlip(wire, type)} />
    </div>
  );
}

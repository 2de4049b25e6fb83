import type { SportModule } from '../../src/kernel/points';
import { SportMenuItem } from '../../src/ui/sportsMenu/SportMenuItem';

function BasketballIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5v19M5.3 5.3c3 2.6 3 10.8 0 13.4M18.7 5.3c-3 2.6-3 10.8 0 13.4" />
    </svg>
  );
}

const basketball: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<BasketballIcon />} />,
};

export default basketball;

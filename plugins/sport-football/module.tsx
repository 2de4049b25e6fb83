import type { SportModule } from '../../src/kernel/points';
import { SportMenuItem } from '../../src/ui/sportsMenu/SportMenuItem';

function FootballIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 7.2l4.1 3-1.6 4.8h-5l-1.6-4.8z" fill="currentColor" stroke="none" />
      <path d="M12 2.5v4.7M16.1 10.2l4.6-1.6M14.5 15l2.8 4M9.5 15l-2.8 4M7.9 10.2L3.3 8.6" />
    </svg>
  );
}

const football: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<FootballIcon />} />,
};

export default football;

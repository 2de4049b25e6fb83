import type { SportModule } from '../../src/kernel/points';
import { SportMenuItem } from '../../src/ui/sportsMenu/SportMenuItem';
import { GenericSportIcon } from './icons';

const generic: SportModule = {
  MenuEntry: (props) => <SportMenuItem {...props} icon={<GenericSportIcon sportId={props.sportId} />} />,
};

export default generic;

import type { AnimationModule } from '../../src/kernel/points';
import { Animation } from './Animation';

export { Animation };

const animation: AnimationModule = { Animation };

export default animation;

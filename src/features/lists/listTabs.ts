import { ListType } from '../../../contract/enums';

/** The list types a visitor switches between, with their tab labels (common namespace). */
export const LIST_TABS = [
  { type: ListType.InPlay, labelKey: 'nav.inPlay' },
  { type: ListType.Today, labelKey: 'nav.today' },
  { type: ListType.Early, labelKey: 'nav.early' },
  { type: ListType.Outright, labelKey: 'nav.outright' },
  { type: ListType.Parlay, labelKey: 'nav.parlay' },
] as const;

import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ORDER_BY } from '../../../contract/enums';
import { useStore } from '../../core/ui/storeContext';
import chips from './DateFilter.module.css';

const ORDERS = [
  { order: ORDER_BY.time, key: 'list.order.time' },
  { order: ORDER_BY.league, key: 'list.order.league' },
] as const;

/**
 * The list header's order switch: matches by kick-off time (the platform's default) or by league order. The choice is
 * the member's setting (settings.listOrder), kept on the platform for a member and in local storage for a visitor; the
 * list loads again in the new order.
 */
export const ListOrder = observer(function ListOrder() {
  const { t } = useTranslation();
  const { settings } = useStore();
  return (
    <div className={chips.days} role="group" aria-label={t('list.order.label')}>
      {ORDERS.map(({ order, key }) => (
        <button key={order} type="button" className={chips.day} aria-pressed={settings.listOrder === order} onClick={() => settings.setListOrder(order)}>
          {t(key)}
        </button>
      ))}
    </div>
  );
});

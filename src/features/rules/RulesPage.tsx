import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../core/ui/common/Screen';
import screen from '../../core/ui/common/Screen.module.css';
import { tabId, tabPanelId, Tabs } from '../../core/ui/common/Tabs';
import { useStore } from '../../core/ui/storeContext';
import styles from './RulesPage.module.css';

export const RULES_NS = 'rules';

export type RulesPageId = 'general' | 'parlay' | 'cashOut';

/** The three rules pages and their sections, in reading order; the words live in locales/<lng>/rules.json. */
export const RULES_PAGES: ReadonlyArray<{ id: RulesPageId; sections: readonly string[] }> = [
  { id: 'general', sections: ['acceptance', 'inPlay', 'oddsChange', 'settlement', 'results', 'quarterLines', 'void', 'oddsFormats', 'limits'] },
  { id: 'parlay', sections: ['what', 'building', 'series', 'void', 'example', 'settlement'] },
  { id: 'cashOut', sections: ['what', 'price', 'partial', 'limits', 'inPlay', 'auto', 'result'] },
];

interface Section {
  heading: string;
  body?: string;
  items?: Record<string, string>;
  note?: string;
}

const ID_PREFIX = 'sp-rules';

function RulesSection({ page, id }: { page: RulesPageId; id: string }) {
  const { t } = useTranslation(RULES_NS);
  const section = t(`${page}.${id}`, { returnObjects: true }) as Section | string;
  if (typeof section !== 'object' || section === null) return null;
  const headingId = `sp-rules-${page}-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {section.heading}
      </h2>
      {section.body && <p className={styles.text}>{section.body}</p>}
      {section.items && (
        <ul className={styles.items}>
          {Object.entries(section.items).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      )}
      {section.note && <p className={styles.text}>{section.note}</p>}
    </section>
  );
}

/**
 * The betting rules (spec: general sports rules, parlay rules, cash-out rules) as three tabs. Arrow keys, Home and End
 * move between the tabs and select. The tab is part of the page's address (`?view=rules&tab=parlay`), so a reload, Back
 * and a shared link open the same rules.
 */
export const RulesPage = observer(function RulesPage() {
  const { t } = useTranslation(RULES_NS);
  const { ui } = useStore();
  const current = RULES_PAGES.find((p) => p.id === ui.screenParams.rules?.tab) ?? RULES_PAGES[0]!;
  const page = current.id;
  const setPage = (id: RulesPageId) => ui.setScreenParams('rules', id === RULES_PAGES[0]!.id ? {} : { tab: id });

  return (
    <Screen
      titleId="sp-rules-title"
      title={t('title')}
      head={<Tabs tabs={RULES_PAGES.map(({ id }) => ({ id, label: t(`tabs.${id}`) }))} selected={page} onSelect={setPage} label={t('tabs.label')} idPrefix={ID_PREFIX} />}
    >
      <div id={tabPanelId(ID_PREFIX)} className={`${screen.content} ${styles.panel}`} role="tabpanel" aria-labelledby={tabId(ID_PREFIX, page)} tabIndex={0}>
        <p className={styles.intro}>{t('intro')}</p>
        {current.sections.map((id) => (
          <RulesSection key={`${page}-${id}`} page={page} id={id} />
        ))}
      </div>
    </Screen>
  );
});

import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballTextEntry as BasketballPlay } from '../../../contract/matchData';
import { Button, RemoteView, useMatchData } from '../../../src/sdk';
import type { DataPanelModule, DataSectionProps, TeamNames } from '../../../src/sdk';
import { BASKETBALL_SECTIONS, basketballText, followBasketball, type BasketballSection } from '../matchData';
import styles from './TextLive.module.css';

const NS = 'sport-basketball';

/** Plays shown at first, and added by each "show earlier plays": a full game has 300-400 of them. */
export const PLAYS_PAGE = 50;

/** Quarters 1-4, then overtimes (the route numbers overtimes on from the last regular section); 0 is the final whistle. */
function sectionName(section: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (section === 0) return t('textLive.fullTime');
  return section <= 4 ? t('textLive.quarter', { n: section }) : t('textLive.overtimeN', { n: section - 4 });
}

/** The newest plays first, a page at a time; a push that brings new plays keeps the count the member chose. */
function Plays({ plays, names }: { plays: BasketballPlay[]; names: TeamNames }) {
  const { t } = useTranslation(NS);
  const [count, setCount] = useState(PLAYS_PAGE);
  const shown = plays.slice(0, count);
  const left = plays.length - shown.length;
  return (
    <>
      <table className={styles.plays}>
        <caption className="sp-visually-hidden">{t('textLive.label')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('textLive.period')}</th>
            <th scope="col">{t('textLive.time')}</th>
            <th scope="col">{t('textLive.team')}</th>
            <th scope="col" className={styles.center}>
              {t('textLive.score')}
            </th>
            <th scope="col">{t('textLive.event')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p, index) => (
            <tr key={`${p.section}-${p.time}-${plays.length - index}`}>
              <td className={styles.muted}>{sectionName(p.section, t)}</td>
              <td className={styles.muted}>{p.time}</td>
              <td className={p.sign ? styles[p.sign] : styles.muted}>{p.sign ? names[p.sign] : t('textLive.neutral')}</td>
              <td className={styles.center}>
                <strong>
                  {p.homeScore} - {p.awayScore}
                </strong>
              </td>
              <td>{p.event}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {left > 0 && (
        <div className={styles.more}>
          <span className={styles.muted} role="status">
            {t('textLive.shown', { shown: shown.length, total: plays.length })}
          </span>
          <Button variant="secondary" onClick={() => setCount((n) => n + PLAYS_PAGE)}>
            {t('textLive.showMore', { count: Math.min(left, PLAYS_PAGE) })}
          </Button>
        </div>
      )}
    </>
  );
}

/** Play-by-play of one section at a time (a keyboard tablist), refetched on the match's score pushes. */
const BasketballTextLive = observer(function BasketballTextLive({ matchId, names }: DataSectionProps) {
  const { t } = useTranslation(NS);
  const { store, language } = useMatchData();
  const [section, setSection] = useState<BasketballSection>(1);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();
  useEffect(() => followBasketball(store, matchId, () => basketballText(store, matchId, section, language)), [store, matchId, section, language]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = BASKETBALL_SECTIONS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    setSection(BASKETBALL_SECTIONS[next]!.id);
  };

  const panelId = `${id}-plays`;
  const tabId = (s: BasketballSection) => `${id}-section-${s}`;
  return (
    <div className={styles.playByPlay}>
      <div className={styles.sections} role="tablist" aria-label={t('textLive.sections')}>
        {BASKETBALL_SECTIONS.map((s, index) => {
          const selected = s.id === section;
          return (
            <button
              key={s.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              id={tabId(s.id)}
              type="button"
              role="tab"
              className={styles.section}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              onClick={() => setSection(s.id)}
            >
              {t(`textLive.section.${s.key}`)}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(section)} className={styles.panel}>
        <RemoteView remote={basketballText(store, matchId, section, language)} isEmpty={(plays) => plays.length === 0} empty={t('textLive.empty')} rows={6}>
          {(plays) => <Plays key={section} plays={plays} names={names} />}
        </RemoteView>
      </div>
    </div>
  );
});

/** Basketball's Text live tab. */
const textLiveSections: DataPanelModule = { Body: BasketballTextLive };

export default textLiveSections;

import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BASKETBALL_SECTIONS,
  dataSportOf,
  type BasketballPlay,
  type BasketballSection,
  type FootballTextLine,
} from '../../../stores/matchData';
import { withoutTimePrefix } from '../../../stores/footballEvents';
import { EventIcon, NAMED_EVENT_TYPES } from './icons';
import { PanelEmpty, PanelSkeleton, RemoteView } from './PanelStates';
import type { MatchDataPanelProps, TeamNames } from './types';
import { useMatchData } from './useMatchData';
import styles from './TextLivePanel.module.css';

function FootballLines({ lines, names }: { lines: FootballTextLine[]; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
    <ol className={styles.lines} aria-label={t('textLive.label')}>
      {lines.map((line, index) => (
        <li key={`${line.second}-${line.type}-${lines.length - index}`} className={`${styles.line} ${line.team ? styles[line.team] : ''}`}>
          <span className={styles.minute}>{line.minute}</span>
          <EventIcon type={line.type} label={t(NAMED_EVENT_TYPES.has(line.type) ? `eventType.${line.type}` : 'eventType.other')} />
          {line.team && <span className="sp-visually-hidden">{names[line.team]}</span>}
          <span className={styles.text}>{withoutTimePrefix(line.text)}</span>
        </li>
      ))}
    </ol>
  );
}

const FootballTextLive = observer(function FootballTextLive({ matchId, names }: { matchId: number; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  useEffect(() => store.followFootballText(matchId, language), [store, matchId, language]);
  return (
    <RemoteView remote={store.footballText(matchId, language)} isEmpty={(lines) => lines.length === 0} empty={t('textLive.empty')} rows={6}>
      {(lines) => <FootballLines lines={lines} names={names} />}
    </RemoteView>
  );
});

/** Quarters 1-4, then overtimes (the route numbers overtimes on from the last regular section). */
function sectionName(section: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  return section <= 4 ? t('textLive.quarter', { n: section }) : t('textLive.overtimeN', { n: section - 4 });
}

function Plays({ plays, names }: { plays: BasketballPlay[]; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  return (
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
        {plays.map((p, index) => (
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
  );
}

const BasketballTextLive = observer(function BasketballTextLive({ matchId, names }: { matchId: number; names: TeamNames }) {
  const { t } = useTranslation('matchData');
  const { store, language } = useMatchData();
  const [section, setSection] = useState<BasketballSection>(1);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();
  useEffect(() => store.followBasketball(matchId, () => store.basketballText(matchId, section, language)), [store, matchId, section, language]);

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
    <div className={styles.basketball}>
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
        <RemoteView remote={store.basketballText(matchId, section, language)} isEmpty={(plays) => plays.length === 0} empty={t('textLive.empty')} rows={6}>
          {(plays) => <Plays plays={plays} names={names} />}
        </RemoteView>
      </div>
    </div>
  );
});

const TextLivePanelBody = observer(function TextLivePanelBody({ matchId, sportId, homeName, awayName }: MatchDataPanelProps) {
  const { t } = useTranslation('matchData');
  const sport = dataSportOf(sportId);
  const names = { home: homeName ?? t('home'), away: awayName ?? t('away') };
  if (sport === 'football') return <FootballTextLive matchId={matchId} names={names} />;
  if (sport === 'basketball') return <BasketballTextLive matchId={matchId} names={names} />;
  return <PanelEmpty>{t('textLive.empty')}</PanelEmpty>;
});

/**
 * Text live: football commentary newest first (new lines from `football:js1`), basketball play-by-play with a
 * section filter (refetched on the match's score pushes).
 */
export function TextLivePanel(props: MatchDataPanelProps) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <TextLivePanelBody {...props} />
    </Suspense>
  );
}

import { useTranslation } from 'react-i18next';
import styles from './MediaStage.module.css';

/**
 * What the app draws over a playing stream (issue 31): the test streams carry no words, so the anchor's name, the
 * teams and the score are the app's, in the viewer's language, from the room and match it already holds (names as the
 * platform answered them in the request language, which follows the viewer's).
 */
export interface StageCaption {
  /** The live room's anchor (anchor mode). */
  anchor?: string | undefined;
  home?: string | undefined;
  away?: string | undefined;
  /** The live score (the live book's, else the match's); absent before the match has one. */
  homeScore?: number | string | undefined;
  awayScore?: number | string | undefined;
}

/** The caption over the picture: the anchor top left, the match as a lower third. Text nodes only, never HTML. */
export function StreamCaption({ caption }: { caption: StageCaption }) {
  const { t } = useTranslation('media');
  const { anchor, home, away, homeScore, awayScore } = caption;
  const scored = homeScore !== undefined && awayScore !== undefined && homeScore !== '' && awayScore !== '';
  const teams = home !== undefined && away !== undefined && home !== '' && away !== '';
  if (!anchor && !teams) return null;
  return (
    <div className={styles.caption} data-testid="stream-caption">
      {anchor && (
        <span className={styles.captionAnchor}>
          <span className="sp-visually-hidden">{t('caption.anchor')}: </span>
          {anchor}
        </span>
      )}
      {teams && (
        <span className={styles.captionMatch}>
          <span className={styles.captionTeam}>{home}</span>
          <strong className={styles.captionScore}>{scored ? t('caption.score', { home: homeScore, away: awayScore }) : t('caption.vs')}</strong>
          <span className={styles.captionTeam}>{away}</span>
        </span>
      )}
    </div>
  );
}

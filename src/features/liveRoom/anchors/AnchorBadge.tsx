import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '../../../../domain/anchors';
import { anchorsOf } from './anchors';
import { useStore } from '../../../core/ui/storeContext';
import { searchFor } from '../../home/screenUrl';
import styles from './AnchorBadge.module.css';

/**
 * The anchors on a match (spec: the match row's anchor badges): a microphone, red while one of them is live, with
 * how many there are; who they are, their language and whether they are live is in its label and tooltip. It is a
 * link (`?roomId=`) into the room of the first live anchor (else the first), so Tab and Enter reach the room, and a new
 * tab opens it too. Shows nothing for a match without anchors the viewer may see.
 */
export const AnchorBadge = observer(function AnchorBadge({ matchId }: { matchId: number }) {
  const { t } = useTranslation();
  const store = useStore();
  const anchors = anchorsOf(store).of(matchId);
  if (anchors.length === 0) return null;
  const room = anchors.find((a) => a.liveStatus === LiveStatus.Living);
  const { liveRoomId } = room ?? anchors[0]!;
  // The room's address, as the app writes it when the room opens (the host's own parameters kept).
  const address = searchFor({ view: 'room', id: liveRoomId }, location.search);
  const names = anchors
    .map((a) =>
      t('anchor.entry', {
        // The spec's anchor has no name: a platform that sends none shows the anchor's id.
        name: a.hostName ?? a.hostId,
        language: t(`anchor.language.${a.hostLanguage}`),
        state: t(a.liveStatus === LiveStatus.Living ? 'anchor.live' : 'anchor.waiting'),
      }),
    )
    .join(t('anchor.separator'));
  const label = t('anchor.label', { count: anchors.length, names });
  return (
    <a
      className={styles.badge}
      href={address}
      data-live={!!room}
      data-anchors={anchors.length}
      aria-label={label}
      title={label}
      onClick={(event) => {
        // A modified click keeps the browser's own meaning (a new tab or window with the room's address).
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        store.ui.showOne('room', liveRoomId);
      }}
    >
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <rect x="5.5" y="1.5" width="5" height="8" rx="2.5" fill="currentColor" />
        <path d="M3.5 7.5a4.5 4.5 0 0 0 9 0M8 12v2.5M5.5 14.5h5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {anchors.length > 1 && <span aria-hidden="true">{anchors.length}</span>}
    </a>
  );
});

import { observer } from 'mobx-react-lite';
import { Button, screenRef, useService, type LiveRoomProps, type LiveRoomTabModule } from '../../src/sdk';
import { MessageList } from './ExpertsScreen';
import { useExpertsTranslation } from './i18n';
import { MessageView } from './MessageView';
import { useExpertsStore } from './useExpertsStore';
import styles from './Experts.module.css';

/** The live room's program tab: the experts' messages on the room's match, a message opening in the tab. */
function Panel({ matchId }: LiveRoomProps) {
  // The anchor may move to another match in the same room: a new match starts a new list.
  return <Program key={matchId} matchId={matchId} />;
}

const Program = observer(function Program({ matchId }: { matchId: number }) {
  const { t } = useExpertsTranslation();
  const screens = useService(screenRef);
  const store = useExpertsStore(matchId);
  return (
    <div className={styles.program}>
      <div className={styles.actions}>
        {store.message && (
          <Button variant="secondary" onClick={() => store.back()}>
            {t('back')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => screens.open('experts')}>
          {t('allExperts')}
        </Button>
      </div>
      {store.message ? <MessageView key={store.message.id} detail={store.message} /> : <MessageList store={store} openMessage={(id) => store.openMessage(id)} />}
    </div>
  );
});

const program: LiveRoomTabModule = { Panel };

export default program;

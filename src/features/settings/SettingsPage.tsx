import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ODDS_FORMATS } from '../../../domain/odds';
import { existingMemberSettings } from './memberSettings';
import { Button } from '../../core/ui/common/Button';
import { Screen } from '../../core/ui/common/Screen';
import { useStore } from '../../core/ui/storeContext';
import styles from './SettingsPage.module.css';

export const SETTINGS_NS = 'settings';

/** Odds-change acceptance codes (spec: none 0, better only 1, any 2). */
const ACCEPTANCES = [0, 1, 2] as const;
/** The accept list's scopes the member chooses (index 3 has no meaning in the spec and is kept as stored). */
const SCOPES = [0, 1, 2] as const;

/** Which words the save state shows: nothing before anything was changed or loaded. */
function statusKey(memberSettings: ReturnType<typeof existingMemberSettings>): string | undefined {
  if (!memberSettings) return undefined;
  if (memberSettings.saving) return 'status.saving';
  if (memberSettings.saveFailed) return 'status.failed';
  if (memberSettings.status === 'failed') return 'status.loadFailed';
  return memberSettings.status === 'ready' ? 'status.saved' : undefined;
}

/**
 * The member's settings (spec 001 "User settings"): odds format, odds-change acceptance, goal push and its scopes.
 * Every change applies at once (the same settings store the header and slip use) and is written through to the
 * platform by stores/memberSettings.ts; a visitor's odds choices stay on this device, and goal push needs a member.
 */
export const SettingsPage = observer(function SettingsPage() {
  const { t } = useTranslation([SETTINGS_NS, 'common']);
  const store = useStore();
  const { settings, session } = store;
  const memberSettings = existingMemberSettings(store);
  const status = statusKey(memberSettings);
  const scopes = [0, 1, 2, 3].map((i) => settings.acceptList?.[i] ?? 0);
  const setScope = (index: number, on: boolean) => settings.applyPushSetting(undefined, scopes.map((v, i) => (i === index ? (on ? 1 : 0) : v)));
  const pushOff = !session.isLogin || settings.acceptPush !== 1;

  return (
    <Screen
      titleId="sp-settings-title"
      title={t('title')}
      head={
        <p className={styles.status} role="status">
          {status ? t(status) : ''}
        </p>
      }
    >

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('odds')}</legend>
        <label className={styles.row}>
          <span>{t('oddsFormat')}</span>
          <select
            className={styles.select}
            value={settings.oddsFormat}
            onChange={(e) => settings.setOddsFormat(Number(e.target.value))}
            aria-describedby="sp-settings-odds-hint"
          >
            {ODDS_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {t(`common:${f.i18nKey}`)}
              </option>
            ))}
          </select>
        </label>
        {/* Where the format applies (domain/odds displayOddsFormat): a member who picks Malay still sees a 1X2 in decimal. */}
        <p id="sp-settings-odds-hint" className={styles.note}>
          {t('common:odds.formatRule')}
        </p>
        <fieldset className={styles.inner}>
          <legend>{t('oddsChange')}</legend>
          {ACCEPTANCES.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="sp-settings-accept" value={value} checked={settings.oddsChange === value} onChange={() => settings.setOddsChange(value)} />
              {t(`accept.${value}`)}
            </label>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('goalPush')}</legend>
        {!session.isLogin && (
          <p className={styles.note}>
            {t('visitor')} <Button onClick={() => store.requireLogin()}>{t('signIn')}</Button>
          </p>
        )}
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={session.isLogin && settings.acceptPush === 1}
            disabled={!session.isLogin}
            onChange={(e) => settings.applyPushSetting(e.target.checked ? 1 : 0, undefined)}
          />
          {t('acceptPush')}
        </label>
        <fieldset className={styles.inner} disabled={pushOff} aria-describedby="sp-settings-scopes-hint">
          <legend>{t('scopes')}</legend>
          {SCOPES.map((index) => (
            <label key={index} className={styles.choice}>
              <input type="checkbox" checked={scopes[index] === 1} onChange={(e) => setScope(index, e.target.checked)} />
              {t(`scope.${index}`)}
            </label>
          ))}
          <p id="sp-settings-scopes-hint" className={styles.note}>
            {t('scopesHint')}
          </p>
        </fieldset>
      </fieldset>
    </Screen>
  );
});

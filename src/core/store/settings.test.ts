import { describe, expect, it, jest } from '@jest/globals';
import { OddsFormat } from '../../../domain/odds';
import { fakeEnv, nextMount } from '../../testing/fakeEnv';
import { createRootStore } from './RootStore';

describe('settings', () => {
  it('uses the merchant default language until the member chooses one, then remembers the choice', async () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.settings.restore('en');
    expect(store.settings.locale).toBe('en');
    expect(store.settings.apiLanguage).toBe('ENG');

    await store.settings.setLocale('THA');
    expect(env.i18n.changeLanguage).toHaveBeenCalledWith('th');
    expect(store.settings.locale).toBe('th');
    const again = createRootStore({}, nextMount(env));
    again.settings.restore('en');
    expect(again.settings.locale).toBe('th');
  });

  it('ignores unknown languages and tells the host about a change made in the app only', async () => {
    const onSettingsChange = jest.fn();
    const { env } = fakeEnv({ host: { onSettingsChange } });
    const store = createRootStore({}, env);
    await store.settings.setLocale('xx');
    expect(store.settings.locale).toBe('zh-CN');
    await store.settings.setLocale('vi');
    expect(onSettingsChange).toHaveBeenLastCalledWith({ language: 'VIE' });
    await store.settings.setLocale('ENG', true);
    expect(onSettingsChange).toHaveBeenCalledTimes(1);
  });

  it('defaults odds to Europe and acceptance to "better only", and persists changes', () => {
    const onSettingsChange = jest.fn();
    const { env } = fakeEnv({ host: { onSettingsChange } });
    const store = createRootStore({}, env);
    store.settings.restore('zh-CN');
    expect(store.settings.oddsFormatId).toBe(OddsFormat.Europe);
    expect(store.settings.oddsChange).toBe(1);

    store.settings.setOddsFormat(OddsFormat.Malay);
    store.settings.setOddsChange(2);
    expect(env.storage.get('handicapFormat')).toBe(3);
    expect(env.storage.get('oddsChange')).toBe(2);
    expect(onSettingsChange).toHaveBeenCalledWith({ handicap: 3 });

    store.settings.setOddsFormat(9);
    store.settings.setOddsChange(5);
    expect(store.settings.oddsFormat).toBe(3);
    expect(store.settings.oddsChange).toBe(2);
  });

  it('takes the host settings without echoing them back', () => {
    const onSettingsChange = jest.fn();
    const { env } = fakeEnv({ host: { onSettingsChange } });
    const store = createRootStore({}, env);
    store.applyHostProps({ isLogin: false, setting: { handicap: 2, accept: 0 } });
    expect(store.settings.oddsFormat).toBe(2);
    expect(store.settings.oddsChange).toBe(0);
    expect(onSettingsChange).not.toHaveBeenCalled();
  });
});

describe('host settings', () => {
  it('apply when the host changes them, not again on a repeated snapshot that would undo the member', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.settings.applyHostSetting({ setting: { accept: 1, handicap: OddsFormat.Europe } } as never);
    expect(store.settings.oddsChange).toBe(1);
    store.settings.setOddsChange(2);
    store.settings.applyHostSetting({ setting: { accept: 1, handicap: OddsFormat.Europe } } as never);
    expect(store.settings.oddsChange).toBe(2);
    store.settings.applyHostSetting({ setting: { accept: 0, handicap: OddsFormat.Europe } } as never);
    expect(store.settings.oddsChange).toBe(0);
  });
});

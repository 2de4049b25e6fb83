import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CURRENCIES } from '../money';
import { ConfigError, parseJsonConfig } from './loadJsonConfig';
import { loadPlatformConfig, platformConfigSchema } from './platformConfig';

const FILE = path.resolve(__dirname, '..', '..', '..', 'config', 'platform.json');
const original = JSON.parse(readFileSync(FILE, 'utf8'));

function messageFor(mutate: (config: any) => void): string {
  const copy = structuredClone(original);
  mutate(copy);
  try {
    parseJsonConfig('config/platform.json', JSON.stringify(copy), platformConfigSchema);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('config/platform.json', () => {
  it('is valid and has a rate for each of the 17 currencies and the two demo members', () => {
    const config = loadPlatformConfig(FILE);
    expect(Object.keys(config.exchangeRates).sort()).toEqual([...CURRENCIES].sort());
    expect(config.exchangeRates.CNY).toBe('1');
    expect(config.demoMembers.map((m) => [m.username, m.password, m.openingBalance, m.currency])).toEqual([
      ['demo', 'demo1234', '10000.00', 'CNY'],
      ['demo2', 'demo1234', '10000.00', 'CNY'],
    ]);
  });

  it('takes the bet builder defaults when absent and names a wrong builder field', () => {
    const copy = structuredClone(original);
    delete copy.betting.builder;
    expect(platformConfigSchema.parse(copy).betting.builder).toEqual({ margin: '0.10', stake: { min: '10.00', max: '5000.00' }, maxLegs: 6 });
    expect(messageFor((c) => (c.betting.builder.margin = '1.5'))).toMatch(/^config\/platform\.json: betting\.builder\.margin: expected a margin below 1/);
    expect(messageFor((c) => (c.betting.builder.margin = 0.1))).toMatch(/^config\/platform\.json: betting\.builder\.margin: expected a decimal string like "0\.10"/);
    expect(messageFor((c) => (c.betting.builder.maxLegs = 1))).toMatch(/^config\/platform\.json: betting\.builder\.maxLegs: /);
  });

  it('names the field and the expected format of a rate given as a number', () => {
    expect(messageFor((c) => (c.exchangeRates.USD = 7.12))).toBe(
      'config/platform.json: exchangeRates.USD: expected a decimal string like "7.12", got 7.12',
    );
  });

  it('rejects a missing currency, a zero rate and a CNY rate other than 1', () => {
    expect(messageFor((c) => delete c.exchangeRates.VND)).toContain('exchangeRates.VND: missing, expected a decimal string like "7.12"');
    expect(messageFor((c) => (c.exchangeRates.JPY = '0'))).toContain('exchangeRates.JPY: expected a rate above 0, got "0"');
    expect(messageFor((c) => (c.exchangeRates.CNY = '2'))).toContain('exchangeRates.CNY: expected CNY to be "1"');
  });

  it('rejects a bad demo member', () => {
    expect(messageFor((c) => (c.demoMembers[1].openingBalance = '10.001'))).toContain(
      'demoMembers[1].openingBalance: expected a decimal string with at most 2 decimals like "10000.00", got "10.001"',
    );
    expect(messageFor((c) => (c.demoMembers[0].currency = 'XYZ'))).toContain('demoMembers[0].currency: expected one of "CNY", "USD"');
    expect(messageFor((c) => (c.demoMembers[1].username = 'demo'))).toContain(
      'demoMembers[1].username: expected a unique username, got "demo" twice',
    );
    expect(messageFor((c) => (c.demoMembers[0].password = 'short'))).toContain('demoMembers[0].password: expected at least 8 characters, got 5');
  });

  it('rejects a CORS list that is not a list of origins', () => {
    expect(messageFor((c) => (c.cors.origins = ['*']))).toContain('cors.origins[0]: expected an origin like "https://casino.example" (scheme, host and port only), got "*"');
    expect(messageFor((c) => (c.cors.origins = ['null']))).toContain('cors.origins[0]: expected an origin');
    expect(messageFor((c) => (c.cors.origins = ['https://casino.example/app']))).toContain('got "https://casino.example/app"');
    expect(messageFor((c) => (c.cors.origins = 'https://casino.example'))).toContain('cors.origins');
  });

  it('rejects a misspelt key rather than ignoring it', () => {
    expect(messageFor((c) => (c.push.maxBufferBytes = 1))).toContain('push: unexpected field "maxBufferBytes"');
  });
});

describe('config/platform.json chat', () => {
  it('takes the defaults for an absent chat section or field', () => {
    const copy = structuredClone(original);
    delete copy.chat;
    const config = parseJsonConfig('config/platform.json', JSON.stringify(copy), platformConfigSchema);
    expect(config.chat).toEqual({
      maxTextLength: 200,
      rateLimit: { messages: 5, perSeconds: 10 },
      fanoutMs: 50,
      historySize: 50,
      tokenTtlSeconds: 300,
      giftLines: { perMember: 2, perRoom: 10, perSeconds: 10 },
      sessionRecheckSeconds: 5,
      maxConnectionsPerMember: 10,
      maxVisitorConnectionsPerAddress: 20,
      frameLimits: { perConnection: { burst: 30, perMinute: 120 }, perAddress: { burst: 200, perMinute: 1200 }, joinCost: 5 },
      image: { maxBytes: 2 * 1024 * 1024, maxWidth: 4096, maxHeight: 4096 },
      imageUploads: { perMember: { burst: 5, perMinute: 10 }, dailyBytesPerMember: 20 * 1024 * 1024, unpostedMinutes: 60 },
      orderShow: { showCount: 10, minAmount: '10.00' },
    });
    const partial = structuredClone(original);
    partial.chat = { maxTextLength: 100 };
    expect(parseJsonConfig('config/platform.json', JSON.stringify(partial), platformConfigSchema).chat.rateLimit).toEqual({ messages: 5, perSeconds: 10 });
  });

  it('refuses the former liveShowOrder, naming the one setting that replaced it (issue 31)', () => {
    expect(messageFor((c) => (c.liveShowOrder = { isGlobal: true, amount: '100.00' }))).toContain('chat.orderShow.minAmount');
  });

  it('names the chat field that is wrong', () => {
    expect(messageFor((c) => (c.chat.maxTextLength = 0))).toContain('chat.maxTextLength');
    expect(messageFor((c) => (c.chat.rateLimit.perSeconds = 'ten'))).toContain('chat.rateLimit.perSeconds');
    expect(messageFor((c) => (c.chat.orderShow.minAmount = 10))).toContain('chat.orderShow.minAmount: expected a decimal string');
    expect(messageFor((c) => (c.chat.typo = 1))).toContain('chat');
    expect(messageFor((c) => (c.chat.frameLimits = { perConnection: { burst: 0, perMinute: 1 }, perAddress: { burst: 1, perMinute: 1 }, joinCost: 1 }))).toContain('chat.frameLimits.perConnection.burst');
    expect(messageFor((c) => (c.chat.imageUploads = { perMember: { burst: 1, perMinute: 1 }, dailyBytesPerMember: 10, unpostedMinutes: 60 }))).toContain('chat.imageUploads.dailyBytesPerMember');
    expect(messageFor((c) => (c.demoMembers[0].liveGroupUserType = 'admin'))).toContain('demoMembers[0].liveGroupUserType');
  });

  it('takes the experts defaults when absent and names a wrong experts field', () => {
    expect(loadPlatformConfig(FILE).experts).toEqual({ commentRule: { rechargeLimit: '100.00', vipLimit: 0 }, bannerHost: '' });
    const experts = (value: unknown) => messageFor((c) => (c.experts = value));
    expect(experts({ commentRule: { rechargeLimit: '100.00', vipLimit: 11 }, bannerHost: '' })).toMatch(/experts\.commentRule\.vipLimit/);
    expect(experts({ commentRule: { rechargeLimit: '1.234', vipLimit: 0 }, bannerHost: '' })).toMatch(/experts\.commentRule\.rechargeLimit/);
    expect(experts({ commentRule: { rechargeLimit: '1.00', vipLimit: 0 }, bannerHost: 'banners' })).toMatch(/experts\.bannerHost/);
  });
});

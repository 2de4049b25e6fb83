import { describe, expect, it } from '@jest/globals';
import { createOriginPolicy, normaliseOrigin } from './origins';

describe('normaliseOrigin', () => {
  it('keeps scheme, host and port and refuses anything else', () => {
    expect(normaliseOrigin('https://Casino.Example:8443')).toBe('https://casino.example:8443');
    expect(normaliseOrigin('http://casino.example/')).toBe('http://casino.example');
    expect(normaliseOrigin('null')).toBeNull();
    expect(normaliseOrigin('*')).toBeNull();
    expect(normaliseOrigin('ftp://casino.example')).toBeNull();
    expect(normaliseOrigin('https://casino.example/path')).toBeNull();
    expect(normaliseOrigin('https://user:pw@casino.example')).toBeNull();
  });
});

describe('createOriginPolicy', () => {
  const policy = createOriginPolicy(['https://casino.example']);

  it('allows only configured origins cross-origin', () => {
    expect(policy.allowsCrossOrigin('https://casino.example')).toBe(true);
    expect(policy.allowsCrossOrigin('https://evil.example')).toBe(false);
    expect(policy.allowsCrossOrigin('null')).toBe(false);
  });

  it('allows requests without Origin, from the platform itself, or from a configured origin', () => {
    expect(policy.allowsRequest({ host: '127.0.0.1:8080' })).toBe(true);
    expect(policy.allowsRequest({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' })).toBe(true);
    expect(policy.allowsRequest({ host: '127.0.0.1:8080', origin: 'https://casino.example' })).toBe(true);
  });

  it('refuses foreign, null and malformed origins', () => {
    expect(policy.allowsRequest({ host: '127.0.0.1:8080', origin: 'http://evil.example' })).toBe(false);
    expect(policy.allowsRequest({ host: '127.0.0.1:8080', origin: 'null' })).toBe(false);
    expect(policy.allowsRequest({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:9999' })).toBe(false);
  });
});

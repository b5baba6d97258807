import { ConfigError, parseTrustProxy } from './app-config';

describe('TRUST_PROXY', () => {
  it.each<[string | null, false | number | string[]]>([
    [null, false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['true', 1],
    ['on', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.5', ['10.0.0.0/8', '192.168.1.5']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%s trusts %j', (raw, trust) => {
    expect(parseTrustProxy(raw)).toEqual(trust);
  });

  it.each([['11'], ['nginx'], ['10.0.0.0/33'], ['10.0.0.1/8/2'], ['300.1.1.1']])('refuses %s with a message', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(ConfigError);
  });
});

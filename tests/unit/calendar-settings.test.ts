// The calendar's settings: the company's domains (COMPANY_DOMAINS, else the administrator's domain) and the
// loopback test servers, which only a local run honours.
import { afterEach, describe, expect, it } from 'vitest';
import { calendarTestHosts, checkSettings, companyDomains } from '~/server/config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('COMPANY_DOMAINS', () => {
  it('defaults to the domain of the administrator’s address', () => {
    delete process.env['COMPANY_DOMAINS'];
    delete process.env['ADMIN_USERNAME'];
    expect(companyDomains()).toEqual(['parcelwise.example']);
    process.env['ADMIN_USERNAME'] = 'Ops@Parcelwise.COM';
    expect(companyDomains()).toEqual(['parcelwise.com']);
  });

  it('lists domains separated by commas, lower-cased, an @ allowed', () => {
    process.env['COMPANY_DOMAINS'] = ' Parcelwise.com, @parcelwise.de ';
    expect(companyDomains()).toEqual(['parcelwise.com', 'parcelwise.de']);
  });

  it('refuses anything else with a 503 naming it', () => {
    process.env['PARCELWISE_LOCAL'] = 'true';
    process.env['COMPANY_DOMAINS'] = 'parcelwise.com, not a domain';
    expect(() => checkSettings()).toThrow('COMPANY_DOMAINS must list e-mail domains separated by commas (not "not a domain").');
  });
});

describe('PARCELWISE_CALENDAR_TEST_HOSTS', () => {
  it('names host:port pairs in a local run', () => {
    process.env['PARCELWISE_LOCAL'] = 'true';
    delete process.env['CONTEXT'];
    process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = '127.0.0.1:8443, [::1]:9443';
    expect([...calendarTestHosts()]).toEqual(['127.0.0.1:8443', '[::1]:9443']);
  });

  it.each(['production', 'deploy-preview', 'branch-deploy'])('is ignored in a %s context, whatever local flag is set', (context) => {
    process.env['PARCELWISE_LOCAL'] = 'true';
    process.env['CONTEXT'] = context;
    process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = '127.0.0.1:8443';
    expect(calendarTestHosts().size).toBe(0);
  });
});

// The request log's path (LOG_LEVEL=debug): a secret in a path is replaced, the route stays readable.
import { expect, test } from 'bun:test';
import { loggedPath } from '../../src/http/server';

const TOKEN = 'iSP2Us0LHY-M93g6zswO4rNr_4fmCJo_9w1zzD8vnC0';
const at = (path: string) => loggedPath(`http://127.0.0.1:8080${path}`);

test('one-time link and webhook tokens are replaced, with or without a following part', () => {
  expect(at(`/api/v1/invitations/${TOKEN}`)).toBe('/api/v1/invitations/[token]');
  expect(at(`/api/v1/invitations/${TOKEN}/accept`)).toBe('/api/v1/invitations/[token]/accept');
  expect(at(`/api/v1/channels/webhooks/${TOKEN}`)).toBe('/api/v1/channels/webhooks/[token]');
  // Spellings a router might still take: doubled slashes, another case, a trailing slash.
  expect(at(`//api/v1//invitations/${TOKEN}/`)).toBe('//api/v1//invitations/[token]/');
  expect(at(`/API/V1/Invitations/${TOKEN}`)).toBe('/API/V1/Invitations/[token]');
  expect(at(`/api/v1/invitations/${TOKEN}?x=1`)).toBe('/api/v1/invitations/[token]');
});

test('a query string is never logged (a signed download link carries its token there)', () => {
  expect(at(`/api/v1/renders/ren_1/download?token=${TOKEN}`)).toBe('/api/v1/renders/ren_1/download');
});

test('other paths are logged as they are, ids included', () => {
  expect(at('/api/v1/documents/doc_01m95y04yy0g4qt2vxgf2w9w15')).toBe(
    '/api/v1/documents/doc_01m95y04yy0g4qt2vxgf2w9w15',
  );
  expect(at('/api/v1/workspaces/wsp_1/invitations')).toBe('/api/v1/workspaces/wsp_1/invitations');
  expect(at('/api/v1/invitations')).toBe('/api/v1/invitations');
  expect(at('/api/v1/billing/webhook')).toBe('/api/v1/billing/webhook');
});

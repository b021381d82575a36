import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authData } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import {
  DEFAULT_PRODUCTION_STAGE_NAMES,
  productionStageList,
} from '../../../contract/production-stages.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A sign-up whose own answer the test reads (`registerUser` hands back the signed-in user). */
const signUp = (email: string, language: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      organizationName: 'Shree Embroidery',
      name: 'Meena',
      email,
      password: 'correct horse battery',
      language,
    },
  });

async function stageNames(user: TestUser) {
  const response = await t.send(user, 'GET', '/api/production/stages');
  expect(response.statusCode, response.body).toBe(200);
  return envelope(productionStageList)
    .parse(response.json())
    .data.data.map((stage) => stage.name);
}

async function language(user: TestUser) {
  const response = await t.send(user, 'GET', '/api/auth/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { user: { language: string } } }>().data.user.language;
}

describe('default stages at sign-up', () => {
  it.each(['gu', 'hi'] as const)(
    'names them in %s when the sign-up page was in it, the owner’s language too',
    async (chosen) => {
      const owner = await t.registerUser({ language: chosen });
      expect(await stageNames(owner)).toEqual([...DEFAULT_PRODUCTION_STAGE_NAMES[chosen]]);
      expect(await language(owner)).toBe(chosen);
    },
  );

  it('names them in English without a language, and answers the owner’s language', async () => {
    const owner = await t.registerUser();
    expect(await stageNames(owner)).toEqual([...DEFAULT_PRODUCTION_STAGE_NAMES.en]);
    const response = await signUp('meena-gu@example.com', 'gu');
    expect(response.statusCode, response.body).toBe(201);
    expect(envelope(authData).parse(response.json()).data.user.language).toBe('gu');
  });

  it('refuses a language the app has no texts for', async () => {
    const response = await signUp('meena-fr@example.com', 'fr');
    expect(response.statusCode).toBe(400);
  });
});

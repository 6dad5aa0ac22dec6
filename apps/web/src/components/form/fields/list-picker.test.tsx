import { operations } from '@console/schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, withReviewReads } from '@/test/render';
import { OperationForm } from '../operation-form';
import { ProfileField } from './profile-field';

const TREASURY = {
  id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  nickname: 'Treasury',
  type: 'STANDARD',
};
const PROFILES_PATH = `/api/svc${operations.listProfiles.path}`;

let answerProfiles: () => void = () => {};
beforeEach(() => {
  // The profiles arrive only when the test says: the operator pastes before they do.
  const profiles = new Promise<Response>((resolve) => {
    answerProfiles = () => resolve(jsonResponse(200, { data: { items: [TREASURY] } }));
  });
  const rest = withReviewReads(vi.fn<typeof fetch>());
  vi.stubGlobal('fetch', (url: Parameters<typeof fetch>[0], init?: RequestInit) =>
    String(url).startsWith(PROFILES_PATH) ? profiles : rest(url, init),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Fields() {
  return <ProfileField name="from_profile_id" />;
}

describe('a picker whose list is still loading', () => {
  it('takes an id pasted before the list came, even after the operator left the field', async () => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={Fields} />,
    );
    const picker = screen.getByRole('combobox', { name: 'From profile' });
    await user.click(picker);
    await user.paste(TREASURY.id);
    await user.tab();
    answerProfiles();
    await waitFor(() => expect(picker).toHaveValue('Treasury'));
  });
});

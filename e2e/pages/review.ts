import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the review step says before Send: whether the send waits for approval and what it needs
 * (the BFF's preview), and every picked id by its name with the id small beside it.
 */
export class ReviewStep {
  constructor(
    private readonly page: Page,
    readonly dialog: Locator,
  ) {}

  /**
   * The outlook, once the BFF has answered: "Sent at once", "Waits for approval", "Escalates",
   * "Refused", "Nobody could approve it".
   */
  async outlook(): Promise<Locator> {
    const said = this.dialog.locator('.mantine-Alert-root').filter({
      hasText: /^(Sent at once|Waits for approval|Escalates|Refused|Nobody could approve it)/,
    });
    await expect(said).toBeVisible();
    return said;
  }

  send(): Locator {
    return this.dialog.getByRole('button', { name: 'Confirm and send' });
  }

  /** The table of everything sent; an id the form picked shows its record's name beside it. */
  sent(): Locator {
    return this.dialog.getByRole('table', { name: 'Everything that will be sent' });
  }

  sentRow(field: string): Locator {
    return this.sent().getByRole('row').filter({ hasText: field });
  }
}

/** Asks the BFF what sending `body` would do, as the review does, for a spec to wait on. */
export async function previewStalled(
  page: Page,
  operation: string,
  body: Record<string, unknown>,
): Promise<boolean> {
  const response = await page.request.post(`/api/operations/${operation}/preview`, {
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
    data: body,
  });
  const answer = (await response.json()) as {
    approval: { prospect: { stalled: string | null } } | null;
  };
  return answer.approval?.prospect.stalled != null;
}

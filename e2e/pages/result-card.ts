import type { Locator, Page } from '@playwright/test';

/** The service's answer after a send: status badges, fields as a definition list, journal ids. */
export class ResultCard {
  readonly root: Locator;

  constructor(scope: Page | Locator, name = 'Result') {
    this.root = scope.getByRole('region', { name, exact: true });
  }

  readonly heading = () => this.root.getByRole('heading').first();

  /** The value shown for a field label (a `dt`), e.g. "Status", "Amount", "Id". */
  value(label: string): Locator {
    return this.root
      .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`)
      .first();
  }

  /** What became of the send, in words ("Succeeded"), under the card's Journal heading. */
  outcome(): Locator {
    return this.journalValue('Outcome');
  }

  /** The badge in the card's header: the record's status (the journal's outcome when it has none). */
  badge(text: string): Locator {
    return this.root.getByText(text, { exact: true }).first();
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** The reference id and journal entry id printed under "Journal". */
  journalValue(label: 'Outcome' | 'Journal entry' | 'Reference id' | 'Request id'): Locator {
    return this.root
      .getByText(label, { exact: true })
      .last()
      .locator('xpath=following-sibling::*[1]');
  }
}

import type { OperationId } from '@console/schemas';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** The Journal: every send, filterable, with a detail page per entry and a CSV export. */
export class JournalPage {
  readonly table: Locator;
  readonly filters: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Journal entries' });
    this.filters = page.getByRole('search', { name: 'Filter the journal' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/journal${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  }

  /** The entries of one operation: what was journaled of it. */
  async ofOperation(operation: OperationId): Promise<void> {
    await this.goto(`?operation=${operation}`);
  }

  /** Body rows of the table (the header row excluded), or on a phone the cards it becomes. */
  rows(): Locator {
    return this.table
      .getByRole('rowgroup')
      .last()
      .getByRole('row')
      .or(this.page.getByRole('list', { name: 'Journal entries' }).getByRole('listitem'));
  }

  /** The entries as a phone shows them: one card each. */
  cards(): Locator {
    return this.page.getByRole('list', { name: 'Journal entries' });
  }

  rowFor(refId: string): Locator {
    return this.rows().filter({ hasText: refId });
  }

  async chooseFilter(label: 'Operation' | 'State', option: string): Promise<void> {
    await this.filters.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async typeFilter(label: 'Operator' | 'Reference id', value: string): Promise<void> {
    await this.filters.getByLabel(label, { exact: true }).fill(value);
  }

  async apply(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(this.page).toHaveURL(/\/journal\?/);
  }

  /** Clears the filters: the address loses its query and every box is empty. */
  async clear(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear' }).click();
    await expect(this.page).toHaveURL(/\/journal$/);
    await expect(this.filters.getByLabel('Operator', { exact: true })).toHaveValue('');
    await expect(this.filters.getByLabel('Reference id', { exact: true })).toHaveValue('');
  }

  /** Opens an entry's detail page from its row. */
  async open(refId: string): Promise<void> {
    await this.rowFor(refId)
      .getByRole('link', { name: /^Open journal entry/ })
      .click();
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('link', { name: 'Export CSV' }).click();
    return download;
  }
}

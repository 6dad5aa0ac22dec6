import { expect, type Locator, type Page } from '@playwright/test';
import { ResultCard } from './result-card';

/** Escapes text for use inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One operation's page, as an operator uses it: fields found by their labels (the schemas'
 * labels), selects as comboboxes, metadata rows, rails, then send (with the review step for
 * money-moving operations) and read the answer or the problem.
 */
export class OperationForm {
  readonly form: Locator;
  readonly result: ResultCard;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.form = page.getByRole('form', { name: title });
    this.result = new ResultCard(page);
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.expectOpen();
  }

  /** The form is the page shown: its title and the form itself (after `signIn(page, who, path)`). */
  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: this.title })).toBeVisible();
    await expect(this.form).toBeVisible();
  }

  /** A field by its exact label, optionally inside a named group (fieldset) such as "Source". */
  field(label: string, group?: string): Locator {
    const scope = group ? this.group(group) : this.form;
    // The amount|total switch is labelled like the fields it switches: skip its radios.
    return scope
      .getByLabel(label, { exact: true })
      .and(this.page.locator(':not(input[type="radio"])'));
  }

  group(name: string): Locator {
    return this.form.getByRole('group', { name, exact: true });
  }

  async fill(values: Record<string, string>, group?: string): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label, group);
      await field.fill(value);
      await field.blur();
    }
  }

  /** Chooses an option of a Mantine Select, found as a combobox by its label. */
  async choose(label: string, option: string, group?: string): Promise<void> {
    const scope = group ? this.group(group) : this.form;
    const combobox = scope.getByRole('combobox', { name: label, exact: true });
    const choice = this.page.getByRole('option', { name: option, exact: true });
    // Opened again if its list did not show: a click that lands while another select's list
    // closes can leave this one shut (seen once in a whole run), and an operator clicks again.
    await expect(async () => {
      if (!(await choice.isVisible())) await combobox.click();
      await expect(choice).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await choice.click();
    await expect(combobox).toHaveValue(option);
  }

  /**
   * Picks from a list of records (a profile, an identity, an account) as an operator does: types
   * part of its name in the picker and chooses the option that starts with `option`.
   */
  async pick(label: string, search: string, option = search, group?: string): Promise<void> {
    const scope = group ? this.group(group) : this.form;
    const combobox = scope.getByRole('combobox', { name: label, exact: true });
    await combobox.fill(search);
    // The option's name is its label, then its details ("USD Available…", not "USDP…").
    const offered = this.page.getByRole('option', {
      name: new RegExp(`^${literal(option)}(?!\\w)`),
    });
    // Typed whole, a code is taken at once; choosing it again would clear it.
    if ((await offered.getAttribute('aria-selected')) === 'true') await combobox.press('Escape');
    else await offered.click();
    await expect(combobox).toHaveValue(option);
  }

  /** Opens the Advanced section (end users, reference id…) unless it is open. */
  async openAdvanced(): Promise<void> {
    const toggle = this.form.getByRole('button', { name: /Advanced/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** Opens a date-time picker, picks one of its presets ("In 1 hour"…) and confirms it. */
  async pickPreset(label: string, preset: string): Promise<void> {
    await this.field(label).click();
    await this.page.getByRole('button', { name: preset, exact: true }).click();
    const confirm = this.page.getByRole('button', { name: `Confirm ${label.toLowerCase()}` });
    if (await confirm.isVisible()) await confirm.click();
    await expect(confirm).toBeHidden();
    await expect(this.field(label)).not.toHaveText('Pick a date and time (local)');
  }

  /** Picks a rail (Crypto, Fiat, Profile, None) of a source or destination. */
  async rail(which: 'Source' | 'Destination', rail: string): Promise<void> {
    const control = this.form.getByRole('radiogroup', { name: `${which} rail` });
    await control.getByText(rail, { exact: true }).click();
    await expect(control.getByRole('radio', { name: rail, exact: true })).toBeChecked();
  }

  /** The message a source or destination shows about itself (no rail chosen, …). */
  railError(which: 'Source' | 'Destination'): Locator {
    return this.group(which).getByRole('alert');
  }

  /** The fee quote's amount|total switch. */
  async quoteBy(label: 'Amount' | 'Total'): Promise<void> {
    const control = this.form.getByRole('radiogroup', { name: 'Quote by' });
    await control.getByText(label, { exact: true }).click();
    await expect(control.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }

  /** Adds key/value rows to a metadata editor ("Metadata", "Recipient metadata", …). */
  async addMetadata(pairs: Record<string, string>, label = 'Metadata'): Promise<void> {
    const editor = this.form.getByRole('group', { name: label, exact: true });
    for (const [key, value] of Object.entries(pairs)) {
      const count = await editor.getByLabel(new RegExp(`^${literal(label)} key \\d+$`)).count();
      await editor.getByRole('button', { name: `Add ${label.toLowerCase()} pair` }).click();
      await editor.getByLabel(`${label} key ${count + 1}`, { exact: true }).fill(key);
      await editor.getByLabel(`${label} value ${count + 1}`, { exact: true }).fill(value);
    }
  }

  metadataEditor(label = 'Metadata'): Locator {
    return this.form.getByRole('group', { name: label, exact: true });
  }

  refId(): Locator {
    return this.field('Reference id');
  }

  async submit(): Promise<void> {
    await this.form.locator('button[type="submit"]').click();
  }

  get review(): Locator {
    return this.page.getByRole('dialog', { name: `Review: ${this.title}` });
  }

  /** Opens the review step and checks it shows what will be sent; does not confirm. */
  async openReview(): Promise<Locator> {
    await this.submit();
    await expect(this.review).toBeVisible();
    return this.review;
  }

  async confirm(): Promise<void> {
    await this.review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(this.review).toBeHidden();
  }

  /** Sends: through the review step for money movers, straight for the others; waits for an outcome. */
  async send(): Promise<void> {
    const label = (await this.form.locator('button[type="submit"]').innerText()).trim();
    if (label === 'Review and send') {
      await this.openReview();
      await this.confirm();
    } else {
      await this.submit();
    }
    await expect(this.result.root.or(this.problem()).first()).toBeVisible({ timeout: 20_000 });
  }

  /** The alert that explains a refused or failed send. */
  problem(): Locator {
    return this.form
      .getByRole('alert')
      .filter({ has: this.page.getByRole('link', { name: /journal/i }) })
      .first();
  }

  /** Expects the field (by label) to show this error next to it. */
  async expectFieldError(label: string, message: string | RegExp, group?: string): Promise<void> {
    const field = this.field(label, group);
    const pattern = typeof message === 'string' ? new RegExp(literal(message)) : message;
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(pattern);
  }

  async expectNoFieldError(label: string, group?: string): Promise<void> {
    await expect(this.field(label, group)).not.toHaveAttribute('aria-invalid', 'true');
  }
}

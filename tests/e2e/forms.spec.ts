/**
 * Forms and records (issue 11): the sticky action bar and Ctrl+S on a long registry form, and the
 * "Histórico" tab showing who changed which field.
 */
import { expect, test, type Page } from '@playwright/test';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents';
import { signIn } from './support';

const SHOTS = process.env.E2E_SHOTS;

function newCnpj(offset = 0): string {
  const base = `${String((Date.now() + offset) % 1e8).padStart(8, '0')}0002`;
  return base + cnpjCheckDigits(base);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const width of [1366, 390]) {
  test(`keeps Salvar and Cancelar in view, Ctrl+S saves, and Histórico shows the changes (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
    await signIn(page, 'admin@demo.com.br');
    await page.goto('/fornecedores/adicionar');

    // Once the form is on screen (at 390 px the portal's navigation comes first), its bar is too.
    await page.getByLabel(/^CPF\/CNPJ/).scrollIntoViewIfNeeded();
    const bar = page.getByRole('group', { name: 'Ações do formulário' });
    const save = bar.getByRole('button', { name: 'Salvar' });
    await expect(save).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
    await shot(page, `form-sticky-${width}`);
    const addresses = page.getByRole('group', { name: 'Endereços' });
    await expect(addresses.getByRole('button', { name: 'Adicionar endereço' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Contatos' }).getByRole('button', { name: 'Adicionar contato' })).toBeVisible();

    const cnpj = newCnpj(width);
    const name = `Fornecedor Histórico ${cnpj.slice(0, 8)} Ltda`;
    await page.getByLabel(/^CPF\/CNPJ/).fill(cnpj);
    await page.getByLabel(/^Nome \/ Razão social/).fill(name);
    // The document decides the type as it is typed.
    await expect(page.getByRole('group', { name: 'Identificação' })).toContainText('Pessoa jurídica');
    // The bar stays at the bottom of the viewport wherever the form is scrolled to.
    await addresses.getByRole('button', { name: 'Adicionar endereço' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await expect(save).toBeInViewport();

    await page.keyboard.press('Control+S');
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel(/^Nome \/ Razão social/).fill(`${name} ME`);
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('heading', { name: `${name} ME` })).toBeVisible();

    await page.getByRole('link', { name: 'Histórico' }).click();
    await expect(page).toHaveURL(/\/fornecedores\/[^/]+\/historico$/);
    const audit = page.getByRole('region', { name: 'Histórico de alterações' });
    const entries = audit.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Alteração');
    await expect(entries.first()).toContainText('por ');
    const row = entries.first().getByRole('row', { name: /Nome \/ Razão social/ });
    await expect(row).toContainText(name);
    await expect(row).toContainText(`${name} ME`);
    await expect(entries.nth(1)).toContainText('Criação');
    await page.getByRole('link', { name: 'Histórico' }).scrollIntoViewIfNeeded();
    const close = page.getByRole('button', { name: 'Fechar' });
    for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click({ timeout: 2000 }).catch(() => undefined);
    await shot(page, `historico-${width}`);
  });
}

/**
 * Bulk actions beyond delete on a registry list, each offered only where it would change a selected
 * record: select suppliers, "Inativar" them (asked
 * first), see the summary and the list follow; then, on a phone, select them again among the
 * inactive ones and "Ativar" them. Axe-clean with the selection's bar and its dialog open.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

const bar = (page: Page) => page.getByRole('region', { name: 'Ações' });

test('inactivates and activates a selection of suppliers at 1366 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores?isActive=true&sort=name');
  const boxes = page.getByRole('checkbox', { name: /^Selecionar (?!todos)/ });
  await expect(boxes.first()).toBeVisible();
  const names = (await boxes.evaluateAll((inputs) => inputs.slice(0, 2).map((input) => input.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Selecionar /, ''));
  expect(names).toHaveLength(2);

  for (const name of names) await page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true }).check();
  await expect(bar(page)).toContainText('2 selecionados');
  // Both are active: "Ativar" would change nothing, so it is not offered.
  await expect(bar(page).getByRole('button', { name: 'Inativar', exact: true })).toBeVisible();
  await expect(bar(page).getByRole('button', { name: 'Ativar', exact: true })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await bar(page).getByRole('button', { name: 'Inativar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Inativar' });
  await expect(dialog).toContainText('Inativar os fornecedores selecionados?');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/bulk-inactivate-wide.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Inativar', exact: true }).click();
  await expect(page.getByText('Ação concluída para 2 registros.')).toBeVisible();
  // The list (active suppliers) reloads without them; the selection is cleared.
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(bar(page)).toHaveCount(0);

  // On a phone, among the inactive ones: select both and activate them.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fornecedores?isActive=false&sort=name');
  for (const name of names) await page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true }).check();
  await expect(bar(page)).toContainText('2 selecionados');
  await expect(bar(page).getByRole('button', { name: 'Inativar', exact: true })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screens/bulk-activate-phone.png', fullPage: true });
  await bar(page).getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(page.getByText('Ação concluída para 2 registros.')).toBeVisible();
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  // Active again.
  await page.goto(`/fornecedores?isActive=true&q=${encodeURIComponent(names[0])}`);
  await expect(page.getByRole('link', { name: names[0], exact: true })).toBeVisible();
});

test('a requester submits two drafts in bulk, then cancels them in bulk with one reason (1366 and 390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'solicitante@demo.com.br');
  const tag = String(Date.now()).slice(-6);
  const titles = [`Lote ${tag} A`, `Lote ${tag} B`];
  // The drafts exist already (made through the API as the requester): what is tested is the selection.
  const made = await page.evaluate(async (names) => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!) as string;
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf };
    const centres = (await (await fetch('/api/finance/cost-centers?perPage=1', { headers })).json()) as { id: string }[];
    const statuses: (number | string)[] = [];
    for (const title of names) {
      const body = { title, costCenterId: centres[0].id, departmentId: null, neededBy: null, justification: 'Reposição.', lines: [{ productId: null, description: 'Resma de papel', quantity: 2, unit: 'UN', unitPrice: 2500, neededBy: null }] };
      const answer = await fetch("/v1/supply/orders", { method: "POST", headers, body: JSON.stringify(body) });
      statuses.push(answer.status === 201 ? 201 : `${answer.status} ${await answer.text()}`);
    }
    return statuses;
  }, titles);
  expect(made).toEqual([201, 201]);

  await page.goto(`/pedidos?q=${encodeURIComponent(`Lote ${tag}`)}`);
  for (const title of titles) await page.getByRole('checkbox', { name: `Selecionar ${title}`, exact: true }).check();
  await expect(bar(page)).toContainText('2 selecionados');
  expect(await axeViolations(page)).toEqual([]);
  await bar(page).getByRole('button', { name: 'Enviar para aprovação', exact: true }).click();
  await expect(page.getByText('Ação concluída para 2 registros.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pedidos' }).getByText('Rascunho')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  for (const title of titles) await page.getByRole('checkbox', { name: `Selecionar ${title}`, exact: true }).check();
  await bar(page).getByRole('button', { name: 'Cancelar pedido', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar pedido: 2 selecionados' });
  await expect(dialog).toContainText('Cancelar os pedidos selecionados?');
  // The reason is required, and the same for all.
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(dialog.getByText('Informe o motivo.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Compra adiada para o próximo trimestre.');
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screens/bulk-cancel-phone.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(page.getByText('Ação concluída para 2 registros.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pedidos' }).getByText('Cancelado')).toHaveCount(2);
});

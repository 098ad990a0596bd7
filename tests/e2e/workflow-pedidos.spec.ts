/**
 * Pedidos end to end against the real server (seeded catalogue and the two-stage queue
 * "Aprovação de pedidos": gestor@, then compras@). Named to run after two-factor.spec.ts, which
 * expects gestor@ without a second factor set up.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, codeIn, expandNavigation, fillLogin, mailsTo, mainNavigation, nextMail, signIn, signOut } from './support';
import { shoot } from './screens';

test.describe.configure({ mode: 'serial' });

const TITLE = `Pedido e2e ${Date.now().toString(36)}`;
/** A second pedido, submitted after TITLE: the approver decides on it first, then lands on TITLE. */
const SECOND = `Resmas e2e ${Date.now().toString(36)}`;

/** Signs in an account whose second factor is the e-mail code (set up now, or already). */
async function signInWithEmailCode(page: Page, login: string) {
  await page.goto('/login');
  await fillLogin(page, login);
  await expect(page).toHaveURL(/\/auth\/(configurar-verificacao-em-duas-etapas|codigo)/);
  const setup = page.url().includes('configurar');
  const emailRadio = page.getByRole('radio', { name: 'E-mail' });
  if (!setup && (await emailRadio.count())) await emailRadio.check();
  // E-mail codes go out at most every 30 s (two-factor.spec.ts may have asked one just now):
  // ask again until a new message arrives.
  let code = '';
  for (let attempt = 0; !code; attempt++) {
    expect(attempt).toBeLessThan(10);
    const before = (await mailsTo(login)).length;
    await page.getByRole('button', { name: /Enviar código por e-mail|Reenviar código/ }).click();
    const deadline = Date.now() + 5000;
    while (!code && Date.now() < deadline) {
      const mails = await mailsTo(login);
      if (mails.length > before) code = codeIn(await nextMail(login, before));
      else await page.waitForTimeout(500);
    }
  }
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: setup ? 'Confirmar e entrar' : 'Verificar' }).click();
  // A setup hands the first recovery codes before going on.
  if (setup) await page.getByRole('button', { name: 'Já guardei os códigos, continuar' }).click();
  await expect(page.getByText(`Conectado como ${login}`)).toBeVisible();
}

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('solicitante builds a pedido from the catalogue and submits it', async ({ page }) => {
  await signIn(page, 'solicitante@demo.com.br');
  await page.goto('/pedidos/catalogo');
  await expect(page.getByRole('heading', { name: 'Catálogo de produtos' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Departamentos' }).getByRole('link', { name: 'Informática' }).click();
  await expect(page).toHaveURL(/\/pedidos\/catalogo\/informatica$/);
  await expect(page.getByRole('img', { name: 'Imagem de Monitor 24" Full HD' })).toBeVisible();
  await expect.poll(() => page.getByRole('img', { name: 'Imagem de Monitor 24" Full HD' }).evaluate((img) => (img as HTMLImageElement).src ?? '')).toMatch(/^blob:/);
  await page.getByRole('button', { name: 'Adicionar ao carrinho: Monitor 24" Full HD' }).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho: Monitor 24" Full HD' }).click();
  // The cart is below every product: a bar at the bottom says what it holds and leads there.
  const cartBar = page.getByRole('region', { name: 'Resumo do carrinho' });
  await expect(cartBar).toContainText(/2 itens no carrinho · R\$\s1\.798,00/);
  await expect(cartBar).toBeInViewport();
  await shoot(page, 'catalogo');
  await cartBar.getByRole('button', { name: 'Ver carrinho' }).click();
  await expect(page.getByRole('heading', { name: 'Carrinho (2)' })).toBeFocused();
  await noAxeViolations(page);

  // Accent-insensitive search (the server's q), then the product page.
  await page.getByLabel('Pesquisar no catálogo').fill('cafe');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/\/pedidos\/catalogo\/busca\?q=cafe/);
  await page.getByRole('link', { name: 'Café torrado e moído 500 g' }).click();
  await expect(page.getByRole('heading', { name: 'Café torrado e moído 500 g' })).toBeVisible();
  await page.getByLabel('Quantidade', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByRole('heading', { name: 'Carrinho (5)' })).toBeVisible();
  // A free-text item.
  await page.getByLabel('Descrição do item').fill('Cadeira ergonômica sem cadastro');
  await page.getByLabel('Preço unitário estimado').fill('850,00');
  await page.getByRole('button', { name: 'Incluir item' }).click();
  await expect(page.getByRole('heading', { name: 'Carrinho (6)' })).toBeVisible();
  await shoot(page, 'produto');
  await noAxeViolations(page);

  await page.getByRole('button', { name: 'Criar pedido com estes itens' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Pedido' })).toBeVisible();
  // 2 × 899,00 + 3 × 24,90 + 1 × 850,00, live.
  await expect(page.locator('[data-total="total"]')).toContainText('R$ 2.722,70');
  // The lines' product selects name the products (not their ids) before anything is saved.
  await expect(page.getByRole('combobox', { name: 'Produto' }).first()).toHaveValue('Monitor 24" Full HD');
  await page.getByLabel('Título').fill(TITLE);
  await page.getByRole('combobox', { name: 'Centro de custos' }).fill('Tecnologia');
  await page.getByRole('listbox', { name: 'Centro de custos' }).getByRole('option').first().click();
  await page.getByLabel('Quantidade').first().fill('3');
  await expect(page.locator('[data-total="total"]')).toContainText('R$ 3.621,70');
  await shoot(page, 'pedido-form');
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Rascunho').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page.getByText('Enviado').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar para aprovação' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Histórico' }).or(page.locator('section[part="history"]')).first()).toContainText('Rascunho');
  await shoot(page, 'pedido-show');
  await noAxeViolations(page);
  await page.getByRole('link', { name: 'Análises' }).click();
  await expect(page.getByText('Gestor da área').first()).toBeVisible();
  // Where the pedido stands, named.
  await expect(page.getByRole('status').filter({ hasText: /^Aguardando .+, etapa 1 de 2$/ })).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole('link', { name: 'Solicitação' }).click();
  await expect(page.getByRole('heading', { name: /Solicitação de compra nº \d+/ })).toBeVisible();
  await shoot(page, 'pedido-solicitacao');
  // A second pedido, made and submitted through the API as the requester (what is tested next is the approver's side).
  const made = await page.evaluate(async (title) => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!) as string;
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf };
    const centres = (await (await fetch('/api/finance/cost-centers?perPage=1', { headers })).json()) as { id: string }[];
    const body = { title, costCenterId: centres[0].id, departmentId: null, neededBy: null, justification: 'Resmas para o trimestre.', lines: [{ productId: null, description: 'Resma de papel A4', quantity: 4, unit: 'UN', unitPrice: 2590, neededBy: null }] };
    const created = await fetch('/v1/supply/orders', { method: 'POST', headers, body: JSON.stringify(body) });
    if (created.status !== 201) return `${created.status} ${await created.text()}`;
    const order = (await created.json()) as { id: string; version: number };
    const sent = await fetch(`/v1/supply/orders/${order.id}/actions/submit`, { method: 'POST', headers: { ...headers, 'if-match': `"${order.version}"` }, body: '{}' });
    return sent.status === 200 ? 200 : `${sent.status} ${await sent.text()}`;
  }, SECOND);
  expect(made).toBe(200);
  await signOut(page);
});

test('gestor approves from the inbox (bulk selection)', async ({ page }) => {
  await signInWithEmailCode(page, 'gestor@demo.com.br');
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Aguardando minha aprovação: [1-9]/ })).toBeVisible();
  await shoot(page, 'home-gestor');
  await page.getByRole('link', { name: /Aguardando minha aprovação/ }).click();
  await expect(page.getByRole('heading', { name: 'Filas de Aprovação' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('0 de 1 aprovações');
  await expect(row).toContainText('Sérgio Solicitante');
  // Each row says what it is.
  await expect(row).toContainText('Pedido');
  await shoot(page, 'inbox');
  await noAxeViolations(page);
  // On a phone the queue is cards, not a table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.getByRole('row').filter({ hasText: SECOND }).evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The second pedido, decided on its own page: the document inline, Aprovar with a comment, then on to the next one.
  await page.getByRole('link', { name: SECOND, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Aprovação: ${SECOND}` })).toBeVisible();
  const documentCard = page.getByRole('region', { name: 'Documento' });
  await expect(documentCard).toContainText('Resma de papel A4');
  await expect(documentCard).toContainText('Resmas para o trimestre.');
  await expect(documentCard).toContainText('R$ 103,60');
  await expect(page.getByRole('link', { name: 'Abrir o registro' })).toBeVisible();
  await shoot(page, 'flow-document');
  await noAxeViolations(page);
  // Reprovar without a reason is refused on the spot.
  await page.getByRole('button', { name: 'Reprovar' }).click();
  await expect(page.getByText('Informe o motivo.')).toBeVisible();
  await page.getByLabel('Comentário ou motivo').fill('Dentro do orçamento do trimestre.');
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Aprovação registrada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Aprovação: ${TITLE}` })).toBeVisible();
  await expect(page.getByText('Você não pode decidir esta etapa agora.')).toHaveCount(0);
  // "Decididas por mim" lists it, with the comment.
  await page.goto('/filas-de-aprovacao');
  await page.getByRole('link', { name: 'Decididas por mim' }).click();
  const decidedRow = page.getByRole('row').filter({ hasText: SECOND });
  await expect(decidedRow).toContainText('Aprovou: Dentro do orçamento do trimestre.');
  await shoot(page, 'decididas');
  await noAxeViolations(page);
  await page.getByRole('link', { name: 'Aguardando a minha decisão' }).click();
  await page.getByRole('checkbox', { name: `Selecionar ${TITLE}` }).check();
  await page.getByRole('region', { name: 'Ações' }).getByRole('button', { name: 'Aprovar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('1 decisão registrada.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);
  await signOut(page);
});

test('compras approves the second stage from the flow page', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  // The buyer decides a stage: the inbox is in the menu.
  await expandNavigation(page);
  await mainNavigation(page).getByRole('link', { name: 'Aprovações' }).click();
  await expect(page).toHaveURL(/\/filas-de-aprovacao$/);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: `Aprovação: ${TITLE}` })).toBeVisible();
  await expect(page.getByText(/Gustavo Gestor aprovou em/)).toBeVisible();
  // The breadcrumbs name the approval as its heading does, not by its id.
  const crumbs = page.getByRole('navigation', { name: 'Você está aqui' });
  await expect(crumbs.getByText(TITLE)).toBeVisible();
  await shoot(page, 'flow');
  await noAxeViolations(page);
  await page.getByRole('link', { name: 'Detalhes da etapa' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Etapa 2: Compras' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(crumbs.getByText('Compras', { exact: true })).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Aprovação registrada.')).toBeVisible();
  // On to the next item of the inbox (the second pedido, now at the Compras stage).
  await expect(page.getByRole('heading', { name: `Aprovação: ${SECOND}` })).toBeVisible();
  await page.goto('/filas-de-aprovacao?lista=decididas');
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toContainText('Aprovada');
  // Compras reads every pedido: the list offers "Meus pedidos / Todos".
  await page.goto('/pedidos');
  await expect(page.getByRole('radio', { name: 'Todos' })).toBeVisible();
  await shoot(page, 'pedidos-lista');
  await noAxeViolations(page);
  await signOut(page);
});

test('the requester sees "Aprovado" and the history', async ({ page }) => {
  await signIn(page, 'solicitante@demo.com.br');
  await expect(page.getByRole('link', { name: /Aprovado: 1/ })).toBeVisible();
  await page.getByRole('link', { name: /Aprovado: 1/ }).click();
  await expect(page).toHaveURL(/\/pedidos\?status=approved&mine=true/);
  await page.getByRole('row').filter({ hasText: TITLE }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const history = page.locator('section[part="history"]');
  await expect(history).toContainText('Aprovado');
  await expect(history).toContainText('Enviado');
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await shoot(page, 'pedido-aprovado');
  await noAxeViolations(page);
});

test('<bo-pedidos> on the intranet page: the requester part of the flow', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/intranet.html');
  const login = page.locator('bo-login');
  const pedidos = page.locator('bo-pedidos');
  await login.getByLabel('E-mail').fill('solicitante@demo.com.br');
  await login.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(pedidos.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { boEvents: string[] };
    w.boEvents = [];
    for (const name of ['bo-order-created', 'bo-order-submitted']) document.addEventListener(name, (event) => w.boEvents.push(`${name}:${JSON.stringify((event as CustomEvent).detail)}`));
  });
  await pedidos.getByRole('button', { name: /^Catálogo/ }).click();
  await pedidos.getByRole('navigation', { name: 'Departamentos' }).getByRole('link', { name: 'Limpeza' }).click();
  await pedidos.getByRole('button', { name: 'Adicionar ao carrinho: Álcool 70% 1 L' }).click();
  await pedidos.getByRole('button', { name: 'Criar pedido com estes itens' }).click();
  await pedidos.getByLabel('Título').fill(`${TITLE} intranet`);
  await pedidos.getByRole('combobox', { name: 'Centro de custos' }).fill('Tecnologia');
  await pedidos.getByRole('listbox', { name: 'Centro de custos' }).getByRole('option').first().click();
  await expect(pedidos.locator('[data-total="total"]')).toContainText('R$ 12,90');
  await pedidos.getByRole('button', { name: 'Salvar' }).click();
  await expect(pedidos.getByRole('heading', { name: `${TITLE} intranet` })).toBeVisible();
  await pedidos.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(pedidos.getByText('Enviado').first()).toBeVisible();
  // The tag keeps its page in its own parameter of the intranet's address; the path stays the intranet's.
  await expect(page).toHaveURL(/\/intranet\.html\?pedidos=\/pedidos\/[^/&]+$/);
  const events = await page.evaluate(() => (window as unknown as { boEvents: string[] }).boEvents);
  expect(events.some((e) => e.startsWith('bo-order-created:'))).toBe(true);
  expect(events.some((e) => e.startsWith('bo-order-submitted:') && e.includes('"status":"submitted"'))).toBe(true);
  expect(requested.some((path) => path.endsWith('/dist/bo-portal.js'))).toBe(false);
  await shoot(page, 'intranet-pedidos');
});

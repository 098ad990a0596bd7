import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

/**
 * A real PNG (16×16, a red-to-blue gradient) the browser can decode, padded after its IEND
 * chunk to `size` bytes (decoders stop at IEND; the size gives the upload its three parts).
 */
function decodablePng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const side = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = y * (1 + side * 3) + 1 + x * 3;
      rows[at] = 255 - x * 16;
      rows[at + 2] = x * 16;
    }
  }
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** Console errors about the Content Security Policy (a blocked image, script…). */
function cspErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** The image was decoded and drawn (not only its alt text). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
}

/** Calls to the files API of the cart family, as `METHOD path (bytes)` for parts. */
function fileCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/v1/') || !path.includes('/files')) return;
    const part = /\/chunks\/\d+$/.test(path) ? ` (${request.postDataBuffer()?.length ?? 0})` : '';
    seen.push(`${request.method()} ${path.replace(/files\/[^/]+/, 'files/{id}')}${part}`);
  });
  return seen;
}

test('a product image goes up in 64 KB parts, shows its progress and preview, and stays with the product', async ({ page }) => {
  const tag = String(Date.now()).slice(-7);
  const name = `Produto com foto ${tag}`;
  const fileName = `foto-${tag}.png`;
  const calls = fileCalls(page);
  const blocked = cspErrors(page);

  await signIn(page, 'admin@demo.com.br');
  await page.goto('/produtos/adicionar');
  await page.getByLabel(/^Nome/).first().fill(name);
  await page.getByLabel(/^SKU/).first().fill(`FOTO-${tag}`);
  await page.getByLabel(/^Preço de referência/).fill('12,50');

  const media = page.getByRole('group', { name: 'Mídias' });
  await media.getByRole('button', { name: 'Adicionar mídia' }).click();
  const input = media.getByLabel(/^Imagem/);
  await expect(input).toHaveAttribute('accept', /image\/png/);
  await expect(media.getByText('Formatos aceitos: JPG, PNG, WebP, GIF. Até 10 MB.')).toBeVisible();

  // Hold the second part until the progress has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/v1\/cart\/files\/[^/]+\/chunks\/1$/, async (route) => {
    await held;
    await route.continue();
  });
  await input.setInputFiles({ name: fileName, mimeType: 'image/png', buffer: decodablePng(150_000) });
  await expect(media.getByLabel('Enviando… 43%')).toBeVisible();
  await expect(media.getByText(`Envio de ${fileName}`)).toBeVisible();
  release();

  await expect(media.locator('progress')).toHaveCount(0);
  await expect(media.getByText(`Arquivo atual: ${fileName}`)).toBeVisible();
  await expect(media.getByRole('status').filter({ hasText: `Arquivo enviado: ${fileName}` })).toBeVisible();
  await expectLoaded(media.getByRole('img', { name: `Pré-visualização de ${fileName}` }));
  expect(calls).toEqual([
    'POST /v1/cart/files',
    'PUT /v1/cart/files/{id}/chunks/0 (65536)',
    'PUT /v1/cart/files/{id}/chunks/1 (65536)',
    'PUT /v1/cart/files/{id}/chunks/2 (18928)',
    'POST /v1/cart/files/{id}/complete',
  ]);
  expect(await axeViolations(page)).toEqual([]);

  await media.getByLabel(/^Legenda/).fill('Vista frontal');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const showUrl = new URL(page.url()).pathname;
  expect(showUrl).toMatch(/^\/produtos\/[^/]+$/);

  // The media tab lists the item with its thumbnail (fetched with the token); so does the edit form.
  await page.goto(`${showUrl}/midias`);
  const table = page.getByRole('table', { name: 'Mídias' });
  await expect(table.getByRole('cell', { name: 'Vista frontal' })).toBeVisible();
  await expect(table.getByRole('cell', { name: fileName })).toBeVisible();
  const thumbnail = table.getByRole('img', { name: `Pré-visualização de ${fileName}` });
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expectLoaded(thumbnail);
  expect(await axeViolations(page)).toEqual([]);

  const content = page.waitForResponse((response) => /\/v1\/cart\/files\/[^/]+\/content$/.test(new URL(response.url()).pathname));
  await page.goto(`${showUrl}/editar`);
  expect((await content).status()).toBe(200);
  const kept = page.getByRole('group', { name: 'Mídias' });
  await expect(kept.getByText(`Arquivo atual: ${fileName}`)).toBeVisible();
  await expect(kept.getByRole('img', { name: `Pré-visualização de ${fileName}` })).toHaveAttribute('src', /^blob:/);
  await expectLoaded(kept.getByRole('img', { name: `Pré-visualização de ${fileName}` }));
  await expect(kept.getByLabel(/^Legenda/)).toHaveValue('Vista frontal');
  expect(await axeViolations(page)).toEqual([]);
  expect(blocked).toEqual([]);
});

test('a file of the wrong type is refused in pt-BR: by the browser before sending, and by the server on its content', async ({ page }) => {
  const calls = fileCalls(page);
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/produtos/adicionar');
  const media = page.getByRole('group', { name: 'Mídias' });
  await media.getByRole('button', { name: 'Adicionar mídia' }).click();
  const input = media.getByLabel(/^Imagem/);

  // A text file: refused before any call.
  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é uma imagem') });
  await expect(media.getByRole('alert')).toHaveText('Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF ou PDF.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  // A PDF: a supported type, but not in an image field.
  await input.setInputFiles({ name: 'folheto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await expect(media.getByRole('alert')).toHaveText('Tipo de arquivo não aceito neste campo.');
  expect(calls).toEqual([]);

  // A text file renamed .png: sent, then refused by the server on its signature.
  await input.setInputFiles({ name: 'renomeado.png', mimeType: 'image/png', buffer: Buffer.from('só texto, sem assinatura de PNG') });
  await expect(media.getByRole('alert')).toHaveText('O conteúdo do arquivo não corresponde ao tipo informado.');
  await expect(media.getByText(/Arquivo atual/)).toHaveCount(0);
  expect(calls.slice(0, 3).map((call) => call.replace(/ \(\d+\)$/, ''))).toEqual(['POST /v1/cart/files', 'PUT /v1/cart/files/{id}/chunks/0', 'POST /v1/cart/files/{id}/complete']);
  expect(await axeViolations(page)).toEqual([]);
});

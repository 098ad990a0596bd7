/**
 * The files API (src/contracts/files.ts) on the real server: 64 KB parts, resume, type checked by
 * signature, limits (413/415), tenant isolation, and `file` fields of records (product media)
 * accepting only ready files of their types.
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_CHUNK_BYTES, FILE_MAX_BYTES, FILE_MESSAGES, type StoredFile } from '../../src/contracts/files.js';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { samplePng, uploadFile } from './registry-support.js';

const FILES = '/v1/commons/files';
const PRODUCTS = '/v1/cart/products';

describe.each(databaseKinds())('files [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let other: Session;
  let requester: Session;
  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    other = await loginSession(env, 'admin@outra.com.br');
    requester = await loginSession(env, 'solicitante@demo.com.br');
  });

  const start = (session: Session, body: Record<string, unknown>) => call<StoredFile & { errors: Record<string, string[]> }>(env, 'POST', FILES, { session, body });

  it('takes a file in 64 KB parts, in any order, and gives back the same bytes with their SHA-256', async () => {
    const bytes = samplePng(150_000);
    const started = await start(requester, { name: 'C:\\fotos\\cadeira\u0007.png', size: bytes.length, contentType: 'image/png' });
    expect(started.status).toBe(201);
    expect(started.headers.location).toBe(`${FILES}/${started.body.id}`);
    expect(started.body).toMatchObject({ name: 'cadeira.png', chunkSize: FILE_CHUNK_BYTES, chunks: 3, missing: [0, 1, 2], status: 'uploading', sha256: null });

    const part = (index: number) => bytes.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
    expect(part(2).length).toBe(150_000 - 2 * FILE_CHUNK_BYTES);
    const last = await call<StoredFile>(env, 'PUT', `${FILES}/${started.body.id}/chunks/2`, { session: requester, body: part(2) });
    expect(last.status).toBe(200);
    expect(last.body.missing).toEqual([0, 1]);
    // A lost connection: the client asks what is missing and sends only that.
    await call(env, 'PUT', `${FILES}/${started.body.id}/chunks/0`, { session: requester, body: part(0) });
    expect((await call<StoredFile>(env, 'GET', `${FILES}/${started.body.id}`, { session: requester })).body.missing).toEqual([1]);
    const early = await call(env, 'POST', `${FILES}/${started.body.id}/complete`, { session: requester });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(FILE_MESSAGES.incomplete(1));
    expect((await call(env, 'GET', `${FILES}/${started.body.id}/content`, { session: requester })).status).toBe(404);
    // Resending a part replaces it.
    await call(env, 'PUT', `${FILES}/${started.body.id}/chunks/1`, { session: requester, body: Buffer.alloc(FILE_CHUNK_BYTES) });
    await call(env, 'PUT', `${FILES}/${started.body.id}/chunks/1`, { session: requester, body: part(1) });

    const done = await call<StoredFile>(env, 'POST', `${FILES}/${started.body.id}/complete`, { session: requester });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'ready', missing: [], sha256: createHash('sha256').update(bytes).digest('hex') });
    // Completing twice is harmless; a part after completion is a conflict.
    expect((await call(env, 'POST', `${FILES}/${started.body.id}/complete`, { session: requester })).status).toBe(200);
    expect((await call(env, 'PUT', `${FILES}/${started.body.id}/chunks/0`, { session: requester, body: part(0) })).status).toBe(409);

    const content = await call(env, 'GET', `${FILES}/${started.body.id}/content`, { session: admin });
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    // Downloads are attachments under a name the server makes, whatever the uploader called the file.
    expect(content.headers['content-disposition']).toBe(`attachment; filename="arquivo-${started.body.id.replace(/-/g, '').slice(0, 8)}.png"`);
    expect(content.bytes.equals(bytes)).toBe(true);
    // The cart family serves the same file.
    expect((await call(env, 'GET', `/v1/cart/files/${started.body.id}`, { session: admin })).body.status).toBe('ready');
  });

  it('refuses parts of the wrong length or index, and bodies over one part (413)', async () => {
    const started = await start(admin, { name: 'a.pdf', size: FILE_CHUNK_BYTES + 10, contentType: 'application/pdf' });
    const url = (index: number | string) => `${FILES}/${started.body.id}/chunks/${index}`;
    const short = await call(env, 'PUT', url(0), { session: admin, body: Buffer.alloc(100) });
    expect(short.status).toBe(400);
    expect(short.body.errors.body[0]).toBe(`A parte 0 deve ter ${FILE_CHUNK_BYTES} bytes; chegaram 100.`);
    expect((await call(env, 'PUT', url(2), { session: admin, body: Buffer.alloc(10) })).status).toBe(400);
    expect((await call(env, 'PUT', url('-1'), { session: admin, body: Buffer.alloc(10) })).status).toBe(400);
    expect((await call(env, 'PUT', url(0), { session: admin, body: Buffer.alloc(FILE_CHUNK_BYTES + 1) })).status).toBe(413);
    expect((await call(env, 'PUT', url(1), { session: admin, body: { not: 'bytes' } })).status).toBe(415);
  });

  it('answers 413 over the size limit and 415 for a type it does not take, with pt-BR messages', async () => {
    const big = await start(admin, { name: 'grande.png', size: FILE_MAX_BYTES + 1, contentType: 'image/png' });
    expect(big.status).toBe(413);
    expect(big.body.errors.size).toEqual([FILE_MESSAGES.tooLarge]);
    const exe = await start(admin, { name: 'programa.exe', size: 10, contentType: 'application/x-msdownload' });
    expect(exe.status).toBe(415);
    expect(exe.body.errors.contentType).toEqual([FILE_MESSAGES.notSupported]);
    const empty = await start(admin, { name: 'vazio.png', size: 0, contentType: 'image/png' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.size).toEqual([FILE_MESSAGES.empty]);
  });

  it('refuses bytes that are not of the declared type (an HTML page sent as image/png) and drops them', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const started = await start(admin, { name: 'foto.png', size: html.length, contentType: 'image/png' });
    await call(env, 'PUT', `${FILES}/${started.body.id}/chunks/0`, { session: admin, body: html });
    const done = await call(env, 'POST', `${FILES}/${started.body.id}/complete`, { session: admin });
    expect(done.status).toBe(415);
    expect(done.body.errors.file).toEqual([FILE_MESSAGES.contentMismatch]);
    expect((await call(env, 'GET', `${FILES}/${started.body.id}`, { session: admin })).status).toBe(404);
  });

  it('keeps files inside their organisation and needs a session', async () => {
    const mine = await uploadFile(env, admin, { name: 'logo.png', contentType: 'image/png', bytes: samplePng(500) });
    for (const url of [`${FILES}/${mine.id}`, `${FILES}/${mine.id}/content`]) {
      const foreign = await call(env, 'GET', url, { session: other });
      const missing = await call(env, 'GET', url.replace(mine.id, randomUUID()), { session: other });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect((await call(env, 'GET', url)).status).toBe(401);
    }
    expect((await call(env, 'POST', FILES, { body: { name: 'a.png', size: 1, contentType: 'image/png' } })).status).toBe(401);
  });

  it('cancels an unfinished upload, not a stored file', async () => {
    const started = await start(admin, { name: 'b.png', size: 20, contentType: 'image/png' });
    expect((await call(env, 'DELETE', `${FILES}/${started.body.id}`, { session: admin })).status).toBe(204);
    expect((await call(env, 'GET', `${FILES}/${started.body.id}`, { session: admin })).status).toBe(404);
    const ready = await uploadFile(env, admin, { name: 'c.png', contentType: 'image/png', bytes: samplePng(30) });
    expect((await call(env, 'DELETE', `${FILES}/${ready.id}`, { session: admin })).status).toBe(409);
  });

  it('product media take only ready images of the organisation, and show the file name', async () => {
    const image = await uploadFile(env, admin, { name: 'cadeira-azul.png', contentType: 'image/png', bytes: samplePng(70_000) }, 'cart');
    const pdf = await uploadFile(env, admin, { name: 'manual.pdf', contentType: 'application/pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]) });
    const foreign = await uploadFile(env, other, { name: 'alheia.png', contentType: 'image/png', bytes: samplePng(100) });
    const unfinished = (await start(admin, { name: 'meia.png', size: 100, contentType: 'image/png' })).body;
    const product = (fileId: string) => ({
      name: `Cadeira ${randomUUID().slice(0, 6)}`,
      sku: `CAD-${randomUUID().slice(0, 8)}`,
      kind: 'product',
      unit: 'UN',
      price: 45990,
      isActive: true,
      media: [{ fileId, caption: 'Frente', isCover: true }],
      variants: [],
    });

    const created = await call(env, 'POST', PRODUCTS, { session: admin, body: product(image.id) });
    expect(created.status).toBe(201);
    const read = await call(env, 'GET', `${PRODUCTS}/${created.body.id}`, { session: admin });
    expect(read.body.media).toEqual([{ fileId: image.id, caption: 'Frente', isCover: true }]);
    expect(read.body._refs['media.0.fileId']).toEqual([{ id: image.id, label: 'cadeira-azul.png' }]);

    const wrongType = await call(env, 'POST', PRODUCTS, { session: admin, body: product(pdf.id) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors['media.0.fileId']).toEqual([FILE_MESSAGES.notAccepted]);
    for (const fileId of [foreign.id, unfinished.id, randomUUID()]) {
      const refused = await call(env, 'POST', PRODUCTS, { session: admin, body: product(fileId) });
      expect(refused.status).toBe(400);
      expect(refused.body.errors['media.0.fileId']).toEqual([FILE_MESSAGES.notReady]);
    }
  });
});

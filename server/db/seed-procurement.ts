/**
 * The demo organisation's procurement data: a catalogue of a few dozen products in several
 * departments, each with a generated cover image (a PNG made here: no file to ship), and the
 * two-stage queue "Aprovação de pedidos" (the area manager, then purchasing), so that
 * solicitante@ → gestor@ → compras@ works on a fresh `npm start`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

const stamp = (now: Date) => ({ version: 1, created_at: now, updated_at: now });
const json = (value: unknown) => JSON.stringify(value);

/** A `size`×`size` PNG: a soft background in the department's colour with a darker band. */
export function coverPng(rgb: [number, number, number], seed: number, size = 96): Buffer {
  const [r, g, b] = rgb;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const band = Math.abs(((x + y + seed * 7) % 48) - 24) < 6;
      const shade = band ? 0.7 : 1;
      row[1 + x * 3] = Math.round(r * shade);
      row[2 + x * 3] = Math.round(g * shade);
      row[3 + x * 3] = Math.round(b * shade);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

type Item = [sku: string, name: string, unit: string, price: number, kind?: 'service'];

/** Departments (slug, name, colour) and their products; existing slugs are reused. */
const CATALOGUE: { slug: string; name: string; rgb: [number, number, number]; items: Item[] }[] = [
  {
    slug: 'material-de-escritorio',
    name: 'Material de escritório',
    rgb: [120, 170, 230],
    items: [
      ['GRA-26-6', 'Grampeador de mesa 26/6', 'UN', 3290],
      ['GRP-26-6', 'Grampos 26/6 (caixa com 5.000)', 'CX', 890],
      ['PAS-AZ-A4', 'Pasta suspensa kraft (caixa com 50)', 'CX', 7490],
      ['BLO-ADE-76', 'Bloco adesivo 76 × 76 mm (pacote com 4)', 'PCT', 1590],
      ['MAR-TXT-AM', 'Marca-texto amarelo (caixa com 12)', 'CX', 2790],
      ['CAD-UNI-200', 'Caderno universitário 200 folhas', 'UN', 2190],
      ['ENV-A4-PD', 'Envelope pardo A4 (pacote com 100)', 'PCT', 5490],
    ],
  },
  {
    slug: 'informatica',
    name: 'Informática',
    rgb: [140, 200, 160],
    items: [
      ['NOT-I5-16', 'Notebook 14" Core i5, 16 GB, SSD 512 GB', 'UN', 489900],
      ['MON-24-FHD', 'Monitor 24" Full HD', 'UN', 89900],
      ['SSD-EXT-1T', 'SSD externo 1 TB USB-C', 'UN', 54900],
      ['CAB-HDMI-2', 'Cabo HDMI 2 m', 'UN', 3490],
      ['LIC-OFF-365', 'Licença de pacote de escritório (anual, por usuário)', 'UN', 44900, 'service'],
    ],
  },
  {
    slug: 'perifericos',
    name: 'Periféricos',
    rgb: [170, 150, 220],
    items: [
      ['HEA-USB-01', 'Headset USB com microfone', 'UN', 17990],
      ['WEB-1080', 'Webcam Full HD', 'UN', 24990],
      ['HUB-USB-4', 'Hub USB 3.0 com 4 portas', 'UN', 8990],
      ['SUP-NOT-01', 'Suporte ergonômico para notebook', 'UN', 11990],
    ],
  },
  {
    slug: 'limpeza',
    name: 'Limpeza',
    rgb: [120, 210, 220],
    items: [
      ['ALC-70-1L', 'Álcool 70% 1 L', 'UN', 1290],
      ['PAP-HIG-64', 'Papel higiênico folha dupla (fardo com 64)', 'PCT', 11990],
      ['PAP-TOA-1K', 'Papel toalha interfolhado (fardo com 1.000)', 'PCT', 3990],
      ['SAC-LIX-100', 'Saco de lixo 100 L (pacote com 100)', 'PCT', 6990],
      ['LUV-LAT-M', 'Luva de látex tamanho M (par)', 'UN', 690],
    ],
  },
  {
    slug: 'copa-e-cozinha',
    name: 'Copa e cozinha',
    rgb: [235, 190, 120],
    items: [
      ['CAF-500', 'Café torrado e moído 500 g', 'PCT', 2490],
      ['ACU-1K', 'Açúcar refinado 1 kg', 'PCT', 549],
      ['COP-DESC-100', 'Copo descartável 200 ml (pacote com 100)', 'PCT', 890],
      ['AGU-20L', 'Água mineral galão 20 L', 'UN', 1890],
      ['FIL-CAF-103', 'Filtro de papel para café nº 103 (caixa com 30)', 'CX', 590],
    ],
  },
  {
    slug: 'servicos',
    name: 'Serviços',
    rgb: [225, 150, 160],
    items: [
      ['SRV-MAN-AR', 'Manutenção preventiva de ar-condicionado', 'SV', 35000, 'service'],
      ['SRV-MOTO', 'Entrega por motoboy (São Paulo, capital)', 'SV', 4500, 'service'],
      ['SRV-TRAD-PG', 'Tradução juramentada (por página)', 'SV', 12000, 'service'],
    ],
  },
];

export async function seedDemoProcurement(db: Db, orgId: string, users: ReadonlyMap<string, string>, now: Date): Promise<void> {
  const existing = await db.selectFrom('product_categories').select(['id', 'slug']).where('org_id', '=', orgId).where('parent_id', 'is', null).execute();
  const perifericos = await db.selectFrom('product_categories').select(['id', 'slug']).where('org_id', '=', orgId).where('slug', '=', 'perifericos').execute();
  const ids = new Map<string, string>([...existing, ...perifericos].map((row: { id: string; slug: string }) => [row.slug, row.id]));
  let position = existing.length;
  let seed = 0;
  for (const department of CATALOGUE) {
    let categoryId = ids.get(department.slug);
    if (!categoryId) {
      categoryId = randomUUID();
      await db
        .insertInto('product_categories')
        .values({ id: categoryId, org_id: orgId, name: department.name, slug: department.slug, parent_id: null, position: ++position, is_active: true, description: null, ...stamp(now) })
        .execute();
    }
    for (const [sku, name, unit, price, kind] of department.items) {
      const png = coverPng(department.rgb, seed++);
      const fileId = randomUUID();
      await db
        .insertInto('files')
        .values({ id: fileId, org_id: orgId, name: `${sku.toLowerCase()}.png`, content_type: 'image/png', size: png.length, status: 'ready', sha256: createHash('sha256').update(png).digest('hex'), created_by: null, created_at: now, completed_at: now })
        .execute();
      await db.insertInto('file_chunks').values({ file_id: fileId, org_id: orgId, idx: 0, data: png }).execute();
      await db
        .insertInto('products')
        .values({
          id: randomUUID(),
          org_id: orgId,
          name,
          sku,
          kind: kind ?? 'product',
          category_id: categoryId,
          brand: null,
          unit,
          price: String(price),
          barcode: null,
          ncm: null,
          is_active: true,
          description: null,
          media: json([{ fileId, caption: name, isCover: true }]),
          variants: json([]),
          ...stamp(now),
        })
        .execute();
    }
  }

  // ---------------------------------------------------------------- approval queues: pedidos, faturamentos divergentes
  const queues: { name: string; resource: string; description: string; stages: [string, string][] }[] = [
    { name: 'Aprovação de pedidos', resource: 'orders', description: 'Todo pedido passa pelo gestor da área e depois por Compras.', stages: [['Gestor da área', 'gestor@demo.com.br'], ['Compras', 'compras@demo.com.br']] },
    { name: 'Faturamentos divergentes', resource: 'invoices', description: 'Preço ou quantidade fora da tolerância: o gestor decide antes do lançamento a pagar.', stages: [['Gestor', 'gestor@demo.com.br']] },
  ];
  for (const queue of queues) {
    const queueId = randomUUID();
    await db
      .insertInto('approval_queues')
      .values({ id: queueId, org_id: orgId, name: queue.name, resource: queue.resource, priority: 100, is_active: true, description: queue.description, triggers: json([]), ...stamp(now) })
      .execute();
    for (const [index, [name, email]] of queue.stages.entries()) {
      await db
        .insertInto('approval_queue_stages')
        .values({ id: randomUUID(), org_id: orgId, queue_id: queueId, position: index, name, min_approvals: 1, approver_user_ids: [users.get(email)!], approver_group_ids: [] })
        .execute();
    }
  }
}

/**
 * Registry data of an organisation:
 * - `seedOrganisationBanks`: the official bank list (COMPE code, ISPB, name — contracts/brazil/
 *   banks.ts, from Banco Central's list as shipped by @brazilian-utils; never typed by hand) for
 *   one organisation; idempotent (codes already there are kept). Run for every organisation: by
 *   migration 0003 for the existing ones, when an organisation is created (identity), and by
 *   the demo seed.
 * - `seedDemoRegistries`: a few meaningful records for the DEMO organisation only — suppliers
 *   with valid CNPJs (one alphanumeric), customers (one also a supplier, one a person), a
 *   cost-centre tree, a chart of accounts, ledger accounts and groups, expense and revenue
 *   categories mapped to DRE lines, bank accounts (one a cash box), departments, company
 *   types/companies, product departments and products, and an open company bill.
 * Both run through the owner handle (or a transaction of it).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { officialBanks } from '../../src/contracts/brazil/banks.js';

type Db = Kysely<any>;

export async function seedOrganisationBanks(db: Db, orgId: string, now: Date): Promise<number> {
  const rows = officialBanks().map((bank) => ({ id: randomUUID(), org_id: orgId, code: bank.code, ispb: bank.ispb, name: bank.name, short_name: null, is_active: true, created_at: now, updated_at: now }));
  const result = await db.insertInto('banks').values(rows).onConflict((oc) => oc.constraint('banks_code_unique').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

const stamp = (now: Date) => ({ created_at: now, updated_at: now });
const json = (value: unknown) => JSON.stringify(value);

interface TreeNode {
  code: string;
  name: string;
  children?: TreeNode[];
  extra?: Record<string, unknown>;
}

/** Inserts a code/name tree; returns code → id. */
async function insertTree(db: Db, table: string, orgId: string, now: Date, nodes: TreeNode[], defaults: Record<string, unknown> = {}): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const rows: Record<string, unknown>[] = [];
  const walk = (list: TreeNode[], parentId: string | null) => {
    for (const node of list) {
      const id = randomUUID();
      ids.set(node.code, id);
      rows.push({ id, org_id: orgId, code: node.code, name: node.name, parent_id: parentId, is_active: true, description: null, ...defaults, ...node.extra, ...stamp(now) });
      walk(node.children ?? [], id);
    }
  };
  walk(nodes, null);
  await db.insertInto(table).values(rows).execute();
  return ids;
}

const address = (cep: string, street: string, number: string, district: string, state: string, city: string, type = 'main') => ({ type, cep, street, number, complement: null, district, state, city });

export async function seedDemoRegistries(db: Db, orgId: string, now: Date): Promise<void> {
  const bankIds = new Map((await db.selectFrom('banks').select(['id', 'code']).where('org_id', '=', orgId).execute()).map((b) => [b.code as string, b.id as string]));
  const itau = bankIds.get('341') ?? null;
  const bradesco = bankIds.get('237') ?? null;
  const bb = bankIds.get('001') ?? null;

  // ---------------------------------------------------------------- persons
  const person = (p: Record<string, unknown>) => ({
    id: randomUUID(),
    org_id: orgId,
    trade_name: null,
    is_customer: false,
    is_supplier: false,
    state_registration: null,
    state_registration_uf: null,
    municipal_registration: null,
    email: null,
    phone: null,
    is_active: true,
    contacts: json([]),
    addresses: json([]),
    bank_accounts: json([]),
    pix_keys: json([]),
    notes: null,
    ...stamp(now),
    ...p,
  });
  const papelaria = person({
    document: '33445566000186',
    kind: 'PJ',
    name: 'Papelaria Central Ltda',
    trade_name: 'Papelaria Central',
    is_supplier: true,
    state_registration: '110042490114',
    state_registration_uf: 'SP',
    email: 'vendas@papelariacentral.com.br',
    phone: '1133224455',
    contacts: json([{ name: 'Marcos Lima', role: 'Vendas', email: 'marcos@papelariacentral.com.br', phone: '11987650001' }]),
    addresses: json([address('01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'SP', '3550308')]),
    bank_accounts: json(itau ? [{ bankId: itau, agency: '0912', agencyDigit: null, account: '45678', accountDigit: '9', accountType: 'checking', holderName: null, holderDocument: null, isDefault: true }] : []),
    pix_keys: json([{ type: 'cnpj', key: '33445566000186', isDefault: true }]),
  });
  const techSul = person({
    document: 'A1B2C3D4000193',
    kind: 'PJ',
    name: 'TechSul Serviços de TI S.A.',
    trade_name: 'TechSul',
    is_supplier: true,
    state_registration: 'ISENTO',
    email: 'financeiro@techsul.com.br',
    phone: '5132104400',
    addresses: json([address('90010000', 'Rua dos Andradas', '500', 'Centro Histórico', 'RS', '4314902')]),
    pix_keys: json([{ type: 'email', key: 'financeiro@techsul.com.br', isDefault: true }]),
    notes: 'CNPJ alfanumérico (válido a partir de julho de 2026).',
  });
  const limpeza = person({
    document: '77665544000105',
    kind: 'PJ',
    name: 'Limpeza Total Serviços Ltda',
    trade_name: 'Limpeza Total',
    is_supplier: true,
    email: 'contato@limpezatotal.com.br',
    phone: '2125550100',
    addresses: json([address('20040020', 'Avenida Rio Branco', '156', 'Centro', 'RJ', '3304557')]),
    bank_accounts: json(bradesco ? [{ bankId: bradesco, agency: '3381', agencyDigit: '2', account: '12345', accountDigit: '6', accountType: 'checking', holderName: null, holderDocument: null, isDefault: true }] : []),
  });
  const horizonte = person({
    document: '98765432000198',
    kind: 'PJ',
    name: 'Comercial Horizonte Ltda',
    trade_name: 'Horizonte',
    is_supplier: true,
    is_customer: true,
    email: 'compras@horizonte.com.br',
    phone: '3132105500',
    addresses: json([address('30130000', 'Avenida Afonso Pena', '1500', 'Centro', 'MG', '3106200')]),
  });
  const mercado = person({
    document: '55667788000003',
    kind: 'PJ',
    name: 'Mercado Bom Preço Ltda',
    trade_name: 'Bom Preço',
    is_customer: true,
    email: 'financeiro@bompreco.com.br',
    phone: '8134560000',
    addresses: json([address('50030230', 'Rua do Bom Jesus', '220', 'Recife', 'PE', '2611606')]),
  });
  const ana = person({
    document: '52998224725',
    kind: 'PF',
    name: 'Ana Paula Ferreira',
    is_customer: true,
    email: 'ana.ferreira@exemplo.com.br',
    phone: '11998877665',
    pix_keys: json([{ type: 'cpf', key: '52998224725', isDefault: true }]),
  });
  await db.insertInto('persons').values([papelaria, techSul, limpeza, horizonte, mercado, ana]).execute();

  // ---------------------------------------------------------------- cost centres, chart of accounts
  const costCenters = await insertTree(db, 'cost_centers', orgId, now, [
    { code: '1', name: 'Administrativo', children: [{ code: '1.01', name: 'Financeiro' }, { code: '1.02', name: 'Recursos Humanos' }] },
    { code: '2', name: 'Comercial', children: [{ code: '2.01', name: 'Vendas' }, { code: '2.02', name: 'Marketing' }] },
    { code: '3', name: 'Operações', children: [{ code: '3.01', name: 'Logística' }, { code: '3.02', name: 'Tecnologia da Informação' }] },
  ]);
  const chart = await insertTree(db, 'chart_accounts', orgId, now, [
    {
      code: '1',
      name: 'Ativo',
      extra: { nature: 'asset' },
      children: [
        {
          code: '1.1',
          name: 'Ativo circulante',
          extra: { nature: 'asset' },
          children: [
            { code: '1.1.01', name: 'Caixa', extra: { nature: 'asset', accepts_entries: true } },
            { code: '1.1.02', name: 'Bancos conta movimento', extra: { nature: 'asset', accepts_entries: true } },
          ],
        },
      ],
    },
    { code: '2', name: 'Passivo', extra: { nature: 'liability' }, children: [{ code: '2.1', name: 'Fornecedores', extra: { nature: 'liability', accepts_entries: true } }] },
    { code: '3', name: 'Receitas', extra: { nature: 'revenue' }, children: [{ code: '3.1', name: 'Receita operacional', extra: { nature: 'revenue', accepts_entries: true } }] },
    {
      code: '4',
      name: 'Despesas',
      extra: { nature: 'expense' },
      children: [
        { code: '4.1', name: 'Despesas administrativas', extra: { nature: 'expense', accepts_entries: true } },
        { code: '4.2', name: 'Despesas financeiras', extra: { nature: 'expense', accepts_entries: true } },
      ],
    },
  ], { nature: 'asset', accepts_entries: false });

  const groups = new Map<string, string>();
  const groupRows = [
    ['REC', 'Receitas operacionais'],
    ['ADM', 'Despesas administrativas'],
    ['FIN', 'Resultado financeiro'],
  ].map(([code, name]) => {
    const id = randomUUID();
    groups.set(code, id);
    return { id, org_id: orgId, code, name, description: null, is_active: true, ...stamp(now) };
  });
  await db.insertInto('accounting_groups').values(groupRows).execute();
  const ledger = new Map<string, string>();
  const ledgerRows = [
    ['3.1.01', 'Receita de vendas de mercadorias', 'revenue', '3.1', 'REC', '301'],
    ['3.1.02', 'Receita de prestação de serviços', 'revenue', '3.1', 'REC', '302'],
    ['4.1.01', 'Aluguéis', 'expense', '4.1', 'ADM', '401'],
    ['4.1.02', 'Material de escritório', 'expense', '4.1', 'ADM', '402'],
    ['4.2.01', 'Tarifas bancárias', 'expense', '4.2', 'FIN', '421'],
  ].map(([code, name, nature, chartCode, group, external]) => {
    const id = randomUUID();
    ledger.set(code, id);
    return { id, org_id: orgId, code, name, nature, chart_account_id: chart.get(chartCode)!, accounting_group_id: groups.get(group)!, external_code: external, is_active: true, description: null, ...stamp(now) };
  });
  await db.insertInto('ledger_accounts').values(ledgerRows).execute();

  // ---------------------------------------------------------------- categories on DRE lines
  const dre = (line: string, ledgerCode?: string) => ({ dre_line: line, ledger_account_id: ledgerCode ? ledger.get(ledgerCode)! : null });
  await insertTree(db, 'expense_categories', orgId, now, [
    { code: '1', name: 'Impostos sobre vendas', extra: dre('deductions'), children: [{ code: '1.01', name: 'ICMS', extra: dre('deductions') }, { code: '1.02', name: 'PIS e COFINS', extra: dre('deductions') }] },
    { code: '2', name: 'Custos', extra: dre('costs'), children: [{ code: '2.01', name: 'Mercadorias para revenda', extra: dre('costs') }] },
    {
      code: '3',
      name: 'Despesas administrativas',
      extra: dre('operatingExpenses'),
      children: [
        { code: '3.01', name: 'Aluguel', extra: dre('operatingExpenses', '4.1.01') },
        { code: '3.02', name: 'Material de escritório', extra: dre('operatingExpenses', '4.1.02') },
        { code: '3.03', name: 'Energia elétrica', extra: dre('operatingExpenses') },
      ],
    },
    { code: '4', name: 'Despesas financeiras', extra: dre('financialResult'), children: [{ code: '4.01', name: 'Tarifas bancárias', extra: dre('financialResult', '4.2.01') }, { code: '4.02', name: 'Juros pagos', extra: dre('financialResult') }] },
    { code: '5', name: 'IR e CSLL', extra: dre('incomeTax') },
  ]);
  await insertTree(db, 'revenue_categories', orgId, now, [
    {
      code: '1',
      name: 'Receita de vendas',
      extra: dre('grossRevenue'),
      children: [{ code: '1.01', name: 'Vendas de mercadorias', extra: dre('grossRevenue', '3.1.01') }, { code: '1.02', name: 'Prestação de serviços', extra: dre('grossRevenue', '3.1.02') }],
    },
    { code: '2', name: 'Receitas financeiras', extra: dre('financialResult'), children: [{ code: '2.01', name: 'Rendimentos de aplicações', extra: dre('financialResult') }] },
  ]);

  // ---------------------------------------------------------------- bank accounts, departments
  const accountId = randomUUID();
  await db
    .insertInto('bank_accounts')
    .values([
      {
        id: accountId,
        org_id: orgId,
        name: 'Itaú — Pagamentos',
        type: 'checking',
        bank_id: itau ?? bb,
        agency: '1234',
        agency_digit: null,
        account: '56789',
        account_digit: '0',
        holder_name: 'Demo Compras e Finanças Ltda',
        holder_document: '11222333000181',
        // Our PIX keys: the CNPJ (principal) and the finance mailbox; a receivable paid by PIX chooses one.
        pix_keys: json([
          { type: 'cnpj', key: '11222333000181', isDefault: true },
          { type: 'email', key: 'financeiro@demo.com.br', isDefault: false },
        ]),
        opening_balance: '15000000',
        opening_balance_date: '2025-01-01',
        is_active: true,
        notes: 'Conta principal de pagamentos a fornecedores.',
        ...stamp(now),
      },
      {
        id: randomUUID(),
        org_id: orgId,
        name: 'Caixa da matriz',
        type: 'cash',
        bank_id: null,
        agency: null,
        agency_digit: null,
        account: null,
        account_digit: null,
        holder_name: 'Demo Compras e Finanças Ltda',
        holder_document: '11222333000181',
        opening_balance: '200000',
        opening_balance_date: '2025-01-01',
        is_active: true,
        notes: null,
        ...stamp(now),
      },
    ])
    .execute();
  await db
    .insertInto('bank_account_agreements')
    .values({ id: randomUUID(), org_id: orgId, bank_account_id: accountId, name: 'SISPAG fornecedores', agreement_code: '000123456', layout: 'itau240', services: ['supplierPayments', 'boletoPayments', 'pix'], next_file_sequence: 1, is_active: true, notes: null, ...stamp(now) })
    .execute();
  await db
    .insertInto('departments')
    .values([
      { id: randomUUID(), org_id: orgId, code: 'FIN', name: 'Financeiro', manager_id: null, cost_center_id: costCenters.get('1.01')!, is_active: true, description: null, ...stamp(now) },
      { id: randomUUID(), org_id: orgId, code: 'COM', name: 'Compras', manager_id: null, cost_center_id: costCenters.get('3.01')!, is_active: true, description: null, ...stamp(now) },
      { id: randomUUID(), org_id: orgId, code: 'TI', name: 'Tecnologia', manager_id: null, cost_center_id: costCenters.get('3.02')!, is_active: true, description: null, ...stamp(now) },
    ])
    .execute();

  // ---------------------------------------------------------------- companies of the group
  const matrizType = randomUUID();
  await db
    .insertInto('company_types')
    .values([
      { id: matrizType, org_id: orgId, name: 'Matriz', description: 'Sede da organização.', position: 1, is_active: true, ...stamp(now) },
      { id: randomUUID(), org_id: orgId, name: 'Filial', description: 'Estabelecimentos filiais.', position: 2, is_active: true, ...stamp(now) },
    ])
    .execute();
  await db
    .insertInto('companies')
    .values({
      id: randomUUID(),
      org_id: orgId,
      company_type_id: matrizType,
      name: 'Demo Compras e Finanças Ltda',
      trade_name: 'Demo Compras',
      cnpj: '11222333000181',
      state_registration: 'ISENTO',
      state_registration_uf: null,
      municipal_registration: null,
      email: 'contato@demo.com.br',
      phone: '1130001000',
      is_active: true,
      addresses: json([address('01310100', 'Avenida Paulista', '2000', 'Bela Vista', 'SP', '3550308')]),
      contacts: json([]),
      ...stamp(now),
    })
    .execute();

  // ---------------------------------------------------------------- catalogue
  const categoryIds = new Map<string, string>();
  const category = (slug: string, name: string, parent: string | null, position: number) => {
    const id = randomUUID();
    categoryIds.set(slug, id);
    return { id, org_id: orgId, name, slug, parent_id: parent ? categoryIds.get(parent)! : null, position, is_active: true, description: null, ...stamp(now) };
  };
  const roots = [category('material-de-escritorio', 'Material de escritório', null, 1), category('informatica', 'Informática', null, 2), category('limpeza', 'Limpeza', null, 3)];
  await db.insertInto('product_categories').values(roots).execute();
  await db.insertInto('product_categories').values([category('perifericos', 'Periféricos', 'informatica', 1)]).execute();
  const product = (sku: string, name: string, slug: string, unit: string, price: number, kind = 'product') => ({
    id: randomUUID(),
    org_id: orgId,
    name,
    sku,
    kind,
    category_id: categoryIds.get(slug)!,
    brand: null,
    unit,
    price: String(price),
    barcode: null,
    ncm: null,
    is_active: true,
    description: null,
    media: json([]),
    variants: json([]),
    ...stamp(now),
  });
  await db
    .insertInto('products')
    .values([
      product('PAP-A4-500', 'Papel A4 75 g (resma com 500 folhas)', 'material-de-escritorio', 'PCT', 2890),
      product('CAN-AZ-50', 'Caneta esferográfica azul (caixa com 50)', 'material-de-escritorio', 'CX', 4590),
      product('MOU-USB-01', 'Mouse óptico USB', 'perifericos', 'UN', 3990),
      product('TEC-ABNT2', 'Teclado ABNT2 USB', 'perifericos', 'UN', 8990),
      product('DET-5L', 'Detergente neutro 5 L', 'limpeza', 'UN', 2450),
      product('SRV-LIMP-H', 'Serviço de limpeza (hora)', 'limpeza', 'H', 6500, 'service'),
    ])
    .execute();

  // ---------------------------------------------------------------- a bill of the period
  await db
    .insertInto('company_bills')
    .values({
      id: randomUUID(),
      org_id: orgId,
      description: 'Serviços de TI — junho',
      supplier_id: techSul.id,
      number: 'FAT-2025-06',
      reference_month: '2025-06',
      closing_date: '2025-06-25',
      due_date: '2025-07-10',
      amount: '1250000',
      bank_account_id: accountId,
      status: 'open',
      notes: null,
      ...stamp(now),
    })
    .execute();
}

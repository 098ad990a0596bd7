/**
 * A demo organisation that looks alive (issue 27 §4): a quarter of pedidos, lançamentos a pagar
 * and a receber, with their parcelas, baixas and estornos, dated relative to today (the last ~90
 * days and the next ~60) and written only through the product's own services — the record
 * services of the catalogue (`ctx.records(name)`: numbering, validation, references, locks, status
 * history, audit, the approval plug) and the approval service's `decide` — never by INSERTs of
 * business rows.
 *
 * - Who does what: pedidos are made by solicitante@ and decided by the queue "Aprovação de pedidos"
 *   (gestor@, then compras@: nobody approves their own); lançamentos are entered by financeiro@,
 *   authorised and settled by tesouraria@ (never by who entered them), attested by solicitante@.
 * - Time: every step runs with the context's clock set to the moment it happened (a business day
 *   of the quarter, office hours, in chronological order over every record), so numbers, history,
 *   audit and baixas read like a real quarter. No e-mail leaves (the steps' after-commit work is dropped).
 * - Deterministic: a fixed pseudo-random seed (mulberry32); the same day gives the same quarter.
 * - Idempotent and all-or-nothing: one transaction, only while the demo organisation has no pedido
 *   and no lançamento yet (a second start, or an organisation someone already used, adds nothing).
 * - Kept out of the tests' way: only `npm start` turns it on (DEMO_QUARTER=1, package.json), with
 *   the demo organisation itself (SEED_DEMO); the API and e2e fixtures never run it.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto.js';
import { addDays, isBusinessDay } from '../../src/contracts/brazil/businessDays.js';
import { writeSchema } from '../../src/contracts/resourceSchemas.js';
import { findTransition } from '../../src/contracts/workflow.js';
import { transitionInput } from '../../src/contracts/workflowSchemas.js';
import { audit } from '../audit.js';
import { decide, latestFlow, todayIn, type Actor } from '../approvals/engine.js';
import type { AppContext } from '../context.js';
import type { DatabaseHandle } from '../db/connect.js';
import { DEMO_ORG_ID } from '../db/seed.js';
import { STARTUP_LOCK_KEY, withAdvisoryLock } from '../db/startup.js';
import { withTenant } from '../db/tenant.js';
import { buildCatalogue } from '../registry/catalogue.js';
import { findRecord } from '../registry/records.js';
import type { Call, Trx, Values, WireRecord } from '../registry/storage.js';
import { demoWanted } from './deployment.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The switch: `npm start` sets it (package.json); tests and `npm run serve` leave it off. */
export const DEMO_QUARTER_ENV = 'DEMO_QUARTER';
/** The quarter's pseudo-random seed: the same day always gives the same quarter. */
export const DEMO_QUARTER_SEED = 0x27_04_2026;

/** The quarter's own transaction lock ("RTGD" + 0x27). */
const DEMO_QUARTER_LOCK_KEY = 0x52544744_00000027n;

export function demoQuarterWanted(env: Env): boolean {
  return env[DEMO_QUARTER_ENV]?.trim() === '1' && demoWanted(env);
}

export interface QuarterResult {
  seeded: boolean;
  ms: number;
  orders: number;
  payables: number;
  receivables: number;
}

/** mulberry32: a tiny seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `date` itself on a business day, else the last business day before it (work happens on business days). */
function previousBusinessDay(date: string): string {
  let current = date;
  while (!isBusinessDay(current)) current = addDays(current, -1);
  return current;
}
function nextBusinessDay(date: string): string {
  let current = date;
  while (!isBusinessDay(current)) current = addDays(current, 1);
  return current;
}

const EMAILS = {
  requester: 'solicitante@demo.com.br',
  manager: 'gestor@demo.com.br',
  buyer: 'compras@demo.com.br',
  clerk: 'financeiro@demo.com.br',
  treasurer: 'tesouraria@demo.com.br',
} as const;
type Role = keyof typeof EMAILS;

interface Step {
  /** Instant the step happened. */
  at: Date;
  /** Tie-break: order of creation. */
  seq: number;
  run: () => Promise<void>;
}

const ORDER_TITLES: [title: string, justification: string, skus: string[]][] = [
  ['Reposição de material de escritório', 'Estoque do almoxarifado abaixo do mínimo.', ['GRP-26-6', 'BLO-ADE-76', 'MAR-TXT-AM', 'ENV-A4-PD']],
  ['Notebooks para novos analistas', 'Duas contratações no time de Tecnologia.', ['NOT-I5-16', 'SUP-NOT-01', 'HEA-USB-01']],
  ['Monitores para a equipe financeira', 'Trabalho com planilhas em tela dupla.', ['MON-24-FHD', 'CAB-HDMI-2']],
  ['Itens de copa do mês', 'Consumo mensal da copa da matriz.', ['CAF-500', 'ACU-1K', 'COP-DESC-100', 'FIL-CAF-103']],
  ['Material de limpeza — trimestre', 'Contrato de limpeza não cobre os insumos.', ['ALC-70-1L', 'PAP-HIG-64', 'PAP-TOA-1K', 'SAC-LIX-100']],
  ['Manutenção do ar-condicionado', 'Preventiva semestral exigida pelo PMOC.', ['SRV-MAN-AR']],
  ['Licenças do pacote de escritório', 'Renovação anual das licenças do comercial.', ['LIC-OFF-365']],
  ['Webcams para salas de reunião', 'Reuniões com clientes por vídeo.', ['WEB-1080', 'HUB-USB-4']],
  ['Água mineral para a recepção', 'Galões para os bebedouros.', ['AGU-20L']],
  ['SSD externo para backup', 'Cópia semanal fora do servidor.', ['SSD-EXT-1T']],
  ['Tradução de contrato internacional', 'Contrato com fornecedor estrangeiro.', ['SRV-TRAD-PG']],
  ['Cadernos e pastas para treinamento', 'Turma de integração de novos colaboradores.', ['CAD-UNI-200', 'PAS-AZ-A4']],
  ['Headsets para o atendimento', 'Substituição de aparelhos com defeito.', ['HEA-USB-01']],
  ['Entregas por motoboy — documentos', 'Envio de contratos assinados a clientes.', ['SRV-MOTO']],
  ['Grampeadores e grampos', 'Reposição para o financeiro.', ['GRA-26-6', 'GRP-26-6']],
  ['Luvas e álcool para a copa', 'Exigência da vigilância sanitária.', ['LUV-LAT-M', 'ALC-70-1L']],
];

/** What happens to a pedido, in order (the approval queue has two stages: gestor@, then compras@). */
type OrderPlot = 'draft' | 'draftCancelled' | 'stage1' | 'stage2' | 'approved' | 'rejected1' | 'rejected2' | 'cancelled' | 'quoting' | 'fulfilled' | 'resubmitted';
const ORDER_PLOTS: OrderPlot[] = ['fulfilled', 'approved', 'rejected1', 'quoting', 'approved', 'cancelled', 'rejected2', 'approved', 'resubmitted', 'draftCancelled', 'stage2', 'stage1', 'stage2', 'stage1', 'draft', 'draft'];

/** A parcela's story: open (lançamento not sent), atesto, queue, authorised, paid, partial, paid then reversed. */
type PayPlot = 'open' | 'attest' | 'queued' | 'authorized' | 'paid' | 'paidLate' | 'partial' | 'reversed';
/** A recebimento's story. */
type ReceivePlot = 'open' | 'received' | 'receivedLate' | 'partial' | 'reversed';

const PAYABLE_SCRIPTS: { description: string; category: string; supplier: number; amounts: [number, number]; parcelas: PayPlot[]; twoCentres?: boolean; cash?: boolean; cancelled?: boolean }[] = [
  { description: 'Aluguel da sede', category: '3.01', supplier: 3, amounts: [1_200_000, 1_200_000], parcelas: ['paid'] },
  { description: 'Material de escritório', category: '3.02', supplier: 0, amounts: [48_000, 96_000], parcelas: ['paid', 'paidLate'], cash: true },
  { description: 'Suporte e monitoramento de TI', category: '3', supplier: 1, amounts: [850_000, 990_000], parcelas: ['paid', 'reversed', 'authorized'], twoCentres: true },
  { description: 'Limpeza e conservação (contrato mensal)', category: '3', supplier: 2, amounts: [620_000, 680_000], parcelas: ['paid', 'paid', 'queued'] },
  { description: 'Energia elétrica da matriz', category: '3.03', supplier: 3, amounts: [210_000, 290_000], parcelas: ['paidLate'] },
  { description: 'Mercadorias para revenda', category: '2.01', supplier: 3, amounts: [2_400_000, 3_600_000], parcelas: ['paid', 'partial', 'queued'], twoCentres: true },
  { description: 'Tarifas bancárias', category: '4.01', supplier: 3, amounts: [12_000, 18_000], parcelas: ['paid'] },
  { description: 'Licenças de software (renovação anual)', category: '3.02', supplier: 1, amounts: [1_080_000, 1_440_000], parcelas: ['queued', 'queued', 'queued'] },
  { description: 'Notebooks para novos analistas', category: '3', supplier: 1, amounts: [979_800, 979_800], parcelas: ['attest', 'attest'] },
  { description: 'Manutenção preventiva do ar-condicionado', category: '3', supplier: 2, amounts: [70_000, 70_000], parcelas: ['authorized'] },
  { description: 'Itens de copa e cozinha', category: '3.02', supplier: 0, amounts: [31_000, 42_000], parcelas: ['queued'], cash: true },
  { description: 'Reforma da sala de reuniões', category: '3', supplier: 2, amounts: [1_850_000, 2_250_000], parcelas: ['open', 'open'] },
  { description: 'Papelaria para o evento de clientes', category: '3.02', supplier: 0, amounts: [25_000, 38_000], parcelas: ['open'], cancelled: true },
  { description: 'Juros de capital de giro', category: '4.02', supplier: 3, amounts: [95_000, 125_000], parcelas: ['paid', 'authorized'] },
];

const RECEIVABLE_SCRIPTS: { description: string; category: string; customer: number; amounts: [number, number]; parcelas: ReceivePlot[]; cash?: boolean; cancelled?: boolean }[] = [
  { description: 'Venda de mercadorias — pedido 1.045', category: '1.01', customer: 0, amounts: [1_800_000, 2_600_000], parcelas: ['received', 'received', 'open'] },
  { description: 'Prestação de serviços de consultoria', category: '1.02', customer: 1, amounts: [950_000, 1_250_000], parcelas: ['receivedLate', 'partial', 'open'] },
  { description: 'Venda de mercadorias — pedido 1.071', category: '1.01', customer: 1, amounts: [420_000, 640_000], parcelas: ['received', 'reversed'] },
  { description: 'Treinamento in company', category: '1.02', customer: 2, amounts: [180_000, 240_000], parcelas: ['open'], cash: true },
  { description: 'Venda de mercadorias — pedido 1.102', category: '1.01', customer: 0, amounts: [3_100_000, 3_900_000], parcelas: ['open', 'open', 'open'] },
  { description: 'Rendimentos de aplicação financeira', category: '2.01', customer: 1, amounts: [38_000, 52_000], parcelas: ['received'] },
  { description: 'Serviços de implantação', category: '1.02', customer: 2, amounts: [300_000, 300_000], parcelas: ['open'], cancelled: true },
  { description: 'Venda de mercadorias — pedido 1.118', category: '1.01', customer: 0, amounts: [760_000, 990_000], parcelas: ['open', 'open'] },
];

/** The scripts' `supplier` / `customer` indexes name these persons of the demo registries (db/seed-registries.ts). */
const SUPPLIER_NAMES = ['Papelaria Central Ltda', 'TechSul Serviços de TI S.A.', 'Limpeza Total Serviços Ltda', 'Comercial Horizonte Ltda'] as const;
const CUSTOMER_NAMES = ['Mercado Bom Preço Ltda', 'Comercial Horizonte Ltda', 'Ana Paula Ferreira'] as const;

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/**
 * Seeds the quarter in the demo organisation through `base`'s services (a copy of the context with
 * its own clock and catalogue). `today`: the real now (tests may pin it). Returns `seeded: false`
 * when the organisation already has a pedido or a lançamento.
 */
export async function seedDemoQuarter(base: AppContext, options: { now?: Date; seed?: number } = {}): Promise<QuarterResult> {
  const started = performance.now();
  const realNow = options.now ?? base.clock();
  let clock = realNow;
  const ctx: AppContext = { ...base, clock: () => clock, background: () => undefined, mailer: { kind: base.mailer.kind, send: async () => undefined }, records: (name) => catalogue(name) };
  const catalogue = buildCatalogue(ctx);
  const random = seededRandom(options.seed ?? DEMO_QUARTER_SEED);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  /** Centavos between two amounts, rounded to R$ 0,10. */
  const amountBetween = (min: number, max: number) => Math.round(between(min, max) / 10) * 10;
  const today = todayIn(realNow);
  /** The instant of a step: a business day `offset` days from today (never after now), in office hours (Brasília). */
  const at = (offset: number, minute = between(9 * 60, 17 * 60 + 30)): Date => {
    const day = previousBusinessDay(addDays(today, Math.min(offset, -1)));
    const hh = String(Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    return new Date(`${day}T${hh}:${mm}:00-03:00`);
  };
  const dayOf = (instant: Date) => todayIn(instant);

  const counts = { orders: 0, payables: 0, receivables: 0 };
  const seeded = await withTenant(base.tenantDb, DEMO_ORG_ID, async (trx) => {
    // Two starts at once (several instances on one PostgreSQL): the second waits here, then finds the quarter.
    await sql`SELECT pg_advisory_xact_lock(${DEMO_QUARTER_LOCK_KEY.toString()}::bigint)`.execute(trx);
    const used = await sql<{ n: number }>`SELECT (SELECT count(*) FROM orders WHERE org_id = ${DEMO_ORG_ID})::int + (SELECT count(*) FROM finance_entries WHERE org_id = ${DEMO_ORG_ID})::int AS n`.execute(trx);
    if (used.rows[0].n > 0) return false;

    // ------------------------------------------------------------ the organisation's registries (read only)
    const users = new Map((await sql<{ id: string; email: string }>`SELECT id, email FROM users WHERE org_id = ${DEMO_ORG_ID}`.execute(trx)).rows.map((u) => [u.email, u.id]));
    const userOf = (role: Role) => {
      const id = users.get(EMAILS[role]);
      if (!id) throw new Error(`demo quarter: ${EMAILS[role]} is missing`);
      return id;
    };
    const products = new Map((await sql<{ id: string; sku: string; name: string; unit: string; price: string }>`SELECT id, sku, name, unit, price::text FROM products WHERE org_id = ${DEMO_ORG_ID}`.execute(trx)).rows.map((p) => [p.sku, p]));
    const departments = (await sql<{ id: string; cost_center_id: string }>`SELECT id, cost_center_id FROM departments WHERE org_id = ${DEMO_ORG_ID} AND cost_center_id IS NOT NULL ORDER BY code`.execute(trx)).rows;
    const centres = (await sql<{ id: string }>`SELECT c.id FROM cost_centers c WHERE c.org_id = ${DEMO_ORG_ID} AND c.is_active AND NOT EXISTS (SELECT 1 FROM cost_centers k WHERE k.parent_id = c.id) ORDER BY c.code`.execute(trx)).rows.map((c) => c.id);
    const byCode = async (table: 'expense_categories' | 'revenue_categories') =>
      new Map((await sql<{ id: string; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE org_id = ${DEMO_ORG_ID}`.execute(trx)).rows.map((c) => [c.code, c.id]));
    const expenseCategories = await byCode('expense_categories');
    const revenueCategories = await byCode('revenue_categories');
    /** The demo's suppliers and customers in the scripts' order (the seed's names; any others after them). */
    const parties = async (role: 'is_supplier' | 'is_customer', preferred: readonly string[]) => {
      const rows = (await sql<{ id: string; name: string }>`SELECT id, name FROM persons WHERE org_id = ${DEMO_ORG_ID} AND ${sql.ref(role)} AND is_active ORDER BY name`.execute(trx)).rows;
      const rank = (name: string) => (preferred.indexOf(name) + preferred.length + 1) % (preferred.length + 1);
      return rows.sort((a, b) => rank(a.name) - rank(b.name)).map((p) => p.id);
    };
    const suppliers = await parties('is_supplier', SUPPLIER_NAMES);
    const customers = await parties('is_customer', CUSTOMER_NAMES);
    const accounts = (await sql<{ id: string; type: string; bank_code: string | null }>`SELECT a.id, a.type, b.code AS bank_code FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
      WHERE a.org_id = ${DEMO_ORG_ID} AND a.is_active ORDER BY a.name DESC`.execute(trx)).rows;
    const bank = accounts.find((a) => a.type !== 'cash') ?? accounts[0];
    const cashAccount = accounts.find((a) => a.type === 'cash') ?? bank;
    if (!departments.length || !centres.length || !suppliers.length || !customers.length || !bank) throw new Error('demo quarter: the demo registries are missing');

    // ------------------------------------------------------------ the services, as each demo user
    const actorCall = (name: string, role: Role): Call => catalogue(name).makeCall({ userId: userOf(role), orgId: DEMO_ORG_ID, accessLevel: 'User' });
    const create = async (name: string, role: Role, values: Values): Promise<WireRecord> => {
      const service = catalogue(name);
      return service.create(trx, actorCall(name, role), writeSchema(service.resource).parse(values) as Values);
    };
    const act = async (name: string, role: Role, id: string, action: string, input: Values = {}, system = false): Promise<WireRecord> => {
      const service = catalogue(name);
      const transition = findTransition(service.workflow!, action)!;
      const parsed = transitionInput(transition).parse(input) as Values;
      return service.runAction(trx, actorCall(name, role), id, action, parsed ?? {}, undefined, { system });
    };
    /** An approver's decision on the record's open flow: the approval routes' own steps (approvals/routes.ts `decideOne`). */
    const decideOn = async (resource: string, recordId: string, role: Role, decision: 'approve' | 'reject', reason: string | null) => {
      const flowId = await latestFlow(trx, DEMO_ORG_ID, resource, recordId, ['pending']);
      if (!flowId) throw new Error(`demo quarter: no pending approval for ${resource} ${recordId}`);
      const service = catalogue(resource);
      const userId = userOf(role);
      const actor: Actor = { ctx, orgId: DEMO_ORG_ID, userId, afterCommit: [] };
      const recordCall = () => service.makeCall({ userId, orgId: DEMO_ORG_ID, accessLevel: 'User' }, {}, actor.afterCommit);
      const outcome = await decide(trx, actor, flowId, decision, reason, {
        lockRecord: async (flow) => (await findRecord(trx, recordCall(), service.storage, flow.record_id, true))?.version ?? 0,
        visible: async () => true,
        finish: async (flow, approved) => {
          const plug = service.workflow!.approval!;
          await service.runAction(trx, recordCall(), flow.record_id, approved ? plug.approve : plug.reject, approved ? {} : { reason: reason ?? '' }, undefined, { system: true });
        },
      });
      await audit(trx, ctx.clock(), { orgId: DEMO_ORG_ID, actorUserId: userId, action: `approvals.${decision}`, entityType: 'approvalFlows', entityId: flowId, after: { outcome, reason } });
    };

    // ------------------------------------------------------------ the plot: steps of every record, run in time order
    const steps: Step[] = [];
    let seq = 0;
    /** A record's steps, in their logical order: each at its time, never before the step it follows; none after now. */
    const story = (points: [Date, () => Promise<void>][]) => {
      let previous = 0;
      for (const [when, run] of points) {
        previous = Math.max(when.getTime(), previous + 7 * 60_000);
        if (previous >= realNow.getTime()) return;
        steps.push({ at: new Date(previous), seq: seq++, run });
      }
    };
    const minutesLater = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

    // Pedidos: solicitante@ creates and sends; gestor@ (stage 1) and compras@ (stage 2) decide.
    ORDER_PLOTS.forEach((plot, index) => {
      const [title, justification, skus] = ORDER_TITLES[index % ORDER_TITLES.length];
      const department = departments[index % departments.length];
      const youngest = plot === 'draft' || plot === 'stage1' ? 6 : plot === 'stage2' ? 12 : 20;
      const createdOffset = -between(youngest - 4, Math.max(youngest, 85 - index * 4));
      const created = at(createdOffset);
      const neededBy = nextBusinessDay(addDays(dayOf(created), between(15, 40)));
      const lines = skus.map((sku) => {
        const product = products.get(sku);
        if (!product) throw new Error(`demo quarter: product ${sku} is missing`);
        const quantity = product.unit === 'SV' || Number(product.price) > 100_000 ? between(1, 3) : between(2, 24);
        return { productId: product.id, description: product.name, quantity, unit: product.unit, unitPrice: Number(product.price), neededBy: null };
      });
      const ref = { id: '' };
      const later = (hours: number) => minutesLater(created, hours * 60);
      const points: [Date, () => Promise<void>][] = [
        [created, async () => {
          const order = await create('orders', 'requester', { title, costCenterId: department.cost_center_id, departmentId: department.id, neededBy, justification, lines });
          ref.id = order.id;
          counts.orders++;
        }],
      ];
      const submit = (hours: number) => points.push([later(hours), async () => void (await act('orders', 'requester', ref.id, 'submit'))]);
      const decideAt = (hours: number, role: Role, decision: 'approve' | 'reject', reason: string | null = null) =>
        points.push([later(hours), () => decideOn('orders', ref.id, role, decision, reason)]);
      if (plot === 'draft') {
        // stays a rascunho
      } else if (plot === 'draftCancelled') {
        points.push([later(26), async () => void (await act('orders', 'requester', ref.id, 'cancel', { reason: 'Pedido duplicado: os itens já estão no pedido anterior.' }))]);
      } else {
        submit(1);
        if (plot === 'cancelled') points.push([later(20), async () => void (await act('orders', 'requester', ref.id, 'cancel', { reason: 'O evento foi adiado para o próximo trimestre.' }))]);
        if (plot === 'rejected1') decideAt(22, 'manager', 'reject', 'Fora do orçamento do centro de custos neste trimestre.');
        if (['stage2', 'approved', 'rejected2', 'quoting', 'fulfilled', 'resubmitted'].includes(plot)) decideAt(22, 'manager', 'approve', 'De acordo.');
        if (plot === 'rejected2') decideAt(47, 'buyer', 'reject', 'Já temos contrato vigente para estes itens: use o pedido de contrato.');
        if (plot === 'resubmitted') {
          decideAt(47, 'buyer', 'reject', 'Informe a quantidade por colaborador na justificativa.');
          submit(70);
          decideAt(94, 'manager', 'approve', null);
          decideAt(118, 'buyer', 'approve', null);
        }
        if (['approved', 'quoting', 'fulfilled'].includes(plot)) decideAt(47, 'buyer', 'approve', null);
        if (plot === 'quoting' || plot === 'fulfilled') points.push([later(72), async () => void (await act('orders', 'buyer', ref.id, 'startQuoting'))]);
        if (plot === 'fulfilled') points.push([later(24 * 12), async () => void (await act('orders', 'buyer', ref.id, 'fulfil'))]);
      }
      story(points);
    });

    // Parcelas' payment data: a boleto (a valid line for the due date and amount) or PIX.
    const payment = (index: number, dueDate: string, amount: number) =>
      index % 3 === 2
        ? { paymentMethod: 'pix', boletoLine: null, pixKeyType: 'email', pixKey: 'financeiro@fornecedor.com.br', pixPayload: null }
        : { paymentMethod: 'boleto', boletoLine: makeBoletoLine({ bankCode: index % 2 ? '237' : '341', dueDate, amount }), pixKeyType: null, pixKey: null, pixPayload: null };
    // A receivable's receipt data: how the customer pays us — our boleto (of the receiving account's bank), our PIX key, or cash into the caixa.
    const receipt = (index: number, dueDate: string, amount: number, account: { id: string; type: string; bank_code: string | null }) =>
      account.type === 'cash'
        ? { paymentMethod: 'cash', bankAccountId: account.id }
        : index % 3 === 2
          ? { paymentMethod: 'pix', bankAccountId: account.id, pixKeyType: 'cnpj', pixKey: '11222333000181' }
          : { paymentMethod: 'boleto', bankAccountId: account.id, ourNumber: String(100000 + index * 7919 + amount % 997), boletoLine: makeBoletoLine({ bankCode: account.bank_code ?? '341', dueDate, amount }) };
    const split = (total: number, parts: number) => {
      const each = Math.floor(total / parts);
      return Array.from({ length: parts }, (_, i) => (i === 0 ? total - each * (parts - 1) : each));
    };
    const competenceOf = (date: string) => `${date.slice(5, 7)}/${date.slice(0, 4)}`;

    /** Lançamentos: entered by financeiro@ on the issue date, each parcela then living its own plot. */
    const entryStory = (kind: 'payables' | 'receivables', index: number, script: { description: string; category: string; amounts: [number, number]; parcelas: string[]; cash?: boolean; cancelled?: boolean; twoCentres?: boolean }, partyId: string, categoryId: string) => {
      const count = script.parcelas.length;
      const firstDue = -between(48, 62) + index * 7;
      const total = amountBetween(...script.amounts) * count;
      // Entered 5–20 days before the first due date, and at least a few days ago (a lançamento due soon was entered last week).
      const issueOffset = Math.min(firstDue - between(5, 20), -between(3, 12));
      const issued = at(Math.max(issueOffset, -88));
      const dues = script.parcelas.map((_, i) => nextBusinessDay(addDays(today, firstDue + i * 30)));
      const amounts = split(total, count);
      const account = script.cash ? cashAccount : bank;
      const centre = centres[index % centres.length];
      const allocations = script.twoCentres
        ? (() => {
            const second = Math.floor(total * 0.4);
            return [{ costCenterId: centre, percent: null, amount: total - second }, { costCenterId: centres[(index + 1) % centres.length], percent: null, amount: second }];
          })()
        : [{ costCenterId: centre, percent: null, amount: total }];
      const issueDate = dayOf(issued);
      const month = MONTHS[Number(issueDate.slice(5, 7)) - 1];
      const description = kind === 'receivables' ? script.description : `${script.description} — ${month}`;
      const needsAttest = script.parcelas.includes('attest');
      const values: Values = {
        ...(kind === 'payables' ? { supplierId: partyId, requesterId: needsAttest ? userOf('requester') : null, orderId: null } : { customerId: partyId }),
        categoryId,
        documentType: kind === 'payables' ? (index % 2 ? 'nfse' : 'nfe') : 'invoice',
        documentNumber: `${kind === 'payables' ? 'NF' : 'FAT'}-${String(4000 + index * 37 + between(1, 30)).padStart(6, '0')}`,
        issueDate,
        competence: competenceOf(issueDate),
        description,
        total,
        bankAccountId: account.id,
        companyId: null,
        paymentCondition: count === 1 ? 'à vista' : Array.from({ length: count }, (_, i) => String(30 * (i + 1))).join('/'),
        documentFileId: null,
        notes: null,
        allocations,
        installments: dues.map((dueDate, i) =>
          kind === 'receivables'
            ? { number: i + 1, dueDate, amount: amounts[i], ...receipt(index + i, dueDate, amounts[i], account) }
            : { number: i + 1, dueDate, amount: amounts[i], ...payment(index + i, dueDate, amounts[i]), bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null }),
      };
      const ref: { id: string; parcelas: string[] } = { id: '', parcelas: [] };
      const points: [Date, () => Promise<void>][] = [
        [issued, async () => {
          const entry = await create(kind, 'clerk', values);
          ref.id = entry.id;
          ref.parcelas = (entry.installments as { id: string }[]).map((p) => p.id);
          counts[kind]++;
        }],
      ];
      const parcelaResource = kind === 'payables' ? 'payableInstallments' : 'receivableInstallments';
      if (script.cancelled) {
        points.push([minutesLater(issued, 60 * 26), async () => void (await act(kind, 'clerk', ref.id, 'cancel', { reason: 'Lançado em duplicidade: a nota foi substituída.' }))]);
      } else if (kind === 'payables' && !script.parcelas.every((p) => p === 'open')) {
        // Sent for approval the next morning (no queue of lançamentos in the demo: approved at once).
        points.push([minutesLater(issued, 60 * 20), async () => void (await act(kind, 'clerk', ref.id, 'submit'))]);
      }
      if (!script.cancelled) {
        script.parcelas.forEach((plot, i) => {
          const due = dues[i];
          const dueOffset = Math.round((Date.parse(due) - Date.parse(today)) / 86_400_000);
          const amount = amounts[i];
          const id = () => ref.parcelas[i];
          const baixa = (offset: number, paid: number, extra: Values = {}) => ({ paidOn: dayOf(at(offset)), amount: paid, bankAccountId: account.id, ...extra });
          const settleAt = (offset: number, paid: number, extra: Values = {}) =>
            points.push([at(offset, 15 * 60 + i), async () => void (await act(parcelaResource, 'treasurer', id(), 'settle', baixa(offset, paid, extra)))]);
          if (kind === 'payables') {
            if (plot === 'attest' || plot === 'open') return;
            const authorizeOffset = Math.min(dueOffset - between(1, 3), -1);
            const authorize = () => points.push([at(authorizeOffset, 10 * 60 + i), async () => void (await act(parcelaResource, 'treasurer', id(), 'authorize'))]);
            if (plot === 'queued') return;
            authorize();
            if (plot === 'authorized') return;
            if (plot === 'partial') settleAt(Math.min(dueOffset, -1), Math.round(amount / 2 / 10) * 10, { note: 'Pagamento parcial combinado com o fornecedor.' });
            if (dueOffset >= 0) return; // not due yet: stays authorised
            if (plot === 'paid') settleAt(dueOffset, amount);
            if (plot === 'paidLate') settleAt(dueOffset + 3, amount, { interest: Math.round(amount * 0.00033 * 3), fine: Math.round(amount * 0.02), note: 'Pago com atraso: multa de 2% e juros de mora.' });
            if (plot === 'reversed') {
              settleAt(dueOffset, amount);
              points.push([at(dueOffset + 1, 11 * 60), async () => {
                const parcela = await catalogue(parcelaResource).get(trx, actorCall(parcelaResource, 'clerk'), id());
                const settlement = (parcela.settlements as { id: string }[]).at(-1)!;
                await act(parcelaResource, 'clerk', id(), 'reverse', { settlementId: settlement.id, reason: 'TED devolvida pelo banco: conta do favorecido encerrada.' });
              }]);
            }
          } else {
            if (plot === 'open' || dueOffset >= 0) return;
            if (plot === 'received') settleAt(dueOffset, amount);
            if (plot === 'receivedLate') settleAt(dueOffset + 5, amount, { interest: Math.round(amount * 0.00033 * 5), fine: Math.round(amount * 0.02), note: 'Recebido com atraso: multa e juros cobrados.' });
            if (plot === 'partial') settleAt(dueOffset, Math.round(amount * 0.6 / 10) * 10, { note: 'Cliente pagou parte; o restante ficou para a próxima semana.' });
            if (plot === 'reversed') {
              settleAt(dueOffset, amount);
              points.push([at(dueOffset + 2, 11 * 60), async () => {
                const parcela = await catalogue(parcelaResource).get(trx, actorCall(parcelaResource, 'clerk'), id());
                const settlement = (parcela.settlements as { id: string }[]).at(-1)!;
                await act(parcelaResource, 'clerk', id(), 'reverse', { settlementId: settlement.id, reason: 'Cheque devolvido por insuficiência de fundos.' });
              }]);
            }
          }
        });
        if (kind === 'payables' && script.parcelas.includes('attest')) {
          // The requester confirmed the first one; the others still wait for the atesto.
          points.push([at(dues[0] < today ? -2 : -1, 16 * 60), async () => void (await act('payableInstallments', 'requester', ref.parcelas[0], 'attest'))]);
        }
      }
      story(points);
    };
    PAYABLE_SCRIPTS.forEach((script, index) =>
      entryStory('payables', index, script, suppliers[script.supplier % suppliers.length], expenseCategories.get(script.category) ?? [...expenseCategories.values()][0]),
    );
    RECEIVABLE_SCRIPTS.forEach((script, index) =>
      entryStory('receivables', index, script, customers[script.customer % customers.length], revenueCategories.get(script.category) ?? [...revenueCategories.values()][0]),
    );

    steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    for (const step of steps) {
      clock = step.at;
      await step.run();
    }
    clock = realNow;
    return true;
  });
  return { seeded, ms: Math.round(performance.now() - started), ...counts };
}

/**
 * The start's hook (main.ts): with DEMO_QUARTER=1 and the demo organisation wanted, seeds the
 * quarter under the start-up lock (several instances may start at once) and says how long it took.
 * Demo data never stops a start: when the organisation was changed so that the quarter no longer
 * fits (an approval queue removed, a demo user gone), nothing is written and the log says why.
 */
export async function demoQuarterAtStart(database: DatabaseHandle, ctx: AppContext, env: Env, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<QuarterResult | undefined> {
  if (!demoQuarterWanted(env)) return undefined;
  try {
    const result = await withAdvisoryLock(database, STARTUP_LOCK_KEY, () => seedDemoQuarter(ctx));
    if (result.seeded) log.info(`Trimestre de demonstração: ${result.orders} pedidos, ${result.payables} lançamentos a pagar e ${result.receivables} a receber em ${result.ms} ms (${DEMO_QUARTER_ENV}=1).`);
    return result;
  } catch (error) {
    log.warn({ err: error }, 'Trimestre de demonstração não criado: a organização de demonstração já não tem o que ele usa (nada foi gravado).');
    return undefined;
  }
}

/**
 * The organisation's first-run checklist ("Primeiros passos", issue 28) as data: the steps in
 * order, what each one asks, which screens open it, what makes it done, and the one-click helpers
 * some offer. The server computes the state from this list (server/setup/onboarding.ts: one
 * EXISTS probe per step under the tenant's row-level security); the administrator's home shows
 * it (src/modules/onboarding). A step is done when the organisation holds a record of `done`;
 * whoever may change the settings may skip a step (kept per organisation) and take the skip back.
 *
 * | Call (identity family) | Answer |
 * |---|---|
 * | `GET onboarding` | `OnboardingState` — scope `settings: read` |
 * | `PUT onboarding/steps/{key}/skip`, `DELETE …/skip` | `OnboardingState` — scope `settings: update`; 404 for an unknown step |
 * | `POST onboarding/head-office` | `HeadOfficeResult` — create on companies; 409 once the organisation has a company |
 * | `POST onboarding/standard-chart` | `StandardChartResult` — create on chartAccounts, expenseCategories and revenueCategories; 409 when the organisation already has a chart of accounts |
 * | `POST onboarding/approval-templates/{key}` | `ApprovalTemplateResult` — `approvalQueues: create`; 409 when the queue exists or its profile is gone |
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import type { ImportResourceType } from './imports';

/** What makes a step done: the organisation holds a record of `resource` (`besidesCaller`: a user other than the one asking). */
export interface DoneWhen {
  resource: string;
  besidesCaller?: boolean;
}

export interface OnboardingStepDef {
  key: string;
  title: string;
  /** One sentence: what the step asks and why. */
  description: string;
  /** Screens that do the step, by resource name (the client finds each route in its catalogue); the first one's permission decides who sees the step's links. */
  screens: readonly string[];
  done: DoneWhen;
  /** Registries imported from a spreadsheet: the wizard and a template to download. */
  imports?: ImportResourceType;
  /** A one-click helper of the step. */
  helper?: 'headOffice' | 'standardChart' | 'approvalTemplates';
}

export const ONBOARDING_STEPS = [
  {
    key: 'companyData',
    title: 'Dados da empresa',
    description: 'Cadastre a matriz e as filiais com CNPJ, inscrições e endereços: os documentos e pagamentos saem em nome delas.',
    screens: ['companies', 'companyTypes'],
    done: { resource: 'companies' },
    helper: 'headOffice',
  },
  {
    key: 'bankAccounts',
    title: 'Contas financeiras e convênios',
    description: 'As contas bancárias e o caixa de onde saem os pagamentos, e os convênios de cada banco para as remessas.',
    screens: ['bankAccounts'],
    done: { resource: 'bankAccounts' },
  },
  {
    key: 'chartOfAccounts',
    title: 'Plano de contas e DRE',
    description: 'Use o plano de contas padrão com as categorias já ligadas às linhas da DRE, ou cadastre o seu. Tudo pode ser editado depois.',
    screens: ['chartAccounts', 'expenseCategories', 'revenueCategories'],
    done: { resource: 'chartAccounts' },
    helper: 'standardChart',
  },
  {
    key: 'costCenters',
    title: 'Centros de custos e departamentos',
    description: 'Onde cada despesa é apropriada e quem responde por ela; os departamentos são opcionais.',
    screens: ['costCenters', 'departments'],
    done: { resource: 'costCenters' },
  },
  {
    key: 'suppliers',
    title: 'Fornecedores',
    description: 'Importe a sua lista de fornecedores de uma planilha (baixe o modelo) ou cadastre um a um.',
    screens: ['suppliers', 'importBatches'],
    done: { resource: 'suppliers' },
    imports: 'suppliers',
  },
  {
    key: 'customers',
    title: 'Clientes',
    description: 'Importe a sua lista de clientes de uma planilha (baixe o modelo) ou cadastre um a um.',
    screens: ['customers', 'importBatches'],
    done: { resource: 'customers' },
    imports: 'customers',
  },
  {
    key: 'products',
    title: 'Produtos',
    description: 'O catálogo de onde saem os pedidos: importe de uma planilha (baixe o modelo) ou cadastre um a um.',
    screens: ['products', 'importBatches'],
    done: { resource: 'products' },
    imports: 'products',
  },
  {
    key: 'users',
    title: 'Perfis e usuários',
    description: 'Ajuste as permissões de cada perfil e convide as pessoas da equipe, cada uma com o seu perfil.',
    screens: ['users', 'userGroups'],
    done: { resource: 'users', besidesCaller: true },
  },
  {
    key: 'approvalQueues',
    title: 'Filas de aprovação',
    description: 'Quem aprova pedidos e pagamentos acima de um valor. Comece por um modelo e ajuste depois.',
    screens: ['approvalQueues'],
    done: { resource: 'approvalQueues' },
    helper: 'approvalTemplates',
  },
] as const satisfies readonly OnboardingStepDef[];

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];
export const ONBOARDING_STEP_KEYS = ONBOARDING_STEPS.map((step) => step.key) as OnboardingStepKey[];

export const findOnboardingStep = (key: string): OnboardingStepDef | undefined => ONBOARDING_STEPS.find((step) => step.key === key);

// ---------------------------------------------------------------- approval queue templates

/** A common approval queue, created in one click and edited afterwards: resource, amount from which it applies, and the profile that approves. */
export interface ApprovalTemplate {
  key: string;
  /** The queue's name (unique in the organisation: creating it twice is a 409). */
  name: string;
  resource: 'orders' | 'payables' | 'payableInstallments';
  /** Centavos: the queue takes records from this amount on. */
  minAmount: number;
  stage: string;
  /** Name of the standard profile (setup/organisation.ts) whose members approve. */
  profile: string;
  description: string;
}

export const APPROVAL_TEMPLATES = [
  {
    key: 'orders5k',
    name: 'Pedidos acima de R$ 5.000',
    resource: 'orders',
    minAmount: 500_000,
    stage: 'Gestor',
    profile: 'Aprovador',
    description: 'Pedidos a partir de R$ 5.000,00 passam pelo gestor (perfil Aprovador).',
  },
  {
    key: 'payments20k',
    name: 'Pagamentos acima de R$ 20.000',
    resource: 'payableInstallments',
    minAmount: 2_000_000,
    stage: 'Diretoria',
    profile: 'Administrador',
    description: 'Pagamentos a partir de R$ 20.000,00 são autorizados pela diretoria (perfil Administrador).',
  },
  {
    key: 'payables10k',
    name: 'Lançamentos a pagar acima de R$ 10.000',
    resource: 'payables',
    minAmount: 1_000_000,
    stage: 'Financeiro',
    profile: 'Financeiro',
    description: 'Lançamentos a pagar a partir de R$ 10.000,00 são aprovados pelo financeiro (perfil Financeiro).',
  },
] as const satisfies readonly ApprovalTemplate[];

export type ApprovalTemplateKey = (typeof APPROVAL_TEMPLATES)[number]['key'];

// ---------------------------------------------------------------- wire shapes and endpoints

export const onboardingStep = z.object({
  key: z.string(),
  title: z.string(),
  /** Permission name of the step's first screen. */
  resource: z.string(),
  done: z.boolean(),
  /** Skipped by the organisation (and not done). */
  skipped: z.boolean(),
});

export const onboardingState = z.object({
  steps: z.array(onboardingStep),
  done: z.int(),
  skipped: z.int(),
  total: z.int(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

export const standardChartResult = z.object({
  /** Records created per registry (0: that registry already had records and was left as it was). */
  chartAccounts: z.int(),
  expenseCategories: z.int(),
  revenueCategories: z.int(),
});
export type StandardChartResult = z.infer<typeof standardChartResult>;

/** The head office created from the organisation's data: where its screen is (`/empresas/{companyTypeId}/{companyId}`). */
export const headOfficeResult = z.object({ companyTypeId: z.string(), companyId: z.string() });
export type HeadOfficeResult = z.infer<typeof headOfficeResult>;

export const approvalTemplateResult = z.object({ id: z.string(), name: z.string() });

const stepParams = z.object({ key: z.string().check(z.maxLength(60)) });
const templateParams = z.object({ key: z.string().check(z.maxLength(60)) });

export const onboardingEndpoints = {
  state: defineEndpoint({ family: 'identity', method: 'GET', path: 'onboarding', summary: 'Primeiros passos da organização: o que já foi feito, o que foi pulado e o que falta', answer: onboardingState }),
  skip: defineEndpoint({ family: 'identity', method: 'PUT', path: 'onboarding/steps/{key}/skip', summary: 'Pula um passo dos primeiros passos (vale para a organização)', params: stepParams, answer: onboardingState }),
  unskip: defineEndpoint({ family: 'identity', method: 'DELETE', path: 'onboarding/steps/{key}/skip', summary: 'Volta a mostrar um passo pulado como pendente', params: stepParams, answer: onboardingState }),
  headOffice: defineEndpoint({ family: 'identity', method: 'POST', path: 'onboarding/head-office', summary: 'Cadastra a matriz (tipo Matriz) com a razão social, o nome fantasia e o CNPJ da organização', answer: headOfficeResult }),
  standardChart: defineEndpoint({
    family: 'identity',
    method: 'POST',
    path: 'onboarding/standard-chart',
    summary: 'Cria o plano de contas padrão e as categorias de despesas e receitas ligadas às linhas da DRE',
    answer: standardChartResult,
  }),
  approvalTemplate: defineEndpoint({ family: 'identity', method: 'POST', path: 'onboarding/approval-templates/{key}', summary: 'Cria uma fila de aprovação a partir de um modelo', params: templateParams, answer: approvalTemplateResult }),
};

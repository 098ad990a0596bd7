/**
 * The standard chart of accounts that "Usar o plano de contas padrão" creates (issue 28), as data:
 * a short Brazilian chart in the usual order of the balance sheet and the income statement
 * (1 Ativo, 2 Passivo, 3 Patrimônio líquido, 4 Receitas, 5 Custos e despesas — the grouping of the
 * Lei 6.404/76 and of the accountants' "plano referencial", to the depth a purchasing and finance
 * team books at), and the expense and revenue categories that lançamentos use, each on ONE line of
 * the DRE skeleton (src/contracts/brazil/dre.ts). Synthetic nodes group; the leaves of the chart
 * receive entries (`acceptsEntries`). Everything is an ordinary record afterwards: edited,
 * inactivated or removed on its own screen.
 */
import type { DreLine } from '../../src/contracts/brazil/dre.js';
import type { ACCOUNT_NATURES } from '../../src/contracts/resources/chartAccounts.js';

type AccountNature = (typeof ACCOUNT_NATURES)[number];

export interface ChartNode {
  code: string;
  name: string;
  nature: AccountNature;
  children?: ChartNode[];
}

export interface CategoryNode {
  code: string;
  name: string;
  dreLine: DreLine;
  children?: CategoryNode[];
}

const leaves = (nature: AccountNature, prefix: string, names: string[]): ChartNode[] =>
  names.map((name, index) => ({ code: `${prefix}.${String(index + 1).padStart(2, '0')}`, name, nature }));

export const STANDARD_CHART: ChartNode[] = [
  {
    code: '1',
    name: 'Ativo',
    nature: 'asset',
    children: [
      {
        code: '1.1',
        name: 'Ativo circulante',
        nature: 'asset',
        children: leaves('asset', '1.1', ['Caixa', 'Bancos conta movimento', 'Aplicações financeiras de liquidez imediata', 'Clientes', 'Estoques', 'Impostos a recuperar', 'Adiantamentos a fornecedores']),
      },
      { code: '1.2', name: 'Ativo não circulante', nature: 'asset', children: leaves('asset', '1.2', ['Realizável a longo prazo', 'Investimentos', 'Imobilizado', 'Intangível']) },
    ],
  },
  {
    code: '2',
    name: 'Passivo',
    nature: 'liability',
    children: [
      {
        code: '2.1',
        name: 'Passivo circulante',
        nature: 'liability',
        children: leaves('liability', '2.1', ['Fornecedores', 'Obrigações trabalhistas', 'Obrigações tributárias', 'Empréstimos e financiamentos', 'Adiantamentos de clientes', 'Outras contas a pagar']),
      },
      { code: '2.2', name: 'Passivo não circulante', nature: 'liability', children: leaves('liability', '2.2', ['Empréstimos e financiamentos de longo prazo', 'Parcelamentos tributários']) },
    ],
  },
  { code: '3', name: 'Patrimônio líquido', nature: 'equity', children: leaves('equity', '3', ['Capital social', 'Reservas de lucros', 'Lucros ou prejuízos acumulados']) },
  {
    code: '4',
    name: 'Receitas',
    nature: 'revenue',
    children: [
      { code: '4.1', name: 'Receita bruta de vendas e serviços', nature: 'revenue', children: leaves('revenue', '4.1', ['Venda de mercadorias', 'Prestação de serviços']) },
      { code: '4.2', name: 'Receitas financeiras', nature: 'revenue', children: leaves('revenue', '4.2', ['Rendimentos de aplicações', 'Juros e descontos obtidos']) },
    ],
  },
  {
    code: '5',
    name: 'Custos e despesas',
    nature: 'expense',
    children: [
      { code: '5.1', name: 'Deduções da receita bruta', nature: 'expense', children: leaves('expense', '5.1', ['Impostos sobre vendas', 'Devoluções e abatimentos']) },
      { code: '5.2', name: 'Custos das mercadorias e serviços', nature: 'expense', children: leaves('expense', '5.2', ['Custo das mercadorias vendidas', 'Custo dos serviços prestados']) },
      {
        code: '5.3',
        name: 'Despesas operacionais',
        nature: 'expense',
        children: leaves('expense', '5.3', ['Despesas com pessoal', 'Despesas administrativas', 'Despesas comerciais', 'Despesas tributárias']),
      },
      { code: '5.4', name: 'Despesas financeiras', nature: 'expense', children: leaves('expense', '5.4', ['Tarifas bancárias', 'Juros e multas pagos']) },
      { code: '5.5', name: 'Provisão para IR e CSLL', nature: 'expense', children: leaves('expense', '5.5', ['IRPJ', 'CSLL']) },
    ],
  },
];

const lines = (dreLine: DreLine, prefix: string, names: string[]): CategoryNode[] =>
  names.map((name, index) => ({ code: `${prefix}.${String(index + 1).padStart(2, '0')}`, name, dreLine }));

export const STANDARD_REVENUE_CATEGORIES: CategoryNode[] = [
  { code: '1', name: 'Receita bruta', dreLine: 'grossRevenue', children: lines('grossRevenue', '1', ['Venda de mercadorias', 'Prestação de serviços']) },
  { code: '2', name: 'Receitas financeiras', dreLine: 'financialResult', children: lines('financialResult', '2', ['Rendimentos de aplicações', 'Juros recebidos', 'Descontos obtidos']) },
];

export const STANDARD_EXPENSE_CATEGORIES: CategoryNode[] = [
  { code: '1', name: 'Deduções da receita', dreLine: 'deductions', children: lines('deductions', '1', ['Impostos sobre vendas (ICMS, ISS, PIS, COFINS)', 'Devoluções e abatimentos']) },
  { code: '2', name: 'Custos', dreLine: 'costs', children: lines('costs', '2', ['Mercadorias para revenda', 'Matéria-prima e insumos', 'Serviços de terceiros na produção', 'Fretes sobre compras']) },
  {
    code: '3',
    name: 'Despesas com pessoal',
    dreLine: 'operatingExpenses',
    children: lines('operatingExpenses', '3', ['Salários', 'Encargos sociais (INSS e FGTS)', 'Benefícios', 'Pró-labore']),
  },
  {
    code: '4',
    name: 'Despesas administrativas',
    dreLine: 'operatingExpenses',
    children: lines('operatingExpenses', '4', ['Aluguel e condomínio', 'Energia, água e telefone', 'Material de escritório', 'Serviços contábeis e jurídicos', 'Sistemas e tecnologia']),
  },
  { code: '5', name: 'Despesas comerciais', dreLine: 'operatingExpenses', children: lines('operatingExpenses', '5', ['Marketing e publicidade', 'Comissões sobre vendas', 'Fretes sobre vendas']) },
  { code: '6', name: 'Despesas financeiras', dreLine: 'financialResult', children: lines('financialResult', '6', ['Tarifas bancárias', 'Juros e multas pagos', 'IOF']) },
  { code: '7', name: 'IR e CSLL', dreLine: 'incomeTax', children: lines('incomeTax', '7', ['IRPJ', 'CSLL']) },
];

/** Number of nodes of a tree (the figures the action answers). */
export const countNodes = (nodes: { children?: unknown[] }[]): number =>
  nodes.reduce((total, node) => total + 1 + countNodes((node.children ?? []) as { children?: unknown[] }[]), 0);

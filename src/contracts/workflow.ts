/**
 * Workflow of a resource (ARCHITECTURE "the spine"; DOMAIN "each arrow is an action with its own
 * permission scope"): the states of its status field, the fields each state locks, and the
 * transitions between them. Data only. From one declaration:
 * - the server generates `POST {path}/{id}/actions/{transition}` (body = the transition's
 *   `input`, header `If-Match` required), answers 409 with a pt-BR reason when the record is not
 *   in one of the transition's `from` states, and writes the new status, a status-history row
 *   and an audit entry in one transaction; `GET {path}/{id}/history` lists the history;
 * - every read carries `_actions`: the transitions the caller may run now (state and scope), so
 *   the client shows exactly the buttons the server allows;
 * - the client shows the state as a badge and the history as a timeline.
 */
import type * as z from 'zod/mini';
import { ruleKit, type Rule, type RuleKit } from './validation/rules';
import type { Scope } from './resource';

export const TONES = ['neutral', 'info', 'warning', 'success', 'danger'] as const;
export type Tone = (typeof TONES)[number];

/**
 * Where a state stands in the record's life, so that generic code and SQL ask for phases instead of
 * spelling lists of states: `draft` (still its author's: being prepared, or sent back), `open`
 * (under way: in approval, in a queue, awaiting payment), `done` (finished: paid, fulfilled) and
 * `void` (cancelled). "Still open" is `draft` + `open`.
 */
export const PHASES = ['draft', 'open', 'done', 'void'] as const;
export type Phase = (typeof PHASES)[number];
export const LIVE_PHASES: readonly Phase[] = ['draft', 'open'];

export interface WorkflowState {
  /** pt-BR label ("Enviado"). */
  label: string;
  tone: Tone;
  phase: Phase;
  /** Writable fields that cannot change in this state (`'all'`: the record is read-only). */
  locked?: 'all' | readonly string[];
  /** pt-BR refusal (409) for a delete in this state, when the workflow's `deletable` leaves it out (default: a generic one). */
  deleteRefusal?: string;
  /** pt-BR refusal (409) for a change of a field `locked` holds (default: "<record> <state>: não é possível alterar <fields>."). */
  lockedRefusal?: string;
}

export interface Transition<S extends string = string> {
  /** URL segment: `{id}/actions/{name}`. */
  name: string;
  /** pt-BR button text ("Enviar para aprovação"). */
  label: string;
  /** pt-BR verb for the refusal ("enviar" → "Não é possível enviar um pedido cancelado."). */
  verb: string;
  from: readonly S[];
  to: S;
  /** Scope on the resource's permission name. */
  scope: Scope;
  /** Body of the action, a rule of the kit (`reasonInput`); default: an empty object. Strict: unknown keys refused. */
  input?: Rule<z.ZodMiniObject<z.core.$ZodLooseShape>>;
  /** Inputs that start from a field of the record (the baixa's `amount` from the parcela's `openBalance`). */
  inputFrom?: Readonly<Record<string, string>>;
  /** Ask before running (pt-BR question). */
  confirm?: string;
  /** The question on a selection (plural), when `confirm` speaks of one record. */
  bulkConfirm?: string;
  tone?: 'primary' | 'danger';
  /** Only the caller who created the record may run it (a requester submits their own pedido). */
  ownerOnly?: boolean;
  /** Run by the server itself (the approval service), never offered to a user nor routed. */
  system?: boolean;
  /**
   * A user's transition fired through a hand-written route of the resource (an import's mapping
   * and run: the route checks the scope and does the rest of the work): no generated route, not
   * in `_actions`, but the actor is the caller and history and audit are written as for any other.
   */
  ownRoute?: boolean;
  /**
   * Scope checked on this permission instead of the resource's: the requester confirms a parcela
   * through `requesterQueue`, treasury authorises it through `paymentQueue`.
   */
  permission?: string;
  /** Only the user this field of the record names may run it (the parcela's requester confirms receipt). */
  actorField?: string;
  /** The user this field names may not run it ("nobody approves what they created"), with the pt-BR refusal (403). */
  notActor?: { field: string; message: string };
  /**
   * A field of the record that must hold a positive amount (an estorno needs a baixa) or be true (a
   * payment the bank left unanswered): otherwise the transition is not offered, and running it is a
   * 409 with `message`.
   */
  requires?: { field: string; message: string };
  /** Also offered on a selection: `POST {path}/bulk/{name}` with `{ids, input}`; each record in its own transaction. */
  bulk?: boolean;
  /**
   * Moves money: the route honours `Idempotency-Key` (the same key and body replayed returns the
   * first answer and changes nothing; the same key with another body is a 422).
   */
  idempotent?: boolean;
}

/**
 * How a workflow plugs into the approval service (filas de aprovação): which transition sends the
 * record to its queue, which system transitions end the flow, and which field changes void an
 * approval (DOMAIN: "editing an amount, supplier or payment data after approval voids it").
 */
export interface ApprovalPlug<S extends string = string> {
  /** The transition that routes the record to the queue its triggers pick (its `to` is the waiting state). */
  submit: string;
  /** System transitions run when the flow is approved / rejected (the reject takes `reason`). */
  approve: string;
  reject: string;
  /**
   * Money field compared with the triggers' amount range. None (a change of bank data): the flow
   * carries no amount (shown as "—") and a trigger with an amount range never takes the record.
   */
  amount?: string;
  /** Reference fields compared with the triggers (trigger key → field of the record). */
  dimensions?: Readonly<Partial<Record<'costCenterId' | 'departmentId' | 'supplierId', string>>>;
  /** A change of any of these in one of `restartFrom` voids the approval and starts the flow again. */
  watched: readonly string[];
  restartFrom: readonly S[];
  /**
   * States after an approval in which a watched change is allowed but waits for the next `submit`
   * (a parcela at its requester's atesto or in the payment queue): the record names who changed it
   * (`changedBy`), its history shows before → after, and that submit is never approved
   * automatically when an approval covered the record before (its own, or its `coveredBy` parent's).
   */
  frozenFrom?: readonly S[];
  /** Read-only reference field (users) naming who changed watched data after approval; cleared by the next approval. */
  changedBy?: string;
  /** The parent whose approval covered this record (a parcela's lançamento): its reference field and resource. */
  coveredBy?: { field: string; resource: string };
  /** pt-BR subject of the approval e-mails ("O pagamento"); default: the declaration's one-label with its article. */
  noun?: string;
  /**
   * The history note when no queue applies and the record goes straight to `approve`'s state
   * (default: "Aprovado automaticamente…"); `null` for none, when the submit itself is the
   * approval (a treasurer authorising a payment).
   */
  autoNote?: string | null;
  /**
   * The approval applies only while this field of the record holds one of `values` (a divergent
   * faturamento); otherwise the submit goes straight to `approve`'s state with `skipNote`.
   */
  appliesWhen?: { field: string; values: readonly string[]; skipNote: string };
  /**
   * When the approval applies and no queue takes the record, the submit is refused (409) with this
   * message instead of being approved automatically: a divergence always needs someone's approval.
   */
  noQueue?: string;
}

export interface Workflow<S extends string = string> {
  /** The record's status field (a read-only `enum` of the declaration). */
  field: string;
  /** The state of a new record. */
  initial: S;
  states: Readonly<Record<S, WorkflowState>>;
  transitions: readonly Transition<S>[];
  approval?: ApprovalPlug<S>;
  /** States in which a record may be deleted (default: only `initial`; an import's history is deleted once done). */
  deletable?: readonly S[];
}

/** The labels of a workflow's states, for the declaration's read-only status `enumOf`. */
export const stateLabels = <S extends string>(states: readonly S[], workflow: { states: Readonly<Record<S, { label: string }>> }) =>
  Object.fromEntries(states.map((state) => [state, workflow.states[state].label])) as Record<S, string>;

/** Checks a workflow's names against its states (identity at run time). */
export const defineWorkflow = <S extends string>(workflow: Workflow<S>): Workflow<S> => workflow;

export type AnyWorkflow = Workflow<string>;

/** Key of the allowed transitions on every read of a workflow resource. */
export const ACTIONS_KEY = '_actions';

export function findTransition(workflow: AnyWorkflow, name: string): Transition | undefined {
  return workflow.transitions.find((t) => t.name === name);
}

/** The permission a transition's scope is checked on. */
export const transitionPermission = (transition: Transition, resourcePermission: string) => transition.permission ?? resourcePermission;

/** The states of the workflow in any of `phases`, in declaration order. */
export function statesIn(workflow: AnyWorkflow, phases: readonly Phase[]): string[] {
  return Object.entries(workflow.states)
    .filter(([, state]) => phases.includes(state.phase))
    .map(([name]) => name);
}

/** Transitions a user may offer (generated routes, `_actions`): not system ones, nor those of a hand-written route. */
export const userTransitions = (workflow: AnyWorkflow) => workflow.transitions.filter((t) => !t.system && !t.ownRoute);

const inputSchemas = new WeakMap<Transition, z.ZodMiniObject<z.core.$ZodLooseShape>>();

/** The transition's input schema, built once (needs the kit: `validation/provide`); null without inputs. */
export function inputSchema(transition: Transition): z.ZodMiniObject<z.core.$ZodLooseShape> | null {
  if (!transition.input) return null;
  let schema = inputSchemas.get(transition);
  if (!schema) inputSchemas.set(transition, (schema = transition.input(ruleKit())));
  return schema;
}

/** Writable fields the state locks (every writable one for `'all'`). */
export function lockedFields(workflow: AnyWorkflow, state: string, writable: readonly string[]): string[] {
  const locked = workflow.states[state]?.locked;
  if (!locked) return [];
  return locked === 'all' ? [...writable] : locked.filter((field) => writable.includes(field));
}

/** "Não é possível enviar um pedido cancelado." */
export function transitionRefusal(transition: Transition, stateLabel: string, one: string, gender: 'm' | 'f'): string {
  const article = gender === 'f' ? 'uma' : 'um';
  const state = gender === 'f' ? feminine(stateLabel) : stateLabel;
  return `Não é possível ${transition.verb} ${article} ${one.toLowerCase()} ${state.toLowerCase()}.`;
}

/** "Cancelado" → "Cancelada": the participle that opens the label ("Na fila de pagamento" stays). */
const feminine = (label: string) => label.replace(/^(\S+?)o(s?)(?=\s|$)/, '$1a$2');

/** Common inputs: a reason of 3 to 500 characters. */
export const REASON = { min: 3, max: 500, required: 'Informe o motivo.', tooLong: 'Use no máximo 500 caracteres.' } as const;
export const reasonRule = ({ z }: Pick<RuleKit, 'z'>) => z.string().check(z.trim(), z.minLength(REASON.min, REASON.required), z.maxLength(REASON.max, REASON.tooLong));
export const reasonInput = (kit: Pick<RuleKit, 'z'>) => kit.z.object({ reason: reasonRule(kit) });

export type { HistoryEntry } from './workflowSchemas';

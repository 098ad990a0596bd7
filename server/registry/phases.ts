/** SQL over workflow phases: "still open" is a phase of the declaration, never a list of states spelled here. */
import { sql, type RawBuilder } from 'kysely';
import { statesIn, type AnyWorkflow, type Phase } from '../../src/contracts/workflow.js';

/** `column IN (the workflow's states of these phases)`. */
export function inPhases(column: RawBuilder<unknown>, workflow: AnyWorkflow, phases: readonly Phase[]): RawBuilder<unknown> {
  return sql`${column} IN (${sql.join(statesIn(workflow, phases))})`;
}

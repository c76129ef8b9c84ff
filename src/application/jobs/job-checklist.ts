import type { AuthState } from '../../domain/auth/permissions.ts';
import { addChecklistItem, removeChecklistItem, tickChecklistItem, type Job } from '../../domain/jobs/job.ts';
import { auditJob, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export type ChecklistChange = { action: 'add'; text: string } | { action: 'tick'; itemId: string; done: boolean } | { action: 'remove'; itemId: string };

/** Adds, ticks or removes a checklist item (needs editJobs; employees tick from their dashboard). */
export async function changeChecklist(deps: JobDeps, auth: AuthState, id: string, change: ChecklistChange): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  let text = '';
  const { after } = await deps.jobs.update(id, (job) => {
    const at = deps.clock.now().toISOString();
    if (change.action === 'add') return addChecklistItem(job, deps.ids.next(), change.text, at);
    text = job.checklist.find((c) => c.id === change.itemId)?.text ?? '';
    if (change.action === 'tick') return tickChecklistItem(job, change.itemId, change.done, actor.name, at);
    return removeChecklistItem(job, change.itemId, at);
  });
  const field = `checklist:${change.action === 'add' ? change.text.trim() : text}`.slice(0, 200);
  const [from, to] = change.action === 'add' ? [null, 'added'] : change.action === 'remove' ? ['present', null] : [!change.done, change.done];
  // Unticking is its own action, so the history says "unticked", not "ticked".
  const action = change.action === 'tick' && !change.done ? 'checklist-untick' : `checklist-${change.action}`;
  await auditJob(deps, actor, id, action, [{ field, from, to }]);
  return after;
}

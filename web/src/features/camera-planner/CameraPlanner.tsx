import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { useCan } from '../auth/session.ts';
import { NewPlanForm } from './NewPlanForm.tsx';
import { PlanEditor } from './PlanEditor.tsx';
import { PlanList } from './PlanList.tsx';
import { PLANS_KEY } from './queries.ts';
import { Button } from '#ui/Button.tsx';

/** /admin/camera-planner: the plans list, or one plan in the editor (?plan=id). */
export function CameraPlanner(props: { planId: string | undefined; onPlan(id: string | undefined): void }) {
  const canEdit = useCan('editProposals');
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  return (
    <section>
      <PageHeading title="Camera placement planner">Design camera coverage on a floor plan: walls that block the view, DORI zones and live coverage.</PageHeading>
      {props.planId ? (
        <PlanEditor id={props.planId} onClose={() => props.onPlan(undefined)} />
      ) : (
        <>
          {canEdit && !creating && (
            <Button className="mb-4" onClick={() => setCreating(true)}>
              <Plus aria-hidden className="h-4 w-4" /> New plan
            </Button>
          )}
          {creating && canEdit && (
            <section className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label="New plan">
              <h2 className="mb-3 text-lg font-semibold">New plan</h2>
              <NewPlanForm
                onDone={(created) => {
                  setCreating(false);
                  if (created) {
                    void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
                    props.onPlan(created.id);
                  }
                }}
              />
            </section>
          )}
          <PlanList onOpen={(id) => props.onPlan(id)} />
        </>
      )}
    </section>
  );
}

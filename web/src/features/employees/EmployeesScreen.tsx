import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { EMPLOYMENT_STATUS_VALUES, type EmployeeDto, type EmploymentStatusValue } from '#contracts/employees.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { useCursorPages } from '#ui/DataTable.tsx';
import { EmployeeTable } from './EmployeeTable.tsx';
import { EmployeeForm, DISCARD_QUESTION } from './EmployeeForm.tsx';
import { AuditHistory } from './AuditHistory.tsx';
import { DeactivateButton } from './DeactivateButton.tsx';
import { EMPLOYEE_LIST_START, employeeListQuery, employeeQuery, useCreateEmployee, useUpdateEmployee } from './queries.ts';
import { STATUS_LABELS } from './labels.ts';
import { Options } from '#ui/Options.tsx';
import { FormError } from '#ui/FormError.tsx';

type Panel = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; id: string };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The employee database: list with search, status filter, sort and paging; a panel to create or edit. */
export function EmployeesScreen() {
  const uid = useId();
  const [search, setSearch] = useState<string>(EMPLOYEE_LIST_START.q);
  const [status, setStatus] = useState<EmploymentStatusValue | ''>(EMPLOYEE_LIST_START.status);
  const [sort, setSort] = useState<string>(EMPLOYEE_LIST_START.sort);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const dirty = useRef(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const q = useDebounced(search, 250);

  // Back to the first page whenever the search, filter or order change.
  const pages = useCursorPages({ q, status, sort });
  const list = useQuery(employeeListQuery({ q, status, sort, limit: EMPLOYEE_LIST_START.limit, cursor: pages.cursor }));

  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const open = useCallback((next: Panel) => {
    if (dirty.current && !window.confirm(DISCARD_QUESTION)) return;
    dirty.current = false;
    setPanel(next);
  }, []);
  const openEmployee = useCallback((id: string) => open({ kind: 'edit', id }), [open]);

  useEffect(() => {
    if (panel.kind !== 'none') panelHeading.current?.focus();
  }, [panel]);

  return (
    <div className="grid gap-6">
      <PageHeading title="Employee database">Staff, their status and what each may see and change.</PageHeading>

      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-[14rem] flex-1">
          <label htmlFor={`${uid}-search`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Search
          </label>
          <div className="relative mt-1">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
            <input
              id={`${uid}-search`}
              type="search"
              value={search}
              placeholder="Name, e-mail or title"
              onChange={(e) => setSearch(e.target.value)}
              className="block w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${uid}-status`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Status
          </label>
          <select
            id={`${uid}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as EmploymentStatusValue | '')}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">All</option>
            <Options values={EMPLOYMENT_STATUS_VALUES} labels={STATUS_LABELS} />
          </select>
        </div>
        <button
          type="button"
          onClick={() => open({ kind: 'new' })}
          className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <Plus aria-hidden className="h-4 w-4" /> New employee
        </button>
      </div>

      <FormError error={list.error} />
      <EmployeeTable
        rows={list.data?.items ?? []}
        loading={list.isPending}
        sort={sort}
        onSortChange={setSort}
        selectedId={panel.kind === 'edit' ? panel.id : null}
        onOpen={openEmployee}
        emptyText={q || status ? 'No employees match the search.' : 'No employees yet. Add the first with “New employee”.'}
      />
      <nav aria-label="Employee pages" className="flex items-center justify-between text-sm">
        <span className="text-slate-600 dark:text-slate-400" aria-live="polite">
          Page {pages.page + 1}
          {list.isFetching && !list.isPending ? ' · updating…' : ''}
        </span>
        <span className="flex gap-2">
          <button
            type="button"
            disabled={pages.page === 0}
            onClick={pages.previous}
            className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700"
          >
            Previous
          </button>
          <button
            type="button"
            disabled={!list.data?.nextCursor}
            onClick={() => list.data?.nextCursor && pages.next(list.data.nextCursor)}
            className="rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-700"
          >
            Next
          </button>
        </span>
      </nav>

      {panel.kind !== 'none' && (
        <section aria-labelledby={`${uid}-panel`} className="grid gap-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h2 id={`${uid}-panel`} ref={panelHeading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none dark:text-white">
            {panel.kind === 'new' ? 'New employee' : 'Edit employee'}
          </h2>
          {panel.kind === 'new' ? (
            <CreatePanel onDirtyChange={setDirty} onDone={(e) => setPanel(e ? { kind: 'edit', id: e.id } : { kind: 'none' })} onCancel={() => open({ kind: 'none' })} />
          ) : (
            <EditPanel key={panel.id} id={panel.id} onDirtyChange={setDirty} onCancel={() => open({ kind: 'none' })} />
          )}
        </section>
      )}
    </div>
  );
}

function CreatePanel(props: { onDirtyChange: (d: boolean) => void; onDone: (e: EmployeeDto | null) => void; onCancel: () => void }) {
  const create = useCreateEmployee();
  return <EmployeeForm employee={null} onSubmit={(v) => create.mutateAsync(v)} onSaved={(e) => props.onDone(e)} onCancel={props.onCancel} onDirtyChange={props.onDirtyChange} />;
}

function EditPanel(props: { id: string; onDirtyChange: (d: boolean) => void; onCancel: () => void }) {
  const { data, isPending, isError, error } = useQuery(employeeQuery(props.id));
  const update = useUpdateEmployee(props.id);
  const [saved, setSaved] = useState<string | null>(null);
  if (isPending) return <p role="status">Loading employee…</p>;
  if (isError) return <p role="alert">{error.message}</p>;
  return (
    <>
      {saved && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {saved}
        </p>
      )}
      <EmployeeForm
        key={data.updatedAt}
        employee={data}
        onSubmit={(v) => update.mutateAsync(v)}
        onSaved={(e) => setSaved(`Saved changes to ${e.name}.`)}
        onCancel={props.onCancel}
        onDirtyChange={props.onDirtyChange}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Status: <strong>{STATUS_LABELS[data.employmentStatus]}</strong>
        </p>
        <DeactivateButton employee={data} onDone={(e) => setSaved(`${e.name} is now inactive.`)} />
      </div>
      <AuditHistory employeeId={data.id} />
    </>
  );
}

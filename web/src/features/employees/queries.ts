import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuditListDto } from '#contracts/audit.ts';
import type {
  EmployeeCreate,
  EmployeeDto,
  EmployeePageDto,
  EmployeeUpdateInput,
  EmploymentStatusValue,
} from '#contracts/employees.ts';
import { apiFetch } from '#lib/api.ts';

export interface EmployeeListParams {
  q: string;
  status: EmploymentStatusValue | '';
  sort: string;
  limit: number;
  cursor: string | null;
}

/** Every employee query starts with 'employees', so one prefix invalidates them all after a write. */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (p: EmployeeListParams) => ['employees', 'list', p] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  audit: (id: string) => ['employees', 'audit', id] as const,
};

export function employeeListQuery(p: EmployeeListParams) {
  const search = new URLSearchParams({ sort: p.sort, limit: String(p.limit) });
  if (p.q.trim()) search.set('q', p.q.trim());
  if (p.status) search.set('status', p.status);
  if (p.cursor) search.set('cursor', p.cursor);
  return queryOptions({
    queryKey: employeeKeys.list(p),
    queryFn: () => apiFetch<EmployeePageDto>(`/api/employees?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export const employeeQuery = (id: string) =>
  queryOptions({ queryKey: employeeKeys.detail(id), queryFn: () => apiFetch<EmployeeDto>(`/api/employees/${encodeURIComponent(id)}`) });

export const employeeAuditQuery = (id: string) =>
  queryOptions({ queryKey: employeeKeys.audit(id), queryFn: () => apiFetch<AuditListDto>(`/api/employees/${encodeURIComponent(id)}/audit`) });

function useInvalidateEmployees() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: employeeKeys.all });
}

export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (body: EmployeeCreate) => apiFetch<EmployeeDto>('/api/employees', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (body: EmployeeUpdateInput) => apiFetch<EmployeeDto>(`/api/employees/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    onSuccess: invalidate,
  });
}

export function useDeactivateEmployee(id: string) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: () => apiFetch<EmployeeDto>(`/api/employees/${encodeURIComponent(id)}/deactivate`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** The list as the employee database first shows it: everyone, by name, one page. */
export const EMPLOYEE_LIST_START = { q: '', status: '', sort: 'name', limit: 20, cursor: null } as const;

/** What /admin/employees shows first (the route loader starts it beside the code). */
export const prefetchEmployeeScreen = (qc: QueryClient) => qc.prefetchQuery(employeeListQuery(EMPLOYEE_LIST_START));

import { EXTRA_PERMISSION_SWITCHES, PERMISSION_AREAS, permissionLabel, type PermissionKey } from '#contracts/employees.ts';
import { setPermission, type Permissions } from '#domain/auth/permissions.ts';

function Switch(props: { name: PermissionKey; text: string; checked: boolean; onToggle: (name: PermissionKey) => void; disabled?: boolean }) {
  const label = permissionLabel(props.name);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-label={label}
      disabled={props.disabled}
      onClick={() => props.onToggle(props.name)}
      className="group inline-flex items-center gap-2 rounded-md px-1 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
    >
      <span
        aria-hidden
        className={`relative inline-block h-5 w-9 rounded-full transition-colors ${props.checked ? 'bg-blue-700' : 'bg-slate-300 dark:bg-slate-600'}`}
      >
        <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${props.checked ? 'left-4.5' : 'left-0.5'}`} />
      </span>
      <span className="text-slate-800 dark:text-slate-200">{props.text}</span>
    </button>
  );
}

/**
 * The ten view/edit switches by area, plus the extra ones. Flipping one goes through the domain's
 * `setPermission`, so turning edit on turns view on and turning view off turns edit off.
 */
export function PermissionSwitches(props: { value: Permissions; onChange: (next: Permissions) => void; disabled?: boolean }) {
  const toggle = (key: PermissionKey) => props.onChange(setPermission(props.value, key, !props.value[key]));
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Permissions</legend>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Edit includes view. Changes apply on the person's next request.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {PERMISSION_AREAS.map((a) => (
          <div key={a.area} role="group" aria-labelledby={`perm-${a.area}`} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900">
            <span id={`perm-${a.area}`} className="font-medium text-slate-900 dark:text-slate-100">
              {a.label}
            </span>
            <span className="flex gap-3">
              <Switch name={a.view} text="View" checked={props.value[a.view]} onToggle={toggle} disabled={props.disabled} />
              <Switch name={a.edit} text="Edit" checked={props.value[a.edit]} onToggle={toggle} disabled={props.disabled} />
            </span>
          </div>
        ))}
        {EXTRA_PERMISSION_SWITCHES.map((s) => (
          <div key={s.key} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900">
            <span className="font-medium text-slate-900 dark:text-slate-100">Vision AI</span>
            <Switch name={s.key} text="Allowed" checked={props.value[s.key]} onToggle={toggle} disabled={props.disabled} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import {
  CATEGORY_LABELS,
  DIRECTION_LABELS,
  MOVEMENT_KIND_LABELS,
  SERIAL_STATUS_LABELS,
  type ItemViewResponse,
  type SerialDto,
} from "#contracts/inventory.ts";
import { History } from "#ui/History.tsx";
import { itemQuery, serialQuery, useReverseMovement } from "./queries.ts";
import type { StockMovementDto } from "#contracts/inventory.ts";
import { FormError } from "#ui/FormError.tsx";
import { formatDateTime as formatWhen } from "#ui/dates.ts";
import { ItemForm } from "./ItemForm.tsx";
import { MovementForm } from "./MovementForm.tsx";
import { LowStockBadge } from "./StockBadge.tsx";
import { Button } from "#ui/Button.tsx";
import { SidePanel } from "#ui/SidePanel.tsx";
import { formatCents, useMoneySettings } from "#ui/money.ts";
import { stacked, stackedCell } from "#ui/stacked-table.ts";
import { inputClass } from "#ui/styles.ts";

type Mode = "view" | "edit" | "move";

/** The item drawer: stock, details, movement history and serial numbers; edit controls only for editors. */
export function ItemDetail(props: {
  id: string;
  canEdit: boolean;
  onClose: () => void;
}) {
  useMoneySettings();
  const view = useQuery(itemQuery(props.id));
  const [mode, setMode] = useState<Mode>("view");
  const [serial, setSerial] = useState<string | null>(null);
  const [reversing, setReversing] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [props.id]);

  const data = view.data;
  const item = data?.item;
  return (
    <SidePanel
      onClose={props.onClose}
      closable={mode === "view"}
      width="max-w-2xl"
      labelledBy="item-detail-title"
      ref={panel}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id="item-detail-title" className="text-2xl font-bold">
          {item ? item.name : "Loading…"}
          {item?.lowStock && <LowStockBadge />}
        </h2>
        <button
          type="button"
          aria-label="Close"
          className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={props.onClose}
        >
          <X aria-hidden className="h-6 w-6" />
        </button>
      </div>
      {view.isPending && <p role="status">Loading item…</p>}
      {view.isError && (
        <p role="alert" className="text-red-700">
          {view.error.message}
        </p>
      )}
      {item && data && (
        <>
          <dl
            className="mb-4 grid grid-cols-3 gap-3 text-center"
            aria-label="Stock"
          >
            {(
              [
                ["On hand", item.onHand],
                ["Reserved", item.reserved],
                ["Available", item.available],
              ] as const
            ).map(([label, value]) => (
              <div
                key={label}
                className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900"
              >
                <dt className="text-xs uppercase text-slate-500">{label}</dt>
                <dd
                  className="text-2xl font-bold tabular-nums"
                  data-testid={`stock-${label.toLowerCase().replace(" ", "-")}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-mono">{item.sku}</span> ·{" "}
            {CATEGORY_LABELS[item.category]} · cost{" "}
            {formatCents(item.unitCostCents)} · price{" "}
            {formatCents(item.unitPriceCents)} · reorder at {item.reorderPoint}{" "}
            (+{item.reorderQuantity}){item.supplier && ` · ${item.supplier}`}
            {item.serialized && " · serial-tracked"}
            {item.camera &&
              ` · ${item.camera.horizontalResolutionPx} px${item.camera.horizontalFovDeg !== null ? `, ${item.camera.horizontalFovDeg}° FOV` : ""}${item.camera.focalLengthMm !== null ? `, ${item.camera.focalLengthMm} mm lens` : ""}`}
          </p>
          {data.reorder && (
            <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              Suggested order: {data.reorder.quantity} units (
              {formatCents(data.reorder.costCents)}).
            </p>
          )}
          {props.canEdit && mode === "view" && (
            <div className="mb-6 flex gap-2">
              <Button onClick={() => setMode("move")}>Record movement</Button>
              <Button variant="secondary" onClick={() => setMode("edit")}>
                Edit item
              </Button>
            </div>
          )}
          {props.canEdit && mode === "edit" && (
            <section className="mb-6">
              <ItemForm item={item} onDone={() => setMode("view")} />
            </section>
          )}
          {props.canEdit && mode === "move" && (
            <section className="mb-6">
              <MovementForm item={item} onDone={() => setMode("view")} />
            </section>
          )}

          <h3 className="mb-2 text-lg font-semibold">Movements</h3>
          {reversing && data.movements.items.some((m) => m.id === reversing) && (
            <ReverseMovement
              itemId={item.id}
              onHand={item.onHand}
              movement={data.movements.items.find((m) => m.id === reversing)!}
              labels={data.labels}
              onDone={() => setReversing(null)}
            />
          )}
          {data.movements.items.length === 0 ? (
            <p className="mb-6 text-sm text-slate-500">No movements yet.</p>
          ) : (
            // On a phone each movement is a card of "label … value" lines (the kit's stacked table).
            <table className={`mb-6 ${stacked.table}`} aria-label="Movements">
              <thead className={stacked.head}>
                <tr className="text-left">
                  <th className="py-1 pr-2">When</th>
                  <th className="py-1 pr-2">Movement</th>
                  <th className="py-1 pr-2 text-right">Change</th>
                  <th className="py-1 pr-2 text-right">On hand</th>
                  <th className="py-1 pr-2">Reference</th>
                  <th className="py-1">Who</th>
                </tr>
              </thead>
              <tbody className={stacked.body}>
                {data.movements.items.map((m) => (
                  <tr key={m.id} className={`border-t border-slate-100 align-top dark:border-slate-800 ${stacked.row}`}>
                    <td {...stackedCell(undefined, 'py-1 pr-2 whitespace-nowrap max-sm:font-medium')}>{formatWhen(m.at)}</td>
                    <td {...stackedCell('Movement', 'py-1 pr-2')}>
                      {MOVEMENT_KIND_LABELS[m.kind]}
                      {m.direction && ` ${DIRECTION_LABELS[m.direction]}`}
                      {m.reverses && <div className="text-xs text-slate-500">of {describe(data.movements.items, m.reverses)}</div>}
                      {m.reversedBy && (
                        <div className="text-xs font-semibold text-amber-800 dark:text-amber-300">Reversed{reversalAt(data.movements.items, m.reversedBy)}</div>
                      )}
                      {m.reason && <div className="text-xs text-slate-500">{m.reason}</div>}
                      {m.serials.length > 0 && <div className="font-mono text-xs text-slate-500">{m.serials.join(', ')}</div>}
                      {props.canEdit && mode === "view" && m.kind !== "reverse" && !m.reversedBy && (
                        <Button size="sm" variant="secondary" className="mt-1" aria-label={`Reverse: ${MOVEMENT_KIND_LABELS[m.kind]}, ${formatWhen(m.at)}`} onClick={() => setReversing(m.id)}>
                          Reverse
                        </Button>
                      )}
                    </td>
                    <td {...stackedCell('Change', 'py-1 pr-2 text-right tabular-nums')}>
                      {m.onHandDelta !== 0 ? (m.onHandDelta > 0 ? `+${m.onHandDelta}` : m.onHandDelta) : `${m.reservedDelta > 0 ? '+' : ''}${m.reservedDelta} res.`}
                    </td>
                    <td {...stackedCell('On hand', 'py-1 pr-2 text-right tabular-nums')}>{m.onHandAfter}</td>
                    <td {...stackedCell('Reference', 'py-1 pr-2 [overflow-wrap:anywhere]')}>
                      <References labels={data.labels} r={m} />
                    </td>
                    <td {...stackedCell('Who', 'py-1')}>{m.actorName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          {item.serialized && (
            <>
              <h3 className="mb-2 text-lg font-semibold">Serial numbers</h3>
              {data.serials.length === 0 ? (
                <p className="text-sm text-slate-500">
                  No serial numbers received yet.
                </p>
              ) : (
                <ul
                  className="mb-4 flex flex-wrap gap-2"
                  aria-label="Serial numbers"
                >
                  {data.serials.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className={`rounded-md border px-2 py-1 font-mono text-xs ${serial === s.serial ? "border-blue-600 bg-blue-50 dark:bg-blue-950" : "border-slate-300 dark:border-slate-700"}`}
                        onClick={() => setSerial(s.serial)}
                        aria-pressed={serial === s.serial}
                      >
                        {s.serial} · {SERIAL_STATUS_LABELS[s.status]}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {serial && <SerialHistory itemId={item.id} serial={serial} />}
            </>
          )}

          <h3 className="mt-6 mb-2 text-lg font-semibold">History</h3>
          <ItemHistory entries={data.history} />
        </>
      )}
    </SidePanel>
  );
}

function SerialHistory(props: { itemId: string; serial: string }) {
  const q = useQuery(serialQuery(props.itemId, props.serial));
  if (q.isPending) return <p role="status">Loading history…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  const s: SerialDto = q.data;
  return (
    <section
      aria-label={`History of ${s.serial}`}
      className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      <h4 className="mb-2 font-semibold">
        {s.serial}: {SERIAL_STATUS_LABELS[s.status]}
        {s.jobId && ` — installed on ${named(s.labels, s.jobId)}`}
        {s.siteId && ` at ${named(s.labels, s.siteId)}`}
      </h4>
      <ol className="list-decimal pl-5">
        {s.history.map((h) => (
          <li key={h.movementId}>
            {formatWhen(h.at)}:{" "}
            {MOVEMENT_KIND_LABELS[
              h.kind as keyof typeof MOVEMENT_KIND_LABELS
            ] ?? h.kind}{" "}
            → {SERIAL_STATUS_LABELS[h.status]}
            {references(s.labels, h).map((t) => ` · ${t}`)}
            {` (${h.actorName})`}
          </li>
        ))}
      </ol>
    </section>
  );
}

type Labels = Readonly<Record<string, string>> | undefined;
/** A referenced record by its label; a reference typed by hand that names no record reads as typed. */
const named = (labels: Labels, id: string) => labels?.[id] ?? id;

/** A movement's references with the job as a link to it (the job board opens its drawer). */
function References(props: { labels: Labels; r: Parameters<typeof references>[1] }) {
  const { labels, r } = props;
  const rest = references(labels, { ...r, jobId: null });
  if (!r.jobId) return <>{rest.join(" · ")}</>;
  return (
    <>
      Job{" "}
      {labels?.[r.jobId] ? (
        <a className="text-blue-700 underline dark:text-blue-300" href={`/admin/jobs?job=${encodeURIComponent(r.jobId)}`}>
          {labels[r.jobId]}
        </a>
      ) : (
        r.jobId
      )}
      {rest.map((t) => ` · ${t}`)}
    </>
  );
}

/** "Used on a job, Nov 25, 2026, 6:05 PM" for a movement in the list (the original of a reversal). */
function describe(items: readonly StockMovementDto[], id: string): string {
  const m = items.find((x) => x.id === id);
  return m ? `${MOVEMENT_KIND_LABELS[m.kind].toLowerCase()}, ${formatWhen(m.at)}` : "an earlier movement";
}

const reversalAt = (items: readonly StockMovementDto[], id: string): string => {
  const r = items.find((x) => x.id === id);
  return r ? ` ${formatWhen(r.at)} by ${r.actorName}` : "";
};

/** Asks before reversing: what the movement was, what stock becomes, and why (optional). */
function ReverseMovement(props: { itemId: string; onHand: number; movement: StockMovementDto; labels: Labels; onDone: () => void }) {
  const m = props.movement;
  const reverse = useReverseMovement(props.itemId);
  const [reason, setReason] = useState("");
  const delta = m.onHandDelta;
  const fmt = (n: number) => (n > 0 ? `+${n}` : String(n));
  return (
    <section
      role="alertdialog"
      aria-label="Reverse this movement?"
      className="mb-4 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">Reverse this movement?</p>
      <p className="[overflow-wrap:anywhere]">
        {MOVEMENT_KIND_LABELS[m.kind]} {delta !== 0 ? fmt(delta) : `${fmt(m.reservedDelta)} reserved`} · {formatWhen(m.at)} by {m.actorName}
        {references(props.labels, m).map((t) => ` · ${t}`)}
      </p>
      <p>
        An opposite movement is recorded
        {delta !== 0 ? `: on hand ${props.onHand} → ${props.onHand - delta}` : m.reservedDelta !== 0 ? `: reserved ${fmt(-m.reservedDelta)}` : ""}
        {m.serials.length > 0 ? `, serials ${m.serials.join(", ")} go back to where they were` : ""}. The original stays in the history, marked reversed; it cannot be
        reversed twice.
      </p>
      <label className="grid gap-1">
        <span className="font-medium">Why (optional)</span>
        <input className={inputClass} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Wrong job, typo in the quantity…" />
      </label>
      <FormError error={reverse.error} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={reverse.isPending} onClick={() => reverse.mutate({ movementId: m.id, reason }, { onSuccess: props.onDone })}>
          {reverse.isPending ? "Reversing…" : "Reverse movement"}
        </Button>
        <Button variant="secondary" onClick={props.onDone}>
          Keep it
        </Button>
      </div>
    </section>
  );
}

/** "Job J-2026-014 · Front gate · Site Main house (Jane Smith) · from Hikvision". */
function references(
  labels: Labels,
  r: {
    jobId: string | null;
    siteId: string | null;
    proposalId: string | null;
    supplier: string | null;
  },
): string[] {
  return [
    r.jobId && `Job ${named(labels, r.jobId)}`,
    r.siteId && `Site ${named(labels, r.siteId)}`,
    r.proposalId && `Proposal ${named(labels, r.proposalId)}`,
    r.supplier && `from ${r.supplier}`,
  ].filter((t): t is string => Boolean(t));
}

const ITEM_FIELDS: Readonly<Record<string, string>> = {
  sku: "SKU",
  onHand: "On hand",
  unitCostCents: "Unit cost",
  unitPriceCents: "Unit price",
  serialized: "Serial-tracked",
  serials: "Serial numbers",
  reversedKind: "Reversed movement",
  reversedMovementAt: "Reversed movement recorded",
};

/** The item's audit trail: edits, and each movement with its stock change, job and site by name. */
function ItemHistory(props: { entries: ItemViewResponse["history"] }) {
  return (
    <History
      entries={props.entries}
      label="Item history"
      actionLabel={(a) =>
        a.startsWith("movement:")
          ? MOVEMENT_KIND_LABELS[
              a.slice("movement:".length) as keyof typeof MOVEMENT_KIND_LABELS
            ]
          : undefined
      }
      fieldLabel={(f) => ITEM_FIELDS[f]}
      valueLabel={(f, v) =>
        f === "category" && typeof v === "string"
          ? (CATEGORY_LABELS[v as keyof typeof CATEGORY_LABELS] ?? v)
          : f === "reversedKind" && typeof v === "string"
            ? (MOVEMENT_KIND_LABELS[v as keyof typeof MOVEMENT_KIND_LABELS] ?? v)
          : f.endsWith("Cents") && typeof v === "number"
            ? formatCents(v)
            : undefined
      }
      showChanges={(e) => e.action !== "create"}
    />
  );
}

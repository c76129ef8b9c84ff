/**
 * A job: one visit or piece of work at a client's site (install, prewire, service …), numbered
 * JOB-NNNN from a gapless counter. Its status moves along a fixed transition table; everything
 * that changes a job goes through the pure functions below, which either return the changed job
 * or refuse with a DomainError the person can act on. Time comes in as ISO strings from the
 * caller's clock.
 */
import { DomainError } from '../shared/domain-error.ts';
import { searchWords } from '../shared/search.ts';
import { dateKey, formatCalendarDay } from '../shared/calendar-date.ts';
import { JOB_TYPES, type JobType } from './job-creator.ts';

export { JOB_TYPES, type JobType };

export const JOB_STATUSES = ['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Where each status may go next; completed and cancelled are final. */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  unscheduled: ['scheduled', 'cancelled'],
  scheduled: ['unscheduled', 'in-progress', 'on-hold', 'cancelled'],
  'in-progress': ['on-hold', 'completed', 'cancelled'],
  'on-hold': ['scheduled', 'in-progress', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Jobs that leave installed equipment behind: the customer signs them off before completion. */
export const SIGN_OFF_TYPES: readonly JobType[] = ['install', 'trim-out', 'panel-upgrade'];

/** Statuses in which a job still occupies its assignees' time. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['unscheduled', 'scheduled', 'in-progress', 'on-hold'];

/** A schedule window longer than this is refused (it also bounds the double-booking search). */
export const MAX_WINDOW_MS = 14 * 24 * 3600_000;
export const MAX_ASSIGNEES = 10;
export const MAX_CHECKLIST_ITEMS = 100;
export const MAX_PHOTOS = 40;

export interface ChecklistItem {
  id: string;
  text: string;
  done: boolean;
  doneBy: string | null;
  doneAt: string | null;
}

export interface JobPhoto {
  id: string;
  path: string;
  contentType: string;
  size: number;
  fileName: string | null;
  uploadedAt: string;
  uploadedBy: string;
}

export interface MaterialUsed {
  movementId: string;
  itemId: string;
  sku: string;
  name: string;
  quantity: number;
  serials: string[];
  at: string;
  by: string;
}

export interface SignOff {
  name: string;
  signaturePath: string;
  at: string;
  recordedBy: string;
}

/** The technician's "On my way": who told the customer, and when (once per visit). */
export interface OnMyWay {
  employeeId: string;
  by: string;
  at: string;
}

export interface Job {
  id: string;
  number: string;
  /** The counter value behind `number`. */
  seq: number;
  clientId: string;
  clientName: string;
  siteId: string;
  siteLabel: string;
  /** One line, copied from the site when the job was opened (for cards and calendars). */
  siteAddress: string;
  geo: { latitude: number; longitude: number } | null;
  type: JobType;
  title: string;
  status: JobStatus;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  /** Employee record ids. */
  assignees: string[];
  checklist: ChecklistItem[];
  notes: string;
  photos: JobPhoto[];
  materials: MaterialUsed[];
  signOff: SignOff | null;
  /** Set by the first "On my way" tap; cleared when the visit moves to another window. */
  onMyWay: OnMyWay | null;
  proposalId: string | null;
  invoiceId: string | null;
  /** The prewire this trim-out follows, or the trim-out a prewire created. */
  parentJobId: string | null;
  trimOutJobId: string | null;
  /** Lower-case words and their prefixes (number, title, client, address) for text search. */
  terms: string[];
  createdAt: string;
  updatedAt: string;
}

const invalid = (message: string, field?: string): never => {
  throw new DomainError('validation', message, field ? { [field]: [message] } : undefined);
};
const conflict = (message: string, field?: string): never => {
  throw new DomainError('conflict', message, field ? { [field]: [message] } : undefined);
};

export const formatJobNumber = (seq: number): string => `JOB-${String(seq).padStart(4, '0')}`;

export const STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  unscheduled: 'Unscheduled',
  scheduled: 'Scheduled',
  'in-progress': 'In progress',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const canTransition = (from: JobStatus, to: JobStatus): boolean => JOB_TRANSITIONS[from].includes(to);

export const isFinal = (job: Pick<Job, 'status'>): boolean => job.status === 'completed' || job.status === 'cancelled';

export const needsSignOff = (job: Pick<Job, 'type'>): boolean => SIGN_OFF_TYPES.includes(job.type);

/** A job has a sign-off document (the PDF the customer keeps) once it is completed and signed. */
export const hasSignOffDocument = <J extends { status: JobStatus; signOff: object | null }>(job: J): job is J & { signOff: NonNullable<J['signOff']> } =>
  job.status === 'completed' && job.signOff !== null;

function requireOpen(job: Job): void {
  if (isFinal(job)) conflict(`${job.number} is ${job.status}; it can no longer be changed.`);
}

/**
 * The folded words of the searchable fields (each at most MAX_TERM_LENGTH characters). Searches
 * match them by prefix (`array-contains-prefix`), which the store serves from its term index.
 */
export const MAX_TERM_LENGTH = 40;
/** Job search words are two characters or more (stored terms and typed words alike). */
export const JOB_WORDS = { minLength: 2 };
export function searchTerms(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const word of searchWords(text, JOB_WORDS)) out.add(word.slice(0, MAX_TERM_LENGTH));
  return [...out];
}

export const jobTerms = (j: Pick<Job, 'number' | 'title' | 'clientName' | 'siteAddress' | 'siteLabel'>): string[] =>
  searchTerms(j.number, j.number.replace('-', ''), j.title, j.clientName, j.siteAddress, j.siteLabel);

export interface ScheduleWindow {
  start: string;
  end: string;
}

/** A window may start at most this many years before or after the day it is set: a wrong year is refused. */
export const WINDOW_YEARS = 2;

/**
 * A window of valid ISO instants, end after start, at most MAX_WINDOW_MS long; with `at` (when it
 * is set) its start must lie within WINDOW_YEARS of it, so a mistyped year gets a message.
 */
export function checkWindow(w: ScheduleWindow, at?: string): ScheduleWindow {
  const start = Date.parse(w.start);
  const end = Date.parse(w.end);
  if (Number.isNaN(start)) invalid('The start is not a valid date and time.', 'scheduledStart');
  if (Number.isNaN(end)) invalid('The end is not a valid date and time.', 'scheduledEnd');
  if (at !== undefined) {
    const now = new Date(at);
    const years = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear() + n, d.getUTCMonth(), d.getUTCDate()));
    const shown = formatCalendarDay(new Date(start).toISOString().slice(0, 10), 'en-US', 'words');
    if (start < years(now, -WINDOW_YEARS).getTime()) invalid(`Start: ${shown} is more than ${WINDOW_YEARS} years ago. Check the year.`, 'scheduledStart');
    if (start > years(now, WINDOW_YEARS).getTime()) invalid(`Start: ${shown} is more than ${WINDOW_YEARS} years ahead. Check the year.`, 'scheduledStart');
  }
  if (end <= start) invalid('The end must be after the start.', 'scheduledEnd');
  if (end - start > MAX_WINDOW_MS) invalid('A job window is 14 days at most; split longer work into several jobs.', 'scheduledEnd');
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

export interface StatusChange {
  to: JobStatus;
  at: string;
  /** Completing with checklist items unticked: the person saw them named and went on. */
  acknowledgeUnticked?: boolean;
}

/** The checklist items not ticked yet, as written. */
export const untickedItems = (job: Pick<Job, 'checklist'>): string[] => job.checklist.filter((c) => !c.done).map((c) => c.text);

/** "2 checklist items are not ticked: Test siren, Program fobs." */
export function untickedMessage(items: readonly string[]): string {
  return `${items.length} checklist item${items.length === 1 ? ' is' : 's are'} not ticked: ${items.join(', ')}.`;
}

/**
 * Moves a job to another status along the table. Scheduling needs a window; completing a job
 * that leaves equipment behind needs the customer's sign-off.
 */
export function transitionJob(job: Job, change: StatusChange): Job {
  if (!(JOB_STATUSES as readonly string[]).includes(change.to)) invalid('Unknown status.', 'status');
  if (job.status === change.to) conflict(`${job.number} is already ${STATUS_LABELS[job.status].toLowerCase()}.`, 'status');
  if (!canTransition(job.status, change.to)) {
    const allowed = JOB_TRANSITIONS[job.status].map((s) => STATUS_LABELS[s].toLowerCase());
    conflict(
      `A job that is ${STATUS_LABELS[job.status].toLowerCase()} cannot become ${STATUS_LABELS[change.to].toLowerCase()}` +
        (allowed.length ? ` (it can become: ${allowed.join(', ')}).` : ' (it is final).'),
      'status',
    );
  }
  if ((change.to === 'scheduled' || change.to === 'in-progress') && (job.scheduledStart === null || job.scheduledEnd === null))
    conflict('Set the schedule window before scheduling the job.', 'scheduledStart');
  if (change.to === 'completed' && needsSignOff(job) && job.signOff === null)
    conflict(`An ${job.type} job needs the customer's sign-off before it can be completed.`, 'signOff');
  const unticked = change.to === 'completed' ? untickedItems(job) : [];
  // A technician may finish with an item left (a part on order); the API cannot skip the question.
  if (unticked.length > 0 && change.acknowledgeUnticked !== true)
    invalid(`${untickedMessage(unticked)} Tick them, or confirm that the job is complete anyway.`, 'checklist');
  return { ...job, status: change.to, updatedAt: change.at };
}

export interface JobDetailsPatch {
  title?: string;
  type?: JobType;
  notes?: string;
  proposalId?: string | null;
  invoiceId?: string | null;
}

export function updateDetails(job: Job, patch: JobDetailsPatch, at: string): Job {
  requireOpen(job);
  const next = { ...job, updatedAt: at };
  if (patch.title !== undefined) next.title = checkTitle(patch.title);
  if (patch.type !== undefined) {
    if (!(JOB_TYPES as readonly string[]).includes(patch.type)) invalid('Unknown job type.', 'type');
    next.type = patch.type;
  }
  if (patch.notes !== undefined) next.notes = patch.notes;
  if (patch.proposalId !== undefined) next.proposalId = patch.proposalId;
  if (patch.invoiceId !== undefined) next.invoiceId = patch.invoiceId;
  next.terms = jobTerms(next);
  return next;
}

export function checkTitle(title: string): string {
  const t = title.trim();
  if (t.length < 2) invalid('Give the job a title (2 characters at least).', 'title');
  if (t.length > 200) invalid('The title is 200 characters at most.', 'title');
  return t;
}

/**
 * Sets or clears the window. Clearing it sends a scheduled job back to unscheduled; setting one on
 * an unscheduled job schedules it (the board's first move is usually just that).
 */
export function scheduleJob(job: Job, window: ScheduleWindow | null, at: string): Job {
  requireOpen(job);
  if (window === null) {
    if (job.status === 'in-progress') conflict('A job in progress keeps its window.', 'scheduledStart');
    return { ...job, scheduledStart: null, scheduledEnd: null, status: job.status === 'scheduled' ? 'unscheduled' : job.status, updatedAt: at };
  }
  const w = checkWindow(window, at);
  const moved = w.start !== job.scheduledStart || w.end !== job.scheduledEnd;
  return {
    ...job,
    scheduledStart: w.start,
    scheduledEnd: w.end,
    status: job.status === 'unscheduled' ? 'scheduled' : job.status,
    // A new window is a new visit: its "On my way" is still to come.
    onMyWay: moved ? null : (job.onMyWay ?? null),
    updatedAt: at,
  };
}

export function assignJob(job: Job, employeeIds: string[], at: string): Job {
  requireOpen(job);
  const ids = [...new Set(employeeIds)];
  if (ids.length > MAX_ASSIGNEES) invalid(`At most ${MAX_ASSIGNEES} people on one job.`, 'assignees');
  return { ...job, assignees: ids, updatedAt: at };
}

export function addChecklistItem(job: Job, id: string, text: string, at: string): Job {
  requireOpen(job);
  const t = text.trim();
  if (t.length === 0) invalid('Write the checklist item.', 'text');
  if (t.length > 200) invalid('A checklist item is 200 characters at most.', 'text');
  if (job.checklist.length >= MAX_CHECKLIST_ITEMS) conflict(`A checklist holds ${MAX_CHECKLIST_ITEMS} items at most.`, 'text');
  return { ...job, checklist: [...job.checklist, { id, text: t, done: false, doneBy: null, doneAt: null }], updatedAt: at };
}

export function tickChecklistItem(job: Job, itemId: string, done: boolean, by: string, at: string): Job {
  requireOpen(job);
  if (!job.checklist.some((c) => c.id === itemId)) throw new DomainError('not-found', 'No such checklist item.');
  return {
    ...job,
    checklist: job.checklist.map((c) => (c.id === itemId ? { ...c, done, doneBy: done ? by : null, doneAt: done ? at : null } : c)),
    updatedAt: at,
  };
}

export function removeChecklistItem(job: Job, itemId: string, at: string): Job {
  requireOpen(job);
  if (!job.checklist.some((c) => c.id === itemId)) throw new DomainError('not-found', 'No such checklist item.');
  return { ...job, checklist: job.checklist.filter((c) => c.id !== itemId), updatedAt: at };
}

/** Materials can be recorded while the work is under way (or about to be). */
export function requireMaterialsAllowed(job: Job): void {
  requireOpen(job);
  if (job.status === 'unscheduled') conflict('Schedule the job before recording materials on it.', 'status');
}

export function addMaterial(job: Job, material: MaterialUsed): Job {
  requireMaterialsAllowed(job);
  return { ...job, materials: [...job.materials, material], updatedAt: material.at };
}

export function addPhoto(job: Job, photo: JobPhoto): Job {
  requireOpen(job);
  if (job.photos.length >= MAX_PHOTOS) conflict(`A job holds ${MAX_PHOTOS} photos at most.`, 'photos');
  return { ...job, photos: [...job.photos, photo], updatedAt: photo.uploadedAt };
}

export function checkSignOffName(name: string): string {
  const n = name.trim();
  if (n.length < 2) invalid("Type the customer's name.", 'name');
  if (n.length > 120) invalid('The name is 120 characters at most.', 'name');
  return n;
}

/**
 * Records the customer's sign-off. A job already signed keeps its signature unless the caller
 * replaces it on purpose (`replace`): a second signature never silently takes the first one's place.
 */
export function signOffJob(job: Job, signOff: SignOff, options: { replace?: boolean } = {}): Job {
  requireOpen(job);
  if (job.status !== 'in-progress' && job.status !== 'on-hold') conflict('The customer signs off once the work is under way.', 'status');
  if (job.signOff && options.replace !== true)
    conflict(`${job.number} is already signed by ${job.signOff.name}. Choose "Replace signature" to record a new one.`, 'signOff');
  return { ...job, signOff: { ...signOff, name: checkSignOffName(signOff.name) }, updatedAt: signOff.at };
}

/** The company-zone days (YYYY-MM-DD) a job's window covers, or null when it has none. */
export function visitDays(job: Pick<Job, 'scheduledStart' | 'scheduledEnd'>, timeZone: string): { first: string; last: string } | null {
  if (job.scheduledStart === null || job.scheduledEnd === null) return null;
  // An end at midnight closes the day before, not the next one.
  return { first: dateKey(new Date(job.scheduledStart), timeZone), last: dateKey(new Date(Date.parse(job.scheduledEnd) - 1), timeZone) };
}

/** Whether `day` (YYYY-MM-DD, company zone) is one of the visit's days. */
export const isVisitDay = (job: Pick<Job, 'scheduledStart' | 'scheduledEnd'>, day: string, timeZone: string): boolean => {
  const days = visitDays(job, timeZone);
  return days !== null && days.first <= day && day <= days.last;
};

/**
 * A technician's "On my way": only someone assigned to the visit, on the visit's day in the
 * company's zone, while it is scheduled or under way. Told once: a job already told comes back
 * unchanged (the caller sees `onMyWay` was set before and sends nothing).
 */
export function tellOnMyWay(job: Job, who: { employeeId: string | null; name: string }, now: Date, timeZone: string, locale = 'en-US'): Job {
  if (job.onMyWay) return job;
  if (job.status !== 'scheduled' && job.status !== 'in-progress')
    conflict(`${job.number} is ${STATUS_LABELS[job.status].toLowerCase()}: "On my way" is for a scheduled visit.`, 'status');
  if (who.employeeId === null || !job.assignees.includes(who.employeeId))
    conflict(`You are not assigned to ${job.number}: only a technician on the visit can tell the customer they are on the way.`, 'assignees');
  const days = visitDays(job, timeZone);
  const today = dateKey(now, timeZone);
  if (days === null) return conflict(`${job.number} has no visit window yet: "On my way" can be sent on the day of the visit.`, 'scheduledStart');
  if (!(days.first <= today && today <= days.last))
    conflict(`${job.number}'s visit is on ${formatCalendarDay(days.first, locale, 'words')}: "On my way" can be sent on the day of the visit.`, 'scheduledStart');
  return { ...job, onMyWay: { employeeId: who.employeeId!, by: who.name, at: now.toISOString() }, updatedAt: now.toISOString() };
}

/** What opening a job takes: the job's own fields (number and the rest are derived) and when. */
export type NewJob = Pick<
  Job,
  'id' | 'seq' | 'clientId' | 'clientName' | 'siteId' | 'siteLabel' | 'siteAddress' | 'geo' | 'type' | 'title' | 'notes' | 'proposalId' | 'parentJobId'
> & { checklist: { id: string; text: string }[]; at: string };

export function newJob(n: NewJob): Job {
  if (!(JOB_TYPES as readonly string[]).includes(n.type)) invalid('Unknown job type.', 'type');
  if (n.checklist.length > MAX_CHECKLIST_ITEMS) invalid(`A checklist holds ${MAX_CHECKLIST_ITEMS} items at most.`, 'checklist');
  const base = {
    id: n.id,
    number: formatJobNumber(n.seq),
    seq: n.seq,
    clientId: n.clientId,
    clientName: n.clientName,
    siteId: n.siteId,
    siteLabel: n.siteLabel,
    siteAddress: n.siteAddress,
    geo: n.geo,
    type: n.type,
    title: checkTitle(n.title),
  };
  return {
    ...base,
    status: 'unscheduled',
    scheduledStart: null,
    scheduledEnd: null,
    assignees: [],
    checklist: n.checklist
      .map((c) => ({ id: c.id, text: c.text.trim(), done: false, doneBy: null, doneAt: null }))
      .filter((c) => c.text.length > 0 && c.text.length <= 200),
    notes: n.notes,
    photos: [],
    materials: [],
    signOff: null,
    onMyWay: null,
    proposalId: n.proposalId,
    invoiceId: null,
    parentJobId: n.parentJobId,
    trimOutJobId: null,
    terms: jobTerms(base),
    createdAt: n.at,
    updatedAt: n.at,
  };
}

/** A prewire's follow-up visit: same client and site, type trim-out, linked both ways. */
export function requireTrimOutAllowed(job: Job): void {
  if (job.type !== 'prewire') conflict('Only a prewire job has a trim-out visit.', 'type');
  if (job.trimOutJobId !== null) conflict(`${job.number} already has its trim-out job.`, 'trimOutJobId');
  if (job.status === 'cancelled') conflict(`${job.number} is cancelled.`, 'status');
}

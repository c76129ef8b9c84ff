// The kit's, so screens outside the shell (a job card) dial the same way.
export { telHref } from '#ui/tel-href.ts';

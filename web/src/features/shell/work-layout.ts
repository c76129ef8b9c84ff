/** Back-office screens are a work tool: full width, no marketing footer. Public pages keep both. */
const BACK_OFFICE = ['/admin', '/employee-dashboard', '/vision-ai-analysis'];

export const isBackOffice = (pathname: string): boolean => BACK_OFFICE.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** The width of the top bar's row and of <main>: the site's reading width, or the whole window at work. */
export const shellWidth = (pathname: string): string => (isBackOffice(pathname) ? 'max-w-none sm:px-6' : 'max-w-6xl');

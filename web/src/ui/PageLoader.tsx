/** The three-dot pulsing loader every screen shows while its code loads (R-NAV-3). */
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-label="Loading" data-testid="page-loader">
      <span />
      <span />
      <span />
    </div>
  );
}

/**
 * The loading screen (/spinner, lazy pages, and protected pages while the auth state loads). Where
 * it is the whole page (/spinner), its label is the page's heading.
 */
export function LoadingScreen({ label = 'Loading...', isPage = false }: { label?: string; isPage?: boolean }) {
  const Label = isPage ? 'h1' : 'span';
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <Label className="loading-label">{label}</Label>
    </div>
  );
}
